"""Find the rules: the engine's own and every rule of the `doclint.rules`
entry-point group. An entry names either one rule class (`module:Class`, as a
plugin registers each of its rules) or a package of rules (`package`): every
public module of the package is read, as the language readers are, and each
rule class it defines is registered. doclint's built-in rules are the one
package entry `builtin = "doclint_rules"`, so a rule file added to rules/ of
an editable install is found without reinstalling.

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
import pkgutil
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from types import ModuleType
from typing import Any

from doclint.engine.builtin_rules import ENGINE_RULES
from doclint.models import installed
from doclint.rule_api import CODE_PATTERN, NAME_PATTERN, OptionValue, Rule, RuleDocs

ENTRY_POINT_GROUP = "doclint.rules"
BUILTIN_PACKAGE = "doclint_rules"


class SelectionError(ValueError):
    """A --select/--ignore value that names no rule."""


@dataclass
class Registry:
    """All known rules by code, plus what went wrong while loading plugins."""

    rules: dict[str, type[Rule[Any]]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

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
        clash = self.rules.get(rule.code) or self.find_name(rule.name)
        if clash is not None and clash is not rule:
            self.problems.append(
                f"{origin}: {rule.code} [{rule.name}] clashes with {clash.code} [{clash.name}]"
            )
            return
        self.rules[rule.code] = rule

    def find_name(self, name: str) -> type[Rule[Any]] | None:
        return next((rule for rule in self.rules.values() if rule.name == name), None)

    def lookup(self, code_or_name: str) -> type[Rule[Any]] | None:
        return self.rules.get(code_or_name.upper()) or self.find_name(code_or_name.lower())

    def sorted_rules(self) -> list[type[Rule[Any]]]:
        return [self.rules[code] for code in sorted(self.rules)]

    def matching(self, selector: str) -> list[type[Rule[Any]]]:
        """Rules named by a selector: ALL, a code, a code prefix or a name."""
        selector = selector.strip()
        if selector.upper() == "ALL":
            return self.sorted_rules()
        named = self.find_name(selector.lower())
        if named is not None:
            return [named]
        prefix = selector.upper()
        found = [rule for rule in self.sorted_rules() if rule.code.startswith(prefix)]
        if not found:
            raise SelectionError(f"unknown rule selector {selector!r}")
        return found

    def select(
        self,
        select: Iterable[str] | None = None,
        ignore: Iterable[str] = (),
        extend_select: Iterable[str] = (),
    ) -> list[type[Rule[Any]]]:
        """The rules a run uses: the defaults (or `select`), plus extras, minus ignores."""
        if select is None:
            chosen = {rule.code for rule in self.sorted_rules() if rule.default_enabled}
        else:
            chosen = {rule.code for selector in select for rule in self.matching(selector)}
        chosen |= {rule.code for selector in extend_select for rule in self.matching(selector)}
        chosen |= {rule.code for rule in ENGINE_RULES}
        chosen -= {rule.code for selector in ignore for rule in self.matching(selector)}
        return [self.rules[code] for code in sorted(chosen) if code in self.rules]


def load_registry() -> Registry:
    """The engine's rules and every rule registered under the entry-point
    group, the built-in ones first (a plugin that clashes with one is the
    one reported). Each call gives a registry of its own (a caller may add
    to it), built from rules read once per process for the same entry
    points and the same modules of the rule packages they name."""
    parts = tuple((entry, tuple(where for where, _ in _loaders(entry))) for entry in rule_entries())
    read = _read_registry(parts)
    return Registry(dict(read.rules), list(read.problems))


@functools.cache
def _read_registry(parts: tuple[tuple[EntryPoint, tuple[str, ...]], ...]) -> Registry:
    """The registry of `parts` (each entry, with where its parts are), read
    once: a rule module is imported and searched for rules once per process."""
    registry = Registry()
    for rule in ENGINE_RULES:
        registry.add(rule, "doclint")
    for entry, _ in parts:
        who = "built-in rules" if is_builtin(entry) else f"plugin {entry.name!r}"
        for where, load in _loaders(entry):
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


def _loaders(entry: EntryPoint) -> Iterator[tuple[str, Loader]]:
    """What an entry registers, each part loaded on its own (a module that
    fails to import leaves the package's others loaded), with where it is
    from: its one object, or the rule classes of each public module of the
    package it names."""
    if entry.attr:
        yield entry.value, lambda: (entry.load(),)
        return
    try:
        names = package_modules(entry.module)
    except Exception as error:
        yield entry.module, partial(_raise, error)
        return
    for name in names:
        yield name, partial(_module_rules_of, name)


def _raise(error: Exception) -> Iterable[object]:
    raise error


def _module_rules_of(name: str) -> list[type[Rule[Any]]]:
    return module_rules(importlib.import_module(name))


def package_modules(package: str) -> list[str]:
    """The names of the public modules of a package of rules, sorted: those
    whose name starts with `_` are the rules' helpers."""
    found = importlib.import_module(package)
    return [
        f"{package}.{module.name}"
        for module in sorted(pkgutil.iter_modules(found.__path__), key=lambda info: info.name)
        if not module.name.startswith("_")
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


@dataclass(frozen=True)
class EntryPoint:
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
        if text is not None:
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
            rules.extend(found for _, load in _loaders(entry) for found in load())
    return sorted(
        (rule for rule in rules if isinstance(rule, type) and issubclass(rule, Rule)),
        key=lambda rule: rule.code,
    )


def rule_options(
    rules: Iterable[type[Rule[Any]]], values: Mapping[str, Mapping[str, object]], registry: Registry
) -> dict[str, Mapping[str, OptionValue]]:
    """Each rule's options, defaults filled in, from values keyed by rule code or
    name. SelectionError for an unknown rule, ValueError for a bad option."""
    by_code: dict[str, Mapping[str, object]] = {}
    for key, options in values.items():
        rule = registry.lookup(key)
        if rule is None:
            raise SelectionError(f"rule options for unknown rule {key!r}")
        by_code[rule.code] = options
    return {rule.code: rule.resolve_options(by_code.get(rule.code, {})) for rule in rules}
