"""The properties `--fix` must have on whole trees: a copy of the real slice
and a copy of a generated corpus, with the safe fixes and with the unsafe ones.

- after --fix, re-checking finds no finding with a fix that would apply;
- a second --fix changes no byte;
- every line outside the lines the fixes edit is unchanged;
- a fix never brings a new finding of a rule that fixed nothing;
- --diff on the original shows exactly the change --fix makes;
- fixing in parallel gives exactly what fixing in one process gives.
"""

from __future__ import annotations

import shutil
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from doclint import Settings
from doclint.fixes.file_fixer import Fixer, FixSettings
from doclint.fixes.fix_mode import FixRun, run_fixes, unified_diff
from doclint.models.findings import Finding
from doclint.models.markdown_lines import normalize_newlines
from doclint.run import set_up_runs
from tests import fix_plugin
from tests.conftest import REAL, require_shared
from tests.running import findings as shown_findings


@dataclass
class Tree:
    root: Path
    settings: Settings

    def files(self) -> dict[str, bytes]:
        docs = self.root / "docs"
        return {p.relative_to(self.root).as_posix(): p.read_bytes() for p in docs.rglob("*.md")}


def real_tree(into: Path) -> Tree:
    require_shared()
    root = into / "real"
    shutil.copytree(REAL, root, copy_function=shutil.copyfile)  # writable: fix skips read-only
    listing = (REAL / "LISTING.txt").read_text(encoding="utf-8").splitlines()
    return Tree(root, Settings(select=["ALL"], root=root, known_paths=listing, jobs=1))


def generated_tree(into: Path, corpus: Path) -> Tree:
    root = into / "generated"
    shutil.copytree(corpus, root)
    return Tree(root, Settings(select=["ALL"], root=root, jobs=1))


def offers(tree: Tree, fix: FixSettings, texts: dict[str, bytes]) -> dict[str, list[Finding]]:
    """The fixes --fix would apply to `texts` (path -> bytes), each checked as
    that file in the tree as it is on disk now."""
    [setup] = set_up_runs([tree.root / "docs"], tree.settings)
    fixer = Fixer(setup.linter, fix)
    found = {}
    for path, data in texts.items():
        rows = setup.linter.check_bytes(data, path).rows
        found[path] = fixer.chosen(tree.root / path, rows)
    return found


def findings(tree: Tree, texts: dict[str, bytes]) -> Counter[tuple[str, str, str]]:
    """(path, code, text of the finding's line) of every finding in the tree."""
    [setup] = set_up_runs([tree.root / "docs"], tree.settings)
    found: Counter[tuple[str, str, str]] = Counter()
    for path, data in texts.items():
        rows = setup.linter.check_bytes(data, path).rows
        lines = normalize_newlines(data.decode("utf-8", errors="replace")).split("\n")
        for row in rows:
            shown = lines[row.line - 1] if row.line <= len(lines) else ""
            found[(path, row.code, shown)] += 1
    return found


def edited_lines(offered: list[Finding]) -> set[int]:
    return {
        line
        for offer in offered
        if offer.fix is not None
        for edit in offer.fix.edits
        for line in range(edit.line, edit.end_line + 1)
    }


def changes_outside(old: bytes, new: bytes, allowed: set[int]) -> list[int]:
    """The lines of `old` (1-based) that no fix edits but that `new` does not
    keep, in order and in place: `new` must read as the runs of those lines
    with anything at all where the edited lines were."""
    before, after = old.split(b"\n"), new.split(b"\n")
    runs: list[list[int]] = [[]]
    for number in range(1, len(before) + 1):
        if number in allowed:
            runs.append([])
        else:
            runs[-1].append(number)
    cursor, last = 0, len(runs) - 1
    for index, run in enumerate(runs):
        lines = [before[number - 1] for number in run]
        if index == 0 or index == last:
            # The file's first run stays at its start, the last at its end.
            at = 0 if index == 0 else len(after) - len(lines)
            if at < cursor or after[at : at + len(lines)] != lines:
                return run
        else:
            at = _find(after, lines, cursor)
            if at is None:
                return run
        cursor = at + len(lines)
    return []


def _find(lines: list[bytes], run: list[bytes], start: int) -> int | None:
    """The first place from `start` where `run` appears in `lines`."""
    for at in range(start, len(lines) - len(run) + 1):
        if lines[at : at + len(run)] == run:
            return at
    return None


def fix(tree: Tree, monkeypatch: pytest.MonkeyPatch, settings: FixSettings) -> FixRun:
    monkeypatch.chdir(tree.root)
    return run_fixes(["docs"], tree.settings, settings)


def check_properties(tree: Tree, monkeypatch: pytest.MonkeyPatch, unsafe: bool) -> FixRun:
    fix_settings = FixSettings(unsafe=unsafe)
    original = tree.files()
    before_offers = offers(tree, fix_settings, original)
    before = findings(tree, original)

    preview = fix(tree, monkeypatch, FixSettings(unsafe=unsafe, write=False))
    assert tree.files() == original, "--diff wrote to the tree"
    done = fix(tree, monkeypatch, fix_settings)
    fixed = tree.files()
    changed = sorted(path for path in original if fixed[path] != original[path])
    assert done.files_fixed == changed and sum(done.fixed.values()) > 0
    assert done.problems == [] and preview.problems == []

    # --diff showed exactly the change.
    expected = [unified_diff(original[path], fixed[path], path) for path in changed]
    assert preview.diffs == expected
    assert preview.fixed == done.fixed

    # Nothing fixable is left, and fixing again changes nothing.
    left = offers(tree, fix_settings, fixed)
    assert {path: found for path, found in left.items() if found} == {}
    again = fix(tree, monkeypatch, fix_settings)
    assert (again.fixed, again.files_fixed) == (Counter(), [])
    assert tree.files() == fixed

    # Only the lines the fixes edit change: the fixes of the original text,
    # in the tree as it was and as the fixes left it (a claim about a fixed file).
    after_offers = offers(tree, fix_settings, {path: original[path] for path in changed})
    for path in changed:
        allowed = edited_lines(before_offers[path]) | edited_lines(after_offers[path])
        assert changes_outside(original[path], fixed[path], allowed) == [], path

    # No new finding of a rule that fixed nothing.
    fixing_codes = set(done.fixed)
    new = findings(tree, fixed) - before
    assert [key for key in new if key[1] not in fixing_codes] == []
    return done


@pytest.mark.slow
@pytest.mark.parametrize("unsafe", [False, True], ids=["safe", "unsafe"])
def test_fix_properties_on_the_real_slice(tmp_path, monkeypatch, unsafe):
    done = check_properties(real_tree(tmp_path), monkeypatch, unsafe)
    assert done.fixed["DL101"] >= 70


@pytest.mark.slow
@pytest.mark.parametrize("unsafe", [False, True], ids=["safe", "unsafe"])
def test_fix_properties_on_a_generated_corpus(tmp_path, monkeypatch, generated_corpus, unsafe):
    done = check_properties(generated_tree(tmp_path, generated_corpus), monkeypatch, unsafe)
    assert done.fixed["DL101"] > 0 and done.fixed["DL202"] > 0


def test_fix_properties_with_a_plugin_that_fixes_across_files(tmp_path, monkeypatch):
    plugin = tmp_path / "plugin"
    plugin.mkdir()
    fix_plugin.install(plugin, monkeypatch)
    root = tmp_path / "tree"
    pages = {
        f"docs/p{n:02}.md": "# P\n\n### Classs\n\n- a\n\nTODO: b\n" if n % 2 else "# Q\n"
        for n in range(12)
    }
    # s01's claim holds until p01 is fixed.
    claims = {n: len(pages[f"docs/p{n:02}.md"]) if n == 1 else 9 for n in range(6)}
    pages.update({f"docs/s{n:02}.md": f"size of `docs/p{n:02}.md`: {claims[n]}\n" for n in claims})
    for name, text in pages.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    tree = Tree(root, Settings(select=["XF001", "XF002", "XF004"], root=root, jobs=1))
    done = check_properties(tree, monkeypatch, unsafe=True)
    assert done.fixed == Counter({"XF001": 6, "XF002": 6, "XF004": 6})


@pytest.mark.slow  # fixes a generated corpus twice, with two workers
def test_parallel_fixing_equals_serial_on_a_generated_corpus(
    tmp_path, monkeypatch, generated_corpus
):
    serial = generated_tree(tmp_path / "serial", generated_corpus)
    parallel = generated_tree(tmp_path / "parallel", generated_corpus)
    parallel.settings.jobs = 2
    assert len(serial.files()) >= 128
    one = fix(serial, monkeypatch, FixSettings(unsafe=True))
    one_found = shown_findings(one.result)  # shown from where it ran
    two = fix(parallel, monkeypatch, FixSettings(unsafe=True))
    assert one.fixed and (one.fixed, one.files_fixed, one_found) == (
        two.fixed,
        two.files_fixed,
        shown_findings(two.result),
    )
    assert serial.files() == parallel.files()
