"""Replaying a `doclint check` whose inputs have not changed, or barely.

The content cache (cache.py) spares an unchanged file its check, but a run still
imports the parsers and rules, loads every file's stored findings and renders
hundreds of thousands of them: seconds on a big tree, for an answer that is
already known. So a cached run also records what it printed and its exit code,
with everything that decided them (replay_inputs.py): the command line, the working
folder, and a stamp of every input it looked at (the files it checked, the
folders it walked, the configuration and ignore files it looked for, the
baseline, doclint's own code, the folders plugins are installed in) plus the
tree facts each file's rules asked for. The same command run again replays that
output when every stamp and fact still holds. Finding that out imports nothing
heavy.

When only some files changed (their stamps, or facts their rules asked for),
and the output was written one part per file (output/layout.py), the run is
partial: it checks those files alone and splices their new parts between the
stored parts of all the others. Any other difference (a file added or removed,
a configuration edited) makes the command run whole, and the content cache
re-checks only what changed.

Only plain checks of files with the cache on, whose whole output went to stdout
or --output-file and which wrote no warning, are recorded (`replay_inputs.allow`).

A record is trusted as the cache is (sealed.py): sealed with this user's key
for this command line in this folder, whole, this user's. It lives in the
run's own cache folder, found through a pointer in this user's own folder
(never by looking around the working folder), and it names no file to write:
a replay writes where the current command line says, and only when that is
where the recorded run wrote.
"""

from __future__ import annotations

import hashlib
import heapq
import marshal
import os
import stat
import sys
from array import array
from collections.abc import Iterator
from contextlib import contextmanager
from operator import itemgetter
from pathlib import Path
from sys import intern
from typing import Any, TextIO

from doclint import __version__, replay_inputs
from doclint.cache import prune, write_cache_file
from doclint.replay_head import read_head, write_head
from doclint.replay_partial import Partial
from doclint.replay_tables import NO_PLACE, FactTable, FileTable
from doclint.sealed import (
    SealedFile,
    Spool,
    folder_ready,
    identity,
    open_sealed,
    user_folder,
    write_sealed,
)
from doclint.tree.index import Tree
from doclint.util.gc_pause import gc_paused

FORMAT = 7
PREFIX = "replay-"
KEPT = 16  # records kept per cache folder: one per command line used lately
POINTERS_KEPT = 256  # pointers to records kept in the user's folder
OUTPUT_FILE_OPTIONS = ("-o", "--output-file")
# A partial run checks its files without the content cache, so past this
# share of the tree changed, a whole run (which has that cache) costs less.
PARTIAL_SHARE = 10
PARTIAL_MINIMUM = 256


def _color_inputs() -> tuple[object, ...]:
    """What `--color auto` decides by (output/color.py, not imported: a replay
    stays light): a run coloured for a terminal is not replayed into a pipe."""
    isatty = getattr(sys.stdout, "isatty", None)
    tty = bool(isatty and isatty())
    return os.environ.get("NO_COLOR"), os.environ.get("FORCE_COLOR"), tty


def invocation_key(argv: list[str], cwd: str) -> str:
    # The environment, not the executable: `python` and `python3.11` of one venv
    # are one. sys.path says where plugins are looked for (PYTHONPATH included).
    state = (
        *(__version__, FORMAT, sys.prefix, sys.version, sys.path),
        *(cwd, list(argv), _color_inputs()),
    )
    return hashlib.sha256(repr(state).encode()).hexdigest()[:32]


def replay(argv: list[str]) -> int | Partial | None:
    """Print what the same command printed last time and return its exit code,
    when nothing it depended on has changed; a Partial when only some files
    did; else None (run it)."""
    cwd = os.getcwd()
    key = invocation_key(argv, cwd)
    pointer = _pointer(key)
    if pointer is None:
        return None
    folder, known = pointer
    sealed = open_sealed(folder / f"{PREFIX}{key}.bin", f"replay {key}", known)
    if sealed is None:
        return None
    try:
        # A record is a hundred thousand small acyclic objects or more: the
        # collector would trace them all for nothing.
        with gc_paused():
            found = _replay_record(sealed, key, argv, folder)
    except BaseException:
        sealed.close()
        raise
    if not isinstance(found, Partial):
        sealed.close()  # a Partial reads its stored parts from it later
    return found


def _replay_record(
    sealed: SealedFile, key: str, argv: list[str], folder: Path
) -> int | Partial | None:
    record = read_head(sealed.head, {"format": FORMAT, "key": key})
    if record is None:
        return None
    tables = _tables(record)
    dirty = _dirty_files(record, *tables) if tables is not None else None
    # A cut or altered output is never replayed, whole or in part.
    if tables is None or dirty is None or not sealed.body_intact():
        return None
    if not dirty:
        return _write_output(record, sealed, _output_file(argv))
    return _partial(record, tables, dirty, sealed, folder)


def _partial(
    record: dict[str, Any],
    tables: tuple[FileTable, FactTable],
    dirty: set[int],
    sealed: SealedFile,
    folder: Path,
) -> Partial | None:
    files = len(tables[0])
    if not record["parts"] or len(dirty) > max(PARTIAL_MINIMUM, files // PARTIAL_SHARE):
        return None
    if record["output_file"] is None and not (
        _same_encoding(sys.stdout, record["encoding"]) and hasattr(sys.stdout, "buffer")
    ):
        return None  # the stored parts are bytes the stream would not take as they are
    return Partial(record, tables, dirty, sealed, folder)


@contextmanager
def recording(argv: list[str], partial: Partial | None = None) -> Iterator[replay_inputs.Recorder]:
    """Collect the inputs and output of the run inside the block, which
    completes `partial` if given."""
    recorder = replay_inputs.Recorder()
    recorder.partial = partial
    # A plugin installed or removed changes a folder on sys.path.
    for entry in sys.path:
        if entry and os.path.isdir(entry):
            recorder.observe("folder", entry)
    replay_inputs.active = recorder
    try:
        yield recorder
    finally:
        replay_inputs.active = None


def save(recorder: replay_inputs.Recorder, argv: list[str], exit_code: int) -> None:
    """Store a recorded run if it may be replayed; failing to only costs speed."""
    folder = recorder.folder
    if not recorder.allowed or recorder.refused or exit_code not in (0, 1) or folder is None:
        return
    key = invocation_key(argv, os.getcwd())
    try:
        # The head is made in a call of its own: the tables it is made of are
        # gone before the output is copied after it.
        head = _head(recorder, key, exit_code)
        if head is None:
            return
        output = recorder.data
        if output is None:
            output = "".join(recorder.chunks).encode(*recorder.encoding)
        record = folder / f"{PREFIX}{key}.bin"
        try:
            write_cache_file(record, f"replay {key}", head, output)
        finally:
            head.close()
        _point(key, record)
    except (OSError, ValueError, UnicodeError):
        return
    prune(folder, f"{PREFIX}*.bin", KEPT)


def _head(recorder: replay_inputs.Recorder, key: str, exit_code: int) -> Spool | None:
    """The record's head, written to a temporary file (replay_head.py): what
    the run depended on, then the files it checked and the facts their rules
    asked; None when the run cannot be recorded. ValueError when it cannot be
    written. The run's tree and parts are taken from the recorder: what they
    hold (the cache of every file, the place of every part) is gone once the
    tables are made."""
    run, recorder.tree = recorder.tree, None
    parts = recorder.parts is not None
    tables = _checked_tables(recorder, run) if run is not None else None
    recorder.parts = None
    if run is None or tables is None:
        return None
    files, facts = tables
    root, known_paths = run.root, run.known_paths
    del run
    # A partial run did not walk the tree: the whole run's observations hold.
    partial: Partial | None = recorder.partial
    previous = partial.record["observations"] if partial else ()
    observed = {(kind, path): value for kind, path, value in previous}
    observed.update(recorder.observations)
    header = {
        "format": FORMAT,
        "key": key,
        "observations": [(kind, path, value) for (kind, path), value in observed.items()],
        "root": root,
        "known_paths": known_paths,
        "parts": parts,
        "output_file": recorder.output_file,
        "encoding": recorder.encoding,
        "exit_code": exit_code,
    }
    return write_head(header, files, facts)


def _checked_tables(
    recorder: replay_inputs.Recorder, run: replay_inputs.RunTree
) -> tuple[FileTable, FactTable] | None:
    """The checked files and the facts their rules asked, the folders whose
    listings decide the other facts stamped (`recorder.observe`); None when
    the run cannot be recorded. In a call of its own: what decides the
    listings' answers is gone before the head is written."""
    if any(path not in run.results for path in run.paths):
        return None  # a file could not be read: nothing tells when that changes
    tree = Tree(Path(run.root), run.known_paths)
    found = _files_and_facts(recorder, run, tree)
    if found is None:
        return None  # a stored result could not be read back, or a part matched no file
    files, facts, by_listing, folders = found
    for folder in folders:
        recorder.observe("folder", folder)
    # The folders are stamped now, after the rules asked: a folder changed in
    # between would carry its new stamp with the old answer. Asking again after
    # stamping closes that gap (a later change moves the stamp).
    for kind, answers in by_listing.items():
        if any(tree.fact(kind, path) != value for path, value in answers.items()):
            return None
    return files, facts


def _files_and_facts(
    recorder: replay_inputs.Recorder, run: replay_inputs.RunTree, tree: Tree
) -> tuple[FileTable, FactTable, dict[str, dict[str, object]], set[str]] | None:
    """Each file as recorded, in the order of the paths shown, the facts its
    rules asked, and the answers a folder listing decides, by kind and path
    (a change of that folder's stamp tells when they change), and those
    folders; None when a file's stored result cannot be read back, or a part
    of the output is of no file checked."""
    partial: Partial | None = recorder.partial
    # A partial run keeps the other files' entries, and the facts they point at.
    facts = partial.facts if partial is not None else FactTable()
    kept = partial.files if partial is not None else FileTable()
    dirty = partial.dirty if partial is not None else set()
    unchanged = ((shown, index) for index, shown in enumerate(kept.shown) if index not in dirty)
    order = array("q", sorted(range(len(run.shown)), key=run.shown.__getitem__))
    checked = ((run.shown[index], run.paths[index]) for index in order)
    # The parts are in the order of the paths shown, as the files are taken here.
    parts = iter(recorder.parts or ())
    part = next(parts, None)
    files = FileTable()
    by_listing: dict[str, dict[str, object]] = {}
    folders: set[str] = set()
    for shown, known in heapq.merge(unchanged, checked, key=itemgetter(0)):
        place = NO_PLACE
        if part is not None and part[0] == shown:
            place, part = part[1:], next(parts, None)
        if isinstance(known, int):
            files.add(shown, kept.path(known), kept.stamp(known), kept.facts(known), place)
            continue
        entry = run.results.entry(known)
        if entry is None:
            return None
        stamp, _, asked = entry
        indexes = []
        for kind, fact_path, value in asked:
            folder = tree.deciding_folder(kind, fact_path)
            if folder is None:
                indexes.append(facts.add(kind, fact_path, value))
            elif folder:
                folders.add(folder)
                # Interned: many files ask of one target, often a checked page.
                by_listing.setdefault(kind, {})[intern(fact_path)] = value
        files.add(shown, known, stamp, indexes, place)
    if part is not None:
        return None  # a part of no file checked: the record would not match the output
    return files, facts, by_listing, folders


def _pointers() -> Path | None:
    folder = user_folder()
    return folder / "replay" if folder is not None else None


def _point(key: str, record: Path) -> None:
    """Note in the user's own folder where the record of `key` is, and the
    identity of the file just written there."""
    pointers = _pointers()
    if pointers is None or not folder_ready(pointers):
        raise OSError("no folder of this user's to note the record in")
    pointer = (os.fsencode(os.path.abspath(record.parent)), identity(os.stat(record)))
    write_sealed(pointers / key, f"pointer {key}", marshal.dumps(pointer))
    prune(pointers, "?" * len(key), POINTERS_KEPT)


def _pointer(key: str) -> tuple[Path, object] | None:
    """The cache folder the last run of this command line recorded in, and the
    identity its record had when written."""
    pointers = _pointers()
    sealed = open_sealed(pointers / key, f"pointer {key}") if pointers else None
    if sealed is None:
        return None
    sealed.close()
    try:
        folder, known = marshal.loads(sealed.head)
        return Path(os.fsdecode(folder)), known
    except (EOFError, ValueError, TypeError):
        return None


def _tables(record: dict[str, Any]) -> tuple[FileTable, FactTable] | None:
    """The record's checked files and facts, or None when it holds none.
    They leave the record: the tables copy what they keep of it."""
    try:
        facts = FactTable.from_record(record.pop("facts"))
        return FileTable.from_record(record.pop("files"), len(facts)), facts
    except (TypeError, ValueError):
        return None  # a record of another shape: run normally


def _dirty_files(record: dict[str, Any], files: FileTable, facts: FactTable) -> set[int] | None:
    """The indexes of the checked files to check again: those whose stamp
    changed, or a fact their rules asked for. None when anything else changed
    (or the record has another shape): the whole command must run."""
    try:
        for kind, path, value in record["observations"]:
            if replay_inputs.OBSERVERS[kind](path) != value:
                return None
        root = record["root"]
        tree = Tree(Path(root), record["known_paths"])
        failed = facts.changed(tree.fact)
        # The paths are relative to the root: joined as strings, since
        # os.path.join costs a fifth of the stat it is for.
        prefix = os.path.join(root, "")
        dirty = {
            index
            for index in range(len(files))
            if _checked_stamp(tree, prefix, files.path(index)) != files.stamp(index)
        }
        if failed:
            dirty.update(
                index for index in range(len(files)) if not failed.isdisjoint(files.facts(index))
            )
        return dirty
    except (KeyError, TypeError, ValueError, IndexError):
        return None  # a record of another shape: run normally


def _checked_stamp(tree: Tree, prefix: str, path: str) -> replay_inputs.Stamp | None:
    """The stamp of a checked file now: from the stat the tree just took for a
    fact (a page whose source's facts name it), else its own."""
    info = tree.stat_taken(path)
    return (
        replay_inputs.stamp_of(info)
        if info is not None
        else replay_inputs.file_stamp(prefix + path)
    )


def _output_file(argv: list[str]) -> str | None:
    """The --output-file this command line names (absolute), in the forms a
    replay understands; any other spelling makes the run real."""
    named = None
    for index, argument in enumerate(argv):
        if argument == "--":
            break
        if argument in OUTPUT_FILE_OPTIONS and index + 1 < len(argv):
            named = argv[index + 1]
        elif argument.startswith("--output-file="):
            named = argument.partition("=")[2]
        elif argument.startswith("-o") and len(argument) > 2:
            named = argument[2:]
    return os.path.abspath(named) if named is not None else None


def _write_output(record: dict[str, Any], sealed: SealedFile, named: str | None) -> int | None:
    exit_code = record.get("exit_code")
    if exit_code not in (0, 1) or record.get("output_file") != named:
        return None  # the recorded run wrote elsewhere (or the command line is read otherwise)
    if named is None:
        if not _same_encoding(sys.stdout, record.get("encoding", ())):
            return None  # stdout encodes differently now: let the run render it
        try:
            sys.stdout.flush()
            sys.stdout.buffer.write(sealed.body())
            sys.stdout.buffer.flush()
        except BrokenPipeError:
            # The reader went away (`| head`), as the command line handles it.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return exit_code
    try:
        _write_file(named, sealed)
    except OSError:
        return None  # the normal run says why it cannot write there
    return exit_code


def _write_file(named: str, sealed: SealedFile) -> None:
    """Put the stored output in the file `named`. A regular file is written
    over, then cut to length, not emptied first: ext4 flushes a file emptied
    and written again to disk as it is closed, which costs more than the
    writing (the output of a big tree is hundreds of megabytes, mostly the
    same bytes as last time)."""
    descriptor = os.open(named, os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC, 0o666)
    with os.fdopen(descriptor, "wb") as stream:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            stream.write(sealed.body())  # a pipe or a device: no length to cut to
            return
        sealed.send_body(descriptor)
        os.ftruncate(descriptor, sealed.body_size)


def _same_encoding(stream: TextIO, encoding: object) -> bool:
    return (stream.encoding, stream.errors) == tuple(encoding)  # type: ignore[arg-type]
