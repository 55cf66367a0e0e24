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
# `Foo`", "Function load", "函数 load", "`load()`", "load(path)",
# "FunctionDef load(path)", "load_file method", "load_file"), numbered or
# not: a generator's own entry headings are read apart.
_OBJECT_HEADING = compiled_on_use(
    r"(?:\d+(?:\.\d+)*(?:[.)][ \t]*|[ \t]+))?"
    r"(?:"
    # A whole word ("Function-ality", "Classification" are no kind word and a name).
    r"(?:(?P<kind>(?:Object|Class|Function|Method)(?: Definition| Name)?|ClassDef|FunctionDef"
    r"|AsyncFunctionDef|Module|Component|Service"
    r"|Documentation for|Documentation of|Docs for|API Reference for|Reference for|Overview of)"
    r"(?![\-\u2013\u2014]?[A-Za-z])"
    r"|(?P<zh>对象|类|函数|方法|模块)"
    # "Documentation: `X`": the bare word only before a colon ("Documentation Guide" is a title)
    r"|Documentation(?=[ \t]*[:\uff1a]))"
    r"(?P<sep>[ \t]*[:\uff1a\-\u2013\u2014]?[ \t]*)"
    r"`?(?P<name>[A-Za-z_][\w.]*)(?P<call>\([^()]*\))?`?(?P<after>\([^()]*\))?[ \t]*$"
    # "CustomerProfile Class", "`CustomerProfile`", "load 函数"
    r"|`?(?P<named>[A-Za-z_][\w.]*)`?[ \t]+"
    r"(?:[Cc]lass|Object|Module|[Ff]unction|[Mm]ethod|Component|Service|Documentation|Overview"
    r"|Reference)[ \t]*$"
    r"|`?(?P<zhnamed>[A-Za-z_][\w.]*)`?[ \t]*(?P<zhkind>函数|方法|类)[ \t]*$"
    r"|`(?P<ticked>[A-Za-z_][\w.]*)(?:\([^()]*\))?`(?:\([^()]*\))?[ \t]*$"
    # "load()", "load(path)": a call's form names a function
    r"|(?P<called>[A-Za-z_][\w.]*)\([^()]*\)[ \t]*$"
    # "calculate_total": a name written as code, alone
    r"|(?P<bare>[A-Za-z_][\w]*)[ \t]*$"
    r")"
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
# it with no space. A small model's shorter "**load_file()**: Loads a file."
# (a call's form) opens one too, and so do "**load_file**: This function
# loads a file." or "**`Loader`**: 该类...", a name written as code and words
# saying what kind of object it is (`spoken`), outside a part that lists
# names ("**parameters**:").
_OBJECT_LABEL = compiled_on_use(
    r"^\*\*`?(?P<name>[A-Za-z_][A-Za-z0-9_.]*)`?\*\*[ \t]*[:\uff1a][ \t]*"
    r"(?:The (?:function|purpose|role) of (?:the )?`?(?P=name)`?\b"
    r"|`?(?P=name)`?[ \t]*(?:函数|方法|类)?(?:的功能|的作用))"
    r"|^\*\*`?(?P<kinded>[A-Za-z_][A-Za-z0-9_.]*)`?(?:函数|方法|类)\*\*[ \t]*[:\uff1a]"
    r"|^\*\*`?(?P<calling>[A-Za-z_][A-Za-z0-9_]*)\(\)`?\*\*[ \t]*[:\uff1a]"
    r"|^\*\*(?P<spoken>`[A-Za-z_][A-Za-z0-9_]*`|[A-Za-z_][A-Za-z0-9_]*)\*\*[ \t]*[:\uff1a][ \t]*"
    # ... followed by words that say what kind of object it documents
    r"(?:(?:The|This|A|An)[ \t]+(?:[\w-]+[ \t]+)?(?:function|method|class|coroutine)\b"
    r"|(?:Function|Method|Class)\b|(?:该|此|这个|一个)?(?:函数|方法|类))"
)
# Words a heading gives after a kind word that title a part of the section
# ("## Class Overview", "## Function signature"), not an object's name.
_TITLE_WORDS = frozenset(
    (
        "overview",
        "summary",
        "description",
        "details",
        "definition",
        "documentation",
        "diagram",
        "structure",
        "hierarchy",
        "attributes",
        "attribute",
        "properties",
        "fields",
        "members",
        "methods",
        "functions",
        "variables",
        "constants",
        "parameters",
        "arguments",
        "returns",
        "return",
        "usage",
        "example",
        "examples",
        "notes",
        "note",
        "purpose",
        "responsibilities",
        "role",
        "design",
        "implementation",
        "interface",
        "signature",
        "body",
        "logic",
        "flow",
        "behavior",
        "behaviour",
        "workflow",
        "initialization",
        "constructor",
        "declaration",
        "reference",
        "analysis",
        "explanation",
        "breakdown",
        "call",
        "calls",
        "inheritance",
        "relationships",
        "dependencies",
        "context",
        "introduction",
        "information",
        "info",
        "code",
        "name",
        "type",
        "types",
        "output",
        "input",
        "errors",
        "exceptions",
        "testing",
        "tests",
        "chaining",
        "level",
        "levels",
        "list",
        "index",
    )
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
    from doclint.rule_api_generators import fenced_lines

    headings = {entry.line: entry for entry in profiled.entries}
    fenced = fenced_lines(page)
    profile = profiled.profile
    entry: Entry | None = None
    example = listing = False
    for number, line in enumerate(ctx.lines, 1):
        if number in headings:
            entry, example, listing = headings[number], False, False
            continue
        if number in fenced:
            continue
        # A part's label opens the output's and ends any other's; a bold name
        # of an example's text ("**AnotherClass**: This class ...") does not.
        label = profile.label_line.match(line)
        part = profile.field_of_label(label.group("label")) if label is not None else None
        if part is not None:
            example = part.name == "output"
            listing = part.item is not None  # "**parameters**:" lists names in bold too
            continue
        if entry is None or example:
            continue
        opened = _object_named(line)
        if opened is None or (listing and opened[1]):
            continue
        name = opened[0]
        if name in entry.qualname or profile.field_of_label(name) is not None:
            continue
        yield number, entry, name


# The groups of the patterns above that capture the name an opener gives.
_NAME_GROUPS = (
    "name",
    "bare",
    "calling",
    "named",
    "zhnamed",
    "ticked",
    "called",
    "labelled",
    "bolded",
    "kinded",
    "spoken",
)


def _object_named(line: str) -> tuple[str, bool] | None:
    """The name of the object whose documentation a heading or a bold label
    opens, and whether it was a bare name in bold ("**load_file**: ...",
    which a list of parameters writes too); None for another line, or for a
    heading of the section's own parts ("## Methods Overview")."""
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
    written = next(groups[key] for key in _NAME_GROUPS if groups.get(key))
    name = written.strip("`").removesuffix("()").rpartition(".")[2]
    ticked = f"`{written.strip('`')}" in line
    if name.lower() in _TITLE_WORDS and not ticked:
        return None  # a part's title ("## Function signature", "## Example(s)")
    called = any(groups.get(key) for key in ("call", "after", "called", "calling"))
    if ticked or called or _CODE_NAME.fullmatch(name) is not None:
        return (name, groups.get("spoken") is not None) if _names_code(groups, name) else None
    return _plain_name(groups, name)


def _names_code(groups: dict[str, str | None], name: str) -> bool:
    """Whether a name written as code names an object: alone as a heading
    only in snake case ("## Overview", "## GitHub", "## OAuth2" are titles
    and names of products, "## API_KEY" a constant)."""
    return groups.get("bare") is None or ("_" in name.strip("_") and not name.isupper())


def _plain_name(groups: dict[str, str | None], name: str) -> tuple[str, bool] | None:
    """The name of a plain word an opener gives: one the opener marks as a
    name by its form ("Object: Foo", "**Object**: Foo") is one; after a kind
    word and a space ("Function Flow", "Class methods"), or before a Chinese
    one, only in its kind's case: "Class Store", "Function load", "函数 load",
    "load 函数"; a bold word or a bare heading never."""
    if groups.get("spoken") is not None or groups.get("bare") is not None:
        return None
    spaced = "sep" in groups and groups["name"] is not None and not (groups["sep"] or "").strip()
    if not (spaced or groups.get("named") or groups.get("zhnamed")):
        return name, False
    kind = groups.get("kind") or groups.get("zh") or groups.get("zhkind")
    if (spaced or groups.get("zhnamed")) and kind is not None and _in_kinds_case(kind, name):
        return name, False
    return None


def _in_kinds_case(kind: str, name: str) -> bool:
    """Whether `name` is written as its kind's objects are named: a class
    capitalised, a function or method in small letters."""
    if kind.startswith("Class") or kind == "类":
        return name[:1].isupper()
    if kind.startswith(("Function", "Method", "AsyncFunction")) or kind in ("函数", "方法"):
        return name[:1].islower() or name.startswith("_")
    return False
