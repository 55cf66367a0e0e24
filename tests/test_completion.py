"""`doclint generate-shell-completion SHELL`: each script parses in its shell
and completes what the command line's parser knows. bash is always here;
zsh and fish are tested where installed (`.ci/run` installs them), skipped
otherwise."""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from doclint.cli.completion import shell_completion
from doclint.cli.options import build_parser
from doclint.engine.registry import load_registry
from doclint.output import FORMATS
from tests.checking import run_cli


def _rules() -> list[str]:
    return [w for entry in load_registry().sorted_entries() for w in (entry.code, entry.name)]


@pytest.fixture(scope="module")
def scripts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("completion")
    written = {}
    for shell in ("bash", "zsh", "fish"):
        written[shell] = folder / f"doclint.{shell}"
        written[shell].write_text(shell_completion(shell, _rules()), encoding="utf-8")
    return written


def _shell(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (apt-get install {name})")
    return found


def _check_options() -> list[str]:
    """Every option `doclint check --help` shows."""
    parser = build_parser("check")
    (commands,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    check = commands.choices["check"]
    return [n for a in check._actions if a.help != argparse.SUPPRESS for n in a.option_strings]


def test_the_command_prints_a_script_bash_accepts(monkeypatch, capsys, tmp_path):
    done = run_cli(monkeypatch, capsys, tmp_path, "generate-shell-completion", "bash")
    assert done.code == 0 and done.err == ""
    assert "complete -o filenames -F _doclint doclint" in done.out
    script = tmp_path / "doclint.bash"
    script.write_text(done.out, encoding="utf-8")
    syntax = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
    assert syntax.returncode == 0, syntax.stderr


def test_an_unknown_shell_is_one_line_with_the_closest(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "doclint", "generate-shell-completion", "bsh"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert "invalid choice: 'bsh' (did you mean `bash`?)" in done.stderr.splitlines()[0]
    assert "Traceback" not in done.stderr


def _bash(script: Path, *words: str) -> list[str]:
    """What bash's completion offers for `words`, the last being the one under the cursor."""
    program = (
        f"source {script}\n"
        'COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _doclint\n'
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    done = subprocess.run(
        ["bash", "--noprofile", "--norc", "-c", program, "bash", *words],
        capture_output=True,
        text=True,
        check=True,
    )
    return [line for line in done.stdout.splitlines() if line]


def test_bash_completes_commands_options_and_their_values(scripts):
    bash = scripts["bash"]
    commands = _bash(bash, "doclint", "")
    assert {"check", "rule", "profile", "generate-shell-completion"} <= set(commands)
    assert _bash(bash, "doclint", "check", "-") == _check_options()
    assert _bash(bash, "doclint", "check", "--output-format", "") == list(FORMATS)
    assert "DL201" in _bash(bash, "doclint", "rule", "DL2")
    assert "keyword-as-class" in _bash(bash, "doclint", "check", "--select", "keyword")
    # A nested command: `profile check`'s options, not `check`'s.
    assert _bash(bash, "doclint", "profile", "check", "--g") == ["--good"]
    assert _bash(bash, "doclint", "generate-shell-completion", "") == ["bash", "zsh", "fish"]


def test_bash_completes_files_where_a_command_takes_them(scripts, tmp_path, monkeypatch):
    (tmp_path / "docs").mkdir()
    (tmp_path / "report.json").write_text("{}")
    monkeypatch.chdir(tmp_path)
    assert _bash(scripts["bash"], "doclint", "check", "do") == ["docs"]
    assert _bash(scripts["bash"], "doclint", "check", "--baseline", "re") == ["report.json"]
    assert _bash(scripts["bash"], "doclint", "rules", "do") == []


def test_zsh_accepts_the_script_and_completes_from_it(scripts):
    zsh = _shell("zsh")
    syntax = subprocess.run([zsh, "-n", str(scripts["zsh"])], capture_output=True, text=True)
    assert syntax.returncode == 0, syntax.stderr
    # Outside a completion, compadd and _files stand in: each prints what it is given.
    program = (
        "compdef() { :; }\n"
        'compadd() { [[ $1 == -- ]] && shift; print -rl -- "$@"; }\n'
        "_files() { print -r -- '<files>'; }\n"
        f"source {scripts['zsh']}\n"
        "words=(doclint check --output-format ''); CURRENT=4; _doclint\n"
        "words=(doclint check docs); CURRENT=3; _doclint\n"
    )
    done = subprocess.run([zsh, "-fc", program], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == [*FORMATS, "<files>"]


def test_fish_accepts_the_script_and_completes_from_it(scripts, tmp_path):
    fish = _shell("fish")
    syntax = subprocess.run(
        [fish, "--no-execute", str(scripts["fish"])], capture_output=True, text=True
    )
    assert syntax.returncode == 0, syntax.stderr

    def complete(line: str) -> list[str]:
        program = f"source {scripts['fish']}; complete -C '{line}'"
        done = subprocess.run(
            [fish, "--no-config", "-c", program],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=True,
        )
        return [row.split("\t")[0] for row in done.stdout.splitlines()]

    assert sorted(complete("doclint check --output-format ")) == sorted(FORMATS)
    assert "generate-shell-completion" in complete("doclint ")
    assert complete("doclint profile check --g") == ["--good"]
    assert "DL201" in complete("doclint rule DL20")


def test_no_rule_name_becomes_shell_code():
    """A plugin's rule is named by its author: only plain words are written."""
    for shell in ("bash", "zsh", "fish"):
        script = shell_completion(shell, ["DL901", "ok-name", "x;touch /tmp/owned", "$(id)"])
        assert "ok-name" in script
        assert "touch" not in script and "$(id)" not in script


BASH_COMPLETION = Path("/usr/share/bash-completion/bash_completion")


@pytest.mark.skipif(not BASH_COMPLETION.is_file(), reason="bash-completion is not installed")
def test_the_readmes_completion_line_writes_where_bash_completion_reads_it(tmp_path):
    """The README's block, run in a new home folder, leaves a script that
    bash-completion loads for `doclint` by itself, as it does at a new shell."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    (block,) = [b for b in readme.split("```bash\n")[1:] if "generate-shell-completion" in b]
    block = block.split("```")[0]
    home = tmp_path / "home"
    home.mkdir()
    scripts = str(Path(sys.executable).parent)
    env = {"HOME": str(home), "PATH": f"{scripts}:/usr/bin:/bin", "NO_COLOR": "1"}
    written = subprocess.run(["bash", "-c", block], env=env, capture_output=True, text=True)
    assert written.returncode == 0, written.stderr
    loaded = subprocess.run(
        [
            "bash",
            "--norc",
            "-c",
            f". {BASH_COMPLETION}; __load_completion doclint; complete -p doclint",
        ],
        env=env,
        capture_output=True,
        text=True,
    )
    assert loaded.stdout.strip() == "complete -o filenames -F _doclint doclint", loaded.stderr
