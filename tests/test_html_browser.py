"""The HTML report in a real browser: headless Chromium (Debian's `chromium`),
driven over the DevTools protocol by bench/html_bench.py's small client.

Each test opens a report, waits for the page to decode its findings, and reads
what it drew: the count of findings against `--output-format json` of the same
run, the rows and the count line after typing into a filter, where an anchor
lands, and the page's console (a script error would show there). Screenshots
are kept in the test's pytest folder (under --basetemp when given). The test of
the 14,710-page corpus (the whole standard library through gen_corpus.py) is
marked slow: 4.5 minutes on a busy 2-core machine, mostly generating the
corpus and checking it twice.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import sysconfig
from collections import Counter
from pathlib import Path

import pytest

from doclint.engine.registry import load_registry
from doclint.models.findings import Finding
from doclint.output import FORMATS, RunOutput, html_data
from doclint.output.baseline import SourceLines
from doclint.output.html import as_html
from tests.checking import findings_in, run_cli
from tests.conftest import PROJECT, SHARED, require_shared


def _bench():
    spec = importlib.util.spec_from_file_location("html_bench", PROJECT / "bench" / "html_bench.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BENCH = _bench()
CHROMIUM = BENCH.find_chromium()
pytestmark = [
    pytest.mark.skipif(
        CHROMIUM is None,
        reason="no chromium to run the report in (Debian: apt-get install -y chromium)",
    ),
    pytest.mark.slow,  # a headless browser for each test
]
COUNT_LINE = "document.getElementById('findings-count').textContent"
DRAWN = (
    "[...document.querySelectorAll('#findings-rows .finding')]"
    ".map(row => [row.dataset.code, row.dataset.path])"
)


@pytest.fixture
def browser():
    with BENCH.Chromium(CHROMIUM) as chromium:
        yield chromium


def report_of(tree: Path, folder: Path, monkeypatch, capsys) -> tuple[Path, list[dict]]:
    """The HTML report of `tree`'s docs/, and the same run's findings in JSON."""
    report = folder / "report.html"
    args = ("check", "--no-cache", "docs")
    run_cli(monkeypatch, capsys, tree, *args, "--output-format", "html", "-o", str(report))
    listed = run_cli(monkeypatch, capsys, tree, *args, "--output-format", "json")
    return report, json.loads(listed.out)


def open_report(browser, report: Path, screenshot: Path) -> int:
    """Open the report; the findings it decoded. A screenshot is kept."""
    browser.open(report.as_uri())
    decoded = browser.evaluate("doclintReport.ready")
    browser.screenshot(screenshot)
    assert screenshot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    return decoded


def type_into(browser, field: str, value: str) -> int:
    """Type into a filter as a person would (no Enter); the findings matching."""
    _, count = browser.evaluate(BENCH.type_into(field, value))
    return count


def check_filters(browser, listed: list[dict]) -> None:
    """Each filter, typed, gives the findings Python finds, and the count line
    names the filters set and no other."""
    total = len(listed)
    assert browser.evaluate(COUNT_LINE) == f"All {total:,} findings"
    drawn = browser.evaluate(DRAWN)
    assert 0 < len(drawn) < 80 < total  # only the rows in view are drawn
    assert drawn[0] == [listed[0]["code"], listed[0]["path"]]

    word = "is"
    by_text = [d for d in listed if word in d["path"].lower() or word in d["message"].lower()]
    assert type_into(browser, "f-text", word) == len(by_text)
    assert browser.evaluate(COUNT_LINE) == (
        f"{len(by_text):,} of {total:,} findings match text \u201c{word}\u201d"
    )
    assert browser.evaluate(DRAWN)[0] == [by_text[0]["code"], by_text[0]["path"]]
    assert type_into(browser, "f-text", "") == total

    folder = listed[len(listed) // 2]["path"].rsplit("/", 1)[0]
    in_folder = [d for d in listed if d["path"].startswith(folder + "/")]
    assert type_into(browser, "f-folder", folder + "/") == len(in_folder)
    assert browser.evaluate(COUNT_LINE) == (
        f"{len(in_folder):,} of {total:,} findings match folder {folder}"
    )
    assert all(path.startswith(folder + "/") for _, path in browser.evaluate(DRAWN))

    rare = min({d["code"] for d in listed}, key=lambda code: sum(d["code"] == code for d in listed))
    both = [d for d in in_folder if d["code"] == rare]
    assert type_into(browser, "f-rule", rare) == len(both)
    named = f"rule {rare}, folder {folder}"
    assert browser.evaluate(COUNT_LINE) == f"{len(both):,} of {total:,} findings match {named}"
    assert type_into(browser, "f-folder", "") == sum(d["code"] == rare for d in listed)
    assert {code for code, _ in browser.evaluate(DRAWN)} == {rare}
    # The filters are in the address: a link opens the report filtered.
    assert browser.evaluate("location.hash") == f"#rule={rare}"


def test_the_report_holds_every_finding_and_filters_as_you_type(
    browser, generated_corpus, tmp_path, monkeypatch, capsys
):
    # Parts of 700 findings: the page joins several, as for a tree of millions.
    monkeypatch.setattr(html_data, "PART_FINDINGS", 700)
    report, listed = report_of(generated_corpus, tmp_path, monkeypatch, capsys)
    assert report.read_text(encoding="utf-8").count('class="report-findings"') > 2
    assert open_report(browser, report, tmp_path / "report.png") == len(listed) > 1000
    check_filters(browser, listed)
    assert browser.console_problems() == []


EMPTY = "document.getElementById('findings-empty')"


def test_a_cause_in_the_address_opens_its_findings_and_no_match_says_so(
    browser, generated_corpus, tmp_path, monkeypatch, capsys
):
    report, listed = report_of(generated_corpus, tmp_path, monkeypatch, capsys)
    embedded = findings_in(report.read_text(encoding="utf-8"))
    browser.open(report.as_uri())
    browser.evaluate("doclintReport.ready")
    causes = browser.evaluate("DATA.causes.map(c => [c.code, c.id, c.cause, c.count])")
    # The smaller cause of a rule with several: its link opens it alone.
    per_rule = Counter(code for code, *_ in causes)
    code, cause, label, count = next(c for c in reversed(causes) if per_rule[c[0]] > 1)
    rule_total = sum(d["code"] == code for d in listed)
    assert count == sum(f["cause"] == cause for f in embedded) < rule_total
    link = f"a[href='#cause={cause}']"
    applied = browser.evaluate(
        f"(() => {{ const done = doclintReport.applied(); "
        f'document.querySelector("{link}").click(); return done; }})()'
    )
    assert applied == count
    assert browser.evaluate("location.hash") == f"#cause={cause}"
    assert browser.evaluate("document.getElementById('f-cause').value") == cause
    assert browser.evaluate(COUNT_LINE) == (
        f"{count:,} of {len(listed):,} findings match cause \u201c{label}\u201d"
    )
    assert {drawn for drawn, _ in browser.evaluate(DRAWN)} == {code}
    # Opened from the address, the report is filtered the same way (a copy:
    # a new document, not a move within this one).
    again = report.with_name("again.html")
    again.write_bytes(report.read_bytes())
    browser.open(f"{again.as_uri()}#cause={cause}")
    assert browser.evaluate("doclintReport.ready") == len(listed)
    assert browser.evaluate(COUNT_LINE).startswith(f"{count:,} of ")
    assert browser.evaluate(f"{EMPTY}.hidden") is True
    # A filter that matches nothing says so, and offers to clear the filters.
    assert type_into(browser, "f-text", "no-such-word-anywhere") == 0
    assert browser.evaluate(f"{EMPTY}.hidden") is False
    assert browser.evaluate(f"{EMPTY}.textContent") == (
        f"No finding matches cause \u201c{label}\u201d, text \u201cno-such-word-anywhere\u201d. "
        "Clear filters"
    )
    browser.evaluate(
        f"(() => {{ const done = doclintReport.applied(); "
        f"{EMPTY}.querySelector('button').click(); return done; }})()"
    )
    assert browser.evaluate(COUNT_LINE) == f"All {len(listed):,} findings"
    assert browser.evaluate(f"{EMPTY}.hidden") is True
    # The kind of page filters too: the docs of docs alone.
    of_docs = sum(f["kind"] == "docs-of-docs" for f in embedded)
    assert 0 < type_into(browser, "f-kind", "docs-of-docs") == of_docs < len(listed)
    assert all(path.startswith("docs/docs/") for _, path in browser.evaluate(DRAWN))
    assert browser.evaluate("location.hash") == "#kind=docs-of-docs"
    # A message's `quoted` names are drawn as code, as text.
    codes = browser.evaluate(
        "[...document.querySelectorAll('#findings-rows .message code')].length"
    )
    assert codes > 0
    assert browser.console_problems() == []


def test_an_anchor_lands_below_the_sticky_filter_bar(
    browser, generated_corpus, tmp_path, monkeypatch, capsys
):
    report, listed = report_of(generated_corpus, tmp_path, monkeypatch, capsys)
    code = listed[0]["code"]
    browser.open(f"{report.as_uri()}#rule-doc-{code}")
    browser.evaluate("doclintReport.ready")
    placed = browser.evaluate(
        f"""new Promise(resolve => requestAnimationFrame(() => {{
          const doc = document.getElementById("rule-doc-{code}");
          doc.scrollIntoView();
          resolve([doc.getBoundingClientRect().top,
                   document.getElementById("filters").getBoundingClientRect().bottom,
                   doc.querySelector("strong") !== null]);
        }}))"""
    )
    top, bar_bottom, rendered = placed
    assert top >= bar_bottom > 0
    assert rendered  # the rule's documentation is HTML, not raw Markdown
    assert browser.evaluate("location.hash") == f"#rule-doc-{code}"
    assert browser.console_problems() == []


def test_names_from_the_tree_stay_text_in_the_browser(browser, tmp_path):
    hostile = '<img src=x onerror="window.pwned=1">'
    path = f"docs/{hostile}/a.md"
    rows = [
        Finding(
            1,
            1,
            f"`{hostile}` </script>",
            code="DL202",
            name="stopword-keyword",
            severity="error",
            path=path,
        ),
        Finding(
            2, 1, "plain", code="DL401", name="broken-link", severity="error", path="docs/b.md"
        ),
    ]
    page = "".join(as_html(RunOutput(rows, 2, sources=SourceLines({path: hostile}))))
    report = tmp_path / "hostile.html"
    report.write_text(page, encoding="utf-8")
    assert open_report(browser, report, tmp_path / "hostile.png") == 2
    assert browser.evaluate("window.pwned === undefined && !document.querySelector('img')")
    assert type_into(browser, "f-text", "onerror") == 1
    assert browser.evaluate(
        "document.querySelector('#findings-rows .finding .at').textContent"
    ) == (f"{path}:1:1")
    assert browser.console_problems() == []


def test_the_report_of_the_whole_standard_library(
    browser, tmp_path_factory, tmp_path, monkeypatch, capsys
):
    """The corpus of the running Python's whole standard library, every finding
    in the page: 14,710 pages and 266,837 findings from CPython 3.11.7's when
    written; 4,414 pages from Debian's 3.11.2, whose library leaves its tests
    to a package of their own."""
    require_shared()
    tree = tmp_path_factory.mktemp("stdlib") / "tree"
    subprocess.run(
        [
            sys.executable,
            str(SHARED / "tools" / "gen_corpus.py"),
            sysconfig.get_paths()["stdlib"],
            str(tree),
        ],
        check=True,
        capture_output=True,
    )
    report, listed = report_of(tree, tmp_path, monkeypatch, capsys)
    pages = sum(1 for _ in (tree / "docs").rglob("*.md"))
    assert pages > 4_000 and len(listed) > 10 * pages
    screenshot = tmp_path / "report.png"
    assert open_report(browser, report, screenshot) == len(listed)
    check_filters(browser, listed)
    assert browser.console_problems() == []
    print(f"screenshot of the {len(listed):,}-finding report: {screenshot}")


def test_a_run_without_findings_opens_with_none(browser, tmp_path):
    report = tmp_path / "clean.html"
    report.write_text("".join(as_html(RunOutput([], 3))), encoding="utf-8")
    assert 'class="report-findings"' not in report.read_text(encoding="utf-8")
    assert open_report(browser, report, tmp_path / "clean.png") == 0
    assert browser.evaluate(COUNT_LINE) == "All 0 findings"
    assert browser.console_problems() == []


# Messages as the rules write them (each from a real run: the shared corpora,
# a unit test's page), for the rules the committed trees below do not reach.
MESSAGES = {
    "DL801": "`src/app/sandbox.ts` is cited but not in the tree (it was at 513fd0f5)",
    "DL802": "`src/app/const.ts:1-20` cites lines the file does not have: it has 19 lines",
    "DL803": (
        "`src/game.ts:15-84`: the cited lines changed since 513fd0f5; they now stand at 20-89"
    ),
    "DL804": (
        "citation `[src/app/repo/repo.ts:4-26](../src/app/repo/repo.ts#L4-L26)` is in a code "
        "span: it shows as text, not a link"
    ),
    "DL805": "source list entry `src/utils/payment_new.ts` is not in the tree",
    "DL806": "`CodeDAO`: no file of the project writes `CodeDAO`",
    "DL807": (
        "`useScriptFilters` is not in the cited lines "
        "(src/pages/options/routes/ScriptList/hooks.ts:33)"
    ),
    "DL808": (
        "`/philipz/restate-cloudflare-workers-poc/2.1-ticket-virtual-object` is the wiki "
        "site's page; the tree has it as `Ticket-Virtual-Object.md`"
    ),
    "DL809": (
        "Mermaid's parser refuses this block at its line 3 (line 56): Expecting 'SEMI', "
        "'NEWLINE', 'SPACE', 'EOF' or 25 more, got 'SQS'"
    ),
    "DL710": ("`Phrase` has no method `split_text_to_phrase`, nor has any class of the project"),
    "DL711": (
        "`CustomerProfile`, documented under the heading of `Store`, is no object of the "
        "project: the generator invented this section"
    ),
    "DL810": "generator markup `<FileRef` left in the page",
    "DL811": (
        "the item names `sort_by`, `sort_by_key`, at `sort_by_key` on 78, `sort_by` on 247; "
        "line 59 holds no text"
    ),
    "DL001": "DL401 broken-link crashed: IndexError: list index out of range",
    "DL102": (
        "the ``` at line 44 inside the embedded page closes the ```markdown block opened at "
        "line 16; the block was meant to end at line 144; open it with a longer fence "
        "(````markdown)"
    ),
    "DL103": (
        '`## Key Concepts` holds only generator boilerplate ("Key concepts and components in '
        'this folder will be detailed in the individual file documentation."); remove the '
        "section or give it content"
    ),
    "DL202": (
        "`Analysis` is a word the generator wrote itself, not an identifier of `README.md_docs.md`"
    ),
    "DL203": "`if` is a C++ keyword, not a function",
    "DL204": "`CPU` occurs in `README.md_docs.md` only in comments or prose, not as an identifier",
    "DL205": (
        "`NVRTC` is only declared in `LazyNVRTC.h`, not defined there: its definition is elsewhere"
    ),
    "DL302": (
        'links "Global Index" to `../index.md`, which is `docs/test/index.md` of the '
        "documentation, not its start page `index.md`"
    ),
    "DL305": (
        "`PhiloxCudaStateRaw.cuh` has no `#include` of `ATen/cuda/PhiloxCudaState.h`; it is "
        "only named in a comment or string"
    ),
    "DL306": (
        '"The `run` helper is called by the *test* driver." matches no sentence the generator '
        "is known to write under `## Dependencies`: new generator output, its claim unjudged"
    ),
    "DL402": "`#L28-L32` is not a heading anchor of `repo/README.md`",
    "DL403": (
        "this page belongs at `docs/cmake/public/gflags.cmake_docs.md`; its relative links are "
        "not checked away from there"
    ),
    "DL404": (
        "link target `../../../etc/passwd` leads out of the tree root (resolved to "
        "`../etc/passwd`); it is not followed"
    ),
    "DL601": (
        "this page documents generated page `docs/test/debug/test_comm_mode.py_docs.md`, which "
        "is not in the tree"
    ),
    "DL602": (
        "`tools/setup.py` has no documentation page (`docs/tools/setup.py_docs.md` does not exist)"
    ),
    "DL603": (
        "this page documents `docs/test/distributed/`, a folder of the generated tree (level 2): "
        "the generator re-read its own output"
    ),
    "DL604": (
        "the Original Source differs from `pkg/a.py` from its line 12 on: the source was "
        "changed without regenerating this page, and its Size of 1,204 bytes is not the "
        "file's 1,310"
    ),
}


def _engine_tree(tree: Path) -> None:
    """Files the engine reports on: empty, blank, binary, UTF-16, not UTF-8,
    too large, mis-decoded, a dangling link, a link out of the tree, an
    unused suppression."""
    docs = tree / "docs"
    docs.mkdir(parents=True)
    files = {
        "empty.md": b"",
        "blank.md": b"  \n",
        "binary.md": b"a\0b",
        "utf16.md": "# T\n".encode("utf-16"),
        "latin.md": b"# T \xff\xfe x\n",
        "big.md": b"# Big\n" + b"x" * 3000,
        "mojibake.md": "# T\n\nThe caf\u00c3\u00a9 is open.\n\nA \ufffd here.\n".encode(),
        "suppressed.md": b"# T\n\n<!-- doclint-disable DL101 -->\ntext\n",
    }
    for name, data in files.items():
        (docs / name).write_bytes(data)
    (docs / "dangling.md").symlink_to("nowhere.md")
    (tree.parent / "outside.md").write_text("# Outside\n", encoding="utf-8")
    (docs / "outside.md").symlink_to(tree.parent / "outside.md")


def _findings_of(monkeypatch, capsys, cwd: Path, *args: str) -> list[Finding]:
    listed = run_cli(
        monkeypatch,
        capsys,
        cwd,
        "check",
        "--no-cache",
        "--select",
        "ALL",
        *args,
        "--output-format",
        "json",
    )
    return [
        Finding(
            d["line"],
            d["column"],
            d["message"],
            code=d["code"],
            name=d["name"],
            severity=d["severity"],
            path=f"{d['code']}/{d['path']}",
        )
        for d in json.loads(listed.out)
    ]


# Runs of every tree with a finding of each rule (4 s).
def test_every_rules_message_reads_as_written(browser, tmp_path, monkeypatch, capsys):
    """One finding of each rule, real where a committed tree (or the shared
    corpora) has one: its message in the list and in the causes reads as the
    plain-text output writes it, fences and backticks included."""
    _engine_tree(tmp_path / "engine")
    found = [
        *_findings_of(monkeypatch, capsys, PROJECT / "examples" / "tree", "docs"),
        *_findings_of(
            monkeypatch,
            capsys,
            PROJECT,
            "--config",
            'profiles = ["examples/profile/tinydoc.toml"]',
            "examples/profile/bad",
        ),
        *_findings_of(monkeypatch, capsys, tmp_path / "engine", "--max-file-size", "2000", "docs"),
    ]
    if (SHARED / "corpus").is_dir():
        for corpus in ("real", "real-cpp", "real-kinds", "templates", "deepwiki"):
            found += _findings_of(monkeypatch, capsys, SHARED / "corpus" / corpus, ".")
    rules = load_registry().sorted_rules()
    names = {rule.code: rule for rule in rules}
    one = {}
    for row in found:
        one.setdefault(row.code, row)
    for code, message in MESSAGES.items():
        rule = names[code]
        one.setdefault(
            code,
            Finding(
                3,
                1,
                message,
                code=code,
                name=rule.name,
                severity=str(rule.severity),
                path=f"{code}/docs/page.md",
            ),
        )
    assert one.keys() == names.keys()
    rows = sorted(one.values(), key=lambda row: row.path)
    output = RunOutput(rows, len(rows), rules=rules)
    # The plain-text output's message of each finding: what the report must show.
    plain = {}
    for line in "".join(FORMATS["concise"](output)).splitlines()[: len(rows)]:
        code = line.split("/", 1)[0]
        plain[code] = line.split("] ", 1)[1].removeprefix("[*] ")
    assert plain.keys() == one.keys()
    assert "the ``` at line" in plain["DL102"]
    report = tmp_path / "messages.html"
    report.write_text("".join(as_html(output)), encoding="utf-8")
    assert open_report(browser, report, tmp_path / "messages.png") == len(rows)
    for code, message in plain.items():
        assert type_into(browser, "f-rule", code) == 1
        drawn = browser.evaluate(
            "document.querySelector('#findings-rows .finding .message').textContent"
        )
        assert drawn == message, code
    # The causes show an example of each: its place, then its message.
    examples = browser.evaluate(
        "[...document.querySelectorAll('#causes tbody tr')].map(row =>"
        " [row.dataset.code, row.lastElementChild.lastChild.parentNode.textContent])"
    )
    assert len(examples) == len(rows)
    for code, text in examples:
        row = one[code]
        assert text == f"{row.path}:{row.line}{plain[code]}", code
    assert browser.console_problems() == []


@pytest.mark.parametrize(
    ("cwd", "args", "kind", "label"),
    [
        (
            PROJECT,
            ("--config", 'profiles = ["examples/profile/tinydoc.toml"]', "examples/profile/bad"),
            "profile-tinydoc",
            "tinydoc pages",
        ),
        (PROJECT / "tests" / "repoagent_tree", (".",), "profile-repoagent", "repoagent pages"),
    ],
    ids=["tinydoc", "repoagent"],
)
def test_a_profiles_pages_are_its_kind_under_a_chart_above_the_causes(
    browser, tmp_path, monkeypatch, capsys, cwd, args, kind, label
):
    report = tmp_path / "report.html"
    check = ("check", "--no-cache", *args)
    run_cli(monkeypatch, capsys, cwd, *check, "--output-format", "html", "-o", str(report))
    listed = json.loads(run_cli(monkeypatch, capsys, cwd, *check, "--output-format", "json").out)
    pages = [d for d in listed if d["path"].endswith(".md")]
    assert open_report(browser, report, tmp_path / "report.png") == len(listed)
    # The chart is the first thing below the totals, above the causes.
    tops = browser.evaluate(
        "['totals', 'overview', 'causes'].map(id =>"
        " document.getElementById(id).getBoundingClientRect().top)"
    )
    assert tops == sorted(tops)
    legend = browser.evaluate("document.querySelector('#cause-chart .legend').textContent")
    assert f"{label} {len(pages)}" in legend
    rows = browser.evaluate(
        "[...document.querySelectorAll('#kinds tbody tr')].map(row =>"
        " [...row.cells].map(cell => cell.textContent))"
    )
    # A module without its page (tinydoc's units.py) is reported on the module: no page.
    sources = [d for d in listed if not d["path"].endswith(".md")]
    assert [row[0] for row in rows] == [label] + (["Other files"] if sources else [])
    assert rows[0][3] == str(len(pages))
    assert type_into(browser, "f-kind", kind) == len(pages)
    assert browser.evaluate("location.hash") == f"#kind={kind}"
    # A part of a bar opens its findings: the biggest cause, on this kind of page.
    cause, count = browser.evaluate("[DATA.causes[0].id, DATA.causes[0].count]")
    applied = browser.evaluate(
        "(() => { const done = doclintReport.applied();"
        " document.querySelector('#cause-chart svg rect').dispatchEvent("
        "new MouseEvent('click', {bubbles: true})); return done; })()"
    )
    assert applied == count
    assert browser.evaluate("location.hash") == f"#cause={cause}&kind={kind}"
    assert browser.console_problems() == []
