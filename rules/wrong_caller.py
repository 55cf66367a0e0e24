"""DL705 wrong-caller: a sentence naming a caller the source refutes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from doclint_rules._generator_pages import (
    claimed_source,
    defining,
    documented_object,
    project_sources,
)
from doclint_rules._python_objects import PyObject

from doclint.rule_api import Cause, Finding, MarkdownPage, Profile, Rule, RuleContext


class WrongCaller(Rule[MarkdownPage]):
    """Flags a sentence of a profiled generator's page that names a caller of
    the section's object (a pattern of the profile: RepoAgent's "is called
    by the `x` function", "utilized in the method `x`", "invoked by ...
    such as `x` and `y`", "called by other functions ..., specifically `x`
    and `y`", and their Chinese forms, "被`x`方法调用") where the project's
    sources refute it: no function of that name is defined where the
    sentence places it, or every function of that name there neither calls
    nor names the object. The place is the file the sentence names after the
    caller (`in modules/config.py`, `in the config module`) when the tree
    can read it; else the whole project, but only when the tree can read
    every source it knows of. On a sample of a repository (a `--known-paths`
    listing naming sources that are not there) a caller may live in a file
    the tree does not hold: it is judged only when a file the tree reads is
    named, or the page heads the caller (placing it in the page's source).
    Only what the sources settle is reported: a caller named as a class, or
    in words no pattern reads, is not checked, and a caller that names the
    object in any way (a call, an attribute, an annotation) counts as
    calling it. One finding per sentence.

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
        project: _Project | None = None
        headed = {entry.qualname[-1] for entry in profiled.entries}
        reported: set[int] = set()
        for mention in mentions:
            assert mention.entry is not None
            obj = documented_object(mention.entry, objects)
            if obj is None or mention.line in reported:
                continue
            if project is None:
                project = _Project.read(profiled.profile, profiled.project, ctx)
            places = _places(ctx.lines[mention.line - 1][mention.column - 1 :], mention.callers)
            for caller, place in zip(mention.callers, places, strict=True):
                named = _named_files(place, project)
                if not named and caller in headed and not project.complete:
                    # A caller the page heads is one the page places in its
                    # source: where a sample cannot settle "anywhere", that can.
                    named = [profiled.source]
                finding = self._judge(caller, obj, project, named or [])
                if finding is not None:
                    reported.add(mention.line)
                    yield Finding(mention.line, mention.column, finding[0], cause=finding[1])
                    break

    def _judge(
        self, caller: str, obj: PyObject, project: _Project, named: list[str]
    ) -> tuple[str, Cause] | None:
        """The message and cause refuting one caller, or None when the
        sources say it is right or cannot settle it."""
        readable = [path for path in named if path in project.readable]
        if readable:
            # The sentence says where the caller is: that file settles it.
            found = [f for path in readable for f in project.readable[path].get(caller, ())]
            where = f" in `{readable[0]}`"
        elif project.complete:
            found = project.functions.get(caller, [])
            where = ""
        else:
            return None  # the caller may live in a source the tree does not hold
        if not found:
            return f"`{caller}`, named as a caller of `{obj.name}`, is not defined{where}", (
                self.UNDEFINED
            )
        if not any(obj.name in function.used for function in found):
            return f"`{caller}` does not call `{obj.name}`", self.NOT_CALLING
        return None


# A file a caller sentence places its caller in: `a/b.py`, or `the b module`.
_FILE = re.compile(
    r"(?<![\w/.])(?P<path>[A-Za-z_][\w/.]*\.py)(?!\w)|\bthe (?P<module>[A-Za-z_][\w.]*) module\b"
)
_SENTENCE_END = re.compile(r"\.(?=\s|$)")


class _Project(NamedTuple):
    """The project's sources as a caller claim needs them."""

    sources: list[str]
    readable: dict[str, dict[str, list[PyObject]]]
    """Per source the tree can read, its functions by name."""
    complete: bool
    """Every source the tree knows of (a `--known-paths` listing names
    more) can be read: only then is a name defined nowhere refuted."""
    functions: dict[str, list[PyObject]]
    """Every function of the readable sources, by name."""

    @classmethod
    def read(cls, profile: Profile, project: str, ctx: RuleContext) -> _Project:
        sources = project_sources(profile, project, ctx)
        readable: dict[str, dict[str, list[PyObject]]] = {}
        complete = True
        for source in sources:
            if ctx.source_at(source) is None:
                complete = False
                continue
            objects = defining(source, ctx)
            functions: dict[str, list[PyObject]] = {}
            for obj in objects.objects.values() if objects else ():
                if obj.kind == "function":
                    functions.setdefault(obj.name, []).append(obj)
            readable[source] = functions
        by_name: dict[str, list[PyObject]] = {}
        for functions in readable.values():
            for name, found in functions.items():
                by_name.setdefault(name, []).extend(found)
        return cls(sources, readable, complete, by_name)


def _places(text: str, callers: tuple[str, ...]) -> list[str]:
    """Per caller, the words of the sentence starting `text` that follow it up
    to the next caller: where a file placing it would be named."""
    end = _SENTENCE_END.search(text)
    sentence = text[: end.start()] if end else text
    starts: list[int] = []
    for caller in callers:
        after = starts[-1] if starts else 0
        found = re.search(rf"(?<!\w){re.escape(caller)}(?!\w)", sentence[after:])
        starts.append(after + (found.end() if found else 0))
    ends = [*starts[1:], len(sentence)][: len(starts)]
    return [sentence[start:end] for start, end in zip(starts, ends, strict=True)]


def _named_files(text: str, project: _Project) -> list[str] | None:
    """The project's sources matching the first file `text` names as a place
    (empty when the project has no such file); None when it names none."""
    match = _FILE.search(text)
    if match is None:
        return None
    path = match.group("path")
    if path is None:
        module = match.group("module").replace(".", "/")
        wanted = (f"{module}.py", f"{module}/__init__.py")
    else:
        wanted = (path.removeprefix("./"),)
    return [
        source
        for source in project.sources
        if any(source == w or source.endswith(f"/{w}") for w in wanted)
    ]
