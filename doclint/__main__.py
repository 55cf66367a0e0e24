"""`python -m doclint` runs the command line."""

from doclint.launcher import main

raise SystemExit(main())
