"""DL806 name-not-in-code: a name a wiki page presents as the project's that no file writes."""

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
    Scope,
)

if TYPE_CHECKING:
    from doclint.rule_api_generators import NameMention

    from .._common.project_names import ProjectNames


class NameNotInCode(Rule[MarkdownPage]):
    code = "DL806"
    name = "name-not-in-code"
    origin = Origin.WIKI
    summary = "A wiki page names code the project does not have."
    docs = RuleDocs(
        what="""Flags a name in backticks that a wiki page presents as the project's
        own (a class, function, method, field, constant or setting: an
        identifier it coined, `ScriptCodeDAO`, `getTools()`, `SC_DISABLE_AGENT`)
        and that no source or configuration file of the tree writes as a whole
        token, at the name. A dotted name is judged by its member, on the
        project's class that owns it (`SkillService.list` when `SkillService`
        has no `list`). Names of a language and its platform (`Promise`,
        `useState`, `len`), the generator's own words (its profile's
        `not_names`) and plain lowercase words are not judged.""",
        why="""Wiki generators name classes and functions that do
        not exist (`CodeDAO` for `ScriptCodeDAO`, a provider class that is an
        object): a reader searches the code for it in vain.""",
        example=""""Scripts are stored by `CodeDAO`", where the project's
        class is `ScriptCodeDAO`.""",
        use_instead="the name the code uses.",
    )
    NOWHERE = Cause("name-not-in-code/nowhere", "Name no file of the project writes")
    causes = (NOWHERE,)
    scope = Scope.FILE

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        # The wiki's helpers are imported where they are used (__init__.py says why).
        from .._common.project import project
        from ._wiki import wiki_claiming

        facts = wiki_claiming(page, ctx, "name-in-code")
        if facts is None or not facts.names:
            return
        names = project(ctx).names()
        said: set[tuple[int, str]] = set()
        for mention in facts.names:
            message = _missing(mention, names)
            if message is not None and (mention.line, mention.span) not in said:
                said.add((mention.line, mention.span))
                yield Finding(mention.line, mention.column, message, cause=self.NOWHERE)


def _missing(mention: NameMention, names: ProjectNames) -> str | None:
    """What is wrong with the name, if it is not the project's code's."""
    from ._wiki import looks_like_the_projects

    name, qualifier = mention.name, mention.qualifier
    if qualifier:
        owner = qualifier.rsplit(".", 1)[-1]
        defined = [d for d in names.defined(owner, tuple(_OWNERS)) if d[2] in _OWNERS]
        if not defined or any(names.in_code(path, name) for path, _, _ in defined):
            return None
        where = ", ".join(sorted({path for path, _, _ in defined}))
        return f"`{mention.span}`: `{owner}` ({where}) has no `{name}`"
    if not looks_like_the_projects(name) or names.has(name) or names.is_module(name):
        return None  # a module is named by its file (`test_toc` for `test_toc.py`)
    return f"`{mention.span}`: no file of the project writes `{name}`"


_OWNERS = ("class", "interface", "struct", "enum", "object", "trait", "type")
"""Kinds of definition whose members a dotted name names."""
