"""The fix applier: edits land on the file as stored, nothing else changes."""

from __future__ import annotations

import os
import stat

import pytest

from doclint.fixes.edits import Edit, FixError, apply_edits, fix_until_stable, write_atomically


def test_edits_keep_crlf_and_every_other_byte():
    text = "# T\r\n\r\n### Classs\r\n- a\r\n"
    fixed, applied = apply_edits(text, [[Edit(3, 5, 3, 11, "Classes")]])
    assert applied == 1 and fixed == "# T\r\n\r\n### Classes\r\n- a\r\n"


def test_deleting_a_line_and_inserting_lines_use_the_file_newline():
    text = "a\r\nb\r\nc\r\n"
    fixed, _ = apply_edits(text, [[Edit(2, 1, 3, 1, "")], [Edit(3, 2, 3, 2, "\nd")]])
    assert fixed == "a\r\nc\r\nd\r\n"


def test_overlapping_fixes_wait_for_the_next_round():
    text = "abcdef\n"
    fixed, applied = apply_edits(text, [[Edit(1, 1, 1, 4, "X")], [Edit(1, 3, 1, 5, "Y")]])
    assert (fixed, applied) == ("Xdef\n", 1)

    def fixes_of(current: str):
        if "bc" in current:
            return [[Edit(1, 2, 1, 4, "")]]
        if "de" in current:
            return [[Edit(1, current.index("de") + 1, 1, current.index("de") + 3, "")]]
        return []

    assert fix_until_stable("abcdef\n", fixes_of) == ("af\n", 2)


def test_fixes_that_never_settle_are_an_error():
    with pytest.raises(FixError, match="did not settle"):
        fix_until_stable("x\n", lambda text: [[Edit(1, 1, 1, 1, "x")]])


def test_positions_outside_the_text_are_an_error():
    with pytest.raises(FixError):
        apply_edits("a\n", [[Edit(5, 1, 5, 2, "")]])


def test_write_atomically_keeps_the_mode_and_leaves_no_temporary(tmp_path):
    page = tmp_path / "page.md"
    page.write_bytes(b"old\n")
    os.chmod(page, 0o640)
    write_atomically(page, b"new\n")
    assert page.read_bytes() == b"new\n"
    assert stat.S_IMODE(page.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["page.md"]
