"""The snippets of the README and of docs/ run as written.

- Every shell block (bash, sh, shell) says before it, in an HTML comment,
  whether a test runs it: `<!-- snippet: run in=DIR exit=N stdin=FILE slow home -->`
  (run here, with bash, in a copy of the checkout) or `<!-- snippet: skip
  REASON -->` (docs/ci.md, "Snippets that run"). A block with neither fails.
- The `doclint` and `pip install` commands of the CI workflows run on the
  example tree and against a commit of the checkout.
- The pre-commit configurations run with real pre-commit against a commit of
  the checkout (its hash in place of the placeholder, its path in place of the
  repository's address), with PRE_COMMIT_HOME in a temporary folder.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from doclint import __version__
from tests.conftest import PROJECT
from tests.pages import keyword_index
from tests.test_precommit import OFFLINE, git, pre_commit_command, snapshot

# The rule pages (docs/rules/) are generated from the rules' docstrings, whose
# blocks quote what generated pages say (a bad run command among them), not
# commands for the reader: they are kept in sync by tests/test_rule_pages.py.
DOCUMENTS = [
    PROJECT / "README.md",
    *sorted(
        p
        for p in (PROJECT / "docs").glob("**/*.md")
        if "rules" not in p.relative_to(PROJECT).parent.parts
    ),
]
SHELLS = ("bash", "sh", "shell")
PLACEHOLDER = "0123456789abcdef0123456789abcdef01234567"
HOME = "https://github.com/doclint/doclint"
_BLOCK = re.compile(r"(?:^<!-- snippet: (.*?) -->\n)?^```(\w*)\n(.*?)^```$", re.M | re.S)
_OPTION = re.compile(r"(in|exit|stdin)=(\S+)|(slow|home)")
_NOT_COPIED = shutil.ignore_patterns(
    ".git", ".venv", ".doclint_cache", "__pycache__", "*.egg-info", ".*_cache", "build"
)
BAD_PAGE = {
    "docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["Thing"]),
    "pkg/mod.py": "class Thing: ...\n",
}


def blocks(language: str | tuple[str, ...]) -> list[tuple[str, str | None, str]]:
    """(where, marker, body) of every block of `language` in the documents."""
    languages = (language,) if isinstance(language, str) else language
    found = []
    for document in DOCUMENTS:
        text = document.read_text(encoding="utf-8")
        for match in _BLOCK.finditer(text):
            marker, kind, body = match.groups()
            if kind in languages:
                line = text.count("\n", 0, match.start(2 if marker is None else 1)) + 1
                found.append((f"{document.relative_to(PROJECT)}:{line}", marker, body))
    return found


def shell_runs() -> list[object]:
    runs = []
    for where, marker, body in blocks(SHELLS):
        if marker is None or not marker.startswith("run"):
            continue
        options = {key or flag: value or True for key, value, flag in _parse(marker)}
        marks = [pytest.mark.slow] if "slow" in options else []
        runs.append(pytest.param(body, options, id=where, marks=marks))
    return runs


def _parse(marker: str) -> list[tuple[str, str, str]]:
    return _OPTION.findall(marker[len("run") :])


def test_every_shell_block_is_run_or_says_why_not():
    found = blocks(SHELLS)
    assert len(found) >= 7
    for where, marker, _body in found:
        assert marker is not None, f"{where}: a shell block without <!-- snippet: ... -->"
        if marker.startswith("skip"):
            assert len(marker.split()) >= 4, f"{where}: say why the block is not run"
            continue
        assert marker.startswith("run"), f"{where}: run or skip, not {marker!r}"
        rest = _OPTION.sub("", marker[len("run") :])
        assert not rest.strip(), f"{where}: unknown snippet options {rest!r}"


@pytest.mark.parametrize(("body", "options"), shell_runs())
def test_shell_block_runs_as_written(body, options, tmp_path):
    checkout = tmp_path / "doclint"
    shutil.copytree(PROJECT, checkout, ignore=_NOT_COPIED)
    folder = checkout / options.get("in", ".")
    stdin = (folder / options["stdin"]).read_bytes() if "stdin" in options else b""
    env = _env(tmp_path)
    if "home" in options:  # it writes into the home folder: a new one
        env["HOME"] = str(tmp_path / "home")
        env.pop("XDG_DATA_HOME", None)
        (tmp_path / "home").mkdir()
    done = subprocess.run(
        ["bash", "-c", body],
        cwd=folder,
        env=env,
        input=stdin,
        capture_output=True,
        timeout=900,
        check=False,
    )
    output = (done.stdout + done.stderr).decode(errors="replace")
    assert done.returncode == int(options.get("exit", 0)), output
    assert "doclint: error:" not in output and "Traceback" not in output, output


def _env(tmp_path: Path) -> dict[str, str]:
    """The environment a reader has: this doclint's scripts on the PATH, no colour."""
    scripts = str(Path(sys.executable).parent)
    return {
        **os.environ,
        "PATH": scripts + os.pathsep + os.environ["PATH"],
        "NO_COLOR": "1",
        "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"),
    }


# The CI workflows


def workflow_commands() -> list[str]:
    """The commands of `run:` steps and `script:` items of the CI examples."""
    commands = []
    for _where, _marker, body in blocks("yaml"):
        if "runs-on:" not in body and "script:" not in body:
            continue
        lines = body.splitlines()
        for number, line in enumerate(lines):
            command = re.match(r"\s*(?:- run:|run:|- (?=doclint|pip))\s*(.*)", line)
            if command is None:
                continue
            text = command[1]
            if text == ">":  # a folded block: the lines indented below it
                indent = len(lines[number + 1]) - len(lines[number + 1].lstrip())
                folded = []
                for more in lines[number + 1 :]:
                    if len(more) - len(more.lstrip()) < indent:
                        break
                    folded.append(more.strip())
                text = " ".join(folded)
            commands.append(text)
    return commands


def test_every_workflow_checks_out_the_whole_history():
    """A shallow clone leaves every page's citations unjudged by
    cited-lines-changed: each workflow fetches the whole history."""
    checkouts = gitlab = 0
    for where, _marker, body in blocks("yaml"):
        for step in re.findall(r"- uses: actions/checkout@\S+\n((?:\s+\S.*\n)*)", body):
            checkouts += 1
            assert re.match(r"\s+with:\n\s+fetch-depth: 0\b", step), where
        if "script:" in body and "image:" in body:  # GitLab's
            gitlab += 1
            assert 'GIT_DEPTH: "0"' in body, where
    assert checkouts >= 4 and gitlab >= 1


def test_the_workflows_are_found():
    commands = workflow_commands()
    assert sum(command.startswith("doclint check") for command in commands) >= 4
    assert sum(command.startswith("pip install") for command in commands) >= 3


@pytest.mark.parametrize(
    "command", [c for c in workflow_commands() if c.startswith("doclint")], ids=lambda c: c[:60]
)
def test_the_workflows_doclint_commands_run_on_the_example_tree(command, tmp_path):
    tree = tmp_path / "tree"
    shutil.copytree(PROJECT / "examples" / "tree", tree)
    command = command.replace("${{ matrix.shard }}", "1")
    done = subprocess.run(
        ["bash", "-c", command],
        cwd=tree,
        env={**_env(tmp_path), "CI": "true"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    assert "error:" not in done.stderr, done.stderr


# Against a commit of the checkout: pre-commit and pip, for real


@pytest.fixture(scope="module")
def commit(tmp_path_factory) -> tuple[Path, str]:
    """A one-commit repository of the checkout as it is now, and its hash."""
    if shutil.which("git") is None or not (PROJECT / ".git").exists():
        pytest.skip("git, or a git checkout, is missing")
    repository = snapshot(tmp_path_factory.mktemp("snapshot") / "doclint")
    head = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=repository, capture_output=True, text=True, check=True
    ).stdout.strip()
    return repository, head


def pre_commit_configurations() -> list[object]:
    return [
        pytest.param(body, id=f"{where}-{'local' if 'repo: local' in body else 'remote'}")
        for where, _marker, body in blocks("yaml")
        if "\nrepos:\n" in f"\n{body}"
    ]


def test_the_pre_commit_configurations_are_found():
    found = [param.values[0] for param in pre_commit_configurations()]
    assert any("repo: local" in body for body in found)
    assert any(HOME in body and PLACEHOLDER in body for body in found)


def _work_repository(folder: Path, config: str, files: dict[str, str]) -> Path:
    folder.mkdir()
    git("init", "-q", cwd=folder)
    for name, text in {".pre-commit-config.yaml": config, **files}.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    git("add", "-A", cwd=folder)
    return folder


def _pre_commit(
    commit: tuple[Path, str], folder: Path, *args: str
) -> subprocess.CompletedProcess[str]:
    command = pre_commit_command()
    if command is None:
        pytest.skip("pre-commit is not installed (the test extra has it: pip install '.[test]')")
    done = subprocess.run(
        [*command, *args, "--color", "never"],
        cwd=folder,
        # One PRE_COMMIT_HOME for the module: the hook's environment is built once.
        env=_env(commit[0].parent),
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    output = done.stdout + done.stderr
    if "CalledProcessError" in output and any(sign in output for sign in OFFLINE):
        pytest.skip("pre-commit could not install doclint's dependencies: no package index")
    return done


@pytest.mark.slow
@pytest.mark.parametrize("config", pre_commit_configurations())
def test_the_pre_commit_configuration_runs_as_written(config, commit, tmp_path):
    """Slow: the remote one builds the hook's environment (about 12 s)."""
    repository, head = commit
    remote = HOME in config
    if remote:
        config = config.replace(HOME, str(repository)).replace(PLACEHOLDER, head)
    work = _work_repository(tmp_path / "work", config, BAD_PAGE)
    done = _pre_commit(commit, work, "run", "--all-files")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "docs/pkg/mod.py_kw.md:14:1: DL101 error [unknown-heading]" in done.stdout
    # A tree with nothing to report passes.
    (work / "docs/pkg/mod.py_kw.md").unlink()
    (work / "README.md").write_text("# Notes\n\nSee [the guide](guide.md).\n", encoding="utf-8")
    (work / "guide.md").write_text("# Guide\n", encoding="utf-8")
    git("add", "-A", cwd=work)
    again = _pre_commit(commit, work, "run", "--all-files")
    assert again.returncode == 0 and "Passed" in again.stdout, again.stdout + again.stderr


@pytest.mark.slow
def test_autoupdate_freeze_puts_a_commit_in_place_of_the_placeholder(commit, tmp_path):
    repository, head = commit
    remote = next(p.values[0] for p in pre_commit_configurations() if HOME in p.values[0])
    work = _work_repository(tmp_path / "work", remote.replace(HOME, str(repository)), {})
    done = _pre_commit(commit, work, "autoupdate", "--freeze")
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"rev: {head}" in (work / ".pre-commit-config.yaml").read_text()


@pytest.mark.slow
def test_the_workflows_pip_install_line_installs_the_pinned_commit(commit, tmp_path):
    repository, head = commit
    line = next(c for c in workflow_commands() if c.startswith("pip install"))
    argv = shlex.split(line.replace("${DOCLINT_REV}", head))
    assert argv == ["pip", "install", f"doclint @ git+{HOME}@{head}"]
    # The same URL, with the snapshot in place of the repository's address
    # (this pip takes a local git URL bare, not after `doclint @`).
    url = argv[2].removeprefix("doclint @ ").replace(HOME, f"file://{repository}")
    report = _pip(
        [sys.executable, "-m", "pip", "install", "--dry-run", "--no-deps", "-q", "--report=-", url],
        tmp_path,
    )
    (installed,) = json.loads(report)["install"]
    assert installed["metadata"]["name"] == "doclint"
    assert installed["download_info"]["vcs_info"]["commit_id"] == head


def _pip(argv: list[str], tmp_path: Path) -> str:
    """What a pip command prints; the test skips when no package index answers."""
    done = subprocess.run(
        argv, env=_env(tmp_path), capture_output=True, text=True, timeout=900, check=False
    )
    if done.returncode and any(sign in done.stderr for sign in OFFLINE):
        pytest.skip("no package index to build or install doclint with")
    assert done.returncode == 0, done.stderr
    return done.stdout


# The cache key of docs/caching.md


def _installed_step() -> str:
    """The shell of docs/caching.md's step that names the doclint installed."""
    body = next(body for _, _, body in blocks("yaml") if "outputs.installed" in body)
    lines = body.splitlines()
    start = next(n for n, line in enumerate(lines) if line.strip() == "id: doclint")
    assert lines[start + 1].strip() == "run: |"
    script = []
    for line in lines[start + 2 :]:
        if not line.startswith("    "):
            break
        script.append(line[4:])
    return "\n".join(script) + "\n"


def _name_the_installed(path: str, tmp_path: Path) -> str:
    """What the step writes to GITHUB_OUTPUT with `path` before the PATH."""
    output = tmp_path / "github-output"
    done = subprocess.run(
        ["bash", "-c", _installed_step()],
        env={**_env(tmp_path), "PATH": path + os.pathsep + os.environ["PATH"],
             "GITHUB_OUTPUT": str(output)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return output.read_text()


def test_the_cache_key_names_the_doclint_installed(tmp_path):
    """No index serves `doclint==0.1.0`: the key names what the step installed,
    its version and the commit pip recorded (none for this editable install)."""
    caching = (PROJECT / "docs" / "caching.md").read_text(encoding="utf-8")
    assert "doclint==" not in caching and "-0.1.0-" not in caching
    scripts = str(Path(sys.executable).parent)
    assert _name_the_installed(scripts, tmp_path) == f"installed={__version__}-local\n"


@pytest.mark.slow
def test_the_cache_key_names_the_commit_pip_installed_from_the_repository(commit, tmp_path):
    repository, head = commit
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    _pip([str(venv / "bin" / "pip"), "install", "-q", f"git+file://{repository}@{head}"], tmp_path)
    installed = _name_the_installed(str(venv / "bin"), tmp_path)
    assert installed == f"installed={__version__}-{head}\n"
