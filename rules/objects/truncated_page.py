"""DL707 truncated-page: a generator's page that stops mid-sentence or inside a code block."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from doclint.rule_api import (
    Cause,
    Finding,
    MarkdownPage,
    Origin,
    Rule,
    RuleContext,
    RuleDocs,
    compiled_on_use,
)

if TYPE_CHECKING:
    from doclint.rule_api_generators import ProfiledPage

# How a finished line ends: a sentence's end in either script, a closing
# bracket or quote, a code span, emphasis, a rule (`***`), a table's pipe.
# The full-width marks of CJK text are written as escapes.
_FINISHED = compiled_on_use(
    r"""[.!?:;)\]}"'`*|>…\u3002\uff01\uff1f\uff1a\uff1b\uff09\u3011\u201d\u2019]\s*$"""
)
# A line of prose, long enough to be a sentence: not a heading, a list item,
# a label or a short value such as an output example's `True`.
_PROSE = compiled_on_use(r"^(?![#>|*·•\-+]|\d+[.)] )\S.{29,}")


class TruncatedPage(Rule[MarkdownPage]):
    code = "DL707"
    name = "truncated-page"
    origin = Origin.PROFILE
    summary = "Generator's page ending mid-sentence or inside an unclosed code block."
    docs = RuleDocs(
        what="""Flags a profiled generator's page that ends inside a fenced code block
        it opened (at the fence that opens it), or whose last line of text
        stops mid-sentence (it ends in a letter, a digit or a comma, not in a
        sentence's end, a closing bracket or quote, a code span or a rule), at
        the page's last line of text. Only a
        line of prose counts (ten characters with a comma, or twenty, in CJK
        script): a heading, a list item, a label or a short value (an output
        example's `True`) may end a finished page, and a line of an output
        example (`Status: FAILED`) is cut only where it ends on a word leading
        on. A line of prose is cut too inside a code span it opened ("the
        values of `mode"), or ending in a colon that announces what never
        follows (no code block after it); a short line where it ends on a
        word leading on ("It then passes the"). Any line but a heading is cut
        where it ends on a name broken off at its escape, an escaped
        underscore after a letter or digit (`cifs\\_applier\\_`, `**load\\_`:
        a model that escapes underscores stopped inside a name), however
        short and in an output example too; a dunder's own `\\_\\_` ends a
        name whole, and a lone backslash (a Windows path's end) is no cut. A
        line that is no sentence is not cut for its ending: a title
        ("Parameters and Return Values"), a code line (`x = f(a, b)`), a URL,
        a list of names. A line opening
        with a bold label ("**Code Description**: The method ...") is judged
        by its text after the label, and a rule (`***`, which RepoAgent writes
        after every section) is not text.

        The same cut inside the page, where a model's output for one object
        stopped and the next object's heading follows: the last line of a
        section that stops mid-sentence, or a list item that stops on a comma,
        a word leading on ("and", "the", "的") or inside a bracket or code
        span it opened ("regulations (e"). A list item that is a sentence
        ("- The `process` function handles different") is judged as a line of
        prose is; one describing a name or label ("- `path`: the path to
        read", "- key (str): 键名") is a phrase, finished without a full
        stop. And a code block opened in a
        section and not closed before the heading of an object the source
        defines (the fence swallows the headings after it; an example's
        made-up headings do not count, nor those of a closed example its
        author marked as Markdown), at the fence that opens the runaway
        block. An output example whose nested fence closed its block early
        (a ```` ```python ```` inside a ```` ```markdown ```` example) leaves
        the bare fence meant to close it opening the runaway block: the cut is
        reported at the example's own opening fence, and the lines between,
        which CommonMark reads as the page's text, are the example's (no
        caller, relation or item there is judged as the section's). A bare
        fence after a line of text ending in backticks (RepoAgent's prompt
        leaked as "Raw code:" and three backticks, then code) was meant to
        close what that line opened, not the example before it: it is
        reported where it stands. One finding per cut: broken-fence does not
        report the same blocks, and a section whose open block swallowed the
        headings after it is not reported again as stopping mid-sentence.

        Measured on the labelled RepoAgent trees (tests/labels/repoagent*:
        RepoAgent's own docs and eight public trees, 60 labelled pages, three
        labelled truncated, all on gpupdate's small-model pages): the three
        found at their lines (an output example cut mid-dictionary, at its
        opening fence; a section cut at `cifs\\_applier\\_`; a leaked prompt
        line opening a fence), nothing else on a labelled page. On the whole
        trees 24 findings, each read: a Chinese output example whose nested
        fence swallowed the heading of `parse` (at the example's opening
        fence), a section of ArticleNovelySearch's `main.md` cut
        mid-sentence, and gpupdate's 22 (nine sections cut mid-sentence or
        mid-word, a page ending on `**load\\_`, twelve blocks left open, one
        of them a leaked prompt's closing fence at the page's end), all right
        at their lines. Judging a sentence item as prose, over the 523 list
        items that end a section or page on the eleven labelled trees (487
        outside output examples), added three findings, each a cut: NARS-GPT's
        labelled `process` Note (`transbot.md:244`) and two of gpupdate's
        unsampled pages ("the `", "The windows\\_settings").""",
        why="""An LLM generator's output is cut when the model hits
        its length limit or the run is killed. The page is committed as if
        finished: the rest of the object's documentation, and every object after
        it, is missing, and an open fence swallows what follows into code.""",
        example="""a page whose last line is

        ```markdown
        The function returns the list of files that are not ignored, and the
        ```""",
        use_instead="regenerate the page.",
    )
    OPEN_FENCE = Cause("truncated-page/open-fence", "Page ending inside a code block")
    MID_TEXT = Cause("truncated-page/mid-text", "Page ending mid-sentence")
    causes = (OPEN_FENCE, MID_TEXT)

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        # The family's helpers are imported where they are used (__init__.py says why).

        profiled = ctx.object_page(page)
        if profiled is None or not profiled.profile.makes("complete-page"):
            return
        from ._sources import runaway_fences

        reported: set[int] = set()
        for line, (_blocks, swallows) in runaway_fences(page, ctx, profiled).items():
            reported.add(line)
            if swallows:
                message = (
                    "a code block opened here is never closed before the next object's heading:"
                    " the generator's output was cut off"
                )
            else:
                message = (
                    "a code block opened here is never closed: the generator's output was cut off"
                )
            yield Finding(line, 1, message, cause=self.OPEN_FENCE)
        for line in _cut_sections(page, ctx, profiled, reported):
            reported.add(line)
            message = "the section stops mid-sentence: the generator's output was cut off"
            yield Finding(line, 1, message, cause=self.MID_TEXT)
        if not profiled.open_fence:
            yield from self._page_end(ctx, profiled, reported)

    def _page_end(
        self, ctx: RuleContext, profiled: ProfiledPage, reported: set[int]
    ) -> Iterator[Finding]:
        """The page's last line of text, when it stops mid-sentence."""
        line = profiled.last_text_line
        if line and _RULE.match(ctx.lines[line - 1]):
            line = _last_text_line(ctx.lines, 0, line)
        text = ctx.lines[line - 1] if line else ""
        # A code block after the page's last text is what a colon announced.
        followed = _last_text_line(ctx.lines, line, len(ctx.lines) + 1) != 0
        example = line in _example_lines(ctx.lines, profiled)
        if line not in reported and _cut(text, example, followed):
            message = "the page stops mid-sentence: the generator's output was cut off"
            yield Finding(line, 1, message, cause=self.MID_TEXT)


def _cut_sections(
    page: MarkdownPage, ctx: RuleContext, profiled: ProfiledPage, reported: set[int]
) -> Iterator[int]:
    """The last line of each section cut short, stopping mid-sentence or
    mid-list, not yet `reported` (which the caller adds to as it goes)."""
    from doclint.rule_api_generators import fenced_lines

    fenced = fenced_lines(page)
    examples = _example_lines(ctx.lines, profiled)
    for entry in profiled.entries[1:]:
        line = _last_text_line(ctx.lines, 0, entry.line)
        judged = line and line not in fenced and line not in reported
        if judged and _cut(ctx.lines[line - 1], line in examples):
            yield line


def _example_lines(lines: list[str], profiled: ProfiledPage) -> set[int]:
    """The lines of the page's output examples, from each one's label to the
    next label or object heading."""
    from doclint.rule_api_generators import in_output_example

    headings = {entry.line for entry in profiled.entries}
    found: set[int] = set()
    example = False
    for number, line in enumerate(lines, 1):
        example = (
            False if number in headings else in_output_example(profiled.profile, line, example)
        )
        if example:
            found.add(number)
    return found


def _last_text_line(lines: list[str], after: int, before: int) -> int:
    """The last line holding text between lines `after` and `before` (both
    left out), a rule (`***`, which RepoAgent writes after each section
    whatever its model wrote) not counted; 0 for none."""
    return next(
        (
            n
            for n in range(before - 1, after, -1)
            if lines[n - 1].strip() and not _RULE.match(lines[n - 1])
        ),
        0,
    )


# A bold label opening a line: its text after it is the line's prose.
_LABEL = compiled_on_use(r"^\*\*[^*\n]{1,40}\*\*[ \t]*[:\uff1a][ \t]*")
# A thematic break: `***`, `---`, `___`, spaced or not.
_RULE = compiled_on_use(r"^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$")


def _cut(line: str, example: bool = False, followed: bool = False) -> bool:
    """`line`, the last line of text of a section or page, stops mid-sentence:
    a line of prose with no sentence's end, inside a code span it opened or
    announcing what never follows (ending in a colon); a short one ending on a
    word that leads on ("It then passes the"); or a list item ending in a
    comma, a word that leads on ("and", "the", "的") or inside a bracket or
    code span it opened ("regulations (e"). A line of an output `example`
    shows a value (`Status: FAILED`): only a word leading on, or a colon,
    cuts it; a colon is an end where a code block `followed`. A line that
    is no sentence (a title, a code line, a URL, a list of names) is not
    cut for its ending. Any line but a heading ending on a name broken off
    at an escape (`cifs\\_applier\\_`, a Markdown escape leading on to the
    rest of the name) is cut, however short and in an example too."""
    text = _LABEL.sub("", line.strip(), count=1)  # "**Code Description**: It ..." is prose
    if _ESCAPE_CUT.search(text) and not text.startswith("#"):
        return True  # a name broken off at its escape, however short the line
    item = _ITEM.match(text)
    words = text[item.end("marker") :].lstrip() if item else ""
    # A list item that is a sentence ("- The function handles ...") ends as a
    # paragraph does; one describing a name or label ("- `path`: the path to
    # read") is a phrase, finished without a sentence's end.
    prose = words if item and not example and not _NAMED.match(words) else text
    if _PROSE.match(prose) or _CJK_PROSE.match(prose):
        return _prose_cut(prose, example, followed)
    if _SHORT.match(text):
        announces = _ANNOUNCES.search(text) is not None and not followed
        return announces or _LEADING_ON.search(text) is not None
    if item is None:
        return False
    unclosed = words.count("(") > words.count(")") or words.count("`") % 2 == 1
    return (unclosed and not _FINISHED.search(text)) or _LEADING_ON.search(text) is not None


def _prose_cut(prose: str, example: bool, followed: bool) -> bool:
    """A line of prose stops mid-sentence, as `_cut` says."""
    if _ANNOUNCES.search(prose) and not followed:
        return True  # what it announces never came
    if example:
        return _LEADING_ON.search(prose) is not None
    if _NO_SENTENCE.search(prose) or _TITLE.match(prose):
        return False
    return not _FINISHED.search(prose) or prose.count("`") % 2 == 1


# A list item of some length (shorter in CJK script), and the endings that leave it unfinished: a
# comma, a word or CJK particle leading on.
_ITEM = compiled_on_use(
    r"^(?P<marker>[·•\-*+]|\d+[.)])\s+(?:\S.{19,}|(?=.*[\u4e00-\u9fff])\S.{7,})"
)
_LEADING_ON = compiled_on_use(
    r"(?:[,\uff0c\u3001]|\b(?:the|a|an|and|or|but|of|to|with|for|in|into|by|is|are|be|that|which"
    r"|as|from|on|at|its|their|this|these|if|than|when|whether|such)"
    r"|[\u7684\u548c\u4e0e\u53ca\u6216\u5e76\u5c06\u628a])\s*$"
)
# What a list item describing a name or label opens with: the name (a code
# span, bold or quoted words, an identifier or a call's signature), perhaps a
# bracketed note ("(optional)", "(str)"), and a colon in either script.
_NAMED = compiled_on_use(
    r"""^(?:`[^`\n]+`|\*\*[^*\n]+\*\*|'[^'\n]+'|"[^"\n]+"|[\w.\\/-]+(?:\([^()\n]*\))?)"""
    r"(?:[ \t]*\([^()\n]*\))?[ \t]*[:\uff1a]"
)
# A sentence in CJK script is shorter for as much said: ten characters or
# more with a full-width comma in them, or twenty; "关于代码使用的注意事项"
# (a template's words echoed) is a title.
_CJK_PROSE = compiled_on_use(
    r"^(?![#>|*·•\-+]|\d+[.)] )(?=.*[\u4e00-\u9fff])(?:(?=.*[\uff0c\u3001])\S.{9,}|\S.{19,})"
)
# A short line of three words or more, none of them markup.
_SHORT = compiled_on_use(r"^[A-Za-z][\w'-]*(?:[ \t]+[\w'-]+){2,}[ \t]*:?[ \t]*$")
# A name broken off at an escape: the line (stripped) ends in an escaped
# underscore after a letter or digit (`cifs\_applier\_`), the rest of the
# name never written. A dunder ends in two (`\_\_init\_\_`) and is whole; a
# name of one trailing underscore (`class\_`) would read as cut too, and ends
# no section of the corpora. A lone backslash ends a Windows path or registry
# key (`HKLM\Software\`) as often as a cut name: not read so.
_ESCAPE_CUT = compiled_on_use(r"[A-Za-z0-9]\\_$")
# A sentence announcing what follows (a list, a block): at a section's end nothing does.
_ANNOUNCES = compiled_on_use(r"[A-Za-z\u4e00-\u9fff][ \t]*[:\uff1a][ \t]*$")
# A line that is no sentence whatever its ending: code (an assignment, a call,
# a statement's keyword), a URL at its end, a list of names.
_NO_SENTENCE = compiled_on_use(
    r"^[\w.\[\]'\"]+[ \t]*[-+*/]?=[^=]|^(?:def|class|import|from|return|print)\b|\w\([^()]*\)$"
    r"|https?://\S+$|^`?[\w.]+`?(?:,[ \t]*`?[\w.]+`?)+$"
)
# A title: words each capitalised but for short joining words, no punctuation.
_TITLE = compiled_on_use(
    r"^[A-Z][\w'-]*(?:[ \t]+(?:[A-Z][\w'-]*|and|or|of|the|a|an|to|for|in|on|with|by))+[ \t]*$"
)
