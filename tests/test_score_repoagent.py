"""bench/score_repoagent.py pairs doclint's findings with labels made by reading a RepoAgent tree.

Line-bound kinds pair on (path, line); an undocumented object pairs on its page and its name
in the message, an undocumented module on its source or would-be page, any line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import PROJECT, bench_module

CODES = {"missing-object": "DL9A", "undocumented-object": "DL9B", "undocumented-module": "DL9C"}


def _module():
    return bench_module("score_repoagent")


def _labels(score):
    label = score.Label
    return [
        label("markdown_docs/repo_agent/settings.md", 85, "missing-object", "no MaxInputTokens"),
        label("markdown_docs/repo_agent/settings.md", 1, "undocumented-object", "Manager.init_x"),
        label("repo_agent/chat_with_repo/rag.py", 1, "undocumented-module", "no page"),
    ]


def _match(findings):
    score = _module()
    return score.match(_labels(score), findings, CODES)


PAGE = "markdown_docs/repo_agent/settings.md"


def test_findings_pair_with_the_labels_they_are_evidence_of():

    result = _match(
        [
            {"code": "DL9A", "path": PAGE, "line": 85, "message": "no class MaxInputTokens"},
            {"code": "DL9B", "path": PAGE, "line": 244, "message": "`init_x` has no heading"},
            {"code": "DL9C", "path": "markdown_docs/repo_agent/chat_with_repo/rag.md", "line": 1},
        ]
    )
    assert result.matched == {
        "missing-object": 1,
        "undocumented-object": 1,
        "undocumented-module": 1,
    }
    assert result.missed == [] and result.extra == []


def test_a_finding_elsewhere_is_a_false_positive_and_leaves_its_label_missed():

    result = _match(
        [
            {"code": "DL9A", "path": PAGE, "line": 86, "message": "no class MaxInputTokens"},
            # Another object's name: the near-miss `init` is not `init_x`.
            {"code": "DL9B", "path": PAGE, "line": 1, "message": "`init` has no heading"},
            {"code": "DL1", "name": "broken-fence", "path": PAGE, "line": 3},
        ]
    )
    assert [finding["line"] for finding in result.extra] == [86, 1]
    assert len(result.missed) == 3
    assert result.unscored == {"DL1 broken-fence": 1}


def test_the_committed_labels_read_as_labels():
    score = _module()
    labels = score.read_labels(PROJECT / "tests" / "labels" / "repoagent_findings.tsv")
    assert len(labels) == 40
    assert {label.kind for label in labels} <= set(score.CODE_OF_KIND)


def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, capsys, monkeypatch):
    score = _module()
    monkeypatch.setattr(score, "CODE_OF_KIND", {**score.CODE_OF_KIND, **CODES})
    labels = tmp_path / "labels.tsv"
    labels.write_text("path\tline\tkind\tnote\nx.md\tone\tplaceholder\tn\n", encoding="utf-8")
    assert score.main([str(tmp_path), str(labels)]) == 2
    assert capsys.readouterr().err.strip().endswith("no markdown_docs/ folder")
    (tmp_path / "markdown_docs").mkdir()
    assert score.main([str(tmp_path), str(labels)]) == 2
    error = capsys.readouterr().err.strip()
    assert error == f"score_repoagent: {labels}:2: not a path/line/kind/note row"


@pytest.mark.parametrize("name", ["Class.method", "method"])
def test_an_object_is_named_by_its_dotted_name_or_its_last_part(name):
    score = _module()
    assert score.names_object(f"`{name}` has no heading", "Class.method")
    assert not score.names_object(f"`{name}_other` has no heading", "Class.method")


@pytest.mark.parametrize(
    "stem",
    [
        "repoagent",
        "heldout/fooocus",
        "heldout/chatchat",
        "heldout/fooocus2",
        "heldout/fooocus3",
        "heldout/chatchat2",
        "heldout/fooocus4",
        "heldout/chatchat3",
    ],
    ids=lambda stem: stem,
)
def test_every_label_is_on_a_labelled_page_sorted_and_of_a_known_kind(stem):
    score = _module()
    labels = score.read_labels(PROJECT / "tests" / "labels" / f"{stem}_findings.tsv")
    pages = set((PROJECT / "tests" / "labels" / f"{stem}_files.txt").read_text().split())
    assert labels == sorted(labels, key=lambda label: (label.path, label.line))
    for label in labels:
        page = score.page_of(label.path) if label.kind == score.MODULE_KIND else label.path
        assert (page in pages) != (label.kind == score.MODULE_KIND), label


def test_a_sample_tree_is_checked_with_its_listing_as_the_known_paths(tmp_path: Path):
    # `load` may be in pkg/runner.py, which the sample's listing names and the
    # tree does not hold: unjudged with the listing, undefined without it.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "store.py").write_text("def get():\n    pass\n", encoding="utf-8")
    (tmp_path / "markdown_docs" / "pkg").mkdir(parents=True)
    page = "## FunctionDef get\n**get**: Gets.\n\nIt is called by the load function.\n"
    (tmp_path / "markdown_docs" / "pkg" / "store.md").write_text(page, encoding="utf-8")
    score = _module()
    callers = [f["line"] for f in score.run_doclint(None, tmp_path) if f["code"] == "DL705"]
    assert callers == [4]
    listing = "pkg/store.py\npkg/runner.py\nmarkdown_docs/pkg/store.md\n"
    (tmp_path / score.LISTING).write_text(listing, encoding="utf-8")
    assert [f for f in score.run_doclint(None, tmp_path) if f["code"] == "DL705"] == []
