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

from doclint import replay_inputs
from doclint.baseline import (
    BaselineError,
    SourceLines,
    filter_baseline,
    read_baseline,
    write_baseline,
)
from doclint.cli_options import build_parser
from doclint.config import Config, ConfigError, find_config, load_config
from doclint.discovery import MissingPathError
from doclint.edits import FixError
from doclint.engine import RunResult, Settings, run, run_stdin
from doclint.file_fixer import FixSettings
from doclint.fix_mode import FixRun, fix_stdin, run_fixes, unified_diff
from doclint.models.generated import AnyPage
from doclint.models.templates import describe_templates
from doclint.output import FORMATS, LAYOUTS, RunOutput, statistics, summary
from doclint.output.layout import PartWriter
from doclint.paths import display_path
from doclint.progress import ProgressBar
from doclint.registry import Registry, SelectionError, load_registry
from doclint.rule_listing import print_rule, print_rules, rules_markdown

T = TypeVar("T")

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def _split(values: list[str] | None) -> list[str] | None:
    if values is None:
        return None
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


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
        print_rules(registry)
        return EXIT_CLEAN
    if args.command == "rule":
        return EXIT_CLEAN if print_rule(registry, args.rule) else EXIT_ERROR
    if args.command == "schema":
        shown = describe_templates() if args.templates else TypeAdapter(AnyPage).json_schema()
        print(json.dumps(shown, indent=2, ensure_ascii=False))
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
        shard=args.shard,
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
                raw.flush()
                partial, errors = replay_inputs.partial_run(), raw.errors or "strict"
                if not replay_inputs.keeps_output():  # written part by part, never whole
                    layout.write(raw.buffer, output, partial, errors)
                    return
                data, places = layout.compose(output, partial, errors)
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
