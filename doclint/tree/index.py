"""What the tree holds: which paths exist, their sizes, documented sources, anchors.

Built once per run and shared by every file's check. Paths are POSIX paths
relative to the tree root. Existence comes either from the file system (one
`scandir` per folder, cached) or from a listing (`--known-paths`), in which
case file contents are still read from disk when they are there.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Callable, Iterable
from functools import lru_cache
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from doclint.tree.reading import MAX_FILE_SIZE, RootFolder, read_beneath, read_regular
from doclint.tree.records import LinkTarget, SourceFile
from doclint.util.digests import blake2b
from doclint.util.link_paths import resolve_target
from doclint.util.lru import LatestDict

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr

    # The history (git, subprocess) is imported when a rule first asks of it:
    # only pages that cite code at a commit do.
    from doclint.history import History
    from doclint.models.markdown import Link
    from doclint.profiles.generators import Generators


# mypyc reads `mypyc_attr` from the source when it compiles the module; run as
# Python, the decorator leaves the class as it is, and importing
# mypy_extensions for it would cost every start. Set through the module's
# namespace: mypyc compiles an `else` of TYPE_CHECKING as unreachable.
def _as_it_is(*attrs: str, **options: object) -> Callable[[type], type]:
    return _same


def _same(cls: type) -> type:
    return cls


globals().setdefault("mypyc_attr", _as_it_is)


# Sources kept read: the work is ordered so that the pages of one source come
# together (engine `work_affinity`), and a process that kept every source it
# read would hold the text of a whole tree's sources by the end.
SOURCES_KEPT = 64
# Pages kept as the engine read them to check them: a level-2 page documents
# a page of the same source, checked a few files before it (the same order).
READS_KEPT = 8
# Answers kept (util/lru.py): the folders listed, the facts asked, the
# files stat'ed, the anchors of link targets. Bounded, so that a process does
# not grow with the tree; enough that the neighbouring files the work puts
# together find the answers they share.
FOLDERS_KEPT = 4096
FACTS_KEPT = 1 << 16
STATS_KEPT = 1 << 14
ANCHORS_KEPT = 1 << 12

Stamp = tuple[int, int, int]
"""(mtime in ns, size, ctime in ns) of a file: tells whether it may have
changed since its bytes were last read, never what they are."""
K = TypeVar("K")
V = TypeVar("V")
Fact = tuple[str, str, object]
"""A question a rule asked about the tree (kind, path) and its answer."""
question_of: Callable[[Fact], tuple[str, str]] = itemgetter(0, 1)
"""A fact's question, (kind, path), without its answer."""


def digest(data: bytes | memoryview) -> bytes:
    """The digest that stands for a file's bytes, or an answer's, wherever
    two of them are compared."""
    return blake2b(data, digest_size=16).digest()


def file_stamp(path: str | os.PathLike[str]) -> Stamp | None:
    """The `Stamp` of a file, None when it cannot be seen. The ctime moves
    when the file's mode or owner does: whether it can be read is an input too."""
    try:
        return stamp_of(os.stat(path))
    except (OSError, ValueError):
        return None


def stamp_of(info: os.stat_result) -> Stamp:
    """The `Stamp` of a file's status."""
    return (info.st_mtime_ns, info.st_size, info.st_ctime_ns)


# Compiled (util/build.py): fix mode's OverlayTree subclasses it in Python.
@mypyc_attr(allow_interpreted_subclasses=True)
class Tree:
    """Read-only facts about the tree, shared by all files of a run."""

    def __init__(
        self,
        root: Path,
        known_paths: list[str] | None = None,
        generators: Generators | None = None,
    ) -> None:
        self.root = Path(os.path.abspath(root))
        self._generators = generators
        """The run's generators, which say where a file's documentation
        embeds the file's copy (the shipped ones when None)."""
        # Paths are joined as strings: pathlib costs more than the stat it wraps.
        self._root = str(self.root)
        self._prefix = os.path.join(self._root, "")
        self._listing: set[str] | None = None
        self._listing_dirs: dict[str, tuple[set[str], set[str]]] = {}
        if known_paths is not None:
            self._load_listing(known_paths)
        # Stored together, forgotten together: both keep FOLDERS_KEPT.
        self._scanned: dict[str, dict[str, bool] | None] = LatestDict(FOLDERS_KEPT)
        self._symlinks: dict[str, set[str]] = LatestDict(FOLDERS_KEPT)
        """Per folder scanned, its entries that are symbolic links."""
        self._inside: dict[str, bool] = {"": True}
        """Per folder, whether it is reached without leaving the root through a link."""
        self.root_folder = RootFolder(self._root)
        """The root's folder, held open for the run's reads (`close`)."""
        self._real_root = self.root_folder.path
        self._anchor_cache: dict[str, frozenset[str] | None] = LatestDict(ANCHORS_KEPT)
        self._source_cache: dict[str, SourceFile | None] = LatestDict(SOURCES_KEPT)
        self._recent_reads: dict[str, bytes] = LatestDict(READS_KEPT)
        self._facts: dict[tuple[str, str], object] = LatestDict(FACTS_KEPT)
        # Sizes, not statuses: a status of each file read would hold 0.5 KB more.
        self._sizes: dict[str, int | None] = LatestDict(STATS_KEPT)
        self._places: dict[str, str | None] = LatestDict(STATS_KEPT)
        self._history: list[History | None] = []
        """The checkout's history, opened when a rule first asks (empty till then)."""
        self.built: dict[str, tuple[bool, object, tuple[tuple[str, str], ...]]] = {}
        """What rule helpers build once from the whole tree
        (`RuleContext.once_per_tree`), by their key: whether the building
        recorded facts, what it built, and the questions it asked."""

    def close(self) -> None:
        """The run's reads are over: close the root's folder (a read after
        this opens it again) and the history's reader."""
        self.root_folder.close()
        if self._history and self._history[0] is not None:
            self._history[0].close()
        self._history = []

    def history(self) -> History | None:
        """The history of the checkout holding the tree (None outside one)."""
        if not self._history:
            from doclint.history import History

            self._history.append(History.open(self.root))
        return self._history[0]

    def history_moved(self) -> bool:
        """Whether the history a rule opened is no longer the checkout's
        (`History.moved`); False when none was opened."""
        return bool(self._history) and self._history[0] is not None and self._history[0].moved()

    @property
    def listing_mode(self) -> bool:
        return self._listing is not None

    def _load_listing(self, known_paths: list[str]) -> None:
        files: set[str] = set()
        for raw in known_paths:
            path = listed_path(raw)
            if path is not None:
                files.add(path)
        self._listing = files
        dirs = self._listing_dirs
        dirs[""] = (set(), set())
        for path in sorted(files):
            parent, name = posixpath.split(path)
            chain = parent
            while True:
                dirs.setdefault(chain, (set(), set()))
                if not chain:
                    break
                up, base = posixpath.split(chain)
                dirs.setdefault(up, (set(), set()))[1].add(base)
                chain = up
            dirs[parent][0].add(name)

    def _scan(self, folder: str) -> dict[str, bool] | None:
        """Names in a folder on disk, each mapped to "is a directory"."""
        if folder in self._scanned:
            return self._scanned[folder]
        entries: dict[str, bool] = {}
        links: set[str] = set()
        result: dict[str, bool] | None = None
        if self.reaches(folder):
            try:
                with os.scandir(self._on_disk(folder)) as scan:
                    for entry in scan:
                        try:
                            entries[entry.name] = entry.is_dir()
                            if entry.is_symlink():
                                links.add(entry.name)
                        except OSError:
                            entries[entry.name] = False
                result = entries
            except OSError:
                pass
        self._scanned[folder] = result
        self._symlinks[folder] = links
        return result

    def reaches(self, folder: str) -> bool:
        """Whether a folder of the tree (clean, "" for the root) is reached
        without a symbolic link out of the root on the way: nothing beyond such
        a link is listed or read, whatever a link or a title names."""
        # From the deepest folder already known down: a link target may name
        # thousands of folders, too deep to recurse.
        unknown = []
        while folder not in self._inside:
            unknown.append(folder)
            folder = _split(folder)[0]
        inside = self._inside[folder]
        for folder in reversed(unknown):
            inside = inside and self._stays(*_split(folder))
            self._inside[folder] = inside
        return inside

    def _stays(self, folder: str, name: str) -> bool:
        """Whether an entry of a reached folder is no link leading out of the root.
        Only links cost a resolution; the folder's scan says which entries are."""
        links = self._symlinks.get(folder)
        if links is None:
            self._scan(folder)
            links = self._symlinks[folder]
        if name not in links:
            return True
        real = os.path.realpath(self._on_disk(posixpath.join(folder, name)))
        return real == self._real_root or real.startswith(self._real_root + os.sep)

    def escapes(self, path: str) -> bool:
        """Whether a path of the tree leads out of the root: by its `..`, or
        through a symbolic link (a file or a folder on the way)."""
        clean = clean_path(path)
        if clean is None:
            return "\0" not in path  # a name with a NUL names no file, nowhere
        return not self._within(clean)

    def _within(self, clean: str) -> bool:
        """Whether a clean path of the tree stays inside the root all the way."""
        if not clean:
            return True
        parent, name = _split(clean)
        inside = self._inside.get(parent)
        if inside is None:
            inside = self.reaches(parent)
        return inside and self._stays(parent, name)

    def _readable(self, path: str) -> str | None:
        """Where a file of the tree is on disk; None when it lies beyond the root.
        Kept per path: every file's facts name the same few link targets."""
        if path in self._places:
            return self._places[path]
        clean = clean_path(path)
        place = self._on_disk(clean) if clean is not None and self._within(clean) else None
        self._places[path] = place
        return place

    def _on_disk(self, clean: str) -> str:
        return self._prefix + clean if clean else self._root

    def children(self, folder: str, *, links: bool = True) -> tuple[list[str], list[str]] | None:
        """(files, subfolders) of a folder, sorted; None if it is not a folder.
        Without `links`, no subfolder that is a symbolic link (a walk of the
        whole tree goes round no loop of links) and no file that is a link
        out of the root, resolved: what lies outside neither shows nor, by
        its absence (a link to a missing folder reads as a file), tells."""
        cleaned = clean_path(folder)
        if cleaned is None:
            return None
        folder = cleaned
        if self._listing is not None:
            found = self._listing_dirs.get(folder)
            return (sorted(found[0]), sorted(found[1])) if found is not None else None
        entries = self._scan(folder)
        if entries is None:
            return None
        if links:
            return (
                sorted(name for name, is_dir in entries.items() if not is_dir),
                sorted(name for name, is_dir in entries.items() if is_dir),
            )
        skipped = self._symlinks.get(folder, set())
        return (
            sorted(
                name
                for name, is_dir in entries.items()
                if not is_dir and (name not in skipped or self._stays(folder, name))
            ),
            sorted(name for name, is_dir in entries.items() if is_dir and name not in skipped),
        )

    def is_dir(self, path: str) -> bool:
        return self._is(path, True)

    def is_file(self, path: str) -> bool:
        return self._is(path, False)

    def _is(self, path: str, folder: bool) -> bool:
        """Whether `path` is a folder (`folder`) or a file of the tree: by the
        listing, else by its parent's scan (the root is a folder)."""
        cleaned = clean_path(path)
        if cleaned is None:
            return False
        if self._listing is not None:
            return cleaned in (self._listing_dirs if folder else self._listing)
        if not cleaned:
            return folder
        parent, name = _split(cleaned)
        scanned = self._scan(parent)
        return scanned is not None and scanned.get(name) is folder and self._stays(parent, name)

    def exists(self, path: str) -> bool:
        return self.is_file(path) or self.is_dir(path)

    def read_bytes(self, path: str) -> bytes | None:
        """Contents of a file the tree holds, if it can be read from disk and is
        not over MAX_FILE_SIZE (a documented source of a gigabyte is not loaded
        to count its classes)."""
        if not self.is_file(path):
            return None
        on_disk = self._readable(path)
        if on_disk is None:
            return None
        data = self._recent_reads.get(path)
        if data is None:
            try:
                # As a page is read: the file read is the one found in the tree.
                relative = clean_path(path) or path
                limit, held = MAX_FILE_SIZE + 1, self.root_folder
                data, status = read_beneath(self._root, relative, limit, held=held)
            except OSError:
                return None
            self._keep_size(path, status)
        return data if len(data) <= MAX_FILE_SIZE else None

    def remember_read(self, path: str, data: bytes, status: os.stat_result) -> None:
        """The bytes of a file of the tree (a clean path) and the status of
        the file they were read from, as the engine just read them to check
        it: a rule that reads the file soon after, or asks its size, gets
        them without a second read or a stat."""
        self._recent_reads[path] = data
        self._keep_size(path, status)

    def _keep_size(self, path: str, status: os.stat_result) -> None:
        """The size of a file just read, from its open file's status: the one
        `_size` would take by its path, which names the same file."""
        if path not in self._sizes:
            self._sizes[path] = status.st_size

    def read_text(self, path: str) -> str | None:
        data = self.read_bytes(path)
        return data.decode("utf-8", errors="replace") if data is not None else None

    def file_size(self, path: str) -> int | None:
        if not self.is_file(path):
            return None
        return self._size(path)

    def is_binary(self, path: str) -> bool | None:
        """True for a file with a NUL byte in its first 8 KiB, as generators and
        git tell binary files; None when the file cannot be read from disk."""
        if not self.is_file(path):
            return None
        on_disk = self._readable(path)
        try:
            return b"\0" in read_regular(on_disk, 8192) if on_disk is not None else None
        except OSError:
            return None

    def _size(self, path: str) -> int | None:
        """One stat per path and run, when the file was not read."""
        if path in self._sizes:
            return self._sizes[path]
        on_disk = self._readable(path)
        try:
            size = os.stat(on_disk).st_size if on_disk is not None else None
        except (OSError, ValueError):
            size = None
        self._sizes[path] = size
        return size

    def changed(self, paths: Iterable[str]) -> Changes:
        """The files or folders at `paths` (clean paths) changed on disk:
        saved, made or deleted. What the tree knows of them, and what was
        built from them (`built`), is read again when next asked; the rest
        is kept. A folder's listing is read again only when a file or folder
        in it was made or deleted (a folder made with a file, its own
        folder's too). One pass for them all: a branch switched changes
        thousands at once."""
        said = frozenset(paths)
        made: set[str] = set()
        pending = list(said)
        while pending:
            path = pending.pop()
            if path not in made and self._relisted(path):
                made.add(path)
                parent = _split(path)[0]
                if parent and parent in self._scanned and self._scanned[parent] is None:
                    pending.append(parent)  # a folder made with the file
        changes = Changes(said | made, frozenset(_split(path)[0] for path in made))
        gone = frozenset(made)
        _drop(self._scanned, lambda folder: folder in changes.relisted or _at(folder, gone))
        _drop(self._symlinks, lambda folder: folder in changes.relisted or _at(folder, gone))
        _drop(self._inside, lambda name: _at(name, gone))
        _drop(self._places, lambda name: _at(name, gone))
        _drop(self._recent_reads, lambda name: _at(name, changes.paths))
        _drop(self._sizes, lambda name: _at(name, changes.paths))
        _drop(self._anchor_cache, lambda name: _at(name, changes.paths))
        _drop(self._source_cache, lambda name: self.depends("source", name, changes))
        _drop(self._facts, lambda asked: self.depends(*asked, changes))
        _drop(
            self.built,
            lambda key: any(self.depends(*asked, changes) for asked in self.built[key][2]),
        )
        return changes

    def depends(self, kind: str, asked: str, changes: Changes) -> bool:
        """Whether the answer to the question (`kind`, `asked`) (`fact`)
        depends on what `changes` says changed on disk: the bytes or
        presence of a file or folder, what lies below a folder, a listing."""
        if kind == "children" and changes.relisted and clean_path(asked) in changes.relisted:
            return True
        for name in self.read_by(kind, asked):
            clean = clean_path(name)
            if clean is not None and _at(clean, changes.paths):
                return True
        return False

    def _relisted(self, path: str) -> bool:
        """Whether the listing of `path`'s folder, as scanned, no longer
        says what is on disk (the file or folder was made or deleted): a
        listing given (`--known-paths`) is never read again."""
        parent, name = _split(path)
        if self._listing is not None or parent not in self._scanned:
            return False
        listed = self._scanned[parent]
        on_disk = self._on_disk(path)
        there = os.path.lexists(on_disk)
        if listed is None:
            return there  # its folder, none when scanned, is made now
        return (name in listed) != there or (there and listed[name] != os.path.isdir(on_disk))

    def read_by(self, kind: str, path: str) -> tuple[str, ...]:
        """The paths of the tree (not cleaned) whose bytes, or presence, the
        answer to a question (`fact`) depends on: the file or folder asked
        of, and for a source the pages that may embed its copy; none for a
        question of the history at a commit, which no change on disk moves."""
        if kind == "source":
            from doclint.profiles.generators import shipped_generators

            generators = self._generators or shipped_generators()
            return (path, *generators.source_copies(path))
        return (path,) if kind in _READS_PATH else ()

    def fact(self, kind: str, path: str) -> object:
        """The answer to one question a rule asked about the tree, in a form the
        cache can store and compare: asking again gives an equal value exactly
        when the answer the rule got is still true. Answers say what was
        found (a digest of an anchor set, a source or a listing), never a stamp or a place on
        disk, so that they hold in another checkout of the same tree. Kept
        for the run: many files ask the same questions (a shared link target,
        a folder)."""
        key = (kind, path)
        if key in self._facts:
            return self._facts[key]
        answer = self._facts[key] = self._answer(kind, path)
        return answer

    def _answer(self, kind: str, path: str) -> object:
        if kind == "escapes":
            return self.escapes(path)
        if kind == "anchors":
            found = self.anchors(path)
            return _answer_digest(sorted(found)) if found is not None else None
        if kind == "size":
            return self.file_size(path)
        if kind == "source":
            source = self.source(path)
            return _source_digest(source) if source is not None else None
        if kind == "is_file":
            return self.is_file(path)
        if kind == "is_dir":
            return self.is_dir(path)
        if kind == "children":
            children = self.children(path)
            return _answer_digest(children) if children is not None else None
        if kind == "binary":
            return self.is_binary(path)
        if kind in _HISTORY_FACTS:
            return self._history_answer(kind, path)
        if kind == "tally":
            # `page\0count\0template`: counted when asked, so that a run
            # reusing the page's result, which asks its facts again, says it too.
            from doclint.util.notices import tally

            _, count, template = path.split("\0", 2)
            tally(template, int(count))
            return True
        raise ValueError(f"unknown tree fact {kind!r}")

    def _history_answer(self, kind: str, path: str) -> object:
        """What the history says (`history`: whether there is one; `shallow`;
        `commit`: a full name; `blob`: a digest of the lines of
        `commit\0path`; `last_change`: a commit; `parentless`: whether a commit
        has no parent here; `renamed`: a digest of the
        renames since a commit; `remotes`: a digest of the remotes' names;
        `blame`: a digest of HEAD's blob of a file and the commit of each
        of its lines; `paths`: a digest of the files at a commit)."""
        history = self.history()
        if kind == "history" or history is None:
            return history is not None if kind == "history" else None
        if kind == "shallow":
            return history.shallow
        if kind == "commit":
            return history.commit(path)
        if kind == "last_change":
            return history.last_change(path)
        if kind == "parentless":
            return history.parentless(path)
        if kind == "renamed":
            return _names_digest(
                name for pair in sorted(history.renamed(path).items()) for name in pair
            )
        if kind == "remotes":
            return _names_digest(sorted(history.remotes()))
        if kind == "paths":
            listed = history.paths_at(path)
            return _names_digest(sorted(listed)) if listed is not None else None
        if kind == "blame":
            blamed = history.head_blame(path)
            return _answer_digest((blamed[0], *blamed[1])) if blamed is not None else None
        commit, _, file = path.partition("\0")
        lines = history.lines_at(commit, file)
        return _answer_digest(lines) if lines is not None else None

    def anchors(self, path: str) -> frozenset[str] | None:
        """Heading and HTML anchors of a Markdown file, from a cheap line scan; cached."""
        if path not in self._anchor_cache:
            # Imported here, as below: the page grammar is loaded when first needed.
            from doclint.models.markdown_lines import heading_texts, html_anchors
            from doclint.tree.slugs import unique_slugs

            text = self.read_text(path)
            self._anchor_cache[path] = (
                frozenset(unique_slugs(heading_texts(text)))
                | {name.lower() for name in html_anchors(text)}
                if text is not None
                else None
            )
        return self._anchor_cache[path]

    def source(self, described: str) -> SourceFile | None:
        """The file a page documents: itself, or the block a page about it
        embeds (the PyTorch system's `X_docs.md`)."""
        if described not in self._source_cache:
            self._source_cache[described] = self._load_source(described)
        return self._source_cache[described]

    def _load_source(self, described: str) -> SourceFile | None:
        data = self.read_bytes(described)
        if data is not None:
            return SourceFile(described, data.decode("utf-8", errors="replace"), True, len(data))
        # Imported here, as for anchors: a tree of plain Markdown never reads
        # the generators' profiles.
        from doclint.profiles.generators import shipped_generators
        from doclint.profiles.original_source import original_source_text

        generators = self._generators or shipped_generators()
        for page in generators.source_copies(described):
            docs_text = self.read_text(page)
            embedded = original_source_text(docs_text) if docs_text is not None else None
            if embedded is not None:
                return SourceFile(described, embedded, False, None)
        return None


_HISTORY_FACTS = frozenset(
    {
        "history",
        "shallow",
        "commit",
        "blob",
        "last_change",
        "parentless",
        "renamed",
        "remotes",
        "blame",
        "paths",
    }
)


def listed_path(line: str) -> str | None:
    """The tree path a line of a listing names: `./` stripped once, leading
    dots kept (`.github/x.yml` is not `github/x.yml`); None for a blank line
    and a path that is absolute or leaves the root."""
    line = line.strip()
    path = posixpath.normpath(line.removeprefix("./")) if line else ""
    if not path or path in (".", "..") or path.startswith(("../", "/")):
        return None
    return path


_READS_PATH = frozenset(
    {
        "escapes",
        "anchors",
        "size",
        "is_file",
        "is_dir",
        "children",
        "binary",
        "last_change",
        "blame",
    }
)
"""The questions (besides a source's) whose answer depends on the file or
folder they name as it is on disk: `last_change` and `blame` compare the
work tree's copy with the history's."""


class Changes:
    """What changed on disk, as a tree's `changed` was told it."""

    def __init__(self, paths: frozenset[str], relisted: frozenset[str]) -> None:
        self.paths = paths
        """The files and folders changed (clean paths): those said, and the
        folders made or deleted with them."""
        self.relisted = relisted
        """The folders whose listing changed: a file or folder in it made or deleted."""


def _at(name: str, paths: frozenset[str]) -> bool:
    """Whether the clean path `name` is one of `paths` or lies below one."""
    while name not in paths:
        if "/" not in name:
            return False
        name = name.rpartition("/")[0]
    return True


def _drop(memo: dict[K, V], gone: Callable[[K], bool]) -> None:
    """Forget the entries of `memo` whose keys are `gone`."""
    for key in [key for key in memo if gone(key)]:
        del memo[key]


def _answer_digest(answer: object) -> bytes:
    """The digest that stands for an answer (a listing, an anchor set, a
    source) among a file's facts: what it says, in a few bytes."""
    return digest(repr(answer).encode())


def _names_digest(names: Iterable[str]) -> bytes:
    """The answer digest of names in a stated order (no name holds a NUL)."""
    return digest("\0".join(names).encode("utf-8", "surrogatepass"))


def _source_digest(source: SourceFile) -> bytes:
    """The answer digest of a source: its text digested as UTF-8, not through
    `repr` (which costs a cached run as much as reading the sources)."""
    head = repr((source.path, source.exact, source.size)).encode()
    return digest(head + b"\0" + source.text.encode("utf-8", "surrogatepass"))


def clean_path(path: str) -> str | None:
    """A path of the tree normalised ("" for the root), or None when it names
    nothing in the tree: absolute, leading out of the root, or holding a NUL
    (no file name can). The tree never looks outside its root, whatever a
    link or a page title says."""
    if not path:
        return ""
    if "\0" in path or path.startswith("/"):
        return None
    if not (path.startswith(".") or "/." in path or "//" in path or path.endswith("/")):
        return path  # already normal, as most paths are: normpath costs more than this test
    path = posixpath.normpath(path)
    if path == ".." or path.startswith("../"):
        return None
    return "" if path == "." else path


def _split(clean: str) -> tuple[str, str]:
    """(folder, name) of a clean path: posixpath.split, without its care for
    slashes that a clean path does not have."""
    folder, _, name = clean.rpartition("/")
    return folder, name


def ask(tree: Tree, asked: dict[tuple[str, str], object], kind: str, path: str) -> object:
    """`tree.fact(kind, path)`, recorded in `asked` (a rule context's facts),
    which answers it again: `RuleContext._ask`, in compiled code."""
    key = (kind, path)
    if key in asked:
        return asked[key]
    answer = asked[key] = tree.fact(kind, path)
    return answer


def relative_links(
    tree: Tree, asked: dict[tuple[str, str], object], page_path: str, links: list[Link]
) -> list[tuple[Link, LinkTarget]]:
    """The links of the page at `page_path` with a relative target, each
    target resolved (`resolve_link`) and asked once (`ask`) whether it
    leaves the root through a symbolic link: a keyword index links the same
    page a hundred times. Compiled, with the questions: a generated tree of
    15,000 pages resolves 150,000 targets."""
    folder = posixpath.dirname(page_path)
    targets: dict[str, LinkTarget | None] = {}
    found: list[tuple[Link, LinkTarget]] = []
    for link in links:
        written = link.target
        if written in targets:
            target = targets[written]
        else:
            target = targets[written] = _checked(
                tree, asked, resolve_link(page_path, folder, written)
            )
        if target is not None:
            found.append((link, target))
    return found


def _checked(
    tree: Tree, asked: dict[tuple[str, str], object], target: LinkTarget | None
) -> LinkTarget | None:
    """A target that leaves the root through a symbolic link escapes it too."""
    if target is None or target.escapes_root or not ask(tree, asked, "escapes", target.path):
        return target
    return LinkTarget(target.path, target.fragment, True)


def resolve_link(page_path: str, folder: str, target: str) -> LinkTarget | None:
    """A link `target` of the page at `page_path` in `folder`, resolved; None
    for an external or empty one."""
    found = _resolve_in(folder, target)
    if isinstance(found, str):
        return LinkTarget(page_path, found or None, False)
    return found


@lru_cache(maxsize=8192)
def _resolve_in(folder: str, target: str) -> LinkTarget | str | None:
    """Resolve a link of a page in `folder`; a link to a place in the page
    itself gives only its fragment ("" for none). Cached across pages: the
    pages of a folder link the same pages, and a keyword index links the
    same page a hundred times."""
    found = resolve_target(folder, target)
    return LinkTarget(*found) if isinstance(found, tuple) else found
