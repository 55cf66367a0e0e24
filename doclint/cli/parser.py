"""argparse as ruff users expect it: every unknown option or choice gets the
closest known one, told in the usage of the command it was given to, and
numbers are checked before anything runs."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Collection, Sequence
from typing import Any, NoReturn

from doclint.config.suggestions import did_you_mean
from doclint.util.paths import printable


class Formatter(argparse.HelpFormatter):
    """argparse's help formatter, its width found without `shutil`: argparse
    makes a formatter for every option added (to check its metavar), and
    `shutil` would import `bz2` and `lzma` for it."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        width = terminal_columns() - 2 if width is None else width  # as argparse's own
        super().__init__(prog, indent_increment, max_help_position, width)


def terminal_columns() -> int:
    """`shutil.get_terminal_size().columns`: $COLUMNS, else the width of
    the terminal on stdout, else 80."""
    with contextlib.suppress(KeyError, ValueError):
        if (columns := int(os.environ["COLUMNS"])) > 0:
            return columns
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors name the closest known option or choice,
    in two lines (the error, then where the help is), as ruff's: no usage block
    to scroll past. It keeps what it was given in public attributes, as
    argparse's own lists are private: `arguments`, every argument in the order
    added (its groups' too), and `commands`, each command under it by name
    with its help and parser (`command_name`: what its usage calls them)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        self.arguments: list[argparse.Action] = []
        self.commands: dict[str, tuple[str, Parser]] = {}
        self.command_name = ""
        super().__init__(*args, **kwargs)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = super().add_argument(*args, **_choices_told(kwargs))
        self.arguments.append(action)
        return action

    def add_argument_group(self, *args: Any, **kwargs: Any) -> Any:
        return _Group(super().add_argument_group(*args, **kwargs), self.arguments)

    def add_mutually_exclusive_group(self, **kwargs: Any) -> Any:
        return _Group(super().add_mutually_exclusive_group(**kwargs), self.arguments)

    def add_subparsers(self, **kwargs: Any) -> Any:
        commands = super().add_subparsers(**kwargs)
        self.command_name = str(commands.metavar or commands.dest)
        return _Commands(commands, self.commands)

    def error(self, message: str) -> NoReturn:
        self.exit(
            2,
            f"{self.prog}: error: {printable(message)}\n"
            f"tip: `{self.prog} --help` lists the options\n",
        )

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        words = sys.argv[1:] if args is None else args
        # A command is its parser's first word that is neither an option nor
        # an option's value; one unknown is refused with the closest.
        command = self._command_word(words)
        if self.commands and command is not None and command not in self.commands:
            self.error(f"argument {self.command_name}: {_not_one_of(command, self.commands)}")
        # A new Namespace for None, as argparse makes: typeshed types the
        # result by the argument given, and None is no Namespace.
        parsed, extras = super().parse_known_args(args, namespace or argparse.Namespace())
        # argparse hands a subcommand's unknown options up to the top-level
        # parser, whose usage then misleads; each command refuses its own.
        if extras:
            options = [extra.split("=", 1)[0] for extra in extras if extra.startswith("--")]
            known = [name for action in self.arguments for name in action.option_strings]
            close = did_you_mean(options[0], known) if options else ""
            self.error(f"unrecognized arguments: {' '.join(extras)}{close}")
        return parsed, extras

    def _command_word(self, words: Sequence[str]) -> str | None:
        """The first of `words` that is no option, nor the value of one of
        this parser's options that takes a value (`--explain CODE`)."""
        valued = {name for a in self.arguments if a.nargs != 0 for name in a.option_strings}
        after_option = False
        for word in words:
            if after_option:
                after_option = False
            elif word[:1] == "-":
                after_option = word in valued
            else:
                return word
        return None


class _Group:
    """An argument group of a Parser: the arguments added to it are added to
    the parser's `arguments` too. argparse's own use of the group (it keeps
    its positional and optional arguments in two) goes to the group itself."""

    def __init__(self, group: Any, arguments: list[argparse.Action]) -> None:
        self.group = group
        self.arguments = arguments

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action: argparse.Action = self.group.add_argument(*args, **_choices_told(kwargs))
        self.arguments.append(action)
        return action

    def add_mutually_exclusive_group(self, **kwargs: Any) -> _Group:
        return _Group(self.group.add_mutually_exclusive_group(**kwargs), self.arguments)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.group, name)


class _Commands:
    """The commands under a Parser as argparse adds them, each also kept in
    the parser's `commands` with its help."""

    def __init__(self, action: Any, commands: dict[str, tuple[str, Parser]]) -> None:
        self.action = action
        self.commands = commands

    def add_parser(self, name: str, **kwargs: Any) -> Parser:
        # A Parser: argparse makes a command's parser of its parent's class.
        parser: Parser = self.action.add_parser(name, **kwargs)
        self.commands[name] = (kwargs.get("help") or "", parser)
        return parser

    def __getattr__(self, name: str) -> Any:
        return getattr(self.action, name)


def _choices_told(arguments: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of an argument whose value has `choices`, given
    the type that refuses any other with the closest one (`_one_of`)."""
    choices = arguments.get("choices")
    if choices is None or "type" in arguments:
        return arguments
    return {**arguments, "type": _one_of(choices)}


def _one_of(choices: Collection[str]) -> Callable[[str], str]:
    """An argparse type: a value among `choices`, else an error naming the
    closest (argparse's own check of `choices`, after the type, then passes)."""

    def check(text: str) -> str:
        if text not in choices:
            raise argparse.ArgumentTypeError(_not_one_of(text, choices))
        return text

    return check


def _not_one_of(text: str, choices: Collection[str]) -> str:
    listed = ", ".join(map(str, choices))
    return f"invalid choice: {text!r}{did_you_mean(text, choices)} (choose from {listed})"


def whole_number(minimum: int) -> Callable[[str], int]:
    """An argparse type: an integer no smaller than `minimum`."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(
                f"expected a number of at least {minimum}, not {value}"
            )
        return value

    return parse
