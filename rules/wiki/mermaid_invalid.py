"""DL809 mermaid-invalid: a Mermaid block that Mermaid's own parser refuses."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator
from itertools import chain
from typing import TYPE_CHECKING

# The Mermaid client is imported with the first block (the module's
# `__getattr__`): every check imports the rule, most pages hold no block.
import doclint.rule_api_generators as generators
from doclint.rule_api import (
    AnyPage,
    Cause,
    CodeBlock,
    Finding,
    Rule,
    RuleContext,
    RuleDocs,
    Scope,
    compiled_on_use,
    shown_target,
)

if TYPE_CHECKING:
    from doclint.rule_api_generators import MermaidVerdict

MESSAGE_LIMIT = 300
SHOWN_EXPECTED = 5
# The patterns compile with the first Mermaid block they read, not at every
# check's import of the rule, when most pages hold no block.
# jison shows the failing line and a caret under the error: the finding says the line.
_CARET = compiled_on_use(r"-*\^")
# jison's lead, whose line the finding says already.
_LEAD = compiled_on_use(r"\AParse error on line \d+:\s*")
_EXPECTING = compiled_on_use(r"Expecting ((?:'[^']*', )+'[^']*'), got")
# A ```mermaid block at the start of lines, as the Markdown parser reads it
# (its text is the lines between the fences): how the pages of a wiki's
# folder are looked through to send their blocks ahead. One it misses (in a
# list, under a longer fence) is sent when its page asks.
_AHEAD = compiled_on_use(r"(?ms)^```mermaid[ \t]*\n(.*?)^```[ \t]*$")


class MermaidInvalid(Rule[AnyPage]):
    code = "DL809"
    name = "mermaid-invalid"
    summary = "Mermaid block that Mermaid's own parser refuses."
    docs = RuleDocs(
        what="""Flags a ```` ```mermaid ```` block that Mermaid's own parser refuses,
        with the parser's message and the line of the block it names; reported at
        the block's opening fence.

        The blocks are parsed by Mermaid itself (`mermaid.parse` of the pinned
        release, run under Node), not by patterns: what it refuses is what
        GitHub, GitLab and the wiki sites show as "Syntax error in text" instead
        of the diagram. Where Node or the Mermaid install is missing, the blocks
        are not checked and the run says so once on stderr; see below for the
        one command that installs it.""",
        why="""Generators write diagrams they never render. A
        diagram that does not parse shows the reader an error box in place of
        the picture the prose refers to ("as the diagram above shows").""",
        example="""````markdown
        ```mermaid
        graph TD
            [Client] --> [Server]
        ```
        ````""",
        use_instead="""every node has an id, the shape's text follows it:

        ````markdown
        ```mermaid
        graph TD
            Client[Client] --> Server[Server]
        ```
        ````

        **Install:** `npm install --prefix ~/.cache/doclint/mermaid --ignore-scripts mermaid@11.17.2`
        (Node.js 20 or later), or point `DOCLINT_MERMAID` at a folder whose
        `node_modules` holds mermaid, outside the checkout (an install inside
        it, which a tree could ship, is never loaded). Node runs in that folder
        with a cleaned environment and takes the blocks as data only; a block larger than
        50,000 bytes, or one whose parse takes more than 5 seconds, is not
        checked (said once).""",  # noqa: E501
    )
    scope = Scope.PAGE
    REFUSED = Cause("mermaid-invalid/refused", "Mermaid's parser refuses the block")
    causes = (REFUSED,)

    @classmethod
    def outside_state(cls) -> str:
        return generators.mermaid_state()

    def check(self, page: AnyPage, ctx: RuleContext) -> Iterator[Finding]:
        blocks = [block for block in page.markdown.code_blocks if _is_mermaid(block)]
        if not blocks:
            return
        asked = [(block.text, f"{ctx.path}:{block.line}") for block in blocks]
        # At a folder's first page with a block, Node gets that page's blocks
        # and then those of the folder's other pages: it parses them on the
        # other core while the run checks those pages, which find their
        # answers waiting.
        folder = posixpath.dirname(ctx.path)
        ctx.once_per_tree(
            f"mermaid-ahead {folder}",
            lambda near: generators.mermaid_ahead(chain(asked, _ahead(near)), ctx.checkout),
        )
        verdicts = generators.mermaid_verdicts(asked, ctx.checkout)
        for block, verdict in zip(blocks, verdicts, strict=True):
            if verdict is not None and not verdict.ok:
                message = _message(block, verdict)
                yield Finding(block.line, block.column, message, cause=self.REFUSED)


def _ahead(ctx: RuleContext) -> Iterator[tuple[str, str]]:
    for path, text in ctx.neighbours(".md"):
        text = text.replace("\r\n", "\n")
        for match in _AHEAD.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            yield match.group(1), f"{path}:{line}"


def _is_mermaid(block: CodeBlock) -> bool:
    # An unclosed block runs to the end of the page: broken-fence reports it.
    return block.fenced and block.closed and block.info.split(maxsplit=1)[:1] == ["mermaid"]


def _message(block: CodeBlock, verdict: MermaidVerdict) -> str:
    message = verdict.message
    where = ""
    if verdict.line is not None:
        where = f" at its line {verdict.line} (line {block.content_line + verdict.line - 1})"
        message = _LEAD.sub("", message, count=1)
    return f"Mermaid's parser refuses this block{where}: {shown_error(message)}"


def shown_error(message: str) -> str:
    """The parser's message on one line, bounded: without jison's copy of
    the failing line and its caret, its list of expected tokens cut."""
    lines = [line.strip() for line in message.splitlines()]
    caret = _CARET.fullmatch
    kept = [
        line
        for number, line in enumerate(lines)
        if line and not caret(line) and not (number + 1 < len(lines) and caret(lines[number + 1]))
    ]
    text = " ".join(kept) or "no message"
    return shown_target(_EXPECTING.sub(_fewer_expected, text), MESSAGE_LIMIT)


def _fewer_expected(match: re.Match[str]) -> str:
    expected = match.group(1).split(", ")
    if len(expected) <= SHOWN_EXPECTED:
        return match.group(0)
    more = len(expected) - SHOWN_EXPECTED
    return f"Expecting {', '.join(expected[:SHOWN_EXPECTED])} or {more} more, got"
