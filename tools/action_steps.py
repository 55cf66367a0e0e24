"""What the steps of action.yml need of Python, run as `python -I
tools/action_steps.py COMMAND ...`: isolated, since the working folder is the
checked tree, and a `json.py` or `shlex.py` there must not be what runs. Only
the standard library is imported.

- `split ARGS`: the words of the `args` input, split as a shell splits them
  (quotes included, never run), each ended by a NUL: a line break inside
  quotes stays inside its word.
- `seal-key FOLDER`: writes the key doclint seals its cache with into
  `FOLDER/doclint/key` (FOLDER is the steps' XDG_CACHE_HOME), derived from
  the `seal-key` input, read from DOCLINT_SEAL_KEY (an argument would show in
  the process list). docs/ci.md, "The cache and its seal key", says why.
- `summary SARIF`: the findings of the SARIF report counted by severity and
  by rule, as Markdown for the step summary.
"""

from __future__ import annotations

import collections
import hashlib
import json
import os
import shlex
import sys

# Binds the key to its use: the same secret used elsewhere gives another value.
KEY_CONTEXT = b"doclint action seal key\0"
# doclint's SARIF levels, by severity (doclint/output/sarif.py).
SEVERITIES = {"error": "error", "warning": "warning", "note": "info"}


def split(text: str) -> int:
    try:
        words = shlex.split(text)
    except ValueError as error:
        print(f"doclint action: the args input {text!r} does not split: {error}", file=sys.stderr)
        return 2
    sys.stdout.write("".join(word + "\0" for word in words))
    return 0


def seal_key(folder: str) -> int:
    secret = os.environ.get("DOCLINT_SEAL_KEY", "")
    if not secret:
        print("doclint action: the seal-key input is empty", file=sys.stderr)
        return 2
    key_folder = os.path.join(folder, "doclint")
    os.makedirs(key_folder, mode=0o700, exist_ok=True)
    os.chmod(folder, 0o700)
    os.chmod(key_folder, 0o700)
    key = hashlib.sha256(KEY_CONTEXT + secret.encode("utf-8")).digest()
    path = os.path.join(key_folder, "key")
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    descriptor = os.open(path, flags, 0o600)
    with os.fdopen(descriptor, "wb") as stream:
        stream.write(key)
    os.chmod(path, 0o600)
    return 0


def summary(sarif: str) -> int:
    try:
        with open(sarif, encoding="utf-8") as stream:
            results = [result for run in json.load(stream)["runs"] for result in run["results"]]
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(f"No counts: the SARIF report {sarif!r} cannot be read ({error}).")
        return 0
    levels = collections.Counter(
        SEVERITIES.get(str(result.get("level")), "error") for result in results
    )
    rules = collections.Counter(str(result.get("ruleId")) for result in results)
    by_severity = ", ".join(f"{levels[name]} {name}" for name in ("error", "warning", "info"))
    print(f"{len(results)} findings: {by_severity}.")
    if rules:
        print()
        print("| Rule | Findings |")
        print("|---|---|")
        for rule, count in sorted(rules.items(), key=lambda item: (-item[1], item[0])):
            print(f"| `{_cell(rule)}` | {count} |")
    return 0


def _cell(text: str) -> str:
    """A table cell's text: a rule code from a plugin could hold anything."""
    return "".join(c if c.isprintable() and c not in "|`" else "?" for c in text)


COMMANDS = {"split": split, "seal-key": seal_key, "summary": summary}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in COMMANDS:
        sys.exit(f"usage: {sys.argv[0]} {'|'.join(COMMANDS)} VALUE")
    sys.exit(COMMANDS[sys.argv[1]](sys.argv[2]))
