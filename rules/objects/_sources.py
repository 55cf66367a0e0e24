"""What an object page's claims are judged against: the page read by its
profile's outline (doclint's object-page reader, given the tree's facts
through the rule's context), the objects of the source it documents, and
the project's sources and docs pages as the tree lists them.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from doclint.rule_api import MarkdownPage, RuleContext, compiled_on_use
from doclint.rule_api_generators import ATX, ProfiledPage, as_meant, swallowed_headings

# Python's reader and the objects it reads are imported when a profile's page
# is read against its source: most pages a profile reads claim nothing of it.
if TYPE_CHECKING:
    from doclint.rule_api import CodeBlock
    from doclint.rule_api_generators import Entry

    from .._common.python_objects import ModuleObjects, PyObject


def claimed_source(
    page: MarkdownPage, ctx: RuleContext, claim: str, *, outline: bool = False
) -> tuple[ProfiledPage, ModuleObjects] | None:
    """The page and its source's objects, when a profile wrote the page, makes
    `claim`, and the source is in the tree and parses (or, for a rule that
    reads only its `outline`, parses once the lines Python 3.11 cannot read
    are blanked: `python_outline`). The page is read as its author
    meant it where a code block swallows the headings of the source's
    objects: the text under such a heading is its object's (`as_meant`)."""
    profiled = ctx.object_page(page)
    if profiled is None or not profiled.profile.makes(claim):
        return None
    objects = source_objects(profiled, ctx, outline=outline)
    meant = ctx.read_once(page, _meant)
    return None if objects is None or meant is None else (meant, objects)


def _meant(page: MarkdownPage, ctx: RuleContext) -> ProfiledPage | None:
    """The page as its author meant it (`as_meant`), read once a page for
    all the object rules: the names of the source's outline are those of
    its objects wherever Python reads it whole."""
    profiled = ctx.object_page(page)
    if profiled is None:
        return None
    outline = source_objects(profiled, ctx, outline=True)
    names = {obj.name for obj in outline.objects.values()} if outline else set()
    return as_meant(page, ctx.lines, profiled, names)


def source_objects(
    profiled: ProfiledPage, ctx: RuleContext, *, outline: bool = False
) -> ModuleObjects | None:
    """The objects of the page's source; None when it is not in the tree or
    does not parse (orphan-page says the former)."""
    from .._common.python_objects import python_objects, python_outline

    source = ctx.source_at(profiled.source)
    if source is None:
        return None
    return python_outline(source.text) if outline else python_objects(source.text)


def documented_object(entry: Entry, objects: ModuleObjects) -> PyObject | None:
    """The object an entry names, at its place and of its kind, if the source
    has it. Of a name its body defines twice, the definition whose parameters
    the heading writes, the first one first: a generator heads each
    definition. A heading that writes neither is judged against the first."""
    obj = objects.objects.get(entry.qualname)
    if obj is None or obj.kind != entry.kind:
        return None
    if entry.params is None or _writes(entry, obj):
        return obj
    again = (o for o in objects.redefined if o.qualname == entry.qualname and _writes(entry, o))
    return next(again, obj)


def _writes(entry: Entry, obj: PyObject) -> bool:
    """Whether a heading's parameters are the definition's, by either convention."""
    return obj.kind == entry.kind and entry.params in (obj.positional, obj.parameters)


def swallowed_objects(
    page: MarkdownPage, ctx: RuleContext, profiled: ProfiledPage
) -> Iterator[tuple[int, int, str]]:
    """The line of each code block that swallows the heading of an object
    the source defines, the heading's line and the object's name."""
    objects = source_objects(profiled, ctx)
    names = {obj.name for obj in objects.objects.values()} if objects else set()
    yield from swallowed_headings(page, ctx.lines, profiled, names)


def runaway_fences(
    page: MarkdownPage, ctx: RuleContext, profiled: ProfiledPage
) -> dict[int, tuple[tuple[int, ...], bool]]:
    """Each code block of the page that runs away (swallows the heading of an
    object the source defines, or is left open at the page's end), by the
    fence its author opened it at: the lines of the blocks from that fence to
    the runaway one, and whether it swallows a heading.

    An output example whose nested fences closed its block early leaves the
    bare fence meant to close it opening the runaway block: the example's
    own opening fence is where the defect starts, and the blocks between
    are one defect with it (truncated-page reports it there, broken-fence
    not again)."""
    swallowed = swallowed_objects(page, ctx, profiled)
    blocks = [block for block in page.markdown.code_blocks if block.fenced]
    index = {block.line: number for number, block in enumerate(blocks)}
    runaways = {block: True for block, _heading, _name in swallowed}
    for block in blocks:
        if not block.closed:
            runaways.setdefault(block.line, False)
    entries = {entry.line for entry in profiled.entries}
    found: dict[int, tuple[tuple[int, ...], bool]] = {}
    for line, swallows in runaways.items():
        at = index[line]
        while at > 0 and _meant_to_close(blocks[at - 1], blocks[at], ctx.lines, profiled, entries):
            at -= 1
        found[blocks[at].line] = (tuple(b.line for b in blocks[at : index[line] + 1]), swallows)
    return found


def _meant_to_close(
    before: CodeBlock, block: CodeBlock, lines: list[str], profiled: ProfiledPage, entries: set[int]
) -> bool:
    """Whether `block`'s bare opening fence was written to close the closed
    block `before`, which a nested fence closed early: nothing between them
    but what the example shows (no heading or label of the page, nor a
    sentence unless `before` holds a nested opening fence, nor a line of text
    ending in the fence that `block`'s was written to close)."""
    from ..structure._fences import nested_opening

    if block.info or not before.closed:
        return False
    label = profiled.profile.label_line
    # A block holding a nested opening fence was closed by that one's bare
    # fence: the text up to the next bare fence is the example's, sentences too.
    nested = nested_opening(before) is not None
    return not any(
        number in entries
        or ATX.match(text)
        or label.match(text)
        or (not nested and _SENTENCE.match(text))
        or _TEXT_THEN_FENCE.match(text)
        for number, text in enumerate(lines[before.end_line : block.line - 1], before.end_line + 1)
    )


# Text ending in a fence that cannot open a block (not at the line's start):
# RepoAgent's prompt leaked as "Raw code:```", its code, then a bare fence its
# writer meant to close the one after "Raw code:".
_TEXT_THEN_FENCE = compiled_on_use(r"^[ \t]*[^`\s][^`]*`{3,}[ \t]*$")
# A line of the page's own prose between two code blocks: unindented, opening
# with a letter, no code punctuation, two words or more (or CJK text) ending a
# sentence ("If the text is a final answer, it returns:"); "Action:" and
# `"key": "value",` are what an example shows.
_SENTENCE = compiled_on_use(
    r"^(?=[^\n]*(?:[A-Za-z]\s+[A-Za-z]|[\u4e00-\u9fff]))"
    r"[A-Za-z\u4e00-\u9fff][^=(){}\[\];<>`\n]*[.!?:\u3002\uff01\uff1f\uff1a]\s*$"
)


def in_broken_example(
    page: MarkdownPage, ctx: RuleContext, profiled: ProfiledPage
) -> Callable[[int], bool]:
    """Whether a line lies inside an output example whose nested fences
    closed its block early: CommonMark reads the example's lines there as
    the page's; its author wrote them as code. (The text under a heading a
    runaway block swallowed is its object's: `claimed_source` reads the
    page so.)"""
    examples = [
        (lines[0], lines[-1])
        for lines, _swallows in runaway_fences(page, ctx, profiled).values()
        if len(lines) > 1
    ]

    def inside(line: int) -> bool:
        return any(first < line < last for first, last in examples)

    return inside


def defining(source: str, ctx: RuleContext) -> ModuleObjects | None:
    """The objects of a source of the tree that defines any; None for one that
    defines none, or cannot be read or parsed."""
    from .._common.python_objects import python_objects

    text = ctx.source_at(source)
    objects = None if text is None else python_objects(text.text)
    return objects if objects is not None and objects.objects else None


def docs_pages(folder: str, ctx: RuleContext) -> list[str]:
    """The names of a docs folder's pages, sorted; not a README there: the
    project's, not the generator's, it may be any page or none."""
    listing = ctx.children(folder)
    if not listing:
        return []
    return sorted(
        name for name in listing[0] if name.endswith(".md") and name.lower() != "readme.md"
    )


def first_page(folder: str, ctx: RuleContext) -> str | None:
    """The first page (by name) of a docs folder, not of its subfolders."""
    pages = docs_pages(folder, ctx)
    return posixpath.join(folder, pages[0]) if pages else None


def first_page_below(folder: str, ctx: RuleContext) -> str | None:
    """The first page of a docs folder: its own first page, else that of its
    first subfolder (by name) holding any."""
    for inner, _, _ in ctx.walk(folder):
        first = first_page(inner, ctx)
        if first is not None:
            return first
    return None
