"""Triggered abilities (CR 603): events -> pending triggers -> the stack in APNAP order.

:func:`collect` reads ``game.events`` from ``game.events_seen`` on and adds a :class:`PendingTrigger` for every
triggered ability whose event happened (leaves-the-battlefield abilities look back in time, CR 603.10a,
using the object's last known information). :func:`put_on_stack` puts them on the stack, active player's
first (APNAP, CR 603.3b); a player's own triggers in ``choices.apnap_order`` order or timestamp order;
targets from ``choices[source id]`` or the first legal one.
"""

from __future__ import annotations

from typing import Any

from judgekit.engine.characteristics import all_chars, chars
from judgekit.engine.selectors import SelectorContext, matches
from judgekit.engine.state import Ability, Computed, Game, GameEvent, PendingTrigger, Ref, StackItem
from judgekit.engine.vocab import Zone


def _ctx(game: Game, c: Computed) -> SelectorContext:
    obj = game.objects.get(c.uid)
    return SelectorContext(you=c.controller, source=c.uid, attached_to=obj.attached_to if obj else None,
                           ids=game.ids, players=tuple(p.name for p in game.players))


def _about(game: Game, spec: dict[str, Any], source: Computed, subject: int | None) -> bool:
    """Whether the event's object matches ``of:`` (``self`` or a selector)."""
    if subject is None:
        return False
    of = spec.get("of", "self")
    if of == "self":
        if subject == source.uid:
            return True
        obj = game.objects.get(subject)
        return obj is not None and obj.superseded_by == source.uid
    subj = game.objects.get(subject)
    if subj is None:
        return False
    view = chars(game, subj) if subj.current else (subj.lki or chars(game, subj))
    return matches(of, view, _ctx(game, source))


def _trigger_sources(game: Game) -> list[Computed]:
    table = all_chars(game)
    return [table[o.uid] for o in game.battlefield() if o.uid in table]


def _event_matches(game: Game, ev: GameEvent, ability: Ability, source: Computed) -> int | None | bool:
    """The trigger object if ``ability`` triggers on ``ev`` (True when it triggers with no object), else False."""
    spec = ability.spec["trigger"]
    kind = spec["event"]
    if ev.kind == "zone_change":
        new = ev.data.get("new")
        if kind == "enters" and ev.to_zone == Zone.BATTLEFIELD:
            return new if _about(game, spec, source, new) else False
        if ev.from_zone == Zone.BATTLEFIELD and kind in ("leaves_battlefield", "dies"):
            if kind == "dies":
                old = game.objects.get(ev.obj) if ev.obj is not None else None
                if ev.to_zone != Zone.GRAVEYARD or old is None or old.lki is None or not old.lki.is_creature:
                    return False
            return ev.obj if _about(game, spec, source, ev.obj) else False
        return False
    if ev.kind in ("attacks", "blocks", "becomes_blocked") and kind == ev.kind:
        return ev.obj if _about(game, spec, source, ev.obj) else False
    if ev.kind == "damage" and kind in ("deals_damage", "deals_combat_damage", "deals_combat_damage_to_player"):
        if kind != "deals_damage" and not ev.combat:
            return False
        if kind == "deals_combat_damage_to_player" and ev.player is None:
            return False
        return ev.source if _about(game, spec, source, ev.source) else False
    if ev.kind == "life_gain" and kind == "you_gain_life":
        return ev.player == source.controller
    if ev.kind == "step":
        step = ev.data.get("step")
        wanted = {"beginning_of_upkeep": "upkeep", "beginning_of_end_step": "end",
                  "beginning_of_combat": "beginning_of_combat"}.get(kind)
        return bool(wanted == step and game.active == source.controller)
    return False


def collect(game: Game) -> None:
    """Turn new events into pending triggers (CR 603.2)."""
    events = game.events[game.events_seen:]
    game.events_seen = len(game.events)
    if not events:
        return
    sources = _trigger_sources(game)
    for ev in events:
        candidates = list(sources)
        if ev.kind == "zone_change" and ev.from_zone == Zone.BATTLEFIELD and ev.obj is not None:
            old = game.objects.get(ev.obj)
            if old is not None and old.lki is not None:
                candidates.append(old.lki)
            # Look back in time: permanents that left together (CR 603.10a).
            for other in game.events:
                if other.kind == "zone_change" and other.from_zone == Zone.BATTLEFIELD and other is not ev \
                        and other.obj is not None and other in events:
                    o = game.objects.get(other.obj)
                    if o is not None and o.lki is not None and all(c.uid != o.lki.uid for c in candidates):
                        candidates.append(o.lki)
        for source in candidates:
            for ability in source.abilities:
                if ability.kind != "trigger":
                    continue
                hit = _event_matches(game, ev, ability, source)
                if hit is False:
                    continue
                trigger_object = hit if isinstance(hit, int) and not isinstance(hit, bool) else None
                game.pending.append(PendingTrigger(source_uid=source.uid, ability=ability,
                                                   controller=source.controller or game.objects[source.uid].owner,
                                                   event=ev, trigger_object=trigger_object, source_lki=source))


def _first_legal_target(game: Game, spec: Any, controller: str, source: Computed) -> list[Ref]:
    from judgekit.engine.stack import target_problem

    if spec is None:
        return []
    if isinstance(spec, dict) and spec.get("player"):
        for p in game.players:
            if target_problem(game, spec, p.name, controller, source, source.uid) is None:
                return [p.name]
        return []
    for c in sorted(all_chars(game).values(), key=lambda c: (game.objects[c.uid].timestamp, c.uid)):
        if game.objects[c.uid].zone != Zone.BATTLEFIELD:
            continue
        if target_problem(game, spec, c.uid, controller, source, source.uid) is None:
            return [c.uid]
    return []


def put_on_stack(game: Game) -> None:
    """CR 603.3b: APNAP order; each player orders their own triggers (``choices.apnap_order``)."""
    pending, game.pending = game.pending, []
    order = game.choices.get("apnap_order") or {}
    for player in game.apnap():
        mine = [t for t in pending if t.controller == player]
        if not mine:
            continue
        wanted = order.get(player) if isinstance(order, dict) else None
        if wanted:
            game.used_choices.add("apnap_order")
            mine.sort(key=lambda t: wanted.index(game.objects[t.source_uid].id)
                      if game.objects[t.source_uid].id in wanted else len(wanted))
        else:
            mine.sort(key=lambda t: (game.objects[t.source_uid].timestamp, t.source_uid))
        for t in mine:
            _push(game, t)


def _push(game: Game, t: PendingTrigger) -> None:
    source = t.source_lki or chars(game, t.source_uid)
    src_obj = game.objects[t.source_uid]
    spec = t.ability.spec
    target_spec = spec.get("target")
    targets: list[Ref] = []
    if target_spec is not None:
        chosen = game.choices.get(src_obj.id)
        if isinstance(chosen, list) and chosen:
            game.used_choices.add(src_obj.id)
            ref = chosen.pop(0)
            targets = [game.ref(ref)]
        else:
            targets = _first_legal_target(game, target_spec, t.controller, source)
            if targets:
                game.say("choice", f"Nessuna scelta indicata: l'abilità di {source.name} bersaglia "
                                   f"{game.display(targets[0])} (il primo bersaglio legale).", "603.3d")
        if not targets:
            game.say("trigger", f"L'abilità innescata di {source.name} non ha bersagli legali e viene rimossa "
                                "dalla pila.", "603.3d")
            return
    if spec.get("optional"):
        game.say("choice", f"L'abilità di {source.name} è facoltativa («può»): viene usata.", "603.5")
    item = StackItem(uid=game.new_uid(), kind="triggered", id=src_obj.id, source_name=source.name,
                     controller=t.controller, source_uid=t.source_uid, effect=list(spec.get("effect") or []),
                     targets=targets, target_spec=target_spec, trigger_object=t.trigger_object, optional=bool(
                         spec.get("optional")), source_lki=source)
    game.stack.append(item)
    game.touch()
    event = spec["trigger"]["event"]
    game.say("trigger", f"Si innesca l'abilità di {source.name} ({event}): va in pila sotto il controllo di "
                        f"{t.controller}.", "603.3", "603.3b", objects=[src_obj.id])
