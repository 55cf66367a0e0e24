"""The rules as `doclint rules` and `doclint rule CODE|--all` show them (as text
or JSON), and the README's rules table."""

from __future__ import annotations

import json
import sys

from doclint.config.suggestions import did_you_mean
from doclint.engine.registry import Registry
from doclint.rule_api import Rule


def print_rules(registry: Registry) -> None:
    """The table of every rule, one line each."""
    rows = [("CODE", "NAME", "DEFAULT", "SEVERITY", "FIX", "SUMMARY")]
    for rule in registry.sorted_rules():
        rows.append(
            (
                rule.code,
                rule.name,
                "on" if rule.default_enabled else "off",
                str(rule.severity),
                str(rule.fix_safety),
                rule.summary,
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    for row in rows:
        print(
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False))
            + "  "
            + row[5]
        )


def rules_markdown(registry: Registry) -> str:
    """The rule table of README.md, generated from the rules' own metadata."""
    rows = ["| Code | Name | Default | Severity | Fix | Summary |", "|---|---|---|---|---|---|"]
    for rule in registry.sorted_rules():
        rows.append(
            f"| {rule.code} | `{rule.name}` | {'on' if rule.default_enabled else 'off'} "
            f"| {rule.severity} | {rule.fix_safety} | {rule.summary} |"
        )
    return "\n".join(rows) + "\n"


def rule_record(rule: type[Rule], documentation: bool) -> dict[str, object]:
    """One rule as JSON shows it: its metadata, options and (for `rule`) its documentation."""
    record: dict[str, object] = {
        "code": rule.code,
        "name": rule.name,
        "summary": rule.summary,
        "default": rule.default_enabled,
        "severity": str(rule.severity),
        "fix": str(rule.fix_safety),
        "scope": str(rule.scope),
        "kinds": sorted(rule.kinds) if rule.kinds else None,
        "options": {
            name: {"default": _plain(option.default), "help": option.help}
            for name, option in rule.options.items()
        },
    }
    if documentation:
        record["documentation"] = rule.documentation()
    return record


def rules_json(rules: list[type[Rule]], documentation: bool) -> str:
    return json.dumps([rule_record(rule, documentation) for rule in rules], indent=2) + "\n"


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def find_rule(registry: Registry, key: str) -> type[Rule] | None:
    """The rule of a code or name; None, told on stderr with the closest one, if none."""
    rule = registry.lookup(key)
    if rule is None:
        names = [name for known in registry.sorted_rules() for name in (known.code, known.name)]
        print(
            f"doclint: error: no rule {key!r}{did_you_mean(key, names)}; see `doclint rules`",
            file=sys.stderr,
        )
    return rule


def print_documentation(rule: type[Rule]) -> None:
    """A rule's documentation as `doclint rule` prints it."""
    print(f"{rule.code} {rule.name}: {rule.summary}\n")
    print(
        f"Severity: {rule.severity}. Default: {'on' if rule.default_enabled else 'off'}. "
        f"Fix: {rule.fix_safety}. Runs on: {rule.scope} "
        f"({', '.join(sorted(rule.kinds)) if rule.kinds else 'every kind of page'}).\n"
    )
    print(rule.documentation())
    if rule.options:
        print(f"\nOptions ([tool.doclint.rules.{rule.name}] in pyproject.toml):")
        for name, option in rule.options.items():
            print(f"  {name} = {json.dumps(_plain(option.default))}  {option.help}")
