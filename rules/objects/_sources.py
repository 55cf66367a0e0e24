"""What an object page's claims are judged against: the page read by its
profile's outline (doclint's object-page reader, given the tree's facts
through the rule's context), the objects of the source it documents, and
the project's sources and docs pages as the tree lists them.
"""

from __future__ import annotations

import bisect
import posixpath
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from doclint.rule_api import MarkdownPage, RuleContext
from doclint.rule_api_generators import ProfiledPage, swallowed_headings

# Python's reader and the objects it reads are imported when a profile's page
# is read against its source: most pages a profile reads claim nothing of it.
if TYPE_CHECKING:
    from doclint.rule_api_generators import Entry

    from .._common.python_objects import ModuleObjects, PyObject


def claimed_source(
    page: MarkdownPage, ctx: RuleContext, claim: str, *, outline: bool = False
) -> tuple[ProfiledPage, ModuleObjects] | None:
    """The page and its source's objects, when a profile wrote the page, makes
    `claim`, and the source is in the tree and parses (or, for a rule that
    reads only its `outline`, parses once the lines the running Python cannot
    read are blanked: `python_outline`)."""
    profiled = ctx.object_page(page)
    if profiled is None or not profiled.profile.makes(claim):
        return None
    objects = source_objects(profiled, ctx, outline=outline)
    return None if objects is None else (profiled, objects)


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


def past_swallowed(
    page: MarkdownPage, ctx: RuleContext, profiled: ProfiledPage
) -> Callable[[int, int], bool]:
    """Whether line `line`, read under the heading at line `heading`, lies
    past the heading of another object a code block swallowed between them:
    the text there is that object's, whose heading the page no longer has,
    not the heading's above."""
    swallowed = sorted({line for _block, line, _name in swallowed_objects(page, ctx, profiled)})

    def past(heading: int, line: int) -> bool:
        index = bisect.bisect_right(swallowed, heading)
        return index < len(swallowed) and swallowed[index] < line

    return past


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
