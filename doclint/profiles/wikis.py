"""The generators of wikis a run knows, and which of them wrote a page.

The shipped ones (a `[wiki]` table in a profile beside this module) are
known to every run; a run's configuration adds its own (`use_wikis`, called
where a run states its generators). A page is a wiki's when it sits in one of
the wiki's folders, or when a line of its head is the wiki's marker (its
list of relevant source files, an export's title): a test on the path, then
on at most `head_lines` lines, so pages of other generators pay little.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from doclint.models.records import NamedTuple
from doclint.profiles import _shipped, shipped_frozen
from doclint.profiles.model import GeneratorProfile, WikiGrammar


class Wiki(NamedTuple):
    """One generator of wiki pages."""

    generator: str
    grammar: WikiGrammar


_RUN: list[tuple[Wiki, ...]] = [()]
"""The wikis the run's configuration adds to the shipped ones."""


@cache
def shipped_wikis() -> tuple[Wiki, ...]:
    """The shipped generators of wikis, read once per process."""
    frozen = shipped_frozen()
    if frozen is not None:
        return tuple(
            Wiki(profile.name, profile.wiki)
            for name in frozen.names("wiki")
            if (profile := frozen.profile(name)).wiki is not None
        )
    from doclint.profiles import loading

    found = []
    for name, text, data in _shipped():
        if "wiki" in data:
            profile = loading.generator_of_data(text, data, name, False, True)
            assert profile.wiki is not None
            found.append(Wiki(profile.name, profile.wiki))
    return tuple(found)


def use_wikis(profiles: Iterable[GeneratorProfile]) -> None:
    """Makes the wikis of `profiles` (a run's configuration's) known beside
    the shipped ones, until a run with others."""
    _RUN[0] = tuple(Wiki(p.name, p.wiki) for p in profiles if p.wiki is not None)


def wikis() -> tuple[Wiki, ...]:
    """Every generator of wikis the run knows: its own first."""
    return (*_RUN[0], *shipped_wikis())


def wiki_of(path: str, lines: Sequence[str]) -> Wiki | None:
    """The wiki that wrote the page at `path` (relative to the tree root)
    with `lines`, if any: by its folder, else by a marker in its head."""
    known = wikis()
    for wiki in known:
        for folder in wiki.grammar.folders:
            if path.startswith(folder + "/"):
                return wiki
    for wiki in known:
        marker = wiki.grammar.marker
        if any(marker.match(line) for line in lines[: wiki.grammar.head_lines]):
            return wiki
    return None
