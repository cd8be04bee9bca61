"""The Italian texts of the keywords of SCENARIO-FORMAT.md 2.7 (ward, prowess, exalted, toxic, split second...)."""

from __future__ import annotations

from judgekit.render.narration.common import Text

TEXTS: dict[str, Text] = {}
