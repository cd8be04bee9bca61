"""The Italian texts of trigger events, references and values added by SCENARIO-FORMAT.md 2.7."""

from __future__ import annotations

from judgekit.render.narration.common import Text

TEXTS: dict[str, Text] = {}
