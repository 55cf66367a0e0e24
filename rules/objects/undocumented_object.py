"""DL704 undocumented-object: a class or function of the source without its heading on the page."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from doclint.rule_api import Cause, Finding, MarkdownPage, Origin, Rule, RuleContext, RuleDocs

if TYPE_CHECKING:
    from doclint.rule_api_generators import Entry

    from .._common.python_objects import PyObject


class UndocumentedObject(Rule[MarkdownPage]):
    code = "DL704"
    name = "undocumented-object"
    origin = Origin.PROFILE
    summary = "Class or function of the page's source with no heading on the page."
    docs = RuleDocs(
        what="""Flags each class and function of a profiled generator's source that
        has no heading on its page, where the profile says the generator writes
        one: RepoAgent documents every `class` and `def` `ast.walk` finds,
        nested functions and private `_names` included (a profile may leave
        either out). An object whose name has a heading at another place (at
        the top level, under its class, or under a function's heading, where
        a misplaced heading took it in) is not counted (missing-object
        reports that heading), each such heading standing for one object only
        (the first, in the source's order); a method whose name is headed only
        under another class is. Nor is an object whose heading a code block
        left open swallowed (truncated-page reports the block). A source
        Python 3.11 cannot parse (a newer Python's f-string, `f"{row["id"]}"`,
        in code that moved on since the page), on every CPython alike, is read
        with those lines blanked,
        unless one opens a definition. Findings are on the
        page's first line and name the object (`Class.method`).""",
        why="""A page that covers a module promises all of it. An
        object added after the last run, or one the run failed on, is silently
        missing, and readers conclude it does not exist.""",
        example="""`repo_agent/settings.py` defines
        `SettingsManager.initialize_with_params`, and
        `markdown_docs/repo_agent/settings.md` has no
        `### FunctionDef initialize_with_params(...)`.""",
        use_instead="regenerate the page so that every object has its section.",
    )
    CLASS = Cause("undocumented-object/class", "Class without its heading")
    FUNCTION = Cause("undocumented-object/function", "Function without its heading")
    causes = (CLASS, FUNCTION)

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        # The family's helpers are imported where they are used (__init__.py says why).
        from ._sources import claimed_source

        # The headings are judged against the source's outline: one a newer
        # Python wrote (code that moved on since the page) still has its objects.
        found = claimed_source(page, ctx, "coverage", outline=True)
        if found is None:
            return
        profiled, objects = found
        profile = profiled.profile
        headed = {entry.qualname for entry in profiled.entries}
        kinds = {entry.qualname: entry.kind for entry in profiled.entries}
        # A heading at another place stands for one object only: a page's one
        # top-level `forward` does not head the `forward` of every class.
        loose: dict[str, list[Entry]] = {}
        for entry in profiled.entries:
            if entry.qualname not in objects.objects:
                loose.setdefault(entry.qualname[-1], []).append(entry)
        for qualname, obj in objects.objects.items():
            if qualname in headed:
                continue
            named = loose.get(qualname[-1], [])
            stand_in = next((e for e in named if _heads(e, qualname, kinds)), None)
            if stand_in is not None:
                named.remove(stand_in)
                continue
            if not profile.private_documented and any(map(_private, qualname)):
                continue
            if not profile.nested_documented and _nested_function(qualname, objects.objects):
                continue
            message = (
                f"{obj.kind} `{obj.dotted}` (line {obj.line} of `{profiled.source}`) has no heading"
            )
            cause = self.CLASS if obj.kind == "class" else self.FUNCTION
            yield Finding(1, 1, message, cause=cause)


def _heads(entry: Entry, qualname: tuple[str, ...], kinds: dict[tuple[str, ...], str]) -> bool:
    """Whether a heading at another place stands for the object: it has its
    name, at the top level, under its class (at any depth), or under a
    function's heading (`kinds`: each heading's kind), where no method can
    be (a misplaced heading before it took it in). A method's name under
    another class (`ResBlock.__init__` for `Block.__init__`) is that class's
    method, not this one's."""
    if entry.qualname[-1] != qualname[-1]:
        return False
    if len(qualname) == 1 or len(entry.qualname) == 1 or qualname[-2] in entry.qualname[:-1]:
        return True
    return kinds.get(entry.qualname[:-1]) == "function"


def _private(name: str) -> bool:
    """`_x` is private; `__init__` and the other dunders are not."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _nested_function(qualname: tuple[str, ...], objects: dict[tuple[str, ...], PyObject]) -> bool:
    """Whether the object sits inside a function (a method does not)."""
    return any(objects[qualname[:end]].kind == "function" for end in range(1, len(qualname)))
