"""Objective-C and Objective-C++ sources (`.m`, `.mm`): what they define,
declare and include, read by tree-sitter-objc and tree-sitter-cpp; their
words by place, by the C family's lexer.

tree-sitter-objc is a real grammar of Objective-C over C, not a pattern:
`@interface Foo : NSObject <Bar>`, a category `@interface Foo (Extras)`,
`@implementation`, `@protocol`, methods (`- (void)load:(id)x with:(id)y`),
message sends, blocks, `#import` and `@import` are nodes of its tree, and
comments and `@"strings"` are never code. Its C part is tree-sitter-c's, so
the C family's walk (`cpp.Dialect`) reads structs, enums, typedefs, C
functions, `#include`/`#import` and macros as it does for C++; the nodes of
Objective-C's own are recorded here: classes, protocols and categories as
classes, `@class Foo;` and `@protocol Foo;` as declared only, a method as
the first piece of its selector (`load`) and the whole selector
(`load:with:`), a property as its getter.

An Objective-C++ file is both languages in one text: MPSGuardImpl.mm is
C++ in `namespace at::mps` with Objective-C's `__bridge` casts inside
bodies; MPSImageWrapper.mm an `@interface` and its `@implementation`,
then `namespace at::native::metal` with C++ member definitions that send
messages. tree-sitter-objc knows no namespace, template or `::`, and
tree-sitter-cpp no `@interface` or `[obj msg]`; where one grammar meets the
other language it makes an error node and, inside it, guesses; and the C++
grammar's recovery from a run of `@protocol`/`@interface` declarations can
turn the rest of the file into one error. So the text is read by both:
tree-sitter-objc reads it whole; tree-sitter-cpp reads it with the
Objective-C declarations the first grammar found (`@interface`...`@end`,
`@implementation`...`@end`, `@protocol`, `@class`, `@import`) blanked, and
the Objective-C words C++ bodies hold (`__bridge`, `@autoreleasepool`),
so that it meets only C and C++. Each keeps only the definitions it found
outside its own error nodes (the repairs of macros still apply), and
`cpp.merge` joins them: a name either grammar read counts, and a line is
unsure only where both failed (the blanked lines count as failed for C++:
it did not read them). A grammar can also misread without an error where
it stands: tree-sitter-objc reads what follows an unknown macro as a block
at file scope, which C has not, and tree-sitter-cpp took the member
function that follows a lambda holding `@autoreleasepool` (MPSDevice.mm)
into the body of the function that holds the lambda.
So a statement where only declarations stand, and a definition whose body
holds an error, mark their lines unsure: the names they may have swallowed
are not taken for absent.

tree-sitter-objc 3.0.2 has no rule for Foundation's enum macros
(`typedef NS_ENUM(NSInteger, Mode) { ... };`): both readings see them as
the plain `enum Mode { ... };` they declare, respelled in place.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

import tree_sitter
import tree_sitter_objc

from doclint.rule_api import LANGUAGES, compiled_on_use

from . import Definition, Language
from ._cpp_counts import count_function
from ._grammar import Grammar, grammar_facts
from .cpp import (
    C_FAMILY_KEYWORDS,
    CPP,
    CppFacts,
    Dialect,
    Reading,
    blank_bytes,
    blank_code,
    c_family_places,
    cpp_reserved,
    dialect_facts,
    disjoint_ranges,
    merge,
    parse,
    unsure_if_body_misread,
)

# The `@` directives (read without their `@`), `#import`, and the receivers
# and literals the language defines.
KEYWORDS = C_FAMILY_KEYWORDS | frozenset(
    [
        "implementation",
        "interface",
        "end",
        "protocol",
        "property",
        "synthesize",
        "dynamic",
        "selector",
        "encode",
        "autoreleasepool",
        "optional",
        "required",
        "import",
        "self",
        "super",
        "nil",
        "Nil",
        "YES",
        "NO",
        "instancetype",
    ]
)

# fmt: off
# Nodes that name a class, a protocol or a category of one, with members.
_CLASSES = frozenset({"class_interface", "class_implementation", "protocol_declaration"})
# Nodes that only declare names: `@class A, B;`, `@protocol P;`.
_FORWARD = frozenset({"class_declaration", "protocol_forward_declaration"})
# What the C++ grammar is not shown: the declarations of Objective-C's own.
_OBJC_ONLY = _CLASSES | _FORWARD | {"module_import"}
# Nodes whose children are members: `@implementation`'s items, `@optional` blocks.
_MEMBER_SCOPES = frozenset({
    "implementation_definition", "qualified_protocol_interface_declaration"})
_METHODS = frozenset({"method_declaration", "method_definition"})
# fmt: on


# `typedef NS_ENUM(NSInteger, Name)`, and its kin, before the enumerators' body.
_ENUM_MACRO = compiled_on_use(
    r"(?:\btypedef\s+)?\b(?P<macro>NS_(?:ENUM|OPTIONS|CLOSED_ENUM|ERROR_ENUM))"
    r"\s*\(\s*[^,()]+?\s*,\s*(?P<name>\w+)\s*\)"
)


def _respelled(text: str) -> str:
    """`text` with each Foundation enum macro respelled as the enum it
    declares, in place: `typedef NS_ENUM(NSInteger, Mode)` becomes
    `enum Mode` padded with spaces (newlines kept), so lines and columns hold."""

    def enum(match: re.Match[str]) -> str:
        spelled = [char if char == "\n" else " " for char in match[0]]
        start = match.start()
        macro, name = match.start("macro") - start, match.start("name") - start
        spelled[macro : macro + 4] = "enum"
        spelled[name : name + len(match["name"])] = match["name"]
        return "".join(spelled)

    return _ENUM_MACRO.sub(enum, text)


def _misread(reading: Reading, node: tree_sitter.Node) -> list[tree_sitter.Node]:
    """A statement where only declarations stand is a misread: its lines are
    unsure (the definitions it swallowed are not seen)."""
    if node.type.endswith("_statement"):
        reading.unsure.append((node.start_point[0] + 1, node.end_point[0] + 1))
    return []


def _visit(reading: Reading, node: tree_sitter.Node) -> list[tree_sitter.Node]:
    """Record a node of Objective-C's own; returns the scopes it holds."""
    kind = node.type
    if kind in _CLASSES:
        # A category (`@interface Foo (Extras)`) defines members of Foo, and
        # is named itself: both count, as a class of the file would.
        reading.classes.update(map(reading.text, [*_own_names(node)[:1], *_category(node)]))
        return node.named_children
    if kind in _FORWARD:
        reading.declared_types.update(map(reading.text, _own_names(node)))
    elif kind in _MEMBER_SCOPES:
        return node.named_children
    elif kind in _METHODS:
        _method(reading, node)
    elif kind == "property_declaration":
        _property(reading, node)
    elif kind == "module_import":
        # `@import Foundation.NSString;` includes a module, by name.
        for path in node.children_by_field_name("path"):
            reading.includes.append((reading.text(path), node.start_point[0] + 1))
    else:
        return _misread(reading, node)
    return []


def _own_names(node: tree_sitter.Node) -> list[tree_sitter.Node]:
    """The identifiers a node names itself: not its superclass, category or
    protocols, which stand in fields or lists of their own."""
    return [
        child
        for index, child in enumerate(node.children)
        if child.type == "identifier" and node.field_name_for_child(index) is None
    ]


def _category(node: tree_sitter.Node) -> list[tree_sitter.Node]:
    category = node.child_by_field_name("category")
    return [] if category is None else [category]


def _method(reading: Reading, node: tree_sitter.Node) -> None:
    """A method is named by its selector: `- (void)load:(id)x with:(id)y` is
    `load:with:`, and the generator's word for it is its first piece, `load`."""
    pieces = [reading.text(name) for name in _own_names(node)]
    if not pieces:
        return
    takes_arguments = any(child.type == "method_parameter" for child in node.children)
    names = {pieces[0], "".join(f"{piece}:" for piece in pieces) if takes_arguments else pieces[0]}
    reading.functions.update(names)
    if node.type == "method_definition":
        reading.function_definitions.update(names)
        unsure_if_body_misread(reading, node)
    count_function(reading.counts, node, node.type == "method_definition", typed=True)


def _property(reading: Reading, node: tree_sitter.Node) -> None:
    """`@property NSString* name;` declares the method `name` (its getter)."""
    stack = list(node.named_children)
    while stack:
        child = stack.pop()
        if child.type == "struct_declarator":
            names = [leaf for leaf in _leaves(child) if leaf.type == "identifier"]
            reading.functions.update(map(reading.text, names[-1:]))
        elif child.type == "struct_declaration":
            stack.extend(child.named_children)


def _leaves(node: tree_sitter.Node) -> list[tree_sitter.Node]:
    return [node] if not node.child_count else [x for c in node.children for x in _leaves(c)]


OBJC = Dialect(
    "Objective-C",
    tree_sitter_objc.language,
    frozenset({"struct_specifier", "union_specifier", "enum_specifier"}),
    _visit,
    enter_errors=False,
)
# C++ read beside Objective-C: what it guesses inside its errors, or reads
# as statements, is the other language's code.
CPP_BESIDE_OBJC = replace(CPP, name="C++ beside Objective-C", visit=_misread, enter_errors=False)


@lru_cache(maxsize=1)  # the rules ask in turn about one page's text
def objc_facts(text: str) -> CppFacts:
    """What an Objective-C or Objective-C++ text defines, declares and
    includes: its two readings merged (memoised, as each reading is)."""
    text = _respelled(text).rstrip()
    # One parse by tree-sitter-objc serves both: it finds what to hide from
    # the C++ grammar, then starts the Objective-C reading (which edits it).
    parsed = parse(text.encode("utf-8", "surrogatepass"), OBJC)
    cpp_view, hidden = _cpp_view(text, parsed)
    cpp = dialect_facts(cpp_view, CPP_BESIDE_OBJC)
    # What the C++ grammar was not shown, it did not read.
    cpp = replace(cpp, unsure=disjoint_ranges(cpp.unsure + hidden))
    return merge(dialect_facts(text, OBJC, parsed), cpp)


# Objective-C words inside C++ code that leave C++ once blanked: ARC's casts
# `(__bridge id_t)x`, `@autoreleasepool { }`, the `@` of `@"literal"`.
_OBJC_WORDS = r'@(?=")|@autoreleasepool\b|\b__bridge(?:_transfer|_retained)?\b'


def _cpp_view(text: str, parsed: tree_sitter.Tree) -> tuple[str, tuple[tuple[int, int], ...]]:
    """`text` as the C++ grammar is shown it: each Objective-C declaration
    tree-sitter-objc finds (in `parsed`, its tree of `text`) blanked, and the
    Objective-C words of C++ bodies (newlines kept); and the line ranges of
    the declarations (1-based)."""
    blanked, lines = bytearray(text.encode("utf-8", "surrogatepass")), []
    stack = [parsed.root_node]
    while stack:
        node = stack.pop()
        if node.type not in _OBJC_ONLY:
            stack.extend(node.children)
            continue
        start, end = node.start_byte, node.end_byte
        blank_bytes(blanked, start, end)
        lines.append((node.start_point[0] + 1, node.end_point[0] + 1))
    view = blank_code(bytes(blanked).decode("utf-8", "surrogatepass"), _OBJC_WORDS)
    return view, tuple(sorted(lines))


# Where an Objective-C text defines its names, by tree-sitter-objc alone:
# classes (an interface, its implementation), protocols, methods by their
# selector's first part (`run` of `run:with:`), properties, and the C
# parts (functions, types, macros). C++ constructs it cannot read are not
# told (a name only the C++ reading finds has no line here).
DEFINITIONS = Grammar(
    tree_sitter_objc.language,
    comments=frozenset({"comment"}),
    literals=frozenset({"string_literal"}),
    definitions="""
    (class_interface . (identifier) @class)
    (class_implementation . (identifier) @class)
    (protocol_declaration . (identifier) @interface)
    (method_declaration (method_type) . (identifier) @method)
    (method_definition (method_type) . (identifier) @method)
    (method_declaration . (identifier) @method)
    (method_definition . (identifier) @method)
    (property_declaration (struct_declaration (struct_declarator (identifier) @field)))
    (function_definition declarator: (function_declarator declarator: (identifier) @function))
    (struct_specifier name: (_) @struct body: (_))
    (enum_specifier name: (_) @enum body: (_))
    (type_definition declarator: (type_identifier) @type)
    (preproc_def name: (_) @macro)
    (preproc_function_def name: (_) @macro)
    """,
    extents=frozenset({"function_definition"}),
)


def objc_definitions(text: str) -> tuple[Definition, ...]:
    """Where an Objective-C or Objective-C++ text defines its names (`DEFINITIONS`)."""
    return grammar_facts(DEFINITIONS, text).definitions


LANGUAGE = Language(
    LANGUAGES["Objective-C++"],
    KEYWORDS,
    c_family_places,
    objc_facts,
    cpp_reserved,
    objc_definitions,
)
