"""RepoAgent's hierarchy record (`.project_doc_record/project_hierarchy.json`)
on small hand-made trees: it makes a tree RepoAgent's with no heading to
recognise, its claims are checked against the source (missing-object), and a
record that cannot be used is one escaped line on one page, never a traceback."""

from __future__ import annotations

import json
import os
import shutil

import pytest
from doclint_rules.objects import _hierarchy

from doclint import Settings, check_paths
from doclint.profiles import parse_profile
from tests.checking import run_cli
from tests.conftest import PROJECT
from tests.pages import write

RECORD = ".project_doc_record/project_hierarchy.json"

SOURCE = """\
class Store:
    def get(self, key):
        return key


def fetch(url):
    return Store().get(url)
"""

PAGE = """\
## ClassDef Store
**Store**: A store.
### FunctionDef get(self, key)
**get**: Reads a key.
## FunctionDef fetch(url)
**fetch**: Fetches.
"""


def entry(name: str, kind: str, start: int, end: int) -> dict[str, object]:
    """An object as RepoAgent records it (the fields a check reads, and some it does not)."""
    return {
        "name": name,
        "type": kind,
        "md_content": [],
        "code_start_line": start,
        "code_end_line": end,
        "params": [],
        "have_return": True,
        "item_status": "doc_up_to_date",
    }


GOOD = {
    "pkg/store.py": [
        entry("Store", "ClassDef", 1, 3),
        entry("get", "FunctionDef", 2, 3),
        entry("fetch", "FunctionDef", 6, 7),
    ]
}


def check(tmp_path, monkeypatch, capsys, record: str | None, pages: dict[str, str] | None = None):
    """(path, line, cause, message) of DL701 and DL706 on the tree, with the
    record's text (None: no record)."""
    files = {"pkg/store.py": SOURCE, "markdown_docs/pkg/store.md": PAGE, **(pages or {})}
    if record is not None:
        files[RECORD] = record
    write(tmp_path, files)
    out = run_cli(
        monkeypatch,
        capsys,
        tmp_path,
        "check",
        "--no-cache",
        "--select",
        "DL701,DL706",
        "--output-format",
        "json",
        ".",
    )
    assert "Traceback" not in out.err
    return [
        (row["path"], row["line"], row["cause"]["id"], row["message"])
        for row in json.loads(out.out)
    ]


def test_a_record_that_matches_the_source_claims_nothing_wrong(tmp_path, monkeypatch, capsys):
    # A variable is recorded with a type of its own: no class or function to find.
    record = {"pkg/store.py": [*GOOD["pkg/store.py"], entry("LIMIT", "_global_var", 9, 9)]}
    assert check(tmp_path, monkeypatch, capsys, json.dumps(record)) == []


def test_a_recorded_object_the_source_lacks(tmp_path, monkeypatch, capsys):
    record = {
        "pkg/store.py": [
            *GOOD["pkg/store.py"],
            entry("flush", "FunctionDef", 9, 12),  # not headed, not defined
            entry("Store", "FunctionDef", 1, 3),  # the class recorded as a function
        ]
    }
    found = check(tmp_path, monkeypatch, capsys, json.dumps(record))
    assert [(line, cause) for _, line, cause, _ in found] == [
        (1, "missing-object/recorded"),
        (1, "missing-object/recorded"),
    ]
    assert [message.split(" records ")[1] for *_, message in found] == [
        "function `Store`, which `pkg/store.py` does not define",
        "function `flush`, which `pkg/store.py` does not define",
    ]


def test_a_stale_recorded_range_is_not_the_pages_missing_object(tmp_path, monkeypatch, capsys):
    # The page heads `fetch` and the source defines it; only the record's
    # range is stale (the source has 7 lines): no object is missing.
    record = {"pkg/store.py": [*GOOD["pkg/store.py"][:2], entry("fetch", "FunctionDef", 6, 40)]}
    assert check(tmp_path, monkeypatch, capsys, json.dumps(record)) == []
    # Near miss: the record's object the source lacks is still its finding.
    record["pkg/store.py"].append(entry("flush", "FunctionDef", 41, 44))
    found = check(tmp_path, monkeypatch, capsys, json.dumps(record))
    assert [(line, cause) for _, line, cause, _ in found] == [(1, "missing-object/recorded")]


def test_a_recorded_object_the_page_heads_is_reported_once_at_its_heading(
    tmp_path, monkeypatch, capsys
):
    record = {"pkg/store.py": [*GOOD["pkg/store.py"], entry("gone", "FunctionDef", 6, 7)]}
    page = PAGE + "## FunctionDef gone(url)\n**gone**: Gone.\n"
    found = check(
        tmp_path, monkeypatch, capsys, json.dumps(record), {"markdown_docs/pkg/store.md": page}
    )
    assert [(line, cause) for _, line, cause, _ in found] == [(7, "missing-object/not-defined")]


def test_the_record_makes_a_page_without_object_headings_repoagents(tmp_path, monkeypatch, capsys):
    # A page RepoAgent left before writing any object: no heading to recognise it by.
    pages = {
        "markdown_docs/pkg/empty.md": "Doc is waiting to be generated...\n",
        "pkg/empty.py": "",
    }
    assert check(tmp_path, monkeypatch, capsys, None, pages) == []
    found = check(tmp_path, monkeypatch, capsys, json.dumps(GOOD), pages)
    assert [(path, line, cause) for path, line, cause, _ in found] == [
        ("markdown_docs/pkg/empty.md", 1, "ungenerated-doc/placeholder")
    ]


@pytest.mark.parametrize(
    ("record", "problem"),
    [
        ("{not json", "not JSON (line 1)"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply to read"),
        ("[1, 2]", "not an object of sources"),
        (json.dumps({"a\nb.py": 3}), "the objects of `a\\nb.py` are not a list"),
        (json.dumps({"pkg/store.py": [{"name": "x"}]}), "lacks name, type or lines"),
        (json.dumps({"pkg/store.py": [entry("x", "FunctionDef", True, 2)]}), "lacks name"),
    ],
)
def test_a_record_that_cannot_be_used_is_one_line_on_the_first_page(
    tmp_path, monkeypatch, capsys, record, problem
):
    other = {"markdown_docs/pkg/zeta.md": PAGE, "pkg/zeta.py": SOURCE}
    found = check(tmp_path, monkeypatch, capsys, record, other)
    assert len(found) == 1
    path, line, cause, message = found[0]
    assert (path, line, cause) == ("markdown_docs/pkg/store.md", 1, "missing-object/bad-record")
    assert message.startswith(f"`{RECORD}` claims nothing: ")
    assert problem in message
    assert "\n" not in message


def test_a_huge_record_is_not_read(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(_hierarchy, "RECORD_LIMIT", 1024 * 1024)
    record = json.dumps({"pkg/store.py": [entry("x", "FunctionDef", 1, 2)] * 10_000})
    assert len(record) > _hierarchy.RECORD_LIMIT
    found = check(tmp_path, monkeypatch, capsys, record)
    assert [message.split(": ", 1)[1] for *_, message in found] == ["over 1 MiB, not read"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_record_that_is_a_fifo_is_not_opened(tmp_path, monkeypatch, capsys):
    (tmp_path / ".project_doc_record").mkdir()
    os.mkfifo(tmp_path / RECORD)
    found = check(tmp_path, monkeypatch, capsys, None)
    assert [(cause, message.split(": ", 1)[1]) for _, _, cause, message in found] == [
        ("missing-object/bad-record", "cannot be read")
    ]


def test_a_users_profile_names_its_own_hierarchy_record(tmp_path):
    # The record is a layout field of any profile, not RepoAgent's alone:
    # tinydoc (the walk-through's generator) given one gets its claims checked.
    tinydoc = (PROJECT / "examples" / "profile" / "tinydoc.toml").read_text(encoding="utf-8")
    text = tinydoc.replace(
        'source = "{path}.py"\n', 'source = "{path}.py"\nhierarchy = "index.json"\n'
    )
    profile = parse_profile(text, "tinydoc-with-record.toml")
    assert profile.layout.hierarchy == "index.json"
    shutil.copytree(PROJECT / "examples" / "profile" / "good", tmp_path, dirs_exist_ok=True)
    record = {"shapes.py": [entry("Square", "ClassDef", 4, 9), entry("Circle", "ClassDef", 20, 30)]}
    (tmp_path / "index.json").write_text(json.dumps(record), encoding="utf-8")
    settings = Settings(root=tmp_path, profiles=(profile,), select=["DL701"])
    report = check_paths([tmp_path / "reference"], settings)
    assert [(d.line, d.cause.id if d.cause else "") for d in report.diagnostics] == [
        (1, "missing-object/recorded")
    ]
    assert "class `Circle`" in report.diagnostics[0].message


def test_a_record_written_on_windows_names_its_sources_with_backslashes(
    tmp_path, monkeypatch, capsys
):
    record = {"pkg\\store.py": [*GOOD["pkg/store.py"], entry("flush", "FunctionDef", 9, 12)]}
    found = check(tmp_path, monkeypatch, capsys, json.dumps(record))
    assert [(line, cause) for _, line, cause, _ in found] == [(1, "missing-object/recorded")]
    # Near miss: the same record with every object defined claims nothing wrong.
    record = {"pkg\\store.py": GOOD["pkg/store.py"]}
    assert check(tmp_path, monkeypatch, capsys, json.dumps(record)) == []
