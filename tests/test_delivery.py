"""One delivery path: the command line always hands the run a sink, a
`Collector` or the output's `PartWriter`, and the exit code and summary
read the same counts (models/findings.py `Counts`) whichever it is."""

from __future__ import annotations

import pytest

from doclint.cli import main as cli_main
from doclint.output.parts import PartWriter
from doclint.run import Collector
from tests.checking import run_cli
from tests.pages import keyword_index, write

# DL101 and DL201 on one page; with the severities below, a warning and an info.
TREE = {"docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["def"]), "pkg/mod.py": "x = 1\n"}
SEVERITIES = 'severity = { DL1 = "warning", DL2 = "info" }'


@pytest.fixture
def sinks(monkeypatch):
    """The kind of sink each run of the test handed the files' findings to."""
    used: list[str] = []
    for sink in (PartWriter, Collector):
        add = sink.add

        def noted(self, *args, _add=add, _name=sink.__name__):
            used.append(_name)
            return _add(self, *args)

        monkeypatch.setattr(sink, "add", noted)
    return used


@pytest.mark.parametrize(("fail_on", "code"), [("info", 1), ("warning", 1), ("error", 0)])
@pytest.mark.parametrize("output_format", ["full", "json", "junit"])
def test_fail_on_gives_one_exit_code_whichever_sink_delivers(
    monkeypatch, capsys, tmp_path, sinks, fail_on, code, output_format
):
    write(tmp_path, TREE)
    args = ["check", "docs", "--no-cache", "--select", "DL101,DL201", "--config", SEVERITIES]
    args += ["--output-format", output_format, "--fail-on", fail_on]
    streamed = run_cli(monkeypatch, capsys, tmp_path, *args, "--output-file", "report")
    written = (tmp_path / "report").read_text(encoding="utf-8")
    assert streamed.code == code
    # The formats written file by file stream their parts whatever --fail-on
    # says (the exit code once needed the findings themselves).
    assert set(sinks) == {"Collector" if output_format == "junit" else "PartWriter"}
    sinks.clear()
    # To a stdout that takes text, not UTF-8 bytes: the findings are collected.
    monkeypatch.setattr(cli_main, "_writes_utf8_bytes", lambda stream: False)
    collected = run_cli(monkeypatch, capsys, tmp_path, *args)
    assert set(sinks) == {"Collector"}
    assert collected.code == code
    if output_format != "junit":
        assert collected.out == written
    if output_format == "full":
        summary = "Found 2 problems in 1 file (1 file checked)"
        passing = "; all below --fail-on error (1 warning, 1 info): exit 0" if not code else ""
        assert written.splitlines()[-2] == f"{summary}{passing}."


def test_parts_found_in_the_memo_keep_their_severities(monkeypatch, capsys, tmp_path):
    """A restored run streams parts kept by the one before, with their
    counts: `--fail-on` reads the severities of those as of rendered ones."""
    write(tmp_path, TREE)
    args = ["check", "docs", "--select", "DL101,DL201", "--config", SEVERITIES]
    args += ["--cache-dir", str(tmp_path / "cache"), "--output-file", "report"]
    rendered: list[str] = []
    render = PartWriter.__call__

    def noted(self, rows, file, *more):
        rendered.append(file)
        return render(self, rows, file, *more)

    monkeypatch.setattr(PartWriter, "__call__", noted)
    for fail_on, code in (("error", 0), ("warning", 1), ("error", 0)):
        rendered.clear()
        ran = run_cli(monkeypatch, capsys, tmp_path, *args, "--fail-on", fail_on)
        assert ran.code == code
        summary = (tmp_path / "report").read_text(encoding="utf-8").splitlines()[-2]
        assert summary.endswith("(1 warning, 1 info): exit 0.") == (code == 0)
    assert rendered == [], "the last run's part came from the memo"
