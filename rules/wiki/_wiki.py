"""What the citation rules share: each citation of a wiki page judged once
against the tree and its history.

A citation is judged where it was written: a pinned one at its commit, one
without a pin at the commit in which its page last changed (in a checkout
whose copy of the page is that commit's), else against the tree as it is. Its
file now is the file at its path, or where the history says it was renamed to.
What cannot be judged is said once per process, never guessed: a pin the
history lacks (a shallow clone), a pin of another repository, a tree that is
no checkout.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from doclint.rule_api import MarkdownPage, PageBase, RuleContext, compiled_on_use
from doclint.rule_api_generators import say_once

from .._common.project import project
from ._citing import ANY_PAGE
from ._unjudged import drift_commits

if TYPE_CHECKING:
    from doclint.rule_api_generators import Citation, WikiFacts

PINNED = compiled_on_use(r"[0-9a-fA-F]{7,64}")
"""A pin that can name a commit (a branch or tag name cannot be compared)."""


class Judged(NamedTuple):
    """A citation's file where it was written and now."""

    citation: Citation
    reference: Sequence[str] | None
    """Its file's lines where it was written; None when they cannot be had."""
    at: str
    """The commit it is judged at ("" for the tree as it is)."""
    now_path: str
    now: Sequence[str] | None
    """Its file's lines in the tree now (None: no such file)."""


def judged(page: PageBase, ctx: RuleContext) -> list[Judged | None]:
    """Each citation of the page (in order: a wiki's by its grammar, any
    other page's as `citing` reads them) judged, or None where it is not
    (malformed beyond telling its file, another repository's); judged once
    a page, whichever of its rules asks first."""
    return ctx.read_once(page, _judged)


def _judged(page: PageBase, ctx: RuleContext) -> list[Judged | None]:
    facts = ctx.wiki(page)
    if facts is None and isinstance(page, MarkdownPage):
        from ._any_page import any_page_facts

        facts = any_page_facts(page, ctx)
    if facts is None:
        return []
    # Each citation at the commit that last wrote its own line: a page
    # edited since (a sentence fixed, another citation re-anchored) hides no
    # citation's drift. A wiki's page blame cannot read is judged at the
    # commit it last changed in.
    written = written_at(page.path, facts.citations, ctx)
    if written or facts.generator == ANY_PAGE:
        commits = [written[c.line - 1] if c.line <= len(written) else "" for c in facts.citations]
    else:
        commits = [_page_commit(page, facts, ctx)] * len(facts.citations)
    # What cannot be compared is counted and said at the run's end (_unjudged.py).
    commits, shallow = drift_commits(facts.citations, commits, ctx)
    found = [_judge(c, commit, ctx) for c, commit in zip(facts.citations, commits, strict=True)]
    for index in shallow:
        judgement = found[index]
        if judgement is not None:
            found[index] = None if judgement.now is None else judgement._replace(reference=None)
    return found


def _page_commit(page: PageBase, facts: WikiFacts, ctx: RuleContext) -> str:
    """The commit in which the page last changed, where its copy in the tree
    is that commit's ("" otherwise, or when no citation needs it)."""
    if all(PINNED.fullmatch(c.commit) for c in facts.citations):
        return ""
    history = ctx.history
    if history is None:
        return ""
    return history.last_change(page.path) or ""


def written_at(path: str, citations: Sequence[Citation], ctx: RuleContext) -> Sequence[str]:
    """The commit that last wrote each line of the page at `path` (one blame
    of the page, of its text as the run reads it: "" for a line no commit
    wrote); empty when the history cannot say, or every citation is pinned."""
    if all(PINNED.fullmatch(c.commit) for c in citations):
        return ()
    history = ctx.history
    if history is None:
        return ()
    return history.blame(path) or ()


def _judge(citation: Citation, page_commit: str, ctx: RuleContext) -> Judged | None:
    if not citation.judged or not citation.path:
        return None
    if citation.base == "gone?":
        return _gone(citation, page_commit, ctx)
    if PINNED.fullmatch(citation.commit):
        return _pinned(citation, ctx)
    now = ctx.file_lines(citation.path)
    if citation.commit:
        # `blob/main/...`: a branch names no fixed lines; its file is this
        # checkout's when a remote names its repository or the file is here.
        if now is None and not _ours(citation, ctx):
            return None
        return Judged(citation, now, "", citation.path, now)
    if page_commit:
        history = ctx.history
        assert history is not None
        reference = history.lines_at(page_commit, citation.path)
        if reference is not None:
            renamed = history.renamed(page_commit).get(citation.path, citation.path)
            if renamed != citation.path:
                now = ctx.file_lines(renamed)
            return Judged(citation, _lines(reference), page_commit, renamed, now)
    return Judged(citation, now, "", citation.path, now)


def _gone(citation: Citation, page_commit: str, ctx: RuleContext) -> Judged | None:
    """A path of a page of no wiki that names no file of the tree: a
    citation only where the history had the file when its line was written."""
    history = ctx.history
    if not page_commit or history is None:
        return None
    reference = history.lines_at(page_commit, citation.path)
    if reference is None:
        return None
    renamed = history.renamed(page_commit).get(citation.path, citation.path)
    now = ctx.file_lines(renamed) if renamed != citation.path else None
    return Judged(citation, _lines(reference), page_commit, renamed, now)


def _pinned(citation: Citation, ctx: RuleContext) -> Judged | None:
    history = ctx.history
    now = ctx.file_lines(citation.path)
    if history is None:
        if now is None and not _ours(citation, ctx):
            return None
        say_once(
            "citations pinned to commits were not compared with their commits: the tree "
            "is in no checkout git reads (no checkout, no git 2.36 or later, or git refuses "
            "its owner: see safe.directory)"
        )
        return Judged(citation, None, "", citation.path, now)
    commit = history.commit(citation.commit)
    if commit is None:
        if now is None and not _ours(citation, ctx):
            return None
        say_once(
            f"pinned commit {citation.commit} is not in this checkout's history: citations "
            "pinned to it were not checked (a shallow clone? fetch the whole history: "
            "`git fetch --unshallow`, or `fetch-depth: 0` in actions/checkout)"
        )
        return Judged(citation, None, "", citation.path, now)
    reference = history.lines_at(commit, citation.path)
    if reference is None and now is None and not _ours(citation, ctx):
        return None
    renamed = history.renamed(commit).get(citation.path, citation.path)
    if renamed != citation.path:
        now = ctx.file_lines(renamed)
    return Judged(
        citation,
        _lines(reference) if reference is not None else None,
        commit,
        renamed,
        now,
    )


def _ours(citation: Citation, ctx: RuleContext) -> bool:
    """Whether a pinned citation's repository is this checkout's: a remote
    names it (or it pins nothing to a host). Said once when it is not."""
    if not citation.repository:
        return True
    history = ctx.history
    if history is not None and citation.repository in history.remotes():
        return True
    say_once(
        f"citations of {citation.repository} whose files are not here were not judged: "
        "no remote of this checkout names that repository"
    )
    return False


def _lines(lines: Sequence[str]) -> list[str]:
    return [line.rstrip("\r") for line in lines]


def shown_ranges(citation: Citation) -> str:
    """A citation's lines as a reader writes them: `4-55`, `14, 85`."""
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in citation.ranges)


def shown_at(judgement: Judged) -> str:
    return f" at {judgement.at[:8]}" if judgement.at else ""


def wiki_claiming(page: PageBase, ctx: RuleContext, claim: str) -> WikiFacts | None:
    """The page's wiki claims when its generator makes `claim`."""
    facts = ctx.wiki(page)
    if facts is None:
        return None
    known = ctx.generators.wikis
    grammar = next((w.grammar for w in known if w.generator == facts.generator), None)
    return facts if grammar is not None and claim in grammar.claims else None


def local_pages(page: PageBase, ctx: RuleContext) -> dict[str, str]:
    """The pages beside a wiki page, by their slug (a page's name without
    its number, as its site writes it) and by their number after `#` (`#4.2`
    for `4.2-slug.md`, `4-2-slug.md`): listed once a page for the rules that
    ask (site-link-to-local-page, and broken-link's and broken-anchor's
    `links_judged_by_wiki`)."""
    return ctx.read_once(page, _local_pages)


def _local_pages(page: PageBase, ctx: RuleContext) -> dict[str, str]:
    from doclint.rule_api_generators import page_slug

    facts = ctx.wiki(page)
    if facts is None:
        return {}
    grammar = next(w.grammar for w in ctx.generators.wikis if w.generator == facts.generator)
    listing = ctx.children(posixpath.dirname(page.path))
    if listing is None:
        return {}
    found: dict[str, str] = {}
    for name in listing[0]:
        if name.endswith(".md"):
            found.setdefault(page_slug(name[:-3], grammar), name)
            number = grammar.page_number.match(name) if grammar.page_number else None
            if number is not None:
                found.setdefault("#" + name[: number.end()].rstrip("-").replace("-", "."), name)
    return found


def links_judged_by_wiki(page: PageBase, ctx: RuleContext) -> frozenset[tuple[int, int]]:
    """Where a wiki page's links are judged by the citation rules instead:
    its citations (cited-file-missing) and its links to the wiki site's
    pages that the tree has (site-link-to-local-page). Read once a page for
    broken-link and broken-anchor alike."""
    return ctx.read_once(page, _judged_by_wiki)


def _judged_by_wiki(page: PageBase, ctx: RuleContext) -> frozenset[tuple[int, int]]:
    facts = ctx.wiki(page)
    if facts is None:
        return frozenset()
    places = {(c.line, c.column) for c in facts.citations}
    places.update((s.line, s.column) for s in facts.sources)
    if facts.site_links:
        local = local_pages(page, ctx)
        places.update((s.line, s.column) for s in facts.site_links if s.slug in local)
    return frozenset(places)


def looks_like_the_projects(name: str) -> bool:
    """Whether a name in backticks reads as an identifier a project coined
    (`ScriptCodeDAO`, `getAllScripts`, `SC_DISABLE_AGENT`), not a word of
    the language (`api`, `install`): the claim that it occurs in the code is
    made only of such a name, a plain word being as often a string value."""
    body = name.lstrip("_$")
    if len(body) < 2:
        return False
    return "_" in body or any(c.isupper() for c in body[1:]) or body.isupper() or body[0].isupper()


def placed_elsewhere(path: str, ctx: RuleContext) -> str | None:
    """Where the project has a file a citation names by its bare name
    (`Main.java` for `src/main/java/app/Main.java`): the first such path,
    None when the name is a path, is in the tree as written, or names no
    file of the project."""
    if "/" in path or not path or ctx.exists(path):
        return None
    ending = "/" + path
    return next((p for p in project(ctx).names().paths if p.endswith(ending)), None)


def text_file(citation: Citation, ctx: RuleContext) -> str | None:
    """The file of the tree a citation's text names where its link names
    another the tree lacks: the text's path from the root (a page linking
    `src/main.rs` from its own folder, `docs/src/main.rs`), else the text's
    file name in the link's folder (Qoder's `[hashing.php:1-55]` linking
    `config/hashin.php`); None otherwise. The link's target is then the one
    defect, malformed-citation's."""
    if citation.problem != "other-path" or not citation.path or ctx.exists(citation.path):
        return None
    said = _TEXT_PATH.match(citation.text)
    if said is None:
        return None
    named = posixpath.normpath(said[1])
    folder = posixpath.dirname(citation.path)
    candidates = (named, posixpath.join(folder, posixpath.basename(named)))
    return next((c for c in candidates if not c.startswith(("../", "/")) and ctx.is_file(c)), None)


_TEXT_PATH = compiled_on_use(r"\s*([^\s:#()\[\]]+\.\w+)")
"""The path a citation's text starts with (`src/a.ts` of `src/a.ts:4-55`)."""


def other_case_said(path: str, ctx: RuleContext) -> str:
    """What a finding on a file the tree lacks adds where the tree has it in
    other letter case (`app/Http/controllers/Ugc.php` for
    `app/Http/Controllers/Ugc.php`, which a case-blind file system opens and
    a forge's link does not): ", which has `X` (the letter case differs)";
    "" where the tree has no such file, or several."""
    parts = path.split("/")
    found = ""
    for index, part in enumerate(parts):
        listing = ctx.children(found)
        if listing is None:
            return ""
        files, folders = listing
        same = [
            n for n in (files if index == len(parts) - 1 else folders) if n.lower() == part.lower()
        ]
        if len(same) != 1:
            return ""
        found = posixpath.join(found, same[0])
    return f", which has `{found}` (the letter case differs)" if found != path else ""
