"""One-shot effects (SCENARIO-FORMAT.md "One-shot effects"): the verbs of spells and abilities.

:func:`apply_effects` applies an ``effect`` list in order for a resolving spell or ability described by an
:class:`EffectContext`. Each entry holds one verb (dispatched through :data:`VERBS`, signature
``verb(game, ctx, entry, refs)`` with ``refs`` the resolved ``to:``) or operations, which create a
continuous effect whose affected set is fixed now (CR 611.2c). Shared primitives used by combat and
state-based actions live here too: :func:`deal_damage`, :func:`destroy`, :func:`move_to`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from judgekit.engine.characteristics import all_chars, chars
from judgekit.engine.selectors import SelectorContext, is_player_selector, select, select_players
from judgekit.engine.state import Computed, ContinuousEffect, Game, GameEvent, GameObject, Ref
from judgekit.engine.values import ValueContext, evaluate, freeze_values
from judgekit.engine.vocab import Zone

OP_KEYS = ("copy_of", "except", "control", "text_change", "add_types", "remove_types", "set_types", "add_subtypes",
           "set_subtypes", "add_supertypes", "remove_supertypes", "all_creature_types", "set_land_types",
           "set_colors", "add_colors", "add_keywords", "remove_keywords", "add_abilities", "remove_all_abilities",
           "cda", "set_pt", "modify_pt", "switch_pt")

PLAYER_VERBS = {"gain_life", "lose_life", "draw", "discard"}


@dataclass
class EffectContext:
    """Who and what an effect list is resolved for: controller ("you"), source, targets, trigger object."""

    controller: str
    source_uid: int | None = None
    source_name: str = ""
    targets: list[Ref] = field(default_factory=list)
    trigger_object: int | None = None
    source_lki: Computed | None = None
    kind: str = "spell"

    def source_chars(self, game: Game) -> Computed | None:
        if self.source_uid is not None:
            obj = game.objects.get(self.source_uid)
            if obj is not None and obj.current:
                return chars(game, obj)
            if obj is not None and obj.lki is not None:
                return obj.lki
        return self.source_lki


def selector_context(game: Game, ctx: EffectContext) -> SelectorContext:
    src = game.objects.get(ctx.source_uid) if ctx.source_uid is not None else None
    return SelectorContext(you=ctx.controller, source=ctx.source_uid,
                           attached_to=src.attached_to if src is not None else None, ids=game.ids,
                           players=tuple(p.name for p in game.players))


def value_context(game: Game, ctx: EffectContext) -> ValueContext:
    return ValueContext(game, all_chars(game), selector_context(game, ctx), None, list(ctx.targets),
                        ctx.trigger_object)


def resolve_refs(game: Game, ctx: EffectContext, to: Any, verb: str | None) -> list[Ref]:
    """What ``to:`` names: object uids (current incarnation) and player names."""
    if to is None:
        if verb in PLAYER_VERBS:
            return [ctx.controller]
        if ctx.targets:
            return [ctx.targets[0]]
        return [ctx.source_uid] if ctx.source_uid is not None else []
    if isinstance(to, str):
        if to == "self":
            return [ctx.source_uid] if ctx.source_uid is not None else []
        if to == "target":
            return ctx.targets[:1]
        if to == "targets":
            return list(ctx.targets)
        if to in ("you", "controller"):
            return [ctx.controller]
        if to == "opponent":
            return [game.opponent(ctx.controller)]
        if to == "trigger_object":
            return [ctx.trigger_object] if ctx.trigger_object is not None else []
        if to in ("enchanted", "equipped"):
            src = game.objects.get(ctx.source_uid) if ctx.source_uid is not None else None
            return [src.attached_to] if src is not None and src.attached_to is not None else []
        if game.is_player(to):
            return [to]
        if to in game.ids:
            return [game.ids[to]]
        return []
    if isinstance(to, list):
        return [game.ref(i) for i in to]
    if isinstance(to, dict):
        sctx = selector_context(game, ctx)
        if is_player_selector(to):
            return list(select_players(to, sctx))
        return list(select(to, list(all_chars(game).values()), sctx))
    return []


def apply_effects(game: Game, entries: list[dict[str, Any]], ctx: EffectContext) -> None:
    """Apply an effect list in order (CR 608.2c)."""
    for entry in entries:
        verbs = [v for v in VERBS if v in entry and entry[v] not in (None, False)]
        if verbs:
            verb = verbs[0]
            refs = resolve_refs(game, ctx, entry.get("to"), verb)
            VERBS[verb](game, ctx, entry, refs)
        else:
            refs = resolve_refs(game, ctx, entry.get("to"), None)
            create_continuous_effect(game, ctx, entry, refs)
        game.touch()


def create_continuous_effect(game: Game, ctx: EffectContext, entry: dict[str, Any],
                             refs: list[Ref]) -> ContinuousEffect | None:
    """Operations of a resolving spell/ability: a continuous effect with a fixed set (CR 611.2c) and values
    determined once (CR 608.2h); new timestamp (CR 613.7b)."""
    affected = [r for r in refs if isinstance(r, int) and game.objects[r].current]
    ops = {k: entry[k] for k in OP_KEYS if k in entry}
    ops = freeze_values(ops, value_context(game, ctx))
    effect = ContinuousEffect(uid=game.new_uid(), ops=ops, timestamp=game.new_timestamp(),
                              source_name=ctx.source_name, controller=ctx.controller, source_uid=ctx.source_uid,
                              affected=affected, duration=entry.get("duration") or "end_of_turn",
                              order=(2, game.new_uid()), targets=list(ctx.targets),
                              trigger_object=ctx.trigger_object)
    game.effects.append(effect)
    game.touch()
    from judgekit.engine.layers import LEffect, _effect_from_game, describe_ops  # noqa: F401
    from judgekit.engine.vocab import LAYER_ORDER

    le = _effect_from_game(effect)
    parts = [describe_ops(le, layer, game) for layer in LAYER_ORDER if le.ops_in(layer)]
    names = ", ".join(game.display(u) for u in affected) or "nessun oggetto"
    duration = {"end_of_turn": "fino alla fine del turno", "end_of_combat": "fino alla fine del combattimento",
                "permanent": "senza scadenza"}.get(effect.duration, "")
    game.say("effect", f"{ctx.source_name}: {names} — {'; '.join(parts)} ({duration}; timestamp "
                       f"{effect.timestamp}). L'insieme degli oggetti è fissato ora.", "611.2c", "613.7b",
             objects=[game.objects[u].id for u in affected])
    return effect


# ------------------------------------------------------------------------------------------------------
# Primitives shared with combat and state-based actions


def move_to(game: Game, obj: GameObject, zone: Zone, *, controller: str | None = None) -> GameObject:
    """Move an object to another zone (a new object, CR 400.7); Auras attached to nothing stay for SBA."""
    return game.move(obj, zone, controller=controller)


def destroy(game: Game, obj: GameObject, rule: str = "701.8a", *, regenerate_ok: bool = True) -> bool:
    """Destroy a permanent (CR 701.8): not if indestructible (702.12b); a regeneration shield replaces it
    (701.19). Returns True if it went to the graveyard."""
    c = chars(game, obj)
    if c.has("indestructible"):
        game.say("effect", f"{c.name} è indistruttibile: non viene distrutto.", "702.12b", objects=[obj.id])
        return False
    if regenerate_ok and obj.regeneration_shields > 0:
        obj.regeneration_shields -= 1
        obj.tapped = True
        obj.damage = 0
        obj.deathtouch_damage = False
        if game.combat is not None:
            game.combat.attackers.pop(obj.uid, None)
            game.combat.blockers.pop(obj.uid, None)
        game.touch()
        game.say("effect", f"{c.name} si rigenera: viene TAPpato, il danno è rimosso ed esce dal combattimento.",
                 "701.19a", objects=[obj.id])
        return False
    move_to(game, obj, Zone.GRAVEYARD)
    game.say("effect", f"{c.name} viene distrutto e messo nel cimitero di {obj.owner}.", rule, objects=[obj.id])
    return True


def deal_damage(game: Game, source: Computed, target: Ref, amount: int, *, combat: bool = False) -> int:
    """Deal damage (CR 120.3): prevention, infect/wither, deathtouch, lifelink, events. Returns damage dealt."""
    if amount <= 0:
        return 0
    kind = "da combattimento " if combat else ""
    if isinstance(target, str):
        player = game.player(target)
        if player.prevent_all_damage or player.prevent_damage >= amount:
            player.prevent_damage = max(0, player.prevent_damage - amount)
            game.say("damage", f"Il danno di {source.name} a {player.name} è prevenuto.", "615.1")
            return 0
        if player.prevent_damage:
            amount -= player.prevent_damage
            player.prevent_damage = 0
        if source.has("infect"):
            player.poison += amount
            game.say("damage", f"{source.name} infligge {amount} danno {kind}a {player.name}: "
                               f"{amount} segnalini veleno (infettare).", "120.3b", "702.90b")
        else:
            player.life -= amount
            game.say("damage", f"{source.name} infligge {amount} danno {kind}a {player.name} "
                               f"(punti vita: {player.life}).", "120.3a")
            game.emit(GameEvent("life_loss", player=player.name, amount=amount))
    else:
        obj = game.objects[target]
        if not obj.current or obj.zone != Zone.BATTLEFIELD:
            return 0
        tc = chars(game, obj)
        if _protected(source, tc):
            game.say("damage", f"Il danno di {source.name} a {tc.name} è prevenuto dalla protezione.", "702.16e",
                     objects=[obj.id])
            return 0
        if obj.prevent_all_damage or obj.prevent_damage >= amount:
            obj.prevent_damage = max(0, obj.prevent_damage - amount)
            game.say("damage", f"Il danno di {source.name} a {tc.name} è prevenuto.", "615.1", objects=[obj.id])
            return 0
        if obj.prevent_damage:
            amount -= obj.prevent_damage
            obj.prevent_damage = 0
        if tc.is_creature:
            if source.has("infect") or source.has("wither"):
                obj.counters["-1/-1"] = obj.counters.get("-1/-1", 0) + amount
                game.say("damage", f"{source.name} infligge {amount} danno {kind}a {tc.name} sotto forma di "
                                   f"segnalini -1/-1.", "120.3d", "702.80a" if source.has("wither") else "702.90c",
                         objects=[obj.id])
            else:
                obj.damage += amount
                game.say("damage", f"{source.name} infligge {amount} danno {kind}a {tc.name} "
                                   f"(danno segnato: {obj.damage}).", "120.3e", objects=[obj.id])
            if source.has("deathtouch"):
                obj.deathtouch_damage = True
        if tc.is_type("Planeswalker"):
            obj.counters["loyalty"] = max(0, obj.counters.get("loyalty", 0) - amount)
            game.say("damage", f"{tc.name} perde {amount} segnalini fedeltà.", "120.3c", objects=[obj.id])
        if tc.is_type("Battle"):
            obj.counters["defense"] = max(0, obj.counters.get("defense", 0) - amount)
            game.say("damage", f"{tc.name} perde {amount} segnalini difesa.", "120.3h", objects=[obj.id])
    game.emit(GameEvent("damage", obj=target if isinstance(target, int) else None,
                        player=target if isinstance(target, str) else None, source=source.uid, amount=amount,
                        combat=combat))
    if source.has("lifelink") and source.controller:
        gain_life(game, source.controller, amount, source.name, rule="702.15b")
    game.touch()
    return amount


def _protected(source: Computed, target: Computed) -> bool:
    """CR 702.16: protection from a quality of the source."""
    for kw in target.keywords:
        if not kw.startswith("protection_from_"):
            continue
        q = kw[len("protection_from_"):]
        if q == "everything" or q in source.colors or (q == "creatures" and source.is_creature):
            return True
    return False


def gain_life(game: Game, player: str, amount: int, source_name: str, rule: str = "119.3") -> None:
    if amount <= 0:
        return
    p = game.player(player)
    p.life += amount
    p.life_gained_this_turn += amount
    game.emit(GameEvent("life_gain", player=player, amount=amount))
    game.say("effect", f"{player} guadagna {amount} punti vita per {source_name} (punti vita: {p.life}).", rule)
    game.touch()


# ------------------------------------------------------------------------------------------------------
# Verbs

Verb = Callable[[Game, EffectContext, dict[str, Any], list[Ref]], None]


def _objects(game: Game, refs: list[Ref]) -> list[GameObject]:
    out = []
    for r in refs:
        if isinstance(r, int):
            o = game.objects.get(r)
            if o is not None and o.current:
                out.append(o)
    return out


def _source(game: Game, ctx: EffectContext) -> Computed:
    c = ctx.source_chars(game)
    if c is None:
        raise KeyError("source")
    return c


def verb_damage(game: Game, ctx: EffectContext, entry: dict[str, Any], refs: list[Ref]) -> None:
    amount = evaluate(entry["damage"], value_context(game, ctx))
    src = _source(game, ctx)
    for r in refs:
        deal_damage(game, src, r, amount)


def verb_destroy(game: Game, ctx: EffectContext, entry: dict[str, Any], refs: list[Ref]) -> None:
    for o in _objects(game, refs):
        if o.zone == Zone.BATTLEFIELD:
            destroy(game, o)


def verb_exile(game: Game, ctx: EffectContext, entry: dict[str, Any], refs: list[Ref]) -> None:
    for o in _objects(game, refs):
        move_to(game, o, Zone.EXILE)
        game.say("effect", f"{o.card.name} viene esiliato.", "406.2", objects=[o.id])


def verb_exile_and_return(game: Game, ctx: EffectContext, entry: dict[str, Any], refs: list[Ref]) -> None:
    for o in _objects(game, refs):
        exiled = move_to(game, o, Zone.EXILE)
        back = move_to(game, exiled, Zone.BATTLEFIELD, controller=o.owner)
        game.say("effect", f"{o.card.name} viene esiliato e ritorna sul campo di battaglia sotto il controllo del "
                           f"suo proprietario come un nuovo oggetto (timestamp {back.timestamp}).", "400.7", "610.3",
                 objects=[o.id])


def verb_sacrifice(game: Game, ctx: EffectContext, entry: dict[str, Any], refs: list[Ref]) -> None:
    for o in _objects(game, refs):
        if o.zone == Zone.BATTLEFIELD:
            move_to(game, o, Zone.GRAVEYARD)
            game.say("effect", f"{o.card.name} viene sacrificato.", "701.21a", objects=[o.id])


def verb_return_to_hand(game: Game, ctx: EffectContext, entry: dict[str, Any], refs: list[Ref]) -> None:
    for o in _objects(game, refs):
        move_to(game, o, Zone.HAND)
        game.say("effect", f"{o.card.name} ritorna nella mano di {o.owner}.", "400.7", objects=[o.id])


def verb_counter(game: Game, ctx: EffectContext, entry: dict[str, Any], refs: list[Ref]) -> None:
    from judgekit.engine.stack import counter_item

    for r in refs:
        for item in list(game.stack):
            if item.object_uid == r or item.uid == r:
                counter_item(game, item)


def verb_gain_life(game: Game, ctx: EffectContext, entry: dict[str, Any], refs: list[Ref]) -> None:
    amount = evaluate(entry["gain_life"], value_context(game, ctx))
    for r in refs:
        if isinstance(r, str):
            gain_life(game, r, amount, ctx.source_name)


def verb_lose_life(game: Game, ctx: EffectContext, entry: dict[str, Any], refs: list[Ref]) -> None:
    amount = evaluate(entry["lose_life"], value_context(game, ctx))
    for r in refs:
        if isinstance(r, str) and amount > 0:
            p = game.player(r)
            p.life -= amount
            game.emit(GameEvent("life_loss", player=r, amount=amount))
            game.say("effect", f"{r} perde {amount} punti vita (punti vita: {p.life}).", "119.3")


def verb_draw(game: Game, ctx: EffectContext, entry: dict[str, Any], refs: list[Ref]) -> None:
    amount = evaluate(entry["draw"], value_context(game, ctx))
    for r in refs:
        game.say("effect", f"{r} pescherebbe {amount} carte: il grimorio non è rappresentato, non pesca nulla.",
                 "121.1")


def verb_discard(game: Game, ctx: EffectContext, entry: dict[str, Any], refs: list[Ref]) -> None:
    amount = evaluate(entry["discard"], value_context(game, ctx))
    for r in refs:
        if not isinstance(r, str):
            continue
        hand = game.in_zone(Zone.HAND, r)
        for o in hand[:amount]:
            move_to(game, o, Zone.GRAVEYARD)
            game.say("effect", f"{r} scarta {o.card.name}.", "701.9a", objects=[o.id])


def verb_add_counters(game: Game, ctx: EffectContext, entry: dict[str, Any], refs: list[Ref]) -> None:
    for o in _objects(game, refs):
        for kind, n in entry["add_counters"].items():
            if n > 0:
                o.counters[kind] = o.counters.get(kind, 0) + n
                game.emit(GameEvent("counters", obj=o.uid, amount=n, data={"kind": kind}))
                game.say("effect", f"{o.card.name} riceve {n} segnalin{'o' if n == 1 else 'i'} {kind}.", "122.1",
                         objects=[o.id])
        game.touch()


def verb_remove_counters(game: Game, ctx: EffectContext, entry: dict[str, Any], refs: list[Ref]) -> None:
    for o in _objects(game, refs):
        for kind, n in entry["remove_counters"].items():
            o.counters[kind] = max(0, o.counters.get(kind, 0) - n)
        game.touch()


def verb_tap(game: Game, ctx: EffectContext, entry: dict[str, Any], refs: list[Ref]) -> None:
    for o in _objects(game, refs):
        o.tapped = True
    game.touch()


def verb_untap(game: Game, ctx: EffectContext, entry: dict[str, Any], refs: list[Ref]) -> None:
    for o in _objects(game, refs):
        o.tapped = False
    game.touch()


def verb_create_token(game: Game, ctx: EffectContext, entry: dict[str, Any], refs: list[Ref]) -> None:
    """CR 111.2: the token enters under the control of the player who created it."""
    from judgekit.engine.replay import make_object
    from judgekit.scenario.terms import fold

    spec = dict(entry["create_token"])
    count = int(spec.pop("count", 1))
    if spec.get("card"):
        from judgekit.scenario import cards

        base = {k: v for k, v in (cards.find(spec["card"]).data or {}).items() if k not in ("name_it", "text_it")}
        spec = {**base, **{k: v for k, v in spec.items() if k != "card"}}
    base_id = spec.get("id") or fold(str(spec.get("name") or "pedina"))
    owner = ctx.controller
    for n in range(1, count + 1):
        tid = base_id if n == 1 else f"{base_id}#{n}"
        data = {**spec, "id": tid, "token": True}
        if tid in game.ids:
            old = game.obj(tid)
            if old.current and old.zone == Zone.BATTLEFIELD:
                tid = f"{tid}@{game.new_uid()}"
                data["id"] = tid
        game.seq += 1
        obj = make_object(game, data, Zone.BATTLEFIELD, owner, owner, game.new_timestamp(), game.seq)
        obj.summoning_sick = True
        if tid not in game.named:
            game.named.append(tid)
        game.emit(GameEvent("zone_change", obj=obj.uid, from_zone=None, to_zone=Zone.BATTLEFIELD,
                            data={"new": obj.uid}))
        game.say("effect", f"{owner} crea una pedina {obj.card.name} ({tid}).", "111.2", objects=[tid])


def verb_prevent_damage(game: Game, ctx: EffectContext, entry: dict[str, Any], refs: list[Ref]) -> None:
    value = entry["prevent_damage"]
    for r in refs:
        holder: Any = game.player(r) if isinstance(r, str) else game.objects[r]
        if value == "all":
            holder.prevent_all_damage = True
        else:
            holder.prevent_damage += int(value)
        game.say("effect", f"Il prossimo danno a {game.display(r)} in questo turno viene prevenuto "
                           f"({'tutto' if value == 'all' else value}).", "615.1")


def verb_regenerate(game: Game, ctx: EffectContext, entry: dict[str, Any], refs: list[Ref]) -> None:
    for o in _objects(game, refs):
        o.regeneration_shields += 1
        game.say("effect", f"{o.card.name} ha uno scudo di rigenerazione.", "701.19a", objects=[o.id])


def verb_fight(game: Game, ctx: EffectContext, entry: dict[str, Any], refs: list[Ref]) -> None:
    """CR 701.14: each deals damage equal to its power to the other."""
    others = resolve_refs(game, ctx, entry["fight"], None)
    mine = _objects(game, refs)
    theirs = _objects(game, others)
    if not mine or not theirs:
        return
    a, b = chars(game, mine[0]), chars(game, theirs[0])
    deal_damage(game, a, b.uid, a.power or 0)
    deal_damage(game, b, a.uid, b.power or 0)


VERBS: dict[str, Verb] = {
    "damage": verb_damage, "destroy": verb_destroy, "exile": verb_exile, "exile_and_return": verb_exile_and_return,
    "sacrifice": verb_sacrifice, "return_to_hand": verb_return_to_hand, "counter": verb_counter,
    "gain_life": verb_gain_life, "lose_life": verb_lose_life, "draw": verb_draw, "discard": verb_discard,
    "add_counters": verb_add_counters, "remove_counters": verb_remove_counters, "tap": verb_tap, "untap": verb_untap,
    "create_token": verb_create_token, "prevent_damage": verb_prevent_damage, "regenerate": verb_regenerate,
    "fight": verb_fight,
}
