"""Italian texts of the records and errors of the rules core's triggers area."""

from __future__ import annotations

from judgekit.render.narration.common import Text

TEXTS: dict[str, Text] = {}
