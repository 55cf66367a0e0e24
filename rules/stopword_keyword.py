"""DL202 stopword-keyword: a keyword-index identifier that is an English stop
word or a word of the generator's own headings."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator, Mapping
from typing import ClassVar

from doclint_rules._fixing import remove_keyword_entry

from doclint.rule_api import (
    OUTLINES,
    Finding,
    FixSafety,
    KeywordIndex,
    Rule,
    RuleContext,
    RuleOption,
)

# The category the generator fills with every capitalised word (`[A-Z]\w*`) of
# a file that is not Python. The other categories come from Python syntax
# (`class X`, `def f`, `import m`): a common word there is either a real name
# (functions called `all` or `any` exist) or a phantom that keyword-as-class
# (DL201) and phantom-keyword (DL203) decide with the source, so they are not
# checked here.
IDENTIFIER_CATEGORIES = frozenset({"Identifiers"})

# English function words (articles, determiners, pronouns, prepositions,
# conjunctions, auxiliary and modal verbs, and the commonest function adverbs),
# capitalised as they are at the start of a sentence, which is how the
# generator's regex catches them. Only this exact spelling is flagged: all-caps
# forms ("NOT", "IF") are often tokens or constants. "Any" is left out: in the
# pages the generator documents it is mostly `typing.Any`, a real identifier.
STOP_WORDS = frozenset(
    word
    for group in (
        # articles, determiners and possessives
        "A An The This That These Those All Some Each Every Both Either Neither No Such",
        "What Which Whose My Your Our Their His Her Its",
        # pronouns and pro-adverbs
        "I Me We Us You He Him She It They Them Who Whom There Here",
        # prepositions
        "In On At By For Of To From With Without As Into Onto Over Under About Above",
        "After Before Below Between Through During Until Upon Within Against Among",
        # conjunctions
        "And Or But Nor If Then Else When While Because Although Though Unless Whether",
        "So Than Since",
        # auxiliary and modal verbs
        "Be Is Are Was Were Been Being Do Does Did Has Have Had",
        "Can Could May Might Will Would Shall Should Must",
        # function adverbs
        "Not Also Only Just Too Very How Why Where Yes",
    )
    for word in group.split()
)

# Title words of the kinds of generated page (the patterns of `_TITLES` in
# doclint/parsing/pages.py: "Documentation: `x`", "Keyword Index: `x`",
# "Index: `x/`", "Subtree Keyword Index: `x/`", "PyTorch Repository
# Documentation").
TITLE_WORDS = ("Documentation", "Keyword", "Index", "Subtree", "PyTorch", "Repository")
# OUTLINES holds the corrected headings; the generator writes these spellings
# instead. "Classes" itself then only reaches an index from the bold label
# "**Classes defined**" of a file documentation, which is not a heading.
GENERATOR_SPELLING = {"Classes": "Classs"}
_CAPITALISED = re.compile(r"\b[A-Z][A-Za-z0-9_]*\b")


def heading_vocabulary() -> frozenset[str]:
    """Capitalised words of every template heading (OUTLINES, as the generator
    spells them) and page title, split the way the generator's identifier regex
    splits them ("High-Level" gives "High" and "Level")."""
    headings: list[str] = list(TITLE_WORDS)
    for outline in OUTLINES.values():
        for section, subsections in outline.items():
            headings.append(section)
            headings.extend(subsections or ())
    return frozenset(
        word
        for heading in headings
        for word in _CAPITALISED.findall(GENERATOR_SPELLING.get(heading, heading))
    )


HEADING_WORDS = heading_vocabulary()


class StopwordKeyword(Rule[KeywordIndex]):
    """Flags an entry of a keyword index's `Identifiers` list that is an English
    stop word ("The", "For", "When") or, in the index of a generated page, a
    word of the generator's own headings ("Overview", "Considerations",
    "Classs").

    **Why is this bad?** For files that are not Python, the generator lists
    every capitalised word as an identifier, so the first word of each sentence
    lands in the index. When it documents its own pages (`docs/docs/...`), the
    words of its template headings fill the list as well. Such entries hide the
    real identifiers and make every index look alike to search tools.

    Stop words are a documented list of English function words, matched in the
    capitalised spelling only. Heading words are the capitalised words of the
    template headings (`doclint.models.templates.OUTLINES`, with "Classs" where
    the outline says "Classes", as the generator writes it) and of the page
    titles; they are flagged only in indexes of generated pages (level 2 and
    up), since a source file may well use "Overview" or "Security" itself.
    Words of the template's prose and bold labels ("Basic", "Generated",
    "Classes" from "**Classes defined**") are not headings and are left alone.

    **Example:**

    ```markdown
    ### Identifiers

    - **`CPU`**: [README.md_docs.md_docs.md](./README.md_docs.md_docs.md)
    - **`The`**: [README.md_docs.md_docs.md](./README.md_docs.md_docs.md)
    - **`Overview`**: [README.md_docs.md_docs.md](./README.md_docs.md_docs.md)
    ```

    **Use instead:**

    ```markdown
    ### Identifiers

    - **`CPU`**: [README.md_docs.md_docs.md](./README.md_docs.md_docs.md)
    ```

    **Fix** (safe): the entry's line is removed. A stop word or a heading word
    is no identifier whatever the file holds, and the generator's regex put
    it there. A list left empty keeps its heading.
    """

    code = "DL202"
    name = "stopword-keyword"
    summary = "Identifier entry that is an English stop word or a generator heading word."
    fix_safety = FixSafety.SAFE
    options: ClassVar[Mapping[str, RuleOption]] = {
        "extra-stop-words": RuleOption(
            (), "More words to flag as stop words, spelled exactly as in the index."
        )
    }

    def check(self, page: KeywordIndex, ctx: RuleContext) -> Iterator[Finding]:
        generated = page.level >= 2
        extra = frozenset(ctx.options["extra-stop-words"])
        documented = posixpath.basename(page.described or "") or "the documented file"
        for category in page.categories:
            if category.heading not in IDENTIFIER_CATEGORIES:
                continue
            for entry in category.entries:
                if entry.name in STOP_WORDS:
                    reason = "is an English stop word"
                elif entry.name in extra:
                    reason = "is in the configured `extra-stop-words`"
                elif generated and entry.name in HEADING_WORDS:
                    reason = "is a word of the generator's own headings"
                else:
                    continue
                yield Finding(
                    entry.line,
                    entry.column,
                    f"`{entry.name}` {reason}, not an identifier of `{documented}`",
                    remove_keyword_entry(ctx, entry, category.heading, FixSafety.SAFE),
                )
