"""DL203 phantom-keyword: a keyword-index function or import that the Python
source does not define or import."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from functools import partial

from doclint_rules._python_source import PythonFacts, decide, is_python_path

from doclint.rule_api import Finding, KeywordCategory, KeywordIndex, Rule, RuleContext

FUNCTION_CATEGORY = "Functions"
IMPORT_CATEGORY = "Imports"


class PhantomKeyword(Rule[KeywordIndex]):
    """Flags an entry of a keyword index's `Functions` or `Imports` list that the
    documented Python source does not define or import.

    **Why is this bad?** The generator finds functions with the regex
    `def\\s+(\\w+)` and imports with `^\\s*(?:from|import)\\s+([\\w.]+)` (plus
    the first name after `from m import`). Both also match inside comments,
    docstrings and strings, so a docstring line "from the given tensor" lists
    `the` as an import and "#undef FOO" in a C snippet lists `FOO` as a
    function. Readers and search tools then look for names that are not there.

    The rule runs only when the documented source is available (the file
    itself, or the copy embedded in its `X_docs.md`) and is Python (3, or 2).
    A function counts as defined when the source has a `def` or `async def` of
    that name anywhere in the file; an import counts when it is a module of an
    `import` (dotted, `import a.b` gives `a.b`), the module of a `from` import
    (with its leading dots, `from ..x import y` gives `..x`) or a name a `from`
    import takes. Classes are left to keyword-as-class (DL201).

    **Example:**

    ```markdown
    ### Imports

    - **`os`**: [util.py_docs.md](./util.py_docs.md)
    - **`the`**: [util.py_docs.md](./util.py_docs.md)
    ```

    **Use instead:**

    ```markdown
    ### Imports

    - **`os`**: [util.py_docs.md](./util.py_docs.md)
    ```
    """

    code = "DL203"
    name = "phantom-keyword"
    summary = "Function or import entry that the Python source does not define or import."

    def check(self, page: KeywordIndex, ctx: RuleContext) -> Iterator[Finding]:
        categories = [
            c for c in page.categories if c.heading in (FUNCTION_CATEGORY, IMPORT_CATEGORY)
        ]
        if not categories or not is_python_path(page.described):
            return
        source = ctx.source(page)
        if source is not None:
            filename = posixpath.basename(page.described or "")
            yield from decide(source.text, partial(_findings, categories, filename))


def _findings(
    categories: list[KeywordCategory], filename: str, facts: PythonFacts | None
) -> Iterator[Finding]:
    if facts is None:
        return
    for category in categories:
        for entry in category.entries:
            problem = _phantom(category.heading, entry.name, facts, filename)
            if problem:
                yield Finding(entry.line, entry.column, problem)


def _phantom(heading: str, name: str, facts: PythonFacts, filename: str) -> str | None:
    if heading == FUNCTION_CATEGORY:
        if name in facts.functions:
            return None
        return f"`{name}` is listed as a function but is not defined in `{filename}`"
    if name in facts.modules or name in facts.imported_names:
        return None
    return f"`{name}` is listed as an import but is not a module or name imported by `{filename}`"
