"""DL302 misclassified-file: a file that is not a program documented as a test file."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator

from doclint_rules._python_source import is_python_path

from doclint.rule_api import PAGE_SUFFIXES, Cause, FileDocs, Finding, Rule, RuleContext

PURPOSE_CLAIM = "This appears to be a **test file**."
TESTING_CLAIMS = ("This is a test file.", "Run it with")


class MisclassifiedFile(Rule[FileDocs]):
    """Flags a file documentation that calls a file which is not a Python program
    a test file: its File Purpose says "This appears to be a **test file**.",
    or its Testing section says "This is a test file. Run it with:". One
    finding per page, at the first such claim: the File Purpose line when it
    makes the claim, else the Testing line (a `README.md` under `test/` gets no
    purpose claim, since only the file name is tested for "test", but still
    gets the Testing claim, since there the whole path is tested).

    **Why is this bad?** The generator decides "test file" by looking for
    "test" in the file's name or path, so Markdown pages, data files and its
    own generated pages under a `test/` folder are all announced as test files
    with a command to run them. Readers and tools that sort files by role get
    the role wrong; the command itself is reported by `nonsense-run-command`.

    **Example** (the documentation of a Markdown page):

    ```markdown
    # Documentation: `docs/test/distributed/tensor/test_dtensor_compile.py_kw.md`

    ## File Purpose

    This file is part of the **documentation**. This appears to be a **test file**.
    ```

    **Use instead:**

    ```markdown
    ## File Purpose

    This file is part of the **documentation**.
    ```
    """

    code = "DL302"
    name = "misclassified-file"
    summary = "A file that is not a Python program is called a test file."
    PURPOSE_CLAIM = Cause(
        "misclassified-file/purpose-claim", "Non-Python file called a test file in its purpose"
    )
    TESTING_CLAIM = Cause(
        "misclassified-file/testing-claim", "Non-Python file given a test command to run"
    )
    causes = (PURPOSE_CLAIM, TESTING_CLAIM)

    def check(self, page: FileDocs, ctx: RuleContext) -> Iterator[Finding]:
        described = page.described
        if not described or is_python_path(described):
            return
        claim, cause = _purpose_claim(page), self.PURPOSE_CLAIM
        if claim is None:
            claim, cause = _testing_claim(page, ctx), self.TESTING_CLAIM
        if claim is None:
            return
        line, phrase = claim
        text = ctx.lines[line - 1] if line <= len(ctx.lines) else ""
        yield Finding(
            line,
            text.find(phrase) + 1 if phrase in text else 1,
            f"calls `{posixpath.basename(described)}` a test file, but it is "
            f"{_what_it_is(described)}, not a Python program",
            cause=cause,
        )


def _purpose_claim(page: FileDocs) -> tuple[int, str] | None:
    if page.purpose is not None and PURPOSE_CLAIM in page.purpose.text:
        return page.purpose.line, PURPOSE_CLAIM
    return None


def _testing_claim(page: FileDocs, ctx: RuleContext) -> tuple[int, str] | None:
    """The line of the Testing section that announces a test file to run.

    Scanned in the raw lines, because the section's own template part is what
    counts: live paragraphs there may belong to an embedded page whose block
    broke early."""
    for section in page.sections:
        if section.level != 3 or section.title != "Testing":
            continue
        last = min(section.end_line, len(ctx.lines))
        for line in range(section.line + 1, last + 1):
            for phrase in TESTING_CLAIMS:
                if phrase in ctx.lines[line - 1]:
                    return line, phrase
    return None


def _what_it_is(described: str) -> str:
    if described.endswith(PAGE_SUFFIXES):
        return "a generated documentation page"
    extension = posixpath.splitext(described)[1]
    if extension == ".md":
        return "a Markdown file"
    return f"a `{extension}` file" if extension else "a file without an extension"
