"""Italian texts of the replay's own records: the start, an illegal action, the end of the game."""

from __future__ import annotations

from typing import Any

from judgekit.render.narration.common import Names, Text


def _illegal(p: dict[str, Any], names: Names) -> str:
    from judgekit.render.narration import message

    return f"Azione non consentita: {message(p['error'], p['details'], names)}"


TEXTS: dict[str, Text] = {
    "error.illegal_action": _illegal,
}
