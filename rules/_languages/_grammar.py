"""Where words stand in a text that a tree-sitter grammar reads: one walk of
its syntax tree, told by each language which nodes are comments, which are
string literals (and what inside them is code again), and which are keys.
And what a text defines, where its grammar's language has a query of its
definitions (`Grammar.definitions`), run in C over the same kind of tree."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import tree_sitter

from doclint.rule_api import LanguageData

from . import CountRanges, Definition, Language, PlaceCollector, Places


@dataclass(frozen=True, slots=True)
class Grammar:
    """How to read the syntax tree of one language for places."""

    language: Callable[[], object]
    """The grammar package's `language` function."""
    comments: frozenset[str]
    literals: frozenset[str]
    """String-like nodes: their own text is a literal (prose if a sentence)."""
    code_in_literals: frozenset[str] = frozenset()
    """Nodes inside a literal that are code (`$HOME` in a shell string)."""
    code_blocks: frozenset[str] = frozenset()
    """Nodes whose whole text is code (YAML's block scalars: `run: |` scripts)."""
    keys: frozenset[str] = frozenset()
    """Nodes whose `key` field is a name: YAML and JSON mapping pairs."""
    quoted_keys: frozenset[str] = frozenset()
    """Nodes that make a key they quote a literal, not a name (YAML's quoted
    scalars: a labeler's `"module: dynamo":` is the text of a label)."""
    code_keys: frozenset[str] = frozenset()
    """Keys whose value is code whatever it reads like (YAML's `shell: bash`)."""
    prose_keys: frozenset[str] = frozenset()
    """Keys whose scalar value is free text whatever it reads like (YAML's
    `name: Lint`, an issue form's `label: Versions`): prose, but for `inline_code`."""
    embedded: tuple[tuple[str, Callable[[str], Places]], ...] = ()
    """Keys whose scalar value is a text of another language, with its reader
    (a workflow's `run:` script is shell)."""
    scalars: frozenset[str] = frozenset()
    """Nodes that are a scalar value, for `prose_keys` and `embedded`."""
    inline_code: re.Pattern[str] | None = None
    """Code written inside a literal's text (`${{ github.ref }}` in YAML)."""
    split_block: Callable[[str], tuple[str, str]] | None = None
    """How a code block under no prose or embedded key splits into text for
    a reader and code, in that order (YAML's `markdown: |` of a bot's config:
    its paragraphs that hold a sentence are text); None when it is all code."""
    command: str = ""
    """The node of a command call, whose `name` field (or else its first child)
    is the command (shell's `command`, CMake's `normal_command`); only read
    with `output_commands`."""
    output_commands: frozenset[str] = frozenset()
    """Commands whose arguments are text written for a reader (shell's `echo`).
    A grammar naming any has its literals read as sentences (prose) only as
    arguments of one of them: a literal elsewhere is a value whatever it reads
    like (a match pattern, an assignment, another command's argument), and
    code, as the same word unquoted would be."""
    text_after: str = ""
    """An argument keyword whose literal two arguments on is text for a reader
    whatever the command (CMake's `CACHE`: `set(X "" CACHE PATH "docstring")`);
    only read with `output_commands`."""
    off_commands: frozenset[str] = frozenset()
    """Commands that remove or unset what their arguments name (shell's `rm`):
    their words are code that uses nothing (`Places.off`)."""
    assignment: str = ""
    """The node of an assignment, with `name` and `value` fields (shell's
    `variable_assignment`); only read with `off_values`."""
    off_values: frozenset[str] = frozenset()
    """Values that switch off what an assignment names (`USE_CUDA=0`): its
    words are code that uses nothing (`Places.off`)."""
    definitions: str = ""
    """A query of the language's definitions: each capture is the name of a
    definition, the capture's own name its kind (`@enum.member` is an "enum
    member"). Where two captures take one name, the kind of the higher rank
    (`_RANK`) stands: a `const` whose value is an arrow function is a
    function, a Go `type` of a struct a struct."""
    extents: frozenset[str] = frozenset()
    """Nodes that are a definition's whole extent where its name is deeper
    than a child of it (a C function's name is its declarator's, inside
    `function_definition`): the nearest such ancestor, a few levels up,
    gives the definition's end; else the name's parent does."""


_PARSERS: dict[int, tree_sitter.Parser] = {}
_QUERIES: dict[tuple[int, str], tree_sitter.Query] = {}


def _parser(grammar: Grammar) -> tree_sitter.Parser:
    # Built on first use: importing the rules must not cost a grammar load.
    key = id(grammar)
    if key not in _PARSERS:
        _PARSERS[key] = tree_sitter.Parser(tree_sitter.Language(grammar.language()))
    return _PARSERS[key]


def _query(grammar: Grammar, source: str) -> tree_sitter.Query:
    key = (id(grammar), source)
    if key not in _QUERIES:
        _QUERIES[key] = tree_sitter.Query(tree_sitter.Language(grammar.language()), source)
    return _QUERIES[key]


# The kinds a more specific capture of the same name overrides (a Kotlin
# `class` that is an `interface`); any other kind ranks 3.
_RANK = {"variable": 0, "constant": 1, "type": 1, "function": 2, "class": 2}
_CLASS_KINDS = frozenset({"class", "interface", "struct", "enum", "trait", "object", "union"})
_FUNCTION_KINDS = frozenset({"function", "method"})
_EXTENDED = _CLASS_KINDS | _FUNCTION_KINDS
"""The kinds whose definitions' ends are read (`Definition.end`)."""


@dataclass(frozen=True, slots=True)
class GrammarFacts:
    """What a text defines, as its language's definition query finds it (a
    `SourceFacts`); a name defined twice is listed twice."""

    definitions: tuple[Definition, ...]
    unsure: tuple[tuple[int, int], ...]
    """Lines of the grammar's error nodes: a definition may hide there."""

    @property
    def classes(self) -> frozenset[str]:
        return frozenset(d.name for d in self.definitions if d.kind in _CLASS_KINDS)

    @property
    def functions(self) -> frozenset[str]:
        return frozenset(d.name for d in self.definitions if d.kind in _FUNCTION_KINDS)

    def is_unsure(self, line: int) -> bool:
        return any(start <= line <= end for start, end in self.unsure)

    def count_ranges(self, text: str) -> CountRanges | None:
        """No generator counts these languages' definitions: no convention to judge by."""
        return None


@lru_cache(maxsize=64)
def grammar_facts(grammar: Grammar, text: str) -> GrammarFacts:
    """What `text` defines by `grammar`'s definition query (memoised: the
    pages citing one source ask in turn)."""
    code = text.encode("utf-8", "surrogatepass")
    root = _parser(grammar).parse(code).root_node
    ranked: dict[tuple[int, int], tuple[int, Definition]] = {}
    captures = tree_sitter.QueryCursor(_query(grammar, grammar.definitions)).captures(root)
    for capture, nodes in captures.items():
        kind = capture.replace(".", " ")
        rank = _RANK.get(kind, 3)
        for node in nodes:
            key = (node.start_byte, node.end_byte)
            if key not in ranked or ranked[key][0] < rank:
                name = _text(code, node.start_byte, node.end_byte)
                # A class's or function's name is a field of its declaration
                # node (the queries capture it so), which ends where it does;
                # another kind's parent may be a list of many (an enum's body).
                parent = _extent(grammar, node) if kind in _EXTENDED else None
                end = parent.end_point.row + 1 if parent is not None else 0
                ranked[key] = (rank, Definition(name, node.start_point.row + 1, kind, end))
    unsure: tuple[tuple[int, int], ...] = ()
    if root.has_error:
        errors = tree_sitter.QueryCursor(_query(grammar, "(ERROR) @error")).captures(root)
        unsure = tuple(
            (node.start_point.row + 1, node.end_point.row + 1) for node in errors.get("error", ())
        )
    return GrammarFacts(tuple(ranked[key][1] for key in sorted(ranked)), unsure)


# How far above a name its construct's node may stand (`int *Foo::get()`:
# qualified name, function declarator, pointer declarator, definition).
_EXTENT_DEPTH = 4


def _extent(grammar: Grammar, name: tree_sitter.Node) -> tree_sitter.Node | None:
    """The node whose end is the end of the construct `name` names."""
    node = name.parent
    for _ in range(_EXTENT_DEPTH if grammar.extents else 0):
        if node is None or node.type in grammar.extents:
            break
        node = node.parent
    return node if node is not None and node.type in grammar.extents else name.parent


def read_places(grammar: Grammar, text: str) -> Places:
    """Where each word of `text` stands, as `grammar` parses it. Error nodes are
    walked like any other: their leaves count as code, which keeps a rule quiet."""
    code = text.encode("utf-8", "surrogatepass")
    found = PlaceCollector()
    stack = [_parser(grammar).parse(code).root_node]
    while stack:
        node = stack.pop()
        kind = node.type
        if kind in grammar.comments:
            found.add_prose(_text(code, node.start_byte, node.end_byte))
        elif kind in grammar.literals and node.is_named:
            # Named: TypeScript's type keyword `string` is an anonymous node
            # of the literal's own type name.
            stack.extend(_literal(grammar, code, node, found))
        elif kind in grammar.keys:
            key = node.child_by_field_name("key")
            if key is None:
                stack.extend(node.children)
                continue
            name = _text(code, key.start_byte, key.end_byte)
            if _quoted(grammar, key):
                found.add_literal_words(name)
            else:
                found.add_code(name)
            scalar = _scalar(grammar, node, name)
            if scalar is not None:
                _keyed_scalar(grammar, _text(code, scalar.start_byte, scalar.end_byte), name, found)
            elif name in grammar.code_keys:
                found.add_code(_text(code, key.end_byte, node.end_byte))
            else:
                stack.extend(child for child in node.children if child != key)
        elif (kind == grammar.command or kind == grammar.assignment) and _off(grammar, code, node):
            found.add_off(_text(code, node.start_byte, node.end_byte))
        elif kind in grammar.code_blocks and grammar.split_block is not None:
            text, block_code = grammar.split_block(_text(code, node.start_byte, node.end_byte))
            _free_text(grammar, text, found)
            found.add_code(block_code)
        elif node.child_count == 0 or kind in grammar.code_blocks:
            found.add_code(_text(code, node.start_byte, node.end_byte))
        else:
            stack.extend(node.children)
    return found.places()


def grammar_language(
    data: LanguageData, keywords: frozenset[str], grammar: Grammar, *, facts: bool = True
) -> Language:
    """A language read by `grammar`: the places of its words, and, when the
    grammar has a definition query, where its names are defined, and as
    its facts too unless `facts` is off."""

    def read(text: str) -> Places:
        return read_places(grammar, text)

    def read_facts(text: str) -> GrammarFacts:
        return grammar_facts(grammar, text)

    def definitions(text: str) -> tuple[Definition, ...]:
        return grammar_facts(grammar, text).definitions

    if not grammar.definitions:
        return Language(data, keywords, read)
    return Language(data, keywords, read, read_facts if facts else None, definitions=definitions)


def _quoted(grammar: Grammar, key: tree_sitter.Node) -> bool:
    """Whether a key is one quoted scalar (`"module: dynamo"`), alone in its node."""
    node = key
    while node.named_child_count == 1 and node.type not in grammar.quoted_keys:
        node = node.named_children[0]
    return node.type in grammar.quoted_keys


def _scalar(grammar: Grammar, pair: tree_sitter.Node, key: str) -> tree_sitter.Node | None:
    """The scalar value of a pair whose key is a prose or embedded key; None
    for another key or a value that is a mapping or a list."""
    if key not in grammar.prose_keys and not any(key == name for name, _ in grammar.embedded):
        return None
    value = pair.child_by_field_name("value")
    if value is None:
        return None
    return next((child for child in value.named_children if child.type in grammar.scalars), None)


def _free_text(grammar: Grammar, text: str, found: PlaceCollector) -> None:
    """Text written for a reader, but for the code written inside it."""
    found.add_text(_inline_code(grammar, text, found))


def _inline_code(grammar: Grammar, text: str, found: PlaceCollector) -> str:
    """`text` with its `inline_code` recorded as code and left out."""
    if grammar.inline_code is None:
        return text
    for match in grammar.inline_code.finditer(text):
        found.add_code(match[0])
    return grammar.inline_code.sub(" ", text)


def _keyed_scalar(grammar: Grammar, text: str, key: str, found: PlaceCollector) -> None:
    read = next((read for name, read in grammar.embedded if name == key), None)
    if read is None:
        _free_text(grammar, text, found)
        return
    text = _inline_code(grammar, text, found)
    if text[:1] in "|>":  # a block scalar: its header line is YAML's, the rest the script
        text = text.partition("\n")[2]
    elif text[:1] in "\"'":
        text = text[1:-1]
    found.add(read(text))


def _literal(
    grammar: Grammar, code: bytes, node: tree_sitter.Node, found: PlaceCollector
) -> list[tree_sitter.Node]:
    """Record a literal's own text; the code nodes inside it are returned to walk."""
    inner = _code_nodes(grammar, node)
    pieces, start = [], node.start_byte
    for child in inner:
        pieces.append(_text(code, start, child.start_byte))
        start = child.end_byte
    pieces.append(_text(code, start, node.end_byte))
    literal = _inline_code(grammar, " ".join(pieces), found)
    if not grammar.output_commands or _written(grammar, code, node):
        found.add_literal(literal)
    else:
        found.add_code(literal)
    return inner


def _off(grammar: Grammar, code: bytes, node: tree_sitter.Node) -> bool:
    """Whether a command or assignment switches off or removes what it names."""
    if node.type == grammar.assignment:
        value = node.child_by_field_name("value")
        return (
            value is not None
            and _text(code, value.start_byte, value.end_byte) in grammar.off_values
        )
    if not grammar.off_commands:
        return False
    name = _command_name(node)
    return name is not None and _text(code, name.start_byte, name.end_byte) in grammar.off_commands


def _written(grammar: Grammar, code: bytes, literal: tree_sitter.Node) -> bool:
    """Whether a literal is text for a reader: an argument of an output command
    (the nearest command around it: `foo` of `echo "$(foo "a b")"`), or the
    argument two on from `text_after`."""
    if grammar.text_after:
        argument = literal.parent
        before = argument.prev_named_sibling if argument is not None else None
        keyword = before.prev_named_sibling if before is not None else None
        if keyword is not None and _text(code, keyword.start_byte, keyword.end_byte) == (
            grammar.text_after
        ):
            return True
    node = literal.parent
    while node is not None and node.type != grammar.command:
        node = node.parent
    name = _command_name(node) if node is not None else None
    return (
        name is not None and _text(code, name.start_byte, name.end_byte) in grammar.output_commands
    )


def _command_name(command: tree_sitter.Node) -> tree_sitter.Node | None:
    return command.child_by_field_name("name") or command.child(0)


def _code_nodes(grammar: Grammar, literal: tree_sitter.Node) -> list[tree_sitter.Node]:
    """The outermost nodes of `code_in_literals` inside a literal, in order."""
    if not grammar.code_in_literals:
        return []
    found, stack = [], list(reversed(literal.children))
    while stack:
        node = stack.pop()
        if node.type in grammar.code_in_literals:
            found.append(node)
        else:
            stack.extend(reversed(node.children))
    return found


def _text(code: bytes, start: int, end: int) -> str:
    return code[start:end].decode("utf-8", "replace")


# How many keys deep a key's dotted path is written (`jobs.build.steps`):
# a deeper key is defined by its own name only, so that a deeply nested
# text costs no path the length of its nesting per key.
_PATH_DEPTH = 8


@lru_cache(maxsize=64)
def key_definitions(grammar: Grammar, text: str) -> tuple[Definition, ...]:
    """Where a text of mappings (YAML, JSON) defines its keys (`grammar.keys`
    pairs): each key by its name, and a nested one by its dotted path too
    (`jobs.build`), a "key" ending where its value ends; in text order. A
    list's items add no part to the path (`steps.name`); the keys of a list
    of dependencies (`is_dependencies`) are none."""
    code = text.encode("utf-8", "surrogatepass")
    found: list[Definition] = []
    # Each node with the path of keys above it (no longer than `_PATH_DEPTH`:
    # past it, no path is written) and the nearest of them.
    stack: list[tuple[tree_sitter.Node, tuple[str, ...], str]] = [
        (_parser(grammar).parse(code).root_node, (), "")
    ]
    while stack:
        node, path, parent = stack.pop()
        key = node.child_by_field_name("key") if node.type in grammar.keys else None
        if key is not None and is_dependencies(parent):
            continue
        if key is not None:
            name = _unquoted(_text(code, key.start_byte, key.end_byte))
            line = key.start_point.row + 1
            end = _last_line(node)
            found.append(Definition(name, line, "key", end))
            if path and len(path) < _PATH_DEPTH:
                found.append(Definition(".".join((*path, name)), line, "key", end))
            path = (*path, name) if len(path) < _PATH_DEPTH else path
            parent = name
        stack.extend((child, path, parent) for child in reversed(node.children) if child != key)
    return tuple(found)


def is_dependencies(key: str) -> bool:
    """Whether a key lists dependencies (`devDependencies`, `[dev-dependencies]`):
    its keys name other projects' packages, which this one does not define."""
    return key.lower().endswith("dependencies")


def _unquoted(key: str) -> str:
    """A key as its reader names it: without the quotes it is written in."""
    key = key.strip()
    if len(key) >= 2 and key[0] == key[-1] and key[0] in "\"'":
        return key[1:-1]
    return key


def _last_line(node: tree_sitter.Node) -> int:
    """The last line (1-based) of `node`'s text: a node that ends at a line's
    start (YAML's, before the next key) ends on the line before."""
    row, column = node.end_point
    return row if column == 0 and row > node.start_point.row else row + 1
