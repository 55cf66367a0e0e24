"""Issue 56, points 4 and 5: a profile (or any TOML doclint reads) that
cannot be used is one line naming the file and exit 2, in `doclint check`
and `doclint profile check` alike, whatever its depth, size, type or
encoding; and a profile enters the cache key by the digest of its bytes, the
key the same under every hash seed. Each test ran red on 4bc93b5."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from doclint.profiles import ProfileError, parse_generator
from tests.checking import run_cli

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
        _text(_tinydoc(LABEL_LINE, LABEL_LINE[:-1] + "(" * 1500 + ")" * 1500 + "'")),
        "p.toml: a pattern is nested too deeply to compile$",
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
        'name = "x"\n[[versions]]\nfooter = "f"\ntitles = {}\nkeyword_section = "k"\n'
        'keyword_entry = "(?P<name>a)"\nidentifier_lists = "all"\nmetadata_labels = []\n'
        f'sentences = [\n{entries}]\n[[versions.templates]]\nid = "t"\n'
    )
    assert len(text.encode()) < 1024 * 1024
    started = time.perf_counter()
    profile = parse_generator(text, "p.toml")
    assert time.perf_counter() - started < 5
    assert len(profile.templates[0].sentences) == 16_000
