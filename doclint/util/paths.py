"""Paths made absolute and relative at the cost of string operations.

A run asks where each of its files is several times (its place in the tree,
its path as shown, whether a walk saw it already). os.path.abspath splits and
rejoins every path, os.path.relpath does more; for paths with nothing to
normalise, as walks yield them, a join and a slice give the same answer.

How a path or a message from a tree is shown in a report (`printable`, for
every output format) and on stderr (`say`, the one writer of doclint's lines
there) is here too, and the walk of a folder (`walk_tree`), for
`discovery` (the files a run checks) and for the quoted globs doclint expands
itself (`cli/arguments.py`), and where a program is on $PATH (`find_program`).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from doclint.util.lazy_regex import compiled_on_use


def absolute(path: Path | str) -> str:
    """os.path.abspath(path), without its normalisation where a path has no
    "." or ".." part, no empty part and no trailing separator."""
    text = os.fspath(path)
    if (
        os.sep != "/"
        or not text
        or "//" in text
        or "/." in text  # may be a hidden name, not a "." part: abspath decides
        or text.startswith(".")
        or text.endswith("/")
    ):
        return os.path.abspath(text)
    return text if text.startswith("/") else f"{os.getcwd().rstrip('/')}/{text}"


def relative_to(file: Path | str, folder: str) -> str:
    """`file` relative to the absolute `folder`, POSIX style; a plain slice in the
    common case of a file inside it."""
    path = absolute(file)
    inside = path.startswith(folder) and path[len(folder) : len(folder) + 1] == os.sep
    if inside and not folder.endswith(os.sep):  # not the filesystem root
        relative = path[len(folder) + 1 :]
    else:
        relative = os.path.relpath(path, folder)
    return relative if os.sep == "/" else relative.replace(os.sep, "/")


def display_path(file: Path | str, cwd: Path) -> str:
    """How a path is shown: relative to the cwd, POSIX style."""
    return relative_to(file, str(cwd))


def find_program(name: str, search: str | None = None) -> str | None:
    """`shutil.which(name, path=search)`: the first executable file `name` of
    the absolute folders of `search` (default: $PATH), found as
    `shutil.which` finds it on POSIX, without importing `shutil` (with `bz2`
    and `lzma`) to look for `git` or `node`."""
    if sys.platform == "win32":
        import shutil

        return shutil.which(name, path=search)
    if search is None:
        search = os.environ.get("PATH")
        if search is None:
            search = os.confstr("CS_PATH") if "CS_PATH" in os.confstr_names else os.defpath
    if os.path.dirname(name):
        places = [name]
    elif search:
        # A relative folder of the PATH is relative to the working folder,
        # which is the checked tree's in a CI job: what it holds is not run.
        folders = [f for f in dict.fromkeys(search.split(os.pathsep)) if os.path.isabs(f)]
        places = [os.path.join(folder, name) for folder in folders]
    else:
        places = []
    return next(
        (
            place
            for place in places
            if os.path.exists(place) and os.access(place, os.X_OK) and not os.path.isdir(place)
        ),
        None,
    )


def walk_tree(top: str) -> Iterator[tuple[str, list[str], list[str], list[str]]]:
    """As `os.walk(top)` (top-down: the caller may prune `folders`), with each
    list sorted, but without recursion (a tree 1,000 folders deep exceeded
    Python's recursion limit in os.walk), with a folder that cannot be listed
    said once and passed over,
    and with symbolic links to folders in a list of their own, `links`, never
    entered: a link to `.` would loop, one to an outside folder would make its
    files part of the tree. A link to a file stays in `files`."""
    stack = [top]
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError as error:
            _warn(current, f"folder not read: {error.strerror}")
            continue
        folders, files, links = [], [], []
        for entry in entries:
            if _is_folder(entry, follow=False):
                folders.append(entry.name)
            elif entry.is_symlink() and _is_folder(entry, follow=True):
                links.append(entry.name)
            else:
                files.append(entry.name)
        yield current, folders, files, links
        stack += (os.path.join(current, name) for name in reversed(folders))


def _is_folder(entry: os.DirEntry[str], follow: bool) -> bool:
    try:
        return entry.is_dir(follow_symlinks=follow)
    except OSError:
        return False


_SAID: set[str] = set()


def skipped_link(path: str) -> None:
    """Say, once a process, that a symbolic link to a folder is not followed."""
    _warn(path, "symbolic link to a folder, not followed")


def _warn(path: str, problem: str) -> None:
    """One line on stderr about a path of the walk, once a process."""
    if path in _SAID:
        return
    _SAID.add(path)
    try:
        shown = os.path.relpath(path)
    except (OSError, ValueError):  # no working folder any more
        shown = path
    say(f"warning: {shown}: {problem}")


def say(message: str) -> None:
    """The one writer of doclint's own lines on stderr: `doclint: MESSAGE`,
    every character of the message escaped by `printable`, so that a name or
    a value it carries (from a tree, a configuration or the command line) can
    neither end the line nor start one of its own (`::error ...`)."""
    sys.stderr.write(f"doclint: {printable(message)}\n")


# Written escaped by `printable`: C0 controls but the tab, DEL, C1 controls,
# the line and paragraph separators, the bidirectional embeddings, overrides
# and isolates, and lone surrogates: a byte of a file name that is not UTF-8
# (os.fsdecode makes 0xff U+DCFF), which no output can encode.
# The surrogates' range is made by `chr`: a compiled build (mypyc) refuses
# a surrogate in a string literal.
_CONTROL = compiled_on_use(  # a costly compile, for the few texts not printable
    "[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"
    + chr(0xD800)
    + "-"
    + chr(0xDFFF)
    + "]"
)
_NAMED = {"\n": "\\n", "\r": "\\r"}
# Each byte to itself when it is a printable ASCII character, else to one:
# a text of those is unchanged by it.
_SAME_IF_PRINTABLE = bytes(c if 32 <= c < 127 else 32 for c in range(256))
# The length from which an ASCII text is read faster as bytes.
_SHORT = 100


def _escaped(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # the byte os.fsdecode could not decode
        return f"\\x{code - 0xDC00:02x}"
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def printable(text: str) -> str:
    """`text` with every control character written as a visible escape: the
    one escaping of what doclint writes that came from a tree, a
    configuration or a file name (paths, messages, lines, values), for every
    format and every line on stderr (`util.messages`). A file name or a line
    may hold any character; written raw, a newline starts a line of its own
    (in a CI log, a forged `::error` workflow command), an ESC a terminal
    control sequence, a bidirectional override reorders what the reader sees,
    and a byte that is not UTF-8 (`\\xff`, as shown) makes every UTF-8
    output fail. A leading `::` becomes `\\x3a:`: a text may start a line."""
    # Every character `_CONTROL` matches is one `isprintable` refuses, and its
    # C loop is a fraction of a regex scan: most texts need no escape at all.
    if not is_printable(text):
        text = _CONTROL.sub(_escaped, text)
    # A text that starts a line (a path in `concise`, a file name alone on
    # `--show-files`) must not start a workflow command either.
    return "\\x3a" + text[1:] if text.startswith("::") else text


def all_printable(texts: list[str]) -> bool:
    """Whether `printable` leaves each of `texts` as it is: a few C scans
    for a file's texts, where a call a text costs a cached run a good part
    of its time."""
    if not printable_texts(texts):
        return False
    # Joined by a NUL, which no printable text holds, "\0::" marks a text
    # that starts with "::".
    joined = "\0".join(texts)
    return not (joined.startswith("::") or "\0::" in joined)


def is_printable(text: str) -> bool:
    """`text.isprintable()`, by a faster scan where `text` is ASCII (most of
    what a generated tree's findings say)."""
    if len(text) > _SHORT and text.isascii():
        data = text.encode()
        return data.translate(_SAME_IF_PRINTABLE) == data
    return text.isprintable()


def workflow_data(text: str) -> str:
    """`text` as the data of a GitHub Actions workflow command (`::error
    ...::DATA`): escaped first (`printable`), so that a newline or ESC from
    a file name or a line is shown, not sent to the log as a line break or a
    control sequence; `%` is the commands' own escape."""
    return printable(text).replace("%", "%25")


def printable_texts(texts: list[str]) -> bool:
    """Whether each of `texts` is printable (`isprintable`)."""
    wide = _wide(texts)
    if wide and not "".join(wide).isprintable():
        return False
    return is_printable("".join([text for text in texts if text.isascii()] if wide else texts))


def _wide(texts: list[str]) -> list[str]:
    """The texts past ASCII. Joined to the others, each would make them all
    wide, and `isprintable` looks each character of such a text up in the
    Unicode database: the ASCII ones are read as bytes."""
    return [text for text in texts if not text.isascii()]


def inside(path: Path, folder: Path) -> bool:
    """Whether `path` is `folder` or below it, links resolved."""
    real, top = os.path.realpath(path), os.path.realpath(folder)
    return os.path.commonpath([real, top]) == top


def tree_folder(checkout: Path) -> Path | None:
    """The folder whose files came with a tree of `checkout` (the checkout
    that holds the tree, else its root), from which nothing doclint runs or
    trusts is taken (Mermaid's parser and Node, the cache's key): the
    checkout; outside any, the working folder when it holds the root (a
    root outside a checkout is found no higher than it, and the files
    around the root there came with the tree), else the root. The home
    folder, or a folder above it, is the user's, never a tree's folder: a
    run started there takes the root, or no folder when the root is the
    home folder or above it (the documented install in `~/.cache` then
    loads, and a `node` of the user's)."""
    if (checkout / ".git").exists():
        return checkout
    try:
        working = Path.cwd()
    except OSError:  # the working folder was removed
        working = checkout
    home = Path(os.path.expanduser("~"))
    for folder in (working, checkout):
        if inside(checkout, folder) and not inside(home, folder):
            return folder
    return None
