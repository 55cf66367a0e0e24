"""docs/architecture.md's Modules section lists every module of doclint/ and
rules/, one line each, and nothing that is not there."""

from __future__ import annotations

import re

from tests.conftest import PROJECT

LINE = re.compile(r"^((?:doclint|rules)/\S+\.py)\s+(\S.*)$")


def listed_modules() -> dict[str, str]:
    page = (PROJECT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = page[page.index("\n## Modules\n") :]
    block = section[section.index("```text\n") : section.index("\n```\n")]
    listed: dict[str, str] = {}
    for line in block.splitlines()[1:]:
        match = LINE.match(line)
        assert match, f"docs/architecture.md Modules: not a `module  description` line: {line!r}"
        assert match.group(1) not in listed, f"listed twice: {match.group(1)}"
        listed[match.group(1)] = match.group(2)
    return listed


def test_every_module_is_listed_once_and_every_listed_module_exists():
    files = {
        path.relative_to(PROJECT).as_posix()
        for folder in ("doclint", "rules")
        for path in (PROJECT / folder).rglob("*.py")
    }
    listed = set(listed_modules())
    assert sorted(files - listed) == [], "modules docs/architecture.md does not list"
    assert sorted(listed - files) == [], "modules docs/architecture.md lists that do not exist"
