"""DL711 invented-section: a section, under an object's heading, of an object the project lacks."""

from __future__ import annotations

from collections.abc import Iterator

from doclint.rule_api import (
    Cause,
    Finding,
    MarkdownPage,
    Origin,
    Rule,
    RuleContext,
    RuleDocs,
)


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
        "## Class `Foo`", "## Class: Foo", "## Class Foo", "## Function load",
        "## 函数 load", "## load 函数", "## Foo Class", "### `Foo`", "## load()",
        "## load(path)", "### FunctionDef `load`", "### Class Definition: Foo",
        "### `load_file` method", a name in snake case alone ("## load_file"),
        numbered or not: "## 2. Function load"), a label naming one
        ("**Object**: Foo", "**Class: Foo**"), the generator's own opening line
        for one ("**CustomerProfile**: The function of CustomerProfile is ...",
        "**X**: X的功能是..."), a call's form in bold ("**load_file()**:
        Loads ..."), or a name written as code in bold followed by
        what kind of object it is ("**load_file**: This function loads ...",
        "**`Loader`**: 该类..."), where the named object is none of the
        heading's names and no source of the project defines or imports
        anything of that name: judged only where the tree reads every source it
        knows of (on a sample of a repository, a `--known-paths` listing naming
        sources that are not there, the object may be in one of those). A kind
        word is read whole ("### Function-ality", "### Classification" name
        nothing), and a plain word after it only in its kind's case and not as
        a part's title: "## Class Store" and "## Function load" name objects,
        "## Function Flow", "## Class methods", "## Class Overview" and
        "## Example(s)" title parts of the section, and "## GitHub", "## OAuth2"
        or "## API_KEY" alone name a product or a constant. A bold name in a part that
        lists names ("**parameters**:") is an item, not a section. One finding
        per invented object under each object heading, at the first line that
        opens it. The text of an output example shows output, not objects: it
        is not read, up to the next part's label (a bold name of the example's
        text ends nothing).

        Measured on the labelled RepoAgent trees (tests/labels/repoagent*:
        RepoAgent's own docs and seven public trees, 50 labelled pages): no
        finding, none labelled; on RepoAgent's own docs the bold
        "**AnotherClass**: This class ..." of an output example's prompt
        stays silent.""",
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
        from .._common.project import project
        from ._sections import opened_sections
        from ._sources import claimed_source

        found = claimed_source(page, ctx, "symbol-exists")
        if found is None:
            return
        profiled, objects = found
        known = {obj.name for obj in objects.objects.values()} | set(objects.imports)
        model = None
        reported: set[tuple[int, str]] = set()  # (object heading, invented name)
        for number, entry, name in opened_sections(page, ctx, profiled):
            if name in known or (entry.line, name) in reported:
                continue
            if model is None:
                model = project(ctx).python(profiled.profile, profiled.project)
            # On a sample of a repository the object may be in a source it lacks.
            if not model.complete or model.defined(name) or name in model.imported:
                continue
            reported.add((entry.line, name))
            message = (
                f"`{name}`, documented under the heading of `{entry.dotted}`, is no object"
                " of the project: the generator invented this section"
            )
            yield Finding(number, 1, message, cause=self.INVENTED)
