"""Reading a file's bytes as text: UTF-8 with its bad places noted, or UTF-16."""

from __future__ import annotations

import codecs
import threading

from doclint.models.markdown_lines import normalize_newlines
from doclint.util.lazy_regex import compiled_on_use

# Like git and the generators, a NUL byte in the first 8 KiB means binary.
BINARY_SNIFF = 8192
# C0 controls other than tab, newlines, vertical tab and form feed: not text.
_CONTROL = compiled_on_use("[\x00-\x08\x0e-\x1f]")


def decode_utf8(data: bytes) -> tuple[str, list[tuple[int, int]]]:
    """The text, with each undecodable byte sequence read as U+FFFD (as Python's
    "replace" does), and the (byte offset, text offset) of each such place.
    One decode whatever the number of places: a Latin-1 file of many megabytes
    has a bad byte on every line."""
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError:
        pass
    spans: list[tuple[int, int]] = []
    _bad_spans.list = spans
    text = data.decode("utf-8", errors=_RECORD_ERRORS)
    bad: list[tuple[int, int]] = []
    text_offset, byte_offset = 0, 0
    for start, end in spans:
        # The good bytes between two bad places decode to the text between them.
        text_offset += len(data[byte_offset:start].decode("utf-8"))
        bad.append((start, text_offset))
        text_offset += 1  # the U+FFFD
        byte_offset = end
    return text, bad


def _record_error(error: UnicodeError) -> tuple[str, int]:
    """The "replace" error handler, which also notes where it replaced."""
    assert isinstance(error, UnicodeDecodeError)
    _bad_spans.list.append((error.start, error.end))
    return "\ufffd", error.end


# Per thread: a program may decode in several (the language server does).
_bad_spans = threading.local()
_RECORD_ERRORS = "doclint-record-replace"
codecs.register_error(_RECORD_ERRORS, _record_error)


def decode_utf16(data: bytes) -> tuple[str, str] | None:
    """(text, what it was) if `data` is UTF-16 text: a byte-order mark, or a
    NUL beside every character of its start, as ASCII text has in UTF-16;
    None otherwise (a binary file is not text in any encoding)."""
    if data.startswith((b"\xff\xfe\0\0", b"\0\0\xfe\xff")):
        return None  # UTF-32
    if data.startswith(b"\xff\xfe"):
        codec, what, data = "utf-16-le", "UTF-16 LE text with a byte-order mark", data[2:]
    elif data.startswith(b"\xfe\xff"):
        codec, what, data = "utf-16-be", "UTF-16 BE text with a byte-order mark", data[2:]
    else:
        sample = data[:BINARY_SNIFF]
        if b"\0" not in sample:
            return None
        even, odd = sample[0::2], sample[1::2]
        if b"\0" not in even and odd.count(0) * 2 >= len(odd):
            codec, what = "utf-16-le", "UTF-16 LE text"
        elif b"\0" not in odd and even.count(0) * 2 >= len(even):
            codec, what = "utf-16-be", "UTF-16 BE text"
        else:
            return None
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        return None
    if _CONTROL.search(text, 0, BINARY_SNIFF):
        return None  # 16-bit binary data decodes too, into control characters
    return text, what


def count_breaks(text: str, start: int, end: int) -> int:
    """Line breaks in text[start:end], counting CRLF, LF and lone CR as one each;
    a bound must not split a CRLF."""
    return (
        text.count("\n", start, end) + text.count("\r", start, end) - text.count("\r\n", start, end)
    )


def shown_lines(data: bytes) -> list[str]:
    """A file's lines as the engine reads them to check it, for a report to
    show: UTF-16 decoded, a UTF-8 byte-order mark skipped, what does not
    decode as U+FFFD, newlines made LF (the last line is "" after a final one)."""
    utf16 = decode_utf16(data)
    text = utf16[0] if utf16 is not None else decode_utf8(data.removeprefix(codecs.BOM_UTF8))[0]
    return normalize_newlines(text).split("\n")
