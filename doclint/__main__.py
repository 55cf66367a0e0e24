"""`python -m doclint` runs the command line."""

import os
import sys

# `python -m` puts the working folder first on sys.path, and the working folder
# is often the untrusted tree being checked: a `hmac.py` there must not be what
# doclint imports later in the run.
if sys.path and sys.path[0] in ("", os.getcwd()):
    del sys.path[0]

from doclint.launcher import script

raise SystemExit(script())
