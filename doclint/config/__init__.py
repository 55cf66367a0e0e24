"""Configuration: `doclint.toml` or `[tool.doclint]` read and validated
(`files`), its JSON Schema (`schema`), and the "did you mean" every name a
user types gets (`suggestions`)."""
