"""The helpers that rules of more than one family share."""
