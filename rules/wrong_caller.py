"""DL705 wrong-caller: a sentence naming a caller the source refutes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

from doclint.rule_api import (
    Cause,
    Finding,
    MarkdownPage,
    Origin,
    Rule,
    RuleContext,
    RuleDocs,
    shipped_pattern,
)
from doclint.rule_api_generators import Profile

from ._generator_pages import (
    claimed_source,
    defining,
    documented_object,
    project_sources,
    source_file,
)

if TYPE_CHECKING:
    from ._python_objects import PyObject


class WrongCaller(Rule[MarkdownPage]):
    code = "DL705"
    name = "wrong-caller"
    origin = Origin.PROFILE
    summary = "Sentence naming a caller that the project's sources refute."
    docs = RuleDocs(
        what="""Flags a sentence of a profiled generator's page that names a caller of
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
        calling it. A caller written as a file (`run_A2C.py`, as in "被多个训练脚本
        调用, 如`run_A2C.py`、`run_DQN.py`等") claims that the file uses the
        object: it is refuted when the project has no such file, or the file
        never names the object; a file then a name
        (`src/main.py/_route`) is that file's function. One finding per sentence.""",
        why=""""Called by" sentences are how a reader finds where a
        function is used. A generator that names a caller from a stale or
        imagined call graph sends the reader to code that does not exist or
        never makes the call.""",
        example="""under `### FunctionDef from_project_hierarchy_path(repo_path)`,

        ```markdown
        The from_project_hierarchy_path function is typically invoked by other
        methods within the MetaInfo class, such as init_meta_info and
        from_checkpoint_path.
        ```

        while neither method calls it (both call `from_project_hierarchy_json`).""",
        use_instead="regenerate the page, or name the callers the code has.",
    )
    UNDEFINED = Cause("wrong-caller/undefined", "Caller not defined in the project")
    NOT_CALLING = Cause("wrong-caller/not-calling", "Caller that never names the object")
    NO_FILE = Cause("wrong-caller/no-file", "File named as a caller that the project lacks")
    causes = (UNDEFINED, NOT_CALLING, NO_FILE)

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
                written = source_file(caller, project.suffix)
                if written is not None:
                    finding = self._judge_file(written[0], written[1], obj, project, ctx)
                else:
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
            found = [f.used for path in readable for f in project.readable[path].get(caller, ())]
            where = f" in `{readable[0]}`"
        elif project.complete:
            found = [f.used for f in project.functions.get(caller, [])]
            where = ""
        else:
            return None  # the caller may live in a source the tree does not hold
        if not found:
            message = f"`{caller}`, named as a caller of `{obj.name}`, is not defined{where}"
            elsewhere = sorted({f.path for f in project.functions.get(caller, [])}) if where else []
            if elsewhere:
                message += f"; it is defined in `{elsewhere[0]}`"
            return message, self.UNDEFINED
        if not any(obj.name in used for used in found):
            return f"`{caller}` does not call `{obj.name}`", self.NOT_CALLING
        return None

    def _judge_file(
        self, written: str, function: str | None, obj: PyObject, project: _Project, ctx: RuleContext
    ) -> tuple[str, Cause] | None:
        """The message and cause refuting a file named as a caller (`run_A2C.py`:
        the file uses the object; `main.py/_route`: its function calls it)."""
        wanted = written.removeprefix("./")
        named = [s for s in project.sources if s == wanted or s.endswith(f"/{wanted}")]
        if not named:
            if not project.complete:
                return None  # the file may be one the tree does not hold
            return f"`{written}`, named as using `{obj.name}`, does not exist", self.NO_FILE
        if function is not None:
            return self._judge(function, obj, project, named)
        texts = [text.text for path in named if (text := ctx.source_at(path)) is not None]
        if not texts:
            return None
        word = re.compile(rf"(?<!\w){re.escape(obj.name)}(?!\w)")
        if any(word.search(text) for text in texts):
            return None
        return f"`{named[0]}`, named as using `{obj.name}`, never names it", self.NOT_CALLING


# A file a caller sentence places its caller in: `a/b.py`, or `the b module`.
_FILE = shipped_pattern(
    r"(?<![\w/.])(?P<path>[A-Za-z_][\w/.]*\.py)(?!\w)|\bthe (?P<module>[A-Za-z_][\w.]*) module\b"
)
_SENTENCE_END = shipped_pattern(r"\.(?=\s|$)")


class _Project(NamedTuple):
    """The project's sources as a caller claim needs them."""

    sources: list[str]
    readable: dict[str, dict[str, list[PyObject]]]
    """Per source the tree can read, its functions by name."""
    complete: bool
    """Every source the tree knows of (a `--known-paths` listing names
    more) can be read: only then is a name defined nowhere refuted."""
    functions: dict[str, list[_Located]]
    """Every function of the readable sources, by name, with its source."""
    suffix: str
    """How the names of the generator's sources end (`.py`)."""

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
        by_name: dict[str, list[_Located]] = {}
        for path, functions in readable.items():
            for name, found in functions.items():
                by_name.setdefault(name, []).extend(_Located(path, f.used) for f in found)
        return cls(
            sources, readable, complete, by_name, profile.layout.source.partition("{path}")[2]
        )


class _Located(NamedTuple):
    """A function of the project: its source, and the names its body uses."""

    path: str
    used: frozenset[str]


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
    wanted: tuple[str, ...]
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
