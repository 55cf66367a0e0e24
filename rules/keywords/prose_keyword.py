"""DL204 prose-keyword: an identifier entry of a keyword index that its source
has only in prose or that is a keyword of the source's language, a namespace
entry the source does not declare, or an entry its list already has."""

from __future__ import annotations

from collections.abc import Iterator, Set

from doclint.rule_api import (
    Cause,
    FileDocs,
    Finding,
    FixSafety,
    KeywordCategory,
    KeywordIndex,
    Rule,
    RuleContext,
    RuleDocs,
)

from .._common.source_facts import DocumentedSource, documented_source, namespace_in_code
from .._languages import is_cpp, is_python
from ._prose_entries import (
    LANGUAGE_KEYWORD,
    PROSE,
    REPEAT,
    identifier_findings,
    keyword_finding,
)
from ._stop_words import STOP_WORDS, generator_words, identifier_lists

# The sub-causes of a finding, as data a report can group by.
NOT_A_NAMESPACE = Cause("prose-keyword/not-a-namespace", "Namespace the source does not declare")

NAMESPACE_CATEGORY = "Namespaces"
# The lists other rules judge name by name (DL201, DL203): here only a repeat
# of a name the source proves, which those rules leave alone.
CLASS_CATEGORIES = frozenset({"Classs", "Classes", "Class", "Class/Structs"})
SYNTAX_CATEGORIES = CLASS_CATEGORIES | {"Functions", "Imports", "Includes", NAMESPACE_CATEGORY}


class ProseKeyword(Rule[KeywordIndex | FileDocs]):
    code = "DL204"
    name = "prose-keyword"
    summary = (
        "Identifier found only in the source's prose or a keyword of its language,"
        " namespace the source does not declare, or entry listed twice."
    )
    docs = RuleDocs(
        what="""Flags an identifier of a keyword index (`### Identifiers`, and every
        letter group of the older "Repo Book" template) that the documented
        source has only in its comments, docstrings or prose, that is a keyword
        of the source's language, or that the same list already gives; and, in
        the lists of C-family and Python pages, a `### Namespaces` entry that the
        source does not declare and a repeat of a name the source proves.""",
        why="""For sources that are not Python or C/C++, and for
        its own pages when it documents them again (`X_docs.md_kw.md`), the
        generator lists every word its regex meets, wherever it stands: the first
        words of comments (`We`, `Only`, `Make`), the names of workflow steps
        (`Setup`, `Checkout`), the words of a licence header (`affiliates`,
        `licensed`), and the words of the language itself (`void`, `define`,
        `implementation`). A reader looking for the names a file defines finds
        the text around them instead.

        The source is read by its language's parser (`doclint_rules._languages`:
        Python, the C family with Objective-C++ and Metal, shell, CMake, YAML,
        JSON, Java, Markdown). Code is what the parser reads as code, keys and
        one-word values in YAML and JSON, and `${{ ... }}` expressions; prose is
        comments, docstrings, string literals that are sentences (a step's name,
        a `message(...)`; in shell only a string written out by `echo` or
        `printf`, a string matched in `[[ ... ]]` or given to another command
        being a value whatever it reads like), the paragraphs of a YAML block
        scalar that hold a sentence (a bot's `markdown: |` message; a list of
        paths or a script stays code), and on a generated page everything outside its code
        spans, code blocks, link targets and the source it embeds (whose own
        comments are prose again). A word is flagged as prose only when the
        source has it and has it nowhere else. A word that is not in the source
        at all, or a source without a reader (plain text), is left alone, as are
        stop words and the generator's own words, which stopword-keyword (DL202)
        reports. Keywords are judged by the documented path's language, with or
        without the source; Metal's include its types (`half`, `uint`,
        `float4`), and the name of a Metal attribute (`[[buffer(0)]]`,
        `[[thread_position_in_grid]]`) is one of its words where the shader
        writes it nowhere else in code (a parameter may be called `buffer`).

        In the other lists (`### Class/Structs`, `### Functions`, `### Includes`,
        `### Imports`, `### Namespaces`), whose names the generator takes from
        syntax, a name listed twice is flagged when the source has it as such
        (names it does not have are keyword-as-class's and phantom-keyword's); a
        namespace is flagged when the C-family source writes `namespace` before it
        nowhere in code (a comment's "add a mangle namespace right before" gives
        `right`; `} // end anonymous namespace` followed by a line starting with
        `Tensor` gives `Tensor`), on a line the parser could not read too. The
        `**Classes/Structs**:` and `**Namespaces**:` lines of a C/C++ file
        documentation are judged the same way, without a fix.""",
        example="""```markdown
        ### Identifiers

        - **`GITHUB_TOKEN`**: [check-labels.yml_docs.md](./check-labels.yml_docs.md)
        - **`Only`**: [check-labels.yml_docs.md](./check-labels.yml_docs.md)
        - **`Setup`**: [check-labels.yml_docs.md](./check-labels.yml_docs.md)
        ```

        for a workflow whose `Only` is in a comment and `Setup` in `name: Setup Python`.""",
        use_instead="""```markdown
        ### Identifiers

        - **`GITHUB_TOKEN`**: [check-labels.yml_docs.md](./check-labels.yml_docs.md)
        ```

        **Fix** (safe): the entry's line is removed; the parsed source, the
        language's syntax or the list itself proves it names nothing.""",
    )
    fix_safety = FixSafety.SAFE
    causes = (PROSE, LANGUAGE_KEYWORD, REPEAT, NOT_A_NAMESPACE)

    def check(self, page: KeywordIndex | FileDocs, ctx: RuleContext) -> Iterator[Finding]:
        if isinstance(page, FileDocs):
            # Summary lines a parser wrote are not judged.
            template = ctx.generators.template_named(page.template)
            guessed = template is not None and template.guessed_summary_lines
            if guessed and (page.classes_defined or page.namespaces):
                yield from _summary_lines(page, ctx)
            return
        lists = identifier_lists(page, ctx.generators)
        if lists:
            yield from self._identifiers(page, ctx, lists)
        syntax = [c for c in page.categories if c.heading in SYNTAX_CATEGORIES and c not in lists]
        if syntax:
            yield from self._syntax(page, ctx, syntax)

    def _identifiers(
        self, page: KeywordIndex, ctx: RuleContext, lists: list[KeywordCategory]
    ) -> list[Finding]:
        # Stop words and the generator's own words are DL202's findings.
        skipped: Set[str] = STOP_WORDS
        if page.level >= 2:
            skipped = STOP_WORDS | generator_words(page, ctx)
        return identifier_findings(page, ctx, lists, skipped)

    def _syntax(
        self, page: KeywordIndex, ctx: RuleContext, categories: list[KeywordCategory]
    ) -> Iterator[Finding]:
        source = documented_source(page, ctx)
        if source is None or source.facts is None:
            return
        for category in categories:
            proven = _proven(category.heading, source)
            seen: set[str] = set()
            for entry in category.entries:
                name = entry.name
                if name in seen and name in proven:
                    yield keyword_finding(ctx, entry, category, f"`{name}` is listed twice", REPEAT)
                elif category.heading == NAMESPACE_CATEGORY and _not_a_namespace(name, source):
                    message = _namespace_message(name, source)
                    yield keyword_finding(ctx, entry, category, message, NOT_A_NAMESPACE)
                seen.add(name)


def _summary_lines(page: FileDocs, ctx: RuleContext) -> Iterator[Finding]:
    """The `**Classes/Structs**:` and `**Namespaces**:` lines of a C/C++ file
    documentation, judged as the lists of its keyword index (without a fix:
    a name is one of several on its line)."""
    source = documented_source(page, ctx)
    # Python's "**Classes defined**" line is keyword-as-class's alone: a
    # class defined twice (in two branches, in two tests) is two definitions.
    if source is None or not is_cpp(source.facts):
        return
    for heading, entries in (
        ("Class/Structs", page.classes_defined),
        (NAMESPACE_CATEGORY, page.namespaces),
    ):
        proven = _proven(heading, source)
        seen: set[str] = set()
        for entry in entries:
            name = entry.name
            if name in seen and name in proven:
                yield Finding(entry.line, entry.column, f"`{name}` is listed twice", None, REPEAT)
            elif heading == NAMESPACE_CATEGORY and _not_a_namespace(name, source):
                message = _namespace_message(name, source)
                yield Finding(entry.line, entry.column, message, None, NOT_A_NAMESPACE)
            seen.add(name)


def _namespace_message(name: str, source: DocumentedSource) -> str:
    return (
        f"`{name}` is listed as a namespace but `{source.filename}`"
        " declares no namespace of that name"
    )


def _proven(heading: str, source: DocumentedSource) -> frozenset[str]:
    """The names of a syntax category that the parsed source has as such."""
    facts = source.facts
    if is_cpp(facts):
        if heading == NAMESPACE_CATEGORY:
            return facts.namespaces
        if heading in CLASS_CATEGORIES:
            return facts.classes | facts.declared_types
        if heading == "Functions":
            return facts.functions - facts.classes - facts.declared_types
        return facts.include_paths if heading == "Includes" else frozenset()
    if facts is None or heading == NAMESPACE_CATEGORY:
        return frozenset()
    if heading in CLASS_CATEGORIES:
        return facts.classes
    if heading == "Functions":
        return facts.functions
    # Only Python's reader lists a source's imports (Go's and Rust's do not).
    if heading == "Imports" and is_python(facts):
        return facts.modules | facts.imported_names
    return frozenset()


def _not_a_namespace(name: str, source: DocumentedSource) -> bool:
    """Whether the C/C++ source proves `name` names no namespace of it. A
    line the parser could not read does not keep it quiet: the text itself
    is searched for `namespace` before the name, every line of it (CUDA's
    unsure lines wrote `Tensor` of `} // end anonymous namespace` followed
    by `Tensor f(...)`, never a namespace `Tensor`)."""
    facts = source.facts
    if not is_cpp(facts) or name in facts.namespaces:
        return False
    return not namespace_in_code(name, source.text)
