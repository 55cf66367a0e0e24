"""What a run checks, against which tree, and how it reports."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from doclint.discovery import PathFilter
from doclint.file_reading import MAX_FILE_SIZE
from doclint.registry import Registry
from doclint.shards import Shard
from doclint.suppressions import FindingFilter


@dataclass
class Settings:
    """What a run checks and against which tree."""

    select: list[str] | None = None
    ignore: list[str] = field(default_factory=list)
    extend_select: list[str] = field(default_factory=list)
    root: Path | None = None
    known_paths: list[str] | None = None
    show_traceback: bool = False
    jobs: int | None = None
    cache: bool = False
    cache_dir: Path | None = None
    max_file_size: int = MAX_FILE_SIZE
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    """Glob (gitignore-style, relative to `base`) -> rules not reported for those files."""
    severity: dict[str, str] = field(default_factory=dict)
    """Rule selector -> the severity its findings are reported with."""
    rule_options: dict[str, dict[str, object]] = field(default_factory=dict)
    """Rule code or name -> options it declares (`Rule.options`)."""
    exclude: list[str] | None = None
    """Gitignore-style globs of paths not to check (None: discovery.DEFAULT_EXCLUDE)."""
    extend_exclude: list[str] = field(default_factory=list)
    respect_gitignore: bool = True
    include: list[str] | None = None
    """Gitignore-style globs of the files a walk picks (None: Markdown files)."""
    extend_include: list[str] = field(default_factory=list)
    base: Path | None = None
    """The folder globs are relative to: the configuration file's (default: the cwd)."""
    shard: Shard | None = None
    """The part of the files to check (`--shard K/N`); facts come from the whole tree."""

    def path_filter(self) -> PathFilter:
        return PathFilter.build(
            self.base or Path.cwd(),
            self.exclude,
            self.extend_exclude,
            self.respect_gitignore,
            self.include,
            self.extend_include,
        )

    def finding_filter(self, registry: Registry) -> FindingFilter:
        return FindingFilter.build(
            registry, self.per_file_ignores, self.severity, self.base or Path.cwd()
        )
