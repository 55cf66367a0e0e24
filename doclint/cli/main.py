"""The `doclint` command line: check, and (commands.py) rules, rule, schema,
config-schema, clean.

Exit codes: 0 no findings, 1 findings, 2 usage, configuration or internal error.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import io
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TextIO, TypeVar

from doclint.cli.arguments import (
    UsageError,
    check_selection,
    check_statistics,
    expand_globs,
    nothing_checked,
)
from doclint.cli.commands import COMMANDS, cache_folder
from doclint.cli.config import configuration, overridden, settings_of
from doclint.cli.options import build_parser
from doclint.cli.progress import ProgressBar
from doclint.config.files import Config
from doclint.engine import Settings
from doclint.engine.registry import Registry, SelectionError, load_registry
from doclint.models.findings import FileFindings
from doclint.output import FORMATS, LAYOUTS, RunOutput, knock_on, statistics, summary
from doclint.output.baseline import (
    BaselineError,
    SourceLines,
    filter_baseline,
    read_baseline,
    write_baseline,
)
from doclint.output.color import use_color
from doclint.output.layout import Sink
from doclint.output.parts import PartWriter
from doclint.output.shown import shown_findings
from doclint.output.spilled_parts import SpilledParts
from doclint.run import Collector, FileSink, Run, RunResult, read_stdin, run_stdin
from doclint.run.page_reading import named_docs_folders
from doclint.tree.discovery import MissingPathError
from doclint.util.notices import for_github
from doclint.util.paths import display_path, say

# Fix mode, --watch, init, --explain, --show-settings, --show-files and
# --statistics are imported when they run: a check needs none of them
# (tests/test_startup.py).
# The cache's modules only with the cache on.
if TYPE_CHECKING:
    from doclint.cli.watch import Watch
    from doclint.fixes.file_fixer import FixSettings
    from doclint.fixes.fix_mode import FixRun
    from doclint.incremental.store import ContentCache

T = TypeVar("T")

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:
        # `doclint rules | head`: the reader left; that is not an error of ours.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_CLEAN
    finally:
        for_github(False)  # a later run in this process (the API's) says its lines plainly


def _main(argv: Sequence[str] | None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(arguments[0] if arguments else None)
    args = parser.parse_args(arguments)
    args.command_line = ["doclint", *arguments]
    if args.command is None and args.explain_rule is not None:
        from doclint.cli.commands import explain_rule

        return EXIT_CLEAN if explain_rule(args.explain_rule, load_registry()) else EXIT_ERROR
    if args.command is None:
        # As ruff: a bare command is a usage error that shows the whole help.
        parser.print_help(sys.stderr)
        return EXIT_ERROR
    registry = load_registry()
    for problem in registry.problems:
        say(f"warning: {problem}")
    if args.command in COMMANDS:
        return EXIT_CLEAN if COMMANDS[args.command](args, registry) else EXIT_ERROR
    try:
        if args.command == "clean":
            return _clean(args, registry)
        if args.command == "init":
            return _init(args)
        if args.command == "server":
            from doclint.server import serve

            return serve(registry)
        if args.command == "profile":
            # Imported here: the library's API it checks a profile with is no
            # part of a check, whose start every worker waits for.
            from doclint.cli.profile_check import profile_check

            return EXIT_CLEAN if profile_check(args) else EXIT_FINDINGS
        if args.watch:
            return _watch(args, registry)
        return _check(args, registry)
    except UsageError as error:
        say(f"error: {error}")
        return EXIT_ERROR


def _clean(args: argparse.Namespace, registry: Registry) -> int:
    from doclint.incremental.folder import clean

    config = configuration(args, registry, Path.cwd())
    try:
        say(clean(*cache_folder(args, config)))
    except (OSError, ValueError) as error:
        raise UsageError(str(error)) from None
    return EXIT_CLEAN


def _init(args: argparse.Namespace) -> int:
    from doclint.cli.init import write_starter

    try:
        written = write_starter(args.folder)
    except FileExistsError:
        raise UsageError(
            f"{args.folder / 'doclint.toml'} exists; init does not overwrite it"
        ) from None
    except NotADirectoryError:
        raise UsageError(f"{args.folder}: is a file, not a folder") from None
    except OSError as error:
        raise UsageError(f"cannot write {error.filename}: {error.strerror}") from None
    say(f"wrote {written}; edit it, then run `doclint check`")
    return EXIT_CLEAN


def _watch(args: argparse.Namespace, registry: Registry) -> int:
    """Check, then check again whenever a file the check reads changes, until stopped.
    A round's stamps are taken before it checks: a change made while it runs
    starts the next round."""
    if args.paths == ["-"] or args.fix or args.fix_only or args.diff or args.output_file:
        raise UsageError("--watch reports to the terminal: not with -, --fix, --diff or -o")
    import copy

    from doclint.cli.watch import Watch

    paths = expand_globs(args.paths)
    watches: list[Watch] = []

    def stamp(settings: Settings) -> None:
        try:
            watches.append(Watch([Path(path) for path in paths], settings.path_filter()))
        except MissingPathError as error:
            raise UsageError(str(error)) from None

    while True:
        watches.clear()
        # Each round reads the rules again where they changed (an editable install's).
        _check(copy.copy(args), load_registry(), stamp)
        sys.stdout.flush()  # the report before the line that says it is done
        say(f"watching {', '.join(paths)} for changes (Ctrl-C stops)")
        watches[0].wait()
        # Each round's report below a line with its time, not run on from the last.
        clock = time.strftime("%H:%M:%S")
        print(f"\n---- {clock}: a change under {', '.join(paths)}; checking again ----", flush=True)


def _check(
    args: argparse.Namespace,
    registry: Registry,
    starting: Callable[[Settings], None] | None = None,
) -> int:
    """Check as `args` say; `starting` is called with the run's settings
    before a file is read (--watch stamps what the run reads)."""
    stdin = _stdin_wanted(args)
    if not stdin:
        args.paths = expand_globs(args.paths)
    common = Path(os.path.commonpath([os.path.abspath(path) for path in args.paths]))
    start = Path(args.stdin_filename) if stdin else common
    config = configuration(args, registry, start) or overridden(
        Config.defaults(Path.cwd()), args, registry
    )
    args.format_given = args.output_format is not None
    args.output_format = args.output_format or config.output_format or "full"
    # What the run cannot judge is said as GitHub Actions reads it, with its
    # findings' annotations.
    for_github(args.output_format == "github")
    fix = _fix_settings(args, config)
    settings = settings_of(args, config)
    if not stdin:
        settings = _with_named_docs_folders(args, settings)
    check_selection(registry, settings)
    if starting is not None:
        starting(settings)
    if args.show_settings:
        from doclint.cli.show import show_settings

        show_settings(settings, config, registry, args)
        return EXIT_CLEAN
    if args.explain:
        from doclint.cli.explain import explain_pages

        _call(explain_pages, args.explain, settings)
        return EXIT_CLEAN
    if args.show_files:
        from doclint.cli.show import show_files

        return (
            EXIT_CLEAN
            if _call(show_files, args.paths, settings)
            else nothing_checked(args.paths, settings)
        )
    check_statistics(args)
    try:
        if fix is not None:
            return _fix(args, registry, settings, fix, stdin)
        if stdin:
            return _report(args, registry, *_run_stdin(args, settings), settings)
        stores = _stores(settings)
        sink = _sink(args, settings.cache)
        try:
            result = _run_paths(args, settings, sink, stores, registry)
            if not result.files_checked:
                nothing_checked(args.paths, settings)
            found, parts = sink.delivered()
            sources = SourceLines(files=result.files)
            return _report(args, registry, result._replace(found=found), sources, settings, parts)
        finally:
            sink.close()
    except (MissingPathError, SelectionError) as error:
        raise UsageError(str(error)) from None


def _report(
    args: argparse.Namespace,
    registry: Registry,
    result: RunResult,
    sources: SourceLines,
    settings: Settings,
    parts: SpilledParts | None = None,
) -> int:
    """Write the findings of a run as asked (`parts`: as its sink rendered
    them); the exit code."""
    diagnostics = shown_findings(result.found, Path.cwd())
    if args.write_baseline is not None:
        count = _call(write_baseline, args.write_baseline, diagnostics, sources)
        if not args.quiet:
            say(f"recorded {count:,} findings in {args.write_baseline}")
        return EXIT_CLEAN
    baselined = 0
    if args.baseline is not None:
        known = _call(read_baseline, args.baseline, args.max_file_size)
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
        parts,
        _color(args),
        command=args.command_line,
        root=settings.root,
        fail_on=args.fail_on,
        generators=settings.known_generators,
        unread_pages=_unread_pages(args, result),
    )
    if args.statistics:
        _write(args, None, lambda: _statistics(output, args.output_format))
    else:
        layout = LAYOUTS.get(args.output_format)
        as_bytes = None
        if layout is not None:

            def as_bytes(out: Sink, errors: str) -> None:
                layout.write(out, output, errors)

        _write(args, as_bytes, lambda: "".join(FORMATS[args.output_format](output)))
    return EXIT_FINDINGS if output.failing and not args.exit_zero else EXIT_CLEAN


def _with_named_docs_folders(args: argparse.Namespace, settings: Settings) -> Settings:
    """The settings with the docs folders the checked projects named
    otherwise than their generator's profile does (found beside its marker),
    each said in one line on stderr: which folder the run took for which
    generator's pages."""
    cwd = Path.cwd()
    found = named_docs_folders(args.paths, settings.profiles)
    for named in found if not args.quiet else ():
        folder, marker = display_path(named.folder, cwd), display_path(named.marker, cwd)
        say(f"reading {folder}/ as {named.profile.name}'s docs folder (beside {marker})")
    if not found:
        return settings
    # Imported here: a run that finds no such folder copies no settings.
    import dataclasses

    return dataclasses.replace(
        settings, profiles=(*settings.profiles, *(named.profile for named in found))
    )


# The formats that say nothing of the run as a whole: a list of findings only.
_WITHOUT_SUMMARY = frozenset({"json", "jsonl", "gitlab"})
_TEXT_FORMATS = frozenset({"full", "concise"})


def _unread_pages(args: argparse.Namespace, result: RunResult) -> int:
    """How many pages of the run no generator read, where the output says
    so (0 where it would not)."""
    if args.output_format in _WITHOUT_SUMMARY and not args.statistics:
        return 0
    if args.quiet and (args.statistics or args.output_format in _TEXT_FORMATS):
        return 0
    return result.unread_pages


def _fix_settings(args: argparse.Namespace, config: Config) -> FixSettings | None:
    """What fix mode asks for, None for a plain check; UsageError for options
    that do not fit together. The configuration's unsafe-fixes counts only when fixing."""
    if not (args.fix or args.fix_only or args.diff):
        if args.unsafe_fixes:
            raise UsageError("--unsafe-fixes goes with --fix, --fix-only or --diff")
        return None
    if args.write_baseline is not None and (args.diff or args.fix_only):
        raise UsageError(
            "--write-baseline records findings: use it with --fix, not --diff or --fix-only"
        )
    from doclint.fixes.file_fixer import FixSettings

    return FixSettings(unsafe=args.unsafe_fixes or config.unsafe_fixes, write=not args.diff)


def _fix(
    args: argparse.Namespace, registry: Registry, settings: Settings, fix: FixSettings, stdin: bool
) -> int:
    """Fix mode: --fix reports what is left; --fix-only and --diff only what they did."""
    from doclint.fixes.edits import FixError

    if stdin:
        return _fix_stdin(args, registry, settings, fix)
    try:
        done = _run_fixes(args, settings, fix)
    except FixError as error:
        say(f"error: {error}")
        return EXIT_ERROR
    if not done.result.files_checked:
        nothing_checked(args.paths, settings)
    for shown, problem in done.problems:
        say(f"warning: {shown}: not fixed: {problem}")
    if args.diff:
        with _output(args) as stream:
            stream.writelines(done.diffs)
    if not args.quiet:
        print(_fix_summary(done, would=args.diff), file=sys.stderr)
    if args.diff:
        return _fix_exit(args, bool(done.diffs or done.problems))
    if args.fix_only:
        return _fix_exit(args, bool(done.problems))
    return _report(args, registry, done.result, SourceLines(files=done.result.files), settings)


def _progress(args: argparse.Namespace) -> ProgressBar:
    """A bar on a terminal; off one, lines with --progress or in CI (the CI variable)."""
    lines = args.progress or bool(os.environ.get("CI"))
    return ProgressBar(enabled=not args.no_progress, lines=lines)


def _run_fixes(args: argparse.Namespace, settings: Settings, fix: FixSettings) -> FixRun:
    from doclint.fixes.fix_mode import run_fixes

    bar = _progress(args)
    try:
        return run_fixes(args.paths, settings, fix, bar, _stores(settings))
    finally:
        bar.close()


def _fix_stdin(
    args: argparse.Namespace, registry: Registry, settings: Settings, fix: FixSettings
) -> int:
    """Fix the text on stdin: the fixed text goes to stdout and the findings left
    to stderr (or --output-file); --diff writes the diff instead."""
    from doclint.fixes.fix_mode import fix_stdin, unified_diff

    data = _read_stdin(args)
    fixed, result = fix_stdin(data, args.stdin_filename, settings, fix)
    shown = display_path(Path(args.stdin_filename), Path.cwd())
    if fixed.problem is not None:
        say(f"warning: {shown}: not fixed: {fixed.problem}")
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
        return _report(args, registry, result, sources, settings)


def _fix_exit(args: argparse.Namespace, failed: bool) -> int:
    """The exit code of --diff (something to fix) and --fix-only (a file not fixed)."""
    return EXIT_FINDINGS if failed and not args.exit_zero else EXIT_CLEAN


def _fix_summary(done: FixRun, would: bool) -> str:
    count = sum(done.fixed.values())
    if not count:
        return "No fixes to apply." if would else "No fixes applied."
    files = len(done.files_fixed)
    per_rule = ", ".join(f"{n:,} {code}" for code, n in sorted(done.fixed.items()))
    line = (
        f"{'Would fix' if would else 'Fixed'} {count:,} problem{'s' if count != 1 else ''} "
        f"in {files:,} file{'s' if files != 1 else ''} ({per_rule})."
    )
    return line + knock_on(count, sum(done.first.values()))


def _stdin_wanted(args: argparse.Namespace) -> bool:
    """Whether the run reads stdin; UsageError for options that do not fit together."""
    stdin: bool = args.paths == ["-"]
    if "-" in args.paths and not stdin:
        raise UsageError("- (stdin) cannot be checked together with other paths")
    if args.stdin_filename is not None and not stdin:
        raise UsageError("--stdin-filename and the path - (stdin) go together")
    if stdin and args.stdin_filename is None:
        args.stdin_filename = "-"  # shown as `-`, as ruff does
    return stdin


def _run_paths(
    args: argparse.Namespace,
    settings: Settings,
    sink: _Sink,
    stores: ContentCache | None,
    registry: Registry,
) -> RunResult:
    """The run over `args.paths`, each file's findings handed to `sink`."""
    bar = _progress(args)
    checking = Run(args.paths, settings, sink, stores, registry)
    try:
        with contextlib.closing(iter(checking)) as steps:
            for step in steps:
                bar(step.done, step.total)
    finally:
        bar.close()
    return checking.result


def _stores(settings: Settings) -> ContentCache | None:
    """Where the run keeps its results for later runs (None: the cache is off)."""
    if not settings.cache:
        return None
    from doclint.incremental.store import ContentCache

    return ContentCache(settings.cache_dir, _warn)


def _warn(message: str) -> None:
    say(f"warning: {message}")


class _Sink(FileSink[Any], Protocol):
    """The sink the command line hands a run (run/sink.py), read the same
    way whichever it is: what it holds once the run is over (the findings
    it collected, the parts it rendered), and its files let go of."""

    def delivered(self) -> tuple[list[FileFindings], SpilledParts | None]: ...

    def close(self) -> None: ...


def _sink(args: argparse.Namespace, keyed: bool) -> _Sink:
    """Where the processes that check files put each file's findings: a
    `PartWriter` that renders the format's part of it, when the format has
    parts and nothing needs the findings themselves (`keyed`: parts are kept
    with the cache's results); else a `Collector`."""
    layout = LAYOUTS.get(args.output_format)
    if layout is None or args.statistics or args.baseline or args.write_baseline:
        return Collector()
    if args.output_file is not None:  # opened in UTF-8 (_output)
        return PartWriter(layout, color=_color(args), keyed=keyed)
    if not _writes_utf8_bytes(sys.stdout):
        return Collector()
    return PartWriter(layout, sys.stdout.errors or "strict", _color(args), keyed=keyed)


def _run_stdin(args: argparse.Namespace, settings: Settings) -> tuple[RunResult, SourceLines]:
    data = _read_stdin(args)
    result = run_stdin(data, args.stdin_filename, settings)
    shown = display_path(Path(args.stdin_filename), Path.cwd())
    return result, SourceLines({shown: data.decode("utf-8", errors="replace")})


def _read_stdin(args: argparse.Namespace) -> bytes:
    try:
        return read_stdin(args.max_file_size)
    except OSError as error:
        raise UsageError(f"cannot read stdin: {error.strerror or error}") from None


def _call(function: Callable[..., T], *arguments: object) -> T:
    """`function`, its errors of the user's making turned into a UsageError."""
    try:
        return function(*arguments)
    except (BaselineError, MissingPathError, SelectionError) as error:
        raise UsageError(str(error)) from None


@contextlib.contextmanager
def _output(args: argparse.Namespace) -> Iterator[TextIO]:
    """Where the report goes: --output-file (a new file renamed over the name,
    never written through a link: util.replacing), or stdout."""
    if args.output_file is None:
        yield sys.stdout
        return
    from doclint.util.replacing import replacing

    with contextlib.ExitStack() as stack:
        try:
            binary = stack.enter_context(replacing(args.output_file))
        except OSError as error:
            raise UsageError(f"cannot write {args.output_file}: {error.strerror}") from None
        # A failed write (a full disk) is the launcher's one line, as on stdout.
        yield stack.enter_context(io.TextIOWrapper(binary, encoding="utf-8", newline="\n"))


def _write(
    args: argparse.Namespace,
    as_bytes: Callable[[Sink, str], None] | None,
    as_text: Callable[[], str] | None = None,
) -> None:
    """Write the report, as every check writes it (a run's findings, a layout's
    parts): `as_bytes(sink, errors)` writes it in UTF-8 (with `errors`) to the
    stream's buffer, when the stream takes UTF-8 bytes or there is no text to
    write; else `as_text()` gives it. A reader that goes away (`| head`) gets
    the rest of it quietly dropped."""
    with _output(args) as stream:
        # Bytes a file at a time: a chunk per finding means 300,000 calls into the stream.
        if as_bytes is not None and (as_text is None or _writes_utf8_bytes(stream)):
            errors = stream.errors or "strict"

            def flushed_then_written() -> None:
                stream.flush()  # what the stream holds goes first
                out = stream.buffer
                assert as_bytes is not None
                as_bytes(out, errors)

            _written_whole(stream, flushed_then_written)
            return
        assert as_text is not None
        text = as_text()
        _written_whole(stream, lambda: stream.write(text))


def _written_whole(stream: TextIO, write: Callable[[], object]) -> None:
    """`write()` to `stream`; when its reader went away (`| head`), the rest
    is not written, quietly."""
    try:
        write()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())


def _color(args: argparse.Namespace) -> bool:
    """Whether the report is coloured: a file only with --color always."""
    choice: str = args.color
    if args.output_file is not None:
        return choice == "always"
    return use_color(choice, sys.stdout)


def _writes_utf8_bytes(stream: TextIO) -> bool:
    """Whether the stream takes bytes beneath (not io.StringIO) and encodes in UTF-8."""
    encoding = getattr(stream, "encoding", None)
    try:
        return hasattr(stream, "buffer") and codecs.lookup(encoding or "").name == "utf-8"
    except LookupError:
        return False


def _statistics(output: RunOutput, output_format: str) -> str:
    from doclint.output.causes import causes_of, statistics_detail, statistics_lines

    counts = statistics(output.diagnostics)
    causes = causes_of(output.diagnostics)
    items = statistics_detail(counts, causes)
    if output_format == "json":
        return json.dumps(items, indent=2, ensure_ascii=False) + "\n"
    if output_format == "jsonl":
        return "".join(json.dumps(item, ensure_ascii=False) + "\n" for item in items)
    lines = statistics_lines(counts, causes)
    if not output.quiet:
        lines.append(summary(output))
    return "".join(line.rstrip() + "\n" for line in lines)
