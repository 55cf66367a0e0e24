"""`python -m doclint` runs the command line."""

from doclint.cli import main

raise SystemExit(main())
