"""The rule API's core (`doclint.rule_api`) is small and cheap to import;
what only particular generators' rules use is `doclint.rule_api_generators`;
a rule's documentation is data (`RuleDocs`)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import doclint.rule_api as core
import doclint.rule_api_generators as generators
from doclint.models import generated
from doclint.rule_api import RuleDocs

HEAVY = ("pydantic", "tree_sitter", "doclint_rules", "doclint.profiles", "doclint.diagrams")


def test_importing_the_core_loads_no_pydantic_profile_parser_or_diagram():
    code = "import sys, json, doclint.rule_api; print(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = json.loads(done.stdout)
    assert "doclint.rule_api" in loaded
    heavy = [name for name in loaded if name.startswith(HEAVY) or name == "doclint.parsing"]
    assert heavy == []


def test_the_page_models_are_the_cores_on_first_use():
    assert core.FileDocs is generated.FileDocs
    assert core.__getattr__("KeywordIndex") is generated.KeywordIndex
    for name in core.__all__:
        assert getattr(core, name) is not None, name
    with pytest.raises(AttributeError, match="no attribute 'template_named'"):
        core.__getattr__("template_named")


def test_the_core_and_the_generators_module_share_no_name():
    assert not set(core.__all__) & set(generators.__all__)
    assert len(core.__all__) <= 45
    for name in generators.__all__:
        assert getattr(generators, name) is not None, name


def test_docs_render_in_ruffs_convention():
    docs = RuleDocs(
        what="Flags a thing.",
        why="""It is bad:
            it hurts.""",
        example="""```markdown
            ### Classs
            ```""",
        example_note="in a keyword index",
        use_instead="`### Classes`",
    )
    assert docs.markdown() == (
        "Flags a thing.\n\n**Why is this bad?** It is bad:\nit hurts.\n\n"
        "**Example** (in a keyword index):\n\n```markdown\n### Classs\n```\n\n"
        "**Use instead:** `### Classes`"
    )


def test_docs_without_a_part_are_refused():
    with pytest.raises(ValueError, match=r"RuleDocs\.why is empty"):
        RuleDocs(what="x", why="  ", example="x", use_instead="x")


def test_a_page_is_read_once_however_many_rules_ask(tmp_path):
    """`RuleContext.read_once`: the rules judging one reading of a page share
    it; the file's next page (an embedded copy) is read anew, and so is the
    same page under another reader."""
    from doclint.api import parse
    from doclint.tree.index import Tree

    text = "# Title\n\nA line.\n"
    ctx = core.RuleContext(Tree(tmp_path), "a.md", text, text.split("\n"))
    first, second = parse(text, "a.md"), parse(text, "a.md")
    reads: list[str] = []

    def lines_of(page: core.PageBase, context: core.RuleContext) -> int:
        reads.append(page.path)
        return len(context.lines)

    def title_of(page: core.PageBase, context: core.RuleContext) -> str:
        reads.append("title")
        return page.outline[0].text

    assert [ctx.read_once(first, lines_of) for _ in range(3)] == [4, 4, 4]
    assert ctx.read_once(first, title_of) == "Title"
    assert ctx.read_once(second, lines_of) == 4
    assert reads == ["a.md", "title", "a.md"]
