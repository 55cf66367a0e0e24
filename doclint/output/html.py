"""For people triaging a tree: `html`, one self-contained page.

Totals, then two charts (the biggest causes by kind of page, the biggest
folders by rule), findings per rule and per kind of page (the PyTorch
generator's kinds, each profile's pages, other files), the causes (findings
grouped by the generator behaviour behind them, doclint/output/causes.py), the
findings themselves with their lines, filtered in the page by rule, cause,
kind of page, folder and text, then a collapsible tree of the folders and the
worst files. Nothing is fetched: style, script and data are in the file.
Tables and charts are written here, so they read without the script; the
script draws what the filters change.
"""

from __future__ import annotations

import colorsys
import json
import math
import os
import shlex
from collections.abc import Iterator
from datetime import UTC, datetime
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import quote

import mistune

from doclint.output.html_assets import SCRIPT, STYLE
from doclint.output.html_data import BY_HAND, PageKinds, ReportData, parent_folder
from doclint.output.run_output import RunOutput, unread_note
from doclint.rule_api import Rule
from doclint.util.lazy_regex import compiled_on_use
from doclint.util.paths import printable
from doclint.version import __version__

CHART_BARS = 20
CHART_CAUSES = 15
SHOWN_CAUSES = 200
_LAST = {BY_HAND: 1, "other": 2}
"""The kinds shown after the generators' pages, in this order."""

# Rule documentation is Markdown written by rule authors (plugins included):
# raw HTML in it is shown as text, and mistune drops harmful link schemes.
_markdown = mistune.create_markdown(escape=True, plugins=["table", "strikethrough"])


def as_html(output: RunOutput) -> Iterator[str]:
    rules = {rule.code: rule for rule in output.rules}
    kinds = PageKinds(output.generators)
    data = ReportData(rules, output.sources, kinds).add_all(output.diagnostics)
    # Paths, messages and lines shown as text, control characters escaped as
    # in every text format (html_data escapes the packed findings the same way).
    report = _printable_all(data.as_json(output.files_checked))
    for rule, color in zip(report["rules"], rule_colors(len(report["rules"])), strict=True):
        rule["color"] = color
    report["run"] = _run_facts(output)
    unread = unread_note(output)
    if unread:
        report["run"]["unread"] = unread
    yield _page(report, rules, data.encoded_findings())


def _printable_all(value: Any) -> Any:
    """`value` with every string in it (keys too) escaped by `printable`."""
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, dict):
        return {_printable_all(key): _printable_all(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_printable_all(item) for item in value]
    return value


def rule_colors(count: int) -> list[str]:
    """`count` distinct colours, each as far as can be from those before it (the
    busiest rules come first), all dark enough to read on white."""
    candidates = [
        tuple(round(channel * 255) for channel in colorsys.hls_to_rgb(hue / 36, light, sat))
        for hue in range(36)
        for light in (0.3, 0.42, 0.54, 0.66)
        for sat in (0.45, 0.8)
    ]
    chosen = [candidates[0]]
    nearest = [_distance(candidate, chosen[0]) for candidate in candidates]
    while len(chosen) < count:
        far = max(range(len(candidates)), key=nearest.__getitem__)
        if nearest[far] == 0:  # more rules than candidates: every colour is taken
            raise ValueError(f"no {count} distinct colours")
        chosen.append(candidates[far])
        nearest = [
            min(n, _distance(c, candidates[far])) for n, c in zip(nearest, candidates, strict=True)
        ]
    return ["#{:02x}{:02x}{:02x}".format(*rgb) for rgb in chosen[:count]]


def _distance(first: tuple[int, ...], second: tuple[int, ...]) -> float:
    """How far apart two colours look ("redmean", a cheap weighted RGB distance)."""
    mean = (first[0] + second[0]) / 2
    red, green, blue = (a - b for a, b in zip(first, second, strict=True))
    return math.sqrt((2 + mean / 256) * red**2 + 4 * green**2 + (2 + (255 - mean) / 256) * blue**2)


def _run_facts(output: RunOutput) -> dict[str, str]:
    """Which tree, when, by which doclint and command: the report's header."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    when = datetime.fromtimestamp(int(epoch), UTC) if epoch.isdigit() else datetime.now(UTC)
    cwd = Path.cwd()
    return {
        "root": str(output.root.resolve()) if output.root is not None else "",
        "cwd": str(cwd),
        "date": when.strftime("%Y-%m-%d %H:%M UTC"),
        "version": __version__,
        "command": shlex.join(output.command) if output.command else "",
    }


def _page(report: dict[str, Any], rules: dict[str, type[Rule[Any]]], findings: list[str]) -> str:
    totals = report["totals"]
    # The data block is JSON read by the script: no `<` may close the element.
    payload = json.dumps(report, separators=(",", ":")).replace("<", "\\u003c")
    title = f"doclint report: {totals['findings']:,} findings in {totals['files_checked']:,} files"
    return "".join(
        [
            '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n',
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
            f"<title>{escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
            _header(report["run"]),
            "<main>\n",
            _cards(report),
            _overview(report),
            _by_rule(report),
            _kinds(report),
            _causes(report),
            _filters(report),
            _findings(report),
            _tree_section(),
            _worst(report),
            _rule_docs(report, rules),
            "</main>\n",
            f'<script type="application/json" id="report-data">{payload}</script>\n',
            # base64 holds no `<`; the script decodes it (html_data.FindingColumns).
            *(
                f'<script type="application/octet-stream" class="report-findings">{part}</script>\n'
                for part in findings
            ),
            f"<script>{SCRIPT}</script>\n</body>\n</html>\n",
        ]
    )


def _header(run: dict[str, str]) -> str:
    tree = (
        f"<code>{escape(run['root'])}</code>"
        if run["root"]
        else f"<code>{escape(run['cwd'])}</code> (each file's root found from its page)"
    )
    facts = [
        ("Tree", tree),
        ("Checked", escape(run["date"])),
        ("doclint", escape(run["version"])),
    ]
    if run["command"]:
        facts.append(("Command", f"<code>{escape(run['command'])}</code>"))
    shown = "".join(f"<div><dt>{name}</dt><dd>{value}</dd></div>" for name, value in facts)
    # Pages no generator wrote are judged by the rules of every page only: a
    # banner, so that a report without findings is not read as a clean tree.
    banner = f'<p id="unread" role="note">{escape(run["unread"])}</p>' if "unread" in run else ""
    return f'<header><h1>doclint report</h1><dl id="run">{shown}</dl>{banner}</header>\n'


def _cards(report: dict[str, Any]) -> str:
    totals = report["totals"]
    cards = [
        (totals["findings"], "findings"),
        (totals["files_with_findings"], f"of {totals['files_checked']:,} files have findings"),
        *(
            (count, _severity_label(severity, count))
            for severity, count in totals["by_severity"].items()
        ),
        (totals["fixable"], "can be fixed with --fix"),
    ]
    shown = "".join(
        f'<div class="card" data-total="{escape(label)}"><b>{count:,}</b>'
        f"<span>{escape(label)}</span></div>"
        for count, label in cards
    )
    return f'<section id="totals"><h2>Totals</h2><div class="cards">{shown}</div></section>\n'


def _by_rule(report: dict[str, Any]) -> str:
    """Findings per rule."""
    totals = report["totals"]
    rows = "".join(
        f'<tr><td class="rule"><span class="swatch" style="background:{rule["color"]}"></span>'
        f'<a href="#rule={_fragment(rule["code"])}">{escape(rule["code"])}</a></td>'
        f"<td>{escape(rule['name'])}</td>"
        f"<td>{escape(rule['severity'])}</td><td>{escape(rule['fix'])}</td>"
        f'<td class="n" data-count="{escape(rule["code"])}">{rule["count"]:,}</td>'
        f'<td class="n">{escape(_share(rule["count"], totals["findings"]))}</td>'
        f'<td><a href="#rule-doc-{escape(rule["code"])}">documentation</a></td></tr>'
        for rule in report["rules"]
    )
    return (
        '<section id="by-rule"><h2>Findings by rule</h2><table id="rules"><thead><tr>'
        "<th>Rule</th><th>Name</th><th>Severity</th><th>Fix</th>"
        f'<th class="n">Findings</th><th class="n">Share</th><th></th></tr></thead>'
        f"<tbody>{rows}</tbody></table></section>\n"
    )


def _filters(report: dict[str, Any]) -> str:
    options = "".join(
        f'<option value="{escape(rule["code"])}">{escape(rule["code"])} {escape(rule["name"])} '
        f"({rule['count']:,})</option>"
        for rule in report["rules"]
    )
    causes = "".join(
        f'<option value="{escape(c["id"])}">{escape(c["code"])} {escape(c["cause"])} '
        f"({c['count']:,})</option>"
        for c in report["causes"]
    )
    kinds = "".join(
        f'<option value="{escape(k["key"])}">{escape(k["label"])} ({k["count"]:,})</option>'
        for k in _kinds_shown(report)
    )
    return (
        '<div id="filters"><label>Rule <select id="f-rule"><option value="">all rules</option>'
        f"{options}</select></label>"
        '<label>Cause <select id="f-cause"><option value="">all causes</option>'
        f"{causes}</select></label>"
        '<label>Pages <select id="f-kind"><option value="">all pages</option>'
        f"{kinds}</select></label>"
        '<label>Folder <input id="f-folder" type="search" placeholder="docs/some/folder" '
        'autocomplete="off"></label>'
        '<label>Text <input id="f-text" type="search" placeholder="word in message or path" '
        'autocomplete="off"></label><button id="f-clear" type="button">Clear filters</button>'
        '<span id="findings-count" aria-live="polite"></span></div>\n'
    )


KIND_COLORS = ("#4e79a7", "#f28e2b", "#59a14f", "#9c9c9c", "#b07aa1", "#e15759", "#76b7b2")
"""The colour of each kind of page, in the order of the kinds (the PyTorch
generator's, the other files, then each profile's as met)."""


def _overview(report: dict[str, Any]) -> str:
    """The first thing to look at: the biggest causes, each bar split by kind
    of page, and the biggest folders, each bar split by rule, each with its
    legend. Every bar, part and legend entry links to its findings."""
    charts = [_cause_chart(report), _folder_chart(report)]
    if not any(charts):
        return ""
    return (
        '<section id="overview"><h2>Where the findings are</h2><div class="charts">'
        + "".join(charts)
        + "</div></section>\n"
    )


def _kind_colors(report: dict[str, Any]) -> dict[str, str]:
    return {
        k["key"]: KIND_COLORS[index % len(KIND_COLORS)]
        for index, k in enumerate(report["page_kinds"])
    }


def _cause_chart(report: dict[str, Any]) -> str:
    """Stacked bars of the biggest causes, one part per kind of page."""
    causes = report["causes"][:CHART_CAUSES]
    if not causes:
        return ""
    colors = _kind_colors(report)
    labels = {k["key"]: k["label"] for k in report["page_kinds"]}
    bars = []
    for row, cause in enumerate(causes):
        parts, x = [], float(_LABEL_WIDTH)
        for key, n in cause["kinds"].items():
            width = _BAR_WIDTH * n / causes[0]["count"]
            link = f"#cause={_fragment(cause['id'])}&amp;kind={_fragment(key)}"
            parts.append(
                f'<a href="{link}">{_rect(x, row, width, colors[key])}'
                f"<title>{escape(cause['cause'])} on {escape(labels[key].lower())}: {n:,}</title>"
                "</rect></a>"
            )
            x += width
        name = f"{cause['code']} {cause['cause']}"
        bars.append(
            f'<a href="#cause={_fragment(cause["id"])}">'
            f"{_label(row, name)}<title>{escape(name)}</title></a>{''.join(parts)}"
            f"{_count(x, row, cause['count'])}"
        )
    shown = sum(c["count"] for c in causes)
    rest = len(report["causes"]) - len(causes)
    more = (
        f'<p class="muted">{rest:,} smaller causes ({report["totals"]["findings"] - shown:,} '
        "findings) are in the table below.</p>"
        if rest
        else ""
    )
    legend = "".join(
        f'<li><a href="#kind={_fragment(k["key"])}"><span class="swatch" '
        f'style="background:{colors[k["key"]]}"></span>{escape(k["label"])}</a> '
        f'<span class="muted">{k["count"]:,}</span></li>'
        for k in _kinds_shown(report)
    )
    caption = f"The {len(causes)} biggest causes, by kind of page"
    return _figure("cause-chart", escape(caption), caption, legend, bars, more)


def _folder_chart(report: dict[str, Any]) -> str:
    """Stacked bars per rule for the biggest folders below the deepest folder
    that holds every finding, named by their whole path."""
    folders = {path: (count, rules) for path, count, rules in report["folders"]}
    top = _chart_level(folders)
    children = _folder_rows(folders, top)
    if not children:
        # One folder holds every finding: nothing to compare, its name to say.
        return (
            f'<figure id="folder-chart"><figcaption>Every finding is in <code>{escape(top)}/'
            "</code></figcaption></figure>"
            if top
            else ""
        )
    colors = {rule["code"]: rule["color"] for rule in report["rules"]}
    biggest = max(folders[path][0] for path in children)
    bars = []
    for row, path in enumerate(children):
        count, rules = folders[path]
        parts, x = [], float(_LABEL_WIDTH)
        for code, n in rules.items():
            width = _BAR_WIDTH * n / biggest
            parts.append(
                f'<a href="#folder={_fragment(path)}&amp;rule={_fragment(code)}">'
                f"{_rect(x, row, width, colors.get(code, '#888'))}"
                f"<title>{escape(path)}/: {escape(code)} {n:,}</title></rect></a>"
            )
            x += width
        name = f"{path}/"
        bars.append(
            f'<a href="#folder={_fragment(path)}">{_label(row, name, True)}'
            f"<title>{escape(name)}</title></a>{''.join(parts)}{_count(x, row, count)}"
        )
    legend = "".join(
        f'<li><a href="#rule={_fragment(code)}"><span class="swatch" '
        f'style="background:{colors.get(code, "#888")}"></span>{escape(code)}</a> '
        f'<span class="muted">{n:,}</span></li>'
        for code, n in folders[top][1].items()
    )
    under = f"{top}/" if top else "the current folder"
    caption = f"The biggest folders under {under}, by rule"
    shown = escape(caption).replace(escape(under), f"<code>{escape(under)}</code>", 1)
    return _figure("folder-chart", shown, caption, legend, bars, "")


def _folder_rows(folders: dict[str, tuple[int, dict[str, int]]], top: str) -> list[str]:
    """The folders the chart shows, each above its subfolders: those just
    below `top`, then, while CHART_BARS allows, the subfolders of the biggest
    folder not yet opened (a tree of two big folders shows what is in them)."""
    below: dict[str, list[str]] = {}
    for path in folders:
        parent = parent_folder(path)
        if path != top and parent is not None:
            below.setdefault(parent, []).append(path)

    def rows(parent: str) -> list[str]:
        """The folders below `parent`, biggest first, each one that holds all
        the findings of the folders below it shown as the deepest of those."""
        kids = sorted(below.get(parent, []), key=lambda path: (-folders[path][0], path))
        return [_deepest(path, below, folders) for path in kids]

    shown = rows(top)[:CHART_BARS]
    opened: set[str] = set()
    while True:
        closed = [path for path in shown if path not in opened and path in below]
        if not closed:
            break
        path = max(closed, key=lambda p: folders[p][0])
        opened.add(path)
        kids = rows(path)
        if len(shown) + len(kids) > CHART_BARS:
            break
        at = shown.index(path) + 1
        shown[at:at] = kids
    return shown


def _deepest(
    path: str, below: dict[str, list[str]], folders: dict[str, tuple[int, dict[str, int]]]
) -> str:
    """`path`, or the folder below it that holds all its findings, the deepest."""
    while len(kids := below.get(path, [])) == 1 and folders[kids[0]][0] == folders[path][0]:
        path = kids[0]
    return path


_LABEL_WIDTH, _BAR_WIDTH, _ROW, _LABEL_CHARS = 300, 230, 22, 42


def _rect(x: float, row: int, width: float, color: str) -> str:
    """A bar's part, its <title> and </rect> left to the caller."""
    return (
        f'<rect x="{x:.1f}" y="{row * _ROW + 3}" width="{width:.1f}" height="{_ROW - 6}" '
        f'fill="{color}">'
    )


def _label(row: int, name: str, tail: bool = False) -> str:
    """A bar's name, cut to fit: a path keeps its end, other names their start."""
    if len(name) > _LABEL_CHARS:
        cut = _LABEL_CHARS - 1
        name = "\u2026" + name[-cut:] if tail else name[:cut] + "\u2026"
    return (
        f'<text x="{_LABEL_WIDTH - 8}" y="{row * _ROW + 15}" text-anchor="end">'
        f"{escape(name)}</text>"
    )


def _count(x: float, row: int, count: int) -> str:
    return f'<text x="{x + 6:.1f}" y="{row * _ROW + 15}">{count:,}</text>'


def _figure(name: str, caption: str, label: str, legend: str, bars: list[str], after: str) -> str:
    """A chart: its caption (HTML) and legend above the bars; `label` is the caption as text."""
    width, height = _LABEL_WIDTH + _BAR_WIDTH + 70, _ROW * len(bars)
    return (
        f'<figure id="{name}"><figcaption>{caption}</figcaption>'
        f'<ul class="legend">{legend}</ul>'
        f'<svg role="img" aria-label="{escape(label)}" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">'
        f"{''.join(bars)}</svg>{after}</figure>"
    )


def _kinds_shown(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The kinds of page with findings, the generators' first, then the
    pages written by hand, "Other files" last."""
    kinds = [k for k in report["page_kinds"] if k["count"]]
    return sorted(kinds, key=lambda k: _LAST.get(k["key"], 0))


def _chart_level(folders: dict[str, tuple[int, dict[str, int]]]) -> str:
    """The deepest folder holding all the findings (`docs`, not the cwd)."""
    top = ""
    while True:
        below = [path for path in folders if path != top and parent_folder(path) == top]
        if len(below) != 1 or top not in folders or folders[below[0]][0] != folders[top][0]:
            return top
        top = below[0]


def _tree_section() -> str:
    return (
        '<section id="folders"><h2>Folders</h2><p class="muted">Click a folder to filter; '
        "the triangle opens it. Biggest first.</p>"
        '<div id="tree" class="tree"></div></section>\n'
    )


def _kinds(report: dict[str, Any]) -> str:
    """Findings per kind of page: whether the generator's pages about sources
    are wrong, or the pages a later pass wrote about its own pages."""
    total = report["totals"]["findings"]
    rows = "".join(
        f'<tr data-kind="{escape(k["key"])}"><td><a href="#kind={_fragment(k["key"])}">'
        f"{escape(k['label'])}</a></td><td>{escape(k['what'])}</td>"
        f'<td class="n">{k["files"]:,}</td>'
        f'<td class="n">{k["count"]:,}</td>'
        f'<td class="n">{escape(_share(k["count"], total))}</td></tr>'
        for k in _kinds_shown(report)
    )
    return (
        '<section id="kinds"><h2>Findings by kind of page</h2><table><thead><tr>'
        '<th>Pages</th><th></th><th class="n">Files with findings</th><th class="n">Findings</th>'
        f'<th class="n">Share</th></tr></thead><tbody>{rows}</tbody></table></section>\n'
    )


def _causes(report: dict[str, Any]) -> str:
    causes = report["causes"]
    labels = {k["key"]: k["label"] for k in report["page_kinds"]}
    rows = "".join(
        f'<tr data-filter-row data-code="{escape(c["code"])}" data-cause="{escape(c["id"])}">'
        f'<td class="n">{c["count"]:,}</td>'
        f'<td class="n">{escape(_share(c["count"], report["totals"]["findings"]))}</td>'
        f'<td class="rule"><a href="#rule={_fragment(c["code"])}">{escape(c["code"])}</a> '
        f"{escape(c['name'])}</td>"
        f'<td><a href="#cause={_fragment(c["id"])}">{escape(c["cause"])}</a></td><td>'
        + "<br>".join(f"{escape(labels[k])}: {n:,}" for k, n in c["kinds"].items())
        + f"</td><td><code>{escape(c['example']['path'])}:{c['example']['line']}</code><br>"
        f"{message_html(c['example']['message'])}</td></tr>"
        for c in causes[:SHOWN_CAUSES]
    )
    more = (
        f'<p class="note">{len(causes) - SHOWN_CAUSES:,} smaller causes are not listed: '
        "see <code>--statistics --output-format json</code>.</p>"
        if len(causes) > SHOWN_CAUSES
        else ""
    )
    return (
        '<section id="causes"><h2>Causes: what is wrong in the pages, biggest first</h2>'
        '<table><thead><tr><th class="n">Findings</th><th class="n">Share</th><th>Rule</th>'
        "<th>Cause (a link opens its findings)</th><th>Pages</th><th>Example</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>{more}</section>\n"
    )


def _worst(report: dict[str, Any]) -> str:
    rows = "".join(
        f'<tr data-filter-row data-path="{escape(w["path"])}" '
        f'data-codes="{escape(" ".join(w["rules"]))}"><td class="n">{w["count"]:,}</td>'
        f'<td><a href="#q={_fragment(w["path"])}"><code>{escape(w["path"])}</code></a></td><td>'
        + ", ".join(f"{escape(code)} {n:,}" for code, n in w["rules"].items())
        + "</td></tr>"
        for w in report["worst"]
    )
    return (
        '<section id="worst"><h2>Worst files</h2><table><thead><tr><th class="n">Findings</th>'
        f"<th>File</th><th>Per rule</th></tr></thead><tbody>{rows}</tbody></table></section>\n"
    )


def _findings(report: dict[str, Any]) -> str:
    total = report["totals"]["findings"]
    return (
        f'<section id="findings"><h2>Findings</h2><p class="muted" id="findings-note">'
        f"All {total:,} findings are in this page; the list draws the rows in view. "
        "Filter by rule, cause, kind of page, folder or text above; the address keeps "
        "the filters, so a link opens the report filtered.</p>"
        '<div id="findings-list" tabindex="0"><div id="findings-rows"></div>'
        '<p id="findings-empty" hidden></p></div>'
        '<noscript><p class="note">The findings list needs JavaScript; '
        "<code>--output-format jsonl</code> writes them one a line.</p></noscript>"
        "</section>\n"
    )


def _rule_docs(report: dict[str, Any], rules: dict[str, type[Rule[Any]]]) -> str:
    docs = "".join(
        f'<details class="rule" id="rule-doc-{escape(rule["code"])}"><summary>'
        f"{escape(rule['code'])} {escape(rule['name'])}: {escape(rule['summary'])}</summary>"
        f'<div class="doc">{_rendered(rules[rule["code"]].documentation())}</div></details>'
        for rule in report["rules"]
        if rule["code"] in rules
    )
    return f'<section id="rule-docs"><h2>Rules</h2>{docs}</section>\n'


def _rendered(markdown: str) -> str:
    return str(_markdown(markdown))


def message_spans(message: str) -> list[tuple[int, int]]:
    """Where a message quotes a name: (start, end) of each pair of single
    backticks, the backticks included. A message is plain text, not Markdown:
    as in a CommonMark code span opened by one backtick, it closes at the next
    run of exactly one (longer runs inside are its text); a longer run opens
    nothing, for it is a fence the message shows (DL102's ``` and ````), and
    a last single backtick with no partner is text."""
    singles = [m.start() for m in _BACKTICKS.finditer(message) if m.end() - m.start() == 1]
    return [(singles[k], singles[k + 1] + 1) for k in range(0, len(singles) - 1, 2)]


_BACKTICKS = compiled_on_use("`+")


def message_html(message: str) -> str:
    """A message as HTML, every character shown as written: each `quoted`
    name in <code>, its backticks dimmed, as the page's script draws the
    findings' messages."""
    shown, at = [], 0
    for start, end in message_spans(message):
        name = escape(message[start + 1 : end - 1])
        shown += [
            escape(message[at:start]),
            f'<code><i class="tick">`</i>{name}<i class="tick">`</i></code>',
        ]
        at = end
    shown.append(escape(message[at:]))
    return "".join(shown)


def _severity_label(severity: str, count: int) -> str:
    """`error` -> "errors": a card reads "35,295 errors"."""
    if severity == "info":
        return "info findings" if count != 1 else "info finding"
    return severity + ("s" if count != 1 else "")


def _fragment(value: str) -> str:
    """`value` as one parameter of the address's fragment, inside an attribute."""
    return escape(quote(value, safe="/"))


def _share(count: int, total: int) -> str:
    if not total:
        return ""
    share = count / total
    return f"{share:.1%}" if share >= 0.001 or not count else "<0.1%"
