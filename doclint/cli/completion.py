"""`doclint generate-shell-completion SHELL`: a completion script for bash,
zsh or fish, as `ruff generate-shell-completion` prints one.

The scripts are written from the command line's own parser (every command,
option and choice it knows, help hidden ones left out) and the registry's
rules (for `doclint rule` and the rule selectors), so that they cannot fall
behind the options. Each shell finds the command being completed the same
way: the words before the cursor that name a command, in order (`profile
check`), then completes the options of that command, the value of the option
before the cursor (a choice, a rule, a file) or its positional arguments.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from doclint.cli.options import build_parser
from doclint.cli.parser import Parser

SHELLS = ("bash", "zsh", "fish")

# Only words of these characters go into a script: a plugin's rule name or a
# help text must never become shell code.
_WORD = re.compile(r"[A-Za-z0-9_.+-]+")


@dataclass(frozen=True)
class Option:
    """One option of a command, and what its value is."""

    names: tuple[str, ...]
    help: str
    value: str
    """"" (a flag), "file", "rule", "choice" or "text"."""
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Command:
    """One command (`path` "" is doclint itself; "profile/check" a nested one)."""

    path: str
    options: tuple[Option, ...]
    subcommands: tuple[tuple[str, str], ...]
    """(name, help) of each command under it."""
    positional: str
    """What its positional arguments are: "", "file", "rule" or "choice"."""
    choices: tuple[str, ...] = ()


def shell_completion(shell: str, rules: Iterable[str]) -> str:
    """The completion script for `shell` (one of SHELLS); `rules`: the codes
    and names `doclint rule` and --select take."""
    commands = list(_commands(build_parser(), ""))
    words = tuple(_safe(rules))
    return {"bash": _bash, "zsh": _zsh, "fish": _fish}[shell](commands, ("ALL", *words))


def _commands(parser: Parser, path: str) -> Iterator[Command]:
    options: list[Option] = []
    positional = ""
    choices: tuple[str, ...] = ()
    for action in parser.arguments:
        if action.help == argparse.SUPPRESS:
            continue
        kind, words = _value(action)
        if action.option_strings:
            options.append(Option(tuple(action.option_strings), _first(action.help), kind, words))
        else:
            positional, choices = kind, words
    subcommands = tuple((name, said) for name, (said, _) in parser.commands.items())
    yield Command(path, tuple(options), subcommands, positional, choices)
    for name, (_, sub) in parser.commands.items():
        yield from _commands(sub, f"{path}/{name}" if path else name)


def _value(action: argparse.Action) -> tuple[str, tuple[str, ...]]:
    """What an argument's value is, and its choices."""
    if action.nargs == 0:
        return "", ()
    if action.choices is not None:
        return "choice", tuple(_safe(map(str, action.choices)))
    metavar = str(action.metavar or "")
    if metavar == "RULES" or action.dest in ("rule", "explain_rule"):
        return "rule", ()
    if action.type is not None and getattr(action.type, "__name__", "") in ("Path", "PurePath"):
        return "file", ()
    if "FILE" in metavar or metavar == "PATH" or action.dest == "paths":
        return "file", ()
    return "text", ()


def _first(text: str | None) -> str:
    """The start of a help text, for fish's descriptions: up to its first
    `;` or `(`, at most 60 characters, printable."""
    said = re.split(r"[;(]", (text or "").replace("%%", "%"))[0].strip()
    said = "".join(c for c in said if c.isprintable())
    return said if len(said) <= 60 else said[:57].rstrip() + "..."


def _safe(words: Iterable[str]) -> Iterator[str]:
    return (word for word in words if _WORD.fullmatch(word))


def _finding(commands: list[Command]) -> list[str]:
    """The patterns, "parent/name", of each word that names a command."""
    return [f"{c.path}/{name}" for c in commands for name, _ in c.subcommands]


def _bash(commands: list[Command], rules: tuple[str, ...]) -> str:
    out = [
        "# bash completion for doclint: `doclint generate-shell-completion bash`.",
        "_doclint() {",
        '    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"',
        '    local path="" word i options="" words="" files=""',
        "    for ((i = 1; i < COMP_CWORD; i++)); do",
        '        word="${COMP_WORDS[i]}"',
        '        case "$path/$word" in',
        f'            {"|".join(_finding(commands))}) path="${{path:+$path/}}$word" ;;',
        "        esac",
        "    done",
        '    case "$path" in',
    ]
    for command in commands:
        out.append(f'        "{command.path}")')
        values = _by_value(command.options)
        if values:
            out.append('            case "$prev" in')
            for value, names in values.items():
                reply = {
                    "file": 'COMPREPLY=($(compgen -f -- "$cur"))',
                    "rule": f'COMPREPLY=($(compgen -W "{" ".join(rules)}" -- "$cur"))',
                    "text": "COMPREPLY=()",
                }.get(value[0]) or f'COMPREPLY=($(compgen -W "{" ".join(value[1])}" -- "$cur"))'
                out.append(f"                {'|'.join(names)}) {reply}; return ;;")
            out.append("            esac")
        names = [n for option in command.options for n in option.names]
        out.append(f'            options="{" ".join(names)}"')
        positional = [name for name, _ in command.subcommands] + list(_positional(command, rules))
        out.append(f'            words="{" ".join(positional)}"')
        if command.positional == "file":
            out.append("            files=1")
        out.append("            ;;")
    out += [
        "    esac",
        '    if [[ "$cur" == -* ]]; then',
        '        COMPREPLY=($(compgen -W "$options" -- "$cur"))',
        "    else",
        '        COMPREPLY=($(compgen -W "$words" -- "$cur"))',
        '        if [[ -n "$files" ]]; then COMPREPLY+=($(compgen -f -- "$cur")); fi',
        "    fi",
        "}",
        "complete -o filenames -F _doclint doclint",
    ]
    return "\n".join(out) + "\n"


def _zsh(commands: list[Command], rules: tuple[str, ...]) -> str:
    # zsh's `path` and `options` are its own (the PATH, the shell's options):
    # the function's variables end with `_`.
    out = [
        "#compdef doclint",
        "# zsh completion for doclint: `doclint generate-shell-completion zsh`.",
        "_doclint() {",
        "    local cur_=${words[CURRENT]} prev_=${words[CURRENT-1]} path_= word_ files_=",
        "    local -a options_ words_",
        "    local i_",
        "    for ((i_ = 2; i_ < CURRENT; i_++)); do",
        "        word_=${words[i_]}",
        '        case "$path_/$word_" in',
        f"            ({'|'.join(_finding(commands))}) path_=${{path_:+$path_/}}$word_ ;;",
        "        esac",
        "    done",
        '    case "$path_" in',
    ]
    for command in commands:
        out.append(f'        ("{command.path}")')
        values = _by_value(command.options)
        if values:
            out.append('            case "$prev_" in')
            for value, names in values.items():
                reply = {
                    "file": "_files",
                    "rule": f"compadd -- {' '.join(rules)}",
                    "text": ":",
                }.get(value[0]) or f"compadd -- {' '.join(value[1])}"
                out.append(f"                ({'|'.join(names)}) {reply}; return ;;")
            out.append("            esac")
        names = [n for option in command.options for n in option.names]
        out.append(f"            options_=({' '.join(names)})")
        positional = [name for name, _ in command.subcommands] + list(_positional(command, rules))
        out.append(f"            words_=({' '.join(positional)})")
        if command.positional == "file":
            out.append("            files_=1")
        out.append("            ;;")
    out += [
        "    esac",
        '    if [[ "$cur_" == -* ]]; then',
        "        compadd -- $options_",
        "    else",
        "        (( ${#words_} )) && compadd -- $words_",
        '        [[ -n "$files_" ]] && _files',
        "    fi",
        "}",
        'if [[ "${zsh_eval_context[-1]}" == loadautofunc ]]; then',
        '    _doclint "$@"',
        "else",
        "    compdef _doclint doclint",
        "fi",
    ]
    return "\n".join(out) + "\n"


def _fish(commands: list[Command], rules: tuple[str, ...]) -> str:
    out = [
        "# fish completion for doclint: `doclint generate-shell-completion fish`.",
        "# Whether the command being completed is $argv[1] (`profile/check`; '': doclint's own).",
        "function __doclint_at",
        "    set -l path ''",
        "    for word in (commandline -opc)[2..-1]",
        '        switch "$path/$word"',
        f"            case {' '.join(_finding(commands))}",
        '                if test -n "$path"; set path "$path/$word"; else; set path $word; end',
        "        end",
        "    end",
        '    test "$path" = "$argv[1]"',
        "end",
        "complete -c doclint -f",
    ]
    for command in commands:
        at = f"-n \"__doclint_at '{command.path}'\""
        for name, said in command.subcommands:
            out.append(f"complete -c doclint {at} -a {name} -d {_fish_quoted(_first(said))}")
        for option in command.options:
            flags = " ".join(
                f"-l {n[2:]}" if n.startswith("--") else f"-s {n[1:]}" for n in option.names
            )
            value = {
                "": "",
                "file": " -r -F",
                "rule": f" -x -a '{' '.join(rules)}'",
                "text": " -x",
                "choice": f" -x -a '{' '.join(option.choices)}'",
            }[option.value]
            out.append(f"complete -c doclint {at} {flags}{value} -d {_fish_quoted(option.help)}")
        if command.positional == "file":
            out.append(f"complete -c doclint {at} -F")
        elif command.positional:
            words = " ".join(_positional(command, rules))
            out.append(f"complete -c doclint {at} -a '{words}'")
    return "\n".join(out) + "\n"


def _fish_quoted(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _by_value(options: Iterable[Option]) -> dict[tuple[str, tuple[str, ...]], list[str]]:
    """The names of the options that take a value, grouped by what it is."""
    grouped: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for option in options:
        if option.value:
            grouped.setdefault((option.value, option.choices), []).extend(option.names)
    return grouped


def _positional(command: Command, rules: tuple[str, ...]) -> tuple[str, ...]:
    if command.positional == "choice":
        return command.choices
    if command.positional == "rule":
        return rules[1:]  # a rule's documentation: not ALL
    return ()
