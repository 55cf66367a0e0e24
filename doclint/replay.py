"""Replaying a whole `doclint check` whose inputs have not changed.

The content cache (cache.py) spares an unchanged file its check, but a run still
imports the parsers and rules, loads every file's stored findings and renders
hundreds of thousands of them: seconds on a big tree, for an answer that is
already known. So a cached run also records what it printed and its exit code,
with everything that decided them (inputs.py): the command line, the working
folder, and a stamp of every input it looked at (the files it checked, the
folders it walked, the configuration and ignore files it looked for, the
baseline, doclint's own code, the folders plugins are installed in) plus the
tree facts its rules asked for. The same command run again replays that output
when every stamp and fact still holds. Finding that out imports nothing heavy;
on any difference the command runs normally, and the content cache re-checks
only what changed.

Only plain checks of files with the cache on, whose whole output went to stdout
or --output-file and which wrote no warning, are recorded (`inputs.allow`).
"""

from __future__ import annotations

import hashlib
import marshal
import os
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO

from doclint import __version__, inputs
from doclint.cache import DEFAULT_FOLDER, prune, write_cache_file
from doclint.tree import Tree

FORMAT = 2
PREFIX = "replay-"
KEPT = 16  # records kept per cache folder: one per command line used lately
CACHE_DIR_OPTION = "--cache-dir"
HEADER_SIZE = 8  # bytes giving the length of the marshalled facts before the output


def invocation_key(argv: list[str], cwd: str) -> str:
    # The environment, not the executable: `python` and `python3.11` of one venv are one.
    state = (__version__, FORMAT, sys.prefix, sys.version, cwd, list(argv))
    return hashlib.sha256(repr(state).encode()).hexdigest()[:32]


def replay(argv: list[str]) -> int | None:
    """Print what the same command printed last time and return its exit code,
    when nothing it depended on has changed; else None (run it)."""
    cwd = os.getcwd()
    key = invocation_key(argv, cwd)
    for folder in _candidate_folders(argv, cwd):
        file = folder / f"{PREFIX}{key}.bin"
        if file.is_file():
            with open(file, "rb") as stream:
                record = _read_header(stream, key)
                if record is None or not _still_holds(record):
                    return None
                return _write_output(record, stream)
    return None


@contextmanager
def recording(argv: list[str]) -> Iterator[inputs.Recorder]:
    """Collect the inputs and output of the run inside the block."""
    recorder = inputs.Recorder()
    # A plugin installed or removed changes a folder on sys.path.
    for entry in sys.path:
        if entry and os.path.isdir(entry):
            recorder.observe("folder", entry)
    inputs.active = recorder
    try:
        yield recorder
    finally:
        inputs.active = None


def save(recorder: inputs.Recorder, argv: list[str], exit_code: int) -> None:
    """Store a recorded run if it may be replayed; failing to only costs speed."""
    if not recorder.allowed or recorder.refused or exit_code not in (0, 1):
        return
    if recorder.folder is None or recorder.tree is None:
        return
    root, known_paths, files = recorder.tree
    asked = {(kind, path): value for entry in files.values() for kind, path, value in entry[2]}
    tree = Tree(Path(root), known_paths)
    facts: dict[tuple[str, str], object] = {}
    by_listing: list[tuple[str, str, object]] = []
    folders = set()
    for (kind, path), value in asked.items():
        folder = tree.deciding_folder(kind, path)
        if folder is None:
            facts[kind, path] = value
        elif folder:
            folders.add(folder)
            by_listing.append((kind, path, value))
    for folder in folders:
        recorder.observe("folder", folder)
    # The folders are stamped now, after the rules asked: a folder changed in
    # between would carry its new stamp with the old answer. Asking again after
    # stamping closes that gap (a later change moves the stamp).
    if any(tree.fact(kind, path) != value for kind, path, value in by_listing):
        return
    key = invocation_key(argv, os.getcwd())
    observed = recorder.observations
    payload = {
        "format": FORMAT,
        "key": key,
        "observations": [(kind, path, value) for (kind, path), value in observed.items()],
        "root": root,
        "known_paths": known_paths,
        "checked": {path: entry[0] for path, entry in files.items()},
        "facts": [(kind, path, value) for (kind, path), value in facts.items()],
        "output_file": recorder.output_file,
        "encoding": recorder.encoding,
        "exit_code": exit_code,
    }
    try:
        output = "".join(recorder.chunks).encode(*recorder.encoding)
        header = marshal.dumps(payload)
        data = len(header).to_bytes(HEADER_SIZE, "little") + header + output
        write_cache_file(recorder.folder / f"{PREFIX}{key}.bin", data)
    except (OSError, ValueError, UnicodeError):
        return
    prune(recorder.folder, f"{PREFIX}*.bin", KEPT)


def _candidate_folders(argv: list[str], cwd: str) -> Iterator[Path]:
    """Where the record can be: --cache-dir, else a cache folder at or above the
    working folder or a path named on the command line (the tree root is one)."""
    for index, argument in enumerate(argv):
        if argument == CACHE_DIR_OPTION and index + 1 < len(argv):
            yield Path(cwd, argv[index + 1])
            return
        if argument.startswith(CACHE_DIR_OPTION + "="):
            yield Path(cwd, argument.partition("=")[2])
            return
    seen: set[Path] = set()
    for start in [cwd, *(os.path.join(cwd, a) for a in argv if not a.startswith("-"))]:
        folder = Path(os.path.abspath(start))
        for candidate in (folder, *folder.parents):
            if candidate not in seen:
                seen.add(candidate)
                if (candidate / DEFAULT_FOLDER).is_dir():
                    yield candidate / DEFAULT_FOLDER


def _read_header(stream: BinaryIO, key: str) -> dict[str, Any] | None:
    """The record's facts; the output that follows them is copied, never decoded."""
    try:
        size = int.from_bytes(stream.read(HEADER_SIZE), "little")
        if size > os.fstat(stream.fileno()).st_size:
            return None  # not a record of this format
        data = marshal.loads(stream.read(size))
    except (OSError, EOFError, ValueError, TypeError, MemoryError):
        return None
    if isinstance(data, dict) and data.get("format") == FORMAT and data.get("key") == key:
        return data
    return None


def _still_holds(record: dict[str, Any]) -> bool:
    try:
        for kind, path, value in record["observations"]:
            if inputs.OBSERVERS[kind](path) != value:
                return False
        root = record["root"]
        for path, stored in record["checked"].items():
            if inputs.file_stamp(os.path.join(root, path)) != stored:
                return False
        tree = Tree(Path(root), record["known_paths"])
        return all(tree.fact(kind, path) == value for kind, path, value in record["facts"])
    except (KeyError, TypeError, ValueError):
        return False  # a record of another shape: run normally


def _write_output(record: dict[str, Any], stored: BinaryIO) -> int | None:
    file, exit_code = record.get("output_file"), record.get("exit_code")
    if exit_code not in (0, 1):
        return None
    if file is None:
        if (sys.stdout.encoding, sys.stdout.errors) != tuple(record.get("encoding", ())):
            return None  # stdout encodes differently now: let the run render it
        try:
            sys.stdout.flush()
            shutil.copyfileobj(stored, sys.stdout.buffer)
            sys.stdout.buffer.flush()
        except BrokenPipeError:
            # The reader went away (`| head`), as the command line handles it.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return exit_code
    try:
        with open(file, "wb") as stream:
            shutil.copyfileobj(stored, stream)
    except OSError:
        return None  # the normal run says why it cannot write there
    return exit_code
