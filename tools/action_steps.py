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
  by rule, each rule by its code and name and linked to its page (the
  report's `helpUri`), as Markdown for the step summary.
- `environment-key VENV`: what doclint's virtual environment at VENV is
  built from, as a digest for its cache entry's key: the action's own files
  (GITHUB_ACTION_PATH, whatever ref named them), the Python that builds it,
  where it lies (a virtual environment does not move) and whether it holds
  Mermaid's parser (DOCLINT_MERMAID_WANTED, the `mermaid` input).
- `seal-environment VENV`, `check-environment VENV`: a restored environment
  is code the job runs, so it is used only when its seal holds: an HMAC,
  under a key derived from the `seal-key` input, of every entry of the
  environment (each file's bytes and mode, each link's target).
"""

from __future__ import annotations

import collections
import hashlib
import hmac
import json
import os
import re
import shlex
import stat
import sys

# Binds the key to its use: the same secret used elsewhere gives another value.
KEY_CONTEXT = b"doclint action seal key\0"
ENVIRONMENT_CONTEXT = b"doclint action environment seal\0"
# The seal of a virtual environment, inside it (the cache entry holds the folder).
ENVIRONMENT_SEAL = "doclint-environment.seal"
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
            runs = json.load(stream)["runs"]
        results = [result for run in runs for result in run["results"]]
        described = {
            str(rule.get("id")): rule for run in runs for rule in run["tool"]["driver"]["rules"]
        }
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
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
            print(f"| {_rule_cell(rule, described.get(rule, {}))} | {count} |")
    return 0


def _rule_cell(code: str, rule: dict[str, object]) -> str:
    """A rule's code and name, linked to its page when the report gives
    one that is a plain https address."""
    name = str(rule.get("name") or "")
    text = f"`{_cell(code)}` {_cell(name)}".rstrip()
    page = str(rule.get("helpUri") or "")
    if re.fullmatch(r"https://[A-Za-z0-9._~/%+-]+", page):
        return f"[{text}]({page})"
    return text


def _cell(text: str) -> str:
    """A table cell's text: a rule's code or name from a plugin could hold anything."""
    return "".join(c if c.isprintable() and c not in "|`[]()<>*_\\" else "?" for c in text)


def environment_key(venv: str) -> int:
    digest = hashlib.sha256()
    mermaid = "mermaid " + os.environ.get("DOCLINT_MERMAID_WANTED", "")
    for line in (sys.version, os.path.realpath(sys.executable), os.path.abspath(venv), mermaid):
        digest.update(line.encode("utf-8", "surrogateescape") + b"\0")
    digest.update(_listing(os.environ["GITHUB_ACTION_PATH"], skip={".git"}))
    print(digest.hexdigest())
    return 0


def seal_environment(venv: str) -> int:
    key = _environment_key()
    if key is None:
        return 2
    seal = hmac.new(key, _listing(venv, skip={ENVIRONMENT_SEAL}), hashlib.sha256).hexdigest()
    with open(os.path.join(venv, ENVIRONMENT_SEAL), "w", encoding="ascii") as stream:
        stream.write(seal)
    return 0


def check_environment(venv: str) -> int:
    """0 when the environment's seal holds; 1, with one line, when it does not."""
    key = _environment_key()
    if key is None:
        return 1
    try:
        with open(os.path.join(venv, ENVIRONMENT_SEAL), encoding="ascii") as stream:
            stored = stream.read(100)
        listing = _listing(venv, skip={ENVIRONMENT_SEAL})
    except (OSError, UnicodeDecodeError):
        listing, stored = b"", ""
    if stored and hmac.compare_digest(hmac.new(key, listing, hashlib.sha256).hexdigest(), stored):
        return 0
    print(
        "doclint action: warning: the restored environment is not sealed with this"
        " seal-key: installing doclint again",
        file=sys.stderr,
    )
    return 1


def _environment_key() -> bytes | None:
    secret = os.environ.get("DOCLINT_SEAL_KEY", "")
    if not secret:
        print("doclint action: the seal-key input is empty", file=sys.stderr)
        return None
    return hashlib.sha256(ENVIRONMENT_CONTEXT + secret.encode("utf-8")).digest()


def _listing(top: str, skip: set[str]) -> bytes:
    """Every entry under `top` (never through a link) with what it holds: a
    file's mode and the digest of its bytes, a link's target. Sorted, so that
    the same entries give the same bytes."""
    rows: list[bytes] = []
    pending = [""]
    while pending:
        relative = pending.pop()
        with os.scandir(os.path.join(top, relative)) as entries:
            for entry in entries:
                if not relative and entry.name in skip:
                    continue
                name = os.path.join(relative, entry.name)
                status = entry.stat(follow_symlinks=False)
                if entry.is_symlink():
                    what = b"link " + os.fsencode(os.readlink(entry.path))
                elif entry.is_dir(follow_symlinks=False):
                    what = b"folder"
                    pending.append(name)
                elif entry.is_file(follow_symlinks=False):
                    what = b"file %o " % stat.S_IMODE(status.st_mode) + _file_digest(entry.path)
                else:
                    what = b"other"
                rows.append(os.fsencode(name) + b"\0" + what + b"\n")
    return b"".join(sorted(rows))


def _file_digest(path: str) -> bytes:
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        while chunk := stream.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest().encode("ascii")


COMMANDS = {
    "split": split,
    "seal-key": seal_key,
    "summary": summary,
    "environment-key": environment_key,
    "seal-environment": seal_environment,
    "check-environment": check_environment,
}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in COMMANDS:
        sys.exit(f"usage: {sys.argv[0]} {'|'.join(COMMANDS)} VALUE")
    sys.exit(COMMANDS[sys.argv[1]](sys.argv[2]))
