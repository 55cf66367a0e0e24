"""The command line's parser: the help's width found without `shutil`, and
the labels translated by gettext as argparse translates them."""

from __future__ import annotations

import argparse
import gettext
import shutil
import struct
from pathlib import Path

import pytest

from doclint.cli.options import build_parser
from doclint.cli.parser import Formatter, terminal_columns


@pytest.mark.parametrize("columns", [None, "57", "0", "-3", "wide"])
def test_the_help_is_as_wide_as_shutil_says(monkeypatch, columns):
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns
    ours = build_parser("check").format_help()
    monkeypatch.setattr(argparse.ArgumentParser, "_get_formatter", _argparse_formatter)
    assert ours == build_parser("check").format_help()


def _argparse_formatter(parser: argparse.ArgumentParser) -> argparse.HelpFormatter:
    return argparse.HelpFormatter(prog=parser.prog)


def test_a_formatter_given_a_width_keeps_it():
    assert Formatter("doclint", width=33)._width == 33


def _catalogue(folder: Path, language: str, pairs: dict[str, str]) -> None:
    """A GNU gettext catalogue of `pairs` for the domain `messages`."""
    keys = sorted(pairs)
    ids = b"".join(key.encode() + b"\0" for key in keys)
    strs = b"".join(pairs[key].encode() + b"\0" for key in keys)
    start = 7 * 4 + 16 * len(keys)
    table_ids, table_strs, at = [], [], start
    for key in keys:
        table_ids += [len(key.encode()), at]
        at += len(key.encode()) + 1
    for key in keys:
        table_strs += [len(pairs[key].encode()), at]
        at += len(pairs[key].encode()) + 1
    head = struct.pack("<7I", 0x950412DE, 0, len(keys), 28, 28 + 8 * len(keys), 0, 0)
    body = struct.pack(f"<{2 * len(keys)}I", *table_ids)
    body += struct.pack(f"<{2 * len(keys)}I", *table_strs)
    place = folder / language / "LC_MESSAGES"
    place.mkdir(parents=True)
    (place / "messages.mo").write_bytes(head + body + ids + strs)


def test_labels_are_translated_where_gettext_finds_a_catalogue(tmp_path, monkeypatch):
    """With a locale folder, gettext searches it as before (and finds this
    catalogue); with none, the labels are argparse's own."""
    _catalogue(tmp_path, "xx", {"options": "Optionen"})
    monkeypatch.setenv("LANGUAGE", "xx")
    before = gettext.bindtextdomain("messages")
    try:
        gettext.bindtextdomain("messages", str(tmp_path))
        assert "Optionen:" in build_parser("check").format_help()
        gettext.bindtextdomain("messages", str(tmp_path / "none"))
        assert "\noptions:" in build_parser("check").format_help()
    finally:
        gettext.bindtextdomain("messages", before)
