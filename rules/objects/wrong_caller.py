"""DL705 wrong-caller: a sentence naming a caller the source refutes."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import partial
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

if TYPE_CHECKING:
    from doclint.rule_api_generators import Mention, ProfiledPage

    from .._common.project_python import ProjectAt, ProjectModel
    from .._common.python_objects import PyObject

    # A refuted caller: the message, the cause, and whether the caller
    # called the object in the project at the page's commit.
    Refuted = tuple[str, Cause, Callable[[ProjectAt], bool]]


class WrongCaller(Rule[MarkdownPage]):
    code = "DL705"
    name = "wrong-caller"
    origin = Origin.PROFILE
    summary = "Sentence naming a caller that the project's sources refute."
    docs = RuleDocs(
        what="""Flags a sentence of a profiled generator's page that names a caller of the
        section's object (a pattern of the profile: RepoAgent's "is called by the
        `x` function", "utilized in the method `x`", "invoked by ... such as `x` and
        `y`", "called by other functions ..., specifically `x` and `y`", "called
        within the `X` class", "invoked by ..., including `x`", "is called by `x`"
        (a name in backticks no kind word follows), "called in ..., notably within
        the `x` function", "utilized in functions such as `x`", and their
        Chinese forms, "被`x`方法调用") where the project's sources refute it: no
        function or class of that name is defined where the sentence places it, or
        every one of that name there neither calls nor names the object, itself or
        through what it calls (a helper it calls, a class it constructs, a helper of
        that: a class calls what its methods call; a method it calls on an object
        of no known type, `item.persist()`, is no helper followed, every class's
        method of that name being a candidate). A sentence whose subject is
        another object of the project ("The _rot13 function is called within ..."
        under `process_rot13`) is judged of that object, as is a relative clause
        of a name before it ("... `_rot13`, which is called by ...", "the `_rot13`
        function, which is invoked within ..."); one of a
        name the project does not define ("the API, which is expected to be
        called by ..."), or whose subject is an attribute or several functions
        ("The `x` attribute is not set here, but it is used in ..."), is not
        judged. The place is the file the sentence names after the caller
        (`in modules/config.py`, `in the config module`) when the tree can read
        it; else the whole project, but only when the tree can read every source
        it knows of. On a sample of a repository (a `--known-paths` listing
        naming sources that are not there) a caller may live
        in a file the tree does not hold: it is judged only when a file the tree
        reads is named, or the page heads the caller (placing it in the page's
        source). Only what the sources settle is reported: a caller in words no
        pattern reads is not checked, a lower-case word the project defines nowhere
        before a plural kind word ("used in the operator functions") is prose, and a
        caller that names the object in any way (a call, an attribute, an
        annotation, `getattr(x, "name")`) counts as calling it, except a call
        through an attribute of `self` whose class the source states (`self.h = H()`, `h: H`), which
        calls a method of that class, its bases or subclasses only. A caller
        written as a file (`run_A2C.py`, as in "被多个训练脚本调用,
        如`run_A2C.py`、`run_DQN.py`等") claims that the file uses the object: it
        is refuted when the project has no such file, or the file
        never names the object; a file then a name (`src/main.py/_route`) is that
        file's function, and a module's dotted name with the suffix
        (`src.main.py`) is its file. A module written by its name (`graph`, no function
        or class of the project being so called) is the module's file, judged
        the same way; the standard library's (`operator`) is not judged, unless
        a kind word makes it a function ("the operator function"). A name is
        read as it renders: one whose underscores are escaped (`read\\_store`, as
        small models write every name) is `read_store`. A caller sentence
        whose verb is negated ("is not called by `x`", "is not directly
        invoked by", "不被`x`调用") names no caller: it denies a call, which
        wrong-relation judges. One finding per sentence. A caller that does
        not call the object, or that the project defines nowhere, is answered
        with what the code has instead: the functions whose own body names
        it ("`open` does not call `get`; `fetch` calls it"), at most three
        by name, none when no function of the project names it.

        Where the history has the commit the page last changed in (and the
        page is that commit's), a caller that called the object there is
        told apart: its message says so and names the commit (the code
        changed after the page was written), while one that did not call it
        there either keeps its cause (the generator made it up). At that
        commit only the file the sentence names is read, else the page's
        source and the files defining the caller now, and a caller calls
        the object where its body names it, or that of a helper those files
        define does (a helper of a helper at most).

        A heading an earlier section's code block swallowed (an output
        example whose nested fence closed it early) still opens its
        object's section, as its author meant: the text under it is judged
        against that object, not the one above.""",
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
    DRIFT = Cause("wrong-caller/drift", "Caller that called the object when the page was written")
    causes = (UNDEFINED, NOT_CALLING, NO_FILE, DRIFT)

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        # The family's helpers are imported where they are used (__init__.py says why).
        from .._common.project import project
        from ._sources import claimed_source, documented_object, in_broken_example

        found = claimed_source(page, ctx, "caller-claim")
        if found is None:
            return
        profiled, objects = found
        example = in_broken_example(page, ctx, profiled)
        mentions = [
            m
            for m in profiled.mentions
            if m.claim == "caller-claim" and m.entry and not example(m.line)
        ]
        model: ProjectModel | None = None
        reported: set[int] = set()
        for mention in mentions:
            assert mention.entry is not None
            obj = documented_object(mention.entry, objects)
            if obj is None or mention.line in reported:
                continue
            if model is None:
                model = project(ctx).python(profiled.profile, profiled.project)
            parent = objects.objects.get(obj.qualname[:-1])
            of = parent.name if parent is not None and parent.kind == "class" else None
            finding = self._judge_mention(mention, obj, of, profiled, model, ctx)
            if finding is None:
                continue
            reported.add(mention.line)
            message, cause, held = finding
            at = project(ctx).python_at(page)
            if at is not None and held(at):
                message, cause = message + at.note, self.DRIFT
            yield Finding(mention.line, mention.column, message, cause=cause)

    def _judge_mention(
        self,
        mention: Mention,
        obj: PyObject,
        of: str | None,
        profiled: ProfiledPage,
        model: ProjectModel,
        ctx: RuleContext,
    ) -> Refuted | None:
        """The first caller of `obj` (a method of the class `of`, if any) the
        mention's sentence names that the sources refute; None for none."""
        from doclint.rule_api_generators import source_file

        from .._common.stdlib import STDLIB_MODULES

        line = ctx.lines[mention.line - 1]
        before, after = line[: mention.column - 1], line[mention.column - 1 :]
        target = _subject(before, obj.name, model)
        if target is None or _PARTICIPLE.search(before):
            return None
        if target != obj.name:
            of = None  # another object the sentence names, of no known class
        # Calling an instance, or constructing it, calls these methods.
        implicit = target == obj.name and target in _IMPLICIT and len(obj.qualname) > 1
        owner = obj.qualname[-2] if implicit else None
        headed = {entry.qualname[-1] for entry in profiled.entries}
        project = profiled.project
        for caller, place in zip(mention.callers, _places(after, mention.callers), strict=True):
            written = source_file(caller, model.suffix)
            if written is not None:
                finding = self._judge_file(written[0], written[1], target, of, model, ctx)
                held = partial(_file_called, written[0], written[1], target, model, project)
            else:
                wanted = (target,) if owner is None else (target, owner)
                defining = [profiled.source, *(d.path for d in model.defined(caller))]
                held = partial(
                    _called, caller, wanted, _written_place(place), defining, model, project
                )
                named = _named_files(place, model)
                if not named and caller in headed and not model.complete:
                    # A caller the page heads is one the page places in its
                    # source: where a sample cannot settle "anywhere", that can.
                    named = [profiled.source]
                prose = _prose_word(caller, after.split(caller, 1)[0], place, line)
                # "被`operator`调用": the standard library's module, unless a
                # kind word after it makes it a function ("the operator function").
                prose |= caller in STDLIB_MODULES and _ONE_KIND.match(place) is None
                finding = self._judge(caller, target, of, model, named or [], prose, owner)
            if finding is not None:
                return (*finding, held)
        return None

    def _judge(
        self,
        caller: str,
        target: str,
        of: str | None,
        model: ProjectModel,
        named: list[str],
        prose: bool,
        owner: str | None = None,
    ) -> tuple[str, Cause] | None:
        """The message and cause refuting one caller of `target` (a method of
        the class `of`, if any; one that constructing or calling the class
        `owner` runs, if any), or None when the sources say it is right or
        cannot settle it."""
        if caller == target:
            return None  # a method of the same name elsewhere: an override, a dispatch
        readable = [path for path in named if path in model.readable]
        if readable:
            # The sentence says where the caller is: that file settles it.
            found = model.defined(caller, readable)
            where = f" in `{readable[0]}`"
        elif model.complete:
            found = model.defined(caller)
            where = ""
        else:
            return None  # the caller may live in a source the tree does not hold
        if not found:
            modules = [path for path in model.module(caller) if path in model.readable]
            if modules:
                return self._module(modules, target, model)
            return self._undefined(caller, target, of, model, prose, where)
        if any(d.kind == "class" and target in model.attributes(d) for d in found):
            return None  # a class with a method of that name: the framework dispatches to it
        wanted = (target,) if owner is None else (target, owner)
        if not any(
            model.reaches(d, name, of if name == target else None) for d in found for name in wanted
        ):
            return (
                f"`{caller}` does not call `{target}`{_instead(target, of, model)}",
                self.NOT_CALLING,
            )
        return None

    def _module(
        self, modules: list[str], target: str, model: ProjectModel
    ) -> tuple[str, Cause] | None:
        """A module of the project named as a caller by its name ("被`operators`
        调用"): right when it names the object anywhere."""
        if any(model.mentions(path, target) for path in modules):
            return None
        return f"`{modules[0]}`, named as using `{target}`, never names it", self.NOT_CALLING

    def _undefined(
        self,
        caller: str,
        target: str,
        of: str | None,
        model: ProjectModel,
        prose: bool,
        where: str,
    ) -> tuple[str, Cause] | None:
        """The message and cause of a caller not defined where the sentence
        says (`where`, or anywhere in the project when empty), with the
        functions that do call `target` when it is defined nowhere; None for a
        word of prose ("the operator functions"), or a name that may hold a
        callable without defining one (`self.activate = ...`, a library's
        function the project imports)."""
        if not model.defined(caller) and (
            prose or caller in model.bound or caller in model.imported
        ):
            return None
        message = f"`{caller}`, named as a caller of `{target}`, is not defined{where}"
        elsewhere = sorted({d.path for d in model.defined(caller)}) if where else []
        if elsewhere:
            return f"{message}; it is defined in `{elsewhere[0]}`", self.UNDEFINED
        return message + _instead(target, of, model), self.UNDEFINED

    def _judge_file(
        self,
        written: str,
        function: str | None,
        target: str,
        of: str | None,
        model: ProjectModel,
        ctx: RuleContext,
    ) -> tuple[str, Cause] | None:
        """The message and cause refuting a file named as a caller (`run_A2C.py`:
        the file uses the object; `main.py/_route`: its function calls it)."""
        named = model.module(written)
        if not named:
            if not model.complete:
                return None  # the file may be one the tree does not hold
            return f"`{written}`, named as using `{target}`, does not exist", self.NO_FILE
        if function is not None:
            return self._judge(function, target, of, model, named, prose=False)
        texts = [text.text for path in named if (text := ctx.source_at(path)) is not None]
        if not texts:
            return None
        word = re.compile(rf"(?<!\w){re.escape(target)}(?!\w)")
        if any(word.search(text) for text in texts):
            return None
        return f"`{named[0]}`, named as using `{target}`, never names it", self.NOT_CALLING


def _instead(target: str, of: str | None, model: ProjectModel) -> str:
    """What the code has instead of a caller a sentence names wrongly: the
    functions naming `target` ("; `a` and `b` call it"), at most three, or
    nothing when none does (the framework may call it)."""
    from .._common.project_python import few

    found = model.callers(target, of)
    if not found:
        return ""
    return f"; {few(found)} call{'s' if len(found) == 1 else ''} it"


# A file a caller sentence places its caller in: `a/b.py` (`a\b.py` as Windows
# writes it), or `the b module`.
_FILE = compiled_on_use(
    r"(?<![\w/.\\])(?P<path>[A-Za-z_][\w/.\\]*\.py)(?!\w)"
    r"|\bthe (?P<module>[A-Za-z_][\w.]*) module\b"
)
_SENTENCE_END = compiled_on_use(r"\.(?=\s|$)")


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


def _written_place(text: str) -> str | None:
    """The first file or module `text` names as a place, as written."""
    match = _FILE.search(text)
    if match is None:
        return None
    path = match.group("path")
    return match.group("module") if path is None else path


def _named_files(text: str, model: ProjectModel) -> list[str] | None:
    """The project's sources matching the first file `text` names as a place
    (empty when the project has no such file); None when it names none."""
    written = _written_place(text)
    return None if written is None else model.module(written)


def _called(
    caller: str,
    wanted: tuple[str, ...],
    written: str | None,
    defining: list[str],
    model: ProjectModel,
    project: str,
    at: ProjectAt,
) -> bool:
    """A caller called one of `wanted` at the page's commit, looked for in
    the file the sentence places it in (`written`), else in `defining`: the
    page's source and the files that define it now."""
    paths = defining if written is None else at.files(written, model, project)
    return at.calls(paths, caller, wanted)


def _file_called(
    written: str,
    function: str | None,
    target: str,
    model: ProjectModel,
    project: str,
    at: ProjectAt,
) -> bool:
    """A file named as a caller used `target` at the page's commit (or its
    function `function` called it)."""
    paths = at.files(written, model, project)
    if function is not None:
        return at.calls(paths, function, (target,))
    return any(at.mentions(path, target) for path in paths)


# The words before a caller sentence that name what is called, when it is not
# the section's object: "The _rot13 function is called within ...".
_SUBJECT = compiled_on_use(
    r"(?:^|[.;:!?]\s+|\*\*\s*)(?:[Tt]he |[Ii]ts )?`?(?P<name>[A-Za-z_][\w.]*)`?\(?\)?"
    r"(?: (?:function|method|class|constructor))?"
    r"(?: (?:is|are|was|were|gets|get|will be|may be|can be|should be)"
    r"(?: also| only| typically| primarily| mainly| mostly| directly)?)?\s*$"
)
# A relative clause ending where the caller sentence's verb comes: "the
# API, which is expected to be (called by)", "the `_blur` function, which
# is invoked within".
_RELATIVE = compiled_on_use(
    r"`?(?P<noun>[A-Za-z_][\w.]*)`?(?:\(\))?(?: (?:function|method|class))?,\s+(?:which|that)\s+"
    r"(?:[a-z]+\s+){0,4}$"
)
# A sentence (or list item) whose subject is attributes or several functions,
# not the section's object: "The `__module_name` attribute is not defined here,
# but it is used in ...", "The `get_backends` and `log` functions used in ...".
_OTHER_SUBJECT = compiled_on_use(
    r"(?:^|[.;:!?]\s+|\*\*\s*|^\s*[*\-·]\s+)(?:[Tt]he )?(?P<names>`?[A-Za-z_][\w.\\]*`?"
    r"(?:(?:,| and) `?[A-Za-z_][\w.\\]*`?)*) (?P<kind>attributes?|variables?|functions)\b"
    r"[^.;!?]*$"
)
# Words a sentence starts with that refer to the section's object.
_ITSELF = frozenset(
    {"it", "this", "which", "that", "these", "they", "and", "also", "function", "method"}
)
# A bare word of prose: lower case letters only.
_WORD = compiled_on_use(r"[a-z]+")


def _subject(before: str, name: str, model: ProjectModel) -> str | None:
    """What a caller sentence says is called: the section's object `name`,
    or another object of the project its words name first ("The _rot13
    function is called within ..." under `process_rot13`); None when it is
    something the project does not define."""
    other = _OTHER_SUBJECT.search(before[-160:])
    if other is not None and (other["kind"] != "functions" or " and " in other["names"]):
        return None  # "The `x` attribute is ..., but it is used in": the attribute's sentence
    relative = _RELATIVE.search(before[-160:])
    if relative is not None:
        # "a response from the API, which is expected to be called by": the
        # clause is of the noun before it. A name-like noun other than the
        # object is what is called; a plain word ("a helper") may be the object.
        noun = relative.group("noun").rpartition(".")[2]
        if noun == name or _WORD.fullmatch(noun):
            return name
        return noun if model.defined(noun) else None
    match = _SUBJECT.search(before[-160:])
    if match is None:
        return name
    subject = match.group("name").rpartition(".")[2]
    if subject.lower() in _ITSELF or subject == name:
        return name
    if model.defined(subject):
        return subject
    return name if not _WORD.fullmatch(subject) else None


def _prose_word(caller: str, said: str, place: str, line: str) -> bool:
    """`caller` is a word of the sentence's prose, not a name: lower case
    letters only, never in backticks, with no kind word marking the list as
    functions before it ("called by two functions: a and b") nor one naming
    it after it ("used in the operator functions", "such as classification
    and regression"; "called by the download function" names one); or a word
    the kind word qualifies, the name following it ("utilized by the OpenCV
    function cv2.warpAffine()")."""
    if _LIBRARY.match(place) or (caller in _KINDS_OF_FUNCTION and f"`{caller}" not in line):
        return True
    return (
        _WORD.fullmatch(caller) is not None
        and f"`{caller}" not in line
        and _ONE_KIND.match(place) is None
        and _KIND_BEFORE.search(said[-40:]) is None
    )


# "the parameters used in the x function": "used" qualifies a noun of the
# sentence, not the section's object.
_PARTICIPLE = compiled_on_use(
    r"\b(?:parameters?|arguments?|values?|variables?|data|settings?|attributes?|outputs?"
    r"|results?|inputs?|options?|objects?|instances?|tokens?|tensors?|keys?|items?)\s*$"
)
# Methods a class's instance runs without being named: constructing it, calling it.
_IMPLICIT = frozenset({"__init__", "__new__", "__post_init__", "__call__", "forward"})
# Words that make a kind of function with "function" ("the loss function"):
# a name no project needs to define.
_KINDS_OF_FUNCTION = frozenset(
    {"loss", "activation", "objective", "callback", "helper", "utility", "wrapper", "cost"}
    | {"reward", "hash", "lambda", "scoring", "kernel", "transfer", "distance", "comparison"}
    | {"decorator", "factory", "generator", "handler", "entry", "key", "custom", "user"}
    | {"builtin", "library", "main", "target", "parent", "caller", "calling", "sorting"}
)
_KIND_BEFORE = compiled_on_use(r"\b(?:functions?|methods?)\b")
_ONE_KIND = compiled_on_use(r"\s+(?:function|method)\b(?!s)")
_LIBRARY = compiled_on_use(r"\s+(?:function|method|class)\s+`?[A-Za-z_][\w]*(?:\.\w+|\(\))")
