"""Issue 93's page-structure kinds on RepoAgent pages: where a cut-off fence
is reported (at the fence its author opened, once), what a broken output
example's lines are, sections of objects the project never had however a
model opens them, and text cut off mid-sentence or mid-list."""

from __future__ import annotations

from pathlib import Path

import pytest

from doclint import Settings, check_paths
from tests.rules.test_generator_claims import INVENTED_PAGE, PAGE, check

# `get`'s output example shows a page, its Python fence nested in a
# three-backtick block: the nested block's bare closing fence closes the
# example, the example's own closing fence opens a block that runs to the
# page's end, and the sentence between is the example's, not the page's.
NESTED = """\
**Output Example**:
```markdown
## Usage
```python
store.get("k")
```
This function is called by the open function.
```
"""
GET_EXAMPLE = "**Code Description**: This function is called by the fetch function.\n"
BROKEN = PAGE.replace(GET_EXAMPLE, GET_EXAMPLE + NESTED)
OPENED = PAGE.splitlines().index(GET_EXAMPLE.strip()) + 3  # the example's ```markdown


def checks(tmp_path, page: str, *rules: str) -> list[tuple[int, int, str]]:
    return sorted(found for rule in rules for found in check(tmp_path, page, rule))


def test_a_broken_output_example_is_one_cut_at_the_fence_its_author_opened(tmp_path):
    assert check(tmp_path, BROKEN, "truncated-page") == [(OPENED, 1, "DL707")]
    assert check(tmp_path, BROKEN, "broken-fence") == []


def test_a_sentence_of_a_broken_output_example_is_no_claim_of_the_section(tmp_path):
    # `open` does not call `get`: the sentence is the example's text.
    assert check(tmp_path, BROKEN, "wrong-caller") == []


def test_broken_output_example_near_miss_a_longer_fence_closes_it(tmp_path):
    fenced = BROKEN.replace("```markdown", "````markdown").replace(
        "function.\n```\n", "function.\n````\n"
    )
    assert checks(tmp_path, fenced, "truncated-page", "broken-fence", "wrong-caller") == []


def test_a_block_left_open_after_a_sentence_is_cut_at_its_own_fence(tmp_path):
    # A sentence of the page between two blocks: the second block is a new
    # one, opened (and left open) where it stands.
    example = "**Output Example**:\n```python\nx = 1\n```\nIt is then read again, as below:\n```\n"
    page = PAGE.replace(GET_EXAMPLE, GET_EXAMPLE + example)
    assert check(tmp_path, page, "truncated-page") == [(OPENED + 4, 1, "DL707")]
    assert check(tmp_path, page, "broken-fence") == []


# gpupdate's backend/__init__.md (tests/labelled_repoagent10) ends so: an
# example closed at its fence, then RepoAgent's prompt leaked as "Raw code:```"
# (no fence: the backticks do not start the line), its code, and the bare
# fence meant to close it, which opens a block left open at the page's end.
LEAKED = "**Output Example**:\n```python\nx = 1\n```\nRaw code:```\ndef get(self):\n    pass\n```\n"


def test_a_leaked_prompts_closing_fence_is_cut_at_its_own_line_not_the_examples(tmp_path):
    line = len(PAGE.splitlines()) + len(LEAKED.splitlines())
    assert checks(tmp_path, PAGE + LEAKED, "truncated-page", "broken-fence") == [(line, 1, "DL707")]


def test_leaked_prompt_near_miss_its_fence_on_a_line_of_its_own_closes(tmp_path):
    page = PAGE + LEAKED.replace("Raw code:```", "Raw code:\n```")
    assert checks(tmp_path, page, "truncated-page", "broken-fence") == []


def test_a_block_open_at_the_pages_end_is_reported_at_its_fence_once(tmp_path):
    page = PAGE + "**Output Example**:\n```python\nfetch('https://example.org')\n"
    line = len(PAGE.splitlines()) + 2
    assert checks(tmp_path, page, "truncated-page", "broken-fence") == [(line, 1, "DL707")]


# A small local model asked to document `Store` writes sections of objects no
# source has, opened as RepoAgent does, as a model titles a part, or in bold.
@pytest.mark.parametrize(
    "opener",
    [
        "## Function calculate",
        "## Class: Discount",
        "## Class Discount",
        "**calculate_total**: This function adds the prices.",
        "**`Discount`**: 该类保存折扣。",
        "## calculate()",
        "## calculate(price)",
        "## 函数 calculate",
        "## calculate 函数",
        "## `calculate()`",
        "### Function `calculate`",
        "## 2. Function calculate",
        "## 3) `calculate`",
        "### FunctionDef `calculate`",
        "## calculate_total",
        "### 1. `calculate_total` method",
        "**calculate_total()**: Adds the prices.",
    ],
)
def test_invented_section_however_a_model_opens_it(tmp_path, opener):
    page = INVENTED_PAGE.format(section=opener + "\nIt computes a total.")
    assert check(tmp_path, page, "invented-section") == [(3, 1, "DL711")]


@pytest.mark.parametrize(
    "heading", ["## ClassDef CustomerProfile", "### FunctionDef calculate_discount(price, rate)"]
)
def test_a_section_opened_with_repoagents_own_heading_is_a_missing_object(tmp_path, heading):
    page = INVENTED_PAGE.format(section=heading + "\nIt computes a total.")
    assert check(tmp_path, page, "missing-object") == [(3, 1, "DL701")]
    assert check(tmp_path, page, "invented-section") == []


@pytest.mark.parametrize(
    "opener",
    [
        # Parts of the section, titled as models title them.
        "## Usage",
        "## Notes",
        "## Example",
        "## Example(s)",
        "## Function Flow",
        "## Function overview",
        "## Class methods",
        "## Class Overview",
        "## Main Function",
        # A bare heading names an object only in snake case: products, constants.
        "## GitHub",
        "## OAuth2",
        "## API_KEY",
        # Bold words that name no object, or a parameter in a list of them.
        "**Returns**: The function returns the total.",
        "**api_key**: The API key used.",
        "**parameters**:\n**price_list**: This function argument holds the prices.",
        # Objects the source has, however opened.
        "## Function fetch",
        "## fetch(url)",
        "**`Store`**: This class keeps entries.",
        "## 函数 fetch",
    ],
)
def test_invented_section_near_miss_titles_bold_words_and_objects_the_source_has(tmp_path, opener):
    page = INVENTED_PAGE.format(section=opener + "\nIt computes a total.")
    assert check(tmp_path, page, "invented-section") == []


def test_invented_section_each_invented_object_under_one_heading(tmp_path):
    section = "## Function calculate\nIt adds.\n## Class Discount\nIt holds.\n### `calculate`"
    found = check(tmp_path, INVENTED_PAGE.format(section=section), "invented-section")
    assert found == [(3, 1, "DL711"), (5, 1, "DL711")]


def test_invented_section_near_miss_a_bold_name_inside_an_output_example(tmp_path):
    # RepoAgent's own chat_engine page: an example prompt quoting another page.
    example = (
        "**Output Example**:\n```\nobj: a.py/Other\n```\nDocument:\n"
        "**AnotherClass**: This class serves a different purpose."
    )
    assert check(tmp_path, INVENTED_PAGE.format(section=example), "invented-section") == []


# The end of `get`'s section, just before `helper`'s heading.
HELPER = "#### FunctionDef helper(value)"
CUT_LINE = PAGE.splitlines().index(HELPER) + 1  # the line put before the heading


@pytest.mark.parametrize(
    "ending",
    [
        "It then passes the",
        "The function returns the following:",
        "The result is one of the values the `mode",
        "该函数返回一个字典\uff0c其中包含",
        "- 返回值\uff1a一个列表\uff0c包含所有的",
        "- path (str): the path of the `store",
        "- key: the key to read, which",
        # A list item that is a sentence, cut as a paragraph is: the process Note of
        # tests/labelled_repoagent11's transbot.md:244, and one in Chinese.
        "- The `process` function handles different",
        "- 该函数先检查缓存中是否存在该键\uff0c然后根据",
    ],
)
def test_truncated_page_a_section_cut_mid_sentence_or_mid_list(tmp_path, ending):
    page = PAGE.replace(HELPER, f"{ending}\n{HELPER}")
    assert check(tmp_path, page, "truncated-page") == [(CUT_LINE, 1, "DL707")]


@pytest.mark.parametrize(
    "ending",
    [
        # No sentence: a title, a list of names, a code line, a URL.
        "Parameters and Return Values of the Function",
        "load_file, save_file, delete_file, list_files",
        "result = store.get(key, default_value_for_missing)",
        "See https://github.com/OpenBMB/RepoAgent/blob/main/README",
        "关于代码使用的注意事项",
        # A colon announcing the code block that follows.
        "The call looks like this:\n```python\nstore.get('k')\n```",
        # Finished sentences and items.
        "该函数返回一个字典。",
        "- key: the key to read",
        # Items describing a name or label: phrases, finished without a full stop
        # (the last two as RepoAgent's own 2024 pages and gpupdate's write them).
        "- `path`: the path of the file the store reads from disk",
        "- **Returns**: the list of keys the store holds on disk",
        "- key (str, optional): the key to read from the store's table",
        "- print_recursive(self, indent=0, print_content=False): 递归打印",
        "· ttype: TargetType object",
        # A sentence item too short to be read as one, and a list of names.
        "* The `sqlite_registry` class",
        "- `load_file`, `save_file`, `delete_file`, `list_files`",
    ],
)
def test_truncated_page_near_miss_lines_that_are_no_sentence_or_are_finished(tmp_path, ending):
    page = PAGE.replace(HELPER, f"{ending}\n{HELPER}")
    assert check(tmp_path, page, "truncated-page") == []


# A model that escapes underscores (`store\\_get`) cut off inside a name: the
# line ends on the escape, however short the line and in an output example too.
ESCAPE_CUTS = ["The store\\_get\\_", "· store\\_"]


@pytest.mark.parametrize("ending", ESCAPE_CUTS)
@pytest.mark.parametrize("label", ["", "**Output Example**:\n"])
def test_truncated_page_a_name_cut_at_its_escape(tmp_path, ending, label):
    page = PAGE.replace(HELPER, f"{label}{ending}\n{HELPER}")
    line = CUT_LINE + label.count("\n")
    assert check(tmp_path, page, "truncated-page") == [(line, 1, "DL707")]


def test_truncated_page_the_page_ends_on_a_bold_name_cut_at_its_escape(tmp_path):
    # gpupdate's logging.md (tests/labelled_repoagent10) ends on "**load\\_".
    end = len(PAGE.splitlines()) + 1
    assert check(tmp_path, PAGE + "**load\\_\n", "truncated-page") == [(end, 1, "DL707")]
    # Near miss: the bold name written whole.
    assert check(tmp_path, PAGE + "**load\\_file**\n", "truncated-page") == []


@pytest.mark.parametrize(
    "ending",
    # The name written whole: a dunder's own underscores, a name that goes on,
    # an escape inside a code span (literal there), a heading's name; a lone
    # backslash, a registry key's or Windows path's end.
    [
        "The \\_\\_init\\_\\_",
        "The store\\_get\\_value",
        "`store\\_`",
        "#### store\\_",
        "HKLM\\Software\\BaseALT\\",
    ],
)
@pytest.mark.parametrize("label", ["", "**Output Example**:\n"])
def test_truncated_page_near_miss_a_name_whole_after_its_escapes(tmp_path, ending, label):
    page = PAGE.replace(HELPER, f"{label}{ending}\n{HELPER}")
    assert check(tmp_path, page, "truncated-page") == []


def test_truncated_page_the_page_ends_announcing_what_never_follows(tmp_path):
    page = PAGE + "The function returns a dict such as:\n"
    assert check(tmp_path, page, "truncated-page") == [(len(PAGE.splitlines()) + 1, 1, "DL707")]
    # Near miss: the block it announces follows.
    assert check(tmp_path, page + "```python\n{'k': 1}\n```\n", "truncated-page") == []


def test_a_real_chinese_output_example_is_cut_once_at_its_opening_fence():
    # Langchain-Chatchat's page (tests/labelled_repoagent5): the ```json example
    # at line 20 holds a bare fence at 22 that closes it; the example's own
    # closing fence at 27 opens a block that swallows `parse`'s heading.
    tree = Path(__file__).resolve().parent.parent / "labelled_repoagent5"
    page = tree / "markdown_docs/server/agent/custom_agent/ChatGLM3Agent.md"
    settings = Settings(select=["truncated-page", "broken-fence"], root=tree)
    report = check_paths([page], settings)
    assert [(d.line, d.code) for d in report.diagnostics] == [(20, "DL707")]
