"""One model of a profiled generator's project, built once per run: every
class and function its Python sources define (kind, qualified name, file,
line, the names its body uses, a class's bases), the modules by their file
and dotted names, and who reaches whom by calls. The rules that judge a
page's prose claims (a caller, a base, where a thing is defined) ask it,
instead of reading the project's sources page by page.

A sentence names things loosely: a method by its last name (`self.run`), a
module by its path written with `/` or `\\`, or dotted. Calls are read as
names too (`ast` gives no types), so "X calls Y" holds when X's body, or the
body of a project function or class X names (a helper, a class it
constructs), names Y: the model may take a wrong call for a right one, never
the other way.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from doclint.rule_api import RuleContext
from doclint.rule_api_generators import Profile

from ._sources import project_sources

if TYPE_CHECKING:
    from .._common.python_objects import ModuleObjects

# How many definitions a search for a call through helpers reads at most: a
# helper of a helper is still a call ("forward" calling through `_run`), and
# a search that ran on through the whole project would find every name.
_HELPER_DEPTH = 2
_MOST_READ = 400
_WORDS = re.compile(r"[A-Za-z_]\w*")


@dataclass(frozen=True, slots=True)
class Definition:
    """A class or function of the project."""

    kind: str
    """"class" or "function"."""
    qualname: tuple[str, ...]
    path: str
    line: int
    used: frozenset[str]
    """The names its body (nested bodies and, for a class, its methods too) uses."""
    bases: tuple[str | None, ...] = ()

    @property
    def name(self) -> str:
        return self.qualname[-1]

    @property
    def dotted(self) -> str:
        return ".".join(self.qualname)


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
    _reach: dict[tuple[int, str], bool] = field(default_factory=dict)
    _words: frozenset[str] | None = None

    def attributes(self, cls: Definition) -> frozenset[str]:
        """The attributes and methods of a class of the model."""
        obj = (
            self.readable[cls.path].objects.get(cls.qualname) if cls.path in self.readable else None
        )
        return obj.attributes if obj is not None else frozenset()

    def defined(self, name: str, paths: list[str] | None = None) -> list[Definition]:
        """The definitions called `name`, in `paths` only when given."""
        found = self.by_name.get(name, [])
        return found if paths is None else [d for d in found if d.path in paths]

    def mentions(self, path: str, name: str) -> bool:
        """The readable source at `path` has `name` as a word anywhere."""
        text = self.texts.get(path, "")
        return re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", text) is not None

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
        text = written.strip("`'\"").replace("\\", "/").removeprefix("./")
        if not text:
            return []
        if text.endswith(self.suffix):
            wanted: tuple[str, ...] = (text,)
        else:
            dotted = text.replace(".", "/")
            wanted = (f"{dotted}{self.suffix}", f"{dotted}/__init__{self.suffix}")
        return [s for s in self.sources if any(s == w or s.endswith(f"/{w}") for w in wanted)]

    def reaches(self, caller: Definition, target: str) -> bool:
        """`caller`'s body names `target`, or the body of a project
        definition it names does (a helper, a class it constructs: a class
        names what its methods name), up to a helper of a helper."""
        key = (id(caller), target)
        known = self._reach.get(key)
        if known is None:
            known = self._reach[key] = self._search(caller, target)
        return known

    def _search(self, caller: Definition, target: str) -> bool:
        if target in caller.used:
            return True
        seen_names: set[str] = {caller.name}
        queue: deque[tuple[frozenset[str], int]] = deque([(caller.used, 0)])
        read = 0
        while queue:
            used, depth = queue.popleft()
            for name in sorted(used - seen_names):
                seen_names.add(name)
                for helper in self.by_name.get(name, ()):
                    read += 1
                    if target in helper.used:
                        return True
                    if depth + 1 < _HELPER_DEPTH:
                        queue.append((helper.used, depth + 1))
                    if read >= _MOST_READ:
                        return False
        return False


def project_model(profile: Profile, project: str, ctx: RuleContext) -> ProjectModel:
    """The model of the project in `project` (a folder of the tree) that
    `profile`'s generator documents, built at the first call of a run."""
    return ctx.once_per_tree(
        f"project-model:{profile.name}:{project}", lambda asker: _build(profile, project, asker)
    )


def _build(profile: Profile, project: str, ctx: RuleContext) -> ProjectModel:
    from .._common.python_objects import python_objects

    sources = project_sources(profile, project, ctx)
    suffix = profile.layout.source.partition("{path}")[2]
    model = ProjectModel(sources, {}, True, suffix)
    of_project: dict[str, bool] = {}

    def called(name: str) -> str | None:
        # `requests.post` is a call of the project's `post` only when
        # `requests` is one of the project's modules.
        module, dot, attribute = name.rpartition(".")
        if not dot:
            return name
        if module not in of_project:
            of_project[module] = bool(model.module(module))
        return attribute if of_project[module] else None

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
        for bound, (_level, dotted) in objects.imports.items():
            model.imported.update((bound, dotted.rpartition(".")[2]))
        model.bound.update(objects.made_by_calls)
        for obj in [*objects.objects.values(), *objects.redefined]:
            model.bound.update(obj.attributes)
            used = frozenset(name for name in map(called, obj.used) if name is not None)
            definition = Definition(obj.kind, obj.qualname, source, obj.line, used, obj.bases)
            model.by_name.setdefault(obj.name, []).append(definition)
    return model
