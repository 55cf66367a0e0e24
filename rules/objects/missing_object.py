"""DL701 missing-object: a generator's heading names an object its source does not define there."""

from __future__ import annotations

import posixpath
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
    shown_target,
    shown_tree_path,
)

if TYPE_CHECKING:
    from doclint.rule_api_generators import Entry, ProfiledPage

    from .._common.project_python import ProjectModel
    from .._common.python_objects import ModuleObjects


class MissingObject(Rule[MarkdownPage]):
    code = "DL701"
    name = "missing-object"
    origin = Origin.PROFILE
    summary = "Heading names an object the page's source does not define with that kind and place."
    docs = RuleDocs(
        what="""Flags an object heading of a profiled generator's page (RepoAgent's
        `## ClassDef Name`, `### FunctionDef name(...)`) whose object the page's
        source does not define with that kind at that place: the heading's
        nesting (one `#` deeper per level) says which class or function holds
        it. One finding per heading, at the heading; a name the source defines
        elsewhere (a method written as a nested function, a class as a
        function) is told apart from a name it does not define at all, and
        of one it does not define, the message names the one other source of
        the project that defines it at that place (the object moved).

        Where the profile names a hierarchy record (RepoAgent's
        `.project_doc_record/project_hierarchy.json`, its paths written with `/`
        or, by a run on Windows, `\\`) and the project has it, the record's
        objects of the page's source are claims too: one the
        source defines nowhere with that kind, and the page does not head, is
        reported at line 1. The line ranges it records are not the page's
        claims: a stale range of an object the source defines is no finding.
        A record that cannot be used is said once, on the project's first page.

        Where the history has the commit the page last changed in (and the
        page is that commit's), a heading whose object the source had there,
        with that kind at that place, is told apart: its message says so and
        names the commit (the code changed after the page was written),
        while one the source lacked there too keeps its cause.""",
        why="""Generated pages are committed and the code moves on:
        a class renamed or a method removed keeps its heading and its confident
        description, and readers look for code that is not there. A method
        documented as a nested function tells them to call it without `self`.""",
        example="""`markdown_docs/repo_agent/settings.md` holding

        ```markdown
        ## ClassDef SettingsManager
        ```

        while `repo_agent/settings.py` no longer defines `SettingsManager`.""",
        use_instead="""regenerate the page, or delete the section of the object
        that is gone.""",
    )
    NOT_DEFINED = Cause("missing-object/not-defined", "Object not defined in the source")
    ELSEWHERE = Cause("missing-object/elsewhere", "Object defined at another place or kind")
    RECORDED = Cause("missing-object/recorded", "Object the hierarchy record lists, not defined")
    BAD_RECORD = Cause("missing-object/bad-record", "Hierarchy record that cannot be used")
    DRIFT = Cause("missing-object/drift", "Object the source had when the page was written")
    causes = (NOT_DEFINED, ELSEWHERE, RECORDED, BAD_RECORD, DRIFT)

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        # The family's helpers are imported where they are used (__init__.py says why).
        from .._common.project import project
        from ._sources import claimed_source, documented_object

        found = claimed_source(page, ctx, "symbol-exists")
        if found is None:
            return
        profiled, objects = found
        for entry in profiled.entries:
            if documented_object(entry, objects) is not None:
                continue
            others = objects.named(entry.qualname[-1])
            if others:
                where = ", ".join(f"{obj.kind} `{obj.dotted}`" for obj in others)
                message = (
                    f"`{profiled.source}` has no {entry.kind} `{entry.dotted}`; it defines {where}"
                )
                cause = self.ELSEWHERE
            else:
                message = f"`{profiled.source}` defines no {entry.kind} `{entry.dotted}`"
                message += _moved(entry, project(ctx).python(profiled.profile, profiled.project))
                cause = self.NOT_DEFINED
            at = project(ctx).python_at(page)
            then = at.objects(profiled.source) if at is not None else None
            if at is not None and then is not None and documented_object(entry, then):
                message, cause = message + at.note, self.DRIFT
            yield Finding(entry.line, entry.column, message, cause=cause)
        yield from self._recorded(page, profiled, objects, ctx)

    def _recorded(
        self, page: MarkdownPage, profiled: ProfiledPage, objects: ModuleObjects, ctx: RuleContext
    ) -> Iterator[Finding]:
        """The record's claims about the page's source that the source refutes."""
        from ._hierarchy import hierarchy_of, problem_line
        from ._sources import first_page_below

        hierarchy = hierarchy_of(profiled.profile, profiled.project, ctx)
        if hierarchy is None:
            return
        if hierarchy.problem is not None:
            docs = posixpath.join(profiled.project, profiled.profile.layout.docs_folder)
            if first_page_below(docs, ctx) == page.path:
                yield Finding(1, 1, problem_line(hierarchy), cause=self.BAD_RECORD)
            return
        # A recorded line range is the record's claim, not the page's: where
        # the source defines the object, a stale range is no object missing.
        key = posixpath.relpath(profiled.source, profiled.project or ".")
        headed = {(entry.qualname[-1], entry.kind) for entry in profiled.entries}
        defined = {(obj.name, obj.kind) for obj in objects.objects.values()}
        for obj in hierarchy.sources.get(key, ()):
            # A heading of an object the source lacks is reported above.
            if (obj.name, obj.kind) not in defined and (obj.name, obj.kind) not in headed:
                message = (
                    f"`{shown_tree_path(hierarchy.path)}` records {obj.kind} "
                    f"`{shown_target(obj.name)}`, which `{profiled.source}` does not define"
                )
                yield Finding(1, 1, message, cause=self.RECORDED)


def _moved(entry: Entry, model: ProjectModel) -> str:
    """Where the object is defined now, at the same place in its module,
    when one other source of the project has it: "; it is defined in
    `b.py` now"; else nothing."""
    paths = {
        d.path
        for d in model.defined(entry.qualname[-1])
        if (d.kind, d.qualname) == (entry.kind, entry.qualname)
    }
    return f"; it is defined in `{paths.pop()}` now" if len(paths) == 1 else ""
