"""The built-in rules of doclint, one module per rule.

Installed as the `doclint_rules` package and registered through the
`doclint.rules` entry-point group, like any third-party plugin.
"""
