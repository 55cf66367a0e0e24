"""Incrementality: what later runs keep of this one (store.py: the run's
`ResultStores`; cache.py: the cache file; sealed.py: trust; folder.py: clean)."""
