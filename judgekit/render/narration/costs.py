"""The Italian texts of costs other than tapping, activated keyword abilities (equip, crew) and convoke."""

from __future__ import annotations

from judgekit.render.narration.common import Text

TEXTS: dict[str, Text] = {}
