"""DL602 undocumented-file: a file of a documented folder that has no documentation page."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator

from doclint.rule_api import (
    Cause,
    DocKind,
    Finding,
    FolderIndex,
    Rule,
    RuleContext,
    RuleDocs,
    Scope,
    Severity,
)
from doclint.rule_api_generators import PagePlaces

# The generator does not document binary files (a NUL byte in the first
# 8 KiB) but still lists them. A file only a listing knows cannot be sniffed,
# so there binary files are recognised by these extensions.
BINARY_SUFFIXES = frozenset(
    {
        # images and fonts
        ".png", ".jpg", ".jpeg", ".gif", ".bmp", ".ico", ".icns", ".tif", ".tiff", ".webp",
        ".ttf", ".otf", ".woff", ".woff2", ".eot",
        # archives and packages
        ".zip", ".gz", ".tgz", ".bz2", ".xz", ".lzma", ".zst", ".tar", ".7z", ".whl", ".egg",
        ".jar",
        # compiled code
        ".pyc", ".pyo", ".pyd", ".so", ".dll", ".dylib", ".a", ".o", ".obj", ".lib", ".exe",
        ".class", ".wasm",
        # data, models and media
        ".bin", ".dat", ".pt", ".pth", ".ckpt", ".onnx", ".npy", ".npz", ".pkl", ".pickle",
        ".h5", ".hdf5", ".db", ".sqlite", ".parquet", ".wav", ".mp3", ".mp4", ".ogg", ".flac",
        ".aif", ".aifc", ".aiff", ".au", ".pdf",
    }
)  # fmt: skip


class UndocumentedFile(Rule[FolderIndex]):
    code = "DL602"
    name = "undocumented-file"
    summary = "File of a documented folder without a documentation page."
    docs = RuleDocs(
        what="""Flags a file of a documented folder that has no file documentation: the
        folder's `index.md` documents `<folder>/`, the folder holds `<name>`, and
        `docs/<folder>/<name>_docs.md` does not exist. One finding per file, at
        the index page's Files heading (its title if it has none).

        Binary files are left out (the generator skips them on purpose; they are
        recognised by their extension), and so are, in folders under `docs/`, the
        pages the generator writes after documenting a folder (`index.md`,
        `doc.md`, `sub.md`, and at the top `keywords.md` and
        `comprehensive_book.md`). With `--known-paths` the listing says which
        files the folder has.""",
        why="""A folder index promises the folder's files. A file
        added after the last run, or one the run crashed on, is silently missing:
        readers assume it does not exist, and keyword searches never find it.""",
        example="""`test/` holds `test_new.py`, but `docs/test/index.md`

        ```markdown
        # Index: `test/`

        ## Files

        | [`test_old.py`](../../test/test_old.py) | Test file | [docs](./test_old.py_docs.md) | ...
        ```

        has no row for it and `docs/test/test_new.py_docs.md` does not exist.""",
        use_instead="""regenerate the folder's documentation, so that every text
        file has its `<name>_docs.md` and `<name>_kw.md`.""",
    )
    severity = Severity.WARNING
    # A page embedded in another sits in the outer page's place, not its own.
    scope = Scope.FILE
    NO_PAGE = Cause("undocumented-file/no-page", "File of a documented folder without a page")
    causes = (NO_PAGE,)

    def check(self, page: FolderIndex, ctx: RuleContext) -> Iterator[Finding]:
        folder = page.described
        if folder is None:
            return
        listed = ctx.children(folder)
        if listed is None:
            return  # not a folder of the tree: orphan-doc reports it
        files, _ = listed
        places = ctx.generators.places_of(page.template)
        skipped = _generator_pages(places, folder) if page.level > 1 else frozenset()
        anchor = _files_heading(page)
        for name in files:
            path = posixpath.join(folder, name)
            documented = places.page_path(DocKind.FILE_DOCS, path)
            # The page is looked for first: a file with its page needs no sniffing.
            if name in skipped or documented is None or ctx.exists(documented):
                continue
            if _binary(ctx, path):
                continue
            yield Finding(
                anchor[0],
                anchor[1],
                f"`{path}` has no documentation page (`{documented}` does not exist)",
                cause=self.NO_PAGE,
            )


def _binary(ctx: RuleContext, path: str) -> bool:
    sniffed = ctx.is_binary(path)
    if sniffed is not None:
        return sniffed
    return posixpath.splitext(path)[1].lower() in BINARY_SUFFIXES


def _generator_pages(places: PagePlaces, folder: str) -> frozenset[str]:
    """Names in a folder of the docs folder that the generator writes after
    documenting it, so that a later pass never has a page about them: the
    folder pages, and at the top the start page and the pages it links."""
    names = set(places.folder_page_names)
    if folder == places.docs_folder:
        start = places.page_path(DocKind.ROOT_INDEX, None)
        names |= {*places.top_pages, *([start.rpartition("/")[2]] if start else [])}
    return frozenset(names)


def _files_heading(page: FolderIndex) -> tuple[int, int]:
    """Where to report: the "## Files" heading, else the title, else line 1."""
    for section in page.sections:
        if section.level == 2 and section.title.strip() == "Files":
            return section.line, section.column
    if page.title is not None:
        return page.title.line, page.title.column
    return 1, 1
