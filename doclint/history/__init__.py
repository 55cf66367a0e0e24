"""The history of the checkout a tree lies in (package): a file's lines at a
commit, the commit a short id names, renames since a commit, the commit in
which a page last changed, the remotes' repositories.

It reads git through the `git` command, not a library (pygit2, dulwich):
no new wheel to build or install (pygit2 binds libgit2, a C library per
platform); the objects are read by git itself, so packs, alternates,
SHA-256 repositories, shallow and partial clones read as git reads them,
with no second implementation to lag behind; and one persistent
`git cat-file --batch-command` answers every object of a run, so a run pays
for one process however many pages cite one file. `.git` is never parsed by
hand. How git is run on a repository that is not trusted is in `git` and
docs/trust.md. Git 2.36 or later (for `--batch-command`).
"""

from doclint.history.history import BLOB_LIMIT, History, remote_slug

__all__ = ["BLOB_LIMIT", "History", "remote_slug"]
