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
from judgekit.render.narration.common import PLAIN, Names, Text, stack_list

AREAS = ("driver", "stack", "combat", "effects", "sba", "triggers", "turn", "layers", "modes", "replacement",
         "library", "keywords", "costs", "events", "verbs", "restrictions", "players")

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


# The records that end with the stack ("Pila, dalla cima: ..."): a spell cast, an ability activated, a trigger put
# on the stack. Their text shows the stack only when it changed (see :func:`narrate_log`).
STACK_CODES = frozenset({"stack.cast", "stack.activate", "triggers.put_on_stack"})


def narrate_log(records: list[Record], names: Names = PLAIN) -> list[str]:
    """The Italian sentences of a replay's records, in order; the stack is told only when it changed.

    A record of :data:`STACK_CODES` shows the stack (top first) unless it is the same as the last one shown
    with nothing resolved since, or the next record puts another trigger on the stack too: a run of triggers
    shows the stack once, after the last of them. The text function receives the record's parameters with
    ``stack_shown`` (true or false) added; the record itself is not changed.
    """
    table = texts()
    out: list[str] = []
    last: str | None = None
    for i, record in enumerate(records):
        params = record.params
        if record.kind == "resolve":
            last = None
        if record.code in STACK_CODES and isinstance(params.get("stack"), list):
            shown = stack_list(params["stack"], names)
            following = records[i + 1] if i + 1 < len(records) else None
            more = (record.code == "triggers.put_on_stack" and following is not None
                    and following.code == record.code)
            show = shown != last and not more
            if show:
                last = shown
            params = {**params, "stack_shown": show}
        out.append(table[record.code](params, names))
    return out


def message(code: str, params: dict[str, Any], names: Names = PLAIN) -> str:
    """The Italian message of an error code of the rules core (an illegal action, a problem of the file)."""
    fn = texts().get(code)
    return fn(params, names) if fn is not None else code
