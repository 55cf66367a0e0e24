"""DL404 link-escapes-root: links out of the tree root are reported, never followed."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from doclint_rules.links.link_escapes_root import LinkEscapesRoot

from doclint import Settings, check_paths
from doclint.engine import Linter
from doclint.engine.registry import load_registry
from doclint.output.shown import shown_paths
from doclint.tree.index import Tree
from tests.conftest import REAL, require_shared
from tests.pages import write


def escapes(text: str, path: str, root: Path) -> list[tuple[int, int, str]]:
    """(line, column, message) of the rule's findings on one page."""
    registry = load_registry()
    registry.add(LinkEscapesRoot, "test")  # also before the package is reinstalled
    linter = Linter(Settings(select=["DL404"], root=root), Tree(root), registry)
    rows = linter.check_text(text, path).rows
    rows = shown_paths(rows, root, root)  # messages as a run from the root reports them
    return sorted((row.line, row.column, row.message) for row in rows)


def test_links_out_of_the_root_are_reported(tmp_path):
    text = (
        "# Notes\n\n- [setup](../../../setup.py)\n- ![logo](../../../../img/logo.png)\n\n"
        "[etc]: ../../../../../etc/passwd\n\nSee [etc] and [enc](%2e%2e/%2e%2e/%2e%2e/x.md).\n"
    )
    got = escapes(text, "docs/pkg/notes.md", tmp_path)
    assert [(line, column) for line, column, _ in got] == [(3, 3), (4, 3), (8, 5), (8, 15)]
    assert got[0][2] == (
        "link target `../../../setup.py` leads out of the tree root "
        "(resolved to `../setup.py`); it is not followed"
    )


def test_near_misses_stay_silent(tmp_path):
    text = (
        "# Notes\n\n[up](../../setup.py) [root](/docs/x.md) [abs](/../x.md#a)\n"
        "[web](https://example.com/../../x) [mail](mailto:a@b.c) [self](#notes)\n\n"
        "`[code](../../../../x.md)`\n\n```\n[fenced](../../../../x.md)\n```\n"
    )
    got = escapes(text, "docs/pkg/notes.md", tmp_path)
    assert [(line, column) for line, column, _ in got] == [(3, 41)]  # /../ leaves the root too


def test_a_misplaced_page_is_left_to_misplaced_page(tmp_path):
    text = "# Keyword Index: `pkg/mod.py`\n\n[x](../../../../x.md)\n"
    assert escapes(text, "elsewhere/mod.py_kw.md", tmp_path) == []
    assert len(escapes(text, "docs/pkg/mod.py_kw.md", tmp_path)) == 1


def test_absurd_targets_are_shown_short_and_printable(tmp_path):
    text = "# N\n\n[x](<../" + "a" * 10_000 + "\x01.md>)\n"
    [(_, _, message)] = escapes(text, "n.md", tmp_path)
    assert len(message) < 600 and "\\x01" not in message[:250] and "…" in message
    text = "# N\n\n[x](<../a\x01\x7f.md>)\n"
    [(_, _, message)] = escapes(text, "n.md", tmp_path)
    assert "`../a\\x01\\x7f.md`" in message


def test_the_escaping_target_is_never_opened_listed_or_read(tmp_path, monkeypatch):
    """Nothing outside the root is touched, whatever links and titles say."""
    root, outside = tmp_path / "tree", tmp_path / "secret"
    write(outside, {"passwd": "root:x:0:0\n", "pkg/mod.py": "class Secret:\n    pass\n"})
    write(
        root,
        {
            "docs/notes.md": "# Notes\n\n[p](../../secret/passwd) [q](../../secret/pkg/)\n"
            "[r](../../secret/passwd#root) [s](%2e%2e/%2e%2e/secret/passwd)\n",
            # A title may name a path out of the root, or an absolute one: its
            # "source" must not be read either.
            "docs/a_docs.md": "# Documentation: `../secret/pkg/mod.py`\n\n## File Metadata\n\n"
            "- **Size**: 1 bytes\n",
            "docs/b_kw.md": f"# Keyword Index: `{outside}/pkg/mod.py`\n\n"
            "## Keywords Extracted\n\n### Classs\n\n- **`Secret`**: [x](./x)\n",
        },
    )
    touched: list[str] = []
    watched = str(outside)

    def audit(event: str, args: tuple) -> None:
        if event in ("open", "os.scandir", "os.listdir", "os.stat") and args:
            path = args[0]
            if isinstance(path, str | Path) and os.path.abspath(path).startswith(watched):
                touched.append(f"{event} {path}")

    sys.addaudithook(audit)  # hooks cannot be removed: `watched` is this test's own folder
    registry = load_registry()
    registry.add(LinkEscapesRoot, "test")
    linter = Linter(Settings(select=["ALL"], root=root), Tree(root), registry)
    found = [linter.check_file(page) for page in sorted((root / "docs").iterdir())]
    assert not touched
    codes = [row.code for outcome in found for row in outcome.rows]
    assert codes.count("DL404") == 4 and "DL401" not in codes


def test_real_slice_has_no_escaping_link():
    """The real generator counts its `../` right: no finding on the real slice."""
    require_shared()
    if "DL404" not in load_registry().rules:
        pytest.skip("link-escapes-root is registered once the package is reinstalled")
    listing = (REAL / "LISTING.txt").read_text(encoding="utf-8").splitlines()
    report = check_paths(
        [REAL / "docs"], Settings(select=["DL404"], root=REAL, known_paths=listing)
    )
    assert [d for d in report.diagnostics if d.code == "DL404"] == []


def test_the_rule_is_registered():
    assert load_registry().lookup("link-escapes-root") is LinkEscapesRoot
