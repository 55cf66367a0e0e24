"""The real slice of a generated PyTorch tree, checked against its listing.

Findings sampled below were verified by reading the files.
"""

from __future__ import annotations

import pytest

VERIFIED = [
    # verbatim files
    ("docs/test/distributed/tensor/test_placement_types.py_kw.md", 14, "DL101"),
    ("docs/test/distributed/tensor/test_placement_types.py_kw.md", 17, "DL201"),  # `in`
    ("docs/test/distributed/tensor/test_placement_types.py_kw.md", 18, "DL201"),  # `is`
    ("docs/test/distributed/tensor/test_placement_types.py_kw.md", 19, "DL201"),  # `should`
    ("docs/test/distributed/tensor/test_api.py_kw.md", 14, "DL101"),
    ("docs/test/distributed/tensor/README.md_docs.md", 91, "DL301"),  # python README.md
    # the docs of a keyword index, as in seed 000
    ("docs/docs/test/distributed/tensor/test_dtensor_compile.py_kw.md_docs.md", 30, "DL101"),
    ("docs/docs/test/distributed/tensor/test_dtensor_compile.py_kw.md_docs.md", 40, "DL201"),
    ("docs/docs/test/distributed/tensor/test_dtensor_compile.py_kw.md_docs.md", 241, "DL301"),
    # the ``` at line 44 closes the outer ```markdown block early, so the embedded
    # page's Related Files links become live, and point nowhere from docs/docs/
    ("docs/docs/test/distributed/tensor/README.md_docs.md_docs.md", 121, "DL401"),
]

SILENT = [
    # a keyword index whose class list holds only real classes
    ("docs/test/distributed/tensor/test_api.py_kw.md", "DL201"),
    # a complete verbatim folder index of a folder the listing covers fully
    ("docs/test/distributed/tensor/index.md", "DL401"),
    ("docs/test/distributed/tensor/index.md", "DL101"),
]


def _at(report, path):
    return [d for d in report.diagnostics if d.path.endswith(path)]


def test_no_crash_on_any_file(real_report):
    assert real_report.files_checked == 209
    assert not [d for d in real_report.diagnostics if d.code == "DL001"]


@pytest.mark.parametrize(("path", "line", "code"), VERIFIED)
def test_hand_verified_findings(real_report, path, line, code):
    assert (line, code) in {(d.line, d.code) for d in _at(real_report, path)}


@pytest.mark.parametrize(("path", "code"), SILENT)
def test_hand_verified_silence(real_report, path, code):
    assert not [d for d in _at(real_report, path) if d.code == code]


def test_every_class_heading_of_the_slice_is_reported(real_report):
    headings = [d for d in real_report.diagnostics if d.code == "DL101"]
    assert len(headings) == 78
    assert all("did you mean `### Classes`?" in d.message for d in headings)
