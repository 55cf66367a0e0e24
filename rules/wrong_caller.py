"""DL705 wrong-caller: a sentence naming a caller the source refutes."""

from __future__ import annotations

from collections.abc import Iterator

from doclint_rules._generator_pages import (
    claimed_source,
    defining,
    documented_object,
    project_sources,
)
from doclint_rules._python_objects import PyObject

from doclint.rule_api import Cause, Finding, MarkdownPage, Rule, RuleContext


class WrongCaller(Rule[MarkdownPage]):
    """Flags a sentence of a profiled generator's page that names a caller of
    the section's object (a pattern of the profile: RepoAgent's "is called
    by the `x` function", "invoked by ... such as `x` and `y`",
    and their Chinese forms, "被`x`方法调用") where the project's
    sources refute it: no function of that name is defined in any source of
    the project, or every function of that name neither calls nor names the
    object. Only what the sources settle is reported: a caller named as a
    class, or in words no pattern reads, is not checked, and a caller that
    names the object in any way (a call, an attribute, an annotation) counts
    as calling it. One finding per sentence.

    **Why is this bad?** "Called by" sentences are how a reader finds where a
    function is used. A generator that names a caller from a stale or
    imagined call graph sends the reader to code that does not exist or
    never makes the call.

    **Example:** under `### FunctionDef from_project_hierarchy_path(repo_path)`,

    ```markdown
    The from_project_hierarchy_path function is typically invoked by other
    methods within the MetaInfo class, such as init_meta_info and
    from_checkpoint_path.
    ```

    while neither method calls it (both call `from_project_hierarchy_json`).

    **Use instead:** regenerate the page, or name the callers the code has.
    """

    code = "DL705"
    name = "wrong-caller"
    summary = "Sentence naming a caller that the project's sources refute."
    UNDEFINED = Cause("wrong-caller/undefined", "Caller not defined in the project")
    NOT_CALLING = Cause("wrong-caller/not-calling", "Caller that never names the object")
    causes = (UNDEFINED, NOT_CALLING)

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        found = claimed_source(page, ctx, "caller-claim")
        if found is None:
            return
        profiled, objects = found
        mentions = [m for m in profiled.mentions if m.claim == "caller-claim" and m.entry]
        functions: dict[str, list[PyObject]] | None = None
        reported: set[int] = set()
        for mention in mentions:
            assert mention.entry is not None
            obj = documented_object(mention.entry, objects)
            if obj is None or mention.line in reported:
                continue
            if functions is None:
                functions = _project_functions(profiled.profile, profiled.project, ctx)
            for caller in mention.callers:
                found = functions.get(caller)
                reported.add(mention.line)
                if found is None:
                    message = f"`{caller}`, named as a caller of `{obj.name}`, is not defined"
                    yield Finding(mention.line, mention.column, message, cause=self.UNDEFINED)
                    break
                if not any(obj.name in function.used for function in found):
                    message = f"`{caller}` does not call `{obj.name}`"
                    yield Finding(mention.line, mention.column, message, cause=self.NOT_CALLING)
                    break
                reported.discard(mention.line)


def _project_functions(
    profile: object, project: str, ctx: RuleContext
) -> dict[str, list[PyObject]]:
    """Every function of the project's sources, by name."""
    by_name: dict[str, list[PyObject]] = {}
    for source in project_sources(profile, project, ctx):
        objects = defining(source, ctx)
        for obj in objects.objects.values() if objects else ():
            if obj.kind == "function":
                by_name.setdefault(obj.name, []).append(obj)
    return by_name
