"""A wiki generator's habits read as one cause each (issue 91, item 3): a
file's name in any script is a name, a Windows path names the file it
meant, a range written backwards says so; ranges running to one line past
their file's end are one finding a page (item 4)."""

from __future__ import annotations

from pathlib import Path

from doclint import Settings, check_paths

PAGE = ".qoder/repowiki/zh/content/示例.md"
HEAD = "# 示例\n\n<cite>\n**本文档引用的文件**\n- [图片.py](file://src/图片.py)\n</cite>\n\n"
SOURCE = "".join(f"line {n}\n" for n in range(1, 41))


def _found(root: Path, body: str) -> list[tuple[int, str, str]]:
    (root / "src").mkdir(exist_ok=True)
    (root / "src" / "图片.py").write_text(SOURCE, encoding="utf-8")
    (root / "src" / "compat.py").write_text(SOURCE, encoding="utf-8")
    page = root / PAGE
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(HEAD + body, encoding="utf-8")
    settings = Settings(select=["DL8"], root=root, cache=False)
    report = check_paths([page], settings)
    return [(d.line, d.code, d.message) for d in report.diagnostics]


def test_a_file_name_in_any_script_is_a_name_not_a_paste(tmp_path: Path) -> None:
    body = (
        "**章节来源**\n- [图片.py](file://src/图片.py)\n- [src/图片.py](file://src/图片.py#L1-L9)\n"
    )
    assert _found(tmp_path, body) == []


def test_a_text_pasted_as_its_path_is_still_said(tmp_path: Path) -> None:
    found = _found(tmp_path, "**章节来源**\n- [第16行](file://src/第16行)\n")
    assert [(line, code) for line, code, _ in found] == [(9, "DL804")]
    assert "its link's path is its own text" in found[0][2]


def test_a_label_in_words_names_no_other_file(tmp_path: Path) -> None:
    # python-office's `[Sub-packages](file://README.md#L88-L114)`: a label,
    # no file's name; its lines are judged. A label that is a file's name
    # other than the link's is still said.
    body = (
        "**章节来源**\n- [Sub-packages](file://src/compat.py#L1-L50)\n"
        "- [main.py](file://src/compat.py#L1-L9)\n"
    )
    found = _found(tmp_path, body)
    assert [(line, code) for line, code, _ in found] == [(9, "DL802"), (10, "DL804")]
    assert "names another file than its link" in found[1][2]


def test_a_link_missing_the_file_its_text_names_is_one_finding(tmp_path: Path) -> None:
    # katalog-thrift's Qoder wiki: `[hashing.php:1-55](file://config/hashin.php#L1-L55)`,
    # the link's file a typo of the text's. One defect, the link: said malformed
    # with the file the text names, not missing besides.
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "hashing.php").write_text(SOURCE, encoding="utf-8")
    body = "**章节来源**\n- [hashing.php:1-9](file://config/hashin.php#L1-L9)\n"
    found = _found(tmp_path, body)
    assert [(line, code) for line, code, _ in found] == [(9, "DL804")]
    assert found[0][2].endswith(
        "(`config/hashin.php`), which the tree does not have; it has `config/hashing.php`"
    )
    # Near miss: a text naming no file the tree has leaves the missing file said.
    body = "**章节来源**\n- [hashed.php:1-9](file://config/hashin.php#L1-L9)\n"
    found = _found(tmp_path, body)
    assert [(line, code) for line, code, _ in found] == [(9, "DL801"), (9, "DL804")]
    assert found[1][2].endswith("names another file than its link (`config/hashin.php`)")


def test_a_file_named_in_other_letter_case_is_said_with_the_tree_s_name(tmp_path: Path) -> None:
    # katalog-thrift's Qoder wiki lists `app/Http/controllers/...` for the
    # tree's `app/Http/Controllers/...`: a case-blind disk opens it, the
    # forge's link does not.
    body = "**章节来源**\n- [Compat.py](file://SRC/Compat.py#L1-L9)\n"
    found = _found(tmp_path, body)
    assert [(line, code) for line, code, _ in found] == [(9, "DL801")]
    assert found[0][2] == (
        "`SRC/Compat.py` is cited but not in the tree, which has `src/compat.py` "
        "(the letter case differs)"
    )
    # Near miss: a name the tree has in no case is said as before.
    found = _found(tmp_path, "**章节来源**\n- [Compat2.py](file://src/Compat2.py#L1-L9)\n")
    assert [message for _, _, message in found] == ["`src/Compat2.py` is cited but not in the tree"]


def test_a_windows_path_is_malformed_and_names_the_file_it_meant(tmp_path: Path) -> None:
    body = "**章节来源**\n- [compat.py](file://src\\compat.py#L1-L50)\n"
    found = _found(tmp_path, body)
    # Said malformed, not missing; its lines judged in the file it meant.
    assert [(line, code) for line, code, _ in found] == [(9, "DL802"), (9, "DL804")]
    assert "src/compat.py:1-50" in found[0][2]
    assert found[1][2].endswith("Windows backslashes: it means `src/compat.py`")


def test_a_range_written_backwards_says_so(tmp_path: Path) -> None:
    body = "**章节来源**\n- [图片.py](file://src/图片.py#L33-L30)\n- [图片.py](file://src/图片.py#L30-L33)\n"
    found = _found(tmp_path, body)
    assert [(line, code) for line, code, _ in found] == [(9, "DL802")]
    assert found[0][2].endswith("cites a range that ends before it starts")


VENV = (
    "**章节来源**\n- [ocr.py](file://venv/Lib/site-packages/poocr/ocr.py#L1-L9)\n"
    "- [base.py](file://venv/Lib/site-packages/poocr/base.py#L1-L9)\n"
    "- [gone.py](file://lib/gone.py#L1-L9)\n- [old.py](file://lib/old.py#L1-L9)\n"
)


def test_files_under_an_ignored_folder_are_one_finding_a_page(tmp_path: Path) -> None:
    (tmp_path / ".gitignore").write_text("# tools\n/venv/\nbuild\n", encoding="utf-8")
    found = _found(tmp_path, VENV)
    assert [(line, code) for line, code, _ in found] == [
        (9, "DL801"),
        (11, "DL801"),
        (12, "DL801"),
    ]
    assert found[0][2].startswith("`venv/` is cited 2 times on this page (first `venv/Lib/")
    # Listed only in the page's sources: said once there.
    head = HEAD.replace(
        "- [图片.py]", "- [a.py](file://venv/a.py)\n- [b.py](file://venv/b.py)\n- [图片.py]"
    )
    (tmp_path / PAGE).write_text(head, encoding="utf-8")
    settings = Settings(select=["DL8"], root=tmp_path, cache=False)
    listed = check_paths([tmp_path / PAGE], settings).diagnostics
    assert [(d.line, d.code) for d in listed] == [(5, "DL805")]
    assert listed[0].message.startswith("`venv/` is cited 2 times")


def test_a_folder_the_project_does_not_ignore_is_missing_file_by_file(tmp_path: Path) -> None:
    (tmp_path / ".gitignore").write_text("build/\nvenv/lib/\n", encoding="utf-8")
    found = _found(tmp_path, VENV)
    assert [(line, code) for line, code, _ in found] == [(n, "DL801") for n in (9, 10, 11, 12)]


def test_ranges_running_one_line_past_their_file_s_end_are_one_finding_a_page(
    tmp_path: Path,
) -> None:
    # Qoder counts the empty line after a file's last newline: `1-41` of 40
    # lines, the whole file; `2-41`, from a definition to the file's end.
    body = (
        "**章节来源**\n- [图片.py](file://src/图片.py#L1-L41)\n"
        "- [compat.py](file://src/compat.py#L1-L41)\n"
        "- [compat.py](file://src/compat.py#L1-L42)\n- [图片.py](file://src/图片.py#L2-L41)\n"
        "- [compat.py](file://src/compat.py#L41)\n"
    )
    found = _found(tmp_path, body)
    assert [(line, code) for line, code, _ in found] == [(9, "DL802"), (11, "DL802"), (13, "DL802")]
    assert found[0][2].startswith("3 citations on this page run to one line past their file's end")
    assert found[0][2].endswith(
        "`src/compat.py:1-41` (40 lines), `src/图片.py:2-41` (40 lines); on lines 9, 10, 12"
    )
    # Two past the end, or the empty line alone: no habit, each said on its own.
    assert found[1][2].startswith("`src/compat.py:1-42` cites lines the file does not have")
    assert found[2][2].startswith("`src/compat.py:41` cites lines the file does not have")
