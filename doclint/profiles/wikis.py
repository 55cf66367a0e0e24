"""The generators of wikis a run knows, and which of them wrote a page.

The shipped ones (a `[wiki]` table in a profile beside this module) are
known to every run; a run's configuration adds its own (the run's
`Generators` value holds them all, and answers with these functions). A page
is a wiki's by what it is: a line of its head is the wiki's marker (its
list of relevant source files, an export's title), or it sits in one of the
wiki's folders and cites lines as the wiki writes them. A folder's name
alone reads no page: another generator may write a folder of the same name
(an MCP server's `.deepwiki/`), and its pages would be judged by a grammar
they do not follow. The test is on the path and at most `head_lines` lines,
then, only for a page in a wiki's folder without the marker, on its lines
until the first citation.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from doclint.models.records import NamedTuple
from doclint.profiles import shipped_profile, shipped_with
from doclint.profiles.model import CitationLink, WikiGrammar
from doclint.profiles.patterns import Match
from doclint.util.lazy_regex import compiled_on_use


class Wiki(NamedTuple):
    """One generator of wiki pages."""

    generator: str
    grammar: WikiGrammar


@cache
def shipped_wikis() -> tuple[Wiki, ...]:
    """The shipped generators of wikis, read once per process."""
    return tuple(
        Wiki(profile.name, profile.wiki)
        for name in shipped_with("wiki")
        if (profile := shipped_profile(name)).wiki is not None
    )


def reading_of(known: Sequence[Wiki], path: str, lines: Sequence[str]) -> tuple[Wiki, str] | None:
    """Which of the `known` wikis wrote the page at `path` (relative to the
    tree root) with `lines`, if any, and why (`doclint check --explain`): the
    first in whose folder it sits with the wiki's marker in its head or
    citing lines as the wiki writes them, else the first whose marker is in
    its head."""
    for wiki in known:
        folder = in_folder(path, wiki.grammar)
        if folder is None:
            continue
        marked = _marked(lines, wiki.grammar)
        if marked:
            return wiki, f"in its folder `{folder}/`, line {marked} is its marker"
        cited = _cites(lines, wiki.grammar)
        if cited:
            return wiki, f"in its folder `{folder}/`, line {cited} cites lines as it writes them"
    for wiki in known:
        marked = _marked(lines, wiki.grammar)
        if marked:
            return wiki, f"line {marked} is its marker"
    return None


def in_folder(path: str, grammar: WikiGrammar) -> str | None:
    """The folder of `grammar`'s wiki the page at `path` sits in, if any."""
    return next((f for f in grammar.folders if path.startswith(f + "/")), None)


def _marked(lines: Sequence[str], grammar: WikiGrammar) -> int:
    """The line (1-based) of the page's head that is the wiki's marker, 0 for none."""
    marker = grammar.marker
    if marker is None:
        return 0
    return next(
        (n for n, line in enumerate(lines[: grammar.head_lines], 1) if marker.match(line)), 0
    )


_LINK = compiled_on_use(r"\[([^\[\]]*)\]\(([^()\s]*)\)")
_SPAN = compiled_on_use(r"`([^`]+)`")


def _cites(lines: Sequence[str], grammar: WikiGrammar) -> int:
    """The first line (1-based) citing lines of a file in one of the wiki's
    forms (a link whose text or target gives lines, a prose or code-span
    citation with lines), 0 for none: a page of the wiki's folder that cites
    no lines as the wiki writes them is another generator's."""
    for number, line in enumerate(lines, 1):
        if "](" in line:
            for link in _LINK.finditer(line):
                if any(_link_lines(form, link.group(1), link.group(2)) for form in grammar.links):
                    return number
        if grammar.text_citation is not None:
            found = grammar.text_citation.search(line)
            if found is not None and _has(found, "lines"):
                return number
        if grammar.span_citation is not None and "`" in line:
            for span in _SPAN.finditer(line):
                found = grammar.span_citation.match(span.group(1))
                if found is not None and _has(found, "lines"):
                    return number
    return 0


def _link_lines(form: CitationLink, text: str, target: str) -> bool:
    """Whether a link of `text` and `target` is a citation of lines by `form`."""
    said = form.text.match(text) if form.text is not None else None
    if not target:
        return form.empty_target and said is not None and _has(said, "lines")
    if form.target is None or form.empty_target:
        return False
    aimed = form.target.match(target)
    if aimed is None or (form.text_required and said is None):
        return False
    return _has(aimed, "lines") or (said is not None and _has(said, "lines"))


def _has(match: Match, group: str) -> bool:
    return group in match.groupdict() and bool(match.group(group))
