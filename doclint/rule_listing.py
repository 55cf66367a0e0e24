"""The rules as `doclint rules` and `doclint rule CODE` show them, and the
README's rules table."""

from __future__ import annotations

import json
import sys

from doclint.registry import Registry


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


def print_rule(registry: Registry, key: str) -> bool:
    """One rule's documentation; False when there is no such rule."""
    rule = registry.lookup(key)
    if rule is None:
        print(f"doclint: error: no rule {key!r}; see `doclint rules`", file=sys.stderr)
        return False
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
            default = list(option.default) if isinstance(option.default, tuple) else option.default
            print(f"  {name} = {json.dumps(default)}  {option.help}")
    return True
