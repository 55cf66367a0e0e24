"""The store of doclint's compiled patterns (doclint/util/lazy_regex.py): a
pattern built from it is the one `re.compile` gives; the `doclint` process
writes it beside the bytecode, whole, and only where Python writes bytecode;
a store that is not as written is passed over; nothing a tree gives is kept
in it; and a run's output is the same with or without it."""

from __future__ import annotations

import marshal
import os
import re
import shutil
import subprocess
import sys
from array import array
from pathlib import Path
from typing import Any

import pytest

from doclint.util import lazy_regex
from tests.conftest import PROJECT

README = "# Widgets\n\nA small library of widgets: see [the guide](https://example.org).\n"

# `python -m doclint ARGS` that writes, at exit, each of doclint's own
# patterns it compiled (`shipped_pattern` parses those it does not build from
# the store), whichever build runs.
_COMPILES = """
import atexit, runpy, sys
from doclint.util import lazy_regex
compiled = []
class Parser:
    def parse(self, source, flags, real=lazy_regex._parser.parse):
        compiled.append(repr((source, flags)))
        return real(source, flags)
lazy_regex._parser = Parser()
atexit.register(lambda: sys.__stderr__.write("\\ncompiled: " + "\\t".join(compiled) + "\\n"))
sys.argv = ["doclint", *sys.argv[1:]]
runpy.run_module("doclint", run_name="__main__", alter_sys=True)
"""


@pytest.fixture(scope="module")
def bytecode(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A `PYTHONPYCACHEPREFIX` holding doclint's bytecode, shared by the tests
    (which remove the store first): where their runs keep the store."""
    prefix = tmp_path_factory.mktemp("pycache")
    run(tmp_path_factory.mktemp("empty"), prefix, "--version")
    return prefix


@pytest.fixture
def prefix(bytecode: Path) -> Path:
    for path in [*stores(bytecode), *bytecode.rglob("elsewhere")]:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()
    return bytecode


@pytest.fixture
def pages(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """(folder, page) of a generated tree's page, a README and a DeepWiki export."""
    generated = shutil.copytree(PROJECT / "examples" / "tree", tmp_path / "generated")
    readme = tmp_path / "readme"
    readme.mkdir()
    (readme / "README.md").write_text(README, encoding="utf-8")
    wiki = shutil.copytree(PROJECT / "tests" / "wikis" / "deepwiki_open", tmp_path / "wiki")
    return {
        "generated": (generated, "docs/pkg/test_widgets.py_docs.md"),
        "readme": (readme, "README.md"),
        "wiki": (wiki, "shop_wiki.md"),
    }


def run(
    cwd: Path, prefix: Path, *args: str, bytecode: bool = True, script: str | None = None
) -> subprocess.CompletedProcess[str]:
    """A `doclint` process with `args` in `cwd`, its bytecode (and the store)
    under `prefix`, written unless `bytecode` is False."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPYCACHEPREFIX=str(prefix), PYTHONPATH=str(PROJECT))
    if not bytecode:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    start = ["-c", script] if script is not None else ["-m", "doclint"]
    done = subprocess.run(
        [sys.executable, *start, *args], cwd=cwd, env=env, capture_output=True, text=True
    )
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    return done


def stores(prefix: Path) -> list[Path]:
    return sorted(prefix.rglob("lazy_regex.*.patterns"))


def the_store(prefix: Path) -> Path:
    (found,) = stores(prefix)
    return found


def entries(prefix: Path) -> dict[tuple[str, int], Any]:
    """The store's patterns, checked as a run checks them."""
    header, stored = marshal.loads(the_store(prefix).read_bytes())
    assert header == lazy_regex._header()
    assert all(lazy_regex._valid_key(key, entry) for key, entry in stored.items())
    return dict(stored)


def check(page: str) -> tuple[str, ...]:
    return ("check", page, "--no-cache")


def compiled(done: subprocess.CompletedProcess[str]) -> set[str]:
    """What a run with `_COMPILES` says it compiled of doclint's own patterns."""
    said = done.stderr.rpartition("\ncompiled: ")[2].strip()
    return set(said.split("\t")) if said else set()


def same_run(
    one: subprocess.CompletedProcess[str], other: subprocess.CompletedProcess[str]
) -> None:
    assert (one.returncode, one.stdout) == (other.returncode, other.stdout)
    assert one.returncode in (0, 1)


@pytest.mark.slow  # three trees, each run twice in a fresh process
@pytest.mark.parametrize("case", ["generated", "readme", "wiki"])
def test_a_second_run_compiles_none_of_doclints_patterns(pages, prefix, tmp_path, case):
    """The first run writes the store, the second builds doclint's patterns
    from it; both print what a run without the store prints."""
    folder, page = pages[case]
    without = run(folder, tmp_path / "no-bytecode", *check(page), bytecode=False)
    assert stores(tmp_path) == []
    first = run(folder, prefix, *check(page), script=_COMPILES)
    stored = entries(prefix)
    assert stored
    assert compiled(first) == {repr(key) for key in stored}
    written = the_store(prefix).stat()
    second = run(folder, prefix, *check(page), script=_COMPILES)
    assert compiled(second) == set()
    again = the_store(prefix).stat()
    assert (again.st_ino, again.st_mtime_ns) == (written.st_ino, written.st_mtime_ns)
    same_run(first, without)
    same_run(second, without)
    assert first.stderr.partition("\ncompiled: ")[0] == without.stderr


@pytest.mark.slow  # fresh processes for each page
def test_a_pattern_built_from_the_store_is_re_compiles(pages, prefix):
    lines = [README, "", " ", "\t", "a" * 300, "```python", "  - [x](y.md) `z` **w**: 3"]
    for folder, page in pages.values():
        run(folder, prefix, *check(page))
        lines += (folder / page).read_text(encoding="utf-8").splitlines()
    stored = entries(prefix)
    assert stored
    for (source, flags), entry in stored.items():
        built = lazy_regex._stored_pattern(source, entry)
        compiled = re.compile(source, flags)
        assert built is not None and built is not compiled
        assert built == compiled
        assert (built.pattern, built.flags, built.groups) == (
            source,
            compiled.flags,
            compiled.groups,
        )
        assert built.groupindex == compiled.groupindex
        for line in lines:
            assert shown(built.search(line)) == shown(compiled.search(line))
            assert shown(built.fullmatch(line)) == shown(compiled.fullmatch(line))
            assert list(map(shown, built.finditer(line))) == list(
                map(shown, compiled.finditer(line))
            )


def shown(match: re.Match[str] | None) -> object:
    if match is None:
        return None
    return match.span(), match.groups(), match.groupdict(), match.lastgroup


def _other_header(store: Path) -> None:
    header, stored = marshal.loads(store.read_bytes())
    store.write_bytes(marshal.dumps(({**header, "doclint": "0.0.0"}, stored)))


def _code_as_numbers(store: Path) -> None:
    header, stored = marshal.loads(store.read_bytes())
    stored = {k: (e[0], array("I", e[1]).tolist(), *e[2:]) for k, e in stored.items()}
    store.write_bytes(marshal.dumps((header, stored)))


def _code_refused(store: Path) -> None:
    header, stored = marshal.loads(store.read_bytes())
    stored = {k: (e[0], b"\xff" * 8, *e[2:]) for k, e in stored.items()}
    store.write_bytes(marshal.dumps((header, stored)))


def _code_too_long(store: Path) -> None:
    header, stored = marshal.loads(store.read_bytes())
    long = bytes(4 * lazy_regex.MAX_CODE + 4)
    store.write_bytes(marshal.dumps((header, {k: (e[0], long, *e[2:]) for k, e in stored.items()})))


def _names_of_other_types(store: Path) -> None:
    header, stored = marshal.loads(store.read_bytes())
    stored = {k: (*e[:3], {1: "x"}, (1,) * len(e[4])) for k, e in stored.items()}
    store.write_bytes(marshal.dumps((header, stored)))


def _entries_as_a_list(store: Path) -> None:
    header, stored = marshal.loads(store.read_bytes())
    store.write_bytes(marshal.dumps((header, [(*k, *e) for k, e in stored.items()])))


def _too_many(store: Path) -> None:
    header, stored = marshal.loads(store.read_bytes())
    entry = next(iter(stored.values()))
    many = {(f"x{n}", 0): entry for n in range(lazy_regex.MAX_STORED + 1)}
    store.write_bytes(marshal.dumps((header, {**stored, **many})))


def _over_the_size_bound(store: Path) -> None:
    data = store.read_bytes()
    store.write_bytes(data + bytes(lazy_regex.MAX_STORE_BYTES))


def _truncated(store: Path) -> None:
    data = store.read_bytes()
    store.write_bytes(data[: len(data) // 2])


def _code_object(store: Path) -> None:
    store.write_bytes(marshal.dumps(compile("raise SystemExit(3)", "store", "exec")))


def _folder(store: Path) -> None:
    store.unlink()
    store.mkdir()
    (store / "x").write_text("x")


def _link(store: Path) -> None:
    elsewhere = store.with_name("elsewhere")
    store.rename(elsewhere)
    store.symlink_to(elsewhere)


BAD_STORES = {
    "another doclint": _other_header,
    "code as numbers": _code_as_numbers,
    "code _sre refuses": _code_refused,
    "code too long": _code_too_long,
    "names of other types": _names_of_other_types,
    "entries as a list": _entries_as_a_list,
    "too many entries": _too_many,
    "over the size bound": _over_the_size_bound,
    "truncated": _truncated,
    "a code object": _code_object,
    "a folder": _folder,
    "a symbolic link": _link,
}


@pytest.mark.parametrize("bad", BAD_STORES)
def test_a_store_not_as_written_is_passed_over(pages, prefix, bad):
    """Whatever lies at the store's name, the run prints what it prints
    without a store, with no traceback (`run` checks), and builds none of
    doclint's patterns from it; a file is replaced by a store as written,
    and a link itself, never what it leads to."""
    folder, page = pages["generated"]
    good = run(folder, prefix, *check(page), script=_COMPILES)
    store = the_store(prefix)
    BAD_STORES[bad](store)
    elsewhere = store.with_name("elsewhere")
    left = elsewhere.read_bytes() if elsewhere.exists() else None
    after = run(folder, prefix, *check(page), script=_COMPILES)
    same_run(after, good)
    assert after.stderr == good.stderr
    assert compiled(after) == compiled(good) != set()  # as with no store
    if bad == "a folder":
        assert store.is_dir()  # never replaced: each run compiles
        return
    assert store.is_file() and not store.is_symlink()
    assert entries(prefix)
    if left is not None:
        assert elsewhere.read_bytes() == left


def test_no_store_is_written_where_python_writes_no_bytecode(pages, prefix):
    folder, page = pages["generated"]
    run(folder, prefix, *check(page), bytecode=False)
    assert stores(prefix) == []


@pytest.mark.slow  # fresh processes
def test_a_program_using_the_api_writes_no_store(pages, prefix):
    folder, page = pages["generated"]
    script = f"import doclint; print(len(doclint.check_paths([{page!r}]).diagnostics))"
    done = run(folder, prefix, script=script)
    assert int(done.stdout) > 0
    assert stores(prefix) == []


@pytest.mark.slow  # fresh processes writing the store
def test_the_store_is_replaced_whole(pages, prefix):
    """Processes that start together (pre-commit runs several) each write
    the store at their end: each renames a whole file over it, and no
    temporary file is left."""
    folder, page = pages["wiki"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPYCACHEPREFIX=str(prefix), PYTHONPATH=str(PROJECT))
    command = [sys.executable, "-m", "doclint", *check(page)]
    started = [
        subprocess.Popen(command, cwd=folder, env=env, stdout=subprocess.PIPE) for _ in range(4)
    ]
    outputs = {process.communicate()[0] for process in started}
    assert len(outputs) == 1
    assert entries(prefix)
    assert [path.name for path in the_store(prefix).parent.iterdir() if ".tmp" in path.name] == []


def test_no_pattern_a_tree_gives_is_stored(prefix, tmp_path):
    """A configuration's globs, a `.gitignore`'s patterns, a tree's profile
    and what a page writes (a fence's length) never reach the store."""
    tree = shutil.copytree(PROJECT / "examples" / "profile" / "bad", tmp_path / "tree")
    shutil.copy(PROJECT / "examples" / "profile" / "tinydoc.toml", tree)
    (tree / "doclint.toml").write_text(
        'profiles = ["tinydoc.toml"]\n'
        'exclude = ["never-stored-exclude/**"]\n'
        '[per-file-ignores]\n"never-stored-ignores/*.md" = ["DL401"]\n'
    )
    (tree / ".gitignore").write_text("never-stored-gitignore\n")
    (tree / "fences.md").write_text("# Fences\n\n```````text\nx\n```````\n")
    done = run(tree, prefix, "check", ".", "--no-cache")
    assert done.returncode == 1 and "units.py" in done.stdout  # the profile's finding
    stored = entries(prefix)
    assert stored
    profile = (tree / "tinydoc.toml").read_text(encoding="utf-8")
    for source, _ in stored:
        assert "never-stored" not in source
        assert "{7,}" not in source
        assert f"'{source}'" not in profile
