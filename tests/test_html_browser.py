"""The HTML report in a real browser: headless Chromium (Debian's `chromium`).

Each test opens the report of a generated corpus, keeps a screenshot in its
pytest folder (under --basetemp when given), and reads the browser's log for
messages of the page's console, where a script error would show. Set
DOCLINT_BROWSER_TREE to a folder holding a `docs/` tree (such as a corpus of
gen_corpus.py with 14,710 pages) to check that tree's report as well.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.checking import run_cli

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no chromium to run the report in (Debian: apt-get install -y chromium)",
)
FLAGS = (
    "--headless",
    "--no-sandbox",  # CI runs as root
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--enable-logging=stderr",
    "--v=0",
)


def chromium(url: str, folder: Path, *args: str) -> tuple[str, list[str]]:
    """What Chromium printed for the page, and the page's console messages."""
    profile = folder / f"profile-{len(list(folder.glob('profile-*')))}"
    done = subprocess.run(
        [str(CHROMIUM), *FLAGS, f"--user-data-dir={profile}", *args, url],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    shutil.rmtree(profile, ignore_errors=True)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout, re.findall(r":CONSOLE[^\]]*\] (.*)", done.stderr)


def report_of(tree: Path, folder: Path, monkeypatch, capsys) -> tuple[Path, list[dict]]:
    """The HTML report of `tree`'s docs/, and its --statistics in JSON."""
    report = folder / "report.html"
    args = ("check", "--no-cache", "--select", "ALL", "docs")
    run_cli(monkeypatch, capsys, tree, *args, "--output-format", "html", "-o", str(report))
    statistics = run_cli(
        monkeypatch, capsys, tree, *args, "--statistics", "--output-format", "json"
    )
    return report, json.loads(statistics.out)


def trees() -> list[str]:
    given = os.environ.get("DOCLINT_BROWSER_TREE")
    return ["generated", *([given] if given else [])]


@pytest.fixture(params=trees())
def tree(request, generated_corpus) -> Path:
    return generated_corpus if request.param == "generated" else Path(request.param)


def test_the_report_opens_without_console_messages(tree, tmp_path, monkeypatch, capsys):
    report, statistics = report_of(tree, tmp_path, monkeypatch, capsys)
    screenshot = tmp_path / "report.png"
    _, console = chromium(
        report.as_uri(), tmp_path, f"--screenshot={screenshot}", "--window-size=1400,2400"
    )
    assert console == []
    assert screenshot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    dom, console = chromium(report.as_uri(), tmp_path, "--dump-dom")
    assert console == []
    assert 'data-ready="1"' in dom
    total = sum(item["count"] for item in statistics)
    assert f"<b>{total:,}</b><span>findings</span>" in dom
    # Every folder of the tree, with the whole count at its top, was drawn.
    assert re.search(
        rf'data-folder=""><span class="toggle">▾</span><span class="count">{total:,}<', dom
    )


def test_the_filters_read_from_the_address_apply_on_load(tree, tmp_path, monkeypatch, capsys):
    report, statistics = report_of(tree, tmp_path, monkeypatch, capsys)
    rare = statistics[-1]["code"]
    dom, console = chromium(f"{report.as_uri()}#rule={rare}", tmp_path, "--dump-dom")
    assert console == []
    shown = re.findall(r'class="finding" data-code="([^"]+)" data-path="([^"]+)"', dom)
    assert shown and {code for code, _ in shown} == {rare}
    assert f"{statistics[-1]['count']:,} in all for this rule and folder" in dom
    # The causes of the other rules are hidden, the rule's own shown.
    causes = re.findall(r'<tr data-filter-row="" data-code="([^"]+)"( hidden="")?>', dom)
    assert {code for code, hidden in causes if not hidden} == {rare}
    assert len(causes) > len([code for code, _ in causes if code == rare])
    folder = shown[0][1].rsplit("/", 1)[0]
    dom, console = chromium(f"{report.as_uri()}#folder={folder}&q=is", tmp_path, "--dump-dom")
    assert console == []
    shown = re.findall(r'class="finding" data-code="[^"]+" data-path="([^"]+)"', dom)
    assert shown and all(path.startswith(folder + "/") for path in shown)
