"""The commands beside `check`: rules, rule, schema, config-schema,
generate-shell-completion and clean.

Each imports what it needs when it runs: the command line imports this module
for every run, checks included, which need none of it (pydantic, the rule
pages, the schemas).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from doclint.config.files import Config
    from doclint.engine.registry import Registry


def rules_command(args: argparse.Namespace, registry: Registry) -> bool:
    from doclint.cli.rule_listing import print_rules, rules_json, rules_markdown

    if args.output_format == "markdown":
        sys.stdout.write(rules_markdown(registry))
    elif args.output_format == "json":
        sys.stdout.write(rules_json(list(registry.sorted_rules()), documentation=False))
    else:
        print_rules(registry)
    return True


def rule_command(args: argparse.Namespace, registry: Registry) -> bool:
    """`doclint rule CODE|NAME` or `--all`; False when there is no such rule."""
    from doclint.cli.rule_listing import find_rule, print_documentation, rules_json

    if args.all:
        rules = list(registry.sorted_rules())
    else:
        rule = find_rule(registry, args.rule)
        if rule is None:
            return False
        rules = [rule]
    if args.output_format == "json":
        sys.stdout.write(rules_json(rules, documentation=True))
        return True
    for number, rule in enumerate(rules):
        if number:
            print("\n" + "-" * 72 + "\n")
        print_documentation(rule)
    return True


def explain_rule(key: str, registry: Registry) -> bool:
    """`doclint --explain CODE`, ruff's spelling of `doclint rule CODE`."""
    from doclint.cli.rule_listing import find_rule, print_documentation

    rule = find_rule(registry, key)
    if rule is not None:
        print_documentation(rule)
    return rule is not None


def schema_command(args: argparse.Namespace, registry: Registry) -> bool:
    from pydantic import TypeAdapter

    from doclint.models.generated import AnyPage
    from doclint.profiles import phrase_book_data, profile_schema
    from doclint.profiles.generators import shipped_generators

    if args.what == "profile":
        print(json.dumps(profile_schema(), indent=2, ensure_ascii=False))
    elif args.what == "sentences":
        print(json.dumps(phrase_book_data(), indent=2, ensure_ascii=False))
    elif args.templates:
        print(json.dumps(shipped_generators().templates_data(), indent=2, ensure_ascii=False))
    else:
        print(json.dumps(TypeAdapter(AnyPage).json_schema(), indent=2))
    return True


def config_schema_command(args: argparse.Namespace, registry: Registry) -> bool:
    from doclint.config.schema import config_schema

    print(json.dumps(config_schema(registry), indent=2))
    return True


def completion_command(args: argparse.Namespace, registry: Registry) -> bool:
    from doclint.cli.completion import shell_completion

    rules = [word for entry in registry.sorted_entries() for word in (entry.code, entry.name)]
    sys.stdout.write(shell_completion(args.shell, rules))
    return True


def cache_folder(args: argparse.Namespace, config: Config | None) -> tuple[Path, Path | None]:
    """The cache folder `doclint clean` removes, and the folder it must lie
    in (None: named on the command line, the user's own choice):
    --cache-dir; the configuration's cache-dir, inside the configuration's
    folder; or .doclint_cache in --root, the configuration's root or the
    current folder."""
    from doclint.incremental.cache import DEFAULT_FOLDER

    if args.cache_dir is not None:
        return args.cache_dir, None
    if config is not None and config.cache_dir is not None:
        return config.cache_dir, config.path.parent
    root = args.root or (config.root if config is not None else None) or Path.cwd()
    return root / DEFAULT_FOLDER, root


COMMANDS = {
    "rules": rules_command,
    "rule": rule_command,
    "schema": schema_command,
    "config-schema": config_schema_command,
    "generate-shell-completion": completion_command,
}
