"""Fixes: edits applied to a text until it settles (`edits`), one file fixed
(`file_fixer`), fix mode over a tree (`fix_mode`, `overlay_tree`) and the
scratch files a killed fix run leaves (`leftovers`)."""
