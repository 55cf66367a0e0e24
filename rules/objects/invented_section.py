"""DL711 invented-section: a section, under an object's heading, of an object the project lacks."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from doclint.rule_api import (
    Cause,
    Finding,
    MarkdownPage,
    Origin,
    Rule,
    RuleContext,
    RuleDocs,
    compiled_on_use,
)
from doclint.rule_api_generators import ATX

if TYPE_CHECKING:
    from doclint.rule_api_generators import Entry

# A heading's text that opens the documentation of a named object ("Object:
# CustomerProfile", "Documentation for UserAuthenticationService", "Class
# `Foo`"): a generator's own entry headings are read apart.
_OBJECT_HEADING = compiled_on_use(
    r"(?:\d+[.)][ \t]*)?"
    r"(?:Object|Class|Function|Method|Module|Component|Service|Documentation for|Documentation of"
    r"|Docs for|API Reference for|Reference for|Overview of|对象|类|函数|方法|模块"
    # "Documentation: `X`": the bare word only before a colon ("Documentation Guide" is a title)
    r"|Documentation(?=[ \t]*[:\uff1a]))"
    r"[ \t]*[:\uff1a\-\u2013\u2014]?[ \t]*"
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
)
# The line that opens an object's documentation in RepoAgent's words:
# "**CustomerProfile**: The function of CustomerProfile is ...", and its
# Chinese forms "**X**: X的功能是..." and, in RepoAgent's first releases,
# "**X函数**: X函数的功能是..." (the colon full-width too). A name is ASCII:
# Chinese text runs into it with no space.
_OBJECT_LABEL = compiled_on_use(
    r"^\*\*`?(?P<name>[A-Za-z_][A-Za-z0-9_.]*)`?(?:函数|方法|类)?\*\*[ \t]*[:\uff1a][ \t]*"
    r"(?:The (?:function|purpose|role) of (?:the )?`?(?P=name)`?\b"
    r"|`?(?P=name)`?[ \t]*(?:函数|方法|类)?(?:的功能|的作用))"
)


# A name written as code: with an underscore, a digit or a capital inside.
_CODE_NAME = compiled_on_use(r"\w*(?:_|\d|[a-z][A-Z])\w*")


class InventedSection(Rule[MarkdownPage]):
    code = "DL711"
    name = "invented-section"
    origin = Origin.PROFILE
    summary = "Section under an object's heading that documents an object the project never had."
    docs = RuleDocs(
        what="""Flags, under an object heading of a profiled generator's page
        (RepoAgent's `## ClassDef Name`), a section that opens the documentation
        of another object: a heading naming one ("### Object: CustomerProfile",
        "# Documentation for UserAuthenticationService", "# Documentation: `Foo`",
        "## Class `Foo`",
        "## Foo Class", "### `Foo`"), a label naming one ("**Object**: Foo"), or
        the generator's own opening line for one ("**CustomerProfile**: The
        function of CustomerProfile is ...", "**X**: X的功能是..."), where the
        named object is none of the heading's names and no source of the
        project the tree reads defines or imports anything of that name. One
        finding per object heading, at the first such line. The text of an
        output example shows output, not objects: it is not read.""",
        why="""A small or overloaded model asked to document one object
        sometimes writes the documentation of an imagined one: a plausible
        class with attributes and methods, under the real object's heading.
        Readers take it for the project's code and look for it.""",
        example="""```markdown
        ## ClassDef Store
        **Store**: The function of Store is to keep entries.
        ### Object: CustomerProfile
        **CustomerProfile**: The function of CustomerProfile is to hold a
        customer's details.
        ```

        while the project has no `CustomerProfile`.""",
        use_instead="regenerate the section, with a model that keeps to the object given.",
    )
    INVENTED = Cause("invented-section/invented", "Section documenting an object the project lacks")
    causes = (INVENTED,)

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        # The family's helpers are imported where they are used (__init__.py says why).
        from doclint.rule_api_generators import fenced_lines, in_output_example

        from .._common.project import project
        from ._sources import claimed_source

        found = claimed_source(page, ctx, "symbol-exists")
        if found is None:
            return
        profiled, objects = found
        if not profiled.entries:
            return
        known = {obj.name for obj in objects.objects.values()} | set(objects.imports)
        headings = {entry.line: entry for entry in profiled.entries}
        fenced = fenced_lines(page)
        model = None
        entry: Entry | None = None
        reported = False
        profile = profiled.profile
        example = False  # in an output example: what it shows is no object of the page
        for number, line in enumerate(ctx.lines, 1):
            if number in headings:
                entry, reported, example = headings[number], False, False
                continue
            example = in_output_example(profile, line, example)
            if entry is None or reported or example or number in fenced:
                continue
            name = _object_named(line)
            if name is None or name in entry.qualname or name in known:
                continue
            if profile.field_of_label(name) is not None:
                continue  # a labelled part of the section ("**Note**: ..."), not an object
            if model is None:
                model = project(ctx).python(profiled.profile, profiled.project)
            if model.defined(name) or name in model.imported:
                continue
            reported = True
            message = (
                f"`{name}`, documented under the heading of `{entry.dotted}`, is no object"
                " of the project: the generator invented this section"
            )
            yield Finding(number, 1, message, cause=self.INVENTED)


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
    written = next(g for g in match.groups() if g)
    name = written.rpartition(".")[2]
    plain = "named" in match.re.groupindex and match.group("named") is not None
    if plain and f"`{written}`" not in line and not _CODE_NAME.fullmatch(name):
        return None
    return name
