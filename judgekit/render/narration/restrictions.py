"""The Italian texts of attack and block restrictions and requirements (CR 508.1c-d, 509.1b-c)."""

from __future__ import annotations

from judgekit.render.narration.common import Text

TEXTS: dict[str, Text] = {}
