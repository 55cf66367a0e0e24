"""`python -m doclint` runs the command line."""

from doclint.launcher import script

raise SystemExit(script())
