"""The built-in rules of doclint, one module per rule.

Installed as the `doclint_rules` package. Each rule's class states its code,
name and documentation (`docs`); pyproject.toml registers the package once in
the `doclint.rules` entry-point group, where third-party rules plug in too,
and the registry reads the rule classes of each public module of it (those
named `_*` are the rules' helpers). The engine's own diagnostics (DL0xx) are
in `doclint.engine.builtin_rules`.

Families of codes: DL1xx page structure, DL2xx keyword indexes, DL3xx claims
of file documentation, DL4xx links, DL5xx text encoding, DL6xx coverage of
the tree, DL7xx claims of a profiled generator's pages (doclint/profiles/)
about their sources.
"""
