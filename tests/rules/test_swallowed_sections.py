"""A section whose heading a broken output example swallowed, on a real page
(issue 93): Langchain-Chatchat's `ChatGLM3Agent.md` (tests/labelled_repoagent5/,
Apache-2.0, PROVENANCE.md there), the one page with this shape in the RepoAgent
trees we hold.

What a reader sees the author meant, line by line (labelled before the
object rules were changed to read it so):

- 1-19: `StructuredChatOutputParserWithRetries`'s section; its output example
  opens at 20 (```json) and holds a nested fence (22, 27) that closes it early,
  so CommonMark reads 23-26 as prose and opens a block at 27 that runs to 58.
- 29-49: `parse`'s section, heading at 29 inside that block: its parameter
  `text` (33) is `parse`'s, right of it (`parse(self, text)`), and would be
  wrong of the class above; it has no caller sentence.
- 50-65: `parse`'s output examples (50-58, 60-65), code as written.
- 67 on: `_type`, `StructuredGLM3ChatAgent` and their methods, each under its
  own heading, as CommonMark reads them.

Findings a reader expects: one, DL707 at 20, the example's own opening fence.
None of `parse`'s right claims reported against the class. Two other pages,
RepoAgent's own `file_handler.md:383` and `runner.md:108`, hold
heading-looking lines in correctly fenced examples: those blocks are not split
(their findings are held by the RepoAgent corpus test).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from doclint import Settings, check_text
from tests.pages import write

TREE = Path(__file__).resolve().parents[1] / "labelled_repoagent5"
SOURCE_PATH = "server/agent/custom_agent/ChatGLM3Agent.py"
PAGE_PATH = "markdown_docs/server/agent/custom_agent/ChatGLM3Agent.md"
PAGE = (TREE / PAGE_PATH).read_text(encoding="utf-8")
SELECT = ["truncated-page", "broken-fence", "wrong-caller", "unknown-parameter", "wrong-relation"]


def findings(tmp_path: Path, page: str) -> list[tuple[int, str, str]]:
    write(tmp_path, {SOURCE_PATH: (TREE / SOURCE_PATH).read_text(encoding="utf-8")})
    report = check_text(page, path=PAGE_PATH, settings=Settings(select=SELECT, root=tmp_path))
    return [(d.line, d.code, d.message) for d in report.diagnostics]


def edited(old: str, new: str) -> str:
    assert PAGE.count(old) == 1, old
    return PAGE.replace(old, new)


def test_the_real_page_has_one_finding_at_the_example_s_opening_fence(tmp_path):
    # `parse`'s `text` (line 33) is right of `parse`: not reported against
    # the class whose section the runaway block sits in.
    assert [(line, code) for line, code, _ in findings(tmp_path, PAGE)] == [(20, "DL707")]


@pytest.mark.parametrize("kept", [None, 49], ids=["closed-later", "never-closed"])
def test_a_wrong_parameter_in_the_swallowed_section_is_parse_s(tmp_path, kept):
    # Whether the runaway block closes at 58 or, the page cut off in
    # `parse`'s section, never does, the text under the heading is `parse`'s.
    page = edited("- `text`: 需要解析的文本", "- `txt`: 需要解析的文本")
    page = "".join(page.splitlines(keepends=True)[:kept])
    found = findings(tmp_path, page)
    assert [(line, code) for line, code, _ in found] == [(20, "DL707"), (33, "DL703")]
    assert "`StructuredChatOutputParserWithRetries.parse` has no parameter `txt`" in found[1][2]


def test_a_wrong_caller_sentence_in_the_swallowed_section_is_judged_against_parse(tmp_path):
    # A sentence of `parse`'s section, after its heading the block swallowed:
    # judged against `parse` (the message names it), not left unjudged.
    sentence = "\n\n此函数被 `_stop` 调用。\n"
    page = edited("解析的结果会被返回。\n", "解析的结果会被返回。" + sentence)
    found = findings(tmp_path, page)
    assert [(line, code) for line, code, _ in found] == [(20, "DL707"), (44, "DL705")]
    assert found[1][2] == "`_stop` does not call `parse`"


def test_near_miss_a_closed_block_holding_a_heading_line_is_not_split(tmp_path):
    # `_type`'s output example, correctly fenced, shows a page heading and an
    # item under it, as RepoAgent's own `runner.md:108` does: code as written,
    # not a section, and not a truncated page.
    example = '```\n"structured_chat_ChatGLM3_6b_with_retries"\n```'
    shown = "```\n### FunctionDef my_function_name(param1)\n- `txt`: 文本。\n```"
    page = edited(example, shown)
    assert [(line, code) for line, code, _ in findings(tmp_path, page)] == [(20, "DL707")]


def test_near_miss_a_markdown_example_showing_a_real_heading_swallows_nothing(tmp_path):
    # An example its author marked as Markdown shows a heading of an object
    # the source defines (`parse`): the page's heading as an illustration,
    # not one a runaway block swallowed, and its item no claim of `parse`.
    example = '```\n"structured_chat_ChatGLM3_6b_with_retries"\n```'
    shown = "```markdown\n### FunctionDef parse(self, text)\n- `txt`: 文本。\n```"
    page = edited(example, shown)
    assert [(line, code) for line, code, _ in findings(tmp_path, page)] == [(20, "DL707")]
