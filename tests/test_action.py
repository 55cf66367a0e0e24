"""The GitHub Action (action.yml): its shell steps run here as a runner runs
them, in a temporary workspace, against small hand-made trees.

Each step's `${{ ... }}` expressions are replaced with the values a runner
gives (the inputs with their defaults, `github.*`, `runner.*`, earlier steps'
outputs); an expression this runner does not know fails the test, so the
action cannot use one untested. GITHUB_OUTPUT, GITHUB_PATH and
GITHUB_STEP_SUMMARY are files, read back between steps. The `uses:` steps
(actions/cache) cannot run here: their keys are checked against
docs/caching.md's scheme instead. The install step (doclint and Mermaid's
parser) runs only in the slow tests (a pip install of the checkout); the
others use this doclint, and test_mermaid_is_installed_into_doclints_environment
runs the install step with a stand-in Python and npm.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from doclint import __version__
from doclint.engine.registry import load_registry
from tests.conftest import PROJECT, SHARED
from tests.test_precommit import OFFLINE

ACTION = yaml.safe_load((PROJECT / "action.yml").read_text(encoding="utf-8"))
STEPS = ACTION["runs"]["steps"]
_EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


@dataclass
class Run:
    code: int
    """The exit code of the job: its last step's."""
    outputs: dict[str, dict[str, str]]
    """Each step's outputs, by its id."""
    summary: str
    log: str
    """What the steps printed, as the runner's log shows it."""
    errors: str
    """What the steps printed on stderr."""


def run_action(workspace: Path, inputs: dict[str, str], *, install: bool = False) -> Run:
    """Run the action's shell steps in `workspace`, as a runner would."""
    runner = workspace.parent / "runner"
    # A runner's temporary folder is new for each job, but for what a cache
    # restores into it (doclint's environment, test_a_second_job_installs_nothing).
    runner.mkdir(exist_ok=True)
    given = {name: spec.get("default", "") for name, spec in ACTION["inputs"].items()}
    unknown = set(inputs) - set(given)
    assert not unknown, f"no such inputs: {unknown}"
    given.update(inputs)
    values = {
        **{f"inputs.{name}": value for name, value in given.items()},
        "github.action_path": str(PROJECT),
        "github.action_ref": "test-ref",
        "github.sha": "0" * 40,
        "runner.temp": str(runner),
        "runner.os": "Linux",
        "runner.arch": "X64",
    }
    files = {name: runner / name.lower() for name in ("GITHUB_OUTPUT", "GITHUB_PATH")}
    summary = runner / "summary.md"
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]])
    outputs: dict[str, dict[str, str]] = {}
    log, errors = [], []
    for step in STEPS:
        if "uses" in step or (step.get("id") in ("install", "mermaid") and not install):
            continue
        assert "if" not in step, "a shell step runs always; it decides inside"
        assert step["shell"] == "bash"
        for file in files.values():
            file.write_text("")
        env = {
            **os.environ,
            "PATH": path,
            "HOME": str(runner / "home"),
            "XDG_CACHE_HOME": str(runner / "home" / ".cache"),
            "CI": "true",
            "GITHUB_ACTION_PATH": str(PROJECT),
            "GITHUB_STEP_SUMMARY": str(summary),
            **{name: str(file) for name, file in files.items()},
            **{name: _substituted(value, values) for name, value in step.get("env", {}).items()},
        }
        done = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
            cwd=workspace,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
        )
        written = dict(
            line.split("=", 1) for line in files["GITHUB_OUTPUT"].read_text().splitlines()
        )
        outputs[step.get("id", step["name"])] = written
        log.append(done.stdout)
        errors.append(done.stderr)
        values.update({f"steps.{step.get('id')}.outputs.{k}": v for k, v in written.items()})
        path = os.pathsep.join([*files["GITHUB_PATH"].read_text().split(), path])
        if done.returncode:
            if step.get("id") == "install" and any(sign in done.stderr for sign in OFFLINE):
                pytest.skip("no package index to install doclint's dependencies from")
            # Only the last step fails the job; any other failing is a broken action.
            assert step is STEPS[-1], done.stdout + done.stderr
            return Run(done.returncode, outputs, summary.read_text(), "".join(log), "".join(errors))
    return Run(0, outputs, summary.read_text(), "".join(log), "".join(errors))


def _substituted(text: str, values: dict[str, str]) -> str:
    def value(match: re.Match[str]) -> str:
        assert match[1] in values, f"an expression this test does not know: {match[0]}"
        return values[match[1]]

    return _EXPRESSION.sub(value, str(text))


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """The example tree: 7 findings, errors, in two pages."""
    tree = tmp_path / "workspace"
    shutil.copytree(PROJECT / "examples" / "tree", tree)
    return tree


def _sarif(file: Path) -> list[dict]:
    """The results of a SARIF report, checked against the SARIF schema when
    ../shared holds it."""
    log = json.loads(file.read_text(encoding="utf-8"))
    assert log["version"] == "2.1.0"
    (run,) = log["runs"]
    assert run["tool"]["driver"]["name"] == "doclint"
    schema = SHARED / "schemas" / "sarif-schema-2.1.0.json"
    if schema.is_file():
        import jsonschema

        jsonschema.validate(log, json.loads(schema.read_text(encoding="utf-8")))
    return run["results"]


@pytest.mark.slow
def test_findings_go_to_sarif_and_annotations_and_fail_the_job(workspace):
    run = run_action(workspace, {})
    assert run.code == 1
    assert run.outputs["check"] == {"exit-code": "1"}
    assert run.outputs["version"]["version"] == __version__
    assert run.outputs["sarif"] == {"sarif-file": "doclint.sarif"}
    results = _sarif(workspace / "doclint.sarif")
    listed = _json_findings(workspace)
    assert len(results) == len(listed) == 7
    assert {r["ruleId"] for r in results} == {d["code"] for d in listed}
    # An annotation a finding in the log (the github format).
    annotations = re.findall(r"^::error file=docs/\S+,title=(DL\d+) ", run.log, re.M)
    assert sorted(annotations) == sorted(d["code"] for d in listed)
    # The cache was written where actions/cache saves it from.
    assert (workspace / ".doclint_cache" / "CACHEDIR.TAG").is_file()
    assert "exited with 1 (fail-on: info)" in run.summary


def test_args_and_format_reach_doclint_and_no_sarif_is_written_when_none_is_asked(workspace):
    run = run_action(workspace, {"sarif-file": "", "args": "--select DL401", "format": "concise"})
    assert run.code == 1
    assert not (workspace / "doclint.sarif").exists()
    assert run.outputs["sarif"] == {"sarif-file": ""}
    assert re.findall(r"^\S+:\d+:\d+: (DL\d+)", run.log, re.M) == ["DL401"]


# Several runs of the action: .ci/run's slow step, keeping the default run short.
@pytest.mark.slow
def test_fail_on_decides_the_exit_code(tmp_path):
    workspace = tmp_path / "workspace"
    (workspace / "docs").mkdir(parents=True)
    (workspace / "docs" / "empty.md").write_text("")  # DL009, a warning
    for fail_on, expected in (("info", 1), ("warning", 1), ("error", 0), ("never", 0)):
        shutil.rmtree(tmp_path / "runner", ignore_errors=True)
        run = run_action(workspace, {"fail-on": fail_on, "cache": "false"})
        assert (run.code, run.outputs["check"]["exit-code"]) == (expected, str(expected)), fail_on
        # The SARIF report holds the warning whatever fails the job.
        assert [r["ruleId"] for r in _sarif(workspace / "doclint.sarif")] == ["DL009"]
        assert f"exited with {expected} (fail-on: {fail_on})" in run.summary


def test_args_split_as_a_shell_splits_them_but_never_run(workspace):
    marker = workspace.parent / "ran"
    hostile = f"--select 'DL401' $(touch {marker}) ; touch {marker}"
    run = run_action(workspace, {"args": hostile, "sarif-file": ""})
    assert not marker.exists()
    # `$(touch ...)` reached doclint as a path, which does not exist: an error, exit 2.
    assert run.code == 2 and run.outputs["check"] == {"exit-code": "2"}


def test_an_args_input_that_does_not_split_is_one_clear_error(workspace):
    with pytest.raises(AssertionError, match=r"the args input .* does not split: No closing"):
        run_action(workspace, {"args": "--select 'DL4"})


def _step(name: str) -> dict:
    (step,) = (step for step in STEPS if step.get("name") == name)
    return step


def test_the_cache_is_keyed_as_the_caching_page_says():
    restore, save = _step("Restore doclint's cache"), _step("Save doclint's cache")
    # Pinned by commit, the tag in a comment: a tag can be moved.
    text = (PROJECT / "action.yml").read_text(encoding="utf-8")
    for step, action in ((restore, "actions/cache/restore"), (save, "actions/cache/save")):
        assert re.fullmatch(rf"{action}@[0-9a-f]{{40}}", step["uses"])
        assert re.search(rf"uses: {step['uses']} # v4\.\d+\.\d+\n", text)
    assert save["uses"].split("@")[1] == restore["uses"].split("@")[1]
    # Saved even when the check failed the job, and under the key restored;
    # neither without a seal key (test_the_seal_key_is_never_in_the_cache_entry).
    assert restore["if"] == "inputs.cache == 'true' && inputs.seal-key != ''"
    assert save["if"] == "always() && inputs.cache == 'true' && inputs.seal-key != ''"
    key = restore["with"]["key"]
    assert save["with"]["key"] == key
    assert restore["with"]["path"] == save["with"]["path"] == "${{ inputs.cache-dir }}"
    # doclint's version (no version written out), the action's ref, the
    # configuration and the profiles it names, then the commit; the prefix
    # restores an earlier commit's.
    parts = _EXPRESSION.findall(key)
    assert parts == [
        "runner.os",
        "steps.version.outputs.version",
        "github.action_ref",
        "hashFiles('**/*.toml')",
        "github.sha",
    ]
    assert restore["with"]["restore-keys"].strip() == key.removesuffix("${{ github.sha }}")
    caching = (PROJECT / "docs" / "caching.md").read_text(encoding="utf-8")
    assert "~/.cache/doclint" in caching and "restore-keys" in caching


@pytest.mark.slow
def test_docs_show_the_action_with_its_own_inputs(workspace):
    ci = (PROJECT / "docs" / "ci.md").read_text(encoding="utf-8")
    section = ci.split("## GitHub Action\n", 1)[1].split("\n## ", 1)[0]
    block, inputs = re.findall(r"```yaml\n(.*?)```", section, re.S)
    workflow = yaml.safe_load(block)
    (job,) = workflow["jobs"].values()
    (step,) = (s for s in job["steps"] if s.get("uses", "").startswith("doclint/doclint@"))
    assert set(step.get("with", {})) <= set(ACTION["inputs"])
    upload = next(s for s in job["steps"] if "upload-sarif" in s.get("uses", ""))
    assert upload["with"]["sarif_file"] == step["with"].get(
        "sarif-file", ACTION["inputs"]["sarif-file"]["default"]
    )
    # The upload runs after the action failed the job on findings.
    assert upload["if"] == "${{ !cancelled() }}"
    # The inputs shown work: on the example tree, errors fail the job.
    run = run_action(workspace, step["with"])
    assert run.code == 1
    assert {r["ruleId"][:3] for r in _sarif(workspace / upload["with"]["sarif_file"])} == {
        "DL2",
        "DL4",
    }
    # The example of inputs on several lines: two folders, one with a space.
    (step,) = yaml.safe_load(inputs)
    shutil.rmtree(workspace.parent / "runner")
    shutil.copytree(workspace / "docs", workspace / "api reference")
    run = run_action(workspace, step["with"])
    assert run.code == 1
    folders = {_folder(r) for r in _sarif(workspace / "doclint.sarif")}
    assert folders == {"docs", "api%20reference"}


@pytest.mark.slow
def test_the_action_installs_doclint_from_its_own_checkout(workspace):
    # `python -m venv` and `-m pip` in the workspace would run its venv.py and pip.py.
    marker = workspace.parent / "imported"
    _plant_modules(workspace, marker)
    run = run_action(workspace, {}, install=True)
    assert not marker.exists(), f"imported from the tree: {marker.read_text()}"
    assert run.code == 1
    venv = workspace.parent / "runner" / "doclint-venv"
    assert (venv / "bin" / "doclint").is_file()
    # The steps after the install ran the doclint it installed.
    assert run.outputs["version"]["version"] == __version__
    assert run.outputs["check"] == {"exit-code": "1"}


def _json_findings(workspace: Path) -> list[dict]:
    done = subprocess.run(
        [sys.executable, "-m", "doclint", "check", "docs", "--no-cache", "--output-format", "json"],
        cwd=workspace,
        capture_output=True,
        text=True,
        check=False,
    )
    return json.loads(done.stdout)


def _folder(result: dict) -> str:
    """The top folder of a SARIF result's file, as its URI spells it."""
    return result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].split("/")[0]


def _plant_modules(workspace: Path, marker: Path) -> None:
    """Modules a step's Python would import from the working folder if it put
    that folder on sys.path: each one, imported, writes its name to `marker`."""
    plant = f"open({str(marker)!r}, 'a').write(__name__ + ' ')\n"
    for name in ("shlex", "json", "argparse", "hashlib", "collections", "os", "venv", "pip"):
        (workspace / f"{name}.py").write_text(plant, encoding="utf-8")
    (workspace / "multiprocessing").mkdir()
    (workspace / "multiprocessing" / "__init__.py").write_text(plant, encoding="utf-8")


@pytest.mark.slow
def test_no_module_of_the_tree_runs(workspace):
    marker = workspace.parent / "imported"
    _plant_modules(workspace, marker)
    run = run_action(workspace, {"args": "--select DL4"})
    assert not marker.exists(), f"imported from the tree: {marker.read_text()}"
    assert run.code == 1 and run.outputs["check"] == {"exit-code": "1"}
    # With a seal key, one more step runs Python.
    shutil.rmtree(workspace.parent / "runner")
    run = run_action(workspace, {"seal-key": "a secret"})
    assert not marker.exists(), f"imported from the tree: {marker.read_text()}"
    assert run.code == 1


@pytest.mark.slow
def test_every_line_of_paths_is_one_path(workspace):
    # A second folder whose name holds a space, with a finding of its own.
    shutil.copytree(workspace / "docs", workspace / "more docs")
    run = run_action(workspace, {"paths": "docs\nmore docs\n\n", "cache": "false"})
    assert {_folder(r) for r in _sarif(workspace / "doclint.sarif")} == {"docs", "more%20docs"}
    assert run.code == 1
    # On one line, the paths are separated by blanks, as before.
    shutil.rmtree(workspace.parent / "runner")
    shutil.move(workspace / "more docs", workspace / "more")
    run_action(workspace, {"paths": "docs more", "cache": "false"})
    assert {_folder(r) for r in _sarif(workspace / "doclint.sarif")} == {"docs", "more"}


def test_a_path_is_never_an_option(workspace):
    outside = workspace.parent / "report.txt"
    run = run_action(workspace, {"paths": f"--output-file={outside}", "sarif-file": ""})
    assert not outside.exists()
    assert run.code == 2
    assert "no such file or directory" in run.errors


def test_a_quoted_line_break_stays_inside_its_word(workspace):
    # `DL4<line break>--exit-zero` is one (unknown) selector, not --exit-zero.
    run = run_action(workspace, {"args": '--select "DL4\n--exit-zero"', "sarif-file": ""})
    assert run.code == 2 and run.outputs["check"] == {"exit-code": "2"}
    (line,) = [line for line in run.errors.splitlines() if "error:" in line]
    assert "DL4\\n--exit-zero" in line


def test_the_summary_counts_the_findings_by_severity_and_rule_named_and_linked(tmp_path):
    workspace = tmp_path / "workspace"
    (workspace / "docs").mkdir(parents=True)
    (workspace / "docs" / "empty.md").write_text("")  # DL009, a warning
    (workspace / "docs" / "index.md").write_text("# Index\n\n[gone](gone.md)\n[away](away.md)\n")
    run = run_action(workspace, {"cache": "false"})
    assert run.code == 1
    assert "3 findings: 2 error, 1 warning, 0 info." in run.summary
    # Each rule by its code and name, linked to its page.
    rows = re.findall(r"^\| \[`(DL\d+)` ([a-z-]+)\]\((\S+)\) \| (\d+) \|$", run.summary, re.M)
    registry = load_registry()
    assert [(code, name, count) for code, name, _page, count in rows] == [
        ("DL401", registry.entry("DL401").name, "2"),
        ("DL009", registry.entry("DL009").name, "1"),
    ]
    assert all(page.endswith(f"/docs/rules/{code}.md") for code, _, page, _ in rows)


def test_the_summary_links_only_plain_https_pages(tmp_path):
    """A plugin's rule describes itself: its name and page are shown as
    text, never as Markdown or a link of another scheme."""
    rules = [
        {"id": "DL401", "name": "broken-link", "helpUri": "https://example.org/DL401.md"},
        {"id": "X1", "name": "a](javascript:alert(1)) *x*", "helpUri": "javascript:alert(1)"},
    ]
    results = [{"ruleId": "DL401", "level": "error"}, {"ruleId": "X1", "level": "note"}]
    sarif = tmp_path / "report.sarif"
    sarif.write_text(
        json.dumps({"runs": [{"tool": {"driver": {"rules": rules}}, "results": results}]})
    )
    done = subprocess.run(
        [sys.executable, "-I", str(PROJECT / "tools" / "action_steps.py"), "summary", str(sarif)],
        capture_output=True,
        text=True,
        check=True,
    )
    rows = done.stdout.splitlines()[-2:]
    assert rows[0] == "| [`DL401` broken-link](https://example.org/DL401.md) | 1 |"
    assert rows[1] == "| `X1` a??javascript:alert?1?? ?x? | 1 |"


def test_a_job_without_a_seal_key_says_once_that_nothing_is_cached(workspace):
    run = run_action(workspace, {"sarif-file": ""})
    said = [line for line in run.log.splitlines() if "Nothing is cached" in line]
    assert len(said) == 1
    (line,) = said
    assert line.startswith("::notice title=doclint::") and "seal-key input is empty" in line
    # With the secret, nothing of the kind.
    shutil.rmtree(workspace.parent / "runner")
    run = run_action(workspace, {"sarif-file": "", "seal-key": "the repository's secret"})
    assert "Nothing is cached" not in run.log


def _seal_key_of(secret: str) -> bytes:
    """The key tools/action_steps.py derives from the seal-key input."""
    import hashlib

    return hashlib.sha256(b"doclint action seal key\0" + secret.encode()).digest()


# A run of the action (2 s): .ci/run's slow step, keeping the default run short.
@pytest.mark.slow
def test_the_seal_key_is_never_in_the_cache_entry(workspace):
    run_action(workspace, {"seal-key": "the repository's secret"})
    runner = workspace.parent / "runner"
    key = runner / "doclint-key" / "doclint" / "key"
    assert key.read_bytes() == _seal_key_of("the repository's secret")
    assert key.stat().st_mode & 0o777 == 0o600
    # The doclint steps read their key there; the cache entry holds the cache folder only.
    (seal,) = (step for step in STEPS if step.get("id") == "seal")
    for step in STEPS:
        if "doclint check" in step.get("run", ""):
            assert step["env"]["XDG_CACHE_HOME"] == seal["env"]["DOCLINT_KEY_HOME"]
        if step.get("uses", "").startswith("actions/cache/"):
            # The findings' cache, and doclint's environment: never the key's folder.
            assert step["with"]["path"] in (
                "${{ inputs.cache-dir }}",
                "${{ runner.temp }}/doclint-venv",
            )
    cached = workspace / ".doclint_cache"
    assert (cached / "CACHEDIR.TAG").is_file()
    assert not any(
        file.read_bytes() == key.read_bytes() for file in cached.rglob("*") if file.is_file()
    )


# Several runs of the action: .ci/run's slow step, keeping the default run short.
@pytest.mark.slow
@pytest.mark.parametrize("writer", ["the repository's secret", "a forger's own"])
def test_a_cache_entry_sealed_with_another_key_gets_a_full_check(tmp_path, writer):
    """What whoever can write the cache entry, but has not the seal-key
    secret, gets: a run that checks every file, its real findings, one
    warning. The same entry written with the secret is used."""
    source = tmp_path / "source"
    shutil.copytree(PROJECT / "examples" / "tree", source / "workspace")
    run_action(source / "workspace", {"seal-key": writer})
    # Restored, as actions/cache does, into a fresh job's workspace and runner.
    workspace = tmp_path / "workspace"
    shutil.copytree(PROJECT / "examples" / "tree", workspace)
    shutil.copytree(source / "workspace" / ".doclint_cache", workspace / ".doclint_cache")
    run = run_action(workspace, {"seal-key": "the repository's secret"})
    assert run.code == 1
    assert len(_sarif(workspace / "doclint.sarif")) == len(_json_findings(workspace)) == 7
    warnings = [line for line in run.errors.splitlines() if "warning" in line]
    if writer == "the repository's secret":
        assert warnings == []
    else:
        (warning,) = warnings
        assert "not used (not sealed by this user for these settings)" in warning


def test_doclints_environment_is_restored_only_with_a_seal_key_and_saved_once_built():
    restore = _step("Restore doclint's environment")
    save = _step("Save doclint's environment")
    assert restore["uses"] == _step("Restore doclint's cache")["uses"]
    assert save["uses"] == _step("Save doclint's cache")["uses"]
    assert restore["if"] == "inputs.seal-key != ''"
    # Saved as the install left it (Mermaid's parser in it, when asked for
    # and installed), before any doclint run writes into it.
    assert save["if"] == "inputs.seal-key != '' && steps.install.outputs.save == 'true'"
    names = [step.get("name") for step in STEPS]
    assert (
        names.index("Save doclint's environment")
        == names.index("Install doclint and Mermaid's parser at the action's ref") + 1
    )
    assert restore["with"] == save["with"]
    assert restore["with"]["path"] == "${{ runner.temp }}/doclint-venv"
    assert _EXPRESSION.findall(restore["with"]["key"]) == [
        "runner.os",
        "runner.arch",
        "steps.environment.outputs.key",
    ]


def _environment_step(command: str, venv: Path, secret: str, action: Path = PROJECT):
    return subprocess.run(
        [sys.executable, "-I", str(PROJECT / "tools" / "action_steps.py"), command, str(venv)],
        env={**os.environ, "DOCLINT_SEAL_KEY": secret, "GITHUB_ACTION_PATH": str(action)},
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_environments_key_follows_the_actions_code_and_the_python(tmp_path):
    action = tmp_path / "action"
    shutil.copytree(PROJECT / "tools", action / "tools")
    shutil.copy(PROJECT / "action.yml", action)
    venv = tmp_path / "runner" / "doclint-venv"

    def key(where: Path = venv) -> str:
        done = _environment_step("environment-key", where, "", action)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    first = key()
    assert re.fullmatch(r"[0-9a-f]{64}", first) and key() == first
    # An environment with Mermaid's parser is not one without it.
    with_mermaid = subprocess.run(
        [
            sys.executable,
            "-I",
            str(action / "tools" / "action_steps.py"),
            "environment-key",
            str(venv),
        ],
        env={**os.environ, "GITHUB_ACTION_PATH": str(action), "DOCLINT_MERMAID_WANTED": "true"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert with_mermaid != first
    # Another ref may hold other code under the same name (a branch): the key
    # is the code's, not the ref's.
    (action / "tools" / "action_steps.py").write_text("# changed\n", encoding="utf-8")
    assert key() != first
    assert key(tmp_path / "elsewhere" / "doclint-venv") != key()


def test_a_restored_environment_is_used_only_when_its_seal_holds(tmp_path):
    venv = tmp_path / "doclint-venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "doclint").write_text("#!/bin/sh\n", encoding="utf-8")
    (venv / "bin" / "python").symlink_to(sys.executable)
    (venv / "lib" / "site").mkdir(parents=True)
    module = venv / "lib" / "site" / "doclint.py"
    module.write_text("print('doclint')\n", encoding="utf-8")
    secret = "the repository's secret"
    assert _environment_step("seal-environment", venv, secret).returncode == 0
    assert _environment_step("check-environment", venv, secret).returncode == 0

    def refused(secret: str = secret) -> bool:
        done = _environment_step("check-environment", venv, secret)
        return done.returncode == 1 and len(done.stderr.splitlines()) == 1

    assert refused("a forger's own")
    assert refused("")
    for change in (
        lambda: module.write_text("import os; os.system('curl evil')\n", encoding="utf-8"),
        lambda: (venv / "lib" / "site" / "sitecustomize.py").write_text("", encoding="utf-8"),
        lambda: module.chmod(0o755),
        lambda: (
            (venv / "bin" / "python").unlink(),
            (venv / "bin" / "python").symlink_to("/bin/sh"),
        ),
    ):
        saved = tmp_path / "saved"
        shutil.copytree(venv, saved, symlinks=True)
        change()
        assert refused()
        shutil.rmtree(venv)
        saved.rename(venv)
        assert not refused()
    (venv / "doclint-environment.seal").write_text("0" * 64, encoding="ascii")
    assert refused()


def _leave_only(runner: Path, kept: Path) -> None:
    """A runner's temporary folder as a new job finds it: empty, but for what
    the cache restored."""
    for entry in runner.iterdir():
        if entry != kept:
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()


@pytest.mark.slow
def test_a_second_job_with_the_same_ref_installs_nothing(tmp_path, monkeypatch):
    """Neither doclint nor Mermaid's parser (installed here by a stand-in
    npm, which records each call) is installed again."""
    npm = _stand_in_npm(tmp_path / "bin")
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    secret = {"seal-key": "the repository's secret"}
    workspace = tmp_path / "workspace"
    shutil.copytree(PROJECT / "examples" / "tree", workspace)
    first = run_action(workspace, secret, install=True)
    assert first.code == 1 and first.outputs["install"]["installed"] == "true"
    assert first.outputs["install"]["save"] == "true"
    runner = tmp_path / "runner"
    venv = runner / "doclint-venv"
    ((_cwd, *args),) = _npm_calls(npm)
    assert args[2] == str(venv / "mermaid")
    # The next job: a new workspace and runner folder, but for the environment
    # the cache restores at the same path.
    shutil.rmtree(workspace)
    shutil.copytree(PROJECT / "examples" / "tree", workspace)
    _leave_only(runner, venv)
    second = run_action(workspace, secret, install=True)
    assert second.outputs["install"] == {"installed": "false", "save": "false"}
    assert "nothing installed" in second.log
    assert len(_npm_calls(npm)) == 1  # the first job's only
    assert (venv / "mermaid" / "node_modules" / "mermaid" / "package.json").is_file()
    assert second.code == 1 and second.outputs["version"]["version"] == __version__
    # An environment changed after its seal (a forged entry) is built again.
    (module,) = venv.glob("lib/python*/site-packages/doclint/__init__.py")
    module.write_text(module.read_text(encoding="utf-8") + "\n# forged\n", encoding="utf-8")
    _leave_only(runner, venv)
    third = run_action(workspace, secret, install=True)
    assert third.outputs["install"]["installed"] == "true"
    assert "not sealed with this seal-key" in third.errors
    assert "# forged" not in module.read_text(encoding="utf-8")
    assert len(_npm_calls(npm)) == 2


def _stand_in_npm(folder: Path, works: bool = True) -> Path:
    """An npm that records where it ran and its arguments (one line each, a
    blank line after each call) and puts a package.json where a real one
    would install Mermaid; the file it writes to is returned."""
    folder.mkdir(parents=True, exist_ok=True)
    saw = folder / "npm-saw.txt"
    npm = folder / "npm"
    package = '"$3/node_modules/mermaid"'
    install = f"mkdir -p {package} && echo {{}} > {package}/package.json\n"
    npm.write_text(
        f'#!/bin/sh\nprintf "%s\\n" "$PWD" "$@" "" >> {saw}\n' + (install if works else "exit 1\n")
    )
    npm.chmod(0o755)
    return saw


def _npm_calls(saw: Path) -> list[list[str]]:
    if not saw.exists():
        return []
    return [call.splitlines() for call in saw.read_text().split("\n\n") if call.strip()]


def _stand_in_python(folder: Path, saw: Path) -> Path:
    """A Python whose `-m venv DIR` makes an environment whose python only
    records its arguments (no pip install: that is the slow tests'); any
    other command runs this Python (the action's steps script)."""
    python = folder / "python3"
    venv_python = f'#!/bin/sh\necho "$@" >> {saw}\n'
    python.write_text(
        "#!/bin/sh\n"
        'if [ "$2" = -m ] && [ "$3" = venv ]; then\n'
        f'  mkdir -p "$4/bin" && printf %s {shlex.quote(venv_python)} > "$4/bin/python"\n'
        '  chmod +x "$4/bin/python"; exit 0\n'
        "fi\n"
        f'exec {sys.executable} "$@"\n'
    )
    python.chmod(0o755)
    return python


def _install_step(
    tmp_path: Path, inputs: dict[str, str], tools: Path
) -> tuple[Path, dict[str, str]]:
    """Run the install step alone, as a runner would, with the stand-ins in
    `tools`; the runner's folder and the step's outputs."""
    (step,) = (s for s in STEPS if s.get("id") == "install")
    runner, workspace = tmp_path / "runner", tmp_path / "workspace"
    for folder in (runner, workspace):
        folder.mkdir(exist_ok=True)
    given = {name: spec.get("default", "") for name, spec in ACTION["inputs"].items()}
    values = {
        **{f"inputs.{name}": value for name, value in {**given, **inputs}.items()},
        "github.action_path": str(PROJECT),
        "runner.temp": str(runner),
    }
    output, path_file = runner / "output", runner / "path"
    subprocess.run(
        ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
        cwd=workspace,
        env={
            **os.environ,
            **{name: _substituted(value, values) for name, value in step["env"].items()},
            "PATH": f"{tools}{os.pathsep}{os.environ['PATH']}",
            "GITHUB_ACTION_PATH": str(PROJECT),
            "GITHUB_OUTPUT": str(output),
            "GITHUB_PATH": str(path_file),
        },
        check=True,
    )
    return runner, dict(line.split("=", 1) for line in output.read_text().splitlines())


@pytest.mark.parametrize("wanted", ["true", "false"])
def test_mermaid_is_installed_into_doclints_environment(tmp_path: Path, wanted: str) -> None:
    """The pinned Mermaid, into doclint's environment (whose seal covers it
    and whose cache entry holds it), where the check steps look for it, run
    from the runner's folder, with no install scripts."""
    tools = tmp_path / "bin"
    saw = _stand_in_npm(tools)
    python = _stand_in_python(tools, tmp_path / "pip-saw.txt")
    runner, outputs = _install_step(tmp_path, {"mermaid": wanted, "python": str(python)}, tools)
    assert outputs["installed"] == "true"
    calls = _npm_calls(saw)
    if wanted == "false":
        assert calls == []
        return
    from doclint.diagrams.mermaid import MERMAID_VERSION

    ((cwd, *args),) = calls
    prefix = runner / "doclint-venv" / "mermaid"
    assert cwd == str(runner)
    assert args[:3] == ["install", "--prefix", str(prefix)]
    assert "--ignore-scripts" in args and args[-1] == f"mermaid@{MERMAID_VERSION}"
    checks = [s for s in STEPS if s.get("id") in ("sarif", "check")]
    assert {
        _substituted(s["env"]["DOCLINT_MERMAID"], {"runner.temp": str(runner)}) for s in checks
    } == {str(prefix)}


def test_an_environment_whose_mermaid_failed_is_not_saved(tmp_path: Path) -> None:
    """The next job builds it again and tries Mermaid once more, rather than
    restoring an environment without it for as long as the action's ref lasts."""
    tools = tmp_path / "bin"
    _stand_in_npm(tools, works=False)
    python = _stand_in_python(tools, tmp_path / "pip-saw.txt")
    inputs = {"python": str(python), "seal-key": "the repository's secret"}
    runner, outputs = _install_step(tmp_path, inputs, tools)
    assert outputs == {"installed": "true", "save": "false"}
    assert not (runner / "doclint-venv" / "doclint-environment.seal").exists()
