"""DL201 keyword-as-class: a keyword-index class entry that cannot be a class."""

from __future__ import annotations

import keyword
import posixpath
from collections.abc import Iterator
from functools import partial

from doclint_rules._fixing import remove_keyword_entry
from doclint_rules._python_source import PythonFacts, decide, is_python_path

from doclint.rule_api import Finding, FixSafety, KeywordCategory, KeywordIndex, Rule, RuleContext

CLASS_HEADINGS = frozenset({"Classs", "Classes", "Class"})
# A fixed list, so results do not depend on the Python version running doclint.
SOFT_KEYWORDS = frozenset({"_", "case", "match", "type"})

# Words that follow "class" in prose and comments ("this class requires ...",
# "a class that ..."), which the generator's `class (\w+)` regex captured.
# Kept small on purpose: real classes can be lowercase, so only words that
# are never class names in practice are listed.
PROSE_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "this",
        "that",
        "these",
        "those",
        "it",
        "its",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "has",
        "have",
        "had",
        "and",
        "or",
        "but",
        "not",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "with",
        "from",
        "as",
        "into",
        "than",
        "then",
        "so",
        "if",
        "when",
        "while",
        "which",
        "who",
        "whose",
        "what",
        "where",
        "can",
        "could",
        "may",
        "might",
        "must",
        "shall",
        "should",
        "will",
        "would",
        "does",
        "do",
        "did",
        "also",
        "only",
        "just",
        "itself",
        "instead",
        "requires",
        "require",
        "provides",
        "implements",
        "inherits",
        "defines",
        "represents",
        "wraps",
        "uses",
        "tests",
        "test",
        "updates",
        "update",
        "handles",
        "creates",
        "returns",
        "calls",
        "overrides",
        "method",
        "methods",
        "attribute",
        "attributes",
        "instance",
        "instances",
        "variable",
        "variables",
        "level",
        "name",
        "names",
        "metadata",
        "hierarchy",
        "definition",
        "definitions",
        "body",
        "docstring",
    ]
)


class KeywordAsClass(Rule[KeywordIndex]):
    """Flags an entry of a keyword index's class list that is not a class.

    **Why is this bad?** The generator collects class names with a naive
    `class (\\w+)` regex that also matches inside comments, strings and prose,
    so words like `def`, `is` or `requires` end up listed as classes. Readers
    and search tools then look for classes that do not exist.

    When the documented source is available and is Python (the file itself, or
    the copy embedded in its `X_docs.md`), every listed name that is not a
    class defined in it (a `class` statement, as `ast` finds them) is
    flagged. Otherwise only names
    that cannot be classes are flagged: Python keywords and soft keywords, and
    a short documented list of English words that follow "class" in prose.

    **Example:**

    ```markdown
    ### Classs

    - **`TestDTensorCompile`**: [test_dtensor_compile.py_docs.md](./test_dtensor_compile.py_docs.md)
    - **`def`**: [test_dtensor_compile.py_docs.md](./test_dtensor_compile.py_docs.md)
    ```

    **Use instead:**

    ```markdown
    ### Classes

    - **`TestDTensorCompile`**: [test_dtensor_compile.py_docs.md](./test_dtensor_compile.py_docs.md)
    ```

    **Fix** (safe or unsafe, per finding): the entry's line is removed. Safe
    when the documented source was read (its statements show the name is no
    class of it); unsafe when the finding rests on the keyword or
    prose-word lists alone, since a source that is not Python 3 (or not
    Python) may have such a class after all. A list left empty keeps its
    heading: the fix touches one entry only.
    """

    code = "DL201"
    name = "keyword-as-class"
    summary = (
        "Class list entry that is not a class (a keyword, a prose word, or not in the source)."
    )
    fix_safety = FixSafety.SAFE

    def check(self, page: KeywordIndex, ctx: RuleContext) -> Iterator[Finding]:
        categories = [c for c in page.categories if c.heading in CLASS_HEADINGS]
        if categories:
            yield from decide(_source_text(page, ctx), partial(_findings, categories, page, ctx))


def _findings(
    categories: list[KeywordCategory],
    page: KeywordIndex,
    ctx: RuleContext,
    facts: PythonFacts | None,
) -> Iterator[Finding]:
    defined = facts.classes if facts is not None else None
    # Only a parsed source proves a name is no class; the word lists guess.
    safety = FixSafety.SAFE if defined is not None else FixSafety.UNSAFE
    for category in categories:
        for entry in category.entries:
            reason = _not_a_class(entry.name, defined, page.described or "")
            if reason:
                fix = remove_keyword_entry(ctx, entry, category.heading, safety)
                yield Finding(entry.line, entry.column, f"`{entry.name}` {reason}", fix)


def _source_text(page: KeywordIndex, ctx: RuleContext) -> str | None:
    """The documented Python source, or None if there is none to read."""
    if not is_python_path(page.described):
        return None
    source = ctx.source(page)
    return source.text if source is not None else None


def _not_a_class(name: str, defined: frozenset[str] | None, described: str) -> str | None:
    if defined is not None and name in defined:
        return None
    if keyword.iskeyword(name) or name in SOFT_KEYWORDS:
        return "is a Python keyword, not a class name"
    if defined is not None:
        return f"is not a class defined in `{posixpath.basename(described)}`"
    if name in PROSE_WORDS:
        return "is an English word caught from prose, not a class name"
    return None
