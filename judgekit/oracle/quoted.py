"""Abilities written in quotation marks inside another ability ("Enchanted land has "{T}: Add {G}.""): read by
the families of triggered, activated and replacement abilities (CR 113.2, 113.3)."""

from __future__ import annotations

import judgekit.oracle.activated as activated
import judgekit.oracle.replacements as replacements
import judgekit.oracle.triggers as triggers
from judgekit.oracle.context import Card, Data, Unsupported
from judgekit.oracle.text import OracleLine


def ability_of_text(text: str, card: Card) -> Data:
    """One quoted ability as the format writes it, or :class:`Unsupported`."""
    line = OracleLine(oracle=text, text=text.strip())
    for family in (replacements.compile_line, triggers.compile_line, activated.compile_line):
        try:
            _used, data = family(line, card)
        except Unsupported:
            continue
        abilities = data.get("abilities") or []
        if len(abilities) == 1 and set(data) == {"abilities"}:
            return dict(abilities[0])
    raise Unsupported("a quoted ability no template reads")
