"""Small helpers every room may use; they import nothing of doclint: paths made
absolute and relative cheaply (`paths`), bounded memos (`lru`,
`recent_pages`) and pausing the garbage collector (`gc_pause`)."""
