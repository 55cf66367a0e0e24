"""Tests of doclint.history: real repositories made with git."""
