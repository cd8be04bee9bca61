"""The Italian texts of games of two to four players and of a player leaving the game (CR 800)."""

from __future__ import annotations

from judgekit.render.narration.common import Text

TEXTS: dict[str, Text] = {}
