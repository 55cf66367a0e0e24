"""What the cache trusts (issue 15): a cache file is used only when it is
whole, sealed with this user's key for its key, and this user's; nothing
planted in or around a tree makes a run print what it did not find; the
cache's bookkeeping files are never written through a link; and everything
that decides a result (every setting, the plugins on sys.path, whether a
file can be read) is in the cache key or the checks of a stored result. Each
attack is reproduced, then shown to do no harm."""

from __future__ import annotations

import marshal
import os
import shutil
import subprocess
import sys
from dataclasses import fields, replace
from pathlib import Path

import pytest

from doclint import Settings
from doclint.config.files import load_profile
from doclint.engine.linter import Linter
from doclint.incremental import sealed
from doclint.incremental.cache import KEY_PATTERN, RECORD, Cache
from doclint.incremental.store import cache_key
from doclint.models.kept_findings import PRINTABLE
from doclint.output.parts import PartWriter
from doclint.run.results import KeptResult
from doclint.run.setup import NOT_DECIDING, result_key
from doclint.tree.index import Tree, digest, file_stamp
from tests import test_cache
from tests.conftest import PROJECT
from tests.pages import keyword_index, write, write_plugin


def _tree(root: Path) -> None:
    write(
        root,
        {
            "pkg/mod.py": "class Thing:\n    pass\n",
            "docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["Thing", "def"]),
            "docs/pkg/mod.py_docs.md": "# Documentation: `pkg/mod.py`\n\n## File Metadata\n",
            "docs/notes.md": "# Notes\n\n[a](other.md#usage) [b](missing.md)\n",
            "docs/other.md": "# Other\n\n## Usage\n",
        },
    )


def run(paths: list[Path], settings: Settings, render: PartWriter | None = None):
    """A run with the content cache, as the command line wires it; the
    warnings of a tampered cache are the tests' to look at, not failures."""
    return test_cache.run(paths, settings, warnings=[], render=render)


def _doclint(
    root: Path, *arguments: str, env: dict[str, str] | None = None, prefix: list[str] | None = None
) -> tuple[str, str, int]:
    """stdout, stderr and exit code of `doclint check docs --select ALL
    ARGUMENTS` in `root`, with `env` added to the environment and the command
    run through `prefix`."""
    command = [sys.executable, "-m", "doclint", "check", "docs", "--select", "ALL", *arguments]
    done = subprocess.run(
        [*(prefix or []), *command],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout, done.stderr, done.returncode


@pytest.mark.slow
@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user takes root")
def test_a_cache_of_another_user_is_ignored(tmp_path):
    _tree(tmp_path)
    output, _, code = _doclint(tmp_path)
    (cache_file,) = (tmp_path / ".doclint_cache").glob(KEY_PATTERN)
    os.chown(cache_file, 65534, 65534)
    again, warning, same = _doclint(tmp_path)
    assert (again, same) == (output, code) and "not used" in warning
    assert _doclint(tmp_path) == (output, "", code)
    # A cache folder of another user's is neither read nor written.
    os.chown(tmp_path / ".doclint_cache", 65534, 65534)
    (cache_file,) = (tmp_path / ".doclint_cache").glob(KEY_PATTERN)
    before = os.stat(cache_file)
    for _ in range(2):
        again, warning, same = _doclint(tmp_path)
        assert (again, same) == (output, code) and "not used" in warning
    after = os.stat(cache_file)
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


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
    cache = Cache(folder, cache_file.stem, tmp_path)
    for path in _cached_paths(cache_file):
        file = tmp_path / path
        short = PRINTABLE + marshal.dumps([(3,)])
        cache.store(path, KeptResult(short, file_stamp(file), digest(file.read_bytes()), []))
    cache.save()
    malformed = cache_file.read_bytes()
    output, _, again = _doclint(tmp_path, "--cache-dir", str(folder))
    uncached, _, _ = _doclint(tmp_path, "--no-cache")
    assert (output, again) == (uncached, code)
    assert cache_file.read_bytes() != malformed


def _cached_paths(cache_file: Path) -> list[str]:
    opened = sealed.open_sealed(cache_file, f"cache {cache_file.stem}")
    assert opened is not None
    os.close(opened.descriptor)
    return marshal.loads(opened.head)["paths"]


def _blob_place(cache_file: Path, path: str) -> tuple[int, int]:
    """Where the blob of `path` lies in the cache file: its offset and length."""
    opened = sealed.open_sealed(cache_file, f"cache {cache_file.stem}")
    assert opened is not None
    os.close(opened.descriptor)
    head = marshal.loads(opened.head)
    record = RECORD.unpack_from(head["index"], head["paths"].index(path) * RECORD.size)
    return opened.body_start + record[5], record[7]


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
    body = os.pread(opened.descriptor, opened.body_size, opened.body_start)
    os.close(opened.descriptor)
    head = marshal.loads(opened.head)
    records = [
        RECORD.unpack_from(head["index"], number * RECORD.size)
        for number in range(len(head["paths"]))
    ]
    moved = b"".join(RECORD.pack(*record[:5], len(body), *record[6:]) for record in records)
    head = {**head, "index": moved}
    sealed.write_sealed(
        cache_file, f"cache {cache_file.stem}", marshal.dumps(head), [body], len(body)
    )
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
        "generators": (load_profile(PROJECT / "examples" / "pagesmith" / "pagesmith.toml"),),
        "profiles": (load_profile(PROJECT / "examples" / "profile" / "tinydoc.toml"),),
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
        return cache_key(result_key(Linter(settings, Tree(tmp_path, settings.known_paths))))

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


# Two installs and runs (2 s): .ci/run's slow step, keeping the default run short.
@pytest.mark.slow
def test_a_plugin_on_pythonpath_is_seen_by_the_cache(tmp_path):
    """A plugin added, then removed, through PYTHONPATH: no stored result hides it."""
    tree, plugins = tmp_path / "tree", tmp_path / "plugins"
    _tree(tree)
    source = """
        from doclint.rule_api import Finding, Rule, RuleDocs, Scope

        class Everywhere(Rule):
            code = "XE001"
            name = "everywhere"
            summary = "Every file."
            docs = RuleDocs(
                what="Flags every file.", why="A test.", example="any file.", use_instead="none."
            )
            scope = Scope.FILE

            def check(self, page, ctx):
                yield Finding(1, 1, "here")
        """
    write_plugin(plugins, "everywhere", source, {"everywhere": "Everywhere"})
    with_plugin = {"PYTHONPATH": str(plugins)}
    without = _doclint(tree)
    assert "XE001" not in without[0]
    added = _doclint(tree, env=with_plugin)
    assert "XE001" in added[0]
    assert _doclint(tree, env=with_plugin) == added
    shutil.rmtree(plugins / "everywhere-0.1.dist-info")
    assert _doclint(tree, env=with_plugin) == without


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
    """chmod moves no mtime: the stamp's ctime tells the cache to read again."""
    _tree(tmp_path)
    first = _doclint(tmp_path, "--output-format", "json", prefix=binding_modes)
    assert "docs/notes.md" in first[0]
    os.chmod(tmp_path / "docs/notes.md", 0)
    try:
        cached = _doclint(tmp_path, prefix=binding_modes)
    finally:
        os.chmod(tmp_path / "docs/notes.md", 0o644)
    assert "unreadable-file" in cached[0] and "DL401" not in cached[0]
