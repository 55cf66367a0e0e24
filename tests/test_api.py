"""The Python API: check_paths, check_text, parse; reports round-trip through JSON."""

from __future__ import annotations

import doclint
from tests.conftest import SEEDS, require_shared
from tests.pages import keyword_index, write


def test_check_paths_returns_a_sorted_report(tmp_path):
    write(
        tmp_path,
        {"docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["def"]), "pkg/mod.py": "x = 1\n"},
    )
    settings = doclint.Settings(root=tmp_path, ignore=["broken-link"])
    report = doclint.check_paths([tmp_path / "docs"], settings)
    assert report.files_checked == 1
    assert [d.code for d in report.diagnostics] == ["DL101", "DL201"]
    assert report.counts() == {"DL101": 1, "DL201": 1}


def test_report_round_trips_through_json():
    require_shared()
    report = doclint.check_paths(sorted(SEEDS.glob("*.txt")))
    again = doclint.Report.model_validate_json(report.model_dump_json())
    assert again == report and again.diagnostics


def test_check_text_and_parse():
    text = keyword_index("pkg/mod.py", ["Thing", "is"])
    report = doclint.check_text(
        text, path="docs/pkg/mod.py_kw.md", settings=doclint.Settings(select=["DL1", "DL2"])
    )
    assert [(d.line, d.name) for d in report.diagnostics] == [
        (14, "unknown-heading"),
        (17, "keyword-as-class"),
    ]
    page = doclint.parse(text, path="docs/pkg/mod.py_kw.md")
    assert page.kind is doclint.DocKind.KEYWORD_INDEX
    assert page.described == "pkg/mod.py"
    assert [entry.name for entry in page.categories[0].entries] == ["Thing", "is"]
    assert doclint.parse("plain *text*\n").kind is doclint.DocKind.MARKDOWN
