"""What a run checks, against which tree, and how it reports."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from doclint.engine.registry import Registry
from doclint.engine.suppressions import FindingFilter
from doclint.tree.discovery import PathFilter
from doclint.tree.reading import MAX_FILE_SIZE


class Shard(NamedTuple):
    """The `index`-th (from 1) of `count` disjoint parts of a tree's files
    (which files it holds: `doclint.run.shards.holds`)."""

    index: int
    count: int

    @classmethod
    def parse(cls, text: str) -> Shard:
        """`K/N` with 1 <= K <= N; otherwise ArgumentTypeError, whose message
        the command line shows as it is."""
        index, slash, count = text.partition("/")
        if not slash or not index.isdigit() or not count.isdigit():
            raise argparse.ArgumentTypeError(f"a shard is K/N (such as 2/3), not {text!r}")
        shard = cls(int(index), int(count))
        if not 1 <= shard.index <= shard.count:
            raise argparse.ArgumentTypeError(f"shard {text}: K goes from 1 to N")
        return shard

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


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
