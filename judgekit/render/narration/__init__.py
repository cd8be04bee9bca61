"""The Italian narration of a replay: every record code and error code of the rules core, as a sentence.

Each area of the rules core has its module here with a ``TEXTS`` table, code -> function
``text(params, names) -> str`` (``params`` are the record's or error's parameters, ``names`` shows card names
in the scenario's language, see :class:`~judgekit.render.narration.common.Names`). The tables are merged once,
on first use; a code defined twice is an error of the program.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from judgekit.engine.records import Record
from judgekit.render.narration.common import PLAIN, Names, Text

AREAS = ("driver", "stack", "combat", "effects", "sba", "triggers", "turn", "layers", "modes")

_TEXTS: dict[str, Text] | None = None


def texts() -> dict[str, Text]:
    """Every code the narration knows, from all areas."""
    global _TEXTS
    if _TEXTS is None:
        merged: dict[str, Text] = {}
        for area in AREAS:
            table: dict[str, Text] = import_module(f"judgekit.render.narration.{area}").TEXTS
            for code, fn in table.items():
                if code in merged:
                    raise RuntimeError(f"narration code defined twice: {code}")
                merged[code] = fn
        _TEXTS = merged
    return _TEXTS


def narrate(record: Record, names: Names = PLAIN) -> str:
    """The Italian sentence of one record."""
    return texts()[record.code](record.params, names)


def message(code: str, params: dict[str, Any], names: Names = PLAIN) -> str:
    """The Italian message of an error code of the rules core (an illegal action, a problem of the file)."""
    fn = texts().get(code)
    return fn(params, names) if fn is not None else code
