"""For CI test reports (Jenkins, GitLab, Azure): JUnit XML, one test case a file.

A file with findings is a failed test case whose failure lists them; a clean
file is a passed one, so the report counts what was checked.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from itertools import groupby
from pathlib import Path

from doclint.output.run_output import RunOutput, unread_note
from doclint.output.text import headline
from doclint.util.lazy_regex import compiled_on_use
from doclint.util.paths import display_path, printable

# Characters XML 1.0 cannot hold, even escaped.
_NOT_XML = compiled_on_use("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def as_junit(output: RunOutput) -> Iterator[str]:
    cwd = Path.cwd()
    failed = {path: list(rows) for path, rows in groupby(output.diagnostics, key=lambda d: d.path)}
    # As the findings' paths are shown (output/shown.py): escaped.
    shown = {printable(display_path(file, cwd)) for file in output.files}
    paths = sorted(shown | failed.keys())
    suites = ET.Element("testsuites", name="doclint")
    suite = ET.SubElement(suites, "testsuite", name="doclint")
    unread = unread_note(output)
    if unread:
        properties = ET.SubElement(suite, "properties")
        ET.SubElement(properties, "property", name="doclint.unread-pages", value=_clean(unread))
    for path in paths:
        case = ET.SubElement(
            suite, "testcase", name=_clean(path), classname="doclint", file=_clean(path)
        )
        rows = failed.get(path)
        if rows:
            count = len(rows)
            failure = ET.SubElement(
                case,
                "failure",
                message=f"{count} problem{'s' if count != 1 else ''}",
                type="doclint",
            )
            failure.text = _clean("\n".join(headline(d) for d in rows))
    counts = {"tests": str(len(paths)), "failures": str(len(failed)), "errors": "0"}
    for element in (suites, suite):
        element.attrib.update(counts)
    suite.set("skipped", "0")
    ET.indent(suites)
    yield '<?xml version="1.0" encoding="UTF-8"?>\n'
    yield ET.tostring(suites, encoding="unicode") + "\n"


def _clean(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)
