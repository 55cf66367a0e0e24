"""Small helpers every room may use (docs/layers.toml): paths made
absolute and relative cheaply (`paths`), bounded memos and the two ways
doclint memoises (`lru`), pausing the garbage collector (`gc_pause`),
writing a file by renaming a new one over its name (`replacing`) and
reading TOML a user or a tree gives (`toml`)."""
