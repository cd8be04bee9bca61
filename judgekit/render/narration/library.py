"""The Italian texts of libraries, drawing, milling, shuffling and searching (SCENARIO-FORMAT.md 2.6)."""

from __future__ import annotations

from judgekit.render.narration.common import Text

TEXTS: dict[str, Text] = {}
