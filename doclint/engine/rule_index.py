"""The built-in rules' facts, kept as data: what a run must know of a rule
before it imports the rule's module.

Selecting the rules, checking the selectors, per-file ignores, severities and
suppression comments, and the cache key need only each rule's code, name,
scope, the kinds of page it applies to and the writer of the only pages it
judges (`Rule.origin`), whether it is on by default, its
options' defaults and whether it depends on an outside tool; importing every
rule module for them cost a one-page check more than the page (the rule
modules and the language readers they load). So these facts are kept in
`rule_index.json`, written by

    python -m doclint.engine.rule_index

and held current by a test, and a rule's module is imported when a page it
applies to is checked, or when something needs the rule itself (its
documentation, an option value to validate, its outside state).

Each module's entry holds the SHA-256 of the module file's bytes: in an
editable install, a module that is not in the index, or whose bytes differ
(a checkout being edited), is imported and read for its rules as before, so
a rule file added or changed is never missed. Any other install holds the
modules the index was written from (a wheel, or `pip install .`, carries the
two together): its rule modules are the index's, and their files are neither
listed nor read, which cost a one-page check the reading and digesting of
every rule module. Plugins are always imported.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from doclint.models.records import NamedTuple
from doclint.rule_api import FixSafety, OptionValue, Origin, Rule, Scope, Severity
from doclint.util.digests import sha256_hex

INDEX = Path(__file__).with_name("rule_index.json")


class RuleFacts(NamedTuple):
    """What the run knows of a rule without importing it. A named tuple: a
    frozen dataclass's class costs every start several times as much to build."""

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

    def encode(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "name": self.name,
            "class": self.qualname,
            "scope": str(self.scope),
            "kinds": None if self.kinds is None else sorted(self.kinds),
            "origin": None if self.origin is None else str(self.origin),
            "default_enabled": self.default_enabled,
            "severity": str(self.severity),
            "fix_safety": str(self.fix_safety),
            "options": [[name, _encoded(value)] for name, value in self.options],
            "outside_state": self.outside_state,
        }

    @classmethod
    def decode(cls, module: str, data: Mapping[str, Any]) -> RuleFacts:
        kinds = data["kinds"]
        return cls(
            data["code"],
            data["name"],
            module,
            data["class"],
            Scope(data["scope"]),
            None if kinds is None else frozenset(kinds),
            None if data["origin"] is None else Origin(data["origin"]),
            data["default_enabled"],
            Severity(data["severity"]),
            FixSafety(data["fix_safety"]),
            tuple((name, _decoded(value)) for name, value in data["options"]),
            data["outside_state"],
        )


def _encoded(value: OptionValue) -> object:
    return list(value) if isinstance(value, tuple) else value


def _decoded(value: object) -> OptionValue:
    # A list is the one way a default of strings (a tuple) is written.
    return tuple(value) if isinstance(value, list) else value  # type: ignore[return-value]


def digest(data: bytes) -> str:
    return sha256_hex(data)


def write_index(modules: Iterable[tuple[str, str]]) -> str:
    """The index (JSON text) of the rule modules `modules` ((name, file) of
    each), each imported and read for its rules as the registry reads them;
    ValueError if a rule is one the registry refuses."""
    from doclint.engine.registry import Registry, module_rules

    checked = Registry()
    entries = {}
    for name, file in modules:
        rules = module_rules(importlib.import_module(name))
        for rule in rules:
            checked.add(rule, name)
        entries[name] = {
            "sha256": digest(Path(file).read_bytes()),
            "rules": [RuleFacts.of(rule).encode() for rule in sorted(rules, key=_code_of)],
        }
    if checked.problems:
        raise ValueError("; ".join(checked.problems))

    return json.dumps(entries, indent=1, sort_keys=True) + "\n"


def _code_of(rule: type[Rule[Any]]) -> str:
    return rule.code


@cache
def _entries() -> Mapping[str, Any]:
    try:
        entries = json.loads(INDEX.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return entries if isinstance(entries, dict) else {}


def indexed_modules(package: str) -> tuple[tuple[str, str], ...]:
    """The modules of `package` the index holds, sorted, each with the file
    of its code in the package's folder (as `registry.package_modules` lists
    them): a rule module of the index is a `.py` file of the package."""
    folder = importlib.import_module(package).__path__[0]
    prefix = f"{package}."
    return tuple(
        (name, os.path.join(folder, f"{name[len(prefix) :]}.py"))
        for name in sorted(_entries())
        if name.startswith(prefix)
    )


def indexed_facts(module: str, file: str, check: bool = True) -> tuple[RuleFacts, ...] | None:
    """The facts of the rules of `module`, whose code is in `file`, when the
    index holds that module (with those bytes, when `check`); None when it
    must be imported (an entry the index cannot give, damaged, is as good as
    none)."""
    entry = _entries().get(module)
    if not isinstance(entry, dict):
        return None
    try:
        if check:
            with open(file, "rb") as source:
                data = source.read()
            if digest(data) != entry["sha256"]:
                return None
        return tuple(RuleFacts.decode(module, rule) for rule in entry["rules"])
    except (OSError, LookupError, TypeError, ValueError):
        return None


def main() -> int:
    """Write `rule_index.json` from the built-in rule modules."""
    from doclint.engine.registry import BUILTIN_PACKAGE, package_modules

    INDEX.write_text(write_index(package_modules(BUILTIN_PACKAGE)), encoding="utf-8")
    print(f"wrote {INDEX}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
