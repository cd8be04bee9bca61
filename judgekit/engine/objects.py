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
from collections.abc import Callable
from types import MappingProxyType
from typing import Any

from judgekit.engine.characteristics import all_chars, chars
from judgekit.engine.choices import ChooseValue
from judgekit.engine.errors import IllegalAction
from judgekit.engine.layers import copiable_values
from judgekit.engine.replacement import ReplacementEffect, propose, set_copy_hook
from judgekit.engine.selectors import SelectorContext, select
from judgekit.engine.specdata import RULE_OPS
from judgekit.engine.state import (
    Ability,
    Chars,
    Computed,
    ContinuousEffect,
    EventKind,
    Game,
    GameEvent,
    GameObject,
    Ref,
)
from judgekit.engine.turns import source_left
from judgekit.engine.values import cost_colors
from judgekit.engine.vocab import COLOR_ORDER, CREATURE_TYPES, Zone


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
        as_enters=data.get("as_enters"), additional_cost=tuple(data.get("additional_cost") or ()),
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
    if has_replacement(data.get("abilities")) or data.get("as_enters"):
        game.replacement_abilities = True
    obj = GameObject(
        uid=game.new_uid(), id=str(data["id"]), card=make_chars(data), zone=zone, owner=owner,
        controller=controller if zone in (Zone.BATTLEFIELD, Zone.STACK) else None, timestamp=timestamp, seq=seq,
        counters=counters, damage=int(data.get("damage") or 0),
        deathtouch_damage=bool(data.get("deathtouch_damage")), tapped=bool(data.get("tapped")),
        summoning_sick=bool(data.get("summoning_sick")), token=bool(data.get("token")),
        chosen=data.get("chosen"),
    )
    return game.add_object(obj)


# Keeps each library's order when a card leaves or enters one (set by judgekit.engine.library, SCENARIO-FORMAT.md
# 2.6): ``hook(game, old, new, position)``, ``position`` ``library_top`` or ``library_bottom``.
_LIBRARY_HOOK: list[Callable[[Game, GameObject, GameObject, str], None]] = []


def set_library_hook(hook: Callable[[Game, GameObject, GameObject, str], None]) -> None:
    _LIBRARY_HOOK[:] = [hook]


def move(game: Game, obj: GameObject, zone: Zone, *, controller: str | None = None, tapped: bool = False,
         lki: Computed | None = None, counters: dict[str, int] | None = None,
         position: str = "library_top") -> GameObject:
    """Move ``obj`` to ``zone`` as a new object (CR 400.7) and record the zone change.

    The zone change is proposed first (:func:`~judgekit.engine.replacement.propose`): a replacement effect may
    send the object elsewhere, or stop the move (then ``obj`` is returned unchanged). A permanent about to enter
    is proposed as it would exist on the battlefield (:func:`enter`, CR 614.12): it may enter tapped, with
    counters (``counters`` are those it enters with by its own rule, e.g. persist), under another player's
    control or as a copy. The old object keeps its last known information (``lki``, CR 608.2h); anything
    attached to it becomes unattached (state-based actions deal with it); it leaves combat (CR 506.4).
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
        summoning_sick=zone == Zone.BATTLEFIELD, spell_x=obj.spell_x if obj.zone == Zone.STACK else 0,
        spell_copy=obj.spell_copy, copy_of=obj.copy_of if obj.spell_copy else None,
        unknown=obj.unknown,
    )
    entering: GameEvent | None = None
    if zone == Zone.BATTLEFIELD:
        game.objects[new.uid] = new
        entering = enter(game, new, obj.zone, dict(counters or {}))
        if entering is None:
            del game.objects[new.uid]
            game.touch()
            return obj
    obj.lki = lki
    obj.superseded_by = new.uid
    game.objects[new.uid] = new
    game.ids[obj.id] = new.uid
    if (obj.zone == Zone.LIBRARY or zone == Zone.LIBRARY) and _LIBRARY_HOOK:
        _LIBRARY_HOOK[0](game, obj, new, str(proposed.data.get("to") or position))
    if obj.zone == Zone.STACK and zone == Zone.BATTLEFIELD:
        carry_spell_effects(game, obj, new)
    if game.combat is not None:
        game.combat.attackers.pop(obj.uid, None)
        game.combat.blockers.pop(obj.uid, None)
    if entering is not None:
        entered(game, new, entering)
    if game.source_bound and obj.zone == Zone.BATTLEFIELD:
        source_left(game, obj)
    game.emit(dataclasses.replace(proposed, to_zone=zone,
                                  data={"new": new.uid, "controller": lki.controller if lki else None}))
    if zone == Zone.BATTLEFIELD and new.counters:
        from judgekit.engine.events import entering_counters

        entering_counters(game, new)
    game.touch()
    return new


def enter(game: Game, new: GameObject, from_zone: str | None, counters: dict[str, int]) -> GameEvent | None:
    """A permanent about to enter the battlefield, proposed as it would exist there (CR 614.1c, 614.12): the
    event that comes out (``data``: ``tapped``, ``counters``, ``controller``, ``copy``), or None if it does not
    enter. Loyalty and defense counters (CR 306.5b, 310.4b) are counters it enters with."""
    c = new.card
    counters = dict(counters)
    if c.loyalty is not None and "loyalty" not in new.counters:
        counters["loyalty"] = counters.get("loyalty", 0) + c.loyalty
    if c.defense is not None and "defense" not in new.counters:
        counters["defense"] = counters.get("defense", 0) + c.defense
    game.touch()
    event = GameEvent(EventKind.ZONE_CHANGE, obj=new.uid, from_zone=from_zone, to_zone=Zone.BATTLEFIELD,
                      data={"entering": True, "controller": new.controller, "counters": counters,
                            "x": new.spell_x})
    if not game.replacement_abilities and not game.replacements:
        return event
    return propose(game, event)


def entered(game: Game, new: GameObject, event: GameEvent) -> None:
    """What the entering event says, done as the permanent enters (CR 614.1c): its controller, tapped, its
    counters (each kind proposed as counters put on it, so ``would_put_counters`` effects apply), then the
    choice it makes as it enters (:func:`as_enters_choice`)."""
    data = event.data
    if data.get("controller"):
        new.controller = str(data["controller"])
    if data.get("tapped"):
        new.tapped = True
    for kind, n in (data.get("counters") or {}).items():
        if n <= 0:
            continue
        if game.replacement_abilities or game.replacements:
            ev = propose(game, GameEvent(EventKind.COUNTERS, obj=new.uid, amount=n, data={"kind": kind}))
            n = ev.amount if ev is not None else 0
        if n > 0:
            new.counters[kind] = new.counters.get(kind, 0) + n
    game.touch()
    as_enters_choice(game, new)


def has_replacement(abilities: Any) -> bool:
    """Whether a list of ability specs has a replacement ability, also one a static ability gives."""
    for spec in abilities or ():
        if getattr(spec, "kind", None) == "replacement":
            return True
        static = getattr(spec, "static", None)
        if static is not None and (any(static.ops.get(op) for op in RULE_OPS)
                                   or has_replacement(static.ops.get("add_abilities"))):
            return True
    return False


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
    return [e for e in game.effects if e.affected is not None and permanent.uid in e.affected
            and e.copy_values is None]


def move_to(game: Game, obj: GameObject, zone: Zone, *, controller: str | None = None,
            lki: Computed | None = None, counters: dict[str, int] | None = None, tapped: bool = False,
            position: str = "library_top") -> GameObject:
    """:func:`move`, also taking a spell moved off the stack this way out of the stack (it will not resolve)."""
    if obj.zone == Zone.STACK:
        game.stack = [item for item in game.stack if item.object_uid != obj.uid]
    return move(game, obj, zone, controller=controller, lki=lki, counters=counters, tapped=tapped,
                position=position)


# ------------------------------------------------------------------------------------------------------
# Entering as a copy, "as enters" choices (SCENARIO-FORMAT.md 2.4)


def _candidate_name(game: Game, uid: int) -> str:
    return chars(game, game.objects[uid]).name


def _pick(game: Game, value: Any, candidates: tuple[Ref, ...]) -> Ref | None:
    """The candidate an answer names: itself (a default), an id, or a name (ignoring case)."""
    if value in candidates:
        return value
    text = str(value).casefold()
    for c in candidates:
        if isinstance(c, int) and text in (game.objects[c].id.casefold(), _candidate_name(game, c).casefold()):
            return c
        if isinstance(c, str) and c.casefold() == text:
            return c
    return None


def enter_as_copy(game: Game, effect: ReplacementEffect, event: GameEvent) -> GameEvent | None:
    """CR 707.9, 614.1c: the entering object becomes a copy of an object chosen as it enters, among those on the
    battlefield that ``copy_of`` picks (the entering object is not there yet); default: the oldest. The copy is a
    layer 1 effect with the object's timestamp (613.2a) holding the copiable values of the original as they are
    now (707.2, 707.3), so it stays a copy if the original later leaves; ``except`` adds to them (707.9b)."""
    new = game.objects[event.obj] if event.obj is not None else None
    then = effect.spec.then
    if new is None or then.copy_of is None:
        return event
    controller = str(event.data.get("controller") or new.controller or new.owner)
    ctx = SelectorContext(you=controller, source=new.uid, ids=game.ids, players=tuple(p.name for p in game.players))
    views = [v for v in all_chars(game).values() if v.uid != new.uid and v.zone == Zone.BATTLEFIELD]
    picked = select(then.copy_of, views, ctx)
    candidates = tuple(sorted(picked, key=lambda u: (game.objects[u].timestamp, game.objects[u].seq)))
    if not candidates:
        game.record("replacement", "replacement.copy_nothing", "614.1c", "707.2", objects=[new.id],
                    name=new.card.name)
        return event
    if not effect.ask_optional(game, event):
        return event
    decision = game.chooser.choose(ChooseValue(new.id, controller, candidates, group=new.uid, rule="614.1c"))
    chosen = _pick(game, decision.value, candidates)
    if chosen is None or not isinstance(chosen, int):
        raise IllegalAction("replacement.copy_not_candidate", rule="614.1c", key=decision.key, value=decision.value,
                            name=new.card.name, candidates=[_candidate_name(game, c) for c in candidates])
    original = game.objects[chosen]
    values = copiable_values(game, chosen)
    ops: dict[str, Any] = {"copy_of": original.id}
    if then.except_:
        ops["except"] = then.except_
    game.effects.append(ContinuousEffect(
        uid=game.new_uid(), ops=MappingProxyType(ops), timestamp=new.timestamp, source_name=new.card.name,
        controller=controller, source_uid=new.uid, affected=[new.uid], duration="permanent",
        order=(0, game.new_uid()), copy_values=values))
    game.touch()
    result = dataclasses.replace(event, data={**event.data, "copy": values.name if values else original.card.name,
                                              "copy_id": original.id})
    effect.record(game, event, result)
    return result


# CR 614.1c, SCENARIO-FORMAT.md 2.4: what each "as enters" choice may name, the default first where it is fixed.
_CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker",
               "Sorcery")
_BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def _as_enters_candidates(game: Game, obj: GameObject, kind: str) -> tuple[str, ...]:
    if kind == "color":
        return tuple(COLOR_ORDER)
    if kind == "card_type":
        return _CARD_TYPES
    if kind == "basic_land_type":
        return _BASIC_LAND_TYPES
    if kind == "player":
        names = [p.name for p in game.players]
        you = obj.controller or obj.owner
        return (*[n for n in names if n != you], you)
    # creature_type: the first creature type, in written order, of the oldest creature its controller controls.
    first = "Advisor"
    mine = [o for o in game.battlefield() if o.uid != obj.uid and o.controller == obj.controller]
    for o in sorted(mine, key=lambda o: (o.timestamp, o.seq)):
        c = chars(game, o)
        kinds = [t for t in c.subtypes if t in CREATURE_TYPES]
        if c.is_creature and kinds:
            first = kinds[0]
            break
    return (first, *sorted(CREATURE_TYPES - {first}))


def as_enters_choice(game: Game, obj: GameObject) -> None:
    """CR 614.1c: the choice a permanent with an "as enters" ability makes as it enters (SCENARIO-FORMAT.md 2.4),
    by its controller: the value is kept on the object (``chosen``), not copiable (707.2)."""
    if not game.replacement_abilities:
        return
    c = chars(game, obj)
    kind = c.as_enters
    if kind is None:
        return
    controller = obj.controller or obj.owner
    candidates = _as_enters_candidates(game, obj, kind)
    # Its own decision group: an entering copy's choice of what to copy is the first (2.2, one ANSWER each).
    decision = game.chooser.choose(ChooseValue(obj.id, controller, candidates, group=-obj.uid, rule="614.1c"))
    value = _pick(game, decision.value, candidates)
    if value is None:
        raise IllegalAction("replacement.bad_as_enters", rule="614.1c", key=decision.key, value=decision.value,
                            name=c.name, kind=kind)
    obj.chosen = str(value)
    game.touch()
    game.record("choice", "effects.as_enters_choice", "614.1c", objects=[obj.id], name=c.name, player=controller,
                choice=kind, value=obj.chosen, given=decision.given)


set_copy_hook(enter_as_copy)
