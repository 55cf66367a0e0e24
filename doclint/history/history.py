"""The history of the checkout a run's tree lies in, as doclint asks it.

Paths are relative to the tree root the run checks, which may be a folder
below the top of the work tree; the translation to and from the top's paths
is made here and nowhere else. A path, a commit or a folder is never given
to git as something it could read as an option: commits are checked to be
hex before they are used, and the blobs are reached from a commit's tree by
object ids, so that no path of a page is ever written to the batch process.
"""

from __future__ import annotations

import os
import posixpath
import re
import stat
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from doclint.util.lazy_regex import compiled_on_use
from doclint.util.notices import say_once
from doclint.util.paths import find_program, inside

if TYPE_CHECKING:
    from doclint.history.changes import Changes
    from doclint.history.git import Batch, Git
    from doclint.history.renames import Renames

# The largest blob (or tree) read; a larger one reads as missing.
BLOB_LIMIT: Final = 8 * 1024 * 1024

# Each object format (the name of its hash) and the width of its ids in a tree object.
_FORMATS = {"sha1": 20, "sha256": 32}
# Modes of a regular file in a tree (100664 in repositories older than git
# normalising it); a folder's.
_REGULAR = frozenset({b"100644", b"100755", b"100664"})
_FOLDER = b"40000"
_NO_RENAMES: Mapping[str, str] = MappingProxyType({})
# How many batch processes may end on a missing object before the history
# gives up (each costs a process; every answer is cached, so a run asks at
# most once for each object).
_RESTARTS = 100
# The lines of `rev-parse`'s answer that name the repository's own folders.
_PLACES = ((5, "the repository folder"), (6, "its common folder"), (7, "its object store"))
# Git follows at most so many alternates, one from another.
_ALTERNATES_DEPTH = 5
# The most entries of an object store looked at for links out of it.
_STORE_ENTRIES = 1_000_000

Parts = tuple[bytes, ...]
"""A path below the top of the work tree, by its names."""
Entry = tuple[bytes, str]
"""A tree's entry: its mode and object id."""


class History:
    """One checkout's history, read through one `git cat-file --batch-command`
    process (started again in a forked process, never shared) and a few
    one-shot commands, each answer cached for the life of the object."""

    shallow: bool
    """The checkout is a shallow clone: older commits may be missing."""
    head: str | None
    """The full id of HEAD's commit; None in a repository with no commit."""

    def __init__(
        self, git: Git, prefix: str, shallow: bool, object_format: str, limit: int
    ) -> None:
        self._git = git
        self._top = git.folder
        self._prefix = prefix
        self.shallow = shallow
        self._format = object_format
        self._width = _FORMATS[object_format]
        self._hex = re.compile(f"[0-9a-f]{{7,{2 * self._width}}}")
        self._limit = limit
        self._process: Batch | None = None
        self._pid = 0
        self._restarts = 0
        self._commits: dict[str, str | None] = {}
        self._root_trees: dict[str, str | None] = {}
        self._trees: dict[str, dict[bytes, Entry] | None] = {}
        self._blobs: dict[str, tuple[str, ...] | None] = {}
        self._lines: dict[tuple[str, Parts], tuple[str, ...] | None] = {}
        self._renames: dict[str, Mapping[str, str]] = {}
        self._walked: dict[Parts, str] | None = None
        self._remotes: frozenset[str] | None = None
        self._blames: dict[tuple[Parts, str], tuple[str, ...] | None] = {}
        self._listings: dict[str, frozenset[str] | None] = {}
        self._changes: list[Changes | None] = []
        self._rename_pass: list[Renames | None] = []
        found = self._info("HEAD")
        self.head = found[0] if found is not None and found[1] == "commit" else None

    @classmethod
    def open(cls, root: Path, *, limit: int = BLOB_LIMIT) -> History | None:
        """The history of the work tree `root` lies in; None when git is
        missing, `root` is not inside a work tree (or is a bare repository,
        or one git refuses as another user's), or git fails. `limit`: the
        largest blob read, in bytes."""
        try:
            folder = root.resolve(strict=True)
        except (OSError, RuntimeError):  # missing, or a loop of links
            return None
        checkout = _checkout_of(folder) if folder.is_dir() else None
        if checkout is None:
            return None
        # Imported for a checkout's tree only: `subprocess`, with `threading`,
        # `signal` and `locale`.
        from doclint.history.git import Git

        program = find_program("git")
        if program is None:
            return None
        if inside(Path(program), checkout):
            say_once(
                f"{root}: the history is not read, as the `git` found on PATH ({program}) "
                f"lies inside the checkout {checkout}, which the tree's author wrote",
                key=f"git inside {checkout}",
            )
            return None
        asked = [
            "rev-parse",
            "--is-inside-work-tree",
            "--show-toplevel",
            "--show-prefix",
            "--is-shallow-repository",
            "--show-object-format",
            "--absolute-git-dir",
            "--git-common-dir",
            "--git-path",
            "objects",
        ]
        output = Git(program, folder).run(asked, limit=1 << 16)
        lines = os.fsdecode(output).split("\n") if output is not None else []
        if len(lines) != 9 or lines[0] != "true" or lines[4] not in _FORMATS:
            return None
        top, prefix = Path(lines[1]), lines[2]
        if (top / prefix).resolve() != folder:  # a core.worktree elsewhere
            return None
        # Relative answers are relative to the folder git ran in.
        places = {name: folder / lines[at] for at, name in _PLACES}
        if (outside := _outside_the_checkout(top, places)) is not None:
            say_once(
                f"{root}: the history is not read, as {outside} leads outside the checkout "
                f"{top}: the claims that need it are not judged",
                key=f"history outside {top}",
            )
            return None
        history = cls(Git(program, top), prefix.rstrip("/"), lines[3] == "true", lines[4], limit)
        if history._git.broken:
            history.close()
            return None
        return history

    def moved(self) -> bool:
        """Whether HEAD names another commit now than when the history was
        opened (a commit made, a branch switched): its answers are HEAD's
        of then. Asked of the reader already running, which reads the refs
        at each request. False where git cannot say (broken): its answers
        are none already."""
        found = None if self._git.broken else self._info("HEAD")
        now = found[0] if found is not None and found[1] == "commit" else None
        return not self._git.broken and now != self.head

    def commit(self, rev: str) -> str | None:
        """The full id of the commit hex prefix `rev` (7 to 40 characters, 64
        in a SHA-256 repository) names; None when it is no such hex, names
        no commit here (a shallow clone lacks it), or names more than one."""
        if self._git.broken or not isinstance(rev, str) or not self._hex.fullmatch(rev):
            return None
        if rev not in self._commits:
            found = self._info(f"{rev}^{{commit}}")
            # A tag's id peels to its commit, and a branch may be named like
            # hex (git prefers a ref to an id prefix): neither is the commit
            # the pin names, and that commit's id does not start with it.
            named = found is not None and found[1] == "commit" and found[0].startswith(rev)
            self._commits[rev] = found[0] if found is not None and named else None
        return self._commits[rev]

    def parentless(self, commit: str) -> bool:
        """Whether the history holds the commit hex prefix `commit` names
        without its parent: a shallow clone's oldest commit, which `git log`
        and `git blame` give every older change to, or a repository's first."""
        sha = self.commit(commit)
        return sha is not None and self._info(f"{sha}^") is None

    def lines_at(self, commit: str, path: str) -> tuple[str, ...] | None:
        """The lines of file `path` at `commit` (its bytes as UTF-8, a bad
        byte as U+FFFD, split as str.splitlines); None when the commit has
        no regular file there, or it is larger than the limit."""
        parts = self._parts(path)
        sha = self.commit(commit) if parts is not None else None
        if sha is None or parts is None:
            return None
        key = (sha, parts)
        if key not in self._lines:
            entry = self._entry(sha, parts)
            regular = entry is not None and entry[0] in _REGULAR
            self._lines[key] = self._blob(entry[1]) if entry is not None and regular else None
        return None if self._git.broken else self._lines[key]

    def paths_at(self, commit: str) -> frozenset[str] | None:
        """The regular files of the tree at `commit` (paths of the tree):
        what a bare name or a path's ending named where a citation was
        written. One `git ls-tree` a commit; None when git cannot say."""
        sha = self.commit(commit)
        if sha is None:
            return None
        if sha not in self._listings:
            asked = ["ls-tree", "-r", "-z", "--full-tree", sha]
            if self._prefix:
                asked += ["--", self._prefix]
            output = self._git.run(asked)
            found: set[str] | None = None
            if output is not None:
                found = set()
                for record in output.split(b"\0"):
                    info, _, name = record.partition(b"\t")
                    if info.split(b" ", 1)[0] in _REGULAR and (path := self._below_root(name)):
                        found.add(path)
            self._listings[sha] = frozenset(found) if found is not None else None
        return None if self._git.broken else self._listings[sha]

    def head_blame(self, path: str) -> tuple[str, tuple[str, ...]] | None:
        """HEAD's blob of the file at `path` and the commit that last wrote
        each of its lines: one `git blame` per file; None when HEAD has no
        such regular file or git cannot say."""
        from doclint.history.blame import blame
        from doclint.history.changes import grafts

        parts = self._parts(path)
        if self._git.broken or self.head is None or parts is None:
            return None
        entry = self._entry(self.head, parts)
        if entry is None or entry[0] not in _REGULAR:
            return None
        key = (parts, entry[1])
        if key not in self._blames:
            changes = self._changes_of_files()
            walk = grafts(changes, self.head, parts, self._blob_at(parts)) if changes else []
            named = os.fsdecode(b"/".join(parts))
            self._blames[key] = blame(self._git, self.head, named, walk)
        found = self._blames[key]
        return None if self._git.broken or found is None else (entry[1], found)

    def blame(self, path: str, data: bytes | None) -> tuple[str, ...] | None:
        """The commit that last wrote each line of the file at `path`, whose
        bytes as the run reads them are `data`; where they are not HEAD's (an
        edit not committed, a buffer, a page being fixed), their lines blamed
        as an edit of HEAD's ("" for a line no commit wrote): a line kept
        keeps its commit. None when HEAD has no such file or git cannot say."""
        found = self.head_blame(path)
        if found is None or data is None:
            return None
        oid, commits = found
        own = self._blob_id(data)
        if oid in (own, self._blob_id(data.replace(b"\r\n", b"\n"))):
            return commits
        from doclint.history.blame import blame
        from doclint.history.changes import grafts

        parts = self._parts(path)
        assert parts is not None and self.head is not None
        key = (parts, f"contents:{own}")
        if key not in self._blames:
            changes = self._changes_of_files()
            walk = grafts(changes, self.head, parts, self._blob_at(parts)) if changes else []
            named = os.fsdecode(b"/".join(parts))
            self._blames[key] = blame(self._git, self.head, named, walk, data)
        return None if self._git.broken else self._blames[key]

    def renamed(self, commit: str) -> Mapping[str, str]:
        """The files of the tree renamed between `commit` and HEAD, old path
        to new; empty when there are none or git cannot say."""
        sha = self.commit(commit)
        if sha is None or self.head is None:
            return _NO_RENAMES
        if sha not in self._renames and (since := self._renamed_since(sha)) is not None:
            self._renames[sha] = MappingProxyType(since)
        if sha not in self._renames:
            # A commit below the window (or too many pairs to keep): which
            # renames lie between it and HEAD is the two trees' to say.
            asked = ["diff-tree", "-r", "-M", "--name-status", "-z", "--no-ext-diff"]
            asked += ["--no-textconv", sha, self.head]
            if self._prefix:
                asked += ["--", self._prefix]
            output = self._git.run(asked)
            self._renames[sha] = MappingProxyType(self._read_renames(output or b""))
        return _NO_RENAMES if self._git.broken else self._renames[sha]

    def last_change(self, path: str) -> str | None:
        """The commit in which `path` last changed; None when HEAD has no
        such file or the work tree's differs from it (the page is now)."""
        parts = self._parts(path)
        if self._git.broken or self.head is None or parts is None:
            return None
        entry = self._entry(self.head, parts)
        if entry is None or entry[0] not in _REGULAR or not self._unchanged(parts, entry[1]):
            return None
        from doclint.history.changes import last_change

        changes = self._changes_of_files()
        changed = last_change(changes, parts) if changes is not None else None
        if changed is None:
            # A history with a merge: the tree's folder walked once for
            # every page, not once a page's folder.
            changed = self._walk().get(parts)
        return None if self._git.broken else changed

    def remotes(self) -> frozenset[str]:
        """`host/owner/repo`, lower-case, of each remote's URL."""
        if self._remotes is None:
            asked = ["config", "-z", "--get-regexp", r"^remote\..*\.url$"]
            output = self._git.run(asked, limit=1 << 20) or b""
            records = (record.partition(b"\n")[2] for record in output.split(b"\0"))
            slugs = (remote_slug(url.decode("utf-8", "replace")) for url in records)
            self._remotes = frozenset(slug for slug in slugs if slug is not None)
        return frozenset() if self._git.broken else self._remotes

    def close(self) -> None:
        """End this process's batch process (a forked child's copy of the
        parent's is left to the parent)."""
        if self._process is not None and self._pid == os.getpid():
            self._process.close()
        self._process = None

    # What git is asked, and what it answers.

    def _batch(self) -> Batch | None:
        if self._pid != os.getpid():
            # Forked: the parent's pipes are not this process's to use.
            self._process, self._pid = None, os.getpid()
        if self._process is not None and self._process.ended:
            # Each object of a partial clone missing here ends one process.
            self._restarts += 1
            self._process = None
            if self._restarts > _RESTARTS:
                self._git.broken = True
        if self._process is None:
            self._process = self._git.batch()
        return self._process

    def _info(self, name: str) -> tuple[str, str, int] | None:
        batch = self._batch()
        return batch.info(name) if batch is not None else None

    def _contents(self, oid: str, kind: str) -> bytes | None:
        """The bytes of object `oid` when it is a `kind` within the limit."""
        found = self._info(oid)
        batch = self._batch()
        if found is None or found[1] != kind or found[2] > self._limit or batch is None:
            return None
        return batch.contents(oid)

    def _parts(self, path: str) -> Parts | None:
        """`path` of the tree as names below the top; None when it is empty,
        absolute, leaves the root, or holds a line feed or a NUL."""
        if not isinstance(path, str) or not path or "\n" in path or "\0" in path:
            return None
        normal = posixpath.normpath(path)
        if normal.startswith("/") or normal in (".", "..") or normal.startswith("../"):
            return None
        full = f"{self._prefix}/{normal}" if self._prefix else normal
        return tuple(os.fsencode(name) for name in full.split("/"))

    def _entry(self, commit: str, parts: Parts) -> Entry | None:
        """The tree entry of `parts` in `commit`, reached folder by folder."""
        if commit not in self._root_trees:
            found = self._info(f"{commit}^{{tree}}")
            self._root_trees[commit] = found[0] if found is not None else None
        entry: Entry | None = (_FOLDER, oid) if (oid := self._root_trees[commit]) else None
        for name in parts:
            if entry is None or entry[0] != _FOLDER:
                return None
            entry = self._tree(entry[1]).get(name)
        return entry

    def _tree(self, oid: str) -> dict[bytes, Entry]:
        if oid not in self._trees:
            data = self._contents(oid, "tree")
            self._trees[oid] = _tree_entries(data, self._width) if data is not None else None
        return self._trees[oid] or {}

    def _blob(self, oid: str) -> tuple[str, ...] | None:
        if oid not in self._blobs:
            data = self._contents(oid, "blob")
            # splitlines ends a line at CRLF and CR as at LF.
            text = data.decode("utf-8", errors="replace") if data is not None else None
            self._blobs[oid] = tuple(text.splitlines()) if text is not None else None
        return self._blobs[oid]

    def _read_renames(self, output: bytes) -> dict[str, str]:
        fields = output.split(b"\0")
        renames: dict[str, str] = {}
        at = 0
        while at + 1 < len(fields) and fields[at]:
            status = fields[at][:1]
            if status in (b"R", b"C") and at + 2 < len(fields):
                old, new = self._below_root(fields[at + 1]), self._below_root(fields[at + 2])
                if status == b"R" and old is not None and new is not None:
                    renames[old] = new
                at += 3
            else:
                at += 2
        return renames

    def _below_root(self, name: bytes) -> str | None:
        """A path below the top as a path of the tree; None outside it."""
        path = os.fsdecode(name)
        if not self._prefix:
            return path
        start = f"{self._prefix}/"
        return path[len(start) :] if path.startswith(start) else None

    def _renamed_since(self, sha: str) -> dict[str, str] | None:
        """The files of the tree renamed after commit `sha`, old path to
        the one HEAD has, from the run's one pass over the renames; None
        where it cannot tell (a commit below the window, more pairs than
        kept). As between two trees, a path HEAD still has was not renamed
        away, and a file gone since is renamed nowhere."""
        from doclint.history.renames import read_renames, renamed_since

        changes = self._changes_of_files()
        if changes is None or (changes.cut and not changes.linear):
            return None
        if not self._rename_pass:
            assert self.head is not None
            self._rename_pass.append(read_renames(self._git, self.head, changes))
        renames = self._rename_pass[0]
        since = renamed_since(renames, sha) if renames is not None else None
        if since is None:
            return None
        found: dict[str, str] = {}
        for old, new in since.items():
            before, after = self._below_root(old), self._below_root(new)
            if before is None or after is None or before == after:
                continue
            if self._head_file(old) or not self._head_file(new):
                continue
            found[before] = after
        return found

    def _blob_at(self, parts: Parts) -> Callable[[str], str | None]:
        """The object of the file `parts` at a commit (None where it has none)."""

        def blob(commit: str) -> str | None:
            entry = self._entry(commit, parts)
            return entry[1] if entry is not None and entry[0] != _FOLDER else None

        return blob

    def _head_file(self, path: bytes) -> bool:
        """Whether HEAD has a file (or a link) at `path` below the top."""
        assert self.head is not None
        entry = self._entry(self.head, tuple(path.split(b"/")))
        return entry is not None and entry[0] != _FOLDER

    def _changes_of_files(self) -> Changes | None:
        """Which commits changed each file: one pass over the history for
        every page's blame and last change, not one walk a page."""
        if not self._changes:
            from doclint.history.changes import read_changes

            assert self.head is not None
            self._changes.append(read_changes(self._git, self.head, self._prefix))
        return self._changes[0]

    def _walk(self) -> dict[Parts, str]:
        """The commit that last changed each file of the tree: one `git log`
        for all of them, once a run."""
        if self._walked is not None:
            return self._walked
        asked = ["log", "--format=%x01%H", "-z", "--name-only", "--no-renames"]
        asked += ["--no-ext-diff", "--no-textconv", str(self.head), "--"]
        if self._prefix:
            asked.append(self._prefix)
        output = self._git.run(asked) or b""
        changed: dict[Parts, str] = {}
        # Newest first: the first commit naming a file is its last change.
        for record in output.split(b"\x01")[1:]:
            commit, _, names = record.partition(b"\0")
            for name in names.lstrip(b"\n").split(b"\0"):
                if name:
                    changed.setdefault(tuple(name.split(b"/")), commit.decode("ascii", "replace"))
        self._walked = changed
        return changed

    def _unchanged(self, parts: Parts, oid: str) -> bool:
        """The work tree's file is blob `oid`, byte for byte or once its CRLF
        line ends are LF (as `core.autocrlf` checks out). Hashed here, not by
        `git status`: that would read the index and run the filters and the
        fsmonitor hook a repository's configuration names."""
        data = _read_regular(self._top, parts, self._limit)
        if data is None:
            return False
        if self._blob_id(data) == oid:
            return True
        normal = data.replace(b"\r\n", b"\n")
        return normal != data and self._blob_id(normal) == oid

    def _blob_id(self, data: bytes) -> str:
        import hashlib  # OpenSSL's, loaded for the first file compared

        return hashlib.new(self._format, b"blob %d\0" % len(data) + data).hexdigest()


def _checkout_of(folder: Path) -> Path | None:
    """The nearest of `folder` and the folders above it that holds an entry
    named `.git`: git finds the work tree a folder lies in only so (a `.git`
    folder, or the file naming one of a worktree or a submodule) when its
    environment names no repository, and the runner drops it
    (`git.environment`). Without one, no git is started: a tree of pages
    outside a checkout (an exported wiki) spawns no process for its history."""
    return next(
        (place for place in (folder, *folder.parents) if os.path.lexists(place / ".git")), None
    )


def _outside_the_checkout(top: Path, places: Mapping[str, Path]) -> str | None:
    """What of the repository git found leads outside `top`, the folder of the
    checkout ("" for nothing): a `.git` file or a worktree's `commondir`
    naming another repository's folder, an object store elsewhere or linked
    from elsewhere, an alternate store outside. Git reads objects through
    each, so a tree that ships one would have its citations proven against
    (and their messages quote) another repository on the machine."""
    for name, place in places.items():
        if not _inside(top, place):
            return name
    stores = _stores(top, places["its object store"].resolve())
    if isinstance(stores, str):
        return stores
    return next(filter(None, (_link_out_of(top, store) for store in stores)), None)


def _inside(top: Path, place: Path) -> bool:
    try:
        return place.resolve(strict=True).is_relative_to(top)
    except (OSError, RuntimeError):
        return False


def _stores(top: Path, store: Path) -> list[Path] | str:
    """The object stores git reads: `store` and the alternates its
    `objects/info/alternates` names, and theirs, as deep as git follows
    them, each once; what leads outside `top` when one does (an alternate
    outside, or one written in a way not read here)."""
    found, seen, step, depth = [store], {store}, [store], _ALTERNATES_DEPTH
    while step:
        named: list[Path] = []
        for folder in step:
            if not os.path.lexists(folder / "info" / "alternates"):
                continue
            # Read without following a link, as is every file the history reads.
            text = _read_regular(folder, (b"info", b"alternates"), 1 << 16)
            if text is None or depth == 0:
                return "objects/info/alternates"
            for line in text.decode("utf-8", "replace").splitlines():
                if not line.strip() or line.startswith("#"):
                    continue
                # A quoted entry is C-quoted by git's rules: taken as leading out.
                if line.startswith('"') or not _inside(top, folder / line):
                    return "objects/info/alternates"
                if (other := (folder / line).resolve()) not in seen:
                    seen.add(other)
                    found.append(other)
                    named.append(other)
        step, depth = named, depth - 1
    return found


def _link_out_of(top: Path, store: Path) -> str | None:
    """A symbolic link of the object store (a loose object, a pack, a folder
    of either) whose target lies outside `top`."""
    folders, seen = [store], 0
    while folders:
        try:
            entries = list(os.scandir(folders.pop()))
        except OSError:
            continue
        for entry in entries:
            seen += 1
            if seen > _STORE_ENTRIES:
                return "its object store (too many entries to check)"
            if entry.is_symlink():
                if not _inside(top, Path(entry.path)):
                    return f"a link in its object store ({entry.name})"
            elif entry.is_dir(follow_symlinks=False):
                folders.append(Path(entry.path))
    return None


def _tree_entries(data: bytes, width: int) -> dict[bytes, Entry]:
    """A tree object's entries by name: `<mode> <name>\\0<id>` each, the id
    `width` raw bytes (git's documented object format, as cat-file gives it)."""
    entries: dict[bytes, Entry] = {}
    at = 0
    while (space := data.find(b" ", at)) >= 0 and (end := data.find(b"\0", space)) >= 0:
        oid = data[end + 1 : end + 1 + width]
        if len(oid) != width:
            break
        entries[data[space + 1 : end]] = (data[at:space], oid.hex())
        at = end + 1 + width
    return entries


def _read_regular(top: Path, parts: Parts, limit: int) -> bytes | None:
    """The bytes of the regular file `parts` below `top`, reached without
    following a link, never waiting on a pipe; None past `limit` bytes."""
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        folder = os.open(top, flags | os.O_DIRECTORY)
    except OSError:
        return None
    try:
        for name in parts[:-1]:
            inner = os.open(name, flags | os.O_DIRECTORY, dir_fd=folder)
            os.close(folder)
            folder = inner
        fd = os.open(parts[-1], flags | os.O_NONBLOCK, dir_fd=folder)
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
                return None
            with os.fdopen(fd, "rb", closefd=False) as file:
                data = file.read(limit + 1)
            return data if len(data) <= limit else None
        finally:
            os.close(fd)
    except OSError:
        return None
    finally:
        os.close(folder)


_URL = compiled_on_use(r"[a-z][a-z0-9+.-]*://([^/]*)(/.*)?", re.IGNORECASE)
# git's scp-like form, `[user@]host:path`: no slash before the colon.
_SCP = compiled_on_use(r"(?:[^@/]*@)?([^:/]+):(.*)")


def remote_slug(url: str) -> str | None:
    """`host/owner/repo` (lower-case, no `.git`) of a remote URL in any of
    git's forms (`https://host/o/r.git`, `git@host:o/r`, `ssh://git@host:22/o/r`);
    None for a local path or `file://`."""
    if found := _URL.fullmatch(url.strip()):
        if url.strip().lower().startswith("file:"):
            return None
        host = found[1].rpartition("@")[2]
        host = host if host.startswith("[") else host.partition(":")[0]
        path = found[2] or ""
    elif found := _SCP.fullmatch(url.strip()):
        host, path = found[1], found[2]
    else:
        return None
    path = path.strip("/").removesuffix(".git").strip("/")
    if not host or "/" not in path:
        return None
    return f"{host}/{path}".lower()
