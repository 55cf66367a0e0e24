"""DL701 missing-object: a generator's heading names an object its source does not define there."""

from __future__ import annotations

from collections.abc import Iterator

from doclint_rules._generator_pages import claimed_source, documented_object

from doclint.rule_api import Cause, Finding, MarkdownPage, Rule, RuleContext


class MissingObject(Rule[MarkdownPage]):
    """Flags an object heading of a profiled generator's page (RepoAgent's
    `## ClassDef Name`, `### FunctionDef name(...)`) whose object the page's
    source does not define with that kind at that place: the heading's
    nesting (one `#` deeper per level) says which class or function holds
    it. One finding per heading, at the heading; a name the source defines
    elsewhere (a method written as a nested function, a class as a
    function) is told apart from a name it does not define at all.

    **Why is this bad?** Generated pages are committed and the code moves on:
    a class renamed or a method removed keeps its heading and its confident
    description, and readers look for code that is not there. A method
    documented as a nested function tells them to call it without `self`.

    **Example:** `markdown_docs/repo_agent/settings.md` holding

    ```markdown
    ## ClassDef SettingsManager
    ```

    while `repo_agent/settings.py` no longer defines `SettingsManager`.

    **Use instead:** regenerate the page, or delete the section of the object
    that is gone.
    """

    code = "DL701"
    name = "missing-object"
    summary = "Heading names an object the page's source does not define with that kind and place."
    NOT_DEFINED = Cause("missing-object/not-defined", "Object not defined in the source")
    ELSEWHERE = Cause("missing-object/elsewhere", "Object defined at another place or kind")
    causes = (NOT_DEFINED, ELSEWHERE)

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        found = claimed_source(page, ctx, "symbol-exists")
        if found is None:
            return
        profiled, objects = found
        for entry in profiled.entries:
            if documented_object(entry, objects) is not None:
                continue
            others = objects.named(entry.qualname[-1])
            if others:
                where = ", ".join(f"{obj.kind} `{obj.dotted}`" for obj in others)
                message = (
                    f"`{profiled.source}` has no {entry.kind} `{entry.dotted}`; it defines {where}"
                )
                yield Finding(entry.line, entry.column, message, cause=self.ELSEWHERE)
            else:
                message = f"`{profiled.source}` defines no {entry.kind} `{entry.dotted}`"
                yield Finding(entry.line, entry.column, message, cause=self.NOT_DEFINED)
