"""Diagrams checked with their own tools: Mermaid blocks parsed by Mermaid's
parser under Node (`mermaid`), for the rule mermaid-invalid (DL809), which
reaches it through the rule API."""
