"""Line deletions shared by the fixes of keyword-as-class (DL201),
stopword-keyword (DL202) and nonsense-run-command (DL301).

Edits and fixes are made by `build_node`: stopword-keyword alone fixes
200,000 entries of a generated tree, and a named tuple's own constructor is
a Python function at twice the cost.

A deleted line must not leave two blocks touching so that CommonMark joins
them (a paragraph running on into the next one), nor glue a list item's
continuation onto the item before it.
"""

from __future__ import annotations

from doclint.rule_api import Edit, Fix, FixSafety, KeywordEntry, RuleContext, compiled_on_use
from doclint.rule_api_generators import ATX_START, build_node

_LIST_ITEM = compiled_on_use(r"^ {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+\S")


def delete_lines(ctx: RuleContext, first: int, last: int) -> Edit:
    """Delete lines `first` to `last` (1-based, inclusive). When the lines that
    would then meet both hold text that could run together, one blank line is
    left between them."""
    lines = ctx.lines
    if first > 1 and last < len(lines) and _would_join(lines[first - 2], lines[last]):
        return build_node(Edit, (first, 1, last + 1, 1, "\n"))
    return _deletion(ctx, first, last)


def delete_list_item(ctx: RuleContext, line: int) -> Edit | None:
    """Delete a one-line list item; None when the line is not one (it is not
    a list item, or lines below it continue it)."""
    lines = ctx.lines
    if not 1 <= line <= len(lines) or not _is_list_item(lines[line - 1]):
        return None
    following = lines[line] if line < len(lines) else ""
    if following and not following.isspace() and not _is_list_item(following):
        return None
    # What follows is blank or an item of its own: nothing runs on across the gap.
    return _deletion(ctx, line, line)


def _is_list_item(line: str) -> bool:
    """Whether `line` starts a list item (`_LIST_ITEM`). A keyword index's
    entries, which stopword-keyword removes by the hundred thousand, start
    "- " and a character that is no space: told without a regex's match."""
    if line.startswith("- ") and len(line) > 2 and not line[2].isspace():
        return True
    return _LIST_ITEM.match(line) is not None


def _deletion(ctx: RuleContext, first: int, last: int) -> Edit:
    lines = ctx.lines
    if last == len(lines) and first > 1 and not ctx.text.endswith("\n"):
        # The file's last line has no line break: drop the one before it instead.
        end = len(lines[last - 1]) + 1
        return build_node(Edit, (first - 1, len(lines[first - 2]) + 1, last, end, ""))
    return build_node(Edit, (first, 1, last + 1, 1, ""))


def remove_keyword_entry(
    ctx: RuleContext, entry: KeywordEntry, heading: str, safety: FixSafety
) -> Fix | None:
    """The fix removing an entry of a keyword index's list, if it sits alone on its line."""
    edit = delete_list_item(ctx, entry.line)
    if edit is None:
        return None
    return build_node(Fix, ((edit,), safety, f"remove `{entry.name}` from `### {heading}`"))


def _would_join(before: str, after: str) -> bool:
    """Whether `after`, once right below `before`, could continue its block.
    A list item or an ATX heading starts a block of its own anywhere."""
    if not before.strip() or not after.strip():
        return False
    return not (ATX_START.match(before) or ATX_START.match(after) or _LIST_ITEM.match(after))
