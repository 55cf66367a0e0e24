"""The `doclint` command line: check, rules, rule, schema.

Exit codes: 0 no findings, 1 findings, 2 usage, configuration or internal error.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TextIO, TypeVar

from pydantic import TypeAdapter

from doclint import __version__, replay_inputs
from doclint.baseline import (
    BaselineError,
    SourceLines,
    filter_baseline,
    read_baseline,
    write_baseline,
)
from doclint.config import Config, ConfigError, find_config, load_config
from doclint.discovery import MissingPathError
from doclint.edits import FixError
from doclint.engine import RunResult, Settings, run, run_stdin
from doclint.file_fixer import FixSettings
from doclint.fix_mode import FixRun, fix_stdin, run_fixes, unified_diff
from doclint.models.generated import AnyPage
from doclint.output import FORMATS, LAYOUTS, RunOutput, statistics, summary
from doclint.output.layout import PartWriter
from doclint.paths import display_path
from doclint.progress import ProgressBar
from doclint.registry import Registry, SelectionError, load_registry
from doclint.tree import MAX_FILE_SIZE

T = TypeVar("T")

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
    _add_check(commands.add_parser("check", help="check files and folders"))
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


def _add_check(check: argparse.ArgumentParser) -> None:
    check.add_argument(
        "paths", nargs="*", default=["."], help="files or folders (default: .); - reads stdin"
    )
    rules = check.add_argument_group("rule selection (over the configuration's)")
    rules.add_argument(
        "--select",
        action="append",
        metavar="RULES",
        help="rules to run: codes, code prefixes, names or ALL (comma-separated); "
        "replaces the configuration's selection",
    )
    rules.add_argument(
        "--extend-select",
        action="append",
        metavar="RULES",
        help="rules to run in addition to the selected ones",
    )
    rules.add_argument("--ignore", action="append", metavar="RULES", help="rules not to run")

    config = check.add_argument_group("configuration")
    config.add_argument(
        "--config",
        type=Path,
        metavar="FILE",
        help="use this doclint.toml or pyproject.toml instead of the one found "
        "above the checked paths",
    )
    config.add_argument(
        "--isolated", action="store_true", help="use no configuration file, only the options"
    )
    config.add_argument(
        "--exclude",
        action="append",
        metavar="GLOBS",
        help="gitignore-style globs of paths not to check; replaces the default list",
    )
    config.add_argument(
        "--extend-exclude", action="append", metavar="GLOBS", help="more globs not to check"
    )
    config.add_argument(
        "--no-respect-gitignore",
        action="store_true",
        help="walk into what the repository's .gitignore files leave out",
    )
    config.add_argument(
        "--root",
        type=Path,
        help="root of the tree links resolve in "
        "(default: the current folder, or the common folder of the paths)",
    )
    config.add_argument(
        "--known-paths",
        type=Path,
        metavar="FILE",
        help="listing of the tree's paths, one per line, relative to --root; "
        "used instead of looking at the file system",
    )
    config.add_argument(
        "--stdin-filename",
        metavar="PATH",
        help="with the path -, the file the text read from stdin is checked as",
    )

    output = check.add_argument_group("output")
    output.add_argument(
        "--output-format",
        choices=list(FORMATS),
        default="full",
        help="how findings are written (default: full, each with its line)",
    )
    output.add_argument(
        "--output-file", "-o", type=Path, metavar="FILE", help="write the report here"
    )
    output.add_argument(
        "--statistics", action="store_true", help="print the number of findings per rule instead"
    )
    output.add_argument(
        "--exit-zero", action="store_true", help="exit 0 even when there are findings"
    )
    output.add_argument(
        "--quiet", "-q", action="store_true", help="print only the findings: no summary"
    )
    baseline = output.add_mutually_exclusive_group()
    baseline.add_argument(
        "--baseline",
        type=Path,
        metavar="FILE",
        help="report only findings this baseline does not record",
    )
    baseline.add_argument(
        "--write-baseline",
        type=Path,
        metavar="FILE",
        help="record the current findings in FILE and exit 0",
    )

    fixing = check.add_argument_group("fixing")
    fixing.add_argument(
        "--fix",
        action="store_true",
        help="apply the safe fixes the rules offer, then report what is left",
    )
    fixing.add_argument(
        "--unsafe-fixes",
        action="store_true",
        help="with --fix, --fix-only or --diff: also apply fixes that may change meaning",
    )
    fixing.add_argument(
        "--diff",
        action="store_true",
        help="print a unified diff of what the fixes would change and write nothing "
        "(exit 1 when there is something to fix)",
    )
    fixing.add_argument(
        "--fix-only",
        action="store_true",
        help="apply the fixes and report nothing else (exit 0 unless a file could not be fixed)",
    )

    run = check.add_argument_group("running")
    run.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=0,
        metavar="N",
        help="processes to check files in (default 0: all cores)",
    )
    run.add_argument(
        "--max-file-size",
        type=int,
        default=MAX_FILE_SIZE,
        metavar="BYTES",
        help="files larger than this are reported (file-too-large) and not read",
    )
    run.add_argument(
        "--no-progress", action="store_true", help="no progress bar, even on a terminal"
    )
    run.add_argument(
        "--no-cache", action="store_true", help="check every file again; read and write no cache"
    )
    run.add_argument(
        "--cache-dir",
        type=Path,
        metavar="DIR",
        help="where to keep the cache (default: .doclint_cache in the tree root)",
    )
    run.add_argument(
        "--show-traceback", action="store_true", help="show the stack of a rule that crashed"
    )


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:
        # `doclint rules | head`: the reader left; that is not an error of ours.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_CLEAN


def _main(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    registry = load_registry()
    for problem in registry.problems:
        replay_inputs.refuse()  # a replay would not repeat the warning
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
    try:
        return _check(args, registry)
    except UsageError as error:
        print(f"doclint: error: {error}", file=sys.stderr)
        return EXIT_ERROR


class UsageError(Exception):
    """Options, configuration or files that make the run impossible (exit 2)."""


def _check(args: argparse.Namespace, registry: Registry) -> int:
    stdin = _stdin_wanted(args)
    fix = _fix_settings(args)
    start = Path(args.stdin_filename) if stdin else _common_folder(args.paths)
    settings = _settings(args, _configuration(args, registry, start))
    try:
        if fix is not None:
            return _fix(args, registry, settings, fix, stdin)
        if not stdin and settings.cache and args.write_baseline is None:
            replay_inputs.allow()
        result, sources = _run_stdin(args, settings) if stdin else _run_paths(args, settings)
    except (MissingPathError, SelectionError) as error:
        raise UsageError(str(error)) from None
    return _report(args, registry, result, sources)


def _report(
    args: argparse.Namespace, registry: Registry, result: RunResult, sources: SourceLines
) -> int:
    """Write the findings of a run as asked; the exit code."""
    diagnostics = result.diagnostics
    if args.write_baseline is not None:
        count = _baseline_call(write_baseline, args.write_baseline, diagnostics, sources)
        if not args.quiet:
            print(f"doclint: recorded {count:,} findings in {args.write_baseline}", file=sys.stderr)
        return EXIT_CLEAN
    baselined = 0
    if args.baseline is not None:
        replay_inputs.observe("stamp", args.baseline)
        known = _baseline_call(read_baseline, args.baseline)
        kept = filter_baseline(diagnostics, sources, args.baseline, known)
        baselined, diagnostics = len(diagnostics) - len(kept), kept
    rules = registry.sorted_rules()
    output = RunOutput(
        diagnostics,
        result.files_checked,
        result.files,
        rules,
        sources,
        args.quiet,
        baselined,
        result.elsewhere,
        result.parts,
    )
    _write(args, output)
    return EXIT_FINDINGS if output.count and not args.exit_zero else EXIT_CLEAN


def _fix_settings(args: argparse.Namespace) -> FixSettings | None:
    """What fix mode asks for, None for a plain check; UsageError for options
    that do not fit together."""
    if not (args.fix or args.fix_only or args.diff):
        if args.unsafe_fixes:
            raise UsageError("--unsafe-fixes goes with --fix, --fix-only or --diff")
        return None
    if args.write_baseline is not None and (args.diff or args.fix_only):
        raise UsageError(
            "--write-baseline records findings: use it with --fix, not --diff or --fix-only"
        )
    return FixSettings(unsafe=args.unsafe_fixes, write=not args.diff)


def _fix(
    args: argparse.Namespace, registry: Registry, settings: Settings, fix: FixSettings, stdin: bool
) -> int:
    """Fix mode: --fix reports what is left; --fix-only and --diff only what they did."""
    if stdin:
        return _fix_stdin(args, registry, settings, fix)
    try:
        done = _run_fixes(args, settings, fix)
    except FixError as error:
        print(f"doclint: error: {error}", file=sys.stderr)
        return EXIT_ERROR
    for shown, problem in done.problems:
        print(f"doclint: warning: {shown}: not fixed: {problem}", file=sys.stderr)
    if args.diff:
        with _output(args) as stream:
            stream.writelines(done.diffs)
    if not args.quiet:
        print(_fix_summary(done, would=args.diff), file=sys.stderr)
    if args.diff:
        return _fix_exit(args, bool(done.diffs or done.problems))
    if args.fix_only:
        return _fix_exit(args, bool(done.problems))
    return _report(args, registry, done.result, SourceLines())


def _run_fixes(args: argparse.Namespace, settings: Settings, fix: FixSettings) -> FixRun:
    bar = ProgressBar(enabled=not (args.no_progress or args.quiet))
    try:
        return run_fixes(args.paths, settings, fix, progress=bar)
    finally:
        bar.close()


def _fix_stdin(
    args: argparse.Namespace, registry: Registry, settings: Settings, fix: FixSettings
) -> int:
    """Fix the text on stdin: the fixed text goes to stdout and the findings left
    to stderr (or --output-file); --diff writes the diff instead."""
    data = sys.stdin.buffer.read()
    fixed, result = fix_stdin(data, args.stdin_filename, settings, fix)
    shown = display_path(Path(args.stdin_filename), Path.cwd())
    if fixed.problem is not None:
        print(f"doclint: warning: {shown}: not fixed: {fixed.problem}", file=sys.stderr)
    if args.diff:
        if fixed.data is not None:
            with _output(args) as stream:
                stream.write(unified_diff(data, fixed.data, shown))
        return _fix_exit(args, fixed.data is not None or fixed.problem is not None)
    new = fixed.data if fixed.data is not None else data
    sys.stdout.flush()
    sys.stdout.buffer.write(new)
    sys.stdout.flush()
    if args.fix_only:
        return _fix_exit(args, fixed.problem is not None)
    sources = SourceLines({shown: new.decode("utf-8", errors="replace")})
    with contextlib.redirect_stdout(sys.stderr if args.output_file is None else sys.stdout):
        return _report(args, registry, result, sources)


def _fix_exit(args: argparse.Namespace, failed: bool) -> int:
    """The exit code of --diff (something to fix) and --fix-only (a file not fixed)."""
    return EXIT_FINDINGS if failed and not args.exit_zero else EXIT_CLEAN


def _fix_summary(done: FixRun, would: bool) -> str:
    count = sum(done.fixed.values())
    if not count:
        return "No fixes to apply." if would else "No fixes applied."
    files = len(done.files_fixed)
    per_rule = ", ".join(f"{n:,} {code}" for code, n in sorted(done.fixed.items()))
    return (
        f"{'Would fix' if would else 'Fixed'} {count:,} problem{'s' if count != 1 else ''} "
        f"in {files:,} file{'s' if files != 1 else ''} ({per_rule})."
    )


def _stdin_wanted(args: argparse.Namespace) -> bool:
    """Whether the run reads stdin; UsageError for options that do not fit together."""
    stdin = args.paths == ["-"]
    if "-" in args.paths and not stdin:
        raise UsageError("- (stdin) cannot be checked together with other paths")
    if stdin != (args.stdin_filename is not None):
        raise UsageError("--stdin-filename and the path - (stdin) go together")
    if args.isolated and args.config is not None:
        raise UsageError("--config and --isolated exclude each other")
    return stdin


def _run_paths(args: argparse.Namespace, settings: Settings) -> tuple[RunResult, SourceLines]:
    bar = ProgressBar(enabled=not (args.no_progress or args.quiet))
    try:
        return run(args.paths, settings, progress=bar, render=_part_writer(args)), SourceLines()
    finally:
        bar.close()


def _part_writer(args: argparse.Namespace) -> PartWriter | None:
    """How the processes that check files write their parts of the output,
    when its format has parts and nothing needs the findings themselves."""
    layout = LAYOUTS.get(args.output_format)
    if layout is None or args.statistics or args.baseline or args.write_baseline:
        return None
    if args.output_file is not None:
        return PartWriter(layout)  # opened in UTF-8 (_output)
    if not _writes_utf8_bytes(sys.stdout):
        return None
    return PartWriter(layout, sys.stdout.errors or "strict")


def _run_stdin(args: argparse.Namespace, settings: Settings) -> tuple[RunResult, SourceLines]:
    data = sys.stdin.buffer.read()
    result = run_stdin(data, args.stdin_filename, settings)
    shown = display_path(Path(args.stdin_filename), Path.cwd())
    return result, SourceLines({shown: data.decode("utf-8", errors="replace")})


def _common_folder(paths: list[str]) -> Path:
    return Path(os.path.commonpath([os.path.abspath(path) for path in paths]))


def _configuration(args: argparse.Namespace, registry: Registry, start: Path) -> Config | None:
    if args.isolated:
        return None
    try:
        file = args.config if args.config is not None else find_config(start)
        if file is None:
            return None
        replay_inputs.observe("stamp", file)
        if not file.is_file():
            raise UsageError(f"{file}: no such configuration file")
        return load_config(file, registry)
    except ConfigError as error:
        raise UsageError(str(error)) from None


def _settings(args: argparse.Namespace, config: Config | None) -> Settings:
    """The options, over the configuration: --select replaces the configuration's
    whole selection (select, extend-select, ignore); the rest adds to it."""
    config = config or Config.defaults(Path.cwd())
    select, extend_select, ignore = _split(args.select), [], []
    if select is None:
        select, extend_select, ignore = config.select, config.extend_select, config.ignore
    known_paths_file = args.known_paths or config.known_paths
    exclude = _split(args.exclude)
    return Settings(
        select=select,
        extend_select=[*extend_select, *(_split(args.extend_select) or [])],
        ignore=[*ignore, *(_split(args.ignore) or [])],
        root=args.root or config.root,
        known_paths=_listing(known_paths_file) if known_paths_file is not None else None,
        show_traceback=args.show_traceback,
        jobs=args.jobs,
        cache=not args.no_cache,
        cache_dir=args.cache_dir,
        max_file_size=args.max_file_size,
        per_file_ignores=config.per_file_ignores,
        severity=config.severity,
        rule_options=dict(config.rules),
        exclude=exclude if exclude is not None else config.exclude,
        extend_exclude=[*config.extend_exclude, *(_split(args.extend_exclude) or [])],
        respect_gitignore=not args.no_respect_gitignore and config.respect_gitignore is not False,
        base=config.base,
    )


def _listing(file: Path) -> list[str]:
    replay_inputs.observe("stamp", file)
    try:
        return file.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"cannot read {file}: {getattr(error, 'strerror', error)}") from None


def _baseline_call(function: Callable[..., T], *arguments: object) -> T:
    try:
        return function(*arguments)
    except BaselineError as error:
        raise UsageError(str(error)) from None


@contextlib.contextmanager
def _output(args: argparse.Namespace) -> Iterator[TextIO]:
    """Where the report goes: --output-file, or stdout."""
    with contextlib.ExitStack() as stack:
        stream = sys.stdout
        if args.output_file is not None:
            try:
                stream = stack.enter_context(
                    open(args.output_file, "w", encoding="utf-8", newline="\n")
                )
            except OSError as error:
                raise UsageError(f"cannot write {args.output_file}: {error.strerror}") from None
        yield stream


def _write(args: argparse.Namespace, output: RunOutput) -> None:
    with _output(args) as raw:
        replay_inputs.note_output(raw, args.output_file)
        stream = replay_inputs.RecordingStream(raw)
        if args.statistics:
            stream.write(_statistics(output, as_json=args.output_format in ("json", "jsonl")))
            return
        layout = LAYOUTS.get(args.output_format)
        try:
            # One write: a chunk per finding means 300,000 calls into the stream.
            if layout is not None and _writes_utf8_bytes(raw):
                data, places = layout.compose(
                    output, replay_inputs.partial_run(), raw.errors or "strict"
                )
                raw.flush()
                raw.buffer.write(data)
                # A baseline's matches are not kept per file: no part is reused.
                replay_inputs.note_written(data, places if args.baseline is None else None)
            else:
                stream.write("".join(FORMATS[args.output_format](output)))
        except BrokenPipeError:
            # The reader went away (`| head`): stop writing, quietly.
            replay_inputs.refuse()
            os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())


def _writes_utf8_bytes(stream: TextIO) -> bool:
    """Whether the stream takes bytes beneath (not io.StringIO) and encodes in UTF-8."""
    encoding = getattr(stream, "encoding", None)
    try:
        return hasattr(stream, "buffer") and codecs.lookup(encoding or "").name == "utf-8"
    except LookupError:
        return False


def _statistics(output: RunOutput, as_json: bool) -> str:
    counts = statistics(output.diagnostics)
    if as_json:
        items = [{"code": code, "name": name, "count": count} for count, code, name in counts]
        return json.dumps(items, indent=2) + "\n"
    width = max((len(f"{count:,}") for count, _, _ in counts), default=1)
    name_width = max((len(name) for _, _, name in counts), default=0)
    lines = [f"{count:>{width},}  {code:<6} {name:<{name_width}}" for count, code, name in counts]
    if not output.quiet:
        lines.append(summary(output))
    return "".join(line.rstrip() + "\n" for line in lines)


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
    if rule.options:
        print(f"\nOptions ([tool.doclint.rules.{rule.name}] in pyproject.toml):")
        for name, option in rule.options.items():
            default = list(option.default) if isinstance(option.default, tuple) else option.default
            print(f"  {name} = {json.dumps(default)}  {option.help}")
    return EXIT_CLEAN
