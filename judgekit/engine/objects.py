"""Objects and zone changes: making an object from its data, moving it to another zone (CR 400.7).

An object that changes zones becomes a new object with no memory of its previous existence (CR 400.7): the
old one keeps its last known information (``lki``, CR 608.2h) and points at its successor. A token that leaves
the battlefield is put in the new zone and ceases to exist at the next state-based-action check (704.5d).

One exception is kept here, where zone changes happen: the effects of resolved spells and abilities that changed
a permanent spell's characteristics or controller on the stack continue to apply to the permanent that spell
becomes (CR 400.7a): the permanent joins their affected set (:func:`carry_spell_effects`).
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from typing import Any

from judgekit.engine.characteristics import chars
from judgekit.engine.replacement import propose
from judgekit.engine.state import (
    Ability,
    Chars,
    Computed,
    ContinuousEffect,
    EventKind,
    Game,
    GameEvent,
    GameObject,
)
from judgekit.engine.values import cost_colors
from judgekit.engine.vocab import Zone


def slug(name: str) -> str:
    """An id made from a name (SCENARIO-FORMAT.md 2.1, Automatic ids): accents and apostrophes removed, lower
    case, every run of characters other than a-z and 0-9 replaced by one ``-``, no ``-`` at either end
    (``"Painter's Servant"`` -> ``painters-servant``). Empty when nothing is left."""
    text = unicodedata.normalize("NFKD", name.replace("'", "").replace("\u2019", "").lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def token_id(game: Game, base: str) -> str:
    """The id of the next token created with id base ``base`` (SCENARIO-FORMAT.md 2.1, Token ids).

    The first token with a base in the game gets the base itself, the later ones ``BASE#2``, ``BASE#3``... in
    the order they are created, across all effects; when the base is already the id of an object of the
    scenario, numbering starts at ``#2``. An id some object already has is skipped."""
    n = game.token_numbers.get(base)
    if n is None:
        n = 1 if (base in game.ids or base in game.named) else 0
    while True:
        n += 1
        tid = base if n == 1 else f"{base}#{n}"
        if tid not in game.ids and tid not in game.named:
            break
    game.token_numbers[base] = n
    return tid


def make_chars(data: dict[str, Any]) -> Chars:
    """Copiable values from an object's data (card fields, with ``abilities``, ``effect`` and ``target`` as
    typed specs, see :func:`judgekit.engine.specdata.object_data`), CR 707.2; colours from the mana cost
    (202.2)."""
    colors = data.get("colors")
    if colors is None:
        colors = cost_colors(data.get("mana_cost"))
    abilities = []
    for i, spec in enumerate(data.get("abilities") or ()):
        abilities.append(Ability(spec.kind, spec, "text", None, f"a{i}"))
    return Chars(
        name=str(data.get("name") or data.get("card") or data.get("id") or "?"),
        mana_cost=data.get("mana_cost"), colors=sorted(set(colors)), types=list(data.get("types") or []),
        supertypes=list(data.get("supertypes") or []), subtypes=list(data.get("subtypes") or []),
        power=data.get("power"), toughness=data.get("toughness"), loyalty=data.get("loyalty"),
        defense=data.get("defense"), keywords=list(dict.fromkeys(data.get("keywords") or [])), abilities=abilities,
        effect=tuple(data.get("effect") or ()), target=data.get("target"), modal=data.get("modes"),
    )


def make_object(game: Game, data: dict[str, Any], zone: Zone, owner: str, controller: str | None,
                timestamp: int, seq: int) -> GameObject:
    """A new object in ``zone`` from its data (its status fields included)."""
    counters = {k: v for k, v in (data.get("counters") or {}).items() if v}
    if zone == Zone.BATTLEFIELD:
        if data.get("loyalty") is not None and "loyalty" not in counters:
            counters["loyalty"] = int(data["loyalty"])
        if data.get("defense") is not None and "defense" not in counters:
            counters["defense"] = int(data["defense"])
    obj = GameObject(
        uid=game.new_uid(), id=str(data["id"]), card=make_chars(data), zone=zone, owner=owner,
        controller=controller if zone in (Zone.BATTLEFIELD, Zone.STACK) else None, timestamp=timestamp, seq=seq,
        counters=counters, damage=int(data.get("damage") or 0),
        deathtouch_damage=bool(data.get("deathtouch_damage")), tapped=bool(data.get("tapped")),
        summoning_sick=bool(data.get("summoning_sick")), token=bool(data.get("token")),
    )
    return game.add_object(obj)


def move(game: Game, obj: GameObject, zone: Zone, *, controller: str | None = None, tapped: bool = False,
         lki: Computed | None = None) -> GameObject:
    """Move ``obj`` to ``zone`` as a new object (CR 400.7) and record the zone change.

    The zone change is proposed first (:func:`~judgekit.engine.replacement.propose`): a replacement effect may
    send the object elsewhere, or stop the move (then ``obj`` is returned unchanged). The old object keeps its
    last known information (``lki``, CR 608.2h); anything attached to it becomes unattached (state-based
    actions deal with it); it leaves combat (CR 506.4).
    """
    proposed = propose(game, GameEvent(EventKind.ZONE_CHANGE, obj=obj.uid, from_zone=obj.zone, to_zone=zone))
    if proposed is None or proposed.to_zone is None:
        return obj
    zone = Zone(proposed.to_zone)
    if lki is None:
        lki = chars(game, obj)
    game.seq += 1
    new = GameObject(
        uid=game.new_uid(), id=obj.id, card=obj.card.clone(), zone=zone, owner=obj.owner,
        controller=(controller or obj.owner) if zone in (Zone.BATTLEFIELD, Zone.STACK) else None,
        timestamp=game.new_timestamp(), seq=obj.seq, token=obj.token, tapped=tapped,
        summoning_sick=zone == Zone.BATTLEFIELD,
    )
    if zone == Zone.BATTLEFIELD and obj.card.loyalty is not None:
        new.counters["loyalty"] = obj.card.loyalty
    if zone == Zone.BATTLEFIELD and obj.card.defense is not None:
        new.counters["defense"] = obj.card.defense
    obj.lki = lki
    obj.superseded_by = new.uid
    game.objects[new.uid] = new
    game.ids[obj.id] = new.uid
    if obj.zone == Zone.STACK and zone == Zone.BATTLEFIELD:
        carry_spell_effects(game, obj, new)
    if game.combat is not None:
        game.combat.attackers.pop(obj.uid, None)
        game.combat.blockers.pop(obj.uid, None)
    game.emit(dataclasses.replace(proposed, to_zone=zone,
                                  data={"new": new.uid, "controller": lki.controller if lki else None}))
    game.touch()
    return new


def carry_spell_effects(game: Game, spell: GameObject, permanent: GameObject) -> list[ContinuousEffect]:
    """CR 400.7a: the effects from spells and abilities that change the characteristics or controller of the
    permanent spell ``spell`` continue to apply to ``permanent``, the object it became on the battlefield (their
    fixed affected set, CR 611.2c, gains it). Static abilities are not such effects: what they affect is looked
    at anew (611.3a). Returns the effects carried."""
    carried = []
    for effect in game.effects:
        if effect.affected is not None and spell.uid in effect.affected and permanent.uid not in effect.affected:
            effect.affected.append(permanent.uid)
            carried.append(effect)
    return carried


def carried_effects(game: Game, permanent: GameObject) -> list[ContinuousEffect]:
    """The effects that apply to ``permanent`` because they changed the spell it was (CR 400.7a)."""
    return [e for e in game.effects if e.affected is not None and permanent.uid in e.affected]


def move_to(game: Game, obj: GameObject, zone: Zone, *, controller: str | None = None,
            lki: Computed | None = None) -> GameObject:
    """:func:`move`, also taking a spell moved off the stack this way out of the stack (it will not resolve)."""
    if obj.zone == Zone.STACK:
        game.stack = [item for item in game.stack if item.object_uid != obj.uid]
    return move(game, obj, zone, controller=controller, lki=lki)
