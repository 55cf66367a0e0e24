"""Which build of doclint runs. `COMPILED_MODULES` is the one list of the
modules mypyc compiles where a C compiler is present at install time
(setup.py reads it from this file); `build_name` is what `doclint --version`
says of them: "compiled" when every one is an extension module, "pure Python"
when none is."""

from __future__ import annotations

from importlib.util import find_spec

# A compiled module defines no named tuple: mypyc builds such a class when
# the module is imported through `typing.NamedTupleMeta` (whatever base the
# source names: mypyc sees `typing.NamedTuple`), which evaluates the source of
# its `__new__` and checks each field's annotation. Each is defined in a
# module left to Python beside it (or the model or profile it belongs to) and
# imported; mypyc reads its fields by index all the same, from its type.
#
# The hot paths by measurement (bench/compiled.py): the line scan and inline
# reader, the page models' builders and the Original Source's bounds, the
# languages' lexers and word placement, link targets, and the helpers holding
# the loops of the rules that read every line, entry or link of a page
# (keyword indexes, mojibake, boilerplate sections, the phrase book, links),
# and the tree's answers to the rules' questions (tree/index.py: a run asks
# hundreds of thousands, of links, sources and folders; fix mode's
# OverlayTree subclasses its Tree in Python, which `mypyc_attr` allows).
# Not a rule's own module, though its documentation is data (`RuleDocs`)
# that mypyc keeps: a rule class compiled by mypyc loses the page type it is
# declared for (`Rule[FileDocs]` gives no `__orig_bases__`, so its `kinds`
# would be every page), its class attributes built by a call (`docs`,
# `causes`) become instance slots unless it is `mypyc_attr(native_class=False)`,
# and four (count_mismatch, keyword_as_class, phantom_keyword, prose_keyword)
# do not pass mypy as typed; the rules' own code is a small share of a run.
# Not a package's __init__: compiled, its __path__ would name
# the installed folder (doclint_rules/), not the checkout's (rules/).
# The rendering of findings (output/text.py, output/json_formats.py), the paths
# as shown and their escaping (util/paths.py) and each file's findings put in
# order (output/shown.py) run once per finding. Left out, as compiling them
# saves nothing measurable: models/findings.py (its named tuples stay Python
# classes and its functions are off the per-finding path), tree/decoding.py
# (its time is in the codecs),
# engine/suppressions.py (a page has few directives), output/parts.py (its
# time is in writing files). Not parsing/pages.py: its time is in the
# builders it calls, and tests count its parses by replacing `_parse_page`,
# which compiled code would call directly. The engine's linter is compiled
# (engine/linter.py): every rule pass and every row of a run goes through it.
COMPILED_MODULES = (
    "doclint.models.markdown_lines",
    "doclint.profiles.original_source",
    "doclint.output.json_formats",
    "doclint.output.text",
    "doclint.output.shown",
    "doclint.parsing.file_docs",
    "doclint.parsing.inline",
    "doclint.parsing.keyword_index",
    "doclint.parsing.line_scan",
    "doclint.parsing.page_builder",
    "doclint.parsing.recognition",
    "doclint.parsing.relocate",
    "doclint.tree.index",
    "doclint.engine.linter",
    "doclint.util.link_paths",
    "doclint.util.paths",
    "doclint_rules.structure._boilerplate",
    "doclint_rules.links._broken_links",
    "doclint_rules._common.fixing",
    "doclint_rules._common.mojibake",
    "doclint_rules.file_claims._phrase_lines",
    "doclint_rules.keywords._prose_entries",
    "doclint_rules._common.source_facts",
    "doclint_rules._languages._places",
    "doclint_rules._languages._grammar",
    "doclint_rules._languages.cmake",
    "doclint_rules._languages.cpp",
    "doclint_rules._languages.java",
    "doclint_rules._languages.json",
    "doclint_rules._languages.markdown",
    "doclint_rules._languages.metal",
    "doclint_rules._languages.objc",
    "doclint_rules._languages.python",
    "doclint_rules._languages.shell",
    "doclint_rules._languages.text",
    "doclint_rules._languages.yaml",
    "doclint_rules.keywords._stop_words",
)


def compiled_modules() -> list[str]:
    """The modules of `COMPILED_MODULES` this process loads as extension
    modules rather than from their Python source."""
    found = []
    for name in COMPILED_MODULES:
        spec = find_spec(name)
        if spec is not None and spec.origin is not None and not spec.origin.endswith(".py"):
            found.append(name)
    return found


def build_name() -> str:
    compiled = len(compiled_modules())
    if compiled == len(COMPILED_MODULES):
        return "compiled"
    if compiled == 0:
        return "pure Python"
    return f"partly compiled ({compiled} of {len(COMPILED_MODULES)} modules)"
