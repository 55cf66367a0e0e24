"""Incrementality: what later runs keep of this one, and nothing else.

`store.ContentCache` is the run's `ResultStores` (run/results.py): the
command line alone wires it into a run; the engine, the tree index, parsing,
rules, output and fixes import nothing from here (tests/test_layers.py).
`cache` is the cache file and its format, `sealed` what makes a file of it
trusted, `folder` the cache folder itself (`doclint clean`).
"""
