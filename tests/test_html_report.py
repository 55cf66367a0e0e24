"""The causes of findings, `--statistics` in JSON with them, and the HTML report."""

from __future__ import annotations

import json
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest
from doclint_rules.keywords.stopword_keyword import StopwordKeyword

from doclint import __version__
from doclint.engine.registry import load_registry
from doclint.models.findings import Finding
from doclint.output import RunOutput, html_data
from doclint.output.baseline import SourceLines
from doclint.output.html import as_html, message_html, rule_colors
from doclint.output.html_data import LONGEST_LINE, ReportData, page_kind, page_kinds
from doclint.profiles.generators import shipped_generators
from doclint.rule_api import Rule, RuleDocs
from tests.checking import findings_in, run_cli
from tests.conftest import PROJECT, SHARED, require_shared

GENERATORS = shipped_generators()


@pytest.fixture
def corpus_cli(monkeypatch, capsys, generated_corpus):
    def invoke(*args: str):
        return run_cli(
            monkeypatch, capsys, generated_corpus, "check", "--no-cache", "--select", "ALL", *args
        )

    return invoke


@pytest.mark.slow  # a generated corpus's statistics
def test_statistics_in_json_give_each_rules_causes(corpus_cli):
    plain = json.loads(corpus_cli("--output-format", "json", "docs").out)
    detail = json.loads(corpus_cli("--statistics", "--output-format", "json", "docs").out)
    per_rule = Counter(d["code"] for d in plain)
    assert {item["code"]: item["count"] for item in detail} == per_rule
    for item in detail:
        assert sum(cause["count"] for cause in item["causes"]) == item["count"]
        counts = [cause["count"] for cause in item["causes"]]
        assert counts == sorted(counts, reverse=True)
        for cause in item["causes"]:
            assert cause["share"] == pytest.approx(cause["count"] / len(plain), abs=1e-6)
            example = cause["example"]
            assert example in [
                {k: d[k] for k in ("path", "line", "column", "message")}
                for d in plain
                if d["code"] == item["code"]
            ]


def _embedded(page: str) -> dict:
    found = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', page)
    assert found is not None
    return json.loads(found.group(1))


@pytest.mark.slow  # a generated corpus's report
def test_the_report_totals_equal_the_statistics(corpus_cli, generated_corpus):
    assert corpus_cli("--output-format", "html", "-o", "report.html", "docs").code == 1
    page = (generated_corpus / "report.html").read_text(encoding="utf-8")
    statistics = json.loads(corpus_cli("--statistics", "--output-format", "json", "docs").out)
    data = _embedded(page)
    assert {r["code"]: r["count"] for r in data["rules"]} == {
        s["code"]: s["count"] for s in statistics
    }
    total = sum(s["count"] for s in statistics)
    assert data["totals"]["findings"] == total
    summary = corpus_cli("--output-format", "concise", "docs").out
    fixable = summary.count("] [*] ")
    assert fixable and data["totals"]["fixable"] == fixable
    assert f"<b>{total:,}</b><span>findings</span>" in page
    assert f"<b>{fixable:,}</b><span>can be fixed with --fix</span>" in page
    for item in statistics:
        assert f'data-count="{item["code"]}">{item["count"]:,}</td>' in page
        assert f'id="rule-doc-{item["code"]}"' in page
    causes = {(c["code"], c["cause"]): c["count"] for c in data["causes"]}
    assert causes == {(s["code"], c["cause"]): c["count"] for s in statistics for c in s["causes"]}
    # The whole tree's count sits at the top of the folder tree.
    assert data["folders"][0] == ["", total, data["folders"][0][2]]


@pytest.mark.slow  # a generated corpus's report
def test_every_finding_is_in_the_page(corpus_cli, generated_corpus, monkeypatch):
    # Parts of 700 findings: several, as a tree of millions of findings gives.
    monkeypatch.setattr(html_data, "PART_FINDINGS", 700)
    corpus_cli("--output-format", "html", "-o", "report.html", "docs")
    page = (generated_corpus / "report.html").read_text(encoding="utf-8")
    assert page.count('class="report-findings"') > 2
    listed = json.loads(corpus_cli("--output-format", "json", "docs").out)
    keys = ("path", "line", "column", "code", "message")
    embedded = findings_in(page)
    assert len(embedded) == len(listed) > 1000
    assert [{k: f[k] for k in keys} for f in embedded] == [{k: d[k] for k in keys} for d in listed]
    # Each finding about a line carries that line's text, as the file has it.
    shown = [f for f in embedded if f["text"] is not None]
    assert len(shown) > len(embedded) / 2
    for finding in shown[:: max(1, len(shown) // 200)]:
        lines = (generated_corpus / finding["path"]).read_text(encoding="utf-8").splitlines()
        assert lines[finding["line"] - 1].startswith(finding["text"])


def test_the_header_names_the_tree_the_date_the_version_and_the_command(
    corpus_cli, generated_corpus, monkeypatch
):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    corpus_cli("--output-format", "html", "-o", "report.html", "--root", ".", "docs")
    page = (generated_corpus / "report.html").read_text(encoding="utf-8")
    header = page.split("<header>", 1)[1].split("</header>", 1)[0]
    assert f"<dt>Tree</dt><dd><code>{generated_corpus.resolve()}</code></dd>" in header
    assert "<dt>Checked</dt><dd>2023-11-14 22:13 UTC</dd>" in header
    assert f"<dt>doclint</dt><dd>{__version__}</dd>" in header
    assert (
        "<dt>Command</dt><dd><code>doclint check --no-cache --select ALL --output-format html "
        "-o report.html --root . docs</code></dd>"
    ) in header


def test_the_report_is_self_contained(corpus_cli, generated_corpus):
    corpus_cli("--output-format", "html", "-o", "report.html", "docs")
    page = (generated_corpus / "report.html").read_text(encoding="utf-8")
    assert not re.search(r"<(link|img|iframe)\b|\ssrc=|@import|url\(", page)
    assert re.findall(r"https?://[^\s\"'<]+", page) == []
    # Nothing in the embedded data can close its script element early.
    data_block = page.split('id="report-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in data_block
    assert page.count("<script") == 2 + page.count('class="report-findings"')


class Hostile(Rule):
    code = "DL999"
    name = "hostile-<b>rule</b>"
    summary = "summary <img src=x onerror=alert(1)>"
    docs = RuleDocs(
        what="""Shown as **text**: <script>alert("doc")</script>

        [a link](javascript:alert(1)) and `code <b>`.""",
        why="<b>why</b>",
        example="`<i>`",
        use_instead="none",
    )


def test_everything_from_the_tree_is_escaped():
    path = 'docs/<script>alert("path")</script>/"x" & <img src=y>.md'
    message = "</script><script>alert('message')</script> `<b>bold</b>` & <!--"
    rows = [Finding(1, 1, message, code="DL999", name=Hostile.name, severity="error", path=path)]
    rows += _rows([(f"docs/f{i:04}.md", "DL202") for i in range(2000)])
    output = RunOutput(rows, 2001, rules=[Hostile], sources=SourceLines({path: "<p>line"}))
    page = "".join(as_html(output))
    for raw in ("<script>alert", "<img", "<b>bold", "<b>rule", "<p>line", "<!--", "javascript:"):
        assert raw not in page, raw
    assert page.count("<script") == 2 + page.count('class="report-findings"')
    assert "&lt;script&gt;alert(&quot;path&quot;)&lt;/script&gt;" in page  # worst files
    assert "<strong>text</strong>" in page  # the rule's documentation, as HTML
    assert "<code>code &lt;b&gt;</code>" in page
    # One finding in 2,001 is a share too small to print: said so, escaped.
    assert ">&lt;0.1%</td>" in page and "<0.1%" not in page
    found = findings_in(page)
    assert (found[0]["path"], found[0]["message"], found[0]["text"]) == (
        path,
        message,
        "<p>line",
    )


def test_rule_documentation_is_rendered_from_markdown(corpus_cli, generated_corpus):
    corpus_cli("--output-format", "html", "-o", "report.html", "docs")
    page = (generated_corpus / "report.html").read_text(encoding="utf-8")
    docs = page.split('<section id="rule-docs">', 1)[1].split("</section>", 1)[0]
    rules = docs.split("<details")[1:]
    assert len(rules) >= 10
    for rule in rules:
        assert "<p>" in rule and "<strong>" in rule, rule[:200]
        # Outside code, no Markdown is left raw.
        prose = re.sub(r"<(code|pre)>.*?</\1>", "", rule, flags=re.DOTALL)
        assert "**" not in prose, prose[:300]
    # Anchors, such as a rule's documentation, land below the sticky filter bar.
    assert "[id] { scroll-margin-top:" in page


def test_the_cards_read_as_sentences(corpus_cli, generated_corpus):
    corpus_cli("--output-format", "html", "-o", "report.html", "docs")
    page = (generated_corpus / "report.html").read_text(encoding="utf-8")
    cards = re.findall(r'<div class="card"[^>]*><b>([\d,]+)</b><span>([^<]*)</span>', page)
    labels = [label for _, label in cards]
    assert labels[0] == "findings"
    assert re.fullmatch(r"of [\d,]+ files have findings", labels[1])
    assert "errors" in labels and "can be fixed with --fix" in labels
    assert not any("/" in label or "(" in label for label in labels)


def test_every_rule_has_its_own_colour():
    for count in (len(load_registry().sorted_rules()), 29, 120):
        colors = rule_colors(count)
        assert len(set(colors)) == count
        assert all(re.fullmatch(r"#[0-9a-f]{6}", color) for color in colors)


def _rows(paths_and_codes: list[tuple[str, str]]) -> list[Finding]:
    return [
        Finding(
            line,
            1,
            f"`x{line}` is wrong",
            code=code,
            name=code.lower(),
            severity="error",
            path=path,
        )
        for line, (path, code) in enumerate(paths_and_codes, start=1)
    ]


def test_strings_are_stored_once_and_findings_as_indexes():
    rows = _rows([(f"docs/f{i % 7}.md", "DL202") for i in range(3000)])
    rows = sorted(row._replace(message="`x` is wrong") for row in rows)
    data = ReportData({}, SourceLines()).add_all(rows)
    columns = data.findings
    assert len(columns) == 3000
    assert list(columns.tables["path"]) == [f"docs/f{i}.md" for i in range(7)]
    assert list(columns.tables["message"]) == ["`x` is wrong"]
    # 3,000 findings in far fewer bytes than their JSON rows.
    assert len(columns.encoded()) < 3000 * 4


def test_folder_totals_include_subfolders_and_worst_files_come_first():
    rows = _rows(
        [("docs/a/x.md", "DL201")] * 3
        + [("docs/a/b/y.md", "DL202")] * 5
        + [("docs/c/z.md", "DL201")]
        + [("top.md", "DL401")]
    )
    report = ReportData({}, SourceLines()).add_all(rows).as_json(9)
    assert report["folders"] == [
        ("", 10, {"DL202": 5, "DL201": 4, "DL401": 1}),
        ("docs", 9, {"DL202": 5, "DL201": 4}),
        ("docs/a", 8, {"DL202": 5, "DL201": 3}),
        ("docs/a/b", 5, {"DL202": 5}),
        ("docs/c", 1, {"DL201": 1}),
    ]
    assert [(w["path"], w["count"]) for w in report["worst"][:2]] == [
        ("docs/a/b/y.md", 5),
        ("docs/a/x.md", 3),
    ]


def test_folders_outside_the_current_one_join_the_same_tree():
    rows = _rows([("/abs/x.md", "DL201"), ("../up/y.md", "DL202"), ("z.md", "DL401")])
    report = ReportData({}, SourceLines()).add_all(sorted(rows)).as_json(3)
    assert [(path, count) for path, count, _ in report["folders"]] == [
        ("", 3),
        ("..", 1),
        ("../up", 1),
        ("/", 1),
        ("/abs", 1),
    ]


def test_findings_carry_the_text_of_their_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("page.md").write_text("one\ntwo\nthree\nfour " + "x" * 500 + "\n", encoding="utf-8")
    rows = [
        Finding(4, 2, "m", code="DL201", name="keyword-as-class", severity="error", path="page.md"),
        Finding(9, 1, "m", code="DL201", name="keyword-as-class", severity="error", path="page.md"),
    ]
    rules = {rule.code: rule for rule in load_registry().sorted_rules()}
    data = ReportData(rules, SourceLines()).add_all(rows)
    texts = list(data.findings.tables["text"])
    assert data.findings.columns["text"] == [0, -1]  # no line 9: no text
    assert texts == [("four " + "x" * 500)[:LONGEST_LINE]]


def _section_order(page: str) -> list[str]:
    return re.findall(r'<section id="([^"]+)"', page)


def test_causes_and_kinds_of_page_come_before_the_findings(corpus_cli, generated_corpus):
    corpus_cli("--output-format", "html", "-o", "report.html", "docs")
    page = (generated_corpus / "report.html").read_text(encoding="utf-8")
    order = _section_order(page)
    assert order[:6] == ["totals", "overview", "by-rule", "kinds", "causes", "findings"], order
    assert page.index('id="filters"') < page.index('<section id="findings"')


@pytest.mark.slow  # a generated corpus's report
def test_each_cause_links_to_its_own_findings(corpus_cli, generated_corpus):
    corpus_cli("--output-format", "html", "-o", "report.html", "docs")
    page = (generated_corpus / "report.html").read_text(encoding="utf-8")
    data = _embedded(page)
    embedded = findings_in(page)
    per_cause = Counter((f["code"], f["cause"]) for f in embedded)
    assert per_cause == {(c["code"], c["id"]): c["count"] for c in data["causes"]}
    # A rule with several causes: each cause's link opens its own findings,
    # not all of its rule's.
    causes_per_rule = Counter(c["code"] for c in data["causes"])
    split = [code for code, n in causes_per_rule.items() if n > 1]
    assert split, causes_per_rule
    causes = page.split('<section id="causes">', 1)[1].split("</section>", 1)[0]
    links = re.findall(r'<a href="#cause=([^"]+)">([^<]+)</a>', causes)
    assert [(link, label) for link, label in links] == [
        (c["id"], c["cause"].replace("'", "&#x27;")) for c in data["causes"]
    ]
    # The cause filter's list offers every cause by its id.
    options = page.split('id="f-cause"', 1)[1].split("</select>", 1)[0]
    assert re.findall(r'<option value="([^"]+)"', options) == [c["id"] for c in data["causes"]]


@pytest.mark.slow  # a generated corpus's report and JSON
def test_the_findings_are_split_by_kind_of_page(corpus_cli, generated_corpus):
    corpus_cli("--output-format", "html", "-o", "report.html", "docs")
    page = (generated_corpus / "report.html").read_text(encoding="utf-8")
    listed = json.loads(corpus_cli("--output-format", "json", "docs").out)
    data = _embedded(page)
    kinds = {k["key"]: k["count"] for k in data["page_kinds"]}
    assert kinds == {
        key: sum(page_kind(d["path"], GENERATORS) == key for d in listed)
        for key in page_kinds(GENERATORS)
    }
    # The generated corpus has two levels: docs of docs, folder pages and level 1 pages.
    assert kinds["docs-of-docs"] and kinds["folder"] and kinds["level-1"]
    files = {k["key"]: k["files"] for k in data["page_kinds"]}
    assert files["docs-of-docs"] == len(
        {d["path"] for d in listed if d["path"].startswith("docs/docs/")}
    )
    table = page.split('<section id="kinds">', 1)[1].split("</section>", 1)[0]
    for key, count in kinds.items():
        if count:
            assert f'<a href="#kind={key}">' in table
            assert f'<td class="n">{count:,}</td>' in table
    # Each embedded finding knows its kind of page, for the filter.
    assert Counter(f["kind"] for f in findings_in(page)) == {k: n for k, n in kinds.items() if n}
    # Each cause says on which kinds of page its findings are.
    for cause in data["causes"]:
        assert sum(cause["kinds"].values()) == cause["count"]


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("docs/docs/test/x.py_kw.md_docs.md", "docs-of-docs"),
        ("docs/docs/test/index.md", "docs-of-docs"),
        ("/work/tree/docs/docs/a.py_docs.md", "docs-of-docs"),
        ("docs/test/index.md", "folder"),
        ("docs/doc.md", "folder"),
        ("docs/test/sub.md", "folder"),
        ("docs/json/decoder.py_docs.md", "level-1"),
        ("docs/json/decoder.py_kw.md", "level-1"),
        # Near misses: a folder named like docs/docs, a page named like a folder page.
        ("docs/mydocs/docs/a.py_docs.md", "level-1"),
        ("docs/test/myindex.md", "other"),
        ("README.md", "other"),
    ],
)
def test_the_kind_of_a_page_is_read_from_its_path(path, kind):
    assert page_kind(path, GENERATORS) == kind


class _Shown(HTMLParser):
    """The text of some HTML, and the text of each <code> element in it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text, self.code, self._in_code = "", [], 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "code":
            self._in_code += 1
            self.code.append("")

    def handle_endtag(self, tag: str) -> None:
        self._in_code -= tag == "code"

    def handle_data(self, data: str) -> None:
        self.text += data
        if self._in_code:
            self.code[-1] += data


def _shown(html: str) -> _Shown:
    parser = _Shown()
    parser.feed(html)
    parser.close()
    return parser


DL102_MESSAGE = (
    "the ``` at line 44 inside the embedded page closes the ```markdown block opened at "
    "line 16; the block was meant to end at line 144; open it with a longer fence (````markdown)"
)


@pytest.mark.parametrize(
    ("message", "code"),
    [
        # Fences are text: a run of three backticks opens no code with the next one.
        (DL102_MESSAGE, []),
        ("`int` is a `<b>` & more", ["`int`", "`<b>`"]),
        # A lone backtick is text, not the start of code that never ends.
        ("a `b` and ` c", ["`b`"]),
        # As in a CommonMark code span opened by one backtick: longer runs inside are its text.
        ("fence `x ``` y` and ``z``", ["`x ``` y`"]),
        # A run of two or more never opens code (it is a fence the message shows).
        ("``x`` then `name`", ["`name`"]),
        ("no quotes", []),
    ],
)
def test_messages_are_shown_as_written_with_quoted_names_as_code(message, code):
    shown = _shown(message_html(message))
    assert shown.text == message
    assert shown.code == code


def test_the_causes_show_an_example_message_as_written():
    rows = [
        Finding(
            44,
            1,
            DL102_MESSAGE,
            code="DL102",
            name="broken-fence",
            severity="error",
            path="docs/a.md",
        ),
        Finding(
            1,
            1,
            "`the` <i>",
            code="DL202",
            name="stopword-keyword",
            severity="error",
            path="docs/b.md",
        ),
    ]
    page = "".join(as_html(RunOutput(rows, 1)))
    causes = page.split('<section id="causes">', 1)[1].split("</section>", 1)[0]
    examples = [_shown(cell).text for cell in re.findall(r"<br>(.*?)</td></tr>", causes)]
    assert sorted(examples) == sorted([DL102_MESSAGE, "`the` <i>"])


def _report_rows() -> list[Finding]:
    stop_word = StopwordKeyword.STOP_WORD

    def row(path: str, code: str, name: str) -> Finding:
        cause = stop_word if code == "DL202" else None
        return Finding(1, 1, "m", None, cause, code=code, name=name, severity="error", path=path)

    return [
        *(row("docs/docs/a.py_docs.md_docs.md", "DL202", "stopword-keyword") for _ in range(3)),
        row("docs/docs/b.py_docs.md", "DL401", "broken-link"),
        row("docs/json/decoder.py_docs.md", "DL401", "broken-link"),
        row("docs/json/index.md", "DL401", "broken-link"),
    ]


# The pages of _report_rows as the generator titles them: a page's kind is
# the generator's that read it, never its name's alone.
REPORT_PAGES = {
    "docs/docs/a.py_docs.md_docs.md": "# Documentation: `docs/a.py_docs.md`\n",
    "docs/docs/b.py_docs.md": "# Documentation: `docs/b.py`\n",
    "docs/json/decoder.py_docs.md": "# Documentation: `json/decoder.py`\n",
    "docs/json/index.md": "# Index: `json/`\n",
}


def test_a_chart_with_its_legend_stands_above_the_causes():
    rows = sorted(_report_rows(), key=lambda r: r.path)
    page = "".join(as_html(RunOutput(rows, 4, sources=SourceLines(REPORT_PAGES))))
    order = _section_order(page)
    assert order.index("overview") < order.index("causes"), order
    overview = page.split('<section id="overview">', 1)[1].split("</section>", 1)[0]
    assert overview.count("<svg") == 2
    causes, folders = overview.split('<figure id="folder-chart">', 1)
    # The causes' bars are split by kind of page; the legend names each kind and its findings.
    legend = _shown(causes.split('<ul class="legend">', 1)[1].split("</ul>", 1)[0]).text
    assert "Docs of docs 4" in legend and "Level 1 pages 1" in legend and "Folder pages 1" in legend
    assert '<a href="#cause=stopword-keyword/stop-word&amp;kind=docs-of-docs">' in causes
    # The folders are named by their whole path: docs/docs/ is not "docs".
    labels = re.findall(r'text-anchor="end">([^<]*)</text>', folders)
    assert labels == ["docs/docs/", "docs/json/"]
    assert "The biggest folders under <code>docs/</code>" in folders
    legend = folders.split('<ul class="legend">', 1)[1].split("</ul>", 1)[0]
    entries = re.findall(r'<a href="#rule=(\w+)">.*?</a> <span class="muted">(\d+)', legend)
    assert entries == [("DL202", "3"), ("DL401", "3")]


def test_a_tree_of_one_folder_names_it_in_place_of_the_folder_chart():
    rows = [row for row in _report_rows() if row.path.startswith("docs/json/")]
    page = "".join(as_html(RunOutput(sorted(rows, key=lambda r: r.path), 2)))
    folders = page.split('<figure id="folder-chart">', 1)[1].split("</figure>", 1)[0]
    assert folders == "<figcaption>Every finding is in <code>docs/json/</code></figcaption>"


def _kinds_table(page: str) -> dict[str, int]:
    table = page.split('<section id="kinds">', 1)[1].split("</section>", 1)[0]
    rows = re.findall(
        r"<tr data-kind[^>]*><td><a[^>]*>([^<]*)</a>.*?<td class=\"n\">([\d,]+)</td>"
        r"<td class=\"n\">[^<]*</td></tr>",
        table,
    )
    return {label: int(count.replace(",", "")) for label, count in rows}


def _profile_report(monkeypatch, capsys, cwd: Path, *args: str) -> tuple[str, list[dict]]:
    outcome = run_cli(
        monkeypatch, capsys, cwd, "check", "--no-cache", *args, "--output-format", "html"
    )
    listed = run_cli(
        monkeypatch, capsys, cwd, "check", "--no-cache", *args, "--output-format", "json"
    )
    return outcome.out, json.loads(listed.out)


TINYDOC = (
    "--config",
    'profiles = ["examples/profile/tinydoc.toml"]',
    "examples/profile/bad/reference",
)


@pytest.mark.parametrize(
    ("cwd", "args", "kind", "label"),
    [
        (PROJECT, TINYDOC, "profile-tinydoc", "tinydoc pages"),
        (PROJECT / "tests" / "repoagent_tree", (".",), "profile-repoagent", "repoagent pages"),
    ],
    ids=["tinydoc", "repoagent"],
)
def test_the_pages_of_a_profile_are_its_kind_of_page(monkeypatch, capsys, cwd, args, kind, label):
    page, listed = _profile_report(monkeypatch, capsys, cwd, *args)
    pages = {d["path"] for d in listed if d["path"].endswith(".md")}
    assert pages
    embedded = findings_in(page)
    assert {f["path"]: f["kind"] for f in embedded if f["path"] in pages} == dict.fromkeys(
        pages, kind
    )
    data = _embedded(page)
    described = next(k for k in data["page_kinds"] if k["key"] == kind)
    assert described["label"] == label
    assert described["files"] == len(pages)
    assert _kinds_table(page)[label] == sum(d["path"] in pages for d in listed)
    # Only a module without its page (tinydoc's units.py, reported on the module) is no page.
    others = sum(d["path"] not in pages for d in listed)
    assert _kinds_table(page).get("Other files", 0) == others
    assert {d["code"] for d in listed if d["path"] not in pages} <= {"DL708"}


def test_the_pages_of_the_repoagent_corpus_are_its_kind_of_page(monkeypatch, capsys):
    require_shared()
    page, listed = _profile_report(monkeypatch, capsys, SHARED / "corpus" / "repoagent", ".")
    kinds = Counter(f["kind"] for f in findings_in(page))
    pages = [d for d in listed if "/markdown_docs/" in f"/{d['path']}"]
    assert pages and kinds["profile-repoagent"] == len(pages)
    assert _kinds_table(page)["repoagent pages"] == len(pages)


def test_a_page_outside_a_profiles_layout_or_headings_keeps_its_kind(tmp_path):
    # In the docs folder of RepoAgent but headed as no RepoAgent page is, with
    # no marker in its project: not RepoAgent's.
    (tmp_path / "markdown_docs").mkdir()
    (tmp_path / "markdown_docs" / "notes.md").write_text("```\n## ClassDef X\n```\n# Notes\n")
    rows = [
        Finding(
            1,
            1,
            "m",
            code="DL101",
            name="n",
            severity="error",
            path=str(tmp_path / "markdown_docs" / "notes.md"),
        )
    ]
    data = ReportData({}, SourceLines()).add_all(rows)
    assert data.page_kinds.kinds.keys() == page_kinds(GENERATORS).keys()
    assert data.findings.path_kind == [list(page_kinds(GENERATORS)).index("by-hand")]


def test_the_findings_list_has_a_place_for_its_empty_state():
    page = "".join(as_html(RunOutput([], 1)))
    assert '<p id="findings-empty" hidden></p>' in page


WIKI_PAGE = (
    "# API\n\n<details>\n<summary>Relevant source files</summary>\n\n"
    "- [src/api.py](src/api.py)\n</details>\n\nSee [the guide](missing.md).\n"
)


@pytest.mark.parametrize(
    ("path", "text", "kind"),
    [
        # A wiki page named as the PyTorch generator names its file pages:
        # in its folder citing lines as it writes them, or with its marker
        # wherever it sits.
        (
            "docs/.deepwiki/api_docs.md",
            "# API\n\nSee [src/api.py:1-2](../src/api.py#L1-L2).\n",
            "wiki-deepwiki",
        ),
        ("notes/api_docs.md", WIKI_PAGE, "wiki-deepwiki"),
        # Named so, titled as no generator's page: no generator's, written by
        # hand; a file that is no page is another file.
        ("docs/json/api_docs.md", "# API notes\n", "by-hand"),
        ("docs/json/index.md", "# Contents\n", "by-hand"),
        ("pkg/units.py", "def to_inches(x): ...\n", "other"),
        # Titled by the generator: its kind, its place saying which.
        ("docs/json/decoder.py_docs.md", "# Documentation: `json/decoder.py`\n", "level-1"),
        ("docs/json/index.md", "# Index: `json/`\n", "folder"),
        ("docs/docs/x.py_kw.md_docs.md", "# Documentation: `docs/x.py_kw.md`\n", "docs-of-docs"),
        ("docs/start.md", "# PyTorch Repository Documentation\n", "folder"),
    ],
)
def test_a_pages_kind_is_the_generators_that_read_it_not_its_names(path, text, kind):
    kinds = html_data.PageKinds()
    row = Finding(1, 1, "m", code="DL401", name="broken-link", severity="error", path=path)
    assert kinds.of(path, [row], SourceLines({path: text})) == kind
    if kind.startswith("wiki-"):
        assert kinds.kinds[kind][0] == "deepwiki pages"


def test_a_wiki_page_named_like_a_file_page_is_listed_under_its_wiki(tmp_path, monkeypatch, capsys):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "api.py").write_text("def f():\n    pass\n")
    (tmp_path / ".deepwiki").mkdir()
    (tmp_path / ".deepwiki" / "api_docs.md").write_text(WIKI_PAGE, encoding="utf-8")
    page, listed = _profile_report(monkeypatch, capsys, tmp_path, ".deepwiki")
    assert listed and {d["path"] for d in listed} == {".deepwiki/api_docs.md"}
    table = _kinds_table(page)
    assert table == {"deepwiki pages": len(listed)}
    assert "Level 1 pages" not in table


def test_a_report_on_pages_written_by_hand_reads_as_theirs(tmp_path, monkeypatch, capsys):
    """Design notes citing code, no generator's page among them: their kind
    is "Pages written by hand", and the causes are not said to be a
    generator's doing."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "design.md").write_text("# Design\n\nSee [the plan](plan.md).\n")
    check = ("check", "--no-cache", "docs", "--output-format", "html", "-o", "report.html")
    assert run_cli(monkeypatch, capsys, tmp_path, *check).code == 1
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert _kinds_table(page) == {"Pages written by hand": 1}
    assert "<h2>Causes: what is wrong in the pages, biggest first</h2>" in page
    assert "generator does wrong" not in page
