"""docs/profiles.md's walk-through runs as written, and the profile it
writes from the docs alone (a third generator, tinydoc) finds a planted
defect of every claim kind.

The walk-through's blocks are the files of `examples/profile/`; its console
blocks (the commands and what they print) are run by
tests/test_readme_examples.py with every other console block of docs/.
"""

from __future__ import annotations

import os
import re

from doclint import Settings, check_paths
from doclint.config.files import load_profile
from doclint.profiles import CLAIMS
from tests.conftest import PROJECT

WALK = PROJECT / "docs" / "profiles.md"
EXAMPLE = PROJECT / "examples" / "profile"
_BLOCK = re.compile(r"^```(\w*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)

# The rule that checks each claim a profile can make.
RULE_OF_CLAIM = {
    "symbol-exists": "DL701",
    "parameters-match": "DL702",
    "entry-names-parameter-or-attribute": "DL703",
    "coverage": "DL704",
    "caller-claim": "DL705",
    "not-placeholder": "DL706",
    "complete-page": "DL707",
    "module-coverage": "DL708",
    "source-exists": "DL709",
}


def walkthrough_blocks() -> dict[str, list[str]]:
    text = WALK.read_text(encoding="utf-8").split("\n## Describing a generator from scratch\n")[1]
    text = text.split("\n## A generator of templated pages\n")[0]
    blocks: dict[str, list[str]] = {}
    for kind, body in _BLOCK.findall(text):
        blocks.setdefault(kind, []).append(body)
    return blocks


def findings(folder: str) -> list[tuple[str, int, str]]:
    profile = load_profile(EXAMPLE / "tinydoc.toml")
    root = EXAMPLE / folder
    settings = Settings(root=root, profiles=(profile,))
    report = check_paths([root / "reference"], settings)
    return [
        (os.path.relpath(os.path.abspath(d.path), root), d.line, d.code) for d in report.diagnostics
    ]


def test_the_walkthrough_shows_the_example_files_as_they_are():
    blocks = walkthrough_blocks()
    assert blocks["python"] == [(EXAMPLE / "good" / "shapes.py").read_text(encoding="utf-8")]
    page = (EXAMPLE / "good" / "reference" / "shapes.md").read_text(encoding="utf-8")
    assert blocks["markdown"] == [page]
    assert blocks["toml"] == [(EXAMPLE / "tinydoc.toml").read_text(encoding="utf-8")]
    assert len(blocks["console"]) == 3


def test_the_profile_makes_every_claim_and_each_has_its_rule():
    profile = load_profile(EXAMPLE / "tinydoc.toml")
    assert RULE_OF_CLAIM.keys() == CLAIMS.keys()
    assert all(profile.makes(claim) for claim in CLAIMS)


def test_the_good_example_breaks_no_claim():
    assert findings("good") == []


def test_a_planted_defect_of_every_claim_kind_is_found():
    found = findings("bad")
    assert sorted({code for _, _, code in found}) == sorted(RULE_OF_CLAIM.values())
    # One finding per planted defect, each at its place.
    assert sorted(found) == [
        ("reference/gone.md", 1, "DL709"),
        ("reference/shapes.md", 1, "DL704"),
        ("reference/shapes.md", 6, "DL702"),
        ("reference/shapes.md", 9, "DL703"),
        ("reference/shapes.md", 12, "DL705"),
        ("reference/shapes.md", 14, "DL701"),
        ("reference/shapes.md", 15, "DL706"),
        ("reference/shapes.md", 18, "DL707"),
        ("units.py", 1, "DL708"),  # on the module without its page
    ]
