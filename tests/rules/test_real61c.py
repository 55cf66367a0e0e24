"""DL304 on real C++ headers, judged by the generator's counting convention.

The pages of `tests/real61c/` are copies of the public tree (PROVENANCE.md
there). The generator counts a function declared without a body as one
(`adam.h`'s 12 are its declarations and definitions with a return type), so
every header's count is judged by that convention: from the class and
struct definitions and the functions defined or declared, up to every
definition, declaration and macro.
"""

from __future__ import annotations

from pathlib import Path

from doclint_rules._languages.cpp import cpp_facts

from doclint import Settings, check_text

REAL61C = Path(__file__).resolve().parent.parent / "real61c"
OPTIM = "docs/torch/csrc/api/include/torch/optim"
ADAM = f"{OPTIM}/adam.h_docs.md"
SERIALIZE = f"{OPTIM}/serialize.h_docs.md"
ENV = "docs/c10/util/env.h_docs.md"
NUMA = "docs/c10/util/numa.h_docs.md"


def page(name: str) -> str:
    return (REAL61C / name).read_text(encoding="utf-8")


def counts(text: str, name: str) -> list[tuple[int, str]]:
    report = check_text(text, name, Settings(select=["DL304"], root=REAL61C))
    return [(finding.line, finding.message) for finding in report.diagnostics]


def embedded(text: str) -> str:
    start = text.index("```c\n") + len("```c\n")
    return text[start : text.index("\n```\n", start) + 1]


def test_a_class_whose_body_the_grammar_cannot_read_counts():
    # `AdamOptions`' members are macro calls the grammar cannot place, so its
    # head is loose tokens of an error node; `AdamParamState`'s spans two lines.
    facts = cpp_facts(embedded(page(ADAM)))
    assert facts.classes == {"AdamOptions", "AdamParamState", "Adam"}
    assert facts.counts.classes == 3


def test_a_header_counted_right_is_silent():
    assert counts(page(ADAM), ADAM) == []
    assert counts(page(SERIALIZE), SERIALIZE) == []


def test_a_header_miscounted_is_still_flagged():
    text = page(ADAM).replace("approximately 3 class(es)", "approximately 2 class(es)")
    assert [message.split(";")[0] for _, message in counts(text, ADAM)] == [
        "claims approximately 2 classes/structs and 12 functions"
    ]


def test_declared_only_overloads_count_as_the_generator_counts_them():
    # Ten definitions and four `serialize` overloads declared without a body,
    # in another namespace than four of the definitions: a count leaving the
    # declarations out is below the generator's own convention.
    text = page(SERIALIZE).replace("and 26 function(s)", "and 10 function(s)")
    [(line, message)] = counts(text, SERIALIZE)
    assert line == 340
    assert message.startswith(
        "claims approximately 0 classes/structs and 10 functions; its Original Source has"
        " 0 classes/structs and 13 or more functions (counted as the generator counts:"
        " class and struct definitions, and functions defined or declared, a declaration"
        " without a body too;"
    )
    assert counts(text.replace("and 10 function(s)", "and 13 function(s)"), SERIALIZE) == []


def test_a_header_whose_count_leaves_out_half_its_declarations_is_flagged():
    # env.h declares four functions; the generator's pattern saw the two whose
    # name follows a plain return type, not `std::optional<bool> check_env(`.
    text = page(ENV)
    assert [message.split(" (")[0] for _, message in counts(text, ENV)] == [
        "claims approximately 0 classes/structs and 2 functions; its Original Source has"
        " 0 classes/structs and 4 functions"
    ]
    # numa.h's six declarations, said to be six, beside a macro call: silent.
    assert counts(page(NUMA), NUMA) == []
