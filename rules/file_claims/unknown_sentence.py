"""DL306 unknown-sentence: a line of a section whose every line the generator
writes from a fixed pattern, that matches no pattern of its phrase book."""

from __future__ import annotations

from collections.abc import Iterator

from doclint.rule_api import (
    AnyPage,
    Cause,
    Finding,
    Rule,
    RuleContext,
    RuleDocs,
    Severity,
    shown_target,
)

from ._phrase_lines import unknown_lines

UNKNOWN = Cause("unknown-sentence/unknown", "Line of a fixed-pattern section in no catalogue entry")
# A line shown in the message is cut here (and escaped): enough to find it, not a paragraph.
SHOWN = 100


class UnknownSentence(Rule[AnyPage]):
    code = "DL306"
    name = "unknown-sentence"
    summary = "Line of a fixed-sentence section that no entry of the phrase book matches."
    docs = RuleDocs(
        what="""Flags a sentence or bullet of a generated page, in a section whose
        lines the generator writes from fixed patterns ("File Purpose",
        "Performance Notes", "Role in PyTorch", ...), that matches no entry of
        the generator's phrase book (`doclint schema sentences`: the `sentences`
        of its profile, `doclint/profiles/pytorch.toml`).""",
        why="""Each entry of the phrase book says what its sentence
        claims and how doclint proves it, or why it is left unjudged; the rules
        judge the claims they know. A sentence no entry knows is new generator
        output: a claim no rule judges, passing silently. The finding (info level)
        shows it, so that its pattern and its proof are added to the phrase book,
        or the page is looked at: the line may be hand-edited or damaged.

        Code blocks (as the generator wrote them: on a level-2 page whose
        embedded page closed the outer fence early, as the text after it reads
        alone), blank lines and the embedded Original Source are not read;
        nor are sections the phrase book does not name (the keyword lists, a
        docstring overview), whose lines are the file's own words.""",
        example="""```markdown
        ### Performance Notes

        - Uses **vectorized** kernels for speed.
        ```""",
        use_instead="""the generator's own sentence, whose claim a rule judges:

        ```markdown
        ### Performance Notes

        - This file appears to involve **GPU/parallel computing** capabilities.
        ```""",
    )
    severity = Severity.INFO
    causes = (UNKNOWN,)

    def check(self, page: AnyPage, ctx: RuleContext) -> Iterator[Finding]:
        sections = page.sections
        if not sections:
            return
        book = ctx.generators.phrase_book(page.template)
        if book is None:
            return  # another generator, or a template the catalogue was not read from
        for line_number, text, title in unknown_lines(page, ctx.lines, book):
            shown = shown_target(text, SHOWN)
            yield Finding(
                line_number,
                1,
                f'"{shown}" matches no sentence the generator is known to write under'
                f" `{title}`: new generator output, its claim unjudged",
                cause=UNKNOWN,
            )
