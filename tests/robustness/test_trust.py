"""What the cache and replay trust (issue 15): a record or a cache file is used
only when it is whole, sealed with this user's key for this command line and
tree, and this user's; nothing planted in or around a tree makes a run print
what it did not find, or write where its command line did not say; the cache's
bookkeeping files are never written through a link; and everything that
decides a result (every setting, the plugins on sys.path, whether a file can
be read) is in the cache key and the replay stamp. Each attack is reproduced,
then shown to do no harm."""

from __future__ import annotations

import marshal
import os
import shutil
import subprocess
import sys
from dataclasses import fields, replace
from pathlib import Path

import pytest

from doclint import Settings, sealed
from doclint.cache import KEY_PATTERN, RECORD, Cache, digest, write_cache_file
from doclint.engine.linter import Linter
from doclint.replay import PREFIX
from doclint.replay_head import _pieces, write_piece
from doclint.replay_inputs import file_stamp
from doclint.run import run
from doclint.run.setup import NOT_DECIDING, cache_key
from doclint.tree.index import Tree
from tests.pages import write_plugin
from tests.test_replay import RUNNER, _tree

FORGED_OUTPUT = b"All checks passed!\n"


def _doclint(
    root: Path, *arguments: str, env: dict[str, str] | None = None, prefix: list[str] | None = None
) -> tuple[str, str, int]:
    """stdout, how the run went (REPLAYED, PARTIAL n or RAN) and exit code of
    `doclint check docs --select ALL ARGUMENTS` in `root`, with `env` added to
    the environment and the command run through `prefix`."""
    command = [sys.executable, "-c", RUNNER, "check", "docs", "--select", "ALL", *arguments]
    done = subprocess.run(
        [*(prefix or []), *command],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout, done.stderr.strip().splitlines()[-1], done.returncode


def _record(root: Path) -> Path:
    (record,) = (root / ".doclint_cache").glob(f"{PREFIX}*.bin")
    return record


def _recorded_tree(root: Path) -> tuple[str, int]:
    """A tree whose check is recorded, then replayed: its output and exit code."""
    _tree(root)
    output, how, code = _doclint(root)
    assert how == "RAN" and code == 1 and "DL401" in output
    assert _doclint(root) == (output, "REPLAYED", code)
    return output, code


def _reseal(file: Path, context: str, head: bytes, body: bytes, key: bytes | None) -> None:
    """Seal `file` anew, with `key` (None: this user's own)."""
    with pytest.MonkeyPatch.context() as patch:
        if key is not None:
            patch.setattr(sealed, "_key", key)
        sealed.write_sealed(file, context, head, body)


def _head(record: Path) -> list:
    """The values of a record's head: its header, then its tables' columns."""
    key = record.stem.removeprefix(PREFIX)
    opened = sealed.open_sealed(record, f"replay {key}")
    assert opened is not None
    opened.close()
    return list(_pieces(opened.head))


def _forged_head(header: dict, record: Path) -> bytes:
    """The head of `record` with `header` in place of its own."""
    spool = sealed.Spool("test-")
    for value in [header, *_head(record)[1:]]:
        write_piece(spool, value)
    return b"".join(spool.blocks())


def test_a_forged_record_neither_passes_the_run_nor_writes_a_file(tmp_path):
    """The attack: a record that says "All checks passed", exit 0, and names a
    file to overwrite. Sealed with another key, it is ignored and replaced."""
    output, code = _recorded_tree(tmp_path)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    record = _record(tmp_path)
    header = {**_head(record)[0], "exit_code": 0, "output_file": str(victim)}
    key = record.stem.removeprefix(PREFIX)
    _reseal(record, f"replay {key}", _forged_head(header, record), FORGED_OUTPUT, b"\x01" * 32)
    assert _doclint(tmp_path) == (output, "RAN", code)
    assert victim.read_text() == "precious\n"
    assert _doclint(tmp_path) == (output, "REPLAYED", code)


def test_a_record_names_no_file_to_write(tmp_path):
    """Even sealed with this user's key, a record's output file is only
    written when the current command line names it."""
    output, code = _recorded_tree(tmp_path)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    record = _record(tmp_path)
    header = {**_head(record)[0], "output_file": str(victim)}
    key = record.stem.removeprefix(PREFIX)
    _reseal(record, f"replay {key}", _forged_head(header, record), FORGED_OUTPUT, None)
    assert _doclint(tmp_path) == (output, "RAN", code)
    assert victim.read_text() == "precious\n"
    # The command line's own -o is written, and replayed.
    assert _doclint(tmp_path, "-o", "report.txt")[1:] == ("RAN", code)
    (tmp_path / "report.txt").unlink()
    assert _doclint(tmp_path, "-o", "report.txt")[1:] == ("REPLAYED", code)
    assert (tmp_path / "report.txt").read_text() == output


def test_a_record_cut_short_replays_nothing_and_is_replaced(tmp_path):
    output, code = _recorded_tree(tmp_path)
    record = _record(tmp_path)
    record.write_bytes(record.read_bytes()[:-100])
    assert _doclint(tmp_path) == (output, "RAN", code)
    assert _doclint(tmp_path) == (output, "REPLAYED", code)


def test_a_record_altered_after_its_header_is_not_replayed(tmp_path):
    """The output is checked by its digest: flipping one byte of it is seen."""
    output, code = _recorded_tree(tmp_path)
    record = _record(tmp_path)
    data = bytearray(record.read_bytes())
    data[-2] ^= 0x20
    record.write_bytes(bytes(data))
    assert _doclint(tmp_path) == (output, "RAN", code)


def test_a_record_of_another_tree_is_ignored(tmp_path):
    """A record copied from another tree (its own seal intact) under this
    tree's name: sealed for another command line, it is not replayed."""
    other, here = tmp_path / "other", tmp_path / "here"
    _recorded_tree(other)
    (other / "docs/extra.md").write_text("# Extra\n\n[x](nowhere.md)\n")
    other_output = _doclint(other)[0]
    output, code = _recorded_tree(here)
    assert other_output != output
    shutil.copyfile(_record(other), _record(here))
    assert _doclint(here) == (output, "RAN", code)


def test_records_are_not_looked_for_around_the_tree(tmp_path):
    """The old attack's place: a cache folder in a parent of the working
    folder. A record there is never read."""
    tree = tmp_path / "tree"
    output, code = _recorded_tree(tree)
    (tree / ".doclint_cache").rename(tmp_path / ".doclint_cache")
    assert _doclint(tree) == (output, "RAN", code)


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user takes root")
def test_a_record_of_another_user_is_ignored(tmp_path):
    output, code = _recorded_tree(tmp_path)
    os.chown(_record(tmp_path), 65534, 65534)
    assert _doclint(tmp_path) == (output, "RAN", code)
    assert _doclint(tmp_path) == (output, "REPLAYED", code)
    # A cache folder of another user's is neither read nor written.
    os.chown(tmp_path / ".doclint_cache", 65534, 65534)
    assert _doclint(tmp_path) == (output, "RAN", code)
    assert _doclint(tmp_path) == (output, "RAN", code)


def test_the_cache_folder_is_never_written_through_links(tmp_path):
    """CACHEDIR.TAG, .gitignore and a cache file planted as links to files
    outside the tree: replaced by files of their own, the targets untouched.
    A cache folder that is itself a link is not used."""
    outside, tree = tmp_path / "outside", tmp_path / "tree"
    outside.mkdir()
    victims = [outside / name for name in ("tag", "ignore", "cache")]
    for victim in victims:
        victim.write_text("precious\n")
    _tree(tree)
    settings = Settings(select=["ALL"], root=tree, cache=True, cache_dir=tree / "cache", jobs=1)
    expected = run([tree / "docs"], settings).diagnostics
    (cache_file,) = (tree / "cache").glob(KEY_PATTERN)
    for name, victim in zip(("CACHEDIR.TAG", ".gitignore", cache_file.name), victims, strict=True):
        (tree / "cache" / name).unlink()
        (tree / "cache" / name).symlink_to(victim)
    again = run([tree / "docs"], settings)
    assert again.diagnostics == expected and again.from_cache == 0
    assert all(victim.read_text() == "precious\n" for victim in victims)
    assert not any(file.is_symlink() for file in (tree / "cache").iterdir())
    assert (tree / "cache/CACHEDIR.TAG").read_text().startswith("Signature: 8a477f59")
    linked = tree / "linked"
    linked.symlink_to(outside, target_is_directory=True)
    elsewhere = run([tree / "docs"], replace(settings, cache_dir=linked))
    assert elsewhere.diagnostics == expected
    assert sorted(outside.iterdir()) == sorted(victims)


def test_a_malformed_cache_entry_is_checked_again(tmp_path):
    """Short rows in a cache entry (as an older or broken doclint could leave):
    the file is checked again, never an IndexError in the output."""
    _tree(tmp_path)
    folder = tmp_path / "c"
    code = _doclint(tmp_path, "--cache-dir", str(folder), "--output-format", "json")[2]
    (cache_file,) = folder.glob(KEY_PATTERN)
    cache = Cache(folder, cache_file.stem)
    for path in _cached_paths(cache_file):
        file = tmp_path / path
        cache.store(path, file_stamp(file), digest(file.read_bytes()), [], [(3,)])
    cache.save(tmp_path)
    malformed = cache_file.read_bytes()
    # Another output format: another record, the same content cache.
    output, how, again = _doclint(tmp_path, "--cache-dir", str(folder))
    uncached, _, _ = _doclint(tmp_path, "--no-cache")
    assert (output, how, again) == (uncached, "RAN", code)
    assert cache_file.read_bytes() != malformed


def _cached_paths(cache_file: Path) -> list[str]:
    opened = sealed.open_sealed(cache_file, f"cache {cache_file.stem}")
    assert opened is not None
    opened.close()
    return marshal.loads(opened.head)["paths"]


def _blob_place(cache_file: Path, path: str) -> tuple[int, int]:
    """Where the blob of `path` lies in the cache file: its offset and length."""
    opened = sealed.open_sealed(cache_file, f"cache {cache_file.stem}")
    assert opened is not None
    opened.close()
    head = marshal.loads(opened.head)
    record = RECORD.unpack_from(head["index"], head["paths"].index(path) * RECORD.size)
    return opened.body_start + record[4], record[6]


def test_a_cache_body_altered_costs_that_file_alone(tmp_path):
    """A byte of one file's stored result flipped on disk (the body is not
    hashed whole): that file is checked again, the others still come from the
    cache, and the findings are those of a run without it."""
    _tree(tmp_path)
    settings = Settings(select=["ALL"], root=tmp_path, cache=True, cache_dir=tmp_path / "c", jobs=1)
    uncached = run([tmp_path / "docs"], replace(settings, cache=False)).diagnostics
    assert run([tmp_path / "docs"], settings).diagnostics == uncached
    (cache_file,) = (tmp_path / "c").glob(KEY_PATTERN)
    offset, length = _blob_place(cache_file, "docs/notes.md")
    data = bytearray(cache_file.read_bytes())
    data[offset + length - 2] ^= 0x01  # among the findings, past the facts
    cache_file.write_bytes(bytes(data))
    altered = run([tmp_path / "docs"], settings)
    assert altered.diagnostics == uncached and altered.from_cache == altered.files_checked - 1
    assert run([tmp_path / "docs"], settings).from_cache == altered.files_checked


def test_a_cache_index_pointing_outside_the_body_is_a_miss(tmp_path):
    """An index sealed with this user's key (as a broken doclint could write)
    whose blobs lie past the end of the body: every file is checked again."""
    _tree(tmp_path)
    settings = Settings(select=["ALL"], root=tmp_path, cache=True, cache_dir=tmp_path / "c", jobs=1)
    expected = run([tmp_path / "docs"], settings).diagnostics
    (cache_file,) = (tmp_path / "c").glob(KEY_PATTERN)
    opened = sealed.open_sealed(cache_file, f"cache {cache_file.stem}")
    assert opened is not None
    body = bytes(opened.body())
    opened.close()
    head = marshal.loads(opened.head)
    records = [
        RECORD.unpack_from(head["index"], number * RECORD.size)
        for number in range(len(head["paths"]))
    ]
    moved = b"".join(RECORD.pack(*record[:4], len(body), *record[5:]) for record in records)
    head = {**head, "index": moved}
    write_cache_file(cache_file, f"cache {cache_file.stem}", marshal.dumps(head), body)
    again = run([tmp_path / "docs"], settings)
    assert again.diagnostics == expected and again.from_cache == 0


def _other_value(name: str, value: object, root: Path) -> object:
    """A value of a setting other than `value`, valid for a run."""
    examples = {
        "select": ["DL1"],
        "ignore": ["DL101"],
        "extend_select": ["DL2"],
        "rule_options": {"DL202": {"extra-stop-words": ["Foo"]}},
        "base": root / "elsewhere",
        "max_file_size": 10,
    }
    if name in examples:
        return examples[name]
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    return [*value, "x.md"] if isinstance(value, list) else ["x.md"]


def test_every_setting_that_decides_results_is_in_the_cache_key(tmp_path):
    """The key comes from the whole Settings: a setting added later is in it too."""
    base = Settings(root=tmp_path)

    def key(settings: Settings) -> str:
        return cache_key(Linter(settings, Tree(tmp_path, settings.known_paths)))

    keys = {key(base)}
    names = [f.name for f in fields(Settings) if f.name not in NOT_DECIDING | {"root"}]
    for name in names:
        changed = replace(base, **{name: _other_value(name, getattr(base, name), tmp_path)})
        keys.add(key(changed))
    assert len(keys) == len(names) + 1
    # How a run goes and the filters of stored findings leave the key as it
    # is; so does the root said or found.
    unkeyed = {"per_file_ignores": {"*.md": ["DL1"]}, "severity": {"DL1": "warning"}}
    assert key(replace(base, jobs=3, cache=True, cache_dir=tmp_path, **unkeyed)) == key(base)
    assert key(replace(base, root=None)) == key(base)


def test_a_lower_max_file_size_is_not_answered_from_the_cache(tmp_path):
    _tree(tmp_path)
    settings = Settings(select=["ALL"], root=tmp_path, cache=True, cache_dir=tmp_path / "c")
    run([tmp_path / "docs"], settings)
    smaller = run([tmp_path / "docs"], replace(settings, max_file_size=10))
    assert smaller.from_cache == 0
    assert {d.code for d in smaller.diagnostics} == {"DL005"}


def test_a_plugin_on_pythonpath_is_seen_by_replay(tmp_path):
    """A plugin added, then removed, through PYTHONPATH: no replay hides it."""
    tree, plugins = tmp_path / "tree", tmp_path / "plugins"
    _tree(tree)
    source = '''
        from doclint.rule_api import Finding, Rule, Scope

        class Everywhere(Rule):
            """Flags every file.

            **Bad:** any file. **Good:** none.
            """

            code = "XE001"
            name = "everywhere"
            summary = "Every file."
            scope = Scope.FILE

            def check(self, page, ctx):
                yield Finding(1, 1, "here")
        '''
    write_plugin(plugins, "everywhere", source, {"everywhere": "Everywhere"})
    with_plugin = {"PYTHONPATH": str(plugins)}
    without = _doclint(tree)
    assert without[1] == "RAN" and "XE001" not in without[0]
    added = _doclint(tree, env=with_plugin)
    assert added[1] == "RAN" and "XE001" in added[0]
    assert _doclint(tree, env=with_plugin) == (added[0], "REPLAYED", added[2])
    shutil.rmtree(plugins / "everywhere-0.1.dist-info")
    removed = _doclint(tree, env=with_plugin)
    assert removed[1] != "REPLAYED" and removed[0] == without[0]


@pytest.fixture
def binding_modes() -> list[str]:
    """A command prefix under which chmod 000 stops this user reading a file:
    as root, the run drops the capabilities that override file modes."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("as root, chmod 000 stops no read, and setpriv is not here to change that")
    capabilities = "-dac_override,-dac_read_search"
    return [setpriv, f"--inh-caps={capabilities}", f"--bounding-set={capabilities}"]


def test_a_file_made_unreadable_loses_its_cached_findings(tmp_path, binding_modes):
    """Replayed and from the content cache alike: chmod moves no mtime."""
    _tree(tmp_path)
    first = _doclint(tmp_path, "--output-format", "json", prefix=binding_modes)
    assert first[1] == "RAN" and "docs/notes.md" in first[0]
    os.chmod(tmp_path / "docs/notes.md", 0)
    try:
        replayed = _doclint(tmp_path, "--output-format", "json", prefix=binding_modes)
        cached = _doclint(tmp_path, prefix=binding_modes)
    finally:
        os.chmod(tmp_path / "docs/notes.md", 0o644)
    for output, how, _ in (replayed, cached):
        assert how != "REPLAYED"
        assert "unreadable-file" in output and "DL401" not in output
