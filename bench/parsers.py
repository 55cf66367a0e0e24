#!/usr/bin/env python3
"""Parse cost per MB of each language reader (`doclint_rules._languages`).

    python bench/parsers.py [--mb 1.0] [--repeat 3] [PATH ...]

Collects the sources of each language from the pages under PATH (default: every slice of
../shared/corpus): the text embedded in each `X_docs.md` Original Source block, read in
the language of X; a generated page itself counts as Markdown. A PATH may also be a source
file, or a folder searched for them, read in its own language (`kernels/*.metal`). Each
language's texts are joined and repeated up to --mb megabytes, then read --repeat times;
the best time is printed in ms per MB: for the whole reader of words by place, for the
reader of definitions where the language has one (`Language.facts`: Python's lexer,
tree-sitter for the C family, read from scratch each time), and for the bare parse of the
tree-sitter grammar the language's module reads with. Languages with no source found are
listed as such. Standard library and doclint only.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import ModuleType

import tree_sitter
from doclint_rules._languages import Language, cpp, language_of, languages, python
from doclint_rules._languages._grammar import Grammar

from doclint.api import parse

PROJECT_ROOT = Path(__file__).resolve().parent.parent
CORPUS = PROJECT_ROOT.parent / "shared" / "corpus"
PAGE_SUFFIX = "_docs.md"


def collect(roots: list[Path]) -> dict[str, list[str]]:
    """Texts by language name: embedded sources, the pages themselves as Markdown, and
    source files (Markdown files that are not pages count as Markdown too)."""
    texts: dict[str, list[str]] = defaultdict(list)
    for root in roots:
        files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
        for path in files:
            text = path.read_text(encoding="utf-8", errors="replace")
            if not path.name.endswith(PAGE_SUFFIX):
                language = language_of(path.name)
                if language is not None and text.strip():
                    texts[language.name].append(text)
                continue
            texts["Markdown"].append(text)
            language = language_of(path.name[: -len(PAGE_SUFFIX)])
            source = parse(text, str(path)).source
            if language is not None and source is not None and source.text.strip():
                texts[language.name].append(source.text)
    return texts


def sample(texts: list[str], megabytes: float) -> str:
    joined = "\n".join(texts)
    size = len(joined.encode("utf-8"))
    return joined * max(1, round(megabytes * 1e6 / max(size, 1)))


def best_ms_per_mb(work: Callable[[], object], text: str, repeat: int) -> float:
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        timings.append(time.perf_counter() - start)
    return min(timings) * 1e3 / (len(text.encode("utf-8")) / 1e6)


def grammar_parse(language: Language) -> Callable[[bytes], object] | None:
    """The bare parse of the tree-sitter grammar a language's module reads with, if any:
    its places reader's (`GRAMMAR`), or its definitions reader's (a `cpp.Dialect`; of
    several, the one of the grammar the module itself imports: tree-sitter-objc for
    Objective-C++, which also reads with tree-sitter-cpp)."""
    module = sys.modules[(language.facts or language.read).__module__]
    found = [value for value in vars(module).values() if isinstance(value, Grammar | cpp.Dialect)]
    imported = {value.__name__ for value in vars(module).values() if isinstance(value, ModuleType)}
    found.sort(key=lambda value: value.language.__module__.partition(".")[0] not in imported)
    if not found:
        return None
    parser = tree_sitter.Parser(tree_sitter.Language(found[0].language()))
    return parser.parse


def read_facts(language: Language, text: str) -> object:
    """The language's definitions of `text`, read from scratch: its readers' memos
    emptied, and a copy of the text, which no memo of the last text read knows."""
    cpp._CACHE.clear()
    python._LEXED.clear()
    python._PARSED.clear()
    assert language.facts is not None
    return language.facts((text + " ")[:-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--mb", type=float, default=1.0, help="sample size per language")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is kept")
    args = parser.parse_args(argv)
    roots = args.paths or sorted(p / "docs" for p in CORPUS.iterdir() if (p / "docs").is_dir())
    roots += [] if args.paths else [CORPUS / "templates"]
    texts = collect(roots)
    print(
        "| language | sources | sample MB | reader ms/MB | definitions ms/MB"
        " | grammar parse ms/MB |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for language in languages():
        found = texts.get(language.name, [])
        if not found:
            print(f"| {language.name} | 0 | - | - | - | - |")
            continue
        text = sample(found, args.mb)
        reader = best_ms_per_mb(partial(language.read, text), text, args.repeat)
        facts = "-"
        if language.facts is not None:
            cost = best_ms_per_mb(partial(read_facts, language, text), text, args.repeat)
            facts = f"{cost:.0f}"
        bare = grammar_parse(language)
        data = text.encode("utf-8")
        parsed = f"{best_ms_per_mb(partial(bare, data), text, args.repeat):.0f}" if bare else "-"
        size = len(data) / 1e6
        print(
            f"| {language.name} | {len(found)} | {size:.2f} | {reader:.0f} | {facts} | {parsed} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
