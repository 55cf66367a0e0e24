"""The pre-commit hook, for real: `pre-commit try-repo` builds its own environment,
installs doclint into it from a snapshot of this checkout, and runs the hook on
a throwaway repository.

The snapshot is a commit of the working tree (tracked and new files, as git
sees them), so the test checks the code as it is, committed or not. pre-commit
installs doclint's dependencies from the package index pip is configured with;
the test is skipped, saying so, when pre-commit or git is missing or no index
can be reached.
"""

from __future__ import annotations

import importlib.util
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from tests.conftest import PROJECT
from tests.pages import keyword_index

# pip's ways of saying it could not reach a package index.
OFFLINE = (
    "Failed to establish a new connection",
    "NewConnectionError",
    "Temporary failure in name resolution",
    "No matching distribution found",
)
GIT_IDENTITY = ("-c", "user.name=doclint tests", "-c", "user.email=tests@doclint.invalid")


def pre_commit_command() -> list[str] | None:
    if importlib.util.find_spec("pre_commit") is not None:
        # Isolated (-I): run from the repository under test, `-m` would import its modules.
        return [sys.executable, "-I", "-m", "pre_commit"]
    found = shutil.which("pre-commit")
    return [found] if found else None


def git(*args: str, cwd: Path) -> None:
    subprocess.run(
        ["git", *GIT_IDENTITY, "-c", "commit.gpgsign=false", *args],
        cwd=cwd,
        check=True,
        capture_output=True,
    )


def snapshot(into: Path) -> Path:
    """A one-commit repository holding the checkout's files as they are now."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=PROJECT,
        check=True,
        capture_output=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = PROJECT / name
        if source.is_file():  # a tracked file deleted in the work tree is left out
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    git("init", "-q", cwd=into)
    git("add", "-A", cwd=into)
    git("commit", "-q", "-m", "snapshot", cwd=into)
    return into


@pytest.fixture(scope="module")
def try_hook(tmp_path_factory) -> Callable[..., subprocess.CompletedProcess[str]]:
    command = pre_commit_command()
    if command is None:
        pytest.skip("pre-commit is not installed (the test extra has it: pip install '.[test]')")
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    if not (PROJECT / ".git").exists():
        pytest.skip("the project is not a git checkout: nothing to snapshot")
    base = tmp_path_factory.mktemp("pre-commit")
    repository = snapshot(base / "doclint")
    # Its own home: the environment pre-commit builds is shared by this module's tests only.
    env = {**os.environ, "PRE_COMMIT_HOME": str(base / "home")}
    runs = 0

    def run(
        files: dict[str, str], hook: str = "doclint", all_files: bool = False
    ) -> subprocess.CompletedProcess[str]:
        nonlocal runs
        runs += 1
        work = base / f"work{runs}"
        work.mkdir()
        git("init", "-q", cwd=work)
        for name, text in files.items():
            (work / name).parent.mkdir(parents=True, exist_ok=True)
            (work / name).write_text(text, encoding="utf-8")
        git("add", "-A", cwd=work)
        # --all-files for names pre-commit's own options would take as options;
        # --verbose shows what doclint printed, even when it passed.
        chosen = ["--all-files", "--verbose"] if all_files else ["--files", *files]
        result = subprocess.run(
            [*command, "try-repo", str(repository), hook, "--color", "never", *chosen],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            check=False,
            timeout=600,
        )
        output = result.stdout + result.stderr
        if "CalledProcessError" in output and any(sign in output for sign in OFFLINE):
            pytest.skip("pre-commit could not install doclint's dependencies: no package index")
        return result

    return run


@pytest.mark.slow
def test_the_hook_fails_on_a_bad_page_with_doclints_message(try_hook):
    result = try_hook(
        {
            "docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["Thing"]),
            "pkg/mod.py": "class Thing: ...\n",
        }
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "doclint" in result.stdout and "Failed" in result.stdout
    classs = "docs/pkg/mod.py_kw.md:14:1: DL101 error [unknown-heading] [*] `### Classs`"
    assert classs in result.stdout


@pytest.mark.slow
def test_the_hook_passes_on_a_clean_page(try_hook):
    result = try_hook({"README.md": "# Notes\n\nSee [the guide](guide.md).\n", "guide.md": "# G\n"})
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Passed" in result.stdout


@pytest.mark.slow
def test_the_hook_only_sees_markdown(try_hook):
    result = try_hook({"notes.txt": "# Keyword Index: `x.py`\n\n## Oops\n"})
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Skipped" in result.stdout


def test_the_manifest_is_valid():
    command = pre_commit_command()
    if command is None:
        pytest.skip("pre-commit is not installed (the test extra has it: pip install '.[test]')")
    result = subprocess.run(
        [*command, "validate-manifest", str(PROJECT / ".pre-commit-hooks.yaml")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_readme_configurations_are_valid(tmp_path):
    command = pre_commit_command()
    if command is None:
        pytest.skip("pre-commit is not installed (the test extra has it: pip install '.[test]')")
    # The README's one configuration, then the guide's two (remote and local).
    blocks = []
    for page in ("README.md", "docs/ci.md"):
        text = (PROJECT / page).read_text(encoding="utf-8")
        section = text.split("\n## pre-commit\n", 1)[1].split("\n## ", 1)[0]
        blocks += [block.split("```", 1)[0] for block in section.split("```yaml\n")[1:]]
    assert len(blocks) == 3 and "repo: local" in blocks[2]
    for number, block in enumerate(blocks):
        config = tmp_path / f"config{number}.yaml"
        config.write_text(block)
        result = subprocess.run(
            [*command, "validate-config", str(config)], capture_output=True, text=True, check=False
        )
        assert result.returncode == 0, result.stdout + result.stderr


def test_the_hooks_pass_file_names_after_a_double_dash():
    # pre-commit appends the file names (after `args:`) to the entry.
    hooks = yaml.safe_load((PROJECT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert [hook["id"] for hook in hooks] == ["doclint", "doclint-fix"]
    for hook in hooks:
        assert shlex.split(hook["entry"])[-1] == "--", hook["id"]


@pytest.mark.slow
@pytest.mark.parametrize("hook", ["doclint", "doclint-fix"])
def test_no_file_name_is_an_option_and_no_module_of_the_tree_runs(try_hook, tmp_path, hook):
    outside = tmp_path / "outside"
    outside.mkdir()
    marker = tmp_path / "imported"
    plant = f"open({str(marker)!r}, 'a').write(__name__ + ' ')\n"
    page = "# A page\n\nText.\n"
    result = try_hook(
        {
            # Each a top folder named like an option, the rest an absolute path.
            f"--output-file={outside}/report.md": page,
            f"-o{outside}/short.md": page,
            f"--write-baseline={outside}/baseline.md": page,
            "docs/page.md": page,
            **{f"{name}.py": plant for name in ("shlex", "json", "argparse", "hashlib")},
            "multiprocessing/__init__.py": plant,
        },
        hook=hook,
        all_files=True,
    )
    output = result.stdout + result.stderr
    assert list(outside.iterdir()) == [], output
    assert not marker.exists(), f"imported from the tree: {marker.read_text()}"
    # Every name reached doclint as a page: four files checked, no usage error.
    assert result.returncode == 0, output
    assert "All checks passed (4 files checked)." in output


@pytest.mark.parametrize("hook", ["doclint", "doclint-fix"])
def test_the_hook_command_reads_option_shaped_names_as_pages(tmp_path, hook):
    """The command pre-commit builds (entry, then the file names), run
    directly: each name, however it starts, is a page checked."""
    (entry,) = [
        h["entry"]
        for h in yaml.safe_load((PROJECT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
        if h["id"] == hook
    ]
    outside = tmp_path / "outside"
    outside.mkdir()
    tree = tmp_path / "tree"
    names = [
        f"--output-file={outside}/report.md",
        f"-o{outside}/short.md",
        f"--write-baseline={outside}/baseline.md",
        "--weird-name.md",
    ]
    for name in names:
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_text("# A page\n\nText.\n", encoding="utf-8")
    command = shlex.split(entry)
    command[0] = str(Path(sys.executable).parent / command[0])
    result = subprocess.run(
        [*command, *names],
        cwd=tree,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert list(outside.iterdir()) == [], result.stdout + result.stderr
    assert result.returncode == 0, result.stdout + result.stderr
    assert "All checks passed (4 files checked)." in result.stdout
