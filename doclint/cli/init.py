"""`doclint init`: a commented doclint.toml to start from."""

from __future__ import annotations

import textwrap
from pathlib import Path

from doclint.config.files import CONFIG_FILES
from doclint.profiles import SHIPPED, shipped_profile

_BUILTIN_PROFILES = "# <the built-in profiles>\n"
"""Where the starter lists the shipped profiles, read from the files they
ship as when it is written: a profile added to doclint is listed with no
edit here."""

_STARTER = """\
# doclint.toml: doclint's configuration (`doclint check --show-settings` shows
# what a run makes of it; `doclint config-schema` is its JSON Schema).
# Paths and globs are relative to this file's folder. In a pyproject.toml the
# same keys go under [tool.doclint].

# The rules to run: codes (DL201), prefixes (DL2), names (keyword-as-class) or
# ALL. Without `select`, the rules on by default run (`doclint rules`).
# select = ["ALL"]
# extend-select = ["doc-of-doc"]
ignore = []

# Paths not to check, besides .git, node_modules, .doclint_cache and the like
# (gitignore-style globs; `exclude` would replace those defaults).
extend-exclude = []

# The tree root links resolve in (default: the one each page's title implies).
# root = "."

# full (default), concise, json, jsonl, sarif, junit, github, gitlab or html.
# output-format = "concise"

# Profiles of other generators to read pages by (TOML files, docs/profiles.md);
# `doclint profile check FILE` tries one against example pages first. The
# built-in ones are always read:
# <the built-in profiles>
# profiles = ["tools/mygenerator.profile.toml"]

# Rules not reported for some files: glob -> rules.
[per-file-ignores]
# "docs/vendor/" = ["DL4"]

# The severity a rule's findings are reported with: error, warning or info.
[severity]
# broken-anchor = "warning"

# A rule's options, by its name or code (`doclint rule NAME` lists them).
[rules]
# stopword-keyword = { extra-stop-words = ["Yields", "Returns"] }
"""


def starter() -> str:
    """The text `doclint init` writes."""
    return _STARTER.replace(_BUILTIN_PROFILES, builtin_profiles_comment())


def builtin_profiles_comment() -> str:
    """A comment line (or more, wrapped) per shipped profile: its name and
    what its file says it describes."""
    lines = []
    for name in SHIPPED:
        profile = shipped_profile(name)
        said = f"{profile.name}: {profile.description}".rstrip(": ")
        lines += textwrap.wrap(said, 79, initial_indent="# - ", subsequent_indent="#   ")
    return "".join(line + "\n" for line in lines)


def write_starter(folder: Path) -> Path:
    """Write `starter()` as `folder`/doclint.toml, making the folder when it does
    not exist yet (as `git init` does); FileExistsError (never an overwrite)
    when the file is there, NotADirectoryError when `folder` is a file."""
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(folder)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / CONFIG_FILES[0]
    with open(target, "x", encoding="utf-8", newline="\n") as file:
        file.write(starter())
    return target
