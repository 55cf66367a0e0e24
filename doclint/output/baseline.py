"""Baselines: adopt doclint on a tree that already has thousands of findings.

`doclint check --write-baseline FILE` records the current findings;
`--baseline FILE` then reports only findings that are not recorded. A finding
is keyed by its file, its rule, a hash of the text of its line and its
occurrence among the findings of that rule on lines with that same text in
that file: lines moving up or down (an edit elsewhere in the file) keep every
key, while a new finding, or an old one whose line was edited, is reported.
The same key, hashed, is the stable fingerprint of the SARIF and GitLab reports.

The file is plain text, one finding a line, sorted, so it diffs well::

    # doclint baseline 1
    docs/a.py_kw.md<TAB>DL101<TAB>6c1f1d0ab1b2c3d4<TAB>1<TAB>`### Classs` is not a heading ...
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path

from doclint.engine.builtin_rules import BinaryFile, FileTooLarge, OutsideRoot, UnreadableFile
from doclint.models.findings import Finding
from doclint.models.markdown_lines import normalize_newlines
from doclint.models.records import NamedTuple
from doclint.tree.decoding import shown_lines
from doclint.tree.reading import MAX_FILE_SIZE, read_file, read_named
from doclint.util.digests import blake2b
from doclint.util.paths import display_path, printable

HEADER = "# doclint baseline 1"
_COMMENT = (
    "# Findings `doclint check --baseline <this file>` does not report; written by\n"
    "# `doclint check --write-baseline <this file>`. Tab-separated: path (relative to\n"
    "# this file), rule code, hash of the finding's line text, occurrence of that\n"
    "# rule and line text in the file, message (for readers; not compared).\n"
)
# Findings about a file doclint did not read: there is no line text to show or
# hash, and a file outside the root (a link to /proc/self/environ, /dev/zero,
# a FIFO) is never opened to find one.
UNREAD = frozenset({UnreadableFile.code, BinaryFile.code, FileTooLarge.code, OutsideRoot.code})
_BOM = "\ufeff"


class BaselineError(ValueError):
    """A baseline file that cannot be read or is not one."""


LinesRead = list[str] | bytes | None
"""A checked file's lines (split at LF) or bytes, as read when it was checked; None: not read."""


class SourceLines:
    """The lines of the files findings are in, read on demand. Findings come
    sorted by path, so only the current file is kept; texts not on disk (stdin)
    are given by path. Files are read as the engine reads them (tree.reading):
    regular files only, never waiting, at most MAX_FILE_SIZE bytes (a file
    grown past it since it was checked shows no lines)."""

    def __init__(
        self, given: Mapping[str, str] | None = None, files: Sequence[Path | str] = ()
    ) -> None:
        self.given = dict(given or {})
        self._path: str | None = None
        self._lines: list[str] = []
        self._data: bytes | None = None
        """The bytes of the one file `showing` gave, split into lines when first asked."""
        self._files = files
        self._escaped: dict[str, str] | None = None

    @classmethod
    def showing(cls, path: str, file: str, lines: LinesRead = None) -> SourceLines:
        """The lines of one file, shown as `path`: `lines` when they were read
        already (a worker's, as it checked them, or the file's bytes, split
        when asked), else `file`'s, when asked."""
        if lines is None:
            return cls(files=[file])
        sources = cls()
        if isinstance(lines, bytes):
            sources._data = lines
        else:
            sources._path, sources._lines = path, lines
        return sources

    def lines(self, path: str) -> list[str]:
        if path != self._path:
            self._path = path
            text = self.given.get(path)
            if self._data is not None:
                self._lines, self._data = shown_lines(self._data), None
            elif text is None:
                self._lines = _read_lines(self._on_disk(path))
            else:
                self._lines = normalize_newlines(text.removeprefix(_BOM)).split("\n")
        return self._lines

    def _on_disk(self, path: str) -> str:
        """The file a finding's path shows: itself, or, when the name was
        escaped (a control character, a byte not UTF-8: util.paths.printable),
        the checked file (`files`) it shows."""
        if "\\" not in path or not self._files:
            return path
        if self._escaped is None:
            cwd = Path.cwd()
            shown = {str(file): display_path(file, cwd) for file in self._files}
            self._escaped = {
                printable(name): file for file, name in shown.items() if not name.isprintable()
            }
        return self._escaped.get(path, path)

    def line(self, row: Finding) -> str | None:
        """The text of a finding's line, None when there is none to show."""
        if row.code in UNREAD:
            return None
        lines = self.lines(row.path)
        return lines[row.line - 1] if 0 < row.line <= len(lines) else None


def _read_lines(path: str) -> list[str]:
    """A file's lines as the engine read them when it checked the file."""
    try:
        return shown_lines(read_file(path, MAX_FILE_SIZE))
    except OSError:
        return [""]


class Key(NamedTuple):
    """What identifies a finding across edits that only move it."""

    path: str
    code: str
    line_hash: str
    occurrence: int

    def fingerprint(self) -> str:
        """The key as one stable hex string (SARIF, GitLab)."""
        joined = "\0".join(map(str, self))
        return blake2b(joined.encode(), digest_size=16).hexdigest()


def line_hash(text: str | None) -> str:
    # Indentation and trailing blanks do not make a finding new.
    data = (text or "").strip().encode()
    return blake2b(data, digest_size=8).hexdigest()


def keys(rows: Iterable[Finding], sources: SourceLines, base: Path | None = None) -> Iterator[Key]:
    """The key of each row, in order (rows sorted as the engine sorts them). Paths
    are made relative to `base` when given, else kept as they are."""
    seen: Counter[tuple[str, str, str]] = Counter()
    shown: str | None = None
    path = ""
    for row in rows:
        if row.path != shown:
            shown = row.path
            path = _relative(row.path, base) if base is not None else row.path
        digest = line_hash(sources.line(row))
        seen[(path, row.code, digest)] += 1
        yield Key(path, row.code, digest, seen[(path, row.code, digest)])


def _relative(path: str, base: Path) -> str:
    relative = os.path.relpath(os.path.abspath(path), base)
    return relative if os.sep == "/" else relative.replace(os.sep, "/")


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def _unescape(text: str) -> str:
    out, index = [], 0
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text):
            index += 1
            char = {"t": "\t", "n": "\n"}.get(text[index], text[index])
        out.append(char)
        index += 1
    return "".join(out)


def write_baseline(file: Path, rows: Sequence[Finding], sources: SourceLines) -> int:
    """Record `rows` in `file`; returns how many."""
    from doclint.util.replacing import replacing  # only when a baseline is written

    base = file.absolute().parent
    entries = sorted(
        (key, row.message.split("\n", 1)[0])
        for key, row in zip(keys(rows, sources, base), rows, strict=True)
    )
    lines = [HEADER, _COMMENT.rstrip("\n")]
    lines += [
        "\t".join((_escape(key.path), key.code, key.line_hash, str(key.occurrence), _escape(msg)))
        for key, msg in entries
    ]
    try:
        # A new file renamed over the name: a link there is replaced, not followed.
        with replacing(file) as stream:
            stream.write(("\n".join(lines) + "\n").encode("utf-8"))
    except OSError as error:
        raise BaselineError(f"{file}: cannot write: {error.strerror}") from None
    return len(entries)


def read_baseline(file: Path, limit: int = MAX_FILE_SIZE) -> set[Key]:
    """The entries of a baseline file of at most `limit` bytes."""
    try:
        text = read_named(file, limit, limit_name="--max-file-size").decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BaselineError(f"{file}: cannot read: {getattr(error, 'strerror', error)}") from None
    lines = text.split("\n")
    if lines[0].rstrip("\r") != HEADER:
        raise BaselineError(f"{file}: not a doclint baseline (its first line is not {HEADER!r})")
    found = set()
    for number, line in enumerate(lines[1:], start=2):
        line = line.rstrip("\r")
        if not line or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) < 4 or not fields[3].isdigit():
            raise BaselineError(f"{file}:{number}: malformed entry {line[:80]!r}")
        found.add(Key(_unescape(fields[0]), fields[1], fields[2], int(fields[3])))
    return found


def filter_baseline(
    rows: Sequence[Finding], sources: SourceLines, file: Path, known: set[Key]
) -> list[Finding]:
    """The rows not recorded in the baseline `file` (whose entries are `known`)."""
    base = file.absolute().parent
    return [
        row for key, row in zip(keys(rows, sources, base), rows, strict=True) if key not in known
    ]
