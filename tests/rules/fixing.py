"""Run one rule directly to see its findings with their fixes, and apply them.

Reports carry no fixes, so these helpers call `Rule.check` the way the engine
does: on the outer page and every page embedded in it (a FILE rule on the
outer page only), with the file's lines and a tree at `root`.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from doclint import Settings, check_text, parse
from doclint.engine.linter import iter_pages
from doclint.fixes.edits import apply_edits, fix_until_stable
from doclint.models.markdown_lines import normalize_newlines
from doclint.rule_api import Finding, FixSafety, Rule, RuleContext, Scope
from doclint.tree.index import Tree


def rule_findings(
    rule: type[Rule],
    text: str,
    path: str,
    root: Path | None = None,
    known_paths: list[str] | None = None,
    **options: object,
) -> list[Finding]:
    """What `rule` finds in `text` as the file `path` of the tree at `root`,
    fixes included; identical findings (outer and embedded page) once."""
    text = normalize_newlines(text)
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    page = parse(text, path)
    ctx = RuleContext(Tree(root or Path.cwd(), known_paths), path, text, lines)
    ctx.options = rule.resolve_options(options)
    checked = rule()
    pages = [page] if rule.scope is Scope.FILE else [current.page for current in iter_pages(page)]
    found = [
        f for current in pages if rule.applies_to(current.kind) for f in checked.check(current, ctx)
    ]
    return list(dict.fromkeys(found))


def fixes_of(findings: list[Finding], unsafe: bool = True) -> list[tuple]:
    """The edits of the findings' fixes that `--fix` (or, with `unsafe`,
    `--fix --unsafe-fixes`) applies."""
    return [
        f.fix.edits
        for f in findings
        if f.fix is not None and (unsafe or f.fix.applicability is FixSafety.SAFE)
    ]


def apply_fixes(text: str, findings: list[Finding], unsafe: bool = True) -> str:
    """One round: the text with the findings' fixes applied."""
    return apply_edits(text, fixes_of(findings, unsafe))[0]


def fix_fully(
    rule: type[Rule],
    text: str,
    path: str,
    root: Path | None = None,
    known_paths: list[str] | None = None,
    unsafe: bool = True,
) -> str:
    """The text once `rule`'s fixes are applied round after round until none is left."""

    def round_of(current: str) -> list[tuple]:
        return fixes_of(rule_findings(rule, current, path, root, known_paths), unsafe)

    return fix_until_stable(text, round_of)[0]


def codes(
    text: str, path: str, root: Path | None = None, known_paths: list[str] | None = None
) -> Counter[str]:
    """How many findings of each code every rule (default or not) reports."""
    settings = Settings(select=["ALL"], root=root, known_paths=known_paths)
    return Counter(d.code for d in check_text(text, path, settings).diagnostics)


def assert_fix_adds_nothing(
    rule: type[Rule],
    before: str,
    after: str,
    path: str,
    root: Path | None = None,
    known_paths: list[str] | None = None,
) -> None:
    """The fix removed findings of `rule` and gave no rule a new one."""
    old, new = codes(before, path, root, known_paths), codes(after, path, root, known_paths)
    grown = {code: (old[code], count) for code, count in new.items() if count > old[code]}
    assert not grown, f"findings that the fix added (before, after): {grown}"
    assert new[rule.code] < old[rule.code]
