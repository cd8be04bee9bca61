"""Card names in the language the scenario used: a card written by its Italian name is shown by it.

The rules core reports the names it knows (the card library's English name, or whatever ``name`` the file
gave). When a scenario refers to a library card by its Italian name (``card: Orso Grizzly``) and does not
rename it, every text of the ruling shows that Italian name instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from judgekit.render.narration.common import Names
from judgekit.scenario.terms import fold


def _objects(data: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every object the file describes: in each zone (a list, or a mapping owner -> list), and cast inline."""
    for zone in ("battlefield", "graveyard", "hand", "exile", "library"):
        value = data.get(zone) or []
        lists = value.values() if isinstance(value, dict) else [value]
        for objs in lists:
            yield from (o for o in objs or [] if isinstance(o, dict))
    for action in data.get("actions") or []:
        cast = action.get("cast")
        if isinstance(cast, dict) and isinstance(cast.get("object"), dict):
            yield cast["object"]


def scenario_names(data: dict[str, Any]) -> Names:
    """The :class:`Names` of a loaded scenario's data: English card name -> the Italian name it was written as."""
    shown: dict[str, str] = {}
    for obj in _objects(data):
        ref, italian, name = obj.get("card"), obj.get("card_name_it"), obj.get("name")
        if ref and italian and name and fold(str(ref)) == fold(str(italian)) and fold(str(name)) != fold(str(italian)):
            shown.setdefault(str(name), str(italian))
    return Names(shown)
