"""wrong-relation (DL710) on a call a page denies (issue 93, NARS-GPT's RepoAgent
pages, tests/labelled_repoagent11): "`backward` is not directly called by
'pick_with_feedback'" where `pick_with_feedback` calls it itself. A denial is judged
as an assertion is, the other way round: a finding where the caller's own body makes
the call, silent where it does not; a negation not bound to the verb ("called by
`a`, not by `b`") denies nothing, and a denied caller is no caller claim (wrong-caller)."""

from __future__ import annotations

import pytest

from doclint import Settings, check_text
from tests.pages import write

# As NARS-GPT's Transbot scripts have it: the robot's functions reach the
# gripper's `backward` through `from gripper import *`; `drop` only through
# `pick_failed`.
GRIPPER = """\
def backward(linear=0.2):
    publish(-linear)


def publish(value):
    pass
"""

ROBOT = """\
from gripper import *


def pick_failed():
    backward()


def slipped():
    return False


def pick_with_feedback():
    if slipped():
        backward()
    pick_failed()


def process(line):
    if line == "*backward":
        backward(linear=0.6)


def drop():
    pick_failed()
"""

GRIPPER_PAGE = """\
## FunctionDef backward(linear)
**backward**: Moves the robot back.

**Code Description**: It publishes a negative speed.

{sentence}
## FunctionDef publish(value)
**publish**: Publishes a speed.
"""

ROBOT_PAGE = """\
## FunctionDef pick_failed
**pick_failed**: Backs off.
## FunctionDef slipped
**slipped**: Whether the object slipped.
## FunctionDef pick_with_feedback
**pick_with_feedback**: Picks an object.

**Note**:
{sentence}
## FunctionDef process(line)
**process**: Runs one line.
## FunctionDef drop
**drop**: Drops the object.
"""

SENTENCE_LINE = 6  # the line {sentence} takes on GRIPPER_PAGE
NOTE_LINE = 9  # the line {sentence} takes on ROBOT_PAGE


def found(tmp_path, sentence: str, rule: str = "wrong-relation", page: str = "gripper"):
    write(tmp_path, {"pkg/gripper.py": GRIPPER, "pkg/robot.py": ROBOT})
    text = (GRIPPER_PAGE if page == "gripper" else ROBOT_PAGE).format(sentence=sentence)
    settings = Settings(select=[rule], root=tmp_path)
    report = check_text(text, path=f"markdown_docs/pkg/{page}.md", settings=settings)
    return [(d.line, d.code, d.message) for d in report.diagnostics]


def test_a_call_denied_that_the_callers_body_makes(tmp_path):
    # transbot_gripper.md:270 as written: the caller in quotes, "not directly".
    sentence = (
        "2. 'pick_with_feedback' function in the 'robot.py' file: This function is not"
        " directly called by 'pick_with_feedback', but it is indirectly called by the"
        " 'pick_failed' function, which is called by 'pick_with_feedback'."
    )
    message = "`pick_with_feedback` calls `backward` (`pkg/robot.py:14`), which the page denies"
    assert found(tmp_path, sentence) == [(SENTENCE_LINE, "DL710", message)]


@pytest.mark.parametrize(
    "sentence",
    [
        "This function is not called by the `process` function.",
        "The `backward` function is not invoked by `process`.",
    ],
)
def test_a_call_denied_in_backticks_is_judged_and_is_no_caller_claim(tmp_path, sentence):
    message = "`process` calls `backward` (`pkg/robot.py:20`), which the page denies"
    assert found(tmp_path, sentence) == [(SENTENCE_LINE, "DL710", message)]
    assert found(tmp_path, sentence, "wrong-caller") == []


@pytest.mark.parametrize(
    "sentence",
    [
        # concepts_to_graph.md:188's form: the object's own body, "this code".
        "- The `slipped` function is not directly called in this code.",
        "- It does not call the `pick_failed` function.",
    ],
)
def test_the_sections_object_denied_to_call_what_it_calls(tmp_path, sentence):
    findings = found(tmp_path, sentence, page="robot")
    assert [(line, code) for line, code, _ in findings] == [(NOTE_LINE, "DL710")]
    assert findings[0][2].startswith("`pick_with_feedback` calls `")


@pytest.mark.parametrize(
    "sentence",
    [
        # `drop` reaches `backward` only through `pick_failed`: the denial of a
        # direct call is right.
        "This function is not directly called by 'drop', but it is indirectly called by"
        " the 'pick_failed' function.",
        "This function is not called by the `drop` function.",
        # `slipped` never reaches it: no caller claim for wrong-caller to refute.
        "This function is not called by the `slipped` function.",
        "该函数不被`slipped`函数调用。",
        # The negation is not the verb's: `pick_failed` is said to call it, rightly.
        "This function is called by the `pick_failed` function, not by `drop`.",
        "This function is not only called by the `pick_failed` function.",
        # A condition, no caller denied.
        "If the `publish` function is not called, nothing moves.",
    ],
)
def test_near_miss_a_denial_the_code_bears_out_or_a_negation_elsewhere(tmp_path, sentence):
    assert found(tmp_path, sentence) == []
    assert found(tmp_path, sentence, "wrong-caller") == []


@pytest.mark.parametrize(
    "sentence",
    ["- The `drop` function is not called in this code.", "- It does not call `process`."],
)
def test_near_miss_the_sections_object_denied_a_call_it_does_not_make(tmp_path, sentence):
    assert found(tmp_path, sentence, page="robot") == []
