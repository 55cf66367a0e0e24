"""`python -m doclint` runs the command line."""

import os
import sys

# `python -m` puts the working folder first on sys.path, and the working folder
# is often the untrusted tree being checked: a `hmac.py` there must not be what
# doclint imports later in the run.
try:
    working_folder = os.getcwd()
except OSError:  # removed: launcher.script says so
    working_folder = ""
if sys.path and sys.path[0] in ("", working_folder):
    del sys.path[0]

from doclint.launcher import script

raise SystemExit(script())
