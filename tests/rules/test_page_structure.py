"""Issue 93's page-structure kinds on RepoAgent pages: where a cut-off fence
is reported (at the fence its author opened, once), what a broken output
example's lines are, sections of objects the project never had however a
model opens them, and text cut off mid-sentence or mid-list."""

from __future__ import annotations

from tests.rules.test_generator_claims import PAGE, check

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


def test_a_block_open_at_the_pages_end_is_reported_at_its_fence_once(tmp_path):
    page = PAGE + "**Output Example**:\n```python\nfetch('https://example.org')\n"
    line = len(PAGE.splitlines()) + 2
    assert checks(tmp_path, page, "truncated-page", "broken-fence") == [(line, 1, "DL707")]
