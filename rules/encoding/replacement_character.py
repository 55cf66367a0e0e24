"""DL502 replacement-character: U+FFFD, the trace of bytes lost in decoding."""

from __future__ import annotations

from collections.abc import Iterator

from doclint.rule_api import AnyPage, Cause, Finding, Rule, RuleContext, RuleDocs, Scope

REPLACEMENT = "\ufffd"


class ReplacementCharacter(Rule[AnyPage]):
    code = "DL502"
    name = "replacement-character"
    summary = "U+FFFD replacement character: bytes lost when a non-UTF-8 file was decoded."
    docs = RuleDocs(
        what="""Flags a line that holds U+FFFD REPLACEMENT CHARACTER (`�`), at its first
        occurrence on the line.""",
        why="""A decoder writes U+FFFD in place of bytes it could not
        decode. Its presence in a page means the generator read a file that was
        not UTF-8 (a Latin-1 test file, say) with `errors="replace"`: the
        original characters are lost for good, in the copied source and in
        every keyword taken from it, and no later step can restore them.""",
        example="""```markdown
        s = 'caf�'
        ```""",
        example_note="a Latin-1 source read as UTF-8",
        use_instead="""decode the source with its real encoding (PEP 263 coding
        line, or a detector), or copy it byte for byte:

        ```markdown
        s = 'café'
        ```""",
    )
    REPLACED = Cause("replacement-character/lost-bytes", "Characters lost to U+FFFD")
    causes = (REPLACED,)
    scope = Scope.FILE

    def check(self, page: AnyPage, ctx: RuleContext) -> Iterator[Finding]:
        if REPLACEMENT not in ctx.text:
            return
        for number, line in enumerate(ctx.lines, start=1):
            column = line.find(REPLACEMENT)
            # Where doclint itself replaced undecodable bytes, invalid-utf8 reports them.
            if column < 0 or number in ctx.replaced_lines:
                continue
            count = line.count(REPLACEMENT)
            many = f" ({count} on this line)" if count > 1 else ""
            yield Finding(
                number,
                column + 1,
                f"U+FFFD replacement character{many}: bytes that were not valid UTF-8 "
                "were replaced when the text was decoded, and the original characters are lost",
                cause=self.REPLACED,
            )
