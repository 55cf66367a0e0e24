"""The one TOML reader of what a tree or a user gives doclint (a
configuration file, a profile, `--config KEY=VALUE`): every way the text can
fail to be read is a `TomlError`, which its caller makes one line naming the
file, never a traceback."""

from __future__ import annotations

from typing import Any

from doclint.util.lazy_regex import compiled_on_use

# tomli is imported by the first read.
_WHERE = compiled_on_use(r"\s*\(at (?:line (\d+), column \d+|end of document)\)$")


class TomlError(ValueError):
    """A text that is not TOML doclint can read. `str()` is tomli's
    message, with the line and column it names; `reason` is the message
    without them, and `line` the line (None for nesting too deep: no one
    line is to blame)."""

    def __init__(self, message: str, reason: str, line: int | None) -> None:
        super().__init__(message)
        self.reason = reason
        self.line = line


def read_toml(text: str) -> dict[str, Any]:
    """`text` read as TOML; TomlError when it is not, or is nested deeper than
    tomli allows (it recurses once per nested array or inline table, and
    stops at a depth far below the interpreter's stack)."""
    import tomli

    try:
        return tomli.loads(text)
    except tomli.TOMLDecodeError as error:
        message = str(error)
        where = _WHERE.search(message)
        if where is None:
            raise TomlError(message, message, None) from None
        # "At the end of the document": its last line (a final newline opens none).
        line = int(where.group(1)) if where.group(1) else text.rstrip("\n").count("\n") + 1
        raise TomlError(message, message[: where.start()], line) from None
    except RecursionError:
        raise TomlError("nested too deeply", "nested too deeply", None) from None
