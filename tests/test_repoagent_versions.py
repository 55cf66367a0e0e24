"""RepoAgent's earlier versions, each read by a shipped profile of its own
with no configuration: its first releases (`repoagent-2023`) on XAgent's
pages (`tests/repoagent2023_xagent/`), and January 2024's
(`repoagent-2024-01`) on RepoAgent's own (`tests/repoagent2024_01/`); each
tree's PROVENANCE.md says where it comes from. What they report is what the
pages get wrong.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from doclint import Settings, check_paths
from tests.checking import run_cli

HERE = Path(__file__).resolve().parent
XAGENT = HERE / "repoagent2023_xagent"
JANUARY = HERE / "repoagent2024_01"
X = "Markdown_Docs/XAgent"
J = "Markdown_Docs/repo_agent"


def findings(tree: Path) -> list[tuple[str, int, str]]:
    listing = (tree / "LISTING.txt").read_text(encoding="utf-8").split()
    settings = Settings(select=["ALL"], root=tree, known_paths=listing)
    report = check_paths([tree / "Markdown_Docs"], settings)
    return sorted(
        (Path(d.path).resolve().relative_to(tree).as_posix(), d.line, d.code)
        for d in report.diagnostics
    )


@pytest.mark.parametrize(
    ("tree", "page", "reading"),
    [
        (
            XAGENT,
            f"{X}/utils.md",
            "repoagent-2023's object page of `XAgent/utils.py`: in its layout "
            "(Markdown_Docs/<path>.md documents <path>.py), with its object heading "
            "`# FunctionDef get_token_nums`",
        ),
        (
            JANUARY,
            f"{J}/multi_task_dispatch.md",
            "repoagent-2024-01's object page of `repo_agent/multi_task_dispatch.py`: in its "
            "layout (Markdown_Docs/<path>.md documents <path>.py), with its object heading "
            "`## _class Task`",
        ),
    ],
    ids=["2023", "2024-01"],
)
def test_each_versions_pages_are_read_by_its_profile(monkeypatch, capsys, tree, page, reading):
    explained = run_cli(monkeypatch, capsys, tree, "check", "--explain", page)
    assert explained.out.splitlines()[0] == f"{page}: read as {reading}"


def test_what_xagents_pages_get_wrong():
    assert findings(XAGENT) == [
        # The record keeps a module's objects by name: of the methods two
        # classes share a name of, one has a heading.
        (f"{X}/agent/dispatcher.md", 1, "DL704"),  # AgentDispatcher.__init__
        (f"{X}/agent/dispatcher.md", 1, "DL704"),  # AgentDispatcher.dispatch
        (f"{X}/agent/dispatcher.md", 1, "DL704"),  # AutomaticAgentDispatcher.__init__
        (f"{X}/agent/dispatcher.md", 1, "DL704"),  # AutomaticAgentDispatcher.dispatch
        # Two functions nested in ToolAgent.parse headed as the module's, and
        # the method after them headed under the second (once: its heading is there).
        (f"{X}/agent/tool_agent/agent.md", 88, "DL701"),  # change_tool_call_description
        (f"{X}/agent/tool_agent/agent.md", 97, "DL701"),  # validate
        (f"{X}/agent/tool_agent/agent.md", 105, "DL701"),  # validate.message_to_tool_node
        (f"{X}/summarization_system.md", 1, "DL704"),  # SummarizationNode.__init__
    ]
    # Near misses on the same pages: headings with no parameter list claim
    # none (no DL702); "**clip_text函数**: clip_text函数的功能是" opens clip_text's
    # own section (no DL711); an output example's value ends no sentence (no
    # DL707); "可以使用`query`函数" is the reader's use (no DL710); the attributes
    # of SummarizationTrieTree's section under SummarizationNode's heading are
    # SummarizationTrieTree's (no DL703).


def test_what_repoagents_january_pages_get_wrong():
    assert findings(JANUARY) == [
        # Nested functions the code gained after the pages were written.
        (f"{J}/doc_meta_info.md", 1, "DL704"),  # MetaInfo._map.travel
        (f"{J}/doc_meta_info.md", 1, "DL704"),  # MetaInfo.parse_reference.walk_file
        # The record keeps a module's objects by name: TaskManager's __init__ only.
        (f"{J}/multi_task_dispatch.md", 1, "DL704"),  # Task.__init__
    ]
    # Near misses: every heading's parameter list is the code's (no DL702),
    # and DocItem's attributes listed under MetaInfo's heading, in a section
    # opened by "**DocItem**: DocItem的功能是", are DocItem's (no DL703).


def test_the_first_releases_refreshed_headings_with_a_list_and_a_colon(tmp_path):
    # `# ClassDef Store:`, `## FunctionDef get(self, key):`: the list claims nothing.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "store.py").write_text(
        "class Store:\n    def get(self, key, default):\n        pass\n", encoding="utf-8"
    )
    page = tmp_path / "Markdown_Docs" / "pkg" / "store.md"
    page.parent.mkdir(parents=True)
    text = (
        "# ClassDef Store:\n**Store**: A store.\n## FunctionDef get(self, key):\n**get**: Gets.\n"
    )
    page.write_text(text, encoding="utf-8")
    report = check_paths([page], Settings(select=["DL7"], root=tmp_path))
    assert report.diagnostics == []
    page.write_text(text.replace("FunctionDef get", "FunctionDef put"), encoding="utf-8")
    report = check_paths([page], Settings(select=["DL7"], root=tmp_path))
    assert [(d.line, d.code) for d in report.diagnostics] == [(1, "DL704"), (3, "DL701")]
