"""Metal sources: what `_languages.metal` reads a shader to define, and the
rules that judge a `.metal` page's lists against it."""

from __future__ import annotations

from doclint_rules._languages.cpp import cpp_facts, merge
from doclint_rules._languages.metal import as_cpp, metal_facts

from tests.conftest import findings
from tests.pages import syntax_index, write

SHADER = """\
#include <metal_stdlib>
#include "shader_types.h"
using namespace metal;

// Adds the bias to every value; a comment may name class Ghost.
struct Params {
  float bias;
};

struct Forward;

template <typename T>
kernel void add_bias(device T* out [[buffer(0)]],
                     constant T* in [[buffer(1)]],
                     constant Params& params [[buffer(2)]],
                     threadgroup float* scratch [[threadgroup(0)]],
                     uint index [[thread_position_in_grid]]) {
  thread float local = params.bias;
  out[index] = in[index] + T(local);
}

INSTANTIATE_ADD_BIAS(float, 4);
INSTANTIATE_ADD_BIAS(half, 8);

vertex float4 project(uint id [[vertex_id]], constant float4* points [[buffer(0)]]) {
  return points[id];
}

fragment half4 shade(float4 position [[position]]) {
  return half4(position);
}
"""
PATH = "src/bias.metal"
PAGE = "docs/src/bias.metal_kw.md"
FIRST_ENTRY = 16  # the line of a list's first entry on `syntax_index`'s page


def test_a_shader_is_read_as_cpp_once_its_qualifiers_are_blanked():
    facts = metal_facts(SHADER)
    assert facts.classes == {"Params"}
    assert facts.declared_types == {"Forward"}
    assert facts.functions == {"add_bias", "project", "shade"}
    assert facts.include_paths == {"metal_stdlib", "shader_types.h"}
    # Every line read: the qualifiers, the attributes and the macro calls.
    assert facts.unsure == ()


def test_the_cpp_grammar_alone_reads_the_qualifiers_as_errors():
    # Why the blanking: as written, each qualified declaration holds an error.
    assert cpp_facts(SHADER).unsure


def test_blanking_keeps_lines_columns_attributes_comments_and_includes():
    blanked = as_cpp(SHADER)
    assert len(blanked) == len(SHADER)
    assert blanked.count("\n") == SHADER.count("\n")
    assert "[[threadgroup(0)]]" in blanked  # an attribute named like a qualifier
    assert "#include <metal_stdlib>" in blanked
    assert "// Adds the bias" in blanked
    assert "kernel" not in blanked
    assert "INSTANTIATE_ADD_BIAS" not in blanked
    written = "kernel void add_bias(device T* out [[buffer(0)]],"
    assert written.replace("kernel", " " * 6).replace("device", " " * 6) in blanked


def test_merged_readings_keep_every_name_and_only_the_lines_both_miss():
    first = cpp_facts("struct A { };\nint f();\n@@@;\n")
    second = cpp_facts("struct B { };\n@@@;\n@@@;\n")
    assert not first.is_unsure(2) and second.is_unsure(2)
    merged = merge(first, second)
    assert merged.classes == {"A", "B"}
    assert merged.functions == {"f"}
    assert merged.unsure == ((3, 3),)


def test_a_class_or_function_the_shader_does_not_define_is_reported(tmp_path):
    write(tmp_path, {PATH: SHADER})
    # `Ghost` follows "class" only in a comment.
    page = syntax_index(PATH, {"Class/Structs": ["Params", "Missing", "Ghost"]})
    assert findings(page, PAGE, "keyword-as-class", tmp_path) == [
        (FIRST_ENTRY + 1, 6, "DL201"),
        (FIRST_ENTRY + 2, 6, "DL201"),
    ]
    page = syntax_index(PATH, {"Functions": ["add_bias", "project", "blur"]})
    assert findings(page, PAGE, "phantom-keyword", tmp_path) == [(FIRST_ENTRY + 2, 6, "DL203")]


def test_a_qualified_kernel_and_its_struct_stay_silent(tmp_path):
    # The near miss: `kernel void add_bias(device T* ...)` and `struct Params`
    # are read through Metal's words.
    write(tmp_path, {PATH: SHADER})
    page = syntax_index(
        PATH,
        {
            "Class/Structs": ["Params"],
            "Functions": ["add_bias", "project", "shade"],
            "Includes": ["metal_stdlib", "shader_types.h"],
        },
    )
    for rule in ("keyword-as-class", "phantom-keyword", "declared-only"):
        assert findings(page, PAGE, rule, tmp_path) == [], rule


def test_a_struct_the_shader_only_declares_is_declared_only(tmp_path):
    write(tmp_path, {PATH: SHADER})
    page = syntax_index(PATH, {"Class/Structs": ["Params", "Forward"]})
    assert findings(page, PAGE, "declared-only", tmp_path) == [(FIRST_ENTRY + 1, 6, "DL205")]


def test_without_the_source_a_cpp_keyword_is_still_no_function(tmp_path):
    # Metal is C++: its pages are judged by C++'s keywords, not Python's.
    page = syntax_index(PATH, {"Functions": ["for", "print"]})
    got = findings(page, PAGE, "phantom-keyword", tmp_path)
    assert got == [(FIRST_ENTRY, 6, "DL203")]
