"""Write docs/rules/: one page per built-in rule and index.md, generated from
the rules' classes (code, name, summary, severity, default, fix, docs,
causes, options). tests/test_rule_pages.py fails when the committed pages are
not what this writes.

    python tools/rule_pages.py            # rewrite docs/rules/
    python tools/rule_pages.py --check    # exit 1 and name the stale pages
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from doclint.cli.rule_listing import rule_pages
from doclint.engine.registry import builtin_rules

FOLDER = Path(__file__).resolve().parent.parent / "docs" / "rules"


def stale_pages(folder: Path = FOLDER) -> list[str]:
    """The pages of `folder` that differ from what is generated, missing
    ones included, and the Markdown files no rule generates."""
    pages = rule_pages(builtin_rules())
    stale = [
        name
        for name, text in pages.items()
        if not (folder / name).is_file() or (folder / name).read_text(encoding="utf-8") != text
    ]
    extra = sorted(path.name for path in folder.glob("*.md") if path.name not in pages)
    return sorted(stale) + extra


def write_pages(folder: Path = FOLDER) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    pages = rule_pages(builtin_rules())
    for path in folder.glob("*.md"):
        if path.name not in pages:
            path.unlink()
    for name, text in pages.items():
        (folder / name).write_text(text, encoding="utf-8", newline="\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="only say which pages are stale")
    args = parser.parse_args(argv)
    if args.check:
        stale = stale_pages()
        for name in stale:
            print(f"docs/rules/{name} is out of date; run python tools/rule_pages.py")
        return 1 if stale else 0
    write_pages()
    return 0


if __name__ == "__main__":
    sys.exit(main())
