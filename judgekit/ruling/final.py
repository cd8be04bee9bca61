"""The final state of a replay as the result document reports it (SCENARIO-FORMAT.md "Result", 2.10).

The same document describes the state at a ``check`` action (:func:`final_state` works on any moment).
"""

from __future__ import annotations

from typing import Any

from judgekit.engine.characteristics import chars
from judgekit.engine.layers import creature_types_of
from judgekit.engine.library import size as library_size
from judgekit.engine.state import Game
from judgekit.engine.vocab import Zone


def object_result(game: Game, oid: str) -> dict[str, Any]:
    """One entry of ``final.objects`` (SCENARIO-FORMAT.md): every field present."""
    obj = game.obj(oid)
    zone = str(obj.zone)
    if obj.token and obj.zone not in (Zone.BATTLEFIELD,):
        zone = "gone"
    if obj.zone == Zone.GONE or (obj.spell_copy and obj.zone != Zone.STACK):
        zone = "gone"
    c = obj.lki if obj.zone == Zone.GONE and obj.lki is not None else chars(game, obj)
    attached = game.objects[obj.attached_to].id if obj.attached_to is not None else None
    creature = "Creature" in c.types
    return {
        # An unknown library card has no name (SCENARIO-FORMAT.md 2.6).
        "zone": zone, "name": None if obj.unknown else c.name,
        "controller": c.controller if obj.zone in (Zone.BATTLEFIELD, Zone.STACK) else None,
        "owner": obj.owner, "types": sorted(set(c.types)), "subtypes": creature_types_of(c),
        "supertypes": sorted(set(c.supertypes)), "colors": sorted(set(c.colors)),
        "power": c.power if creature else None, "toughness": c.toughness if creature else None,
        "damage": obj.damage, "counters": {k: v for k, v in sorted(obj.counters.items()) if v > 0},
        "keywords": sorted(set(c.keywords)),
        "abilities": sorted({a.label() for a in c.abilities if a.kind != "mana"}),
        "mana": c.mana, "tapped": obj.tapped, "attached_to": attached, "token": obj.token,
        # 2.10: the "as enters" choice and what the object entered as a copy of (2.4); null otherwise.
        "chosen": obj.chosen, "copy_of": obj.copy_of or _entered_copy_of(game, obj.uid),
        # CR 202.3: X counts the value chosen while the object is a spell on the stack (202.3e), 0 elsewhere.
        "mana_value": c.mana_value,
    }


def _entered_copy_of(game: Game, uid: int) -> str | None:
    """The id of the object ``uid`` entered as a copy of (CR 707.9, SCENARIO-FORMAT.md 2.4), if any."""
    found = None
    for e in game.effects:
        if e.copy_values is not None and e.affected is not None and uid in e.affected:
            found = str(e.ops.get("copy_of"))
    return found


def player_result(game: Game, name: str) -> dict[str, Any]:
    """One entry of ``final.players`` (2.10): ``life``, ``poison``, ``lost``, ``hand`` and ``library`` (numbers
    of cards; the library counts known and unknown cards, SCENARIO-FORMAT.md 2.6)."""
    p = game.player(name)
    return {"life": p.life, "poison": p.poison, "lost": p.lost,
            "hand": len(game.in_zone(Zone.HAND, name)), "library": library_size(game, name)}


def final_state(game: Game) -> dict[str, Any]:
    names = list(dict.fromkeys([*game.named, *game.ids]))
    named = set(game.named)
    # An unknown library card is reported only when the file names it by id (SCENARIO-FORMAT.md 2.6).
    objects = {oid: object_result(game, oid) for oid in names
               if oid in game.ids and (oid in named or not game.obj(oid).unknown)}
    stack = []
    for item in game.stack:
        stack.append({"kind": item.kind, "id": item.id, "source": item.source_name, "controller": item.controller,
                      "targets": [t if isinstance(t, str) else game.objects[t].id for t in item.targets]})
    return {
        # Every player in turn order, those who left the game included (2.9).
        "players": {name: player_result(game, name) for name in game.seats},
        "objects": objects,
        "stack": stack,
        # Where the replay stopped (2.10): the turn number, whose turn it is, the step (cleanup after end_turn).
        "turn": game.turn,
        "active_player": None if game.active_left() else game.active,   # 800.4j: a turn without one
        "step": game.step.value,
    }
