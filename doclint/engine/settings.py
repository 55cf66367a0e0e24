"""What a run checks, against which tree, and how it reports."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from doclint.engine.registry import Registry, RuleEntry
from doclint.engine.suppressions import FindingFilter
from doclint.models.records import Compared, NamedTuple
from doclint.profiles import GeneratorProfile, Profile
from doclint.profiles.generators import Generators
from doclint.tree.discovery import PathFilter
from doclint.tree.reading import MAX_FILE_SIZE


class Shard(NamedTuple):
    """The `index`-th (from 1) of `count` disjoint parts of a tree's files
    (which files it holds: `doclint.run.shards.holds`)."""

    index: int  # type: ignore[assignment]  # a field, not tuple's method of that name
    count: int  # type: ignore[assignment]

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


# The fields that hold lists of names or globs.
_LISTS = (
    "select",
    "ignore",
    "extend_select",
    "known_paths",
    "exclude",
    "extend_exclude",
    "include",
    "extend_include",
)


@dataclass(init=False, eq=False, repr=False)
class Settings(Compared):
    """What a run checks and against which tree.

    A dataclass (`dataclasses.replace` and `fields` read it) whose
    `__init__` is written out, and whose equality and repr are `Compared`'s:
    a dataclass generates and compiles the source of each at every start."""

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
    rule_options: dict[str, Mapping[str, object]] = field(default_factory=dict)
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
    profiles: tuple[Profile, ...] = ()
    """Profiles of object pages besides the built-in ones (`profiles` in the configuration)."""
    generators: tuple[GeneratorProfile, ...] = ()
    """Profiles of templated pages besides the built-in ones (`profiles` in the
    configuration that have `versions`): their templates join the shipped ones."""
    shard: Shard | None = None
    """The part of the files to check (`--shard K/N`); facts come from the whole tree."""

    def __init__(
        self,
        select: list[str] | None = None,
        ignore: list[str] | None = None,
        extend_select: list[str] | None = None,
        root: Path | None = None,
        known_paths: list[str] | None = None,
        show_traceback: bool = False,
        jobs: int | None = None,
        cache: bool = False,
        cache_dir: Path | None = None,
        max_file_size: int = MAX_FILE_SIZE,
        per_file_ignores: dict[str, list[str]] | None = None,
        severity: dict[str, str] | None = None,
        rule_options: dict[str, Mapping[str, object]] | None = None,
        exclude: list[str] | None = None,
        extend_exclude: list[str] | None = None,
        respect_gitignore: bool = True,
        include: list[str] | None = None,
        extend_include: list[str] | None = None,
        base: Path | None = None,
        profiles: tuple[Profile, ...] = (),
        generators: tuple[GeneratorProfile, ...] = (),
        shard: Shard | None = None,
    ) -> None:
        # A field whose default is an empty list or dict gets a new one (as
        # the dataclass's `default_factory`).
        self.select = select
        self.ignore = [] if ignore is None else ignore
        self.extend_select = [] if extend_select is None else extend_select
        self.root = root
        self.known_paths = known_paths
        self.show_traceback = show_traceback
        self.jobs = jobs
        self.cache = cache
        self.cache_dir = cache_dir
        self.max_file_size = max_file_size
        self.per_file_ignores = {} if per_file_ignores is None else per_file_ignores
        self.severity = {} if severity is None else severity
        self.rule_options = {} if rule_options is None else rule_options
        self.exclude = exclude
        self.extend_exclude = [] if extend_exclude is None else extend_exclude
        self.respect_gitignore = respect_gitignore
        self.include = include
        self.extend_include = [] if extend_include is None else extend_include
        self.base = base
        self.profiles = profiles
        self.generators = generators
        self.shard = shard
        self.__post_init__()

    def __post_init__(self) -> None:
        # A string where a list belongs would be read letter by letter
        # (`select="DL201"` as the rules D, L, 2...): refused, naming the fix.
        for name in _LISTS:
            value = getattr(self, name)
            if isinstance(value, str | bytes):
                raise TypeError(
                    f"Settings({name}=...) takes a list, not a string: {name}=[{value!r}]"
                )
        for name in ("per_file_ignores", "severity", "rule_options"):
            if not isinstance(getattr(self, name), dict):
                raise TypeError(f"Settings({name}=...) takes a dict")
        for glob, rules in self.per_file_ignores.items():
            if isinstance(rules, str):
                raise TypeError(f"Settings(per_file_ignores=...): {glob!r} takes a list of rules")
        for name in ("root", "cache_dir", "base"):
            value = getattr(self, name)
            if isinstance(value, str):
                setattr(self, name, Path(value))
        if self.jobs is not None and (not isinstance(self.jobs, int) or self.jobs < 0):
            raise ValueError(f"Settings(jobs=...) takes 0 (all cores) or more, not {self.jobs!r}")
        if not isinstance(self.max_file_size, int) or self.max_file_size < 1:
            raise ValueError(
                f"Settings(max_file_size=...) takes 1 or more, not {self.max_file_size!r}"
            )

    @cached_property
    def known_generators(self) -> Generators:
        """The run's generators as one value: the shipped ones and those of
        `profiles` and `generators`, built once for these settings and handed
        on by the engine to the parser and the rules."""
        return Generators.of((*self.profiles, *self.generators))

    def path_filter(self) -> PathFilter:
        return PathFilter.build(
            self.base or Path.cwd(),
            self.exclude,
            self.extend_exclude,
            self.respect_gitignore,
            self.include,
            self.extend_include,
        )

    def rules(self, registry: Registry) -> list[RuleEntry]:
        """The rules of `registry` the run uses (`select`, `extend_select`, `ignore`)."""
        return registry.select(self.select, self.ignore, self.extend_select)

    def finding_filter(self, registry: Registry) -> FindingFilter:
        return FindingFilter.build(
            registry, self.per_file_ignores, self.severity, self.base or Path.cwd()
        )
