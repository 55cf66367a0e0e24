"""A sealed file's body reaches an output file whole, whichever way the
system copies it."""

from __future__ import annotations

import errno
import os

import pytest

from doclint import sealed

BODY = b"".join(f"line {number}\n".encode() for number in range(200_000))


def _opened(tmp_path):
    file = tmp_path / "record.bin"
    sealed.write_sealed(file, "test", b"head", BODY[:1000], memoryview(BODY)[1000:])
    opened = sealed.open_sealed(file, "test")
    assert opened is not None and opened.head == b"head"
    return opened


def _sent(opened, out) -> bytes:
    with open(out, "wb") as stream:
        stream.write(b"kept before ")
        stream.flush()
        opened.send_body(stream.fileno())
    return out.read_bytes()


def test_the_body_is_sent_after_what_the_file_holds(tmp_path):
    opened = _opened(tmp_path)
    try:
        assert _sent(opened, tmp_path / "out") == b"kept before " + BODY
    finally:
        opened.close()


@pytest.mark.parametrize("refusal", [errno.EINVAL, errno.ENOTSOCK, None])
def test_a_system_that_refuses_sendfile_gets_the_body_written(tmp_path, monkeypatch, refusal):
    """Refused by the file system (EINVAL), by a system whose sendfile only
    writes to sockets (ENOTSOCK), or missing altogether."""
    if refusal is None:
        monkeypatch.delattr(os, "sendfile")
    else:

        def refuse(*_):
            raise OSError(refusal, "no sendfile here")

        monkeypatch.setattr(os, "sendfile", refuse)
    opened = _opened(tmp_path)
    try:
        assert _sent(opened, tmp_path / "out") == b"kept before " + BODY
    finally:
        opened.close()


def test_a_failure_after_some_bytes_is_no_silent_fallback(tmp_path, monkeypatch):
    """Half sent then refused: the caller hears of it (and runs the check)."""
    real = os.sendfile
    calls = []

    def half(out, source, offset, count):
        calls.append(offset)
        if len(calls) > 1:
            raise OSError(errno.EINVAL, "refused half-way")
        return real(out, source, offset, count // 2)

    monkeypatch.setattr(os, "sendfile", half)
    opened = _opened(tmp_path)
    try:
        with pytest.raises(OSError):
            _sent(opened, tmp_path / "out")
    finally:
        opened.close()


def test_a_head_written_to_a_spool_seals_as_the_same_bytes_would(tmp_path):
    """A record's head is written to a temporary file, a block at a time:
    its length and seal are those of its bytes, so it opens as they would."""
    head = sealed.Spool("test-")
    for start in range(0, len(BODY), 7_000):
        head.write(BODY[start : start + 7_000])
    as_bytes, as_spool = tmp_path / "bytes.bin", tmp_path / "spool.bin"
    sealed.write_sealed(as_bytes, "test", BODY, b"body")
    sealed.write_sealed(as_spool, "test", head, b"body")
    head.close()
    assert as_spool.read_bytes() == as_bytes.read_bytes()
    opened = sealed.open_sealed(as_spool, "test")
    assert opened is not None and opened.head == BODY
    opened.close()
    assert sealed.open_sealed(as_spool, "another context") is None
