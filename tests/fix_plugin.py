"""A tiny plugin whose rules offer fixes, installed for a test: fix mode is
tested on rules with known edits, whatever the built-in rules fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pages import write_plugin

PLUGIN = """
import re

from doclint.rule_api import Edit, Finding, Fix, FixSafety, Rule, RuleDocs, Scope

DOCS = RuleDocs(what="Test rule.", why="Tests need it.", example="bad", use_instead="good")


class FixClasss(Rule):
    docs = DOCS
    code = "XF001"
    name = "fix-classs"
    summary = "`### Classs` heading."
    scope = Scope.FILE
    fix_safety = FixSafety.SAFE

    def check(self, page, ctx):
        for number, line in enumerate(ctx.lines, 1):
            if line.startswith("### Classs"):
                edit = Edit(number, 5, number, 11, "Classes")
                yield Finding(number, 5, "`Classs`", Fix((edit,), FixSafety.SAFE, "spell it"))
            elif line.startswith("### Klass"):
                # A safe rule's fix that is not safe for once.
                edit = Edit(number, 5, number, 10, "Classes")
                yield Finding(number, 5, "`Klass`", Fix((edit,), FixSafety.UNSAFE, "guess"))


class DropTodo(Rule):
    docs = DOCS
    code = "XF002"
    name = "drop-todo"
    summary = "A TODO line."
    scope = Scope.FILE
    fix_safety = FixSafety.UNSAFE

    def check(self, page, ctx):
        for number, line in enumerate(ctx.lines, 1):
            if "TODO" in line:
                edit = Edit(number, 1, number + 1, 1, "")
                fix = Fix((edit,), FixSafety.UNSAFE, "drop the line")
                yield Finding(number, line.index("TODO") + 1, "a TODO is left", fix)


class FlipFlop(Rule):
    docs = DOCS
    code = "XF003"
    name = "flip-flop"
    summary = "A fix that never settles."
    scope = Scope.FILE
    fix_safety = FixSafety.SAFE

    def check(self, page, ctx):
        for number, line in enumerate(ctx.lines, 1):
            if line.startswith("FLIPFLOP"):
                end = len(line) + 1
                fix = Fix((Edit(number, end, number, end, "!"),), FixSafety.SAFE, "shout")
                yield Finding(number, 1, "not loud enough", fix)


CLAIM = re.compile(r"^size of `([^`]+)`: (\\d+)$")


class SizeClaim(Rule):
    docs = DOCS
    code = "XF004"
    name = "size-claim"
    summary = "A claimed size of another file that is wrong."
    scope = Scope.FILE
    fix_safety = FixSafety.SAFE

    def check(self, page, ctx):
        for number, line in enumerate(ctx.lines, 1):
            match = CLAIM.match(line)
            size = ctx.file_size(match.group(1)) if match else None
            if size is not None and size != int(match.group(2)):
                start, end = match.start(2) + 1, match.end(2) + 1
                fix = Fix((Edit(number, start, number, end, str(size)),), FixSafety.SAFE, "size")
                yield Finding(number, start, f"claims {match.group(2)}; it has {size}", fix)


class Unfixable(Rule):
    docs = DOCS
    code = "XF005"
    name = "unfixable"
    summary = "A finding without a fix."
    scope = Scope.FILE

    def check(self, page, ctx):
        for number, line in enumerate(ctx.lines, 1):
            if "XXX" in line:
                yield Finding(number, line.index("XXX") + 1, "XXX is left")


class Undeclared(Rule):
    docs = DOCS
    code = "XF006"
    name = "undeclared"
    summary = "Offers a fix without declaring it can fix."
    scope = Scope.FILE

    def check(self, page, ctx):
        for number, line in enumerate(ctx.lines, 1):
            if line.startswith("UNDECLARED"):
                fix = Fix((Edit(number, 1, number, 11, "declared"),), FixSafety.SAFE, "x")
                yield Finding(number, 1, "undeclared", fix)


class Malformed(Rule):
    docs = DOCS
    code = "XF007"
    name = "malformed"
    summary = "Offers a fix the applier cannot take."
    scope = Scope.FILE
    fix_safety = FixSafety.SAFE

    def check(self, page, ctx):
        for number, line in enumerate(ctx.lines, 1):
            if line.startswith("MALFORMED"):
                yield Finding(number, 1, "malformed", Fix(("edit",), FixSafety.SAFE, "x"))


class DeclaredUnsafe(Rule):
    docs = DOCS
    code = "XF008"
    name = "declared-unsafe"
    summary = "An unsafe rule whose fix calls itself safe."
    scope = Scope.FILE
    fix_safety = FixSafety.UNSAFE

    def check(self, page, ctx):
        for number, line in enumerate(ctx.lines, 1):
            if line.startswith("SHOUT"):
                fix = Fix((Edit(number, 1, number, 6, "shout"),), FixSafety.SAFE, "lower")
                yield Finding(number, 1, "shouting", fix)
"""

RULES = {
    "fix-classs": "FixClasss",
    "drop-todo": "DropTodo",
    "flip-flop": "FlipFlop",
    "size-claim": "SizeClaim",
    "unfixable": "Unfixable",
    "undeclared": "Undeclared",
    "malformed": "Malformed",
    "declared-unsafe": "DeclaredUnsafe",
}


def install(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the plugin's rules (codes XF001-XF008) known to the registry."""
    write_plugin(folder, "fixplugin", PLUGIN, RULES)
    monkeypatch.syspath_prepend(str(folder))


# A page the plugin's heading rule fixes, and the page it fixes it to.
CLASSS = "# Notes\n\n### Classs\n\n- a\n"
FIXED = "# Notes\n\n### Classes\n\n- a\n"


def plugin_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty tree root (`tmp_path/tree`) with the plugin installed beside it."""
    plugin = tmp_path / "plugin"
    plugin.mkdir()
    install(plugin, monkeypatch)
    root = tmp_path / "tree"
    root.mkdir()
    return root
