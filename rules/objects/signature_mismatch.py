"""DL702 signature-mismatch: a heading's parameters are not the code's function's."""

from __future__ import annotations

from collections.abc import Iterator

from doclint.rule_api import Cause, Finding, MarkdownPage, Origin, Rule, RuleContext, RuleDocs


class SignatureMismatch(Rule[MarkdownPage]):
    code = "DL702"
    name = "signature-mismatch"
    origin = Origin.PROFILE
    summary = "Heading's parameter list differs from the function's, by the generator's convention."
    docs = RuleDocs(
        what="""Flags a function heading of a profiled generator's page whose
        parameter list is not the code's, read by the profile's convention. For
        RepoAgent (`positional`) a heading lists the names of the
        positional-or-keyword parameters, `self` and `cls` included, defaults,
        `*args`, keyword-only parameters and `**kwargs` left out, and writes no
        parentheses when there are none: `### FunctionDef get(self, key)` for
        `def get(self, key, default=None, *, strict=False)`. The `all`
        convention lists every parameter's name. One finding per heading, at the
        heading; a heading whose object is missing is left to missing-object.""",
        why="""The heading is the page's summary of how to call the
        function. A parameter added, renamed or removed since the page was
        generated makes the page describe a call that fails, and the parameter
        list below it describes arguments that no longer exist.""",
        example="""`## FunctionDef run` (no parameters) for

        ```python
        def run(model, temperature, request_timeout): ...
        ```""",
        use_instead="regenerate the page: `## FunctionDef run(model, temperature, request_timeout)`.",  # noqa: E501
    )
    WRITTEN_WRONG = Cause("signature-mismatch/written-wrong", "Parameter list not the code's")
    NONE_WRITTEN = Cause("signature-mismatch/none-written", "Parameter list left out")
    causes = (WRITTEN_WRONG, NONE_WRITTEN)

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        # The family's helpers are imported where they are used (__init__.py says why).
        from ._sources import claimed_source, documented_object

        found = claimed_source(page, ctx, "parameters-match")
        if found is None:
            return
        profiled, objects = found
        every = profiled.profile.entries.convention == "all"
        for entry in profiled.entries:
            obj = documented_object(entry, objects)
            if obj is None or obj.kind != "function":
                continue
            written = entry.params or ()
            code = obj.parameters if every else obj.positional
            if written != code:
                shown = f"({', '.join(code)})" if code else "no parameters"
                if written:
                    said, cause = f"with ({', '.join(written)})", self.WRITTEN_WRONG
                else:
                    said, cause = "without parameters", self.NONE_WRITTEN
                message = f"`{entry.dotted}` is written {said}; the code has {shown}"
                yield Finding(entry.line, entry.column, message, cause=cause)
