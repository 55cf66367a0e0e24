"""An editor's buffers checked against a tree kept warm between edits.

A buffer is checked as `doclint check - --stdin-filename PATH` checks stdin
(run/stdin.py): its text as the file it names, every other file read from
disk, the root the file's title implies. What `doclint check` builds for
every run is built here once and kept while the editor edits: the rule
registry, the settings of each configuration, and per root a `Linter`, whose
tree index holds the listings, sources, anchors and history it has read,
kept while a page open in the editor uses it (`closed` lets it go). Each
open page's last check keeps its facts, the questions it asked of the tree.
A file saved, made or deleted (`changed`) is read again by the trees that
hold it, the rest of what they read kept, and the open pages whose facts
name it are the ones to check again (a folder's listing is read again only
when a file in it was made or deleted); a configuration file drops the
trees and the settings (`forget`), a change in a checkout's `.git` or of
its HEAD the trees.

Nothing is read outside the workspace root: a configuration is looked for
only between a page and the root, a tree's root is never above it, and the
history is that of a checkout inside it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from doclint.config.files import CONFIG_FILES, Config, find_config
from doclint.config.files import load_config as load_config_file
from doclint.config.settings import run_settings
from doclint.config.suggestions import check_selectors
from doclint.engine import Linter, Settings
from doclint.engine.builtin_rules import FileTooLarge, engine_row
from doclint.engine.registry import Registry, load_registry
from doclint.fixes.file_fixer import Fixer, FixSettings
from doclint.history import History
from doclint.models.findings import Finding
from doclint.output.shown import shown_paths
from doclint.parsing.recognition import expected_page_path
from doclint.profiles.generators import Generators
from doclint.run.roots import choose_root, root_from_title
from doclint.server.client_settings import ClientSettings
from doclint.tree.index import Changes, Fact, Tree
from doclint.util.paths import inside

_TITLE_BYTES = 4096


class OutsideWorkspace(ValueError):
    """A file the server does not check: it lies outside the workspace root."""


@dataclass
class Checked:
    """What a buffer's check found: its findings, filtered as `doclint
    check` filters a file's, each with the fix its rule offers."""

    findings: list[Finding]
    note: str | None = None
    """Why the buffer was not checked, if it was not."""
    trouble: bool = False
    """Whether the note tells of something to repair (a configuration that
    cannot be used), not of a choice (a page the configuration excludes)."""


class _Settings:
    """A configuration's settings (None when it cannot be used, and why),
    with what is made from them once: the filters of paths and of
    findings, and a linter per tree root."""

    def __init__(self, settings: Settings | None, registry: Registry, problem: str | None = None):
        self.settings = settings
        self.problem = problem
        self.linters: dict[Path, Linter] = {}
        self.paths = settings.path_filter() if settings is not None else None
        self.findings = settings.finding_filter(registry) if settings is not None else None

    def excludes(self, file: Path) -> bool:
        return self.paths is not None and self.paths.excludes(file)


class WorkspaceTree(Tree):
    """A tree index that reads a checkout's history only when the checkout
    lies inside the workspace: git would read the `.git` folder above it."""

    def __init__(
        self,
        root: Path,
        known_paths: list[str] | None,
        workspace: Path,
        generators: Generators,
    ) -> None:
        super().__init__(root, known_paths, generators)
        self._workspace = workspace
        self._checkout_inside: bool | None = None

    def history(self) -> History | None:
        if self._checkout_inside is None:
            self._checkout_inside = _checkout_between(self.root, self._workspace)
        return super().history() if self._checkout_inside else None


class Workspace:
    """The warm state of one workspace root: the registry, each
    configuration's settings, each root's linter."""

    def __init__(
        self, root: Path, registry: Registry | None = None, client: ClientSettings | None = None
    ) -> None:
        self.root = Path(os.path.abspath(root))
        self.registry = registry or load_registry()
        self.client = client or ClientSettings()
        """The editor's settings, over every configuration's."""
        self._configs: dict[Path | None, _Settings] = {}
        self._used: dict[Path, tuple[_Settings, Linter]] = {}
        """The linter each open page was last checked with (and the
        settings holding it): a root's linter, its tree index with all it
        read, is let go when no open page uses it."""
        self._users: dict[int, int] = {}
        """Per linter used (by id), how many open pages use it."""
        self._asked: dict[Path, list[Fact]] = {}
        """Per open page checked, the questions its last check asked of its
        tree (its facts): a change on disk is checked again on the pages
        whose facts name the file changed, not on every page."""

    def configure(self, client: ClientSettings) -> None:
        """The editor's settings changed: every page's are made again."""
        if client != self.client:
            self.client = client
            self.forget()

    def inside(self, file: Path) -> Path:
        """`file` made absolute; OutsideWorkspace when it is not below the root."""
        absolute = Path(os.path.abspath(file))
        if not absolute.is_relative_to(self.root) or absolute == self.root:
            raise OutsideWorkspace(f"{absolute} is outside the workspace root {self.root}")
        return absolute

    def check(self, file: Path, text: str) -> Checked:
        """Check the buffer `text` as the file `file` of its tree."""
        file = self.inside(file)
        # An editor's text may hold lone surrogates (a JSON escape): their
        # bytes are invalid UTF-8, which the engine reports as it does on disk.
        data = text.encode("utf-8", "surrogatepass")
        found = self._settings(file)
        settings = found.settings
        if settings is None or found.excludes(file):
            self.closed(file)
        self._asked[file] = []
        if settings is None:
            message = found.problem or "the configuration cannot be used"
            return Checked([], f"not checked: {message}", trouble=True)
        if found.excludes(file):
            return Checked([], "not checked: the configuration's exclude leaves it out")
        linter = self._linter_used(found, file, data)
        path = linter.tree_path(file)
        outside = linter.outside(path)
        if outside is not None:
            return Checked(outside)
        if len(data) > settings.max_file_size:
            message = f"{len(data):,} bytes is over the limit of {settings.max_file_size:,}"
            row = engine_row(FileTooLarge, 1, 1, message + "; not read", FileTooLarge.TOO_LARGE)
            return Checked([row])
        checked = linter.check_bytes(data, path)
        self._asked[file] = checked.facts
        return Checked(self._shown(found, linter, file, checked.rows))

    def fix_all(self, file: Path, text: str) -> str | None:
        """The buffer with every safe fix applied, as `doclint check --fix`
        applies them; None when nothing changes."""
        file = self.inside(file)
        data = text.encode("utf-8", "surrogatepass")
        found = self._settings(file)
        if found.settings is None or found.excludes(file):
            return None
        linter = self._linter_used(found, file, data)
        if linter.tree.escapes(linter.tree_path(file)) or len(data) > found.settings.max_file_size:
            return None
        fixed = Fixer(linter, FixSettings()).fix_bytes(data, file, linter.tree_path(file))
        return fixed.data.decode("utf-8") if fixed.data is not None else None

    def forget(self, settings: bool = True) -> None:
        """Every tree is read again (files changed on disk, the editor's
        settings changed); with `settings`, the settings of each
        configuration too."""
        configs = list(self._configs.values())
        if settings:
            self._configs = {}
        for config in configs:
            for linter in config.linters.values():
                linter.tree.close()
            config.linters.clear()

    def changed(self, files: Iterable[Path]) -> set[Path]:
        """The files `files` changed on disk (saved, made or deleted): each
        tree holding one reads it again, the rest of what it read kept. The
        open pages to check again: the files themselves, and those whose
        last check asked of one (a citation's source, a link's target, the
        page's own history) or, where one was made or deleted, listed its
        folder; every page for a configuration file, whose settings are made
        again, and for a change in a checkout's `.git` or of its HEAD, whose
        history is read again."""
        changed = {Path(os.path.abspath(file)) for file in files}
        configs = any(file.name in CONFIG_FILES or file == self.client.config for file in changed)
        linters = [
            linter for config in self._configs.values() for linter in config.linters.values()
        ]
        # A commit made or a branch switched is told by no editor that
        # watches no `.git`: HEAD is asked at each change.
        if (
            configs
            or any(".git" in file.parts for file in changed)
            or any(linter.tree.history_moved() for linter in linters)
        ):
            self.forget(settings=configs)
            return set(self._asked)
        told: dict[int, Changes] = {}  # what each linter's tree was told, by the linter's id
        for linter in linters:
            paths = [path for file in changed if (path := _tree_path(linter, file)) is not None]
            if paths:
                linter.tree_changed()
                told[id(linter)] = linter.tree.changed(paths)
        return (changed & self._asked.keys()) | {
            page for page in self._asked if self._read_one(page, told)
        }

    def _read_one(self, page: Path, told: dict[int, Changes]) -> bool:
        """Whether the last check of the open `page` asked of a file its
        tree was `told` changed (what each linter's tree was told, by id)."""
        used = self._used.get(page)
        changes = told.get(id(used[1])) if used is not None else None
        if used is None or changes is None:
            return False
        tree = used[1].tree
        return any(tree.depends(kind, asked, changes) for kind, asked, _ in self._asked[page])

    def close(self) -> None:
        """Close every tree (its root folder, its history's git process)."""
        self.forget()

    def closed(self, file: Path) -> None:
        """The page `file` is no longer open: the linter of its root is let
        go (its tree closed) unless another open page uses it."""
        file = Path(os.path.abspath(file))
        self._asked.pop(file, None)
        used = self._used.pop(file, None)
        if used is not None:
            self._let_go(*used)

    def _linter_used(self, found: _Settings, file: Path, data: bytes) -> Linter:
        """The linter of `file`'s root, noted as the one the open page uses;
        the one it used before (its title implied another root) let go."""
        linter = self._linter(found, file, data)
        before = self._used.get(file)
        if before is None or before[1] is not linter:
            self._used[file] = found, linter
            self._users[id(linter)] = self._users.get(id(linter), 0) + 1
            if before is not None:
                self._let_go(*before)
        return linter

    def _let_go(self, found: _Settings, linter: Linter) -> None:
        users = self._users.pop(id(linter)) - 1
        if users:
            self._users[id(linter)] = users
            return
        # Gone already when the trees were read again (`forget`).
        for root in [root for root, kept in found.linters.items() if kept is linter]:
            del found.linters[root]
            linter.tree.close()

    def _shown(
        self, found: _Settings, linter: Linter, file: Path, rows: list[Finding]
    ) -> list[Finding]:
        """The findings on `file` itself, per-file ignores and severities
        applied, their messages as `doclint check` shows them (the tree paths
        they name from the workspace root, where the server runs)."""
        assert found.findings is not None
        kept = found.findings.rows(file, rows)
        path = linter.tree_path(file)
        mine = [row for row in kept if not row.path or row.path == path]
        return shown_paths(mine, linter.tree.root, self.root)

    def _settings(self, file: Path) -> _Settings:
        client = self.client
        config = client.config or find_config(file, top=self.root)
        found = self._configs.get(config)
        if found is None:
            try:
                if config is None:
                    loaded = Config.defaults(self.root)
                else:
                    loaded = load_config_file(config, self.registry)
                select = list(client.select) if client.select is not None else None
                check_selectors(self.registry, [*(select or ()), *client.ignore])
                settings = run_settings(loaded, select=select, ignore=client.ignore)
                found = _Settings(settings, self.registry)
            # A file's errors (ConfigError) and a selection naming no rule alike.
            except ValueError as error:
                found = _Settings(None, self.registry, str(error))
            self._configs[config] = found
        return found

    def _implies_no_root_above(self, start: bytes, file: Path, generators: Generators) -> bool:
        """Whether the title at the `start` of the page `file` implies no
        root above the workspace root. Such a root is not taken, and looking
        it up would read its generator's start page, outside the workspace."""
        title = start.split(b"\n", 1)[0].decode("utf-8", errors="replace").lstrip("\ufeff")
        title = title.strip()
        if not title.startswith("# "):
            return True
        expected = expected_page_path(title[2:], generators)
        if expected is None:
            return True
        return len(expected.split("/")) <= len(file.relative_to(self.root).parts)

    def _holds(self, folder: Path) -> bool:
        """Whether `folder` lies in the workspace, by its name and resolved."""
        return Path(os.path.abspath(folder)).is_relative_to(self.root) and inside(folder, self.root)

    def _linter(self, found: _Settings, file: Path, data: bytes) -> Linter:
        """The linter of the tree `file` is checked in, made once per root."""
        settings = found.settings
        assert settings is not None
        start = data[:_TITLE_BYTES]
        root = settings.root
        generators = settings.known_generators
        if root is None and self._implies_no_root_above(start, file, generators):
            root = root_from_title(start, file, generators, named=self.root)
        # Compared resolved: a root below a link out of the workspace is
        # none; its pages are then outside the tree root (file-outside-root).
        # A plain page's root is the run's (`choose_root`) where it lies in
        # the workspace; a checkout above the workspace is not read.
        if root is None or not self._holds(root):
            root = choose_root([file], self.root)
        if not self._holds(root):
            root = self.root
        root = Path(os.path.abspath(root))
        linter = found.linters.get(root)
        if linter is None:
            tree = WorkspaceTree(root, settings.known_paths, self.root, generators)
            # Its facts recorded, as for the cache: they name what each
            # page's check read, which `changed` checks again.
            linter = Linter(settings, tree, self.registry)
            found.linters[root] = linter
        return linter


def _tree_path(linter: Linter, file: Path) -> str | None:
    """The path of `file` (absolute, normal) in `linter`'s tree, None when
    it lies outside the tree root or is the root."""
    if file == linter.tree.root or not file.is_relative_to(linter.tree.root):
        return None
    return linter.tree_path(file)


def _checkout_between(root: Path, workspace: Path) -> bool:
    """Whether a folder from `root` up to `workspace` holds `.git`."""
    folder = root
    while True:
        if (folder / ".git").exists():
            return True
        if folder == workspace or folder == folder.parent:
            return False
        folder = folder.parent
