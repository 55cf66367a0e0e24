# Not from the copied repository: a0-jax's own tests (`*_test.py`) are fixtures here,
# not tests of doclint.
collect_ignore_glob = ["*"]
