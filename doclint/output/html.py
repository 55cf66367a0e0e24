"""For people triaging a tree: `html`, one self-contained page.

Totals, findings per rule and severity, a chart and a collapsible tree of the
folders, the worst files, the causes (findings grouped by the generator
behaviour behind them, doclint/output/causes.py), and the findings themselves with
their lines, filtered in the page by rule, folder and text. Nothing is fetched:
style, script and data are in the file. Tables and the chart are written here,
so they read without the script; the script draws what the filters change.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from html import escape
from typing import Any

from doclint import __version__
from doclint.output.html_assets import SCRIPT, STYLE
from doclint.output.html_data import ReportData, parent_folder
from doclint.output.run_output import RunOutput
from doclint.rule_api import Rule

PALETTE = (
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
    "#9c755f", "#bab0ac", "#1f77b4", "#aec7e8", "#ff7f0e", "#2ca02c", "#98df8a", "#d62728",
    "#9467bd", "#c5b0d5", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#393b79",
)  # fmt: skip
CHART_BARS = 20
SHOWN_CAUSES = 200


def as_html(output: RunOutput) -> Iterator[str]:
    rules = {rule.code: rule for rule in output.rules}
    data = ReportData(rules, output.sources).add_all(output.diagnostics)
    report = data.as_json(output.files_checked)
    for position, rule in enumerate(report["rules"]):
        rule["color"] = PALETTE[position % len(PALETTE)]
    yield _page(report, rules)


def _page(report: dict[str, Any], rules: dict[str, type[Rule]]) -> str:
    totals = report["totals"]
    # The data block is JSON read by the script: no `<` may close the element.
    payload = json.dumps(report, separators=(",", ":")).replace("<", "\\u003c")
    title = f"doclint report: {totals['findings']:,} findings in {totals['files_checked']:,} files"
    return "".join(
        [
            '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n',
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
            f"<title>{escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
            f"<header><h1>doclint report</h1><p>doclint {escape(__version__)}</p></header>\n",
            "<main>\n",
            _totals(report),
            _filters(report),
            _causes(report),
            _chart(report),
            _tree_section(),
            _worst(report),
            _findings(report),
            _rule_docs(report, rules),
            "</main>\n",
            f'<script type="application/json" id="report-data">{payload}</script>\n',
            f"<script>{SCRIPT}</script>\n</body>\n</html>\n",
        ]
    )


def _totals(report: dict[str, Any]) -> str:
    totals = report["totals"]
    cards = [
        (totals["files_checked"], "files checked"),
        (totals["files_with_findings"], "files with findings"),
        (totals["findings"], "findings"),
        (totals["fixable"], "of rules with a fix (--fix)"),
        *((count, severity) for severity, count in totals["by_severity"].items()),
    ]
    shown = "".join(
        f'<div class="card" data-total="{escape(label)}"><b>{count:,}</b>'
        f"<span>{escape(label)}</span></div>"
        for count, label in cards
    )
    rows = "".join(
        f'<tr><td><span class="swatch" '
        f'style="background:{rule["color"]}"></span><a href="#rule={rule["code"]}">'
        f"{rule['code']}</a></td><td>{escape(rule['name'])}</td>"
        f"<td>{escape(rule['severity'])}</td><td>{escape(rule['fix'])}</td>"
        f'<td class="n" data-count="{rule["code"]}">{rule["count"]:,}</td>'
        f'<td class="n">{_share(rule["count"], totals["findings"])}</td>'
        f'<td><a href="#rule-doc-{rule["code"]}">documentation</a></td></tr>'
        for rule in report["rules"]
    )
    return (
        f'<section id="totals"><h2>Totals</h2><div class="cards">{shown}</div>\n'
        '<table id="rules"><thead><tr><th>Rule</th><th>Name</th><th>Severity</th><th>Fix</th>'
        f'<th class="n">Findings</th><th class="n">Share</th><th></th></tr></thead>'
        f"<tbody>{rows}</tbody></table></section>\n"
    )


def _filters(report: dict[str, Any]) -> str:
    options = "".join(
        f'<option value="{rule["code"]}">{rule["code"]} {escape(rule["name"])} '
        f"({rule['count']:,})</option>"
        for rule in report["rules"]
    )
    return (
        '<div id="filters"><label>Rule <select id="f-rule"><option value="">all rules</option>'
        f"{options}</select></label>"
        '<label>Folder <input id="f-folder" type="text" placeholder="docs/some/folder"></label>'
        '<label>Text <input id="f-text" type="search" placeholder="word in message or path">'
        '</label><button id="f-clear" type="button">Clear filters</button></div>\n'
    )


def _chart(report: dict[str, Any]) -> str:
    """Stacked bars per rule for the biggest folders, one level below the
    deepest folder that holds every finding."""
    folders = {path: (count, rules) for path, count, rules in report["folders"]}
    top = _chart_level(folders)
    children = sorted(
        (path for path in folders if path != top and parent_folder(path) == top),
        key=lambda path: (-folders[path][0], path),
    )[:CHART_BARS]
    if not children:
        return ""
    colors = {rule["code"]: rule["color"] for rule in report["rules"]}
    biggest, label_width, bar_width, height = folders[children[0]][0], 260, 560, 22
    bars = []
    for row, path in enumerate(children):
        count, rules = folders[path]
        y, x = row * height, label_width
        segments = []
        for code, n in rules.items():
            width = bar_width * n / biggest
            segments.append(
                f'<rect x="{x:.1f}" y="{y + 3}" width="{width:.1f}" height="{height - 6}" '
                f'fill="{colors.get(code, "#888")}"><title>{escape(path)}: {code} {n:,}'
                "</title></rect>"
            )
            x += width
        name = path.rsplit("/", 1)[-1] or path
        bars.append(
            f'<a href="#folder={escape(path)}"><text x="{label_width - 8}" y="{y + 15}" '
            f'text-anchor="end">{escape(name[:36])}</text>{"".join(segments)}'
            f'<text x="{x + 6:.1f}" y="{y + 15}">{count:,}</text></a>'
        )
    svg_height = height * len(children)
    return (
        f'<section id="chart"><h2>Findings by folder under {escape(top or "the current folder")}'
        f'</h2><svg role="img" width="{label_width + bar_width + 90}" height="{svg_height}" '
        f'viewBox="0 0 {label_width + bar_width + 90} {svg_height}" '
        f'xmlns="http://www.w3.org/2000/svg">{"".join(bars)}</svg></section>\n'
    )


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


def _causes(report: dict[str, Any]) -> str:
    causes = report["causes"]
    rows = "".join(
        f'<tr data-filter-row data-code="{c["code"]}"><td class="n">{c["count"]:,}</td>'
        f'<td class="n">{_share(c["count"], report["totals"]["findings"])}</td>'
        f'<td class="rule"><a href="#rule={c["code"]}">{c["code"]}</a> '
        f"{escape(c['name'])}</td><td>{escape(c['cause'])}</td>"
        f"<td><code>{escape(c['example']['path'])}:{c['example']['line']}</code><br>"
        f"{escape(c['example']['message'])}</td></tr>"
        for c in causes[:SHOWN_CAUSES]
    )
    more = (
        f'<p class="note">{len(causes) - SHOWN_CAUSES:,} smaller causes are not listed: '
        "see <code>--statistics --output-format json</code>.</p>"
        if len(causes) > SHOWN_CAUSES
        else ""
    )
    return (
        '<section id="causes"><h2>Causes: what the generator does wrong, biggest first</h2>'
        '<table><thead><tr><th class="n">Findings</th><th class="n">Share</th><th>Rule</th>'
        "<th>Cause</th><th>Example</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>{more}</section>\n"
    )


def _worst(report: dict[str, Any]) -> str:
    rows = "".join(
        f'<tr data-filter-row data-path="{escape(w["path"])}" data-codes="{" ".join(w["rules"])}">'
        f'<td class="n">{w["count"]:,}</td>'
        f'<td><a href="#q={escape(w["path"])}"><code>{escape(w["path"])}</code></a></td><td>'
        + ", ".join(f"{code} {n:,}" for code, n in w["rules"].items())
        + "</td></tr>"
        for w in report["worst"]
    )
    return (
        '<section id="worst"><h2>Worst files</h2><table><thead><tr><th class="n">Findings</th>'
        f"<th>File</th><th>Per rule</th></tr></thead><tbody>{rows}</tbody></table></section>\n"
    )


def _findings(report: dict[str, Any]) -> str:
    total, embedded = report["totals"]["findings"], len(report["findings"])
    note = ""
    if embedded < total:
        note = (
            f'<p class="note" id="left-out">This page holds {embedded:,} of the '
            f"{total:,} findings (at most {report['limit']:,}, a fair share of each rule, the "
            f"first in path order); the counts above include all {total:,}. For every "
            "finding, write them one a line: <code>doclint check … --output-format jsonl "
            "-o findings.jsonl</code>.</p>"
        )
    return (
        f'<section id="findings"><h2>Findings</h2>{note}<p id="findings-count"></p>'
        '<div id="findings-list"></div><button id="more" type="button" hidden>Show more'
        "</button></section>\n"
    )


def _rule_docs(report: dict[str, Any], rules: dict[str, type[Rule]]) -> str:
    docs = "".join(
        f'<details class="rule" id="rule-doc-{rule["code"]}"><summary>{rule["code"]} '
        f"{escape(rule['name'])}: {escape(rule['summary'])}</summary>"
        f"<pre>{escape(rules[rule['code']].documentation())}</pre></details>"
        for rule in report["rules"]
        if rule["code"] in rules
    )
    return f'<section id="rule-docs"><h2>Rules</h2>{docs}</section>\n'


def _share(count: int, total: int) -> str:
    if not total:
        return ""
    share = count / total
    return f"{share:.1%}" if share >= 0.001 or not count else "<0.1%"
