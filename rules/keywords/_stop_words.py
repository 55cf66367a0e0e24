"""The words no keyword index should list as identifiers whatever the source
holds: English stop words, and the words the generator wrote itself on a page
it indexes. Judged by stopword-keyword (DL202); prose-keyword (DL204) leaves
these entries to it, so that no entry is reported twice."""

from __future__ import annotations

from collections.abc import Set

from doclint.rule_api import (
    Cause,
    Finding,
    FixSafety,
    KeywordCategory,
    KeywordIndex,
    RuleContext,
    compiled_on_use,
)
from doclint.rule_api_generators import FOLDER_PAGES_TEMPLATE, Generators, Template, build_node

from .._common.fixing import remove_keyword_entry
from .._languages import word_runs
from .._languages.markdown import embedded_source, source_has

# The lists a template fills with every capitalised word (`[A-Z]\w*`) of a
# file (`Template.identifier_lists`: "### Identifiers", or every letter group
# of the older template) are judged. The other lists come from syntax
# (`class X`, `def f`, `import m`, `#include`): a common word there is either
# a real name (functions called `all` or `any` exist) or a phantom that
# keyword-as-class (DL201) and phantom-keyword (DL203) decide with the
# source, so they are not checked here.
# A capitalised word: `\b[A-Z][A-Za-z0-9_]*\b`, written to start with the
# capital so that the regex engine can skip to one (most of a page is other
# text), and to look behind it only there. In an ASCII text, a run of word
# characters that starts with a capital (`capitalised`).
_CAPITALISED = compiled_on_use(r"[A-Z](?<!\w[A-Z])[A-Za-z0-9_]*\b")

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


def identifier_lists(page: KeywordIndex, generators: Generators) -> list[KeywordCategory]:
    """The lists of `page` the generator fills with every word it meets."""
    template = generators.template_named(page.template)
    if template is None:  # a page no generator wrote
        return []
    lists = template.identifier_lists
    return [c for c in page.categories if lists is None or c.heading in lists]


def stop_word_findings(
    ctx: RuleContext,
    lists: list[KeywordCategory],
    in_code: Set[str],
    reasons: list[tuple[Set[str], str, Cause]],
    documented: str,
) -> list[Finding]:
    """stopword-keyword's findings on the entries of `lists`: each entry the
    source's code does not have (`in_code`) and the first of `reasons`
    (words, why, cause) that holds it flags, with the fix that removes it.
    Here, compiled, not in the rule's loop: a generated tree of 15,000 pages
    has 217,000 such entries."""
    found: list[Finding] = []
    for category in lists:
        for entry in category.entries:
            name = entry.name
            if name in in_code:
                continue
            for words, reason, cause in reasons:
                if name in words:
                    message = f"`{name}` {reason}, not an identifier of `{documented}`"
                    fix = remove_keyword_entry(ctx, entry, category.heading, FixSafety.SAFE)
                    row = (entry.line, entry.column, message, fix, cause, "", "", "", "")
                    found.append(build_node(Finding, row))
                    break
    return found


def generator_words(page: KeywordIndex, ctx: RuleContext) -> set[str]:
    """The entries of `page`'s identifier lists, stop words aside, that the
    generator wrote itself on the generated page `page` indexes, and did not
    copy there from the file that page documents. Read once a page:
    stopword-keyword and prose-keyword ask in turn."""
    return ctx.read_once(page, _written_words)


def _written_words(page: KeywordIndex, ctx: RuleContext) -> set[str]:
    lists = identifier_lists(page, ctx.generators)
    names = {entry.name for category in lists for entry in category.entries}
    return _generator_words(page, ctx, names - STOP_WORDS)


def _generator_words(page: KeywordIndex, ctx: RuleContext, names: set[str]) -> set[str]:
    # A keyword index of a generated page: the words of the page's template.
    generators = ctx.generators
    source = generators.places_of(page.template).subject(page.described or "")
    template: Template = generators.template_for_source(source) if source else FOLDER_PAGES_TEMPLATE
    words = generators.template_words(template.id)
    indexed = ctx.source(page)
    if indexed is None:
        return names & words
    text = indexed.text
    # A search for a pair of characters is a slower scan than for one.
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    embedded = embedded_source(text)
    start, end = embedded[:2] if embedded is not None else (len(text), len(text))
    own, copied = copied_split(text[:start] + "\n" + text[end:])
    written = names & (words | capitalised(" ".join(own)))
    if not written:
        return written
    # The source's words as its reader found them for the rules that judge
    # entries (one reading of the source, not a second scan of it for capitals).
    in_source = source_has(text, embedded, written) if embedded is not None else set()
    return written - in_source - capitalised(" ".join(copied))


def capitalised(text: str) -> set[str]:
    """The capitalised words of `text` (`_CAPITALISED`'s matches)."""
    if not text.isascii():
        return set(_CAPITALISED.findall(text))
    return {word for word in word_runs(text) if "A" <= word[0] <= "Z"}


def copied_split(text: str) -> tuple[list[str], list[str]]:
    r"""What the generator copies from the documented file into its page
    besides the source, apart from the rest: code spans (names, paths) and
    links (texts and targets), the matches of
        `[^`\n]*`|\[[^\]\n]*\](?:\([^)\n]*\))?
    (tests/rules/test_stopword_keyword.py splits with it), found by
    `str.find`: the text between them, and the matches."""
    own: list[str] = []
    copied: list[str] = []
    done = 0
    tick, bracket = text.find("`"), text.find("[")
    while tick >= 0 or bracket >= 0:
        if bracket < 0 or 0 <= tick < bracket:
            at, end = tick, _closed_on_line(text, "`", tick + 1)
        else:
            at, end = bracket, _closed_on_line(text, "]", bracket + 1)
            if 0 <= end < len(text) and text[end] == "(":
                target_end = _closed_on_line(text, ")", end + 1)
                end = end if target_end < 0 else target_end
        if end < 0:
            after = at + 1  # none opens here: the next one may
        else:
            own.append(text[done:at])
            copied.append(text[at:end])
            done = after = end
        if tick < after:
            tick = text.find("`", after)
        if bracket < after:
            bracket = text.find("[", after)
    own.append(text[done:])
    return own, copied


def _closed_on_line(text: str, closing: str, start: int) -> int:
    """Past the first `closing` at or after `start` on its line; -1 if the
    line ends first."""
    found = text.find(closing, start)
    if found < 0 or text.find("\n", start, found) >= 0:
        return -1
    return found + 1
