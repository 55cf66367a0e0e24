"""JavaScript written inside another language's text (a workflow's
`actions/github-script` `script:`), read by tree-sitter-javascript: comments
are prose, strings literals (prose when a sentence), `${...}` inside a
template string code. The JavaScript sources of a project are read the same
way (`javascript`), with what they define."""

from __future__ import annotations

import tree_sitter_javascript

from ._grammar import Grammar

GRAMMAR = Grammar(
    tree_sitter_javascript.language,
    comments=frozenset({"comment"}),
    literals=frozenset({"string", "template_string", "regex"}),
    code_in_literals=frozenset({"template_substitution"}),
)
