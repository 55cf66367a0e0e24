"""The sections of a profiled generator's object page that open the
documentation of another object than their heading's: a heading naming one
("### Object: CustomerProfile"), a label naming one ("**Object**: Foo"), or
the generator's own opening line for one ("**Foo**: The function of Foo is").
invented-section reports those of objects the project lacks; the items of
one of an object the source has are that object's (unknown-parameter).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from doclint.rule_api import MarkdownPage, RuleContext, compiled_on_use
from doclint.rule_api_generators import ATX

if TYPE_CHECKING:
    from doclint.rule_api_generators import Entry, ProfiledPage

# A heading's text that opens the documentation of a named object ("Object:
# CustomerProfile", "Documentation for UserAuthenticationService", "Class
# `Foo`"): a generator's own entry headings are read apart.
_OBJECT_HEADING = compiled_on_use(
    r"(?:\d+[.)][ \t]*)?"
    # A whole word ("Function-ality", "Classification" are no kind word and a name).
    r"(?:(?:(?:Object|Class|Function|Method)(?: Definition| Name)?|Module|Component|Service"
    r"|Documentation for|Documentation of|Docs for|API Reference for|Reference for|Overview of)"
    r"(?![\-\u2013\u2014]?[A-Za-z])"
    r"|对象|类|函数|方法|模块"
    # "Documentation: `X`": the bare word only before a colon ("Documentation Guide" is a title)
    r"|Documentation(?=[ \t]*[:\uff1a]))"
    r"(?P<sep>[ \t]*[:\uff1a\-\u2013\u2014]?[ \t]*)"
    r"`?(?P<name>[A-Za-z_][\w.]*)`?(?:\([^()]*\))?[ \t]*$"
    # "CustomerProfile Class", "`CustomerProfile`"
    r"|`?(?P<named>[A-Za-z_][\w.]*)`?[ \t]+"
    r"(?:Class|Object|Module|Function|Method|Component|Service|Documentation|Overview|Reference)"
    r"[ \t]*$"
    r"|`(?P<ticked>[A-Za-z_][\w.]*)`(?:\([^()]*\))?[ \t]*$"
)
# "**Object**: CustomerProfile", "**Class Name**: `CustomerProfile`"
_LABELLED_OBJECT = compiled_on_use(
    r"\*\*(?:Object|Class|Function|Method)(?: Name)?\*\*[ \t]*[:\uff1a][ \t]*"
    r"`?(?P<labelled>[A-Za-z_][\w.]*)`?[ \t]*$"
    # "**Class: CustomerProfile**", "**Function: `calc()`**"
    r"|\*\*(?:Object|Class|Function|Method)(?: Name)?[ \t]*[:\uff1a][ \t]*"
    r"`?(?P<bolded>[A-Za-z_][\w.]*)`?(?:\(\))?`?\*\*[ \t]*$"
)
# The line that opens an object's documentation in RepoAgent's words:
# "**CustomerProfile**: The function of CustomerProfile is ...", and its
# Chinese forms "**X**: X的功能是..." and, in RepoAgent's first releases,
# "**X函数**: ..." (the colon full-width too): a name and a kind word in bold
# open a section whatever follows. A name is ASCII: Chinese text runs into
# it with no space.
_OBJECT_LABEL = compiled_on_use(
    r"^\*\*`?(?P<name>[A-Za-z_][A-Za-z0-9_.]*)`?\*\*[ \t]*[:\uff1a][ \t]*"
    r"(?:The (?:function|purpose|role) of (?:the )?`?(?P=name)`?\b"
    r"|`?(?P=name)`?[ \t]*(?:函数|方法|类)?(?:的功能|的作用))"
    r"|^\*\*`?(?P<kinded>[A-Za-z_][A-Za-z0-9_.]*)`?(?:函数|方法|类)\*\*[ \t]*[:\uff1a]"
)


# A name written as code: with an underscore, a digit or a capital inside.
_CODE_NAME = compiled_on_use(r"\w*(?:_|\d|[a-z][A-Z])\w*")


def opened_sections(
    page: MarkdownPage, ctx: RuleContext, profiled: ProfiledPage
) -> Iterator[tuple[int, Entry, str]]:
    """(line, the object heading above it, the name) of each line under an
    object heading that opens the documentation of an object its heading
    does not name, outside code blocks and output examples (what an example
    shows is no object of the page), and not a labelled part of the section
    ("**Note**: ...")."""
    from doclint.rule_api_generators import fenced_lines, in_output_example

    headings = {entry.line: entry for entry in profiled.entries}
    fenced = fenced_lines(page)
    profile = profiled.profile
    entry: Entry | None = None
    example = False
    for number, line in enumerate(ctx.lines, 1):
        if number in headings:
            entry, example = headings[number], False
            continue
        example = in_output_example(profile, line, example)
        if entry is None or example or number in fenced:
            continue
        name = _object_named(line)
        if name is None or name in entry.qualname or profile.field_of_label(name) is not None:
            continue
        yield number, entry, name


def _object_named(line: str) -> str | None:
    """The name of the object whose documentation a heading or a bold label
    opens; None for another line, or for a heading of the section's own
    parts ("## Methods Overview")."""
    if not line.startswith(("#", "**")):
        return None
    heading = ATX.match(line)
    if heading is not None:
        match = _OBJECT_HEADING.match(heading.group(2) or "")
    else:
        match = _LABELLED_OBJECT.match(line) or _OBJECT_LABEL.match(line)
    if match is None:
        return None
    groups = match.groupdict()
    written = next(v for k, v in groups.items() if v and k != "sep")
    name = written.rpartition(".")[2]
    # "CustomerProfile Class" and "Function Flow" (a kind word, a space, a
    # word) name an object only when the name is written as code.
    spaced = "sep" in groups and groups["name"] is not None and not groups["sep"].strip()
    plain = groups.get("named") is not None or spaced
    if plain and f"`{written}`" not in line and not _CODE_NAME.fullmatch(name):
        return None
    return name
