"""DL202 stopword-keyword: a keyword-index identifier that is an English stop
word or a word the generator wrote itself on the page it indexes."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator, Mapping
from typing import ClassVar

from doclint_rules._fixing import remove_keyword_entry

from doclint.rule_api import (
    Cause,
    Finding,
    FixSafety,
    KeywordIndex,
    Rule,
    RuleContext,
    RuleOption,
    source_block,
    template_for_source,
    template_words,
)

# The list the generator fills with every capitalised word (`[A-Z]\w*`) of a
# file that is neither Python nor C/C++. The other categories come from syntax
# (`class X`, `def f`, `import m`, `#include`): a common word there is either
# a real name (functions called `all` or `any` exist) or a phantom that
# keyword-as-class (DL201) and phantom-keyword (DL203) decide with the
# source, so they are not checked here. The older template groups the same
# identifiers by initial (`### A`, `### B`): every list of its index is one.
IDENTIFIER_CATEGORIES = frozenset({"Identifiers"})
REPO_BOOK_V1 = "repo-book-v1"

# Folder pages and the start page are written in the Python template,
# whatever they document.
FOLDER_PAGE_TEMPLATE = "python"
# The template data describes the outline doclint expects ("### Classes");
# the generator spells that heading "### Classs" on the pages it writes.
GENERATOR_SPELLING = {"Classes": "Classs"}
_GENERATED_PAGE = re.compile(r"docs/(?P<source>.+)_(?:docs|kw)\.md")
# A capitalised word: `\b[A-Z][A-Za-z0-9_]*\b`, written to start with the
# capital so that the regex engine can skip to one (most of a page is other
# text), and to look behind it only there.
_CAPITALISED = re.compile(r"[A-Z](?<!\w[A-Z])[A-Za-z0-9_]*\b")
# What the generator copies from the documented file into its page besides
# the source: code spans (names, paths) and links (texts and targets).
_COPIED = re.compile(r"(`[^`\n]*`|\[[^\]\n]*\](?:\([^)\n]*\))?)")

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


class StopwordKeyword(Rule[KeywordIndex]):
    """Flags an identifier of a keyword index that is an English stop word
    ("The", "For", "When") or, in the index of a generated page, a word the
    generator wrote on that page itself ("Overview", "Structs", "Generated").

    **Why is this bad?** For files that are not Python or C/C++, the generator
    lists every capitalised word as an identifier, so the first word of each
    sentence lands in the index. When it documents its own pages
    (`docs/docs/...`), the words of its own template fill the list as well:
    headings (`Overview`, `Namespaces`, `Class` and `Structs` of `### Class/
    Structs`), labels (`Path`, `Size`, `Type`, `Extension`), metadata values
    (`KB`, `Header` of "C/C++ Header File"), fixed sentences (`Basic`, `See`,
    `Manual`) and the footer (`Generated`, `System`). Such entries hide the
    real identifiers and make every index look alike to search tools.

    Stop words are a documented list of English function words, matched in the
    capitalised spelling only, in every identifier list (`### Identifiers`,
    and the letter groups of the older "Repo Book" template). The generator's
    own words are judged in indexes of generated pages (level 2 and up): the
    words of the indexed page's template (`doclint schema --templates`) and,
    when the tree has the indexed page (the file, or the copy embedded in its
    `X_docs.md`), every capitalised word of that page outside what it copies
    from the documented file (the embedded source, code spans, link texts and
    targets), which adds the values the template fills in (`KB`, `Tensor` of
    "**ATen** (A Tensor Library)"). Such a word is flagged unless the copied
    text has it too: the index may have taken it from the source, as it takes
    every other capitalised word there (`See` in a comment, `ATen` in a path).

    **Example:**

    ```markdown
    ### Identifiers

    - **`CUDAHooks`**: [CUDAHooks.h_docs.md_docs.md](./CUDAHooks.h_docs.md_docs.md)
    - **`The`**: [CUDAHooks.h_docs.md_docs.md](./CUDAHooks.h_docs.md_docs.md)
    - **`Structs`**: [CUDAHooks.h_docs.md_docs.md](./CUDAHooks.h_docs.md_docs.md)
    - **`Generated`**: [CUDAHooks.h_docs.md_docs.md](./CUDAHooks.h_docs.md_docs.md)
    ```

    **Use instead:**

    ```markdown
    ### Identifiers

    - **`CUDAHooks`**: [CUDAHooks.h_docs.md_docs.md](./CUDAHooks.h_docs.md_docs.md)
    ```

    **Fix** (safe): the entry's line is removed. A stop word or a word of the
    generator's own text is no identifier whatever the file holds, and the
    generator's regex put it there. A list left empty keeps its heading.
    """

    code = "DL202"
    name = "stopword-keyword"
    summary = "Identifier entry that is an English stop word or a word the generator wrote."
    fix_safety = FixSafety.SAFE
    STOP_WORD = Cause("stopword-keyword/stop-word", "English stop word listed as an identifier")
    CONFIGURED = Cause(
        "stopword-keyword/configured-stop-word", "Configured stop word listed as an identifier"
    )
    GENERATOR_WORD = Cause(
        "stopword-keyword/generator-word", "Generator's own word listed as an identifier"
    )
    causes = (STOP_WORD, CONFIGURED, GENERATOR_WORD)
    options: ClassVar[Mapping[str, RuleOption]] = {
        "extra-stop-words": RuleOption(
            (), "More words to flag as stop words, spelled exactly as in the index."
        )
    }

    def check(self, page: KeywordIndex, ctx: RuleContext) -> Iterator[Finding]:
        identifier_lists = [
            category
            for category in page.categories
            if category.heading in IDENTIFIER_CATEGORIES or page.template == REPO_BOOK_V1
        ]
        if not identifier_lists:
            return
        extra = frozenset(ctx.options["extra-stop-words"])
        documented = posixpath.basename(page.described or "") or "the documented file"
        generator_words: set[str] = set()
        if page.level >= 2:
            names = {entry.name for category in identifier_lists for entry in category.entries}
            generator_words = _generator_words(page, ctx, names - STOP_WORDS)
        for category in identifier_lists:
            for entry in category.entries:
                if entry.name in STOP_WORDS:
                    reason, cause = "is an English stop word", self.STOP_WORD
                elif entry.name in extra:
                    reason, cause = "is in the configured `extra-stop-words`", self.CONFIGURED
                elif entry.name in generator_words:
                    reason, cause = "is a word the generator wrote itself", self.GENERATOR_WORD
                else:
                    continue
                yield Finding(
                    entry.line,
                    entry.column,
                    f"`{entry.name}` {reason}, not an identifier of `{documented}`",
                    remove_keyword_entry(ctx, entry, category.heading, FixSafety.SAFE),
                    cause,
                )


def _generator_words(page: KeywordIndex, ctx: RuleContext, names: set[str]) -> set[str]:
    """Those of `names` that the generator wrote itself on the generated page
    `page` indexes, and did not copy there from the file that page documents."""
    described = page.described or ""
    generated = _GENERATED_PAGE.fullmatch(described)
    template = template_for_source(generated["source"]).id if generated else FOLDER_PAGE_TEMPLATE
    words = template_words(template)
    words |= {spelled for word, spelled in GENERATOR_SPELLING.items() if word in words}
    indexed = ctx.source(page)
    if indexed is None:
        return names & words
    text = indexed.text.replace("\r\n", "\n")
    lines = text.split("\n")
    block = source_block(lines)
    # The source is read where it sits in the text, not copied out of it.
    start = end = len(text)
    if block is not None:
        start = sum(map(len, lines[: block[0]])) + block[0]
        end = start + sum(map(len, lines[block[0] : block[1]])) + block[1] - block[0]
    # Split at what is copied: own text and copied text alternate.
    parts = _COPIED.split(text[:start] + "\n" + text[end:])
    written = names & (words | set(_CAPITALISED.findall(" ".join(parts[::2]))))
    if not written:
        return written
    in_source = set(_CAPITALISED.findall(text, start, end))
    return written - in_source - set(_CAPITALISED.findall(" ".join(parts[1::2])))
