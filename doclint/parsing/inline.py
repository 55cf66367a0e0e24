"""Find links in the raw inline text of one block, with their offsets.

mistune's inline pass gives link tokens without positions and with escaped
URLs; link rules need the destination as written and where it is. This scanner
follows the CommonMark precedence that matters for links: backslash escapes,
code spans and autolinks/raw HTML bind tighter than brackets, a link cannot
contain another link, and reference links resolve only against defined labels.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right

from doclint.models.markdown import FoundLink, LinkKind, build_node
from doclint.util.lazy_regex import compiled_on_use

_SPECIAL = compiled_on_use(r"[\\`\[\]<!]")
_ASCII_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_AUTOLINK = compiled_on_use(r"<([A-Za-z][A-Za-z0-9+.\-]{1,31}:[^<>\x00-\x20]*)>")
_EMAIL_AUTOLINK = compiled_on_use(
    r"<([A-Za-z0-9.!#$%&'*+/=?^_`{|}~\-]+@[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?)*)>"
)
# Open and closing tags; comments, processing instructions, CDATA and
# declarations are found by their closer (see _Scan.scan_angle). Attributes
# repeat in an atomic group: they never need to be given back, and a
# backtracking record per attribute would cost memory in proportion to a
# hostile line. A group is never repeated with `*+`: Python before 3.11.5
# matches that wrongly (tests/test_regex_portability.py).
_HTML_TAG = compiled_on_use(
    r"<(?:[A-Za-z][A-Za-z0-9\-]*(?>(?:\s+[A-Za-z_:][\w.:\-]*(?:\s*=\s*(?:[^\s\"'=<>`]+|'[^']*'|\"[^\"]*\"))?)*)\s*/?"
    r"|/[A-Za-z][A-Za-z0-9\-]*\s*)>"
)
# `string.ascii_letters`, written out: the module is imported for nothing else.
_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_LABEL_SPACE = compiled_on_use(r"\s+")
_BACKSLASH_ESCAPE = compiled_on_use(r"\\([!\"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~])")
_BACKTICK_RUN = compiled_on_use(r"`+")
# What can end or nest a bare link destination; other characters are skipped in bulk.
_DESTINATION_STOP = compiled_on_use(r"[\\()\x00-\x20]")
# What CommonMark says about raw HTML that may span text: open with the
# first, end at the first closer after it.
_SPANNING_HTML = (("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>"))
# The shape of most generated link text: one inline link without a title in
# plain text, the code spans of its label in single backticks. What `_Scan`
# finds there is known without running it, at a third of the cost: the link
# starts at the end of group 1, its text is group 2, its target group 3. Repeats
# never give back (possessive, or in an atomic group when they repeat a
# group): giving back never helps here, and a hostile 10 MB line keeps no
# backtracking record per character.
_PLAIN = r"[^\\`\[\]<!]*+"
ONE_LINK = compiled_on_use(
    rf"({_PLAIN})\[((?>(?:[^\\`\[\]<]|`[^`]++`(?!`))*))\]\(([^\x00-\x20()<>\\]++)\){_PLAIN}"
)
# CommonMark: a link label holds at most 999 characters; a destination's
# parentheses nest at least three deep (cmark allows 32, as here).
MAX_LABEL = 999
MAX_DESTINATION_PARENS = 32
# Nested images copy their text once per level: bounded like block nesting.
MAX_OPEN_IMAGES = 32


def normalize_label(label: str) -> str:
    """Reference labels match case-insensitively, with inner whitespace collapsed."""
    return _LABEL_SPACE.sub(" ", label.strip()).casefold()


def unescape(text: str) -> str:
    """Drop CommonMark backslash escapes from a destination or title."""
    return _BACKSLASH_ESCAPE.sub(r"\1", text) if "\\" in text else text


def find_links(text: str, definitions: dict[str, tuple[str, str | None]]) -> list[FoundLink]:
    """All links of `text`, in order; `definitions` maps normalized labels."""
    if "[" not in text and "<" not in text:
        return []
    simple = ONE_LINK.fullmatch(text)
    if simple is not None:
        found = ("inline", simple.group(2), simple.group(3), None, simple.end(1))
        return [build_node(FoundLink, found)]
    return scan_links(text, definitions)


def scan_links(text: str, definitions: dict[str, tuple[str, str | None]]) -> list[FoundLink]:
    """`find_links` of a text that `ONE_LINK` does not match whole."""
    return _Scan(text, definitions).run()


class _Scan:
    """One pass over one block's text, linear whatever the text holds.

    Hostile text makes a naive scan quadratic in three ways, each avoided here:
    a link kills every `[` before it (links do not nest), so instead of marking
    the open brackets one by one a single height says that every `[` below it
    is dead; at most MAX_OPEN_IMAGES `![` are open at once, so nested images do
    not copy the same text again and again; and a closer that was searched for
    and not found (`-->`, `?>`, `]]>`, `>`) is not searched for again, while
    code spans find their closing backtick run through an index of all runs.
    """

    def __init__(self, text: str, definitions: dict[str, tuple[str, str | None]]) -> None:
        self.text = text
        self.definitions = definitions
        self.found: list[FoundLink] = []
        # Open brackets, packed as offset * 2 + 1 for "![" and offset * 2 for "[".
        self.openers = array("q")
        self.dead_below = 0
        self.open_images = 0
        self.missing: dict[str, int] = {}  # closer -> an offset from which it is absent
        self.backtick_runs: dict[int, list[int]] | None = None

    def run(self) -> list[FoundLink]:
        text, pos, end = self.text, 0, len(self.text)
        while pos < end:
            match = _SPECIAL.search(text, pos)
            if match is None:
                break
            pos = match.start()
            char = text[pos]
            if char == "\\":
                pos += 2 if pos + 1 < end and text[pos + 1] in _ASCII_PUNCTUATION else 1
            elif char == "`":
                pos = self.skip_code_span(pos)
            elif char == "<":
                pos = self.scan_angle(pos)
            elif char == "!":
                if pos + 1 < end and text[pos + 1] == "[" and self.open_images < MAX_OPEN_IMAGES:
                    self.openers.append(pos * 2 + 1)
                    self.open_images += 1
                    pos += 2
                else:  # a literal "!"; a "[" after it opens a link
                    pos += 1
            elif char == "[":
                self.openers.append(pos * 2)
                pos += 1
            else:  # "]"
                pos = self.close_bracket(pos)
        self.found.sort(key=lambda link: link.offset)
        return self.found

    def find(self, closer: str, start: int) -> int:
        """Offset of `closer` at or after `start`, or -1; a failed search is remembered."""
        if start >= self.missing.get(closer, len(self.text) + 1):
            return -1
        offset = self.text.find(closer, start)
        if offset < 0:
            self.missing[closer] = start
        return offset

    def skip_code_span(self, pos: int) -> int:
        """Skip a code span; an unmatched backtick run is literal text."""
        text = self.text
        run_end = pos
        while run_end < len(text) and text[run_end] == "`":
            run_end += 1
        if self.backtick_runs is None:
            self.backtick_runs = {}
            for run in _BACKTICK_RUN.finditer(text):
                self.backtick_runs.setdefault(run.end() - run.start(), []).append(run.start())
        # The closer is the next run of exactly the same length.
        starts = self.backtick_runs.get(run_end - pos, [])
        index = bisect_right(starts, pos)
        return starts[index] + run_end - pos if index < len(starts) else run_end

    def scan_angle(self, pos: int) -> int:
        """Autolinks become links; raw HTML tags are skipped whole."""
        text = self.text
        match = _AUTOLINK.match(text, pos)
        if match:
            link = ("autolink", match.group(1), match.group(1), None, pos)
            self.found.append(build_node(FoundLink, link))
            return match.end()
        match = _EMAIL_AUTOLINK.match(text, pos)
        if match:  # CommonMark renders <a@b.c> as a mailto: link
            address = match.group(1)
            link = ("autolink", address, f"mailto:{address}", None, pos)
            self.found.append(build_node(FoundLink, link))
            return match.end()
        for opener, closer in _SPANNING_HTML:
            if text.startswith(opener, pos):
                close = self.find(closer, pos + len(opener))
                return close + len(closer) if close >= 0 else pos + 1
        if text.startswith("<!", pos) and text[pos + 2 : pos + 3] in _ASCII_LETTERS:
            close = self.find(">", pos + 3)  # a declaration such as <!DOCTYPE html>
            return close + 1 if close >= 0 else pos + 1
        tag = _HTML_TAG.match(text, pos)
        return tag.end() if tag else pos + 1

    def close_bracket(self, pos: int) -> int:
        if not self.openers:
            return pos + 1
        packed = self.openers.pop()
        height = len(self.openers)
        start, image = packed >> 1, bool(packed & 1)
        active = image or height >= self.dead_below
        self.dead_below = min(self.dead_below, height)
        if image:
            self.open_images -= 1
        if not active:
            return pos + 1
        label_start = start + (2 if image else 1)
        link = _inline_destination(self.text, pos + 1)
        if link is not None:
            target, title, after = link
            kind: LinkKind = "image" if image else "inline"
        else:
            reference = self.reference(pos + 1, label_start, pos)
            if reference is None:
                return pos + 1
            target, title, after = reference
            kind = "image" if image else "reference"
        found = (kind, self.text[label_start:pos], target, title, start)
        self.found.append(build_node(FoundLink, found))
        if not image:
            # CommonMark: links may not contain other links, so earlier "[" die.
            self.dead_below = height
        return after

    def reference(
        self, pos: int, label_start: int, label_end: int
    ) -> tuple[str, str | None, int] | None:
        """A full, collapsed or shortcut reference after the link text that
        ends at `pos`; the text itself is the label unless one follows."""
        if not self.definitions:
            return None
        text, after = self.text, pos
        if pos < len(text) and text[pos] == "[":
            close = text.find("]", pos + 1, pos + 2 + MAX_LABEL)
            if close >= 0 and "[" not in text[pos + 1 : close]:
                if close > pos + 1:
                    label_start, label_end = pos + 1, close
                after = close + 1
        if label_end - label_start > MAX_LABEL:
            return None
        definition = self.definitions.get(normalize_label(text[label_start:label_end]))
        if definition is None:
            return None
        return definition[0], definition[1], after


def _inline_destination(text: str, pos: int) -> tuple[str, str | None, int] | None:
    """Parse `(destination "title")` at `pos`; None if it is not one."""
    end = len(text)
    if pos >= end or text[pos] != "(":
        return None
    pos = _skip_space(text, pos + 1)
    if pos < end and text[pos] == "<":
        destination = _angle_destination(text, pos)
    else:
        destination = _bare_destination(text, pos)
    if destination is None:
        return None
    target, pos = destination
    spaced = _skip_space(text, pos)
    title = None
    if spaced < end and text[spaced] in "\"'(" and spaced > pos:
        titled = _link_title(text, spaced)
        if titled is None:
            return None
        title, spaced = titled
    if spaced >= end or text[spaced] != ")":
        return None
    return unescape(target), title, spaced + 1


def _angle_destination(text: str, pos: int) -> tuple[str, int] | None:
    """`<destination>` at `pos`: its text and the position after it."""
    end = len(text)
    close = pos + 1
    while close < end and text[close] not in ">\n<":
        close += 2 if text[close] == "\\" else 1
    if close >= end or text[close] != ">":
        return None
    return text[pos + 1 : close], close + 1


def _bare_destination(text: str, pos: int) -> tuple[str, int] | None:
    """A destination without brackets at `pos`, up to a space or the `)`
    its parentheses leave open: its text and the position after it."""
    end = len(text)
    start, depth = pos, 0
    while pos < end:
        stop = _DESTINATION_STOP.search(text, pos)
        if stop is None:
            pos = end
            break
        pos = stop.start()
        char = text[pos]
        if char == "\\":
            pos += 2 if pos + 1 < end and text[pos + 1] in _ASCII_PUNCTUATION else 1
            continue
        if char <= " ":
            break
        if char == "(":
            depth += 1
            if depth > MAX_DESTINATION_PARENS:
                return None
        elif char == ")":
            if depth == 0:
                break
            depth -= 1
        pos += 1
    if depth:
        return None
    return text[start:pos], pos


def _link_title(text: str, start: int) -> tuple[str, int] | None:
    """The title opening at `start` ("...", '...' or (...)), unescaped, and
    the position after it and the spaces that follow."""
    end = len(text)
    closer = ")" if text[start] == "(" else text[start]
    close = start + 1
    while close < end and text[close] != closer:
        if closer == ")" and text[close] == "(":
            return None  # CommonMark: "(" in a parenthesized title must be escaped
        close += 2 if text[close] == "\\" else 1
    if close >= end:
        return None
    return unescape(text[start + 1 : close]), _skip_space(text, close + 1)


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\n":
        pos += 1
    return pos
