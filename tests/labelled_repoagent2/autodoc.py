from __future__ import annotations

import main

__all__ = ["main"]
