"""wrong-relation (DL710) on a function a sentence says the object relies on that no
source defines (issue 93, NARS-GPT's RepoAgent pages, tests/labelled_repoagent11:
"TransbotExecute assumes that the OpStop, forward, ..., and say functions are
defined", where `^say` is handled by a `print`). Judged as a callee the project
defines is: the object never reaches it, here by writing it nowhere as code, itself
or through a helper. A library's function is written where it is called, a plain
word is prose, and an assumption about a function the project has may be the
caller's to meet."""

from __future__ import annotations

import pytest

from doclint import Settings, check_text
from tests.pages import write

ROBOT = """\
import json
from gripper import *


def OpStop():
    pass


def forward():
    pass


def execute(executions):
    for execution in executions:
        op = execution["operator"]
        if op == "^forward":
            OpStop()
            forward()
        elif op == "^say":
            print(execution["arguments"])
        elif op == "^dump":
            json.dumps(execution)
"""

GRIPPER = "def drop():\n    pass\n\n\ndef setup():\n    pass\n"

PAGE = """\
## FunctionDef OpStop
**OpStop**: Stops.
## FunctionDef forward
**forward**: Moves forward.
## FunctionDef execute(executions)
**execute**: Runs the operators.

**Note**:
{sentence}
"""

LINE = 9  # the line {sentence} takes


def found(tmp_path, sentence: str) -> list[tuple[int, int, str]]:
    write(tmp_path, {"pkg/robot.py": ROBOT, "pkg/gripper.py": GRIPPER})
    settings = Settings(select=["wrong-relation"], root=tmp_path)
    report = check_text(
        PAGE.format(sentence=sentence), path="markdown_docs/pkg/robot.md", settings=settings
    )
    return [(d.line, d.column, d.message) for d in report.diagnostics]


SAY = "`execute` does not use `say`, which no source read defines; it calls `OpStop` and `forward`"


@pytest.mark.parametrize(
    "sentence",
    [
        # transbot.md:83's form: a list holding names written as code makes its
        # plain words ("forward", "say") names.
        "- The execute function assumes that the OpStop, forward, drop, and say functions"
        " are defined and accessible within the same module.",
        "- The function assumes that the `say` function prints a message to the console.",
        "It relies on the `say` function to print the message.",
        "It uses the `OpStop`, `forward` and `say` functions.",
        "该函数依赖于`say`函数输出消息。",
    ],
)
def test_a_function_no_source_defines_that_the_object_never_writes(tmp_path, sentence):
    findings = found(tmp_path, sentence)
    assert [(line, column) for line, column, _ in findings] == [(LINE, sentence.index("say") + 1)]
    assert findings[0][2] == SAY


@pytest.mark.parametrize(
    "sentence",
    [
        # A plain word alone before "function" is prose, as "the helper function".
        "- The function assumes that the say function prints a message to the console.",
        # A library's function the object calls: written as `json.dumps`.
        "It relies on the `dumps` function to write the operator.",
        "该函数调用了`OpStop`和`dumps`函数。",
        # Functions the project has: the object calls them, or the assumption is
        # the caller's to meet (`setup` having been called).
        "- The function assumes that the `OpStop` and `forward` functions are defined.",
        "- The function assumes that the `setup` function has been called before.",
        # A method may be called without being written (a library's `__call__`).
        "It relies on the `say` method of the speaker.",
        # Another object's assumption.
        "- The `forward` function assumes that the `say` function exists.",
    ],
)
def test_near_miss_functions_written_had_or_not_read_as_names(tmp_path, sentence):
    assert found(tmp_path, sentence) == []
