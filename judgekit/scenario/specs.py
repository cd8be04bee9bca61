"""From validated scenario data to the rules core's typed specs (:mod:`judgekit.engine.specs`).

:func:`scenario_specs` takes the normalised data of a loaded scenario (what the loader or the compiled
scenario cache gives) and returns a copy in which every ability, ``effect`` list, ``target``, token and
operation is a frozen spec. The data must already be valid: shapes are not checked again here. The
conversions of single parts come from :mod:`judgekit.engine.specdata` (the game builder uses them too).
"""

from __future__ import annotations

from typing import Any

from judgekit.engine.specdata import (
    VALUE_BASES,
    ability,
    condition,
    cost,
    effect_entry,
    effects,
    object_data,
    ops,
    replacement,
    selector,
    value,
)

__all__ = ["VALUE_BASES", "ability", "condition", "cost", "effect_entry", "effects", "object_data", "ops",
           "scenario_specs", "selector", "value"]

_OBJECT_ZONES = ("graveyard", "hand")


def _effect_in_place(e: dict[str, Any]) -> dict[str, Any]:
    if e.get("replacement") is not None:
        return {**e, "replacement": replacement(e["replacement"])}
    return {**e, "ops": ops(e), "affects": selector(e["affects"])}


def scenario_specs(data: dict[str, Any]) -> dict[str, Any]:
    """A copy of a loaded scenario's data in which everything the rules core executes is a typed spec."""
    out = dict(data)
    out["battlefield"] = [object_data(o) for o in data["battlefield"]]
    for zone in _OBJECT_ZONES:
        out[zone] = {player: [object_data(o) for o in objs] for player, objs in data[zone].items()}
    out["exile"] = [object_data(o) for o in data["exile"]]
    # Libraries (SCENARIO-FORMAT.md 2.6): known cards as objects, whole numbers (unknown cards) as they are.
    out["library"] = {player: [e if isinstance(e, int) else object_data(e) for e in entries]
                      for player, entries in (data.get("library") or {}).items()}
    out["effects"] = [_effect_in_place(e) for e in data.get("effects") or []]
    actions = []
    for action in data.get("actions") or []:
        cast = action.get("cast")
        if isinstance(cast, dict) and isinstance(cast.get("object"), dict):
            action = {"cast": {**cast, "object": object_data(cast["object"])}}
        actions.append(action)
    out["actions"] = actions
    return out
