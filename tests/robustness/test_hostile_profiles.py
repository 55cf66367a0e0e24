"""Issue 56, points 4 and 5: a profile (or any TOML doclint reads) that
cannot be used is one line naming the file and exit 2, in `doclint check`
and `doclint profile check` alike, whatever its depth, size, type or
encoding; and a profile enters the cache key by the digest of its bytes, the
key the same under every hash seed. Each test ran red on 4bc93b5."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from doclint import Settings
from doclint.config.files import load_profile
from doclint.engine.linter import Linter
from doclint.incremental.cache import KEY_PATTERN
from doclint.incremental.store import ContentCache, cache_key
from doclint.profiles import ProfileError, parse_generator
from doclint.run.setup import key_text, result_key
from doclint.tree.index import Tree
from tests.checking import run_cli
from tests.running import run

PROJECT = Path(__file__).resolve().parents[2]
DOCLINT = [sys.executable, "-m", "doclint"]
TINYDOC = PROJECT / "examples" / "profile" / "tinydoc.toml"
LABEL_LINE = "line = '^_(?P<label>[A-Za-z ]+)_:'"


def _tinydoc(old: str, new: str) -> str:
    text = TINYDOC.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


def _text(text: str) -> Callable[[Path], None]:
    return lambda path: path.write_text(text, encoding="utf-8")


def _bytes(data: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(data)


def _link_out(path: Path) -> None:
    outside = path.parent.parent / "outside.toml"
    outside.write_text(TINYDOC.read_text(encoding="utf-8"), encoding="utf-8")
    path.symlink_to(outside)


# Each hostile profile, and what its one line says (a regular expression).
HOSTILE: dict[str, tuple[Callable[[Path], None], str]] = {
    "deep-array": (
        _text("a = " + "[" * 2000 + "]" * 2000 + "\n"),
        "p.toml: not TOML: nested too deep",
    ),
    "deep-inline-table": (
        _text("a = " + "{b = " * 2000 + "}" * 2000 + "\n"),
        "p.toml: not TOML: nested too deeply$",
    ),
    "deep-pattern": (
        # RE2 compiles nesting without recursion; its program's size is bounded.
        _text(_tinydoc(LABEL_LINE, LABEL_LINE[:-1] + "(" * 100_000 + ")" * 100_000 + "'")),
        "p.toml:21: labels.line: the pattern is too large: 200011 RE2 instructions, at most 4096$",
    ),
    "over-1-MiB": (_text("# padding\n" * 120_000), "cannot read the profile: over the limit"),
    "latin-1": (_bytes('name = "café"\n'.encode("latin-1")), "cannot read the profile: not UTF-8"),
    "binary": (_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256))), "not UTF-8"),
    "nul": (_bytes(b'name = "t"\x00\n'), r"p\.toml:1: not TOML: "),
    "fifo": (os.mkfifo, r"cannot read the profile: not a regular file \(a named pipe\)"),
    "folder": (os.mkdir, r"cannot read the profile: not a regular file \(a directory\)"),
    "link-out": (_link_out, "leads outside the folder|a link out of"),
    "wrong-type": (
        _text('name = "x"\nlayout = ["reference"]\n'),
        r"p\.toml:2: layout: Input should",
    ),
    "wrong-type-top": (_text(_tinydoc('name = "tinydoc"', "name = 3")), r"p\.toml:2: name: Input"),
}


def _tree(folder: Path, kind: str) -> Path:
    """A tree whose configuration names the hostile profile `p.toml`."""
    tree = folder / "tree"
    tree.mkdir()
    (tree / "doclint.toml").write_text('profiles = ["p.toml"]\n', encoding="utf-8")
    (tree / "a.md").write_text("# A\n", encoding="utf-8")
    HOSTILE[kind][0](tree / "p.toml")
    return tree


@pytest.mark.parametrize("command", ["check", "profile-check"])
@pytest.mark.parametrize("kind", list(HOSTILE))
def test_a_hostile_profile_is_one_line_naming_it_and_exit_2(
    tmp_path, monkeypatch, capsys, kind, command
):
    tree = _tree(tmp_path, kind)
    args = ["check", "--no-cache", "a.md"] if command == "check" else ["profile", "check", "p.toml"]
    done = run_cli(monkeypatch, capsys, tree, *args)
    assert done.code == 2
    assert done.out == ""
    [line] = done.err.splitlines()
    assert line.startswith("doclint: error: ")
    assert "p.toml" in line
    assert re.search(HOSTILE[kind][1], line)


@pytest.mark.parametrize(
    "args",
    [["check", "--no-cache", "a.md"], ["profile", "check", "p.toml", "--good", "."]],
    ids=["check", "profile-check"],
)
def test_a_deep_profile_is_no_traceback_from_the_installed_command(tmp_path, args):
    """The review's attack as it ran: 3,000 lines of RecursionError and exit 1."""
    tree = _tree(tmp_path, "deep-array")
    done = subprocess.run(
        [*DOCLINT, *args],
        cwd=tree,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(PROJECT)},
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.endswith("p.toml: not TOML: nested too deeply\n")
    assert len(done.stderr.splitlines()) == 1


def test_deep_toml_in_config_on_the_command_line_is_one_line(tmp_path, monkeypatch, capsys):
    """`--config KEY=VALUE` reads TOML through the same guarded reader."""
    (tmp_path / "a.md").write_text("# A\n", encoding="utf-8")
    deep = "a = " + "[" * 2000 + "]" * 2000
    done = run_cli(monkeypatch, capsys, tmp_path, "check", "--no-cache", "--config", deep, "a.md")
    assert done.code == 2
    [line] = done.err.splitlines()
    assert line.endswith("neither a configuration file nor KEY=VALUE in TOML (nested too deeply)")


def test_a_profile_unfinished_at_its_end_names_its_last_line():
    with pytest.raises(ProfileError) as raised:
        parse_generator('name = "x"\nlayout = [\n', "p.toml")
    assert str(raised.value) == "p.toml:2: not TOML: Invalid value"


def test_a_profile_of_a_mebibyte_of_ids_is_validated_in_linear_time():
    """Ids given twice were counted with list.count, once per id: 16,000
    phrase-book ids (a profile within the 1 MiB bound) took 9 s, 1.4 s now."""
    entries = "".join(
        f'{{id="S{i}",section="s",pattern="a",claim="c",unjudged="u"}},\n' for i in range(16_000)
    )
    text = (
        'name = "x"\nplaces = { docs_folder = "d", pages = { file-docs = "{path}.md" } }\n'
        '[[versions]]\nfooter = "f"\ntitles = {}\nkeyword_section = "k"\n'
        'keyword_entry = "(?P<name>a)"\nidentifier_lists = "all"\nmetadata_labels = []\n'
        f'sentences = [\n{entries}]\n[[versions.templates]]\nid = "t"\n'
    )
    assert len(text.encode()) < 1024 * 1024
    started = time.perf_counter()
    profile = parse_generator(text, "p.toml")
    assert time.perf_counter() - started < 5
    assert len(profile.templates[0].sentences) == 16_000


# -- point 5: a profile enters the cache key by the digest of its bytes -------

ITEM = "item = '^- `\\**(?P<name>\\w+)`'"


def _in_the_past(tree: Path) -> None:
    """Every file's mtime an hour back: a stamp that recent is one the cache trusts."""
    past = time.time() - 3600
    for path in tree.rglob("*"):
        os.utime(path, (past, past))


def _cached(settings: Settings) -> tuple[list[object], int, str]:
    """The findings of a run with the cache on, how many came from it, and its key."""
    ran = run(
        [settings.root / "reference"], settings, stores=ContentCache(settings.cache_dir, _fail)
    )
    key = cache_key(result_key(Linter(settings, Tree(settings.root))))
    return ran.diagnostics, ran.from_cache, key


def _fail(message: str) -> None:
    raise AssertionError(f"unexpected warning: {message}")


def test_profiles_differing_after_250_characters_of_a_pattern_have_their_own_keys(tmp_path):
    """A compiled pattern's repr stops at 200 characters: a profile file whose
    `item` pattern was changed after its 250th kept its key, and a cached run
    showed the old profile's findings (exit 0 against --no-cache's 1, and back)."""
    tree = tmp_path / "tree"
    shutil.copytree(PROJECT / "examples" / "profile" / "bad", tree)
    every = _tinydoc(ITEM, ITEM.replace("'^", "'^(?:" + "z" * 250 + ")?"))
    texts = {"every": every, "only-q": every.replace("(?P<name>\\w+)`'", "(?P<name>q\\w+)`'")}
    assert texts["only-q"] != every
    profile = tree / "prof.toml"
    keys, codes = {}, {}
    for round_ in range(2):
        for name, text in texts.items():
            profile.write_text(text, encoding="utf-8")
            _in_the_past(tree)
            settings = Settings(select=["ALL"], root=tree, cache=True, cache_dir=tmp_path / "cache",
                                jobs=1, profiles=(load_profile(profile),))  # fmt: skip
            found, from_cache, keys[name] = _cached(settings)
            assert found == run([tree / "reference"], replace(settings, cache=False)).diagnostics
            if round_ == 0:  # later, each key's file may be pruned for the other's
                assert from_cache == 0
            codes[name] = {finding.code for finding in found}
    assert keys["every"] != keys["only-q"]
    # The item `colour` names no parameter: only the profile reading it says so.
    assert codes["every"] - codes["only-q"] == {"DL703"}


@pytest.mark.slow
def test_a_profile_with_claims_keeps_one_key_under_every_hash_seed(tmp_path):
    """A profile's claims are frozensets, whose repr's order follows the hash
    seed: eight identical runs made eight cache files. Now one, hit by every
    run after the first, which writes nothing."""
    tree = tmp_path / "tree"
    shutil.copytree(PROJECT / "examples" / "profile" / "bad", tree)
    shutil.copy(TINYDOC, tree / "tinydoc.toml")
    (tree / "doclint.toml").write_text('profiles = ["tinydoc.toml"]\n', encoding="utf-8")
    _in_the_past(tree)
    # Outside the tree: the default folder, made by the first run, is in the
    # root's listing, which some rules ask (the second run checks them again).
    cache = tmp_path / "cache"
    outputs, names, stamps = set(), set(), set()
    for seed in range(5):
        done = subprocess.run(
            [*DOCLINT, "check", "reference", "--output-format", "concise", "--cache-dir", cache],
            cwd=tree,
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "PYTHONPATH": str(PROJECT), "PYTHONHASHSEED": str(seed),
                 "XDG_CACHE_HOME": str(tmp_path / "xdg")},
        )  # fmt: skip
        assert (done.returncode, done.stderr) == (1, "")
        outputs.add(done.stdout)
        [stored] = cache.glob(KEY_PATTERN)
        names.add(stored.name)
        status = stored.stat()
        stamps.add((status.st_ino, status.st_mtime_ns))
    assert len(outputs) == len(names) == len(stamps) == 1
    assert "DL703" in outputs.pop()


def test_the_key_is_canonical_text_never_a_repr():
    assert key_text({"b": frozenset({"y", "x"}), "a": [Path("p/q"), None, 1.5, True]}) == (
        '{"mapping":[["a",[{"path":"p/q"},null,1.5,true]],["b",{"set":["x","y"]}]]}'
    )
    with pytest.raises(TypeError, match="a Pattern cannot be part of the cache key"):
        key_text([re.compile("a" * 300)])
    profile = load_profile(TINYDOC)
    assert key_text(profile) == key_text(parse_generator(TINYDOC.read_text("utf-8"), "elsewhere"))
    assert profile.digest == hashlib.sha256(TINYDOC.read_bytes()).hexdigest()
