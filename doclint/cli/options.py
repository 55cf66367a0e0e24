"""The command line's options: one table per command, read whole."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from doclint import __version__
from doclint.cli.parser import Parser, whole_number
from doclint.cli.progress import LINE_SECONDS
from doclint.engine.settings import Shard
from doclint.output import FORMATS
from doclint.output.color import CHOICES as COLOR_CHOICES
from doclint.tree.reading import MAX_FILE_SIZE

RULES_FORMATS = ("table", "markdown", "json")
FAIL_ON = ("error", "warning", "info")
RULE_FORMATS = ("text", "json")


class VersionAction(argparse.Action):
    """`--version`: the version and which build runs (compiled or pure
    Python), looked up only when asked."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        from doclint.util.build import build_name

        sys.stdout.write(f"doclint {__version__} ({build_name()})\n")
        parser.exit()


def build_parser(command: str | None = None) -> Parser:
    """The command line's parser. Given the `command` the arguments start
    with, only that command's parser is built under the top one, which parses
    and tells its errors and help as the whole does."""
    parser = Parser(
        prog="doclint",
        description="Lint Markdown documentation that cites code, written by hand or generated.",
    )
    parser.add_argument(
        "-V",
        "--version",
        action=VersionAction,
        nargs=0,
        help="the version, and which build runs",
    )
    # ruff's spelling of `doclint rule CODE`; `check --explain PAGE` explains a page.
    parser.add_argument(
        "--explain",
        dest="explain_rule",
        metavar="CODE",
        help="a rule's documentation, by its code or name (as `doclint rule CODE`), and exit",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name, (summary, add_options) in COMMANDS.items():
        if command in COMMANDS and name != command:
            continue
        add_options(commands.add_parser(name, help=summary))
    return parser


def _rules_options(rules: argparse.ArgumentParser) -> None:
    rules.add_argument(
        "--output-format",
        choices=RULES_FORMATS,
        default="table",
        help="table (default), json, or markdown: the table README.md embeds",
    )
    # The flag's old name, for scripts written before it matched `check`'s.
    rules.add_argument(
        "--format", dest="output_format", choices=RULES_FORMATS, help=argparse.SUPPRESS
    )


def _rule_options(rule: argparse.ArgumentParser) -> None:
    which = rule.add_mutually_exclusive_group(required=True)
    which.add_argument("rule", metavar="CODE|NAME", nargs="?")
    which.add_argument("--all", action="store_true", help="every rule's documentation")
    rule.add_argument("--output-format", choices=RULE_FORMATS, default="text")


def _schema_options(schema: argparse.ArgumentParser) -> None:
    schema.add_argument(
        "what",
        nargs="?",
        choices=("pages", "profile", "sentences"),
        default="pages",
        help="pages (default): the page models; profile: a generator profile file;"
        " sentences: the PyTorch generator's phrase book, each fixed sentence with its claim"
        " and its proof or why it is left unjudged",
    )
    schema.add_argument(
        "--templates",
        action="store_true",
        help="print the generator templates the parser knows, as data, instead",
    )


def _completion_options(completion: argparse.ArgumentParser) -> None:
    # The shells' names, not imported from doclint.cli.completion: the
    # parser is built for every run, the scripts' writer only for this one.
    completion.add_argument("shell", choices=("bash", "zsh", "fish"), help="the shell")


def _server_options(server: argparse.ArgumentParser) -> None:
    # Accepted and ignored: editors' generic clients add it (stdio is the only transport).
    server.add_argument("--stdio", action="store_true", help=argparse.SUPPRESS)


def _no_options(command: argparse.ArgumentParser) -> None:
    """A command without options of its own (config-schema)."""


def _profile_options(profile: argparse.ArgumentParser) -> None:
    profile_commands = profile.add_subparsers(
        dest="profile_command", metavar="COMMAND", parser_class=Parser, required=True
    )
    check_profile = profile_commands.add_parser(
        "check", help="check a profile against example projects, good and bad"
    )
    check_profile.add_argument("profile", type=Path, metavar="PROFILE", help="the TOML file")
    check_profile.add_argument(
        "--good",
        type=Path,
        action="append",
        default=[],
        metavar="DIR",
        help="a project whose pages must break no claim (repeatable)",
    )
    check_profile.add_argument(
        "--bad",
        type=Path,
        action="append",
        default=[],
        metavar="DIR",
        help="a project each of whose pages must break a claim (repeatable)",
    )


def _init_options(init: argparse.ArgumentParser) -> None:
    init.add_argument(
        "folder",
        nargs="?",
        type=Path,
        default=Path("."),
        help="where (default: the current folder)",
    )


def _clean_options(clean: argparse.ArgumentParser) -> None:
    clean.add_argument("--root", type=Path, help="the root whose .doclint_cache goes")
    clean.add_argument("--cache-dir", type=Path, metavar="DIR", help="the cache folder to remove")
    clean.add_argument(
        "--config",
        action="append",
        metavar="FILE|KEY=VALUE",
        help="read cache-dir and root here (or set them, as check's --config does)",
    )
    clean.set_defaults(isolated=False)


def add_check_options(check: argparse.ArgumentParser) -> None:
    check.add_argument(
        "paths",
        nargs="*",
        default=["."],
        help="files, folders or quoted globs ('docs/**/*_kw.md'; default: .); - reads stdin",
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
        action="append",
        metavar="FILE|KEY=VALUE",
        help="use this doclint.toml or pyproject.toml instead of the one found "
        "above the checked paths; or, as ruff, set one key over the file's, in TOML "
        "(--config 'ignore = [\"DL6\"]'; repeatable)",
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
        help="check every file in this one root (default: each file in the innermost "
        "folder that a generated page under its docs/ names as its root by its title, "
        "else the current folder)",
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
        help="with the path -, the file the text read from stdin is checked as "
        "(default: -, a file of the current folder)",
    )

    output = check.add_argument_group("output")
    output.add_argument(
        "--output-format",
        choices=list(FORMATS),
        help="how findings are written (default: full, each with its line, "
        "or the configuration's output-format)",
    )
    output.add_argument(
        "--output-file",
        "-o",
        type=Path,
        metavar="FILE",
        help="write the report here: a new file renamed over FILE (a symbolic link "
        "at FILE is replaced by the report, never written through)",
    )
    output.add_argument(
        "--statistics", action="store_true", help="print the number of findings per rule instead"
    )
    output.add_argument(
        "--color",
        choices=COLOR_CHOICES,
        default="auto",
        help="colour the text formats: auto (default: on a terminal, unless NO_COLOR is set; "
        "FORCE_COLOR colours a pipe), always, never",
    )
    output.add_argument(
        "--exit-zero", action="store_true", help="exit 0 even when there are findings"
    )
    output.add_argument(
        "--fail-on",
        choices=FAIL_ON,
        default="info",
        help="the least severity that makes the exit code 1: error (warnings and infos "
        "are reported but pass), warning, or info (default: info, every finding)",
    )
    output.add_argument(
        "--quiet", "-q", action="store_true", help="print only the findings: no summary"
    )
    output.add_argument(
        "--show-files", action="store_true", help="list the files that would be checked, and exit"
    )
    output.add_argument(
        "--explain",
        action="append",
        type=Path,
        metavar="PAGE",
        help="say which generator and kind of page PAGE is read as, and why no other "
        "generator read it, and exit (repeatable)",
    )
    output.add_argument(
        "--show-settings",
        action="store_true",
        help="print the settings the run would use (configuration file, rules, paths), and exit",
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
        help="record the current findings in FILE and exit 0 (a new file renamed over "
        "FILE: a symbolic link there is replaced, never written through)",
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
        type=whole_number(0),
        default=0,
        metavar="N",
        help="processes to check files in (default 0: all cores)",
    )
    run.add_argument(
        "--max-file-size",
        type=whole_number(1),
        default=MAX_FILE_SIZE,
        metavar="BYTES",
        help="files larger than this are reported (file-too-large) and not read",
    )
    progress = run.add_mutually_exclusive_group()
    progress.add_argument(
        "--no-progress",
        action="store_true",
        help="no progress bar (it shows on a terminal's stderr, with -q too)",
    )
    progress.add_argument(
        "--progress",
        action="store_true",
        help="off a terminal (a CI log), a progress line on stderr every "
        f"{LINE_SECONDS:g} seconds; on when the CI variable is set",
    )
    run.add_argument(
        "--watch",
        action="store_true",
        help="check, then check again each time a checked file changes (Ctrl-C stops)",
    )
    run.add_argument(
        "--no-cache", action="store_true", help="check every file again; read and write no cache"
    )
    run.add_argument(
        "--cache-dir",
        type=Path,
        metavar="DIR",
        help="where to keep the cache (default: .doclint_cache in the root)",
    )
    run.add_argument(
        "--shard",
        type=Shard.parse,
        metavar="K/N",
        help="check only the K-th of N parts of the files (by path), for a CI matrix; "
        "links and other facts are still read from the whole tree",
    )
    run.add_argument(
        "--show-traceback", action="store_true", help="show the stack of a rule that crashed"
    )


COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "check": ("check files and folders", add_check_options),
    "rules": ("list the rules", _rules_options),
    "rule": ("show one rule's documentation, or every rule's", _rule_options),
    "schema": (
        "print the JSON Schema of the page models, or of a generator profile",
        _schema_options,
    ),
    "config-schema": ("print the JSON Schema of doclint.toml and [tool.doclint]", _no_options),
    "profile": ("a generator profile of your own", _profile_options),
    "init": ("write a commented doclint.toml to start from", _init_options),
    "clean": (
        "remove the cache folder of the root (--cache-dir, cache-dir or --root)",
        _clean_options,
    ),
    "generate-shell-completion": (
        "print a completion script for bash, zsh or fish",
        _completion_options,
    ),
    "server": ("the language server for editors, over stdio (docs/editors.md)", _server_options),
}
"""Each command, in the order the help lists them: its line of help and what
adds its options to its parser."""
