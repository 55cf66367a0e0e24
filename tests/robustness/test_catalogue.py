"""Every bad input of the catalogue gets its diagnostic, nothing crashes the run,
nothing is skipped silently.

The whole catalogue is checked in one `doclint check` process, as a CI job
would run it; each item is then judged on that run's findings. The inputs
that stop a run on purpose (a missing path, a malformed configuration) or
need a run in progress (a file that vanishes or loses its permission) have
tests of their own, as do the finer points of decoding.
"""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path

import pytest

import doclint.engine.linter
import doclint.tree.index
import doclint.tree.reading
from doclint import Settings, check_paths
from doclint.cli.main import main
from doclint.parsing.inline import MAX_DESTINATION_PARENS, MAX_LABEL, MAX_OPEN_IMAGES, find_links
from doclint.parsing.page_memo import MAX_EMBEDDED_DEPTH
from doclint.parsing.pages import parse_page
from doclint.tree.decoding import decode_utf8, decode_utf16
from tests.pages import keyword_index, write
from tests.robustness.catalogue import BROKEN, CATALOGUE, run_doclint
from tests.running import run


def test_the_whole_catalogue_at_once_exits_one_and_reports_only_what_it_should(catalogue):
    assert catalogue.result.returncode == 1, catalogue.result.stderr
    assert "Traceback" not in catalogue.result.stderr
    wanted = {path for files in catalogue.expected.values() for path, rows in files.items() if rows}
    assert set(catalogue.found) == wanted
    # The symlinked folders of the loop are not walked: each real file once.
    assert not any(path.startswith(("loop/again/", "loop/up/")) for path in catalogue.found)


@pytest.mark.parametrize("item", CATALOGUE, ids=[item.name for item in CATALOGUE])
def test_catalogue_item(catalogue, item):
    files = catalogue.expected[item.name]
    if not files:
        pytest.skip("root reads a file whatever its permissions; see the mid-run tests")
    for path, rows in files.items():
        got = sorted(catalogue.found.get(path, []))
        assert [(line, code) for line, code, _ in got] == sorted(
            (line, code) for line, code, _ in rows
        ), path
        for (_, _, message), (_, _, words) in zip(got, sorted(rows), strict=True):
            assert words in message, (path, message)


def test_show_traceback_adds_the_stack_of_a_crashing_plugin_rule(catalogue):
    args = ("check", "--no-cache", "plugin-crash.md")
    plain = run_doclint(*args, cwd=catalogue.tree, plugin=catalogue.plugin)
    shown = run_doclint(*args, "--show-traceback", cwd=catalogue.tree, plugin=catalogue.plugin)
    assert plain.returncode == shown.returncode == 1
    assert "Traceback" not in plain.stdout
    assert "Traceback (most recent call last)" in shown.stdout
    assert "crashplugin.py" in shown.stdout and "KeyError" in shown.stdout
    assert "DL401" in shown.stdout  # the other rules still ran


def test_a_path_that_does_not_exist_exits_two_and_says_which(tmp_path, capsys):
    (tmp_path / "good.md").write_text("# Good\n", encoding="utf-8")
    assert main(["check", str(tmp_path / "good.md"), str(tmp_path / "typo.md")]) == 2
    err = capsys.readouterr().err
    assert "typo.md" in err and "no such file or directory" in err


def test_a_malformed_configuration_exits_two_and_names_the_file(tmp_path):
    (tmp_path / "doclint.toml").write_text('select = ["DL401"\n[oops\n', encoding="utf-8")
    (tmp_path / "good.md").write_text("# Good\n", encoding="utf-8")
    result = run_doclint("check", ".", cwd=tmp_path)
    assert result.returncode == 2, result.stdout
    assert "doclint.toml" in result.stderr and "Traceback" not in result.stderr


def _three_pages(folder: Path) -> list[Path]:
    pages = [folder / name for name in ("a.md", "b.md", "c.md")]
    for page in pages:
        page.write_text(f"# {page.stem}\n\n{BROKEN}\n", encoding="utf-8")
    return pages


def _run_and_then(folder: Path, action) -> dict[str, list[tuple[int, str, str]]]:
    """Check the pages of `folder` one after the other, doing `action` once
    the first is done; the findings of each file."""
    done = []

    def progress(count: int, total: int) -> None:
        if count == 1 and not done:
            done.append(action())

    result = run([folder], Settings(root=folder, jobs=1), progress=progress)
    found: dict[str, list[tuple[int, str, str]]] = defaultdict(list)
    for row in result.diagnostics:
        found[Path(row.path).name].append((row.line, row.code, row.message))
    assert done and result.files_checked == 3
    return found


def test_a_file_that_vanishes_mid_run_is_named_and_the_run_goes_on(tmp_path):
    pages = _three_pages(tmp_path)
    found = _run_and_then(tmp_path, pages[2].unlink)
    assert [(line, code) for line, code, _ in found["a.md"]] == [(3, "DL401")]
    assert [(line, code) for line, code, _ in found["b.md"]] == [(3, "DL401")]
    assert [(line, code) for line, code, _ in found["c.md"]] == [(1, "DL002")]
    assert "No such file or directory" in found["c.md"][0][2]


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file whatever its permissions")
def test_a_file_that_loses_read_permission_mid_run_is_named(tmp_path):
    pages = _three_pages(tmp_path)
    try:
        found = _run_and_then(tmp_path, lambda: pages[1].chmod(0))
    finally:
        pages[1].chmod(0o644)
    assert [(line, code) for line, code, _ in found["b.md"]] == [(1, "DL002")]
    assert "Permission denied" in found["b.md"][0][2]
    assert [(line, code) for line, code, _ in found["c.md"]] == [(3, "DL401")]


def test_a_permission_error_is_named_and_the_run_goes_on(tmp_path, monkeypatch):
    """The same as above for any user: the read itself is refused."""
    _three_pages(tmp_path)

    real = doclint.engine.linter.read_beneath

    def refuse(root, relative, limit=-1, max_size=-1, held=None):
        if Path(relative).name == "b.md":
            raise PermissionError(13, "Permission denied", relative)
        return real(root, relative, limit, max_size, held)

    monkeypatch.setattr(doclint.engine.linter, "read_beneath", refuse)
    found = _run_and_then(tmp_path, lambda: None)
    assert [(line, code) for line, code, _ in found["b.md"]] == [(1, "DL002")]
    assert found["b.md"][0][2] == "cannot read file: Permission denied"
    assert [(line, code) for line, code, _ in found["c.md"]] == [(3, "DL401")]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_device_named_on_the_command_line_is_not_read(tmp_path):
    """/dev/zero never ends: it is refused before a byte is read."""
    report = check_paths(["/dev/zero"], Settings(root=Path("/dev")))
    assert [(d.line, d.code) for d in report.diagnostics] == [(1, "DL002")]
    assert "not a regular file (a character device)" in report.diagnostics[0].message


def test_a_file_outside_the_root_is_named_not_checked(tmp_path):
    tree, outside = tmp_path / "tree", tmp_path / "elsewhere" / "x.md"
    tree.mkdir()
    outside.parent.mkdir()
    outside.write_text(f"# X\n\n{BROKEN} [up](../../../etc/passwd)\n", encoding="utf-8")
    report = check_paths([outside], Settings(root=tree))
    assert [(d.line, d.code) for d in report.diagnostics] == [(1, "DL010")]
    assert str(tree) in report.diagnostics[0].message


# Decoding: the finer points behind the catalogue's encoding items.


def check_bytes(tmp_path: Path, data: bytes, select: str = "ALL") -> list[tuple[int, int, str]]:
    page = tmp_path / "page.md"
    page.write_bytes(data)
    report = check_paths([page], Settings(select=[select], root=tmp_path))
    return [(d.line, d.column, d.code) for d in report.diagnostics]


def test_invalid_utf8_column_counts_characters_and_offset_counts_the_bom(tmp_path):
    data = b"\xef\xbb\xbf# T\r\n\r\n\xc3\xa9t\xc3\xa9 \xff ok\n"
    page = tmp_path / "page.md"
    page.write_bytes(data)
    report = check_paths([page], Settings(select=["DL003"], root=tmp_path))
    [diagnostic] = report.diagnostics
    assert (diagnostic.line, diagnostic.column) == (3, 5)
    assert f"byte offset {data.index(0xFF)}" in diagnostic.message


def test_many_invalid_bytes_are_counted_in_one_pass():
    data = ("caf\xe9 " * 200_000).encode("latin-1")
    text, bad = decode_utf8(data)
    assert len(bad) == 200_000 and bad[-1] == (len(data) - 2, len(text) - 2)
    assert text == data.decode("utf-8", errors="replace")


def test_decode_utf8_matches_pythons_replace_on_tricky_sequences():
    data = b"a\xe2\x82b\xf0\x9f\x98\xed\xa0\x80\xc0\xafz\xff"
    text, bad = decode_utf8(data)
    assert text == data.decode("utf-8", errors="replace")
    assert [text[offset] for _, offset in bad] == ["\ufffd"] * len(bad)
    assert [offset for offset, _ in bad] == [1, 4, 7, 8, 9, 10, 11, 13]


@pytest.mark.parametrize(
    ("data", "what"),
    [
        ("a\nb\n".encode("utf-16"), "UTF-16"),
        (b"\xfe\xff" + "a\u00e9\n".encode("utf-16-be"), "UTF-16 BE text with a byte-order mark"),
        ("# T\n".encode("utf-16-le"), "UTF-16 LE text"),
        ("# T\n".encode("utf-16-be"), "UTF-16 BE text"),
    ],
)
def test_utf16_is_recognised(data, what):
    found = decode_utf16(data)
    assert found is not None and found[1].startswith(what)
    assert "\ufeff" not in found[0]


@pytest.mark.parametrize(
    "data",
    [
        "# T\n".encode("utf-32"),  # a UTF-32 BOM starts like UTF-16's
        b"\x01\x00\x02\x00\x03\x00\x04\x00",  # 16-bit numbers: control characters
        "# T\n".encode("utf-16-le")[:-1],  # cut in the middle of a character
        b"\xff\xfe\x00\xd8",  # a lone surrogate
        b"\x89PNG\r\n\x1a\n\0\0\0\r",
        b"plain text",
        b"",
    ],
)
def test_other_bytes_are_not_utf16(data):
    assert decode_utf16(data) is None


def test_utf16_lines_and_columns_are_those_of_the_text(tmp_path):
    text = "# T\r\n\r\n\u00e9\u00e9 [x](missing.md)\r\n"
    got = check_bytes(tmp_path, b"\xff\xfe" + text.encode("utf-16-le"), "DL4")
    assert got == [(1, 1, "DL008"), (3, 4, "DL401")]
    got = check_bytes(tmp_path, text.encode("utf-16-be"), "DL4")
    assert got == [(1, 1, "DL008"), (3, 4, "DL401")]


def test_binary_utf32_and_empty_files_are_named_once(tmp_path):
    assert check_bytes(tmp_path, "# T\n".encode("utf-32")) == [(1, 1, "DL004")]
    assert check_bytes(tmp_path, b"\xef\xbb\xbf") == [(1, 1, "DL009")]
    assert check_bytes(tmp_path, b"\n\n") == [(1, 1, "DL009")]


def test_a_nul_after_the_first_8_kib_is_text(tmp_path):
    data = b"# T\n\n" + b"x" * 9000 + b"\0 [a](missing.md)\n"
    assert check_bytes(tmp_path, data, "DL4") == [(3, 9003, "DL401")]


# The limits that keep hostile text linear, and what they leave of it.


def test_pages_embedded_deeper_than_the_limit_stay_text():
    level = "## Original Source\n\n```markdown\n# Documentation: `a.py`\n\n"
    text = "# Documentation: `a.py`\n\n" + level * 20 + "```\n\n## High-Level Overview\n"
    page, depth = parse_page(text, "docs/a.py_docs.md"), 0
    while page.source is not None and page.source.document is not None:
        page, depth = page.source.document, depth + 1
    assert depth == MAX_EMBEDDED_DEPTH


def test_inline_limits_follow_commonmark_and_cmark():
    label = "x" * (MAX_LABEL + 1)
    definitions = {label: ("target.md", None), "ok": ("ok.md", None)}
    assert [link.target for link in find_links(f"[{label}] [ok]", definitions)] == ["ok.md"]
    deep = "(" * MAX_DESTINATION_PARENS + ")" * MAX_DESTINATION_PARENS
    assert [link.target for link in find_links(f"[a](x{deep}) [b](y({deep}))", {})] == [f"x{deep}"]
    images = "![" * (MAX_OPEN_IMAGES + 5) + "x" + "](i.png)" * (MAX_OPEN_IMAGES + 5)
    found = find_links(images, {})
    assert len(found) == MAX_OPEN_IMAGES + 1  # the innermost "[" beyond the limit is a link
    titled = find_links("[a](x (t(t)) [b](y (t\\(t)))", {})  # "(" in a (title) is escaped
    assert [(link.text, link.title) for link in titled] == [("b", "t(t")]


def test_a_documented_source_over_the_size_limit_is_not_read(tmp_path, monkeypatch):
    """A gigabyte "source" is not loaded to count its classes: the rules find no
    source, as for a missing one, and say nothing about it."""
    import doclint.tree.index

    write(
        tmp_path,
        {
            "pkg/big.py": "class Thing:\n    pass\n" + "# padding\n" * 200,
            "docs/pkg/big.py_kw.md": keyword_index("pkg/big.py", ["Other"]),
        },
    )
    settings = Settings(select=["DL201"], root=tmp_path, jobs=1)
    within = run([tmp_path / "docs"], settings).diagnostics
    assert [d.message for d in within] == ["`Other` is not a class defined in `big.py`"]
    monkeypatch.setattr(doclint.tree.index, "MAX_FILE_SIZE", 1000)
    assert run([tmp_path / "docs"], settings).diagnostics == []


def test_a_file_that_grows_after_its_stat_is_read_up_to_the_limit(tmp_path, monkeypatch):
    """read_regular asks for the size the stat gave and one byte more; a file
    longer than its stat still yields its bytes up to the limit, no more."""
    import os

    import doclint.tree.index

    file = tmp_path / "growing.md"
    file.write_bytes(b"x" * 100)
    real_fstat = os.fstat

    class Stale:
        def __init__(self, status: os.stat_result) -> None:
            self.st_mode, self.st_size = status.st_mode, 10

    monkeypatch.setattr(doclint.tree.index.os, "fstat", lambda fd: Stale(real_fstat(fd)))
    asked = _counted_reads(monkeypatch)
    assert doclint.tree.reading.read_regular(file, 50) == b"x" * 50
    assert asked == [11, 39]
    assert doclint.tree.reading.read_regular(file, 1000) == b"x" * 100
    assert doclint.tree.reading.read_regular(file) == b"x" * 100
    assert doclint.tree.reading.read_regular(file, 5) == b"x" * 5
    # Read on past its stat until a read gives less than asked: its end.
    assert asked[2:] == [11, 989, 11, 1 << 20, 5]


def test_a_file_as_long_as_its_stat_is_read_by_one_read(tmp_path, monkeypatch):
    """A read of a regular file that gives less than it asked is the file's
    end: no second read to hear it; one cut at its limit stops there too."""
    file = tmp_path / "docs" / "page.md"
    file.parent.mkdir()
    file.write_bytes(b"x" * 100)
    asked = _counted_reads(monkeypatch)
    assert doclint.tree.reading.read_regular(file) == b"x" * 100
    assert doclint.tree.reading.read_beneath(str(tmp_path), "docs/page.md", 1000)[0] == b"x" * 100
    assert doclint.tree.reading.read_regular(file, 100) == b"x" * 100
    assert doclint.tree.reading.read_regular(file, 30) == b"x" * 30
    (tmp_path / "empty.md").write_bytes(b"")
    assert doclint.tree.reading.read_regular(tmp_path / "empty.md") == b""
    assert asked == [101, 101, 100, 30, 1]


def _counted_reads(monkeypatch) -> list[int]:
    """The sizes the guarded reader asks `os.read` for, from now on."""
    asked: list[int] = []
    real_read = os.read

    def counted(descriptor: int, size: int) -> bytes:
        asked.append(size)
        return real_read(descriptor, size)

    monkeypatch.setattr(doclint.tree.reading.os, "read", counted)
    return asked
