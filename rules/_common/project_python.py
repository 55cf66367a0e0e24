"""A profiled generator's Python project, a part of the model of the project
(`project.py`): every class and function its Python sources define (kind,
qualified name, file, line, the names its body uses, a class's bases), the
modules by their file and dotted names, and who reaches whom by calls. The
rules that judge a page's prose claims (a caller, a base, where a thing is
defined) ask it, instead of reading the project's sources page by page.

A sentence names things loosely: a method by its last name (`self.run`), a
module by its path written with `/` or `\\`, or dotted. Calls are read as
names too (`ast` gives no types), so "X calls Y" holds when X's body, or the
body of a project function or class X names (a helper, a class it
constructs), names Y: the model may take a wrong call for a right one, never
the other way. A method called on another object of no known type
(`item.persist()`) is matched by its name but not followed as a helper: every
class's method of that name would be. Only a call through an attribute of `self` whose type the
class states as one of the project's classes (`self.helper = Helper()`, then
`self.helper.run()`) is read with its type: it reaches `Helper`'s `run`, its
bases' and subclasses', and no other `run`.

Where the tree's history has the commit a page last changed in, the page
is also judged against the project at that commit (`ProjectAt`), as far
as its refuted claims name it: the sources they name, read from the
commit as they are now from the tree. A claim that held there went stale
when the code moved on; one that did not was never true.
"""

from __future__ import annotations

import posixpath
import re
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from doclint.rule_api import HistoryView, PageBase, RuleContext
from doclint.rule_api_generators import Profile

from .python_objects import ModuleObjects, PyObject, Qualified, python_objects

# How many definitions a search for a call through helpers reads at most: a
# helper of a helper is still a call ("forward" calling through `_run`), and
# a search that ran on through the whole project would find every name.
_HELPER_DEPTH = 2
_MOST_READ = 400
# How deep a class's bases are followed through the project's classes.
_ANCESTRY_DEPTH = 8
# How many sources at a page's commit the judging of its claims reads at most.
_MOST_AT = 12
# How many functions passing `**kwargs` on to one another `options` follows.
_OPTIONS_CHAIN = 4
# What a walk through helpers has looked up: names, and (class, name) pairs.
_Seen = set[str | tuple[str, str]]
_WORDS = re.compile(r"[A-Za-z_]\w*")


@dataclass(frozen=True, slots=True)
class Definition(Qualified):
    """A class or function of the project."""

    kind: str
    """"class" or "function"."""
    qualname: tuple[str, ...]
    path: str
    line: int
    used: frozenset[str]
    """The names its body (nested bodies and, for a class, its methods too) uses."""
    bases: tuple[str | None, ...] = ()
    typed: frozenset[tuple[str, str]] = frozenset()
    """What its body reads through an attribute of `self` of a project class:
    (the class's name, the name read); `used` holds the names read through
    an attribute of no known type."""
    loose: frozenset[str] = frozenset()
    """The names of `used` read only as an attribute of another object
    (`item.save()`): matched as a call, never followed as a helper."""


@dataclass(slots=True)
class ProjectModel:
    """The project's definitions and modules."""

    sources: list[str]
    """Every source of the project, readable or not, relative to the root."""
    readable: dict[str, ModuleObjects]
    """Per source the tree can read and parse, its objects."""
    complete: bool
    """Every source the tree knows of can be read: only then is a name
    defined nowhere refuted."""
    suffix: str
    by_name: dict[str, list[Definition]] = field(default_factory=dict)
    """Every definition by its own (last) name."""
    bound: set[str] = field(default_factory=set)
    """Every attribute a class of a readable source has or sets (`self.x =`)
    and every module-level name bound to a call's result: a name that may
    hold a callable without defining it."""
    imported: set[str] = field(default_factory=set)
    """Every name an import of a readable source binds, and the last part of
    what it imports (`from a import B as C`: C and B): a name of a source the
    tree may not hold."""
    texts: dict[str, str] = field(default_factory=dict)
    """Per readable source, its text."""
    _reach: dict[tuple[int, str, str | None], bool] = field(default_factory=dict)
    _words: frozenset[str] | None = None
    _ancestry: dict[str, frozenset[str]] = field(default_factory=dict)

    def attributes(self, cls: Definition) -> frozenset[str]:
        """The attributes and methods of a class of the model."""
        obj = (
            self.readable[cls.path].objects.get(cls.qualname) if cls.path in self.readable else None
        )
        return obj.attributes if obj is not None else frozenset()

    def options(self, written: str, seen: frozenset[str] = frozenset()) -> frozenset[str] | None:
        """The parameters the project's functions called as `written` names
        (its last part) take, a class's by its `__init__`: what a function
        passing its `**kwargs` on to them takes, with the options of those
        it passes its own `**kwargs` on to again (`seen` holds the callees
        the chain passed through). None when the project defines none, or
        a chain reaches a library's function, a base's `__init__`
        (`super().__init__(**kwargs)`), itself again or `_OPTIONS_CHAIN`
        callees: unknown."""
        name = written.rpartition(".")[2]
        definitions = self.defined(name)
        if not definitions or name in seen or len(seen) >= _OPTIONS_CHAIN:
            return None
        found: set[str] = set()
        for definition in definitions:
            objects = self.readable.get(definition.path)
            obj = None if objects is None else objects.objects.get(definition.qualname)
            if obj is not None and obj.kind == "class" and objects is not None:
                obj = objects.objects.get((*obj.qualname, "__init__"))
            if obj is None:
                return None
            found |= {*obj.parameters, *obj.options}
            for callee in obj.forwarded:
                passed_on = (
                    None if callee.startswith("super()") else self.options(callee, seen | {name})
                )
                if passed_on is None:
                    return None
                found |= passed_on
        return frozenset(found)

    def defined(self, name: str, paths: list[str] | None = None) -> list[Definition]:
        """The definitions called `name`, in `paths` only when given."""
        found = self.by_name.get(name, [])
        return found if paths is None else [d for d in found if d.path in paths]

    def mentions(self, path: str, name: str) -> bool:
        """The readable source at `path` has `name` as a word anywhere."""
        return _has_word(self.texts.get(path, ""), name)

    def written_anywhere(self, name: str) -> bool:
        """Some readable source has `name` as a word (read once a run)."""
        if self._words is None:
            self._words = frozenset(
                word for text in self.texts.values() for word in _WORDS.findall(text)
            )
        return name in self._words

    def module(self, written: str) -> list[str]:
        """The project's sources a module or file written in prose names:
        `a/b.py`, `a\\b.py`, `a.b` (a module or a package), `b.py`; the
        written path may start anywhere above the source."""
        wanted = _written_files(written, self.suffix)
        return [s for s in self.sources if any(s == w or s.endswith(f"/{w}") for w in wanted)]

    def ancestors(self, cls: Definition) -> tuple[set[str], bool]:
        """The last names of a class's bases and of theirs through the
        project's classes, and whether every base was followed to its end."""
        return _ancestry(cls, lambda name: [d for d in self.defined(name) if d.kind == "class"])

    def reaches(self, caller: Definition, target: str, of: str | None = None) -> bool:
        """`caller`'s body names `target` (a method of the class `of`, when
        given), or the body of a project definition it names does (a helper,
        a class it constructs: a class names what its methods name), up to a
        helper of a helper."""
        key = (id(caller), target, of)
        known = self._reach.get(key)
        if known is None:
            known = self._reach[key] = self._search(caller, target, of)
        return known

    def callers(self, target: str, of: str | None = None) -> list[str]:
        """The dotted names of the project's functions and methods whose own
        body names `target` (a method of the class `of`, when given), sorted:
        what the code has instead of a caller a page names wrongly."""
        return sorted(
            {
                ".".join(d.qualname)
                for found in self.by_name.values()
                for d in found
                if d.kind == "function" and d.qualname[-1] != target and self._names(d, target, of)
            }
        )

    def names_itself(self, caller: Definition, target: str) -> bool:
        """`caller`'s own body names `target`, no helper followed: by name,
        or through an attribute of `self` of a stated type (a method of an
        object of no known type, `item.save()`, may be any class's)."""
        return target in caller.used - caller.loose or any(
            name == target for _, name in caller.typed
        )

    def writes(self, callers: list[Definition], target: str) -> bool:
        """The body of one of `callers`, or of a helper it names (a helper of
        a helper at most), writes `target` as code in any way: a name, an
        attribute of a module or of any object (`lib.say`, `item.say`), not
        a string's text. What a function no source of the project defines is
        judged by: a library's function is written where it is called."""

        def names(definition: Definition) -> bool:
            objects = self.readable.get(definition.path)
            found = () if objects is None else (*objects.objects.values(), *objects.redefined)
            obj = next(
                (
                    o
                    for o in found
                    if o.qualname == definition.qualname and o.line == definition.line
                ),
                None,
            )
            return obj is None or _body_names(obj, target)  # one unread may write it

        return any(_through_helpers(caller, names, self._helpers) for caller in callers)

    def callees(self, definitions: list[Definition]) -> list[str]:
        """The project's functions and methods the bodies of `definitions`
        name, sorted: what an object calls instead of a callee a page names
        wrongly. A method read through an attribute of a known class is
        written with its class (`Store._load`)."""
        found: set[str] = set()
        for definition in definitions:
            for name in definition.used - definition.loose:
                if any(d.kind == "function" for d in self.by_name.get(name, ())):
                    found.add(name)
            found |= {f"{cls}.{name}" for cls, name in definition.typed}
        return sorted(found - {definition.qualname[-1] for definition in definitions})

    def _search(self, caller: Definition, target: str, of: str | None) -> bool:
        return _through_helpers(caller, lambda d: self._names(d, target, of), self._helpers)

    def _names(self, definition: Definition, target: str, of: str | None) -> bool:
        """`definition`'s own body names `target`: by name, or through an
        attribute of a class related to `of`."""
        if target in definition.used:
            return True
        return any(
            name == target and (of is None or self._related(of, cls))
            for cls, name in definition.typed
        )

    def _helpers(self, definition: Definition, seen: _Seen) -> Iterator[Definition]:
        """The project's definitions `definition`'s body names, those `seen`
        left out (and added): by name, and the methods an attribute of a
        known class reaches."""
        for name in sorted(definition.used - definition.loose - seen):
            seen.add(name)
            yield from self.by_name.get(name, ())
        for pair in sorted(definition.typed - seen):
            seen.add(pair)
            cls, name = pair
            for helper in self.by_name.get(name, ()):
                if len(helper.qualname) > 1 and self._related(cls, helper.qualname[-2]):
                    yield helper

    def _related(self, one: str, other: str) -> bool:
        """The project's classes called `one` and `other` are the same, or
        one is a base of the other: a call through an attribute of a class
        reaches its bases' methods, and its subclasses' overrides when the
        attribute holds one."""
        return one == other or one in self._ancestors_of(other) or other in self._ancestors_of(one)

    def _ancestors_of(self, name: str) -> frozenset[str]:
        """The ancestors of every project class called `name`."""
        known = self._ancestry.get(name)
        if known is None:
            classes = [d for d in self.defined(name) if d.kind == "class"]
            known = frozenset(a for cls in classes for a in self.ancestors(cls)[0])
            self._ancestry[name] = known
        return known


def _written_files(written: str, suffix: str) -> tuple[str, ...]:
    """The paths a module or file written in prose stands for, relative to
    any folder above them: `a/b.py` and `a\\b.py` for a file; `a.b` for a
    module or a package."""
    text = written.strip("`'\"").replace("\\", "/").removeprefix("./")
    if not text:
        return ()
    if text.endswith(suffix):
        stem = text.removesuffix(suffix)
        if "/" in stem or "." not in stem:
            return (text,)
        # `pkg.sub.nodes.py`: a module's dotted name written with its suffix.
        return (text, f"{stem.replace('.', '/')}{suffix}")
    dotted = text.replace(".", "/")
    return (f"{dotted}{suffix}", f"{dotted}/__init__{suffix}")


def few(names: list[str], most: int = 3) -> str:
    """Names as a reader takes them in: "`a`", "`a` and `b`", "`a`, `b`
    and `c`", past `most` "`a`, `b`, `c` and 2 more"."""
    shown = [f"`{name}`" for name in names[:most]]
    if len(names) > most:
        return f"{', '.join(shown)} and {len(names) - most} more"
    return " and ".join([", ".join(shown[:-1]), shown[-1]] if len(shown) > 1 else shown)


def _has_word(text: str, name: str) -> bool:
    """`text` has `name` as a word, not as an attribute's last part."""
    return re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", text) is not None


@dataclass(slots=True)
class ProjectAt:
    """The project at the commit a page last changed in: the code its
    claims were made of. A claim the code refutes now and this code bore out
    went stale (drift); one it refutes too was never true (invented). Only
    the sources a refuted claim names are read, each once, and at most
    `_MOST_AT` a page: a claim names a file or two, never the whole project."""

    commit: str
    history: HistoryView
    _read: dict[str, tuple[str, ModuleObjects] | None] = field(default_factory=dict)

    @property
    def note(self) -> str:
        """What a finding's message adds for a claim that held at the commit."""
        return f" (true when the page was written at {self.commit[:8]}; the code has changed since)"

    def objects(self, path: str) -> ModuleObjects | None:
        """The objects of the source at `path` at the commit; None when it
        had no such file, or one that does not parse."""
        read = self._source(path)
        return None if read is None else read[1]

    def mentions(self, path: str, name: str) -> bool:
        """The source at `path` at the commit has `name` as a word anywhere:
        it defined, imported, assigned or used it."""
        read = self._source(path)
        return read is not None and _has_word(read[0], name)

    def names(self, path: str, qualname: tuple[str, ...], name: str) -> bool:
        """The object `qualname` of the source at `path` at the commit names
        `name` in its body."""
        objects = self.objects(path)
        obj = objects.objects.get(qualname) if objects is not None else None
        return obj is not None and _body_names(obj, name)

    def calls(self, paths: list[str], caller: str, wanted: tuple[str, ...]) -> bool:
        """A definition called `caller` in one of the sources at `paths` at
        the commit names one of `wanted` in its body, or a definition of those
        sources it names does (a helper, a class it constructs), up to a
        helper of a helper, as the project now is read."""
        defined: dict[str, list[PyObject]] = {}
        for path in dict.fromkeys(paths):
            objects = self.objects(path)
            for obj in (*objects.objects.values(), *objects.redefined) if objects else ():
                defined.setdefault(obj.name, []).append(obj)

        def names(obj: PyObject) -> bool:
            return any(_body_names(obj, name) for name in wanted)

        def helpers(obj: PyObject, seen: _Seen) -> Iterator[PyObject]:
            for name in sorted(obj.used - obj.loose - seen):
                seen.add(name)
                yield from defined.get(name, ())

        return any(_through_helpers(obj, names, helpers) for obj in defined.get(caller, ()))

    def files(self, written: str, model: ProjectModel, project: str) -> list[str]:
        """The sources the commit has that a module or file written in prose
        names: those of the project now that it names, and the path as
        written below the project's folder (a file removed or moved since)."""
        wanted = _written_files(written, model.suffix)
        paths = [*model.module(written), *(posixpath.join(project, w) for w in wanted)]
        return [path for path in dict.fromkeys(paths) if self._source(path) is not None]

    def ancestors(self, path: str, qualname: tuple[str, ...], model: ProjectModel) -> set[str]:
        """The last names of the bases the class `qualname` of `path` had at
        the commit, and of their bases, each looked for in that file and in
        the files that define a class of its name now."""
        objects = self.objects(path)
        cls = objects.objects.get(qualname) if objects is not None else None
        if cls is None or cls.kind != "class":
            return set()
        names, _ = _ancestry(
            cls, lambda name: self._classes(name, [path, *(d.path for d in model.defined(name))])
        )
        return names

    def _classes(self, name: str, paths: list[str]) -> list[PyObject]:
        found: list[PyObject] = []
        for path in dict.fromkeys(paths):
            objects = self.objects(path)
            if objects is not None:
                found += [obj for obj in objects.named(name) if obj.kind == "class"]
        return found

    def _source(self, path: str) -> tuple[str, ModuleObjects] | None:
        if path not in self._read:
            if len(self._read) >= _MOST_AT:
                return None
            lines = self.history.lines_at(self.commit, path)
            text = None if lines is None else "\n".join(lines)
            objects = None if text is None else python_objects(text)
            self._read[path] = None if text is None or objects is None else (text, objects)
        return self._read[path]


def _body_names(obj: PyObject, name: str) -> bool:
    """`obj`'s body names `name`: by name, as an attribute (of a module or
    an object of any type), or through an attribute of `self` of a stated
    type. Calls are read as names at a page's commit as they are now."""
    attribute = f".{name}"
    return (
        name in obj.used
        or any(used.endswith(attribute) for used in obj.used)
        or any(read == name for _, read in obj.typed)
    )


_ObjectT = TypeVar("_ObjectT", Definition, PyObject)


def _through_helpers(
    caller: _ObjectT,
    names: Callable[[_ObjectT], bool],
    helpers: Callable[[_ObjectT, _Seen], Iterator[_ObjectT]],
) -> bool:
    """`names` holds of `caller`, or of a helper its body names (`helpers`
    gives them, adding what it looked up to the set it is given), or of a
    helper of a helper: now (the project's definitions) and at a page's
    commit (the sources read there) alike. At most `_MOST_READ` are read."""
    if names(caller):
        return True
    seen: _Seen = {caller.name}
    queue: deque[tuple[_ObjectT, int]] = deque([(caller, 0)])
    read = 0
    while queue:
        current, depth = queue.popleft()
        for helper in helpers(current, seen):
            read += 1
            if names(helper):
                return True
            if depth + 1 < _HELPER_DEPTH:
                queue.append((helper, depth + 1))
            if read >= _MOST_READ:
                return False
    return False


class _Based(Protocol):
    """A class as the project has it now (`Definition`) or had it then (`PyObject`)."""

    @property
    def bases(self) -> tuple[str | None, ...]: ...


_BasedT = TypeVar("_BasedT", bound=_Based)


def _ancestry(cls: _BasedT, classes: Callable[[str], list[_BasedT]]) -> tuple[set[str], bool]:
    """The last names of a class's bases and of theirs, each base followed
    through the classes of its name `classes` finds, and whether every base
    was followed to its end."""
    names: set[str] = set()
    settled = True
    layer = [cls]
    for _ in range(_ANCESTRY_DEPTH):
        following: list[_BasedT] = []
        for current in layer:
            for written in current.bases:
                last = _base_name(written)
                if last is None:
                    settled = False
                    continue
                if last in names:
                    continue
                names.add(last)
                found = classes(last)
                if found:
                    following += found
                else:
                    settled = False
        if not following:
            break
        layer = following
    return names, settled


def _base_name(written: str | None) -> str | None:
    """The last name of a base as written (`mod.Base[T]`: `Base`)."""
    if written is None:
        return None
    return (written.rpartition("[")[0] or written).rpartition(".")[2]


def at_page_commit(page: PageBase, ctx: RuleContext) -> ProjectAt | None:
    """The project at the commit the page last changed in; None where the
    history cannot say it: no checkout, the page not committed as the run
    reads it (an edit, a fix), or a shallow clone's oldest commit, which
    stands for every older one."""
    history = ctx.history
    if history is None:
        return None
    commit = history.last_change(page.path)
    if commit is None or (history.shallow and history.parentless(commit)):
        return None
    if history.lines_at(commit, page.path) != tuple(ctx.text.splitlines()):
        return None
    return ProjectAt(commit, history)


def build(profile: Profile, project: str, ctx: RuleContext) -> ProjectModel:
    """The Python project in `project` (a folder of the tree) that
    `profile`'s generator documents, read through `ctx`."""
    sources = project_sources(profile, project, ctx)
    suffix = profile.layout.source.partition("{path}")[2]
    model = ProjectModel(sources, {}, True, suffix)
    of_project: dict[str, bool] = {}

    def project_module(module: str) -> bool:
        if module not in of_project:
            of_project[module] = bool(model.module(module))
        return of_project[module]

    def called(name: str) -> str | None:
        # `requests.post` is a call of the project's `post` only when
        # `requests` is one of the project's modules.
        module, dot, attribute = name.rpartition(".")
        if not dot:
            return name
        return attribute if project_module(module) else None

    read: list[tuple[str, ModuleObjects]] = []
    for source in sources:
        text = ctx.source_at(source)
        if text is None:
            model.complete = False
            continue
        objects = python_objects(text.text)
        if objects is None:
            continue
        model.readable[source] = objects
        model.texts[source] = text.text
        read.append((source, objects))
    classes = {
        obj.name for _, objects in read for obj in objects.objects.values() if obj.kind == "class"
    }
    for source, objects in read:
        for bound, (_level, dotted) in objects.imports.items():
            model.imported.update((bound, dotted.rpartition(".")[2]))
        model.bound.update(objects.made_by_calls)

        for obj in [*objects.objects.values(), *objects.redefined]:
            model.bound.update(obj.attributes)
            used = {name for name in map(called, obj.used) if name is not None}
            typed: set[tuple[str, str]] = set()
            for written, name in obj.typed:
                cls = _project_class(written, objects, classes, project_module)
                if cls is None:  # a library's class, a function: read by name
                    used.add(name)
                else:
                    typed.add((cls, name))
            definition = Definition(
                obj.kind,
                obj.qualname,
                source,
                obj.line,
                frozenset(used),
                obj.bases,
                frozenset(typed),
                obj.loose,
            )
            model.by_name.setdefault(obj.name, []).append(definition)
    return model


def _project_class(
    written: str, objects: ModuleObjects, classes: set[str], project_module: Callable[[str], bool]
) -> str | None:
    """The name of the project's class a type written in `objects`' module
    names (`Helper`, `helpers.Helper` through an import of the project's
    module); None for a name no project class has, or one imported from
    another package."""
    first, _, rest = written.partition(".")
    last = written.rpartition(".")[2]
    bound = objects.imports.get(first)
    if bound is None:
        return last if not rest and last in classes else None
    level, dotted = bound
    module = (f"{dotted}.{rest}" if rest else dotted).rpartition(".")[0]
    if level == 0 and not project_module(module):
        return None
    return last if last in classes else None


def project_sources(profile: Profile, project: str, ctx: RuleContext) -> list[str]:
    """Every source of the project the profile's generator documents, sorted:
    files ending as its source pattern does, outside hidden folders and the
    folders it skips."""
    suffix = profile.layout.source.partition("{path}")[2]
    skipped = frozenset(profile.layout.skip_folders) | {profile.layout.docs_folder}
    found: list[str] = []
    for folder, files, subfolders in ctx.walk(project):
        found += [posixpath.join(folder, name) for name in files if name.endswith(suffix)]
        subfolders[:] = [
            name for name in subfolders if not name.startswith(".") and name not in skipped
        ]
    return sorted(found)
