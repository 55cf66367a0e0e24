"""The rules as `doclint rules` and `doclint rule CODE|--all` show them (as text
or JSON), the README's rules table, and the rule pages of docs/rules/
(`rule_pages`, written by tools/rule_pages.py)."""

from __future__ import annotations

import json
from typing import Any

from doclint.config.suggestions import did_you_mean
from doclint.engine.registry import Registry
from doclint.models.urls import rule_url
from doclint.rule_api import Rule
from doclint.util.paths import say

GENERATED = (
    "<!-- Generated from the rule's class by tools/rule_pages.py; do not edit:"
    " edit the rule's `docs` and run `python tools/rule_pages.py`. -->"
)


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


def _runs_on(rule: type[Rule[Any]]) -> str:
    kinds = ", ".join(sorted(rule.kinds)) if rule.kinds else "every kind of page"
    return f"{rule.scope} ({kinds})"


def rule_page(rule: type[Rule[Any]]) -> str:
    """A rule's page under docs/rules/: its metadata, its documentation, the
    causes its findings carry and its options."""
    default = "on" if rule.default_enabled else "off"
    parts = [
        f"# {rule.code} {rule.name}\n\n{GENERATED}\n\n{rule.summary}\n",
        "| Code | Name | Severity | Default | Fix | Runs on |\n|---|---|---|---|---|---|\n"
        f"| {rule.code} | `{rule.name}` | {rule.severity} | {default} | {rule.fix_safety} "
        f"| {_runs_on(rule)} |\n",
        rule.documentation() + "\n",
    ]
    if rule.causes:
        rows = "".join(f"| `{cause.id}` | {cause.label} |\n" for cause in rule.causes)
        parts.append(
            "## Causes\n\nEach finding carries one of these causes (`cause` in JSON and SARIF,"
            " and the groups of `--statistics`):\n\n"
            f"| Cause | What it is |\n|---|---|\n{rows}"
        )
    if rule.options:
        rows = "".join(
            f"| `{name}` | `{json.dumps(_plain(option.default))}` | {option.help} |\n"
            for name, option in rule.options.items()
        )
        parts.append(
            f"## Options\n\nSet in `[tool.doclint.rules.{rule.name}]` of pyproject.toml:\n\n"
            f"| Option | Default | What it does |\n|---|---|---|\n{rows}"
        )
    parts.append("[All rules](index.md)\n")
    return "\n".join(parts)


def rules_index(rules: list[type[Rule[Any]]]) -> str:
    """docs/rules/index.md: every rule, linked to its page."""
    rows = "".join(
        f"| [{rule.code}]({rule.code}.md) | `{rule.name}` "
        f"| {'on' if rule.default_enabled else 'off'} | {rule.severity} | {rule.fix_safety} "
        f"| {rule.summary} |\n"
        for rule in rules
    )
    return (
        f"# Rules\n\n{GENERATED}\n\nOne page per rule: why it matters, a bad and a good"
        " example, the causes its findings carry and its options. Each finding's `url` (JSON,"
        " SARIF) points at its rule's page; `doclint rule CODE` prints the same offline."
        " DL0xx are the engine's own diagnostics about a file.\n\n"
        "| Code | Name | Default | Severity | Fix | Summary |\n|---|---|---|---|---|---|\n"
        f"{rows}"
    )


def rule_pages(rules: list[type[Rule[Any]]]) -> dict[str, str]:
    """The files of docs/rules/ for `rules`: a page per rule and index.md."""
    pages = {f"{rule.code}.md": rule_page(rule) for rule in rules}
    pages["index.md"] = rules_index(rules)
    return pages


def rule_record(rule: type[Rule[Any]], documentation: bool) -> dict[str, object]:
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
        "causes": [{"id": cause.id, "label": cause.label} for cause in rule.causes],
    }
    if documentation:
        record["documentation"] = rule.documentation()
    return record


def rules_json(rules: list[type[Rule[Any]]], documentation: bool) -> str:
    return json.dumps([rule_record(rule, documentation) for rule in rules], indent=2) + "\n"


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def find_rule(registry: Registry, key: str) -> type[Rule[Any]] | None:
    """The rule of a code or name; None, told on stderr with the closest one, if none."""
    rule = registry.lookup(key)
    if rule is None:
        names = [name for known in registry.sorted_rules() for name in (known.code, known.name)]
        say(f"error: no rule {key!r}{did_you_mean(key, names)}; see `doclint rules`")
    return rule


def print_documentation(rule: type[Rule[Any]]) -> None:
    """A rule's documentation as `doclint rule` prints it."""
    print(f"{rule.code} {rule.name}: {rule.summary}\n")
    print(
        f"Severity: {rule.severity}. Default: {'on' if rule.default_enabled else 'off'}. "
        f"Fix: {rule.fix_safety}. Runs on: {rule.scope} "
        f"({', '.join(sorted(rule.kinds)) if rule.kinds else 'every kind of page'}).\n"
    )
    print(rule.documentation())
    if rule.causes:
        print("\nCauses (the `cause` of its findings in JSON, SARIF and --statistics):")
        width = max(len(cause.id) for cause in rule.causes)
        for cause in rule.causes:
            print(f"  {cause.id:<{width}}  {cause.label}")
    if rule.options:
        print(f"\nOptions ([tool.doclint.rules.{rule.name}] in pyproject.toml):")
        for name, option in rule.options.items():
            print(f"  {name} = {json.dumps(_plain(option.default))}  {option.help}")
    print(f"\nOnline: {rule_url(rule.code)}")
