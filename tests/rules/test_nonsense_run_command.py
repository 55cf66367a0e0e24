import shlex

import pytest
from doclint_rules.file_claims.nonsense_run_command import NonsenseRunCommand, shell_words
from hypothesis import given, settings
from hypothesis import strategies as st

from doclint.rule_api import FixSafety
from tests.conftest import SEEDS, findings, require_shared
from tests.pages import file_docs, write
from tests.rules.fixing import apply_fixes, assert_fix_adds_nothing, rule_findings


def test_python_on_a_markdown_page(tmp_path):
    text = file_docs("docs/pkg/test_x.py_kw.md", "python docs/pkg/test_x.py_kw.md", "markdown")
    got = findings(text, "docs/docs/pkg/test_x.py_kw.md_docs.md", "DL301", tmp_path)
    assert got == [(31, 8, "DL301")]


def test_python_on_a_missing_script(tmp_path):
    text = file_docs("pkg/test_x.py", "python pkg/test_x.py")
    assert findings(text, "docs/pkg/test_x.py_docs.md", "DL301", tmp_path) == [(31, 8, "DL301")]


def test_near_miss_existing_script_module_and_other_tools(tmp_path):
    write(tmp_path, {"pkg/test_x.py": "x = 1\n"})
    for command in (
        "python pkg/test_x.py",
        "python -m pytest pkg",
        "pytest pkg/README.md",
        "python3 -X dev pkg/test_x.py",
    ):
        text = file_docs("pkg/test_x.py", command)
        assert findings(text, "docs/pkg/test_x.py_docs.md", "DL301", tmp_path) == [], command


# Fixes


def test_fix_removes_the_block_and_its_sentence(tmp_path):
    text = file_docs("docs/pkg/test_x.py_kw.md", "python docs/pkg/test_x.py_kw.md", "markdown")
    path = "docs/docs/pkg/test_x.py_kw.md_docs.md"
    found = rule_findings(NonsenseRunCommand, text, path, tmp_path)
    assert [f.fix.applicability for f in found] == [FixSafety.UNSAFE]
    assert apply_fixes(text, found, unsafe=False) == text
    fixed = apply_fixes(text, found)
    assert fixed.endswith("## Testing & Usage\n\n### Testing\n\n")
    assert fixed == text.replace(
        "This is a test file. Run it with:\n\n```bash\npython docs/pkg/test_x.py_kw.md\n```\n", ""
    )
    assert_fix_adds_nothing(NonsenseRunCommand, text, fixed, path, tmp_path)


def test_fix_keeps_the_blocks_around_apart(tmp_path):
    # no blank lines around the block: the text on both sides must not merge
    text = file_docs("pkg/notes.txt", "python pkg/notes.txt", "text") + "Then read the log.\n"
    text = text.replace("This is a test file. Run it with:\n\n", "Try:\n")
    assert text.endswith(
        "### Testing\n\nTry:\n```bash\npython pkg/notes.txt\n```\nThen read the log.\n"
    )
    found = rule_findings(NonsenseRunCommand, text, "docs/pkg/notes.txt_docs.md", tmp_path)
    fixed = apply_fixes(text, found)
    assert fixed == text.replace("```bash\npython pkg/notes.txt\n```\n", "\n")
    assert fixed.endswith("### Testing\n\nTry:\n\nThen read the log.\n")


def test_fix_runs_the_documented_test_when_it_exists(tmp_path):
    write(tmp_path, {"pkg/test_x.py": "x = 1\n"})
    text = file_docs("pkg/test_x.py", "python pkg/test_y.py")
    found = rule_findings(NonsenseRunCommand, text, "docs/pkg/test_x.py_docs.md", tmp_path)
    assert [f.fix.applicability for f in found] == [FixSafety.UNSAFE]
    fixed = apply_fixes(text, found)
    assert fixed == text.replace("python pkg/test_y.py", "python pkg/test_x.py")
    assert findings(fixed, "docs/pkg/test_x.py_docs.md", "DL301", tmp_path) == []


def test_no_fix_for_a_block_of_several_commands_or_an_unclosed_one(tmp_path):
    several = file_docs("pkg/notes.md", "python pkg/notes.md\nmake docs", "markdown")
    unclosed = file_docs("pkg/notes.md", "python pkg/notes.md", "markdown")[: -len("```\n")]
    for text in (several, unclosed):
        found = rule_findings(NonsenseRunCommand, text, "docs/pkg/notes.md_docs.md", tmp_path)
        assert [(f.line, f.fix) for f in found] == [(31, None)]


def test_fix_on_the_seed_removes_the_command_to_run_a_page():
    require_shared()
    text = (SEEDS / "000_5344d29dba543be9.txt").read_text(encoding="utf-8")
    path = "docs/docs/test/distributed/tensor/test_dtensor_compile.py_kw.md_docs.md"
    found = rule_findings(NonsenseRunCommand, text, path)
    assert [f.line for f in found] == [241]
    fixed = apply_fixes(text, found)
    lines = text.splitlines(keepends=True)
    assert lines[237].startswith("This is a test file.") and lines[241] == "```\n"
    assert fixed == "".join(lines[:237] + lines[242:])
    assert "### Testing\n\n\n### Usage Examples\n" in fixed


WORD_PIECES = ["python", "a.py", "-m", " ", "\t", "\r", "\n", "'", '"', "\\", "#", "x y"]
WORD_PIECES += ["\x0b", "\x0c", "\x1c", "\x1f", "\x85", "\u00a0", "\u2003", "\u00e9", "|", "$"]


@pytest.mark.slow  # 2,000 examples
@settings(max_examples=2000, deadline=None, database=None)
@given(st.lists(st.sampled_from(WORD_PIECES), max_size=10).map("".join))
def test_shell_words_are_shlex_words(command):
    try:
        expected = shlex.split(command, comments=True)
    except ValueError:
        expected = command.split()
    assert shell_words(command) == expected
