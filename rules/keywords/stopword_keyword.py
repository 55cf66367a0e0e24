"""DL202 stopword-keyword: a keyword-index identifier that is an English stop
word or a word the generator wrote itself on the page it indexes."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator, Mapping, Set
from typing import ClassVar, cast

from doclint.rule_api import (
    Cause,
    Finding,
    FixSafety,
    KeywordIndex,
    Rule,
    RuleContext,
    RuleDocs,
    RuleOption,
)

from .._languages import documented_places
from ._stop_words import (
    STOP_WORDS,
    generator_words,
    identifier_lists,
    stop_word_findings,
)


class StopwordKeyword(Rule[KeywordIndex]):
    code = "DL202"
    name = "stopword-keyword"
    summary = "Identifier entry that is an English stop word or a word the generator wrote."
    docs = RuleDocs(
        what="""Flags an identifier of a keyword index that is an English stop word
        ("The", "For", "When") or, in the index of a generated page, a word the
        generator wrote on that page itself ("Overview", "Structs", "Generated").""",
        why="""For files that are not Python or C/C++, the generator
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
        and the letter groups of the older "Repo Book" template). A word the
        documented source has in code, as its language's reader sees it
        (`A, B = shape[:2]` in Python), is a name there and never flagged: the
        lists are the fallback for what no parser settles. The generator's
        own words are judged in indexes of generated pages (level 2 and up): the
        words of the indexed page's template (`doclint schema --templates`) and,
        when the tree has the indexed page (the file, or the copy embedded in its
        `X_docs.md`), every capitalised word of that page outside what it copies
        from the documented file (the embedded source, code spans, link texts and
        targets), which adds the values the template fills in (`KB`, `Tensor` of
        "**ATen** (A Tensor Library)"). Such a word is flagged unless the copied
        text has it too: the index may have taken it from the source, as it takes
        every other capitalised word there (`See` in a comment, `ATen` in a path).""",
        example="""```markdown
        ### Identifiers

        - **`CUDAHooks`**: [CUDAHooks.h_docs.md_docs.md](./CUDAHooks.h_docs.md_docs.md)
        - **`The`**: [CUDAHooks.h_docs.md_docs.md](./CUDAHooks.h_docs.md_docs.md)
        - **`Structs`**: [CUDAHooks.h_docs.md_docs.md](./CUDAHooks.h_docs.md_docs.md)
        - **`Generated`**: [CUDAHooks.h_docs.md_docs.md](./CUDAHooks.h_docs.md_docs.md)
        ```""",
        use_instead="""```markdown
        ### Identifiers

        - **`CUDAHooks`**: [CUDAHooks.h_docs.md_docs.md](./CUDAHooks.h_docs.md_docs.md)
        ```

        **Fix** (safe): the entry's line is removed. A stop word or a word of the
        generator's own text is no identifier whatever the file holds, and the
        generator's regex put it there. A list left empty keeps its heading.""",
    )
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
        lists = identifier_lists(page, ctx.generators)
        if not lists:
            return
        # RuleOption.validate gives a list option (a tuple default) as a tuple of strings.
        extra = frozenset(cast("tuple[str, ...]", ctx.options["extra-stop-words"]))
        documented = posixpath.basename(page.described or "") or "the documented file"
        written: set[str] = set()
        if page.level >= 2:
            written = generator_words(page, ctx)
        # A parsed source settles it: a word its code has is a name there (`A, B = shape`).
        places = documented_places(page, ctx)
        in_code = places.code if places is not None else frozenset()
        reasons: list[tuple[Set[str], str, Cause]] = [
            (STOP_WORDS, "is an English stop word", self.STOP_WORD),
            (extra, "is in the configured `extra-stop-words`", self.CONFIGURED),
            (written, "is a word the generator wrote itself", self.GENERATOR_WORD),
        ]
        yield from stop_word_findings(ctx, lists, in_code, reasons, documented)
