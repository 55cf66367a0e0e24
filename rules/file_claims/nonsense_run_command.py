"""DL301 nonsense-run-command: a "Run it with" command that cannot run."""

from __future__ import annotations

from collections.abc import Iterator

from doclint.rule_api import (
    Cause,
    Edit,
    FileDocs,
    Finding,
    Fix,
    FixSafety,
    Rule,
    RuleContext,
    RuleDocs,
    RunCommand,
    compiled_on_use,
)

from .._common.fixing import delete_lines
from .._languages.python import is_python_path

_PYTHON = compiled_on_use(r"^(?:.*/)?python(?:\d+(?:\.\d+)?)?$")
# Options of the python launcher that take a value, so that the script is
# recognised after them.
_VALUE_OPTIONS = frozenset({"-W", "-X", "-Q"})
# A command shlex splits as str.split does: no quote, escape or comment, and
# no whitespace but the four both know (nor, since the text is ASCII, any
# whitespace outside ASCII that only str.split knows).
_SHELL_PLAIN = compiled_on_use(r"[^'\"\\#\x0b\x0c\x1c-\x1f]*")
# The sentence the generator writes above the command.
RUN_INTRO = "This is a test file. Run it with:"


class NonsenseRunCommand(Rule[FileDocs]):
    code = "DL301"
    name = "nonsense-run-command"
    summary = "Run command that executes a non-Python file or a missing file with python."
    docs = RuleDocs(
        what="""Flags a shell command in a file documentation's Testing section that runs
        `python` on something that is not a Python file, or on a file that does
        not exist in the tree.""",
        why="""The generator writes "This is a test file. Run it with:
        `python <path>`" for every file under a test folder, including Markdown
        pages and data files. Copying such a command fails (or, worse, runs the
        wrong thing), and it tells the reader the file is something it is not.""",
        example="""```bash
        python docs/test/distributed/tensor/test_dtensor_compile.py_kw.md
        ```""",
        use_instead="""no run command for a page that is not a program, or the
        command that runs the documented test:

        ```bash
        python test/distributed/tensor/test_dtensor_compile.py
        ```

        **Fix** (unsafe: it changes what the page tells the reader to do). When
        the documented file is a Python file of the tree that the generator took
        for a test (its path holds "test"), the command becomes
        `python <documented file>`. Otherwise the shell block is removed, with
        the generator's "This is a test file. Run it with:" line above it and the
        blank line between them. Blocks holding more than the one command, or
        never closed, are not fixed.""",
    )
    fix_safety = FixSafety.UNSAFE
    NOT_PYTHON = Cause("nonsense-run-command/not-python", "Non-Python file run with python")
    MISSING_SCRIPT = Cause("nonsense-run-command/missing-script", "Missing script run with python")
    causes = (NOT_PYTHON, MISSING_SCRIPT)

    def check(self, page: FileDocs, ctx: RuleContext) -> Iterator[Finding]:
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
                problem = f"runs `{script}` with python, but it is not a Python file"
                cause = self.NOT_PYTHON
            elif not ctx.exists(script.removeprefix("./")):
                problem = f"runs `{script}`, which is not in the tree"
                cause = self.MISSING_SCRIPT
            else:
                continue
            yield Finding(
                command.line,
                max(column, 1),
                f"`{command.command}` {problem}",
                _fix(page, command, ctx),
                cause,
            )


def _fix(page: FileDocs, command: RunCommand, ctx: RuleContext) -> Fix | None:
    described = page.described or ""
    if is_python_path(described) and "test" in described.lower() and ctx.is_file(described):
        line = ctx.lines[command.line - 1]
        start = len(line) - len(line.lstrip()) + 1
        replacement = f"python {described}"
        edit = Edit(command.line, start, command.line, len(line.rstrip()) + 1, replacement)
        return Fix((edit,), FixSafety.UNSAFE, f"run the documented test: `{replacement}`")
    block = _block_lines(ctx.lines, command)
    if block is None:
        return None
    first, last = block
    # The generator's sentence above the block goes with it, and the blank line between.
    gap = 1 if first > 2 and not ctx.lines[first - 2].strip() else 0
    if first - gap > 1 and ctx.lines[first - gap - 2].strip() == RUN_INTRO:
        first -= gap + 1
    return Fix((delete_lines(ctx, first, last),), FixSafety.UNSAFE, "remove the run command")


def _block_lines(lines: list[str], command: RunCommand) -> tuple[int, int] | None:
    """First and last line of the command's fenced block, when it is closed
    and holds only that command."""
    if not 1 <= command.block_line <= len(lines):
        return None
    opening = lines[command.block_line - 1].lstrip(" ")
    char = opening[:1]
    if char not in ("`", "~"):
        return None
    length = len(opening) - len(opening.lstrip(char))
    for number in range(command.block_line + 1, len(lines) + 1):
        text = lines[number - 1]
        body = text.strip()
        indent = len(text) - len(text.lstrip(" "))
        if indent <= 3 and len(body) >= length and body == char * len(body):
            return command.block_line, number
        if body and number != command.line:
            return None
    return None


def shell_words(command: str) -> list[str]:
    """The words of a command line as a POSIX shell splits them, or split at
    whitespace when shlex cannot read it (a quote left open)."""
    if command.isascii() and _SHELL_PLAIN.fullmatch(command):
        return command.split()  # as shlex reads it, without shlex's cost
    # Imported here: a generator's command is plain, and most need no shlex.
    import shlex

    try:
        return shlex.split(command, comments=True)
    except ValueError:
        return command.split()


def python_script(command: str) -> str | None:
    """The script a `python ...` command line runs; None for anything else."""
    words = shell_words(command)
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
