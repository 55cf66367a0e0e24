"""Bytes that are not UTF-8 are reported once by invalid-utf8; the rest of the
file is still checked, and a real U+FFFD elsewhere is still replacement-character."""

from __future__ import annotations

from doclint import Settings, check_paths


def test_invalid_bytes_and_a_real_replacement_character(tmp_path):
    page = tmp_path / "x.md"
    page.write_bytes(b"# T\n\nok \xe9 bad\nline \xef\xbf\xbd real\r\n\xff\xfe [a](missing.md)\n")
    report = check_paths([page], Settings(select=["ALL"], root=tmp_path))
    got = [(d.line, d.column, d.code) for d in report.diagnostics]
    assert got == [(3, 4, "DL003"), (4, 6, "DL502"), (5, 4, "DL401")]
    assert "byte offset 8 and 2 more place(s)" in report.diagnostics[0].message


def test_bom_is_not_text(tmp_path):
    page = tmp_path / "x.md"
    page.write_bytes(b"\xef\xbb\xbf# Keyword Index: `a.py`\n\n## Oops\n")
    report = check_paths([page], Settings(select=["DL101"], root=tmp_path))
    assert [(d.line, d.code) for d in report.diagnostics] == [(3, "DL101")]


def test_binary_and_oversized_files_are_named_and_the_run_goes_on(tmp_path):
    (tmp_path / "img.md").write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0")
    (tmp_path / "big.md").write_text("# Big\n" + "x" * 5000 + "\n")
    (tmp_path / "ok.md").write_text("# Ok\n\n[a](missing.md)\n")
    settings = Settings(select=["ALL"], root=tmp_path, max_file_size=4096)
    report = check_paths([tmp_path], settings)
    got = [(d.path.rsplit("/", 1)[-1], d.code) for d in report.diagnostics]
    assert got == [("big.md", "DL005"), ("img.md", "DL004"), ("ok.md", "DL401")]
    assert report.files_checked == 3
