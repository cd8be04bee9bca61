"""One-shot verbs of SCENARIO-FORMAT.md 2.7: excess damage, token copies, returning to the battlefield, spell
copies, gaining control, proliferating, doubling and moving counters.

The verbs register themselves in :data:`judgekit.engine.effects.VERBS` when this module is imported (the
priority point imports it, and so do the scenario models). The verbs that create or move objects are wrapped
so that, after each of their entries, ``EffectContext.created`` lists the objects they put into a zone, each as
the new object it became there (CR 400.7; the reference ``created``): the new objects of the zone changes the
entry emitted, followed to their newest incarnation, and the spell copies it put on the stack.

:func:`lethal_damage` and :func:`excess_damage` are the one reading of "lethal damage" for ``excess_to`` and
the VALUE ``excess_damage`` (CR 120.4a, 702.2c).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from judgekit.engine import effects as fx
from judgekit.engine.characteristics import chars
from judgekit.engine.choices import ChooseRefs
from judgekit.engine.effects import VERBS, EffectContext, Verb, deal_damage, resolve_refs, value_context
from judgekit.engine.errors import IllegalAction, ScenarioProblem
from judgekit.engine.events import last_controller
from judgekit.engine.layers import copiable_values
from judgekit.engine.objects import has_replacement, make_object, move_to, slug, token_id
from judgekit.engine.replacement import propose
from judgekit.engine.specs import EffectEntry, Ops, ReturnParam, TokenSpec
from judgekit.engine.stack import stack_items, target_problem_data
from judgekit.engine.state import (
    Chars,
    Computed,
    ContinuousEffect,
    EventKind,
    Game,
    GameEvent,
    GameObject,
    Ref,
    StackItem,
)
from judgekit.engine.values import amount as value_amount
from judgekit.engine.vocab import Zone

# ------------------------------------------------------------------------------------------------------
# References in a verb's options


def _refs_as_last_known(game: Game, ctx: EffectContext, ref: Any) -> list[Ref]:
    """What ``ref`` names, the targets included even when they have become illegal (to read what they were,
    CR 608.2h): ``{controller_of: REF}`` and ``{owner_of: REF}`` name players (References, 2.7)."""
    if isinstance(ref, Mapping):
        key = "controller_of" if ref.get("controller_of") is not None else "owner_of"
        out: list[Ref] = []
        for r in _refs_as_last_known(game, ctx, ref[key]):
            if isinstance(r, str):
                player = r
            else:
                obj = game.objects[r]
                player = obj.owner if key == "owner_of" else _last_controller(game, obj)
            if player not in out:
                out.append(player)
        return out
    if ref == "target":
        return list(ctx.targets[:1])
    if ref == "targets":
        return list(ctx.targets)
    return resolve_refs(game, ctx, ref, None)


def _last_controller(game: Game, obj: GameObject) -> str:
    """The controller of an object as it last existed on the battlefield or the stack (CR 608.2h); its owner
    when it has none."""
    return last_controller(game, obj.uid) or obj.owner


def player_ref(game: Game, ctx: EffectContext, ref: Any) -> str | None:
    """The one player a REF names (``you``, a name, ``{controller_of: target}``...), or None."""
    return next((r for r in _refs_as_last_known(game, ctx, ref) if isinstance(r, str)), None)


# ------------------------------------------------------------------------------------------------------
# Lethal damage (CR 120.4a)


def lethal_damage(game: Game, source: Computed, target: GameObject) -> int | None:
    """The damage that is lethal to ``target`` now, for excess damage (CR 120.4a): for a creature, its toughness
    minus the damage already marked on it, and from a deathtouch source at most 1 (702.2c); for a planeswalker
    its loyalty, for a battle its defense. None for anything else (all the damage it is dealt is then excess)."""
    c = chars(game, target)
    if c.is_creature:
        if target.deathtouch_damage and target.damage > 0:
            return 0
        left = max(0, (c.toughness or 0) - target.damage)
        return min(left, 1) if source.has("deathtouch") else left
    if c.is_type("Planeswalker"):
        return target.counters.get("loyalty", 0)
    if c.is_type("Battle"):
        return target.counters.get("defense", 0)
    return None


def excess_damage(game: Game, source: Computed, target: GameObject, amount: int) -> int:
    """The part of ``amount`` damage from ``source`` to ``target`` beyond lethal damage (CR 120.4a)."""
    lethal = lethal_damage(game, source, target)
    return 0 if lethal is None else max(0, amount - lethal)


def verb_damage(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 120, 120.4a: ``damage`` with ``excess_to``: the part beyond lethal damage to a creature (its loyalty for a
    planeswalker, its defense for a battle) is dealt to ``excess_to`` instead, by the same source in the same
    damage event. Without it, the version 1 verb."""
    excess_to = (entry.options or {}).get("excess_to")
    if excess_to is None:
        fx.verb_damage(game, ctx, entry, refs)
        return
    total = value_amount(entry.param, value_context(game, ctx))
    src = fx._source(game, ctx)
    elsewhere = _refs_as_last_known(game, ctx, excess_to)
    for r in refs:
        part = (ctx.division or {}).get(r, 0) if entry.divided else total
        extra = 0
        if isinstance(r, int):
            obj = game.objects.get(r)
            if obj is None or not obj.current or obj.zone != Zone.BATTLEFIELD:
                continue
            extra = excess_damage(game, src, obj, part)
        if extra:
            part -= extra
            game.record("damage", "verbs.excess_damage", "120.4a", objects=[game.objects[r].id] if isinstance(r, int)
                        else [], source=src.name, amount=extra, target=game.display(r),
                        to=[game.display(e) for e in elsewhere])
        deal_damage(game, src, r, part)
        for e in elsewhere:
            deal_damage(game, src, e, extra)


# ------------------------------------------------------------------------------------------------------
# Tokens that are copies (CR 707.2, 707.9)


def _copiable(game: Game, obj: GameObject) -> Chars:
    """The copiable values of ``obj`` (CR 707.2, 707.3): now, or as it last existed if it has left its zone."""
    if obj.current and obj.zone != Zone.GONE:
        found = copiable_values(game, obj.uid)
        if found is not None:
            return found
    for e in game.effects:
        if e.copy_values is not None and e.affected is not None and obj.uid in e.affected:
            return e.copy_values.clone()
    return obj.card.clone()


def verb_create_token(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 111.2: tokens, ``count`` of them (a VALUE). With ``copy_of``: copies of that object (707.2), with the
    exceptions of ``except`` (707.9), read as it is now or as it last existed; each is a layer 1 copy effect with
    the token's timestamp, and its "enters" abilities trigger (707.5)."""
    token: TokenSpec = entry.param
    count = value_amount(token.count, value_context(game, ctx))
    if token.copy_of is None:
        fx.verb_create_token(game, ctx, dataclasses.replace(entry, param=dataclasses.replace(token, count=count)), refs)
        return
    original = next((game.objects[r] for r in _refs_as_last_known(game, ctx, token.copy_of) if isinstance(r, int)),
                    None)
    if original is None:
        game.record("effect", "verbs.copy_nothing", "707.2", source=ctx.source_name)
        return
    values = _copiable(game, original)
    count = fx.tokens_to_create(game, ctx, dataclasses.replace(token, count=count))
    base = str(token.data.get("id") or slug(values.name) or "token")
    owner = ctx.controller
    if has_replacement([a.spec for a in values.abilities]) or values.as_enters:
        game.replacement_abilities = True
    ops: dict[str, Any] = {"copy_of": original.id}
    if token.except_:
        ops["except"] = token.except_
    for _n in range(count):
        tid = token_id(game, base)
        game.seq += 1
        obj = make_object(game, {"id": tid, "name": values.name, "token": True}, Zone.BATTLEFIELD, owner, owner,
                          game.new_timestamp(), game.seq)
        obj.card = values.clone()
        obj.summoning_sick = True
        game.effects.append(ContinuousEffect(
            uid=game.new_uid(), ops=MappingProxyType(ops), timestamp=obj.timestamp, source_name=values.name,
            controller=owner, source_uid=obj.uid, affected=[obj.uid], duration="permanent",
            order=(0, game.new_uid()), copy_values=values))
        game.touch()
        if not fx.token_enters(game, obj, owner):
            continue
        c = chars(game, obj)
        game.record("effect", "verbs.token_copy_created", "111.2", "707.2", *(["707.9b"] if token.except_ else []),
                    objects=[tid, original.id], player=owner, name=c.name, id=tid, original=original.id,
                    keywords=list(token.except_.get("add_keywords") or ()) if token.except_ else [],
                    timestamp=obj.timestamp, left=not original.current)


# ------------------------------------------------------------------------------------------------------
# Returning to the battlefield (CR 400.7, 122.6)


def verb_return_to_battlefield(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """The ``to:`` objects enter the battlefield from any zone but the battlefield and the stack, as new objects
    (CR 400.7), under their owner's control or ``under`` a player's, ``tapped``, with ``counters`` (each kind a
    counters event that replacement effects may change, 122.6). A token that has left the battlefield can't
    (111.8). Persist and undying (a ``ReturnParam``) keep the version 1 verb."""
    if isinstance(entry.param, ReturnParam):
        fx.verb_return_to_battlefield(game, ctx, entry, refs)
        return
    opts = entry.options or {}
    under = player_ref(game, ctx, opts["under"]) if opts.get("under") is not None else None
    vctx = value_context(game, ctx)
    counters = {k: value_amount(v, vctx) for k, v in (opts.get("counters") or {}).items()}
    counters = {k: n for k, n in counters.items() if n > 0}
    objs = [o for o in fx._objects(game, refs) if o.zone not in (Zone.BATTLEFIELD, Zone.STACK, Zone.GONE)]
    for o in objs:
        if o.token:
            game.record("effect", "verbs.token_not_returned", "111.8", objects=[o.id], name=o.card.name)
            continue
        controller = under or o.owner
        zone = str(o.zone)
        back = move_to(game, o, Zone.BATTLEFIELD, controller=controller, counters=dict(counters),
                       tapped=bool(opts.get("tapped")))
        if back is o:
            continue
        got = {k: back.counters.get(k, 0) for k in counters if back.counters.get(k, 0) > 0}
        if back.zone != Zone.BATTLEFIELD:
            continue
        game.record("effect", "verbs.returned_to_battlefield", "400.7", *(["122.6"] if counters else []),
                    objects=[o.id], name=o.card.name, zone=zone, owner=o.owner, controller=back.controller,
                    tapped=back.tapped, counters=got, timestamp=back.timestamp)


# ------------------------------------------------------------------------------------------------------
# Copies of spells and abilities (CR 707.10)


def _stack_items(game: Game, refs: list[Ref]) -> list[StackItem]:
    found: list[StackItem] = []
    for r in refs:
        for item in game.stack:
            if (item.object_uid == r or item.uid == r) and item not in found:
                found.append(item)
    return found


def verb_copy_spell(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 707.10: a copy of each ``to:`` spell or ability on the stack, put on the stack under the effect's
    controller with the original's modes, targets, X, division and costs paid; it is not cast (707.10). Its
    controller may choose new targets (707.10c): ``targets`` of the copying source's ANSWER; a changed target must
    be legal (115.7d). A spell copy's id is numbered from the copied spell's id (``bolt#2``)."""
    allow_new = (entry.options or {}).get("new_targets", True) is not False
    src = game.objects.get(ctx.source_uid) if ctx.source_uid is not None else None
    source_id = src.id if src is not None else ctx.source_name
    for item in _stack_items(game, refs):
        copy_obj: GameObject | None = None
        source_uid = item.source_uid
        if item.kind == "spell" and item.object_uid is not None:
            orig = game.objects[item.object_uid]
            cid = token_id(game, orig.id)
            game.seq += 1
            copy_obj = game.add_object(GameObject(
                uid=game.new_uid(), id=cid, card=_copiable(game, orig), zone=Zone.STACK, owner=ctx.controller,
                controller=ctx.controller, timestamp=game.new_timestamp(), seq=game.seq, spell_x=orig.spell_x,
                spell_copy=True, copy_of=orig.id))
            if cid not in game.named:
                game.named.append(cid)
            source_uid = copy_obj.uid
        else:
            cid = item.id
        new = dataclasses.replace(
            item, uid=game.new_uid(), id=cid, controller=ctx.controller, source_uid=source_uid,
            object_uid=copy_obj.uid if copy_obj is not None else None, targets=list(item.targets),
            modes=[dataclasses.replace(m, targets=list(m.targets)) for m in item.modes] if item.modes else item.modes,
            division=dict(item.division) if item.division else item.division, effect=list(item.effect))
        if copy_obj is not None:
            copy_obj.stack_item = new.uid
        changed = _new_targets(game, ctx, source_id, item, new) if allow_new and item.targets and \
            item.modes is None else False
        game.stack.append(new)
        game.touch()
        if copy_obj is not None:
            fx.note_created(ctx, [copy_obj.uid])
        game.record("effect", "verbs.spell_copied", "707.10", *(["707.10c"] if changed else []),
                    objects=[cid, item.id], player=ctx.controller, name=item.source_name, id=cid,
                    ability=item.kind != "spell", original=item.id,
                    targets=[game.display(t) for t in new.targets], new_targets=changed,
                    stack=stack_items(game))


def _new_targets(game: Game, ctx: EffectContext, source_id: str, item: StackItem, new: StackItem) -> bool:
    """CR 707.10c, 115.7d: the copy's controller may change its targets; each changed target must be legal for the
    copy. The answer lists every target of the copy, in order. Returns whether a target changed."""
    copy_chars = source_chars_of(game, new)
    candidates: list[Ref] = [o.uid for o in sorted(
        (o for o in game.objects.values() if o.current and o.zone != Zone.GONE),
        key=lambda o: (o.timestamp, o.seq, o.uid))]
    candidates += [p.name for p in game.players]
    decision = game.chooser.choose(ChooseRefs(source_id, ctx.controller, tuple(candidates), tuple(item.targets),
                                              group=new.uid, purpose="copy_targets"))
    if not decision.given:
        return False
    chosen: list[Ref] = []
    for t in decision.value:
        if isinstance(t, int) or game.is_player(str(t)):
            chosen.append(t)
        elif str(t) in game.ids:
            chosen.append(game.ids[str(t)])
        else:
            raise ScenarioProblem("verbs.unknown_new_target", decision.key, target=str(t))
    if len(chosen) != len(item.targets):
        raise IllegalAction("verbs.copy_target_count", rule="115.7d", key=decision.key, name=item.source_name,
                            wanted=len(item.targets), given=len(chosen))
    for old, t in zip(item.targets, chosen, strict=True):
        if t == old:
            continue
        found = target_problem_data(game, item.target_spec, t, ctx.controller, copy_chars, new.source_uid)
        if found is not None:
            code, rule, params = found
            raise IllegalAction("verbs.copy_target_illegal", rule="115.7d", key=decision.key, name=item.source_name,
                                target=game.display(t), problem={"code": code, "rule": rule, "params": params})
    if new.division:
        new.division = {t: item.division.get(old, 0) for old, t in zip(item.targets, chosen, strict=True)} \
            if item.division else None
    new.targets = chosen
    return chosen != list(item.targets)


def source_chars_of(game: Game, item: StackItem) -> Computed | None:
    obj = game.objects.get(item.source_uid) if item.source_uid is not None else None
    if obj is not None and obj.current:
        return chars(game, obj)
    return item.source_lki


# ------------------------------------------------------------------------------------------------------
# Gaining control (CR 613.1b)


def verb_gain_control(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """A control-changing effect (layer 2, CR 613.1b) with a new timestamp (613.7b): ``true`` gives the ``to:``
    permanents to the effect's controller, a REF to the player it names. ``duration`` defaults to ``permanent``
    (611.2a); otherwise it is the operation ``control``."""
    param = entry.param
    player = ctx.controller if param is True else player_ref(game, ctx, param)
    if player is None:
        return
    ops: Ops = MappingProxyType({"control": player})
    fx.create_continuous_effect(game, ctx, dataclasses.replace(entry, verb=None, param=None, ops=ops,
                                                               duration=entry.duration or "permanent"), refs)


# ------------------------------------------------------------------------------------------------------
# Counters: proliferate, double, move (CR 701.34a, 701.10e, 122.8)


def _counters_of(game: Game, ref: Ref) -> dict[str, int]:
    if isinstance(ref, str):
        poison = game.player(ref).poison
        return {"poison": poison} if poison > 0 else {}
    return {k: n for k, n in game.objects[ref].counters.items() if n > 0}


def put_counters(game: Game, ref: Ref, kind: str, n: int, rule: str) -> int:
    """One put event (CR 122.6): ``n`` counters of ``kind`` on an object or player (poison for a player,
    122.1f), after replacement effects; the ``counters_put`` event is emitted. Returns how many were put."""
    if n <= 0:
        return 0
    ev: GameEvent | None = GameEvent(EventKind.COUNTERS, obj=ref if isinstance(ref, int) else None,
                                     player=ref if isinstance(ref, str) else None, amount=n, data={"kind": kind})
    if game.replacement_abilities or game.replacements:
        ev = propose(game, ev) if ev is not None else None
    if ev is None or ev.amount <= 0:
        return 0
    n = ev.amount
    if isinstance(ref, str):
        p = game.player(ref)
        p.poison += n
        game.record("effect", "verbs.player_counters", rule, player=ref, amount=n, counter=kind, total=p.poison)
    else:
        obj = game.objects[ref]
        obj.counters[kind] = obj.counters.get(kind, 0) + n
        game.record("effect", "verbs.counters_put", rule, objects=[obj.id], name=obj.card.name, amount=n,
                    counter=kind, total=obj.counters[kind])
    game.emit(ev)
    game.touch()
    return n


def verb_proliferate(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 701.34a: the effect's controller chooses any number of permanents and players that have counters; each
    gets one more counter of each kind it already has. The choice is ``targets`` of the source's ANSWER, but
    nothing is targeted; the default is every permanent and player with a counter."""
    perms = sorted((o for o in game.battlefield() if _counters_of(game, o.uid)),
                   key=lambda o: (o.timestamp, o.seq, o.uid))
    candidates: list[Ref] = [o.uid for o in perms] + [p.name for p in game.players
                                                      if not p.lost and _counters_of(game, p.name)]
    src = game.objects.get(ctx.source_uid) if ctx.source_uid is not None else None
    source_id = src.id if src is not None else ctx.source_name
    decision = game.chooser.choose(ChooseRefs(source_id, ctx.controller, tuple(candidates), tuple(candidates),
                                              group=game.new_uid(), purpose="proliferate"))
    chosen: list[Ref] = []
    for t in decision.value:
        ref: Ref | None = t if isinstance(t, int) or game.is_player(str(t)) else game.ids.get(str(t))
        on_battlefield = isinstance(ref, int) and game.objects[ref].current and \
            game.objects[ref].zone == Zone.BATTLEFIELD
        if ref is None or not (on_battlefield or isinstance(ref, str)):
            raise IllegalAction("verbs.proliferate_not_allowed", rule="701.34a", key=decision.key, target=str(t))
        if ref not in chosen:
            chosen.append(ref)
    game.record("choice", "verbs.proliferate_choice", "701.34a", objects=[game.objects[r].id for r in chosen
                                                                          if isinstance(r, int)],
                player=ctx.controller, chosen=[game.display(r) for r in chosen], given=decision.given,
                source=ctx.source_name)
    for r in chosen:
        for kind in sorted(_counters_of(game, r)):
            put_counters(game, r, kind, 1, "701.34a")


def verb_double_counters(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 701.10e: each ``to:`` object or player gets as many counters of that kind (of each kind, for ``all``) as
    it already has: a put event (122.6)."""
    kind = str(entry.param)
    for r in refs:
        if isinstance(r, int) and not fx._objects(game, [r], Zone.BATTLEFIELD):
            continue
        have = _counters_of(game, r)
        for k in sorted(have) if kind == "all" else [kind]:
            put_counters(game, r, k, have.get(k, 0), "701.10e")


def verb_move_counters(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """Move counters from the ``from`` object to the ``to:`` object (CR 122.8 note): removed from ``from``, as many
    as it has up to ``count`` (default 1; ``all``), then put on the other (a put event, 122.6). If either is no
    longer where it was expected, nothing moves."""
    param = entry.param
    origin: list[Ref] = [r for r in resolve_refs(game, ctx, param["from"], None) if isinstance(r, int)]
    dest = fx._objects(game, refs, Zone.BATTLEFIELD)
    src_objs = fx._objects(game, origin[:1], Zone.BATTLEFIELD)
    if not src_objs or not dest:
        game.record("effect", "verbs.counters_not_moved", "122.8", source=ctx.source_name)
        return
    frm, to = src_objs[0], dest[0]
    kind = str(param["kind"])
    count = param.get("count")
    kinds = sorted(k for k, n in frm.counters.items() if n > 0) if kind == "all" else [kind]
    for k in kinds:
        have = frm.counters.get(k, 0)
        want = have if kind == "all" or count == "all" else \
            (1 if count is None else value_amount(count, value_context(game, ctx)))
        n = min(have, want)
        if n <= 0:
            continue
        frm.counters[k] = have - n
        game.record("effect", "verbs.counters_moved", "122.8", objects=[frm.id, to.id], source=frm.card.name,
                    target=to.card.name, amount=n, counter=k)
        put_counters(game, to.uid, k, n, "122.6")


# ------------------------------------------------------------------------------------------------------
# ``created`` and the table


def _newest(game: Game, uid: int) -> int:
    obj = game.objects[uid]
    while obj.superseded_by is not None:
        obj = game.objects[obj.superseded_by]
    return obj.uid


def _tracking(verb: Verb) -> Verb:
    """``verb``, noting what its entry put into a zone (the reference ``created``, :func:`effects.note_created`):
    what the verb noted itself, then the newest incarnation of every object its zone changes made."""
    def run(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
        start = len(game.events)
        ctx.noted = []
        verb(game, ctx, entry, refs)
        found = list(ctx.noted)
        for ev in game.events[start:]:
            new = ev.data.get("new") if ev.kind == EventKind.ZONE_CHANGE else None
            if isinstance(new, int) and new in game.objects:
                newest = _newest(game, new)
                if newest not in found:
                    found.append(newest)
        ctx.noted = found

    run.__doc__ = verb.__doc__
    run.__wrapped__ = verb  # type: ignore[attr-defined]
    return run


# The verbs that create or move objects (SCENARIO-FORMAT.md 2.7, References: ``created``).
MOVING_VERBS = ("create_token", "copy_spell", "destroy", "exile", "sacrifice", "counter", "return_to_hand",
                "return_to_battlefield", "exile_and_return", "put_on_top", "put_on_bottom", "draw", "discard", "mill",
                "search_library")

NEW_VERBS: dict[str, Verb] = {
    "damage": verb_damage, "create_token": verb_create_token, "return_to_battlefield": verb_return_to_battlefield,
    "copy_spell": verb_copy_spell, "gain_control": verb_gain_control, "proliferate": verb_proliferate,
    "double_counters": verb_double_counters, "move_counters": verb_move_counters,
}

if "copy_spell" not in VERBS:
    VERBS.update(NEW_VERBS)
    for _name in MOVING_VERBS:
        if _name in VERBS:
            VERBS[_name] = _tracking(VERBS[_name])

__all__ = ["MOVING_VERBS", "NEW_VERBS", "VERBS", "excess_damage", "lethal_damage", "player_ref", "put_counters"]
