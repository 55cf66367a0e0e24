"""The `doclint` command line: check, rules, rule, schema."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from pydantic import TypeAdapter

from doclint import __version__
from doclint.discovery import MissingPathError
from doclint.engine import Settings, run
from doclint.models.generated import AnyPage
from doclint.output import FORMATS
from doclint.progress import ProgressBar
from doclint.registry import Registry, SelectionError, load_registry

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def _split(values: list[str] | None) -> list[str] | None:
    if values is None:
        return None
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="doclint",
        description="Lint machine-generated Markdown documentation trees.",
    )
    parser.add_argument("--version", action="version", version=f"doclint {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    check = commands.add_parser("check", help="check files and folders")
    check.add_argument("paths", nargs="*", default=["."], help="files or folders (default: .)")
    check.add_argument(
        "--select",
        action="append",
        metavar="RULES",
        help="rules to run: codes, code prefixes, names or ALL (comma-separated)",
    )
    check.add_argument(
        "--extend-select",
        action="append",
        metavar="RULES",
        help="rules to run in addition to the selected ones",
    )
    check.add_argument("--ignore", action="append", metavar="RULES", help="rules not to run")
    check.add_argument("--output-format", choices=sorted(FORMATS), default="concise")
    check.add_argument(
        "--root",
        type=Path,
        help="root of the tree links resolve in "
        "(default: the current folder, or the common folder of the paths)",
    )
    check.add_argument(
        "--known-paths",
        type=Path,
        metavar="FILE",
        help="listing of the tree's paths, one per line, relative to --root; "
        "used instead of looking at the file system",
    )
    check.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=0,
        metavar="N",
        help="processes to check files in (default 0: all cores)",
    )
    check.add_argument(
        "--max-file-size",
        type=int,
        default=64 * 1024 * 1024,
        metavar="BYTES",
        help="files larger than this are reported (file-too-large) and not read",
    )
    check.add_argument(
        "--no-progress", action="store_true", help="no progress bar, even on a terminal"
    )
    check.add_argument(
        "--no-cache", action="store_true", help="check every file again; read and write no cache"
    )
    check.add_argument(
        "--cache-dir",
        type=Path,
        metavar="DIR",
        help="where to keep the cache (default: .doclint_cache in the tree root)",
    )
    check.add_argument(
        "--show-traceback", action="store_true", help="show the stack of a rule that crashed"
    )

    rules = commands.add_parser("rules", help="list the rules")
    rules.add_argument(
        "--format",
        choices=("table", "markdown"),
        default="table",
        help="markdown prints the table README.md embeds",
    )
    rule = commands.add_parser("rule", help="show one rule's documentation")
    rule.add_argument("rule", metavar="CODE|NAME")
    commands.add_parser("schema", help="print the JSON Schema of the page models")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    registry = load_registry()
    for problem in registry.problems:
        print(f"doclint: warning: {problem}", file=sys.stderr)
    if args.command == "rules":
        if args.format == "markdown":
            sys.stdout.write(rules_markdown(registry))
            return EXIT_CLEAN
        return _list_rules(registry)
    if args.command == "rule":
        return _show_rule(registry, args.rule)
    if args.command == "schema":
        print(json.dumps(TypeAdapter(AnyPage).json_schema(), indent=2))
        return EXIT_CLEAN
    return _check(args)


def _check(args: argparse.Namespace) -> int:
    known_paths = None
    if args.known_paths is not None:
        try:
            known_paths = args.known_paths.read_text(encoding="utf-8").splitlines()
        except OSError as error:
            print(
                f"doclint: error: cannot read {args.known_paths}: {error.strerror}", file=sys.stderr
            )
            return EXIT_ERROR
    settings = Settings(
        select=_split(args.select),
        ignore=_split(args.ignore) or [],
        extend_select=_split(args.extend_select) or [],
        root=args.root,
        known_paths=known_paths,
        show_traceback=args.show_traceback,
        jobs=args.jobs,
        cache=not args.no_cache,
        cache_dir=args.cache_dir,
        max_file_size=args.max_file_size,
    )
    try:
        bar = ProgressBar(enabled=not args.no_progress)
        try:
            result = run(args.paths, settings, progress=bar)
        finally:
            bar.close()
    except (MissingPathError, SelectionError) as error:
        print(f"doclint: error: {error}", file=sys.stderr)
        return EXIT_ERROR
    sys.stdout.write(FORMATS[args.output_format](result.diagnostics, result.files_checked))
    return EXIT_FINDINGS if result.diagnostics else EXIT_CLEAN


def _list_rules(registry: Registry) -> int:
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
    return EXIT_CLEAN


def rules_markdown(registry: Registry) -> str:
    """The rule table of README.md, generated from the rules' own metadata."""
    rows = ["| Code | Name | Default | Severity | Fix | Summary |", "|---|---|---|---|---|---|"]
    for rule in registry.sorted_rules():
        rows.append(
            f"| {rule.code} | `{rule.name}` | {'on' if rule.default_enabled else 'off'} "
            f"| {rule.severity} | {rule.fix_safety} | {rule.summary} |"
        )
    return "\n".join(rows) + "\n"


def _show_rule(registry: Registry, key: str) -> int:
    rule = registry.lookup(key)
    if rule is None:
        print(f"doclint: error: no rule {key!r}; see `doclint rules`", file=sys.stderr)
        return EXIT_ERROR
    print(f"{rule.code} {rule.name}: {rule.summary}\n")
    print(
        f"Severity: {rule.severity}. Default: {'on' if rule.default_enabled else 'off'}. "
        f"Fix: {rule.fix_safety}. Runs on: {rule.scope} "
        f"({', '.join(sorted(rule.kinds)) if rule.kinds else 'every kind of page'}).\n"
    )
    print(rule.documentation())
    return EXIT_CLEAN
