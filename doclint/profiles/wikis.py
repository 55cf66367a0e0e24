"""The generators of wikis a run knows, and which of them wrote a page.

The shipped ones (a `[wiki]` table in a profile beside this module) are
known to every run; a run's configuration adds its own (the run's
`Generators` value holds them all, and answers with these functions). A page
is a wiki's by what it is: a line of its head is the wiki's marker (its
list of relevant source files, an export's title), or it sits in one of the
wiki's folders and writes as the wiki does: a citation of lines, a file
cited at a commit, or a link to a page of the wiki's site (a page whose
source list the copy lost, citing in prose, still names the wiki's pages by
their site's paths: `/o/r/8.1-catalog-module`). A folder's name alone reads
no page: another generator may write a folder of the same name (an MCP
server's `.deepwiki/`), and its pages would be judged by a grammar they do
not follow. The test is on the path and at most `head_lines` lines, then,
only for a page in a wiki's folder without the marker, on its lines until
the first such link or citation.
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
    citing or linking as the wiki writes, else the first whose marker is in
    its head."""
    for wiki in known:
        folder = in_folder(path, wiki.grammar)
        if folder is None:
            continue
        marked = _marked(lines, wiki.grammar)
        if marked:
            return wiki, f"in its folder `{folder}/`, line {marked} is its marker"
        cited, how = _cites(lines, wiki.grammar)
        if cited:
            return wiki, f"in its folder `{folder}/`, line {cited} {how}"
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
# A commit's name, not a branch's (`blob/main/` is any page's link to GitHub).
_COMMIT = compiled_on_use(r"[0-9a-f]{7,40}")


def _cites(lines: Sequence[str], grammar: WikiGrammar) -> tuple[int, str]:
    """The first line (1-based) writing as the wiki writes, and what it does
    (`doclint check --explain`): a link citing lines, a link citing a file at
    a commit, a link to a page of the wiki's site, a prose or code-span
    citation with lines; (0, "") for none: a page of the wiki's folder that
    writes none of them is another generator's."""
    for number, line in enumerate(lines, 1):
        if "](" in line:
            for link in _LINK.finditer(line):
                how = _link_writes(grammar, link.group(1), link.group(2))
                if how:
                    return number, how
        if grammar.text_citation is not None:
            found = grammar.text_citation.search(line)
            if found is not None and _has(found, "lines"):
                return number, _LINES
        if grammar.span_citation is not None and "`" in line:
            for span in _SPAN.finditer(line):
                found = grammar.span_citation.match(span.group(1))
                if found is not None and _has(found, "lines"):
                    return number, _LINES
    return 0, ""


_LINES = "cites lines as it writes them"


def _link_writes(grammar: WikiGrammar, text: str, target: str) -> str:
    """What a link of `text` and `target` does as the wiki writes it (its
    explanation), "" for nothing of the wiki's."""
    for form in grammar.links:
        how = _form_writes(form, text, target)
        if how:
            return how
    if target and grammar.site_link is not None and grammar.site_link.match(target):
        return "links to a page of its site"
    return ""


def _form_writes(form: CitationLink, text: str, target: str) -> str:
    """Whether a link of `text` and `target` cites by `form` lines or a file
    at a commit (a scraped page's whole file, `[pom.xml](…/blob/a4a28616/
    pom.xml)`), and which, "" for neither."""
    said = form.text.match(text) if form.text is not None else None
    if not target:
        return _LINES if form.empty_target and said is not None and _has(said, "lines") else ""
    if form.target is None or form.empty_target:
        return ""
    aimed = form.target.match(target)
    if aimed is None or (form.text_required and said is None):
        return ""
    if _has(aimed, "lines") or (said is not None and _has(said, "lines")):
        return _LINES
    pinned = _has(aimed, "commit") and _COMMIT.fullmatch(aimed.group("commit")) is not None
    return "cites a file at a commit as it writes them" if pinned else ""


def _has(match: Match, group: str) -> bool:
    return group in match.groupdict() and bool(match.group(group))
