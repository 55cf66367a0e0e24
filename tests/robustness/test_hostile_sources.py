"""Python sources built to break the readers of `ast` (the generator-claims
rules, DL70x): expressions too deep for `ast.unparse`'s recursion, and
definitions nested around a long body. Every rule still runs and reports
what is really wrong; reading the source takes time linear in its size."""

from __future__ import annotations

import ast
import itertools
import time
from collections.abc import Callable

import pytest
from doclint_rules.file_claims._overview import docstring_owner

from doclint import Settings, check_text
from doclint.rule_api import SourceFile
from tests.pages import write
from tests.rules.test_generator_claims import PAGE, SOURCE

PAGE_PATH = "markdown_docs/pkg/store.md"
# A real defect of the page: `Store.__init__` has no parameter `flags`.
DEFECTIVE = PAGE.replace("· mode: how it opens", "· flags: how it opens")
DEFECT = (14, 3, "DL703")
DEEP = 600


def check(tmp_path, source: str, page: str = DEFECTIVE) -> list[tuple[int, int, str, str]]:
    """Every rule's findings on the page documenting `source`."""
    write(tmp_path, {"pkg/store.py": source})
    report = check_text(page, path=PAGE_PATH, settings=Settings(root=tmp_path))
    return [(d.line, d.column, d.code, d.message) for d in report.diagnostics]


@pytest.mark.parametrize(
    ("deep", "added"),
    [
        # A dotted base of any length is a name: `x` is no import, so the
        # base is from outside the project, as `x.a` would be.
        (f"class Deep(x{'.a' * DEEP}):\n    pass\n", ["class `Deep` (line 24"]),
        (f"class Deep(f{'()' * DEEP}):\n    pass\n", ["class `Deep` (line 24"]),
        (f"class Deep(x{'[0]' * DEEP}):\n    pass\n", ["class `Deep` (line 24"]),
        (f"B = y{'.b' * DEEP}()\n", []),
        (f"B = f{'()' * DEEP}.b()\n", []),
    ],
    ids=["dotted-base", "called-base", "subscripted-base", "dotted-callee", "called-callee"],
)
def test_a_deep_expression_leaves_every_rule_its_findings(tmp_path, deep, added):
    plain = check(tmp_path, SOURCE)
    found = check(tmp_path, f"{SOURCE}\n\n{deep}")
    assert not [f for f in found if f[2] == "DL001"], found
    assert DEFECT in [f[:3] for f in found]
    # The deep statement adds its own class's missing heading, and nothing else.
    new = [f for f in found if f not in plain]
    assert [f[3][: len(text)] for f, text in zip(new, added, strict=True)] == added


def test_a_class_with_a_deep_dotted_base_is_judged_as_one_with_a_short_one(tmp_path):
    page = DEFECTIVE + "## ClassDef Deep\n**Deep**: Deep.\n\n**attributes**:\n· ghost: none\n"
    short = check(tmp_path, f"{SOURCE}\n\nclass Deep(x.a):\n    pass\n", page)
    deep = check(tmp_path, f"{SOURCE}\n\nclass Deep(x{'.a' * DEEP}):\n    pass\n", page)
    assert deep == short
    # `x` is bound by no statement the module has (a `*` import's, maybe):
    # what `Deep` inherits is unknown, and `ghost` is no one's to refute.
    assert [f[:3] for f in deep if f[2].startswith("DL7")] == [DEFECT]


def test_a_class_whose_base_is_too_deep_to_write_is_not_judged_on_its_attributes(tmp_path):
    # What it inherits is unknown: its items are no one's to refute.
    page = DEFECTIVE + "## ClassDef Deep\n**Deep**: Deep.\n\n**attributes**:\n· ghost: none\n"
    found = check(tmp_path, f"{SOURCE}\n\nclass Deep(f{'()' * DEEP}):\n    pass\n", page)
    assert [f[:3] for f in found if f[2].startswith("DL7")] == [DEFECT]


def nested(definitions: int, statements: int) -> str:
    """`statements` lines inside `definitions` nested `def`s."""
    heads = [" " * level + f"def f{level}(a):" for level in range(definitions)]
    pad = " " * definitions
    body = [f"{pad}x{i} = a.b{i}(y{i})" for i in range(statements)]
    return "\n".join([*heads, *body]) + "\n"


def flat(definitions: int, statements: int) -> str:
    """The same statements inside one `def`, beside the other `def`s."""
    rest = "".join(f"def f{level}(a):\n    pass\n" for level in range(1, definitions))
    return nested(1, statements) + rest


def best_time(run: Callable[[], object]) -> float:
    times = []
    for _ in range(3):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times)


def reading_time(tmp_path, source: str) -> float:
    """The best of three checks of the DL70x rules on a page documenting
    `source` (each run a text of its own, which no cache has read)."""
    page = "## FunctionDef f0(a)\n**f0**: Does it.\n"
    runs = itertools.count()

    def run() -> None:
        write(tmp_path, {"pkg/store.py": f"{source}# run {next(runs)}\n"})
        report = check_text(page, path=PAGE_PATH, settings=Settings(select=["DL7"], root=tmp_path))
        assert not [d for d in report.diagnostics if d.code == "DL001"]

    return best_time(run)


def assert_linear(tmp_path, definitions: int, statements: int) -> None:
    flat_time = reading_time(tmp_path, flat(definitions, statements))
    nested_time = reading_time(tmp_path, nested(definitions, statements))
    # Read once per definition around it, the nested body took 25 times as long.
    assert nested_time < 3 * flat_time, (nested_time, flat_time)


def test_nested_definitions_are_read_in_the_time_of_flat_ones(tmp_path):
    assert_linear(tmp_path, 95, 3000)


@pytest.mark.slow
def test_nested_definitions_around_thirty_thousand_statements(tmp_path):
    assert_linear(tmp_path, 95, 30000)


def test_the_owner_of_an_overview_is_sought_in_time_linear_in_the_source():
    # An overview that is no docstring of the source: every docstring is
    # compared. Its text was split again for each (`ast.get_source_segment`).
    text = "".join(f'def f{i}():\n    """Does {i}."""\n' for i in range(1000))
    source = SourceFile("many.py", text, exact=True, size=None)
    assert docstring_owner(source, '"""Nothing of the source.') is None
    assert docstring_owner(source, '"""Does 999."""') == "function `f999`"
    parse_time = best_time(lambda: ast.parse(text))
    owner_time = best_time(lambda: docstring_owner(source, '"""Nothing of the source.'))
    assert owner_time < 10 * parse_time, (owner_time, parse_time)
