"""Fences as their authors nest them: what broken-fence (DL102) and the
object pages' reading of a cut-off output example (rules/objects/_sources.py)
both read of a code block."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from doclint.rule_api import CodeBlock

# CommonMark's shortest fence.
MIN_FENCE = 3


def nested_opening(block: CodeBlock) -> int | None:
    """Index (in the block's content) of a line opening a fence with an info
    string that the block's own closing fence could close, if any."""
    char, length = block.marker[0], len(block.marker)
    for index, line in enumerate(block.text.split("\n")):
        stripped = line.lstrip(" ")
        if len(line) - len(stripped) > 3:
            continue
        run = len(stripped) - len(stripped.lstrip(char))
        info = stripped[run:].strip()
        if run >= max(length, MIN_FENCE) and info and not (char == "`" and "`" in info):
            return index
    return None
