"""doclint's version, in a module of its own: what reports, caches and the
configuration's schema name it with import nothing else of doclint (the
package's `__init__` imports the whole API's names)."""

__version__ = "0.1.0"
