"""RepoAgent's first releases (`repoagent-2023`) on XAgent's own pages
(`tests/repoagent2023_xagent/`, PROVENANCE.md): the pages are read by that
profile with no configuration, and what it reports is what the pages get wrong.
"""

from __future__ import annotations

from pathlib import Path

from doclint import Settings, check_paths
from tests.checking import run_cli

TREE = Path(__file__).resolve().parent / "repoagent2023_xagent"
DOCS = "Markdown_Docs/XAgent"


def findings() -> list[tuple[str, int, str]]:
    listing = (TREE / "LISTING.txt").read_text(encoding="utf-8").split()
    settings = Settings(select=["ALL"], root=TREE, known_paths=listing)
    report = check_paths([TREE / "Markdown_Docs"], settings)
    return sorted(
        (Path(d.path).resolve().relative_to(TREE).as_posix(), d.line, d.code)
        for d in report.diagnostics
    )


def test_xagents_pages_are_read_by_the_first_releases_profile(monkeypatch, capsys):
    page = f"{DOCS}/utils.md"
    explained = run_cli(monkeypatch, capsys, TREE, "check", "--explain", page)
    assert explained.out.splitlines()[0] == (
        f"{page}: read as repoagent-2023's object page of `XAgent/utils.py`: in its layout "
        "(Markdown_Docs/<path>.md documents <path>.py), with its object heading "
        "`# FunctionDef get_token_nums`"
    )


def test_what_xagents_pages_get_wrong():
    assert findings() == [
        # The record keeps a module's objects by name: of the methods two
        # classes share a name of, one has a heading.
        (f"{DOCS}/agent/dispatcher.md", 1, "DL704"),  # AgentDispatcher.__init__
        (f"{DOCS}/agent/dispatcher.md", 1, "DL704"),  # AgentDispatcher.dispatch
        (f"{DOCS}/agent/dispatcher.md", 1, "DL704"),  # AutomaticAgentDispatcher.__init__
        (f"{DOCS}/agent/dispatcher.md", 1, "DL704"),  # AutomaticAgentDispatcher.dispatch
        # Two functions nested in ToolAgent.parse headed as the module's, and
        # the method after them headed under the second.
        (f"{DOCS}/agent/tool_agent/agent.md", 1, "DL704"),  # ToolAgent.message_to_tool_node
        (f"{DOCS}/agent/tool_agent/agent.md", 88, "DL701"),  # change_tool_call_description
        (f"{DOCS}/agent/tool_agent/agent.md", 97, "DL701"),  # validate
        (f"{DOCS}/agent/tool_agent/agent.md", 105, "DL701"),  # validate.message_to_tool_node
        (f"{DOCS}/summarization_system.md", 1, "DL704"),  # SummarizationNode.__init__
    ]
    # Near misses on the same pages: headings with no parameter list claim
    # none (no DL702); "**clip_text函数**: clip_text函数的功能是" opens clip_text's
    # own section (no DL711); an output example's value ends no sentence (no
    # DL707); "可以使用`query`函数" is the reader's use (no DL710).
