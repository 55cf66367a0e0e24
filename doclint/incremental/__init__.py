"""Incrementality: what later runs keep of this one, and nothing else.

`store.ContentCache` is the run's `ResultStores` (run/results.py), which the
command line wires into a run (which room may import which: docs/layers.toml).
`cache` is the cache file and its format, `sealed` what makes a file of it
trusted, `folder` the cache folder itself (`doclint clean`).
"""
