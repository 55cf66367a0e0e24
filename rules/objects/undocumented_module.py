"""DL708 undocumented-module: a module defining classes or functions with no page."""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from doclint.rule_api import (
    Cause,
    Finding,
    MarkdownPage,
    Origin,
    Rule,
    RuleContext,
    RuleDocs,
    Scope,
)
from doclint.rule_api_generators import Profile

if TYPE_CHECKING:
    from doclint.rule_api_generators import ProfiledPage

    from .._common.python_objects import PyObject


class UndocumentedModule(Rule[MarkdownPage]):
    code = "DL708"
    name = "undocumented-module"
    origin = Origin.PROFILE
    summary = "Module defining a class or function without its page in the generator's docs."
    docs = RuleDocs(
        what="""Flags each module of a project documented by a profiled generator
        that defines a class or function and has no page (RepoAgent:
        `<path>.py` without `markdown_docs/<path>.md`); a module defining
        neither (constants, an empty `__init__.py`) gets no page from the
        generator and is not reported. The finding stands on the module, at its
        line 1, in every output format. A page finds it, once: the first page
        (by name, a README left out) of the docs folder matching the module's
        folder, or of the nearest folder above that has pages; where no folder
        above has one, the first page of the docs folder. Hidden folders and the
        profile's skipped folders are not read.""",
        why="""A docs folder promises the project's modules. A
        module added after the last run, a package the run never reached, or
        one it failed on, is silently missing, and readers conclude it has no
        classes or functions worth documenting.""",
        example="""`repo_agent/chat_with_repo/rag.py` defines `RepoAssistant`,
        and `markdown_docs/repo_agent/chat_with_repo/rag.md` does not exist.""",
        use_instead="""run the generator over the module, or add it to the
        generator's ignore list if it is not meant to be documented.""",
    )
    NO_PAGE = Cause("undocumented-module/no-page", "Module without its page")
    causes = (NO_PAGE,)
    # Which modules a page answers for follows from where the page sits.
    scope = Scope.FILE

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        # The family's helpers are imported where they are used (__init__.py says why).
        from ._sources import first_page, first_page_below

        profiled = ctx.object_page(page)
        if profiled is None or not profiled.profile.makes("module-coverage"):
            return
        profile, project = profiled.profile, profiled.project
        docs = posixpath.join(project, profile.layout.docs_folder)
        folder = posixpath.dirname(page.path)
        inside_docs = folder == docs or folder.startswith(docs + "/")
        if not inside_docs or first_page(folder, ctx) != page.path:
            return  # a page whose name holds its folders (`markdown_docs\\a.md`) carries none
        carried = [posixpath.relpath(folder, docs)] if folder != docs else []
        if first_page_below(docs, ctx) == page.path:
            carried.append(".")
        for inside in carried:
            source_folder = posixpath.normpath(posixpath.join(project, inside))
            source_folder = "" if source_folder == "." else source_folder
            for source, names in _undocumented(profiled, source_folder, ctx):
                expected = profile.layout.page_of(
                    project, posixpath.relpath(source, project or ".")
                )
                message = f"`{source}` defines {names} and has no page `{expected}`"
                yield Finding(1, 1, message, cause=self.NO_PAGE, path=source)


def _undocumented(
    profiled: ProfiledPage, folder: str, ctx: RuleContext
) -> Iterator[tuple[str, str]]:
    """(module, what it defines) of the modules of `folder` with no page, and
    of its subfolders whose docs folder has no page of its own."""
    from ._sources import defining, docs_pages

    profile, project = profiled.profile, profiled.project
    suffix = profile.layout.source.partition("{path}")[2]
    for inner, files, subfolders in ctx.walk(folder):
        for name in files:
            source = posixpath.join(inner, name)
            if not name.endswith(suffix):
                continue
            relative = posixpath.relpath(source, project or ".")
            page = profile.layout.page_of(project, relative)
            if page is None or any(map(ctx.is_file, _written_on_windows(page, project, profile))):
                continue
            objects = defining(source, ctx)
            if objects is not None:
                yield source, _summary(objects.objects.values())
        subfolders[:] = [
            name
            for name in subfolders
            if not (name.startswith(".") or name in profile.layout.skip_folders)
            and not docs_pages(_docs_folder(profile, project, posixpath.join(inner, name)), ctx)
        ]


def _written_on_windows(page: str, project: str, profile: Profile) -> tuple[str, ...]:
    """The paths a module's page may have: as the layout writes it, and as a
    generator on Windows wrote it, its folders in its file name with `\\`
    below the docs folder (`markdown_docs/a\\b.md`) or from it on
    (`markdown_docs\\a\\b.md`)."""
    docs = posixpath.join(project, profile.layout.docs_folder)
    inside = posixpath.relpath(page, docs)
    if "/" not in inside:
        return (page,)
    below = posixpath.join(docs, inside.replace("/", "\\"))
    whole = posixpath.join(project, f"{profile.layout.docs_folder}/{inside}".replace("/", "\\"))
    return page, below, whole


def _docs_folder(profile: Profile, project: str, folder: str) -> str:
    relative = posixpath.relpath(folder, project or ".")
    return posixpath.join(project, profile.layout.docs_folder, relative)


def _summary(objects: Iterable[PyObject]) -> str:
    """`class A, function f`: the module's top-level definitions, a few."""
    top = [obj for obj in objects if len(obj.qualname) == 1]
    shown = ", ".join(f"{obj.kind} `{obj.name}`" for obj in top[:3])
    return shown + (f" and {len(top) - 3} more" if len(top) > 3 else "")
