"""DL601 orphan-doc: a generated page about a file or folder the tree does not have."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator

from doclint.rule_api import (
    AnyPage,
    Cause,
    DocKind,
    Finding,
    Rule,
    RuleContext,
    RuleDocs,
    Scope,
    Severity,
)


class OrphanDoc(Rule[AnyPage]):
    code = "DL601"
    name = "orphan-doc"
    summary = "Generated page documenting a file or folder that is not in the tree."
    docs = RuleDocs(
        what="""Flags a file documentation (`X_docs.md`), keyword index (`X_kw.md`) or
        folder page (`index.md`, `doc.md`, `sub.md`) whose title names a path that
        is not in the tree: a file that does not exist, or a folder that is not a
        folder. Pages of a later generator pass (under `docs/docs/`) document the
        pages of the pass before, so `docs/test/x.py_kw.md` must exist for
        `docs/docs/test/x.py_kw.md_docs.md`. With `--known-paths` the listing
        decides what exists.

        The page embedded in a file documentation's Original Source block is not
        checked: it is the copy of a page that the outer page's title accounts for.""",
        why="""The generator never deletes what it wrote. When a
        source is renamed, moved or removed, its pages stay behind and keep
        describing code that is gone: readers and search find classes, sizes and
        run commands for a file that does not exist.""",
        example="""`docs/tools/old_script.py_docs.md`, titled

        ```markdown
        # Documentation: `tools/old_script.py`
        ```

        after `tools/old_script.py` was deleted.""",
        use_instead="""delete the stale pages (or regenerate the documentation
        into an empty folder), so that every page documents something that exists.""",
    )
    severity = Severity.WARNING
    # A page embedded in another sits in the outer page's place, not its own.
    scope = Scope.FILE
    MISSING_FOLDER = Cause("orphan-doc/missing-folder", "Documented folder not in the tree")
    FOLDER_IS_FILE = Cause("orphan-doc/folder-is-file", "Documented folder that is a file")
    MISSING_FILE = Cause("orphan-doc/missing-file", "Documented file not in the tree")
    MISSING_PAGE = Cause("orphan-doc/missing-page", "Documented generated page not in the tree")
    causes = (MISSING_FOLDER, FOLDER_IS_FILE, MISSING_FILE, MISSING_PAGE)

    # Every page that documents a file or a folder. Said by kind, not as the
    # union of their models, which a README's check would build for nothing.
    kinds = frozenset(DocKind) - {DocKind.ROOT_INDEX}

    def check(self, page: AnyPage, ctx: RuleContext) -> Iterator[Finding]:
        described = page.described
        if described is None:
            return
        subject = ctx.generators.subject_of(page)
        if subject not in ("file", "folder"):
            return
        path = _tree_path(described)
        line, column = (page.title.line, page.title.column) if page.title else (1, 1)
        if subject == "folder":
            if path is None or not ctx.is_dir(path):
                if path is None or not ctx.exists(path):
                    what, cause = "is not in the tree", self.MISSING_FOLDER
                else:
                    what, cause = "is a file", self.FOLDER_IS_FILE
                message = f"this page documents folder `{described}/`, which {what}"
                yield Finding(line, column, message, cause=cause)
        elif path is None or not ctx.exists(path):
            if page.level > 1:
                what, cause = "generated page", self.MISSING_PAGE
            else:
                what, cause = "file", self.MISSING_FILE
            message = f"this page documents {what} `{described}`, which is not in the tree"
            yield Finding(line, column, message, cause=cause)


def _tree_path(described: str) -> str | None:
    """The described path relative to the tree root, or None if it leaves the tree."""
    if described.startswith("/"):
        return None
    path = posixpath.normpath(described) if described else ""
    if path == ".." or path.startswith("../"):
        return None
    return "" if path == "." else path
