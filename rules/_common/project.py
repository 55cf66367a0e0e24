"""One model of the project a tree holds, for every rule that judges a
claim of prose against the code: the wikis' names and the profiled
generators' relations ask it the same way. Its parts are each built at the
first ask of a run and kept on the tree through the asking rule's context,
so that the cache knows which files each part read, and a run that asks
for one part reads no file for the other:

- `names`: the identifiers every source and configuration file writes
  (lexed), where, and where a language's reader finds each defined
  (`project_names.py`);
- `python`: a profiled generator's Python project, its classes and
  functions, calls, bases and imports, read by `ast` (`project_python.py`);
- `python_at`: that project at the commit a page last changed in, where
  the history has it: the sources its refuted claims name, read from the
  commit (`project_python.py`). It is a page's, kept for its other rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from doclint.rule_api import PageBase, RuleContext
    from doclint.rule_api_generators import Profile

    from .project_names import ProjectNames
    from .project_python import ProjectAt, ProjectModel


class Project:
    """The model of the project, as a rule's context reaches it."""

    def __init__(self, ctx: RuleContext) -> None:
        self._ctx = ctx

    def names(self) -> ProjectNames:
        """The index of the project's names, of every file of the tree."""
        from . import project_names

        return self._ctx.once_per_tree("project:names", project_names.build)

    def python(self, profile: Profile, folder: str) -> ProjectModel:
        """The Python project in `folder` (a folder of the tree) that
        `profile`'s generator documents."""
        from . import project_python

        return self._ctx.once_per_tree(
            f"project:python:{profile.name}:{folder}",
            lambda asker: project_python.build(profile, folder, asker),
        )

    def python_at(self, page: PageBase) -> ProjectAt | None:
        """The project at the commit `page` last changed in; None where the
        history cannot say it (no checkout, the page not committed as it
        is, a shallow clone's oldest commit)."""
        from . import project_python

        return self._ctx.read_once(page, project_python.at_page_commit)


def project(ctx: RuleContext) -> Project:
    """The model of the project the tree holds, reached through `ctx`."""
    return Project(ctx)
