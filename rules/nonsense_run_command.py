"""DL301 nonsense-run-command: a "Run it with" command that cannot run."""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator

from doclint_rules._python_source import is_python_path

from doclint.rule_api import AnyPage, DocKind, FileDocs, Finding, Rule, RuleContext

_PYTHON = re.compile(r"^(?:.*/)?python(?:\d+(?:\.\d+)?)?$")
# Options of the python launcher that take a value, so that the script is
# recognised after them.
_VALUE_OPTIONS = frozenset({"-W", "-X", "-Q"})


class NonsenseRunCommand(Rule):
    """Flags a shell command in a file documentation's Testing section that runs
    `python` on something that is not a Python file, or on a file that does
    not exist in the tree.

    **Why is this bad?** The generator writes "This is a test file. Run it with:
    `python <path>`" for every file under a test folder, including Markdown
    pages and data files. Copying such a command fails (or, worse, runs the
    wrong thing), and it tells the reader the file is something it is not.

    **Example:**

    ```bash
    python docs/test/distributed/tensor/test_dtensor_compile.py_kw.md
    ```

    **Use instead:** no run command for a page that is not a program, or the
    command that runs the documented test:

    ```bash
    python test/distributed/tensor/test_dtensor_compile.py
    ```
    """

    code = "DL301"
    name = "nonsense-run-command"
    summary = "Run command that executes a non-Python file or a missing file with python."
    kinds = frozenset({DocKind.FILE_DOCS})

    def check(self, page: AnyPage, ctx: RuleContext) -> Iterator[Finding]:
        assert isinstance(page, FileDocs)
        for command in page.run_commands:
            script = python_script(command.command)
            if script is None:
                continue
            column = (
                ctx.lines[command.line - 1].find(script) + 1
                if command.line <= len(ctx.lines)
                else command.column
            )
            if not is_python_path(script):
                yield Finding(
                    command.line,
                    max(column, 1),
                    f"`{command.command}` runs `{script}` with python, but it is not a Python file",
                )
            elif not ctx.exists(script.lstrip("./")):
                yield Finding(
                    command.line,
                    max(column, 1),
                    f"`{command.command}` runs `{script}`, which is not in the tree",
                )


def python_script(command: str) -> str | None:
    """The script a `python ...` command line runs; None for anything else."""
    try:
        words = shlex.split(command, comments=True)
    except ValueError:
        words = command.split()
    if not words or not _PYTHON.match(words[0]):
        return None
    index = 1
    while index < len(words):
        word = words[index]
        if word in ("-m", "-c", "-"):
            return None
        if word in _VALUE_OPTIONS:
            index += 2
            continue
        if word.startswith("-"):
            index += 1
            continue
        return word
    return None
