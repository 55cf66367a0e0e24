"""Find the rules: the engine's own and every rule of the `doclint.rules`
entry-point group. An entry names either one rule class (`module:Class`, as a
plugin registers each of its rules) or a package of rules (`package`): a
package whose `get_rules()` gives its rule classes is asked for them, as
sqlfluff asks its plugins; of any other, every public module is read, as the
language readers are, and each rule class it defines is registered.
doclint's built-in rules are the one package entry `builtin = "doclint_rules"`,
whose `get_rules` asks each family of rules (rules/<family>/) for its own.

A plugin is a first-class rule: it is registered, selected and documented
like a built-in one. A plugin that fails to load is reported, never fatal to
the run.

The registry is read once per process while what it is read from stays the
same (`load_registry`): a run asks for it from the command line, its set-up
and its scheduler. The entry points are read without `importlib.metadata`
where that can be done (`doclint.models.installed`).
"""

from __future__ import annotations

import functools
import importlib
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import partial
from types import ModuleType
from typing import Any, overload

from doclint.engine.builtin_rules import ENGINE_RULES
from doclint.models import installed
from doclint.models.records import NamedTuple
from doclint.rule_api import (
    CODE_PATTERN,
    NAME_PATTERN,
    FixSafety,
    OptionValue,
    Origin,
    Rule,
    RuleDocs,
    Scope,
    Severity,
)

ENTRY_POINT_GROUP = "doclint.rules"
BUILTIN_PACKAGE = "doclint_rules"


class SelectionError(ValueError):
    """A --select/--ignore value that names no rule."""


class RuleFacts(NamedTuple):
    """What selection, suppressions and the cache key read of a rule, read
    from its class once."""

    code: str
    name: str
    module: str
    qualname: str
    scope: Scope
    kinds: frozenset[str] | None
    """The kinds of page (`DocKind` values) the rule applies to; None for all."""
    origin: Origin | None
    """The writer of the only pages the rule judges (`Rule.origin`); None for all."""
    default_enabled: bool
    severity: Severity
    fix_safety: FixSafety
    options: tuple[tuple[str, OptionValue], ...]
    """Each option's name and default, in the rule's order."""
    outside_state: bool
    """Whether the rule states an outside state (`Rule.outside_state`)."""

    @classmethod
    def of(cls, rule: type[Rule[Any]]) -> RuleFacts:
        return cls(
            rule.code,
            rule.name,
            rule.__module__,
            rule.__qualname__,
            rule.scope,
            None if rule.kinds is None else frozenset(map(str, rule.kinds)),
            rule.origin,
            rule.default_enabled,
            rule.severity,
            rule.fix_safety,
            tuple((name, option.default) for name, option in rule.options.items()),
            rule.outside_state.__func__ is not Rule.outside_state.__func__,  # type: ignore[attr-defined]
        )


class RuleEntry:
    """A known rule: its class and the facts read from it."""

    __slots__ = ("facts", "rule")

    def __init__(self, rule: type[Rule[Any]]) -> None:
        self.rule = rule
        self.facts = RuleFacts.of(rule)

    @property
    def code(self) -> str:
        return self.facts.code

    @property
    def name(self) -> str:
        return self.facts.name

    @property
    def fix_safety(self) -> FixSafety:
        return self.facts.fix_safety

    @property
    def file(self) -> str:
        """The file of the rule's module."""
        import inspect

        return inspect.getfile(self.rule)

    def load(self) -> type[Rule[Any]]:
        """The rule's class."""
        return self.rule

    def build(self) -> Rule[Any]:
        """The rule, made."""
        return self.rule()

    def outside_state(self) -> str:
        """The rule's outside state (`Rule.outside_state`), asked of the rule
        only where its facts say it has one."""
        return self.rule.outside_state() if self.facts.outside_state else ""

    @property
    def origin(self) -> Origin | None:
        """The writer of the only pages the rule judges (`Rule.origin`)."""
        return self.facts.origin

    def applies_to(self, kind: str) -> bool:
        """Whether the rule checks pages of `kind` (a `DocKind`)."""
        return self.facts.kinds is None or kind in self.facts.kinds

    def resolve_options(self, values: Mapping[str, object]) -> Mapping[str, OptionValue]:
        """The rule's options (`Rule.resolve_options`)."""
        return self.rule.resolve_options(values)


class Registry:
    """All known rules by code, plus what went wrong while loading plugins."""

    __slots__ = ("entries", "problems")

    def __init__(
        self, entries: dict[str, RuleEntry] | None = None, problems: list[str] | None = None
    ) -> None:
        self.entries: dict[str, RuleEntry] = {} if entries is None else entries
        self.problems: list[str] = [] if problems is None else problems

    def add(self, rule: object, origin: str) -> None:
        if not (isinstance(rule, type) and issubclass(rule, Rule)):
            self.problems.append(f"{origin}: not a doclint Rule subclass")
            return
        for attribute in ("code", "name", "summary"):
            if not isinstance(getattr(rule, attribute, None), str):
                self.problems.append(f"{origin}: rule has no `{attribute}`")
                return
        if not isinstance(getattr(rule, "docs", None), RuleDocs):
            self.problems.append(
                f"{origin}: rule {rule.code} has no `docs` (a RuleDocs: what, why, example,"
                " use_instead); not loaded"
            )
            return
        if not CODE_PATTERN.match(rule.code) or not NAME_PATTERN.match(rule.name):
            self.problems.append(f"{origin}: bad code or name {rule.code!r} / {rule.name!r}")
            return
        if rule.origin is not None and not isinstance(rule.origin, Origin):
            self.problems.append(
                f"{origin}: rule {rule.code} has an `origin` that is no `Origin`: {rule.origin!r}"
            )
            return
        known = self.entries.get(rule.code)
        if known is not None and (known.facts.module, known.facts.qualname) == (
            rule.__module__,
            rule.__qualname__,
        ):
            return  # the rule named twice
        self.add_entry(RuleEntry(rule), origin)

    def add_entry(self, entry: RuleEntry, origin: str) -> None:
        """Add a rule known by its facts, unless its code or name is taken."""
        clash = self.entries.get(entry.code) or self.find_name(entry.name)
        if clash is not None:
            self.problems.append(
                f"{origin}: {entry.code} [{entry.name}] clashes with {clash.code} [{clash.name}]"
            )
            return
        self.entries[entry.code] = entry

    @property
    def rules(self) -> dict[str, type[Rule[Any]]]:
        """Every rule's class by code (each rule module imported)."""
        return {code: entry.load() for code, entry in self.entries.items()}

    def find_name(self, name: str) -> RuleEntry | None:
        # A loop over the facts, not through `RuleEntry.name`: each rule read
        # asks whether its name is taken, a property call per known rule.
        for entry in self.entries.values():
            if entry.facts.name == name:
                return entry
        return None

    def entry(self, code_or_name: str) -> RuleEntry | None:
        """The rule of a code or name, known by its facts."""
        return self.entries.get(code_or_name.upper()) or self.find_name(code_or_name.lower())

    def lookup(self, code_or_name: str) -> type[Rule[Any]] | None:
        """The class of the rule of a code or name (its module imported)."""
        entry = self.entry(code_or_name)
        return None if entry is None else entry.load()

    def sorted_entries(self) -> list[RuleEntry]:
        return [self.entries[code] for code in sorted(self.entries)]

    def sorted_rules(self) -> Sequence[type[Rule[Any]]]:
        """Every rule's class, by code, each rule module imported when the
        sequence is first read: the outputs that describe the rules (SARIF,
        HTML) read it, the others only hold it."""
        return LoadedRules(self.sorted_entries())

    def matching(self, selector: str) -> list[RuleEntry]:
        """Rules named by a selector: ALL, a code, a code prefix or a name."""
        selector = selector.strip()
        if selector.upper() == "ALL":
            return self.sorted_entries()
        named = self.find_name(selector.lower())
        if named is not None:
            return [named]
        prefix = selector.upper()
        found = [entry for entry in self.sorted_entries() if entry.code.startswith(prefix)]
        if not found:
            raise SelectionError(f"unknown rule selector {selector!r}")
        return found

    def select(
        self,
        select: Iterable[str] | None = None,
        ignore: Iterable[str] = (),
        extend_select: Iterable[str] = (),
    ) -> list[RuleEntry]:
        """The rules a run uses: the defaults (or `select`), plus extras, minus ignores."""
        if select is None:
            chosen = {code for code, entry in self.entries.items() if entry.facts.default_enabled}
        else:
            chosen = {rule.code for selector in select for rule in self.matching(selector)}
        chosen |= {rule.code for selector in extend_select for rule in self.matching(selector)}
        chosen |= {rule.code for rule in ENGINE_RULES}
        chosen -= {rule.code for selector in ignore for rule in self.matching(selector)}
        return [self.entries[code] for code in sorted(chosen) if code in self.entries]


class LoadedRules(Sequence[type[Rule[Any]]]):
    """The classes of rules, imported when the sequence is first read."""

    def __init__(self, entries: list[RuleEntry]) -> None:
        self._entries = entries

    @functools.cached_property
    def _rules(self) -> list[type[Rule[Any]]]:
        return [entry.load() for entry in self._entries]

    def __len__(self) -> int:
        return len(self._entries)

    @overload
    def __getitem__(self, index: int) -> type[Rule[Any]]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[type[Rule[Any]]]: ...
    def __getitem__(self, index: int | slice) -> type[Rule[Any]] | Sequence[type[Rule[Any]]]:
        return self._rules[index]


ModuleFile = tuple[str, str]
"""A rule module's name and the file of its code."""

Modules = tuple[ModuleFile, ...] | None | Exception
"""What an entry's rules are read from: the modules of its package, each read
for the rules it defines; None for the one object it names, or for the
package (or module) whose `get_rules` gives them; or why the package's
modules cannot be listed."""


def load_registry() -> Registry:
    """The engine's rules and every rule registered under the entry-point
    group, the built-in ones first (a plugin that clashes with one is the
    one reported). Each call gives a registry of its own (a caller may add
    to it), built from rules read once per process for the same entry
    points and the same modules of the rule packages they name."""
    parts = tuple((entry, _modules_of(entry)) for entry in rule_entries())
    read = _read_registry(parts)
    return Registry(dict(read.entries), list(read.problems))


def _modules_of(entry: EntryPoint) -> Modules:
    """The modules of the package an entry names, or None where they are
    not read (`Modules`)."""
    if entry.attr:
        return None
    try:
        if hasattr(importlib.import_module(entry.module), "get_rules"):
            return None
        return tuple(package_modules(entry.module))
    except Exception as error:
        return error


@functools.cache
def _read_registry(parts: tuple[tuple[EntryPoint, Modules], ...]) -> Registry:
    """The registry of `parts` (each entry, with its package's modules),
    read once: each module imported and searched for rules once per process."""
    registry = Registry()
    for rule in ENGINE_RULES:
        # doclint's own, whose form tests check: no run checks it again.
        registry.add_entry(RuleEntry(rule), "doclint")
    for entry, modules in parts:
        who = "built-in rules" if is_builtin(entry) else f"plugin {entry.name!r}"
        for where, load in _loaders(entry, modules):
            origin = f"{who} ({where})"
            try:
                loaded = load()
            except Exception as error:  # a broken plugin must not stop the run
                registry.problems.append(
                    f"{origin}: failed to load: {type(error).__name__}: {error}"
                )
                continue
            for found in loaded:
                registry.add(found, origin)
    return registry


Loader = Callable[[], Iterable[object]]


def _loaders(entry: EntryPoint, modules: Modules) -> Iterator[tuple[str, Loader]]:
    """What an entry registers, each part loaded on its own (a module that
    fails to import leaves the package's others loaded), with where it is
    from: its one object, the rules its `get_rules` gives, or the rule
    classes of each module of its package."""
    if entry.attr:
        yield entry.value, lambda: (entry.load(),)
    elif isinstance(modules, Exception):
        yield entry.module, partial(_raise, modules)
    elif modules is None:
        yield entry.module, partial(_given_rules, entry.module)
    else:
        for name, _ in modules:
            yield name, partial(_module_rules_of, name)


def _raise(error: Exception) -> Iterable[object]:
    raise error


def _given_rules(name: str) -> Iterable[object]:
    rules: Iterable[object] = importlib.import_module(name).get_rules()
    return rules


def _module_rules_of(name: str) -> list[type[Rule[Any]]]:
    return module_rules(importlib.import_module(name))


def package_modules(package: str) -> list[ModuleFile]:
    """The public modules of a package of rules, sorted, each with the file
    of its code: those whose name starts with `_` are the rules' helpers."""
    from doclint.util.module_files import folder_modules  # a plugin's package's only

    found = importlib.import_module(package)
    return [
        (f"{package}.{name}", file)
        for name, file in folder_modules(found.__path__)
        if not name.startswith("_")
    ]


def module_rules(module: ModuleType) -> list[type[Rule[Any]]]:
    """The rule classes `module` defines (not those it imports), those
    without a code being bases of others."""
    return [
        value
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, Rule)
        and value.__module__ == module.__name__
        and "code" in vars(value)
    ]


class EntryPoint(NamedTuple):
    """An entry of the group: `name = value`, the value `module` or
    `module:attribute` (as `importlib.metadata.EntryPoint` reads it)."""

    name: str
    value: str

    @property
    def module(self) -> str:
        return self.value.partition(":")[0].strip()

    @property
    def attr(self) -> str:
        return self.value.partition(":")[2].partition("[")[0].strip()

    def load(self) -> object:
        """The object the entry names, imported."""
        found: object = importlib.import_module(self.module)
        for name in filter(None, self.attr.split(".")):
            found = getattr(found, name)
        return found


def rule_entries() -> list[EntryPoint]:
    """The group's entry points: the built-in rules, then the plugins, each by name."""
    found = installed_entries(ENTRY_POINT_GROUP)
    return sorted(found, key=lambda entry: (not is_builtin(entry), entry.name))


def installed_entries(group: str) -> list[EntryPoint]:
    """The entry points of `group` as `importlib.metadata.entry_points` finds
    them, read from the installed distributions' `entry_points.txt`
    (`doclint.models.installed`)."""
    if installed.elsewhere():
        from importlib.metadata import entry_points

        return [EntryPoint(entry.name, entry.value) for entry in entry_points(group=group)]
    found: list[EntryPoint] = []
    for _, folder in installed.distributions(sys.path):
        text = installed.read(folder, "entry_points.txt")
        # Read line by line only where the group's name is (a few of the
        # distributions of an environment, some with hundreds of lines).
        if text is not None and group in text:
            found.extend(_section(text, group))
    return found


def _section(text: str, group: str) -> Iterator[EntryPoint]:
    """The `name = value` lines of the `[group]` section of an INI text."""
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1].strip()
        elif current == group:
            name, _, value = line.partition("=")
            yield EntryPoint(name.strip(), value.strip())


def is_builtin(entry: EntryPoint) -> bool:
    """Whether `entry` names doclint's own rules package (or a rule of it)."""
    return entry.module.partition(".")[0] == BUILTIN_PACKAGE


def builtin_rules() -> list[type[Rule[Any]]]:
    """The engine's diagnostics and the built-in rules, by code: those that
    have a page under docs/rules/ (a plugin documents its own)."""
    rules: list[object] = [*ENGINE_RULES]
    for entry in rule_entries():
        if is_builtin(entry):
            modules = _modules_of(entry)
            rules.extend(found for _, load in _loaders(entry, modules) for found in load())
    return sorted(
        (rule for rule in rules if isinstance(rule, type) and issubclass(rule, Rule)),
        key=lambda rule: rule.code,
    )


def rule_options(
    rules: Iterable[RuleEntry], values: Mapping[str, Mapping[str, object]], registry: Registry
) -> dict[str, Mapping[str, OptionValue]]:
    """Each rule's options, defaults filled in, from values keyed by rule code or
    name. SelectionError for an unknown rule, ValueError for a bad option."""
    by_code: dict[str, Mapping[str, object]] = {}
    for key, options in values.items():
        rule = registry.entry(key)
        if rule is None:
            raise SelectionError(f"rule options for unknown rule {key!r}")
        by_code[rule.code] = options
    return {rule.code: rule.resolve_options(by_code.get(rule.code, {})) for rule in rules}
