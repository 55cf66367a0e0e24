"""DL604 stale-page: a page whose Original Source is not the file any more."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from doclint import Settings, check_paths, check_text
from tests.checking import run_cli
from tests.conftest import SHARED, findings, require_shared
from tests.pages import file_docs, write

SOURCE = "import os\nx = 1\ny = 2\n"
PAGE = "docs/pkg/x.py_docs.md"


def _page(body: str = SOURCE) -> str:
    return file_docs("pkg/x.py", "python pkg/x.py", body=body)


def _line_of(text: str, needle: str) -> int:
    return text.split("\n").index(needle) + 1


def _messages(text: str, path: str, root: Path, select: str = "stale-page", **kwargs) -> list:
    settings = Settings(select=select.split(","), root=root, **kwargs)
    report = check_text(text, path=path, settings=settings)
    return [(d.line, d.code, d.message) for d in report.diagnostics]


def test_changed_line_is_reported_once_at_the_first_difference(tmp_path):
    write(tmp_path, {"pkg/x.py": "import os\nx = 9\ny = 3\n"})
    page = _page()
    assert _messages(page, PAGE, tmp_path) == [
        (
            _line_of(page, "x = 1"),
            "DL604",
            "the Original Source differs from `pkg/x.py` from its line 2 on: the source was"
            " changed without regenerating this page, and its Size of 6 bytes is not the"
            " file's 22",
        )
    ]


def test_source_that_grew_is_reported_at_the_closing_fence(tmp_path):
    write(tmp_path, {"pkg/x.py": SOURCE + "z = 3\n"})
    page = _page()
    closing = _line_of(page, "y = 2") + 1
    assert findings(page, PAGE, "stale-page", tmp_path) == [(closing, 1, "DL604")]


def test_source_cut_short_is_reported_at_its_first_missing_line(tmp_path):
    # The file is the start of the copy: only newlines after it may be the
    # generator's own, a line is not.
    write(tmp_path, {"pkg/x.py": "import os\nx = 1\n"})
    page = _page()
    assert findings(page, PAGE, "stale-page", tmp_path) == [(_line_of(page, "y = 2"), 1, "DL604")]


def test_near_misses_identical_crlf_and_trailing_newlines_are_silent(tmp_path):
    page = _page()
    for source in (SOURCE, SOURCE.replace("\n", "\r\n"), SOURCE.rstrip("\n"), SOURCE + "\n\n"):
        (tmp_path / "pkg").mkdir(exist_ok=True)
        (tmp_path / "pkg/x.py").write_bytes(source.encode())
        assert findings(page, PAGE, "stale-page", tmp_path) == [], repr(source)


def test_near_miss_mojibake_of_a_line_is_not_a_change(tmp_path):
    # A copy that shows "→" decoded as Windows-1252 (or a file repaired since)
    # is mojibake's finding; a real change after it is still found.
    page = _page("# Keyword \u00e2\u2020\u2019 Map\nx = 1\n")
    write(tmp_path, {"pkg/x.py": "# Keyword \u2192 Map\nx = 1\n"})
    assert findings(page, PAGE, "stale-page", tmp_path) == []
    write(tmp_path, {"pkg/x.py": "# Keyword \u2192 Map\nx = 2\n"})
    assert findings(page, PAGE, "stale-page", tmp_path) == [(_line_of(page, "x = 1"), 1, "DL604")]


def test_silent_without_the_file_listing_mode_and_embedded_only(tmp_path):
    page = _page()
    # --known-paths lists the source, but it is not on disk.
    listed = _messages(page, PAGE, tmp_path, known_paths=["pkg/x.py", PAGE])
    assert listed == []
    # The source known only from the page itself.
    write(tmp_path, {PAGE: page})
    assert findings(page, PAGE, "stale-page", tmp_path) == []


def test_gone_source_is_orphan_doc_not_stale(tmp_path):
    write(tmp_path, {"pkg/other.py": "x = 1\n"})
    codes = [code for _, code, _ in _messages(_page(), PAGE, tmp_path, "ALL")]
    assert "DL601" in codes and "DL604" not in codes


def test_size_of_a_stale_page_is_not_reported_again(tmp_path):
    # The page claims 6 bytes; the source now has more, and another text.
    write(tmp_path, {"pkg/x.py": "x = 12345\n"})
    page = _page("x = 1\n")
    # The claims and coverage families; the hand-made page's own sentences
    # ("A file.") are no generator's, which unknown-sentence would say.
    both = _messages(page, PAGE, tmp_path, "DL3,DL6", ignore=["DL306"])
    assert [code for _, code, _ in both] == ["DL604"]
    assert both[0][2].endswith(
        "without regenerating this page, and its Size of 6 bytes is not the file's 10"
    )
    # Near-miss: the same wrong size on a page that still shows its source.
    write(tmp_path, {"pkg/x.py": "x = 1 \n"})
    page = _page("x = 1 \n")
    both = [code for _, code, _ in _messages(page, PAGE, tmp_path, "DL3,DL6", ignore=["DL306"])]
    assert both == ["DL303"]


def test_level_two_page_behind_both_copies_is_reported_once(tmp_path):
    # The source changed and its level-one page was regenerated; the level-two
    # page embeds the old level-one page, whose copy of the source is old too.
    old, new = _page(), _page("import os\nx = 9\ny = 2\n")
    write(tmp_path, {"pkg/x.py": "import os\nx = 9\ny = 2\n", PAGE: new})
    level2 = file_docs(PAGE, "cat x", fence_info="markdown", body=old)
    path = f"docs/{PAGE}_docs.md"
    found = _messages(level2, path, tmp_path)
    assert [(line, code) for line, code, _ in found] == [(_line_of(level2, "x = 1"), "DL604")]
    assert f"differs from `{PAGE}` from its line {_line_of(old, 'x = 1')} on" in found[0][2]
    # The level-one page alone is behind: the copy in the level-two page is
    # judged against the source, at the outer file's line.
    write(tmp_path, {PAGE: old})
    found = _messages(level2, path, tmp_path)
    assert [(line, code) for line, code, _ in found] == [(_line_of(level2, "x = 1"), "DL604")]
    assert "differs from `pkg/x.py` from its line 2 on" in found[0][2]


@pytest.mark.parametrize("name", ["real", "real-cpp", "real-kinds"])
def test_real_slices_are_silent(name):
    """The slices hold pages only, but their level-two pages embed level-one
    pages that are there (20 of them): each is compared, and each still holds."""
    require_shared()
    root = SHARED / "corpus" / name
    listing = (root / "LISTING.txt").read_text(encoding="utf-8").splitlines()
    for known_paths in (None, listing):
        settings = Settings(select=["stale-page"], root=root, known_paths=known_paths)
        assert check_paths([root / "docs"], settings).diagnostics == []


def test_level_two_page_of_an_edited_level_one_page(tmp_path):
    require_shared()
    real_cpp = SHARED / "corpus" / "real-cpp"
    level1 = "docs/aten/src/ATen/cuda/detail/DeviceThreadHandles.h_docs.md"
    level2 = f"docs/{level1}_docs.md"
    for path in (level1, level2):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(real_cpp / path, tmp_path / path)
    lines = (tmp_path / level1).read_text(encoding="utf-8").split("\n")
    edited = next(i for i, line in enumerate(lines) if line.startswith("## File Purpose")) + 2
    original = lines[edited]
    lines[edited] = original.upper()
    (tmp_path / level1).write_text("\n".join(lines), encoding="utf-8")
    report = check_paths([tmp_path / level2], Settings(select=["stale-page"], root=tmp_path))
    found = [(d.line, d.message) for d in report.diagnostics]
    assert len(found) == 1
    assert f"from its line {edited + 1} on" in found[0][1]
    page = (tmp_path / level2).read_text(encoding="utf-8").split("\n")
    assert page[found[0][0] - 1] == original


# ---- acceptance: a generated tree, one source edited ------------------------------

SOURCES = {
    "pkg/shapes.py": (
        '"""Shapes."""\n\n\nclass Square:\n    def area(self, side=70):\n'
        "        return side * side\n\n\ndef unit():\n    return Square()\n"
    ),
    "pkg/util.py": "def helper(a, b):\n    return a + b\n",
    "pkg/add.cpp": "int add(int a, int b) {\n  return a + b;\n}\n",
    "notes.txt": "line one\r\nline two\r\n",
}


def _check(tree: Path) -> set[tuple[str, int, str, str]]:
    report = check_paths([tree / "docs"], Settings(select=["ALL"], root=tree))
    # Paths relative to the tree, so that two copies of it compare (messages
    # that show a path are left out: they name the copy).
    root = tree.resolve()
    return {
        (
            (Path.cwd() / d.path).resolve().relative_to(root).as_posix(),
            d.line,
            d.code,
            d.message if d.code == "DL604" else "",
        )
        for d in report.diagnostics
    }


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> tuple[Path, set]:
    require_shared()
    base = tmp_path_factory.mktemp("stale")
    write(base / "src", SOURCES)
    (base / "src/notes.txt").write_bytes(SOURCES["notes.txt"].encode())
    tree = base / "tree"
    command = [sys.executable, str(SHARED / "tools/gen_corpus.py"), str(base / "src"), str(tree)]
    subprocess.run([*command, "--levels", "2", "--limit", "30"], check=True, capture_output=True)
    return tree, _check(tree)


def test_generated_tree_has_no_stale_page(generated):
    _, found = generated
    assert [f for f in found if f[2] == "DL604"] == []


def test_one_edited_line_is_one_finding_in_each_page_that_embeds_it(generated, tmp_path):
    tree = tmp_path / "tree"
    shutil.copytree(generated[0], tree)
    source = tree / "pkg/shapes.py"
    before = source.read_bytes()
    source.write_bytes(before.replace(b"side=70", b"side=80"))
    assert source.stat().st_size == len(before)
    new = _check(tree) - generated[1]
    assert {(path, code) for path, _, code, _ in new} == {
        ("docs/pkg/shapes.py_docs.md", "DL604"),
        ("docs/docs/pkg/shapes.py_docs.md_docs.md", "DL604"),
    }
    assert len(new) == 2
    assert all("`pkg/shapes.py` from its line 5 on" in message for *_, message in new)
    for path, line, _, _ in new:
        shown = (tree / path).read_text(encoding="utf-8").split("\n")[line - 1]
        assert shown == "    def area(self, side=70):"
    assert not generated[1] - _check(tree)


def test_cached_run_sees_the_edited_source(generated, tmp_path, monkeypatch, capsys):
    """The page is unchanged, its source is not: the cached result of the
    page must not survive the edit (nor the edit's undoing)."""
    tree = tmp_path / "tree"
    shutil.copytree(generated[0], tree)
    source = tree / "pkg/shapes.py"
    before = source.read_bytes()
    args = ("check", "--select", "stale-page", "--output-format", "concise", "docs")

    def stale_pages() -> list[str]:
        out = run_cli(monkeypatch, capsys, tree, *args).out
        return sorted(line.split(":")[0] for line in out.splitlines() if "DL604" in line)

    assert stale_pages() == []
    source.write_bytes(before.replace(b"side=70", b"side=80"))
    os.utime(source, ns=(source.stat().st_atime_ns, source.stat().st_mtime_ns + 10**9))
    assert stale_pages() == [
        "docs/docs/pkg/shapes.py_docs.md_docs.md",
        "docs/pkg/shapes.py_docs.md",
    ]
    source.write_bytes(before)
    os.utime(source, ns=(source.stat().st_atime_ns, source.stat().st_mtime_ns + 2 * 10**9))
    assert stale_pages() == []
