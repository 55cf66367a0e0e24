"""The command line: arguments read and checked (`options`, `parser`,
`arguments`), the run wired with its output and, for `check`, the cache
(`main`), the other commands (`commands`), `--show-files`/`--show-settings`
(`show`), the progress line (`progress`) and the rules as listed
(`rule_listing`). It wires incrementality into a run (which room may import
which: docs/layers.toml)."""
