"""One-shot effects (SCENARIO-FORMAT.md "One-shot effects"): the verbs of spells and abilities.

:func:`apply_effects` applies an ``effect`` list in order (CR 608.2c) for a resolving spell or ability described
by an :class:`EffectContext`. Each entry holds one verb (dispatched through :data:`VERBS`, signature
``verb(game, ctx, entry, refs)`` with ``refs`` the resolved ``to:``) or operations, which create a continuous
effect whose affected set is fixed now (CR 611.2c). Shared primitives used by combat and state-based actions
live here too: :func:`deal_damage`, :func:`destroy`, :func:`move_to`, :func:`gain_life`, :func:`lose_life`.

Simultaneous events. Everything one verb does to several objects or players happens at the same time, and so
do the state-based actions of one check and the damage of one combat damage step. :func:`simultaneous` opens
such a *batch*: the events emitted inside it get the same ``data["batch"]`` number (triggers use it: "dies"
abilities of creatures dying together see each other, CR 603.10a; an ability triggers once per event, CR
603.2c), and the life a lifelink source makes its controller gain is gained once per source when the batch
closes (one life-gain event, CR 702.15e).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from judgekit.engine import library
from judgekit.engine.attach import attach
from judgekit.engine.characteristics import all_chars, chars, source_chars
from judgekit.engine.choices import Discard, Sacrifice
from judgekit.engine.combat_removal import update_combat
from judgekit.engine.errors import IllegalAction, ScenarioProblem
from judgekit.engine.events import entering_counters, excess_damage, players_of, tag_move, tapped_event
from judgekit.engine.keywords import attacked_by, defending_player, toxic_poison
from judgekit.engine.layers import ops_data
from judgekit.engine.objects import enter, entered, make_object, move, move_to, slug, token_id
from judgekit.engine.replacement import (
    ReplacementEffect,
    Shield,
    ShieldKind,
    add,
    add_shield,
    destruction,
    propose,
    set_instead_runner,
    would_prevent,
)
from judgekit.engine.restriction_ops import RESTRICTION_OPS
from judgekit.engine.restrictions import player_protected_from
from judgekit.engine.selectors import (
    SelectorContext,
    compile_filter,
    is_player_selector,
    matches,
    matches_player,
    select,
    select_players,
)
from judgekit.engine.specdata import RULE_OPS
from judgekit.engine.specs import (
    AbilitySpec,
    DelayedSpec,
    EffectEntry,
    Filter,
    PlayerOf,
    ReturnParam,
    TokenSpec,
    TriggerSpec,
)
from judgekit.engine.state import (
    Ability,
    Batch,
    Computed,
    ContinuousEffect,
    EventKind,
    Game,
    GameEvent,
    GameObject,
    Ref,
    StackItem,
)
from judgekit.engine.turns import PLAYER_EVENTS, STEP_EVENTS, DelayedTrigger
from judgekit.engine.values import ValueContext, freeze_values
from judgekit.engine.values import amount as value_amount
from judgekit.engine.vocab import Zone

# Verbs the rules core uses for its own abilities that scenario files cannot write (none since
# ``return_to_battlefield`` became a verb of SCENARIO-FORMAT.md 2.7).
CORE_ONLY_VERBS: tuple[str, ...] = ()

PLAYER_VERBS = {"gain_life", "lose_life", "draw", "discard", "mill", "shuffle", "search_library"}


@dataclass
class EffectContext:
    """Who and what an effect list is resolved for: controller ("you"), source, targets, trigger object.

    ``targets`` keeps every target chosen, in order; ``illegal_targets`` are those found illegal as the spell
    or ability resolves (CR 608.2b): they are neither affected nor replaced by the next target. ``x`` is the
    value of X (CR 107.3); ``division`` the parts of a divided amount announced for each target (601.2d).
    """

    controller: str
    source_uid: int | None = None
    source_name: str = ""
    targets: list[Ref] = field(default_factory=list)
    trigger_object: int | None = None
    source_lki: Computed | None = None
    kind: str = "spell"
    illegal_targets: list[Ref] = field(default_factory=list)
    x: int = 0
    division: dict[Ref, int] | None = None
    # The event an ``instead`` replaces (SCENARIO-FORMAT.md 2.3): ``event_object``, ``event_player`` and the
    # VALUE ``event_amount``.
    event_object: int | None = None
    event_player: str | None = None
    event_amount: int = 0
    # The spell of a ``cast`` trigger, the spell or ability of a ``becomes_target`` one (SCENARIO-FORMAT.md 2.7).
    trigger_spell: int | None = None
    # ``excess_damage``: what the latest ``damage`` entry of the effect list dealt beyond lethal (CR 120.4a).
    excess_damage: int = 0
    # ``created`` (SCENARIO-FORMAT.md 2.7 References): the objects the latest earlier entry of this effect list
    # whose verb creates or moves objects put into a zone; ``noted`` what the verb running now said it put there
    # (:func:`note_created`).
    created: list[int] | None = None
    noted: list[int] | None = None
    # The objects that paid the costs of the spell or ability (``paid``, SCENARIO-FORMAT.md 2.7).
    paid: list[int] = field(default_factory=list)

    def source_chars(self, game: Game) -> Computed | None:
        return source_chars(game, self.source_uid, self.source_lki)

    def legal_targets(self) -> list[Ref]:
        return [t for t in self.targets if t not in self.illegal_targets]


def selector_context(game: Game, ctx: EffectContext) -> SelectorContext:
    src = game.objects.get(ctx.source_uid) if ctx.source_uid is not None else None
    return SelectorContext(you=ctx.controller, source=ctx.source_uid,
                           attached_to=src.attached_to if src is not None else None, ids=game.ids,
                           players=tuple(p.name for p in game.players),
                           chosen=src.chosen if src is not None else None)


def value_context(game: Game, ctx: EffectContext) -> ValueContext:
    return ValueContext(game, all_chars(game), selector_context(game, ctx), None, list(ctx.targets),
                        ctx.trigger_object, ctx.x, ctx.event_amount,
                        refs=lambda ref: resolve_refs(game, ctx, ref, None), excess_damage=ctx.excess_damage,
                        paid=list(ctx.paid))


# ------------------------------------------------------------------------------------------------------
# Simultaneous events


@contextmanager
def simultaneous(game: Game) -> Iterator[int]:
    """Group what happens inside into one simultaneous event (batch number yielded); nested uses join the
    outer batch. The open batch is ``game.batch``. On closing, lifelink life is gained once per source
    (CR 702.15e), and what no longer belongs in combat is removed from it (CR 506.4)."""
    batch = game.batch
    if batch is not None:
        batch.depth += 1
        try:
            yield batch.number
        finally:
            batch.depth -= 1
        return
    batch = Batch(number=game.new_uid(), start=len(game.events))
    game.batch = batch
    try:
        yield batch.number
    finally:
        game.batch = None
        tag_events(game, batch.start, batch.number)
        for controller, amount, name in batch.lifelink.values():
            gain_life(game, controller, amount, name, rule="702.15b", batch=batch.number)
        update_combat(game)


simultaneous_damage = simultaneous


def tag_events(game: Game, start: int, number: int | None = None) -> int:
    """Give the events emitted since index ``start`` one batch number (a new one unless given)."""
    if number is None:
        number = game.new_uid()
    for ev in game.events[start:]:
        ev.data.setdefault("batch", number)
    return number


# ------------------------------------------------------------------------------------------------------
# Applying an effect list


def resolve_refs(game: Game, ctx: EffectContext, to: Any, verb: str | None) -> list[Ref]:
    """What ``to:`` names: object uids and player names. ``target``/``targets`` give only legal targets."""
    if to is None:
        if verb in PLAYER_VERBS:
            return [ctx.controller]
        if ctx.targets:
            return [t for t in ctx.targets[:1] if t not in ctx.illegal_targets]
        return [ctx.source_uid] if ctx.source_uid is not None else []
    if isinstance(to, str):
        if to == "self":
            return [ctx.source_uid] if ctx.source_uid is not None else []
        if to == "target":
            return [t for t in ctx.targets[:1] if t not in ctx.illegal_targets]
        if to == "targets":
            return ctx.legal_targets()
        if to in ("you", "controller"):
            return [ctx.controller]
        if to == "opponent":
            return list[Ref](game.opponents(ctx.controller))   # each opponent still in the game, in turn order (2.9)
        if to == "trigger_object":
            return [ctx.trigger_object] if ctx.trigger_object is not None else []
        if to == "created":
            return list(ctx.created or ())
        if to == "paid":
            return list(ctx.paid)
        if to == "event_object":
            return [ctx.event_object] if ctx.event_object is not None else []
        if to == "event_player":
            return [ctx.event_player] if ctx.event_player is not None else []
        if to == "trigger_spell":
            return [ctx.trigger_spell] if ctx.trigger_spell is not None else []
        if to == "defending_player":
            # SCENARIO-FORMAT.md 2.7 (508.5, 802.2a): from the trigger object if it attacks or attacked, else the
            # source.
            who = ctx.trigger_object if ctx.trigger_object is not None and \
                attacked_by(game, ctx.trigger_object) is not None else ctx.source_uid
            found = defending_player(game, who)
            return [found] if found is not None else []
        if to == "chosen":
            src = game.objects.get(ctx.source_uid) if ctx.source_uid is not None else None
            return [src.chosen] if src is not None and src.chosen and game.is_player(src.chosen) else []
        if to in ("enchanted", "equipped"):
            src = game.objects.get(ctx.source_uid) if ctx.source_uid is not None else None
            return [src.attached_to] if src is not None and src.attached_to is not None else []
        if game.is_player(to):
            return [to]
        if to in game.ids:
            return [game.ids[to]]
        return []
    if isinstance(to, tuple):
        return [game.ref(i) for i in to]
    if isinstance(to, PlayerOf):
        return list(players_of(game, to.which, resolve_refs(game, ctx, to.ref, None)))
    if isinstance(to, Filter):
        sctx = selector_context(game, ctx)
        if to.zone == Zone.LIBRARY:
            return list(library.select_in_libraries(game, to, sctx))
        if is_player_selector(to):
            players = list(select_players(to, sctx))
            objects = select(to, list(all_chars(game).values()), sctx)
            return [*objects, *players]
        return list(select(to, list(all_chars(game).values()), sctx))
    return []


# The verbs that create or move objects: each sets ``created`` for the later entries of its effect list, even
# when it moved nothing (SCENARIO-FORMAT.md 2.7, References). A verb added by another module joins this set.
CREATING_VERBS = {"create_token", "copy_spell", "destroy", "exile", "sacrifice", "counter", "return_to_hand",
                  "return_to_battlefield", "exile_and_return", "put_on_top", "put_on_bottom", "draw", "discard",
                  "mill", "search_library"}


def note_created(ctx: EffectContext, objects: Iterable[GameObject | int]) -> None:
    """The hook for a verb of :data:`CREATING_VERBS`: the objects it put into a zone, each as the new object it
    became there (CR 400.7), in order. A verb that does not call it gets, as ``created``, the new objects of the
    zone changes it caused (the ``zone_change`` events with ``data["new"]``)."""
    uids = [o if isinstance(o, int) else o.uid for o in objects]
    ctx.noted = [*(ctx.noted or ()), *uids]


def _created_since(game: Game, start: int) -> list[int]:
    """The new objects of the zone changes recorded since event index ``start``."""
    out: list[int] = []
    for ev in game.events[start:]:
        new = ev.data.get("new") if ev.kind == EventKind.ZONE_CHANGE else None
        if new is not None and int(new) not in out:
            out.append(int(new))
    return out


def apply_effects(game: Game, entries: Iterable[EffectEntry], ctx: EffectContext) -> None:
    """Apply an effect list in order (CR 608.2c); each entry is one simultaneous event."""
    ctx.excess_damage = 0
    for entry in entries:
        verb = entry.verb
        with simultaneous(game):
            if entry.replacement is not None:
                create_replacement(game, ctx, entry)
            elif verb is not None and verb in CREATING_VERBS:
                refs = resolve_refs(game, ctx, entry.to, verb)
                start, ctx.noted = len(game.events), None
                VERBS[verb](game, ctx, entry, refs)
                ctx.created = ctx.noted if ctx.noted is not None else _created_since(game, start)
            elif verb is not None:
                refs = resolve_refs(game, ctx, entry.to, verb)
                start = len(game.events)
                (VERBS.get(verb) or CORE_VERBS[verb])(game, ctx, entry, refs)
                if verb == "damage":
                    ctx.excess_damage = excess_damage(game, start)
            else:
                refs = resolve_refs(game, ctx, entry.to, None)
                create_continuous_effect(game, ctx, entry, refs)
        game.touch()


# The rule each rule-changing operation follows.
_RULE_OP_RULES = {"damage_cannot_be_prevented": ("615.12",), "cant_gain_life": ("119.7",),
                  "cant_lose_life": ("119.8",), "player_hexproof": ("702.11c",),
                  "player_protection_from": ("702.16b", "702.16e"),
                  "no_max_hand_size": ("402.2",)}


def create_continuous_effect(game: Game, ctx: EffectContext, entry: EffectEntry,
                             refs: list[Ref]) -> ContinuousEffect | None:
    """Operations of a resolving spell/ability: a continuous effect with a fixed set (CR 611.2c) and values
    determined once (CR 608.2h); new timestamp (CR 613.7b)."""
    if entry.duration == "while_source_on_battlefield" and not source_on_battlefield(game, ctx.source_uid):
        # CR 611.2b: its source has already left the battlefield: the effect does nothing.
        game.record("effect", "turn.source_already_gone", "611.2b", source=ctx.source_name)
        return None
    affected: list[int] | None = [r for r in refs if isinstance(r, int) and game.objects[r].current]
    players: list[str] | None = None
    written = set(entry.ops or {})
    if written and written <= set(RULE_OPS) - set(RESTRICTION_OPS):
        # A rule changed (615.12, 119.7, 119.8): for the players named, or for everyone without ``to``.
        affected = None
        players = None if entry.to is None else [r for r in refs if isinstance(r, str)]
    ops = freeze_values(entry.ops or {}, value_context(game, ctx))
    effect = ContinuousEffect(uid=game.new_uid(), ops=ops, timestamp=game.new_timestamp(),
                              source_name=ctx.source_name, controller=ctx.controller, source_uid=ctx.source_uid,
                              affected=affected, duration=entry.duration or "end_of_turn",
                              order=(2, game.new_uid()), targets=list(ctx.targets),
                              trigger_object=ctx.trigger_object, players=players)
    game.effects.append(effect)
    game.touch()
    if effect.duration == "while_source_on_battlefield":
        game.source_bound = True
    rules = ["611.2c", "613.7b"]
    if effect.duration == "end_of_turn":
        rules.append("514.2")
    if affected is None:
        game.record("effect", "effects.rule_effect", *_RULE_OP_RULES[next(iter(ops))], *rules[2:],
                    source=ctx.source_name, ops=sorted(ops), players=players, duration=effect.duration)
        return effect
    shown = affected
    game.record("effect", "effects.continuous_effect", *rules, objects=[game.objects[u].id for u in shown],
                source=ctx.source_name, affected=[game.display(u) for u in shown], ops=ops_data(ops, game),
                duration=effect.duration, timestamp=effect.timestamp)
    return effect


# ------------------------------------------------------------------------------------------------------
# Primitives shared with combat and state-based actions


def destroy(game: Game, obj: GameObject, rule: str = "701.8a", *, regenerate_ok: bool = True,
            lki: Computed | None = None, quiet: bool = False) -> bool:
    """Destroy a permanent (CR 701.8): not if indestructible (702.12b); a regeneration shield replaces the
    destruction (701.19a: tap it, remove all damage, remove it from combat). True if it went to the graveyard."""
    c = lki or chars(game, obj)
    if c.has("indestructible"):
        game.record("effect", "effects.indestructible", "702.12b", objects=[obj.id], name=c.name)
        return False
    happens = destruction(game, obj.uid) if regenerate_ok else GameEvent(EventKind.DESTROY, obj=obj.uid)
    if happens is None:
        return False  # replaced by something else (SCENARIO-FORMAT.md 2.3, instead)
    if happens.data.get("regenerate"):
        if not obj.tapped:
            obj.tapped = True
            tapped_event(game, obj)
        obj.damage = 0
        obj.deathtouch_damage = False
        left_combat = False
        if game.combat is not None:
            left_combat = obj.uid in game.combat.attackers or obj.uid in game.combat.blockers
            game.combat.attackers.pop(obj.uid, None)
            game.combat.blockers.pop(obj.uid, None)
        game.touch()
        game.record("effect", "effects.regenerated", "701.19a", objects=[obj.id], name=c.name,
                    left_combat=left_combat)
        return False
    new = move_to(game, obj, Zone.GRAVEYARD, lki=lki)
    if new is obj:
        return False  # it stays on the battlefield (a replacement effect, 614.1a)
    if not quiet:
        extra = {} if new.zone == Zone.GRAVEYARD else {"zone": str(new.zone)}
        game.record("effect", "effects.destroyed", rule, objects=[obj.id], name=c.name, owner=obj.owner, **extra)
    return new.zone == Zone.GRAVEYARD


def protected_from(source: Computed, target: Computed) -> str | None:
    """CR 702.16: the protection keyword of ``target`` whose quality ``source`` has, if any."""
    for kw in target.keywords:
        if not kw.startswith("protection_from_"):
            continue
        q = kw[len("protection_from_"):]
        if q == "everything" or q in source.colors or (q == "creatures" and source.is_creature):
            return kw
    return None


# Damage to a planeswalker removes loyalty counters (CR 120.3c, 306.8), to a battle defense counters (120.3h, 310.6).
_DAMAGE_REMOVES_COUNTERS = (("Planeswalker", "loyalty", ("120.3c", "306.8")),
                            ("Battle", "defense", ("120.3h", "310.6")))


def _prevention(game: Game, proposed: GameEvent, source: Computed, target_name: str,
                target_id: str | None) -> GameEvent | None:
    """The damage event that happens once prevention effects have applied (CR 615), said in a step; None when
    all of it is prevented."""
    if cannot_be_prevented(game, source, proposed.combat):
        proposed.data["unpreventable"] = True
        if would_prevent(game, proposed):
            game.record("damage", "effects.damage_not_prevented", "615.12", objects=[target_id] if target_id else [],
                        source=source.name, amount=proposed.amount, target=target_name,
                        target_is_player=target_id is None)
    happens = propose(game, proposed)
    # The damage prevented by the shields of the version 1 verbs is said here (other effects say their own).
    prevented = int(happens.data.get("shield_prevented") or 0) if happens is not None else 0
    if prevented:
        game.record("damage", "effects.damage_prevented", "615.7", objects=[target_id] if target_id else [],
                    source=source.name, amount=prevented, target=target_name, target_is_player=target_id is None)
    return happens if happens is not None and happens.amount > 0 else None


def deal_damage(game: Game, source: Computed, target: Ref, amount: int, *, combat: bool = False,
                lifelink: bool = True) -> int:
    """Deal damage (CR 120.3): protection (702.16e) and prevention shields (615), then the results: life loss
    or poison counters (infect, 702.90b) to a player; marked damage or -1/-1 counters (wither/infect) to a
    creature, deathtouch noted for 704.5h; loyalty/defense counters removed from planeswalkers/battles.
    Lifelink (702.15b) makes the controller gain that much life, once per source per simultaneous event
    (``lifelink=False`` leaves the life gain to the caller). Returns the damage dealt."""
    if amount <= 0:
        return 0
    proposed = GameEvent(EventKind.DAMAGE, obj=target if isinstance(target, int) else None,
                         player=target if isinstance(target, str) else None, source=source.uid, amount=amount,
                         combat=combat)
    if isinstance(target, str):
        player = game.player(target)
        quality = player_protected_from(game, player.name, source)
        if quality is not None and not cannot_be_prevented(game, source, combat):
            game.record("damage", "restrictions.damage_player_protection", "702.16e", source=source.name,
                        amount=amount, player=player.name, quality=quality)
            return 0
        happens = _prevention(game, proposed, source, player.name, None)
        if happens is None:
            return 0
        amount = happens.amount
        if source.has("infect"):
            amount = _counters_put(game, GameEvent(EventKind.COUNTERS, player=player.name, amount=amount,
                                                   data={"kind": "poison"}))
            player.poison += amount
            if amount > 0:
                game.emit(GameEvent(EventKind.COUNTERS, player=player.name, amount=amount, data={"kind": "poison"}))
            game.record("damage", "effects.damage_infect_player", "120.3b", "702.90b", source=source.name,
                        amount=amount, combat=combat, player=player.name, poison=player.poison)
        else:
            # Damage makes its player lose that much life (120.3a): a life loss replacement effects may change.
            loss: GameEvent | None = GameEvent(EventKind.LIFE_LOSS, player=player.name, amount=amount)
            if loss is not None and (game.replacement_abilities or game.replacements or game.effects):
                loss = None if life_cant(game, player.name, "cant_lose_life") else propose(game, loss)
            lost = loss.amount if loss is not None else 0
            player.life -= lost
            # Inside a simultaneous event the total is not final yet (lifelink gains come with it, 510.2).
            life = None if game.batch is not None else player.life
            extra: dict[str, Any] = {"lost": lost} if lost != amount else {}
            game.record("damage", "effects.damage_player", "120.3a", source=source.name, amount=amount,
                        combat=combat, player=player.name, life=life, **extra)
            if loss is not None and lost > 0:
                game.emit(loss)
        if combat and source.keywords and any(k.startswith("toxic_") for k in source.keywords):
            toxic_poison(game, source, player.name, lambda ev: _counters_put(game, ev))
    else:
        obj = game.objects[target]
        if not obj.current or obj.zone != Zone.BATTLEFIELD:
            return 0
        tc = chars(game, obj)
        kw = protected_from(source, tc)
        if kw is not None:
            game.record("damage", "effects.damage_protection", "702.16e", objects=[obj.id], source=source.name,
                        target=tc.name)
            return 0
        happens = _prevention(game, proposed, source, tc.name, obj.id)
        if happens is None:
            return 0
        amount = happens.amount
        if tc.is_creature:
            if source.has("infect") or source.has("wither"):
                put = _counters_put(game, GameEvent(EventKind.COUNTERS, obj=obj.uid, amount=amount,
                                                    data={"kind": "-1/-1"}))
                obj.counters["-1/-1"] = obj.counters.get("-1/-1", 0) + put
                if put > 0:
                    game.emit(GameEvent(EventKind.COUNTERS, obj=obj.uid, amount=put, data={"kind": "-1/-1"}))
                game.record("damage", "effects.damage_minus_counters", "120.3d",
                            "702.80" if source.has("wither") else "702.90c", objects=[obj.id], source=source.name,
                            amount=amount, combat=combat, target=tc.name,
                            keyword="wither" if source.has("wither") else "infect",
                            **({"counters": put} if put != amount else {}))
            else:
                obj.damage += amount
                game.record("damage", "effects.damage_marked", "120.3e", objects=[obj.id], source=source.name,
                            amount=amount, combat=combat, target=tc.name, marked=obj.damage)
            if source.has("deathtouch"):
                obj.deathtouch_damage = True
                game.record("damage", "effects.deathtouch_marked", "702.2b", objects=[obj.id], source=source.name,
                            target=tc.name)
        for card_type, counter, rules in _DAMAGE_REMOVES_COUNTERS:
            if tc.is_type(card_type):
                obj.counters[counter] = max(0, obj.counters.get(counter, 0) - amount)
                game.record("damage", "effects.damage_removes_counters", *rules, objects=[obj.id],
                            source=source.name, amount=amount, combat=combat, target=tc.name, counter=counter,
                            left=obj.counters[counter])
    game.emit(happens)
    game.touch()
    if lifelink and source.has("lifelink") and source.controller:
        batch = game.batch
        if batch is not None:
            entry = batch.lifelink.setdefault(source.uid, [source.controller, 0, source.name])
            entry[1] += amount
        else:
            gain_life(game, source.controller, amount, source.name, rule="702.15b")
    return amount


def gain_life(game: Game, player: str, amount: int, source_name: str, rule: str = "119.3",
              batch: int | None = None) -> None:
    """A player gains life: one life-gain event (CR 119.3, 119.9 for "whenever you gain life")."""
    if amount <= 0:
        return
    if life_cant(game, player, "cant_gain_life"):
        # CR 119.7: no life is gained, and replacement effects of the gain do nothing.
        game.record("effect", "effects.cant_gain_life", "119.7", player=player, amount=amount, source=source_name)
        return
    ev = propose(game, GameEvent(EventKind.LIFE_GAIN, player=player, amount=amount))
    if ev is None or ev.amount <= 0:
        return
    if ev.kind == EventKind.LIFE_LOSS:
        _lose(game, ev, source_name)  # a gain made a loss (SCENARIO-FORMAT.md 2.3, lose_instead)
        return
    amount = ev.amount
    p = game.player(player)
    p.life += amount
    p.life_gained_this_turn += amount
    if batch is not None:
        ev.data["batch"] = batch
    game.emit(ev)
    lifelink = rule == "702.15b"
    game.record("effect", "effects.life_gained", rule, *(["702.15e"] if lifelink else []), player=player,
                amount=amount, source=source_name, lifelink=lifelink, life=p.life)
    game.touch()


def lose_life(game: Game, player: str, amount: int, source_name: str) -> None:
    """A player loses life (CR 119.3)."""
    if amount <= 0:
        return
    if life_cant(game, player, "cant_lose_life"):
        # CR 119.8: no life is lost, and there is no loss for replacement effects to replace.
        _lose(game, GameEvent(EventKind.LIFE_LOSS, player=player, amount=amount), source_name)
        return
    ev = propose(game, GameEvent(EventKind.LIFE_LOSS, player=player, amount=amount))
    if ev is None or ev.amount <= 0:
        return
    _lose(game, ev, source_name)


def _lose(game: Game, ev: GameEvent, source_name: str) -> None:
    if life_cant(game, str(ev.player), "cant_lose_life"):
        game.record("effect", "effects.cant_lose_life", "119.8", player=str(ev.player), amount=ev.amount,
                    source=source_name)
        return
    p = game.player(str(ev.player))
    p.life -= ev.amount
    game.emit(ev)
    game.record("effect", "effects.life_lost", "119.3", player=p.name, amount=ev.amount, source=source_name,
                life=p.life)
    game.touch()


# ------------------------------------------------------------------------------------------------------
# Verbs

Verb = Callable[[Game, EffectContext, EffectEntry, list[Ref]], None]


def _objects(game: Game, refs: list[Ref], zone: Zone | None = None) -> list[GameObject]:
    """The current objects among ``refs`` (an object that changed zones is a new object: not affected,
    CR 400.7), optionally only those in ``zone``."""
    out = []
    for r in refs:
        if isinstance(r, int):
            o = game.objects.get(r)
            if o is not None and o.current and (zone is None or o.zone == zone):
                out.append(o)
    return out


def _source(game: Game, ctx: EffectContext) -> Computed:
    c = ctx.source_chars(game)
    if c is None:
        raise KeyError("source")
    return c


def verb_damage(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 120: the source deals N damage to each object or player named (at the same time).

    ``divided``: each legal target is dealt the part announced for it as the spell was cast or the ability put
    on the stack (CR 601.2d); the part of a target that has become illegal is dealt to nobody (608.2b)."""
    amount = value_amount(entry.param, value_context(game, ctx))
    src = _source(game, ctx)
    for r in refs:
        if isinstance(r, int):
            o = game.objects.get(r)
            if o is None or not o.current or o.zone != Zone.BATTLEFIELD:
                continue
        part = amount
        if entry.divided:
            part = (ctx.division or {}).get(r, 0)
        deal_damage(game, src, r, part)


def verb_destroy(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 701.8: destroy (all at once: last known information taken before any of them moves)."""
    objs = _objects(game, refs, Zone.BATTLEFIELD)
    table = {o.uid: chars(game, o) for o in objs}
    for o in objs:
        if o.current:
            destroy(game, o, lki=table[o.uid])


def _move_together(game: Game, objs: list[GameObject], zone: Zone,
                   explain: Callable[[GameObject, Computed], tuple[str, str, dict[str, Any]]]) -> None:
    """Move objects to ``zone`` at the same time: the last known information of each is taken before any of
    them moves (CR 608.2h); ``explain(obj, lki)`` gives each step's code, rule and parameters."""
    table = {o.uid: chars(game, o) for o in objs}
    for o in objs:
        move_to(game, o, zone, lki=table[o.uid])
        code, rule, params = explain(o, table[o.uid])
        game.record("effect", code, rule, objects=[o.id], **params)


def verb_exile(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 406.2: exile (from any zone the selector or target names)."""
    _move_together(game, _objects(game, refs), Zone.EXILE,
                   lambda o, c: ("effects.exiled", "406.2", {"name": o.card.name}))


def verb_exile_and_return(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """Exile, then return under the owner's control as a new object (CR 400.7); a token does not come
    back (CR 111.8)."""
    for o in _objects(game, refs, Zone.BATTLEFIELD):
        exiled = move_to(game, o, Zone.EXILE)
        if o.token:
            game.record("effect", "effects.token_exiled", "111.8", objects=[o.id], name=o.card.name)
            continue
        back = move_to(game, exiled, Zone.BATTLEFIELD, controller=o.owner)
        game.record("effect", "effects.exiled_and_returned", "400.7", objects=[o.id], name=o.card.name,
                    owner=o.owner, timestamp=back.timestamp)


def verb_sacrifice(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 701.21a: a player sacrifices only permanents they control (not a destruction).

    ``sacrifice: true`` sacrifices the ``to:`` objects. With a selector, each ``to:`` player (default: the
    controller) sacrifices ``count`` (default 1) of the permanents they control that it picks, or all of them if
    they have fewer (SCENARIO-FORMAT.md 2.7): the players choose in APNAP order (CR 101.4), each with a
    :class:`~judgekit.engine.choices.Sacrifice` decision (default: the newest timestamps), then all of them are
    sacrificed at the same time."""
    if entry.param is True:
        victims = _objects(game, refs, Zone.BATTLEFIELD)
    else:
        players = [ctx.controller] if entry.to is None else [p for p in game.apnap() if p in refs]
        count = value_amount(entry.count, value_context(game, ctx)) if entry.count is not None else 1
        victims = _edict(game, ctx, entry.param, players, count)
    def sacrificed(o: GameObject, c: Computed) -> tuple[str, str, dict[str, Any]]:
        tag_move(game, o.uid, sacrificed=c.controller)
        return "effects.sacrificed", "701.21a", {"controller": c.controller, "name": o.card.name, "owner": o.owner}

    _move_together(game, victims, Zone.GRAVEYARD, sacrificed)


def pay_with(game: Game, kind: str, objs: list[GameObject], player: str) -> None:
    """Pay a cost of SCENARIO-FORMAT.md 2.7 with ``objs`` (CR 601.2h, 602.2b): ``sacrifice`` (701.21a),
    ``discard`` (701.9a), ``tap_untapped`` (701.26a) or ``exile_from_graveyard`` (406.2), all at the same time."""
    with simultaneous(game):
        if kind == "sacrifice":
            _move_together(game, objs, Zone.GRAVEYARD, lambda o, c: (
                "effects.sacrificed", "701.21a", {"controller": c.controller, "name": o.card.name, "owner": o.owner}))
            for o in objs:
                tag_move(game, o.uid, sacrificed=player)     # the ``sacrificed`` event (SCENARIO-FORMAT.md 2.7)
        elif kind == "discard":
            for o in objs:
                move_to(game, o, Zone.GRAVEYARD)
                tag_move(game, o.uid, discard=player)        # the ``discards`` event
                game.record("effect", "effects.discarded", "701.9a", objects=[o.id], player=player, name=o.card.name)
        elif kind == "exile_from_graveyard":
            _move_together(game, objs, Zone.EXILE, lambda o, c: ("effects.exiled", "406.2", {"name": o.card.name}))
        else:
            for o in objs:
                o.tapped = True
                tapped_event(game, o)                      # becomes tapped (603.2e)
            game.touch()


def verb_attach(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 701.3a-c: attach the Auras or Equipment ``entry.param`` names (``true``: the source) to the first ``to:``
    object (SCENARIO-FORMAT.md 2.7, :func:`judgekit.engine.attach.attach`)."""
    param = "self" if entry.param is True else entry.param
    objs = [game.objects[r] for r in resolve_refs(game, ctx, param, None) if isinstance(r, int)]
    attach(game, objs, [game.objects[r] for r in refs if isinstance(r, int)], protected_from)


def _edict(game: Game, ctx: EffectContext, selector: Any, players: list[str], count: int) -> list[GameObject]:
    """What each of ``players`` (in APNAP order) chooses to sacrifice: ``count`` of the permanents they control
    that ``selector`` picks (CR 701.21a, 101.4)."""
    if count <= 0:
        return []
    table = all_chars(game)
    views = [c for c in table.values() if c.zone == Zone.BATTLEFIELD and game.objects[c.uid].current]
    picked = select(selector, views, selector_context(game, ctx))
    rules = ["701.21a", *(["101.4"] if len(players) > 1 else [])]
    victims: list[GameObject] = []
    for player in players:
        mine = [game.objects[u] for u in picked if table[u].controller == player]
        mine.sort(key=lambda o: (o.timestamp, o.seq, o.uid), reverse=True)
        if not mine:
            game.record("choice", "effects.nothing_to_sacrifice", *rules, player=player, count=count,
                        source=ctx.source_name)
            continue
        given: bool | None = None
        chosen = mine
        if len(mine) > count:
            by_id = {o.id: o for o in mine}
            decision = game.chooser.choose(Sacrifice(player, count, tuple(by_id)))
            chosen = _picked(game, decision.value, by_id, player, "effects.sacrifice_not_allowed", "701.21a",
                             decision.key)
            given = decision.given
        game.record("choice", "effects.sacrifice_choice", *rules, objects=[o.id for o in chosen], player=player,
                    count=count, chosen=[o.card.name for o in chosen], given=given, source=ctx.source_name)
        victims += chosen
    return victims


def _picked(game: Game, ids: Any, by_id: dict[str, GameObject], player: str, code: str,
            rule: str, key: tuple[str | int, ...] = ()) -> list[GameObject]:
    """The objects a decision names, each one of ``by_id`` (what could be chosen) and named once; otherwise the
    replay stops, as for an illegal target, citing ``rule``."""
    chosen: list[GameObject] = []
    for oid in ids:
        obj = by_id.get(str(oid))
        if obj is None or obj in chosen:
            known = game.objects.get(game.ids[oid]) if oid in game.ids else None
            raise IllegalAction(code, rule=rule, key=key, player=player, card=known.card.name if known else str(oid),
                                id=str(oid), zone=str(known.zone) if known else None,
                                controller=known.controller if known else None,
                                owner=known.owner if known else None, twice=obj is not None)
        chosen.append(obj)
    return chosen


def hand_order(game: Game, player: str) -> list[GameObject]:
    """The cards in ``player``'s hand, the one most recently put there first (SCENARIO-FORMAT.md 2.2, Defaults;
    the cards a file lists count as put there in written order). A card put into a hand is a new object (CR
    400.7) and objects are numbered as they come into being, so the newest number is the most recent."""
    return sorted(game.in_zone(Zone.HAND, player), key=lambda o: o.uid, reverse=True)


def choose_discards(game: Game, player: str, count: int, rule: str) -> tuple[list[GameObject], bool | None]:
    """The cards ``player`` discards when made to discard ``count`` without being told which (CR 701.9a; in the
    cleanup step 514.1): a :class:`~judgekit.engine.choices.Discard` decision when they have more than
    ``count`` (default: the cards most recently put into the hand), else the whole hand. The second value says
    whether the choice was given (None: there was nothing to choose)."""
    hand = hand_order(game, player)
    if count <= 0:
        return [], None
    if len(hand) <= count:
        return hand, None
    by_id = {o.id: o for o in hand}
    decision = game.chooser.choose(Discard(player, count, tuple(by_id), rule=rule))
    return (_picked(game, decision.value, by_id, player, "effects.discard_not_in_hand", rule, decision.key),
            decision.given)


def verb_return_to_hand(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """Return to the owner's hand: a new object (CR 400.7)."""
    _move_together(game, _objects(game, refs), Zone.HAND,
                   lambda o, c: ("effects.returned_to_hand", "400.7", {"name": o.card.name, "owner": o.owner}))


def verb_counter(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 701.6a: counter a spell or ability on the stack."""
    for r in refs:
        for item in list(game.stack):
            if item.object_uid == r or item.uid == r:
                counter_item(game, item, by=ctx.source_name)


def counter_item(game: Game, item: StackItem, by: str = "") -> None:
    """CR 701.6a: a countered spell goes to its owner's graveyard; a countered ability is removed from the
    stack."""
    if item in game.stack:
        game.stack.remove(item)
    if item.kind == "spell" and item.object_uid is not None:
        obj: GameObject = game.objects[item.object_uid]
        if obj.current and obj.zone == Zone.STACK:
            move(game, obj, Zone.GRAVEYARD)
        game.record("effect", "effects.spell_countered", "701.6a", objects=[item.id], name=item.source_name,
                    by=by, owner=obj.owner)
    else:
        game.record("effect", "effects.ability_countered", "701.6a", objects=[item.id], name=item.source_name,
                    by=by)
    game.touch()


def verb_gain_life(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    amount = value_amount(entry.param, value_context(game, ctx))
    for r in refs:
        if isinstance(r, str):
            gain_life(game, r, amount, ctx.source_name)


def verb_lose_life(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    amount = value_amount(entry.param, value_context(game, ctx))
    for r in refs:
        if isinstance(r, str):
            lose_life(game, r, amount, ctx.source_name)


def verb_discard(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 701.9a: each player named discards N cards of their choice (:func:`choose_discards`)."""
    amount = value_amount(entry.param, value_context(game, ctx))
    for r in refs:
        if not isinstance(r, str):
            continue
        cards, given = choose_discards(game, r, amount, "701.9a")
        if given is not None:
            game.record("choice", "effects.discard_choice", "701.9a", objects=[o.id for o in cards], player=r,
                        amount=amount, given=given, chosen=[o.card.name for o in cards])
        for o in cards:
            move_to(game, o, Zone.GRAVEYARD)
            tag_move(game, o.uid, discard=r)
            game.record("effect", "effects.discarded", "701.9a", objects=[o.id], player=r, name=o.card.name)


def _counts(game: Game, ctx: EffectContext, param: Any) -> dict[str, int]:
    """The counts of ``add_counters`` / ``remove_counters``, each a VALUE (SCENARIO-FORMAT.md 2.7)."""
    vctx: ValueContext | None = None
    out: dict[str, int] = {}
    for kind, n in param.items():
        if not isinstance(n, int):
            vctx = vctx or value_context(game, ctx)
            n = value_amount(n, vctx)
        out[kind] = n
    return out


def verb_add_counters(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 122.1: put counters on objects (poison counters on players too)."""
    counts = _counts(game, ctx, entry.param)
    for r in refs:
        if isinstance(r, str):
            p = game.player(r)
            for kind, n in counts.items():
                if kind == "poison" and n > 0:
                    n = _counters_put(game, GameEvent(EventKind.COUNTERS, player=r, amount=n, data={"kind": kind}))
                    if n <= 0:
                        continue
                    p.poison += n
                    game.emit(GameEvent(EventKind.COUNTERS, player=r, amount=n, data={"kind": kind}))
                    game.record("effect", "effects.poison_counters", "122.1f", player=r, amount=n, poison=p.poison)
            game.touch()
    for o in _objects(game, refs):
        for kind, n in counts.items():
            if n <= 0:
                continue
            ev = propose(game, GameEvent(EventKind.COUNTERS, obj=o.uid, amount=n, data={"kind": kind}))
            if ev is not None and ev.amount > 0:
                n = ev.amount
                o.counters[kind] = o.counters.get(kind, 0) + n
                game.emit(ev)
                game.record("effect", "effects.counters_added", "122.1", objects=[o.id], name=o.card.name, amount=n,
                            counter=kind)
        game.touch()


def verb_remove_counters(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    counts = _counts(game, ctx, entry.param)
    for o in _objects(game, refs):
        for kind, n in counts.items():
            have = o.counters.get(kind, 0)
            removed = min(have, n)
            o.counters[kind] = have - removed
            if removed:
                game.record("effect", "effects.counters_removed", "122.1", objects=[o.id], name=o.card.name,
                            amount=removed, counter=kind)
        game.touch()


def verb_tap(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    for o in _objects(game, refs, Zone.BATTLEFIELD):
        if not o.tapped:
            o.tapped = True
            tapped_event(game, o)
            game.record("effect", "effects.tapped", objects=[o.id], name=o.card.name)
    game.touch()


def verb_untap(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    for o in _objects(game, refs, Zone.BATTLEFIELD):
        if o.tapped:
            o.tapped = False
            game.record("effect", "effects.untapped", objects=[o.id], name=o.card.name)
    game.touch()


# How many tokens one replay may create, and how many objects (every incarnation) the game may hold: a bigger
# file is a mistake (ScenarioProblem), never hours of work.
MAX_TOKENS = 2000
MAX_OBJECTS = 10000


def tokens_to_create(game: Game, ctx: EffectContext, token: TokenSpec) -> int:
    """How many tokens a ``create_token`` entry creates: its ``count`` (a VALUE), as replacement effects change it
    (614.1a), within the replay's work limits (:data:`MAX_TOKENS`, :data:`MAX_OBJECTS`), which it then counts."""
    count = token.count if isinstance(token.count, int) else value_amount(token.count, value_context(game, ctx))
    if game.replacement_abilities or game.replacements:
        ev = propose(game, GameEvent(EventKind.CREATE_TOKENS, player=ctx.controller, amount=count))
        count = ev.amount if ev is not None else 0
    if game.tokens_created + count > MAX_TOKENS or len(game.objects) + count > MAX_OBJECTS:
        raise ScenarioProblem("effects.too_many_tokens", max_tokens=MAX_TOKENS, max_objects=MAX_OBJECTS,
                              created=game.tokens_created, count=count, objects=len(game.objects))
    game.tokens_created += count
    return count


def token_enters(game: Game, obj: GameObject, owner: str) -> bool:
    """A token just made enters the battlefield (CR 111.2), as replacement effects let it (614.12; a token kept
    out ceases to exist): its id is named for the result and its zone change is emitted. False if it did not
    enter."""
    if game.replacement_abilities or game.replacements:
        entering = enter(game, obj, None, {})
        if entering is None:
            obj.zone = Zone.GONE
            game.touch()
            return False
        entered(game, obj, entering)
    if obj.id not in game.named:
        game.named.append(obj.id)
    game.emit(GameEvent(EventKind.ZONE_CHANGE, obj=obj.uid, from_zone=None, to_zone=Zone.BATTLEFIELD,
                        data={"new": obj.uid, "controller": owner}))
    return True


def verb_create_token(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 111.2: the token enters under the control of the player who created it. Its id is numbered across the
    game from the base ``id`` or the slug of its name (:func:`~judgekit.engine.objects.token_id`)."""
    token: TokenSpec = entry.param
    count = tokens_to_create(game, ctx, token)
    base_id = str(token.data.get("id") or slug(str(token.data.get("name") or "")) or "token")
    owner = ctx.controller
    for _n in range(count):
        tid = token_id(game, base_id)
        data = {**token.data, "id": tid, "token": True}
        game.seq += 1
        obj = make_object(game, data, Zone.BATTLEFIELD, owner, owner, game.new_timestamp(), game.seq)
        obj.summoning_sick = True
        if not token_enters(game, obj, owner):
            continue
        if obj.counters:
            entering_counters(game, obj)
        game.record("effect", "effects.token_created", "111.2", objects=[tid], player=owner, name=obj.card.name,
                    id=tid, timestamp=obj.timestamp)


def _shield_source(game: Game, ctx: EffectContext) -> dict[str, Any]:
    """Where a shield comes from, for CR 616.1 and ``choices.replacement_order``: the id of the spell (or of the
    ability's source) whose resolution creates it, its name, and the timestamp it is created with (2.2)."""
    src = game.objects.get(ctx.source_uid) if ctx.source_uid is not None else None
    return {"source": src.id if src is not None else ctx.source_name, "source_name": ctx.source_name,
            "timestamp": game.new_timestamp()}


def verb_prevent_damage(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 615.1: a prevention shield for the next damage to that object or player this turn."""
    value = entry.param
    for r in refs:
        if isinstance(r, int):
            o = game.objects.get(r)
            if o is None or not o.current:
                continue
        add_shield(game, Shield(ShieldKind.PREVENT_DAMAGE, r, None if value == "all" else int(value),
                                **_shield_source(game, ctx)))
        game.record("effect", "effects.prevention_shield", "615.7", target=game.display(r),
                    target_is_player=isinstance(r, str), up_to=None if value == "all" else value)
    game.touch()


def verb_regenerate(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 701.19a: a regeneration shield replaces the next destruction this turn."""
    for o in _objects(game, refs, Zone.BATTLEFIELD):
        add_shield(game, Shield(ShieldKind.REGENERATE, o.uid, **_shield_source(game, ctx)))
        game.record("effect", "effects.regeneration_shield", "701.19a", objects=[o.id], name=o.card.name)
    game.touch()


def verb_fight(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 701.14a: each deals damage equal to its power to the other, at the same time; if either is no longer
    a creature on the battlefield, no damage is dealt (701.14b)."""
    others = resolve_refs(game, ctx, entry.param, None)
    mine = _objects(game, refs, Zone.BATTLEFIELD)
    theirs = _objects(game, others, Zone.BATTLEFIELD)
    if not mine or not theirs:
        game.record("effect", "effects.fight_creature_gone", "701.14b")
        return
    a, b = chars(game, mine[0]), chars(game, theirs[0])
    if not a.is_creature or not b.is_creature:
        game.record("effect", "effects.fight_not_creature", "701.14b")
        return
    game.record("effect", "effects.fight", "701.14a", first=a.name, second=b.name)
    with simultaneous(game):
        deal_damage(game, a, b.uid, a.power or 0)
        if a.uid != b.uid:
            deal_damage(game, b, a.uid, b.power or 0)


def verb_return_to_battlefield(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """Return a card that went to the graveyard from the battlefield (persist 702.79a, undying 702.93a): only
    if it is still that card in the graveyard (CR 400.7); under its owner's control, with the counters."""
    param = entry.param
    counters = dict(param.counters) if isinstance(param, ReturnParam) else {}
    rule = param.rule if isinstance(param, ReturnParam) else "400.7"
    for r in refs:
        if not isinstance(r, int):
            continue
        old = game.objects.get(r)
        if old is None:
            continue
        card = game.objects.get(old.superseded_by) if old.superseded_by is not None else None
        if card is None or not card.current or card.zone != Zone.GRAVEYARD:
            game.record("effect", "effects.not_returned", "400.7", rule, objects=[old.id], name=old.card.name)
            continue
        back = move_to(game, card, Zone.BATTLEFIELD, controller=card.owner, counters=counters)
        game.touch()
        # What it returned with, once replacement effects applied to those counters (122.6).
        counters = {k: back.counters.get(k, 0) for k in counters if back.counters.get(k, 0) > 0}
        game.record("effect", "effects.returned_to_battlefield", rule, "400.7", objects=[card.id],
                    name=card.card.name, owner=card.owner, counters=dict(counters), timestamp=back.timestamp)


VERBS: dict[str, Verb] = {
    "damage": verb_damage, "destroy": verb_destroy, "exile": verb_exile, "exile_and_return": verb_exile_and_return,
    "sacrifice": verb_sacrifice, "return_to_hand": verb_return_to_hand, "counter": verb_counter,
    "gain_life": verb_gain_life, "lose_life": verb_lose_life, "draw": library.verb_draw, "discard": verb_discard,
    "add_counters": verb_add_counters, "remove_counters": verb_remove_counters, "tap": verb_tap, "untap": verb_untap,
    "create_token": verb_create_token, "prevent_damage": verb_prevent_damage, "regenerate": verb_regenerate,
    "fight": verb_fight, "return_to_battlefield": verb_return_to_battlefield,
    # SCENARIO-FORMAT.md 2.6: libraries (engine/library.py).
    **library.LIBRARY_VERBS,
    "delayed_trigger": lambda game, ctx, entry, refs: create_delayed(game, ctx, entry.param),
    "attach": verb_attach,
}

# Verbs of the rules core's own abilities that no scenario writes (the keyword triggers of
# :mod:`judgekit.engine.keyword_effects` register theirs here).
CORE_VERBS: dict[str, Verb] = {}


# ------------------------------------------------------------------------------------------------------
# Delayed triggered abilities (CR 603.7, SCENARIO-FORMAT.md 2.5)


def _player_filter(game: Game, ctx: EffectContext, of: Any, default: str) -> tuple[str, ...] | None:
    """A player filter fixed as the ability is created: None for ``any``."""
    word = default if of is None else of
    alive = [p.name for p in game.players if not p.lost]
    if word == "any":
        return None
    if word == "you":
        return (ctx.controller,)
    if word == "opponent":
        return tuple(p for p in alive if p != ctx.controller)
    if isinstance(word, str) and game.is_player(word):
        return (word,)
    return tuple(r for r in resolve_refs(game, ctx, word, None) if isinstance(r, str))


def create_delayed(game: Game, ctx: EffectContext, spec: DelayedSpec) -> None:
    """The verb ``delayed_trigger`` (CR 603.7a): a triggered ability that exists from now on. Its ``of:`` (a
    REF), ``created`` and the creating spell's targets are fixed now (603.7c)."""
    source = ctx.source_chars(game)
    if ctx.source_uid is None or source is None:
        game.record("effect", "turn.delayed_without_source", "603.7", source=ctx.source_name)
        return
    fixed: tuple[int, ...] | None = None
    selector: Any = None
    players: tuple[str, ...] | None = None
    if spec.event in STEP_EVENTS:
        players = _player_filter(game, ctx, spec.of, "any")
    elif spec.event in PLAYER_EVENTS:
        players = _player_filter(game, ctx, spec.of, "you")
    elif isinstance(spec.of, Filter):
        selector = spec.of
    else:
        fixed = tuple(r for r in resolve_refs(game, ctx, spec.of or "self", None) if isinstance(r, int))
    trig = TriggerSpec(spec.event, "self", spec.optional, spec.target, spec.effect)
    ability = Ability("trigger", AbilitySpec("trigger", trigger=trig), "delayed", None, f"delayed{game.new_uid()}")
    duration = spec.duration
    game.delayed.append(DelayedTrigger(
        spec, ability, ctx.source_uid, ctx.source_name, source, ctx.controller, len(game.events), fixed, selector,
        players, list(ctx.created) if ctx.created is not None else None, list(ctx.legal_targets()), duration))
    game.record("effect", "turn.delayed_created", "603.7a", "603.7b" if duration is None else "603.7",
                source=ctx.source_name, controller=ctx.controller, event=spec.event, duration=duration,
                whose=list(players) if players is not None else None,
                about=[game.objects[u].id for u in fixed] if fixed else None)


def source_on_battlefield(game: Game, uid: int | None) -> bool:
    """Whether the object ``uid`` is still on the battlefield as that object (CR 400.7, 611.2b)."""
    obj = game.objects.get(uid) if uid is not None else None
    return obj is not None and obj.current and obj.zone == Zone.BATTLEFIELD


# ------------------------------------------------------------------------------------------------------
# Replacement effects made by resolving spells and abilities (SCENARIO-FORMAT.md 2.3)


def create_replacement(game: Game, ctx: EffectContext, entry: EffectEntry) -> ReplacementEffect:
    """An effect entry with ``replacement``: a replacement or prevention effect until ``duration`` ends (default
    end of turn). ``of: target``, ``targets``, ``self`` or ids lock it to those objects and players now; a
    selector is evaluated at each event (CR 611.2c)."""
    spec = entry.replacement
    assert spec is not None
    fixed: tuple[Ref, ...] | None = None
    if isinstance(spec.of, str | tuple):
        fixed = tuple(resolve_refs(game, ctx, spec.of, None))
    src = game.objects.get(ctx.source_uid) if ctx.source_uid is not None else None
    effect = ReplacementEffect(
        spec=spec, key=f"r{game.new_uid()}", source=src.id if src is not None else ctx.source_name,
        source_uid=ctx.source_uid, source_name=ctx.source_name, controller=ctx.controller,
        timestamp=game.new_timestamp(), fixed=fixed, duration=entry.duration or "end_of_turn", uses_left=spec.uses,
        prevent_left=spec.then.prevent if isinstance(spec.then.prevent, int) else None)
    if effect.duration == "while_source_on_battlefield":
        if not source_on_battlefield(game, ctx.source_uid):
            # CR 611.2b: its source has already left the battlefield: the effect does nothing.
            game.record("effect", "turn.source_already_gone", "611.2b", source=ctx.source_name)
            return effect
        game.source_bound = True
    add(game, effect)
    prevention = spec.then.prevent is not None or spec.then.prevent_each is not None
    game.record("effect", "effects.replacement_created", "615.1" if prevention else "614.1",
                *(["611.2c"] if fixed is not None else []),
                objects=[game.objects[r].id for r in fixed or () if isinstance(r, int)], source=ctx.source_name,
                event=spec.event, affected=[game.display(r) for r in fixed] if fixed is not None else None,
                duration=effect.duration, uses=spec.uses, prevention=prevention, combat=spec.combat)
    return effect


def _run_instead(game: Game, effect: ReplacementEffect, event: GameEvent) -> None:
    """The ``instead`` entries of a replacement effect, for the event it replaced: ``you`` is the controller of
    the effect's source; ``event_object``, ``event_player`` and ``event_amount`` name the event's parts."""
    instead = effect.spec.then.instead or ()
    obj = event.obj if event.kind != EventKind.DAMAGE or event.player is None else None
    ctx = EffectContext(controller=effect.controller, source_uid=effect.source_uid, source_name=effect.source_name,
                        kind="replacement", event_object=obj, event_player=event.player,
                        event_amount=event.amount)
    apply_effects(game, instead, ctx)


set_instead_runner(_run_instead)


def _rule_statics(game: Game, op: str) -> Iterator[tuple[Any, SelectorContext]]:
    """The ``affects`` of every static ability of a permanent that has the rule operation ``op`` (615.12, 119.7,
    119.8), with the context its selector is read in."""
    if not game.replacement_abilities:
        return
    for obj in game.battlefield():
        view = chars(game, obj)
        for ab in view.abilities:
            static = ab.spec.static
            if ab.kind == "static" and static is not None and static.ops.get(op):
                yield static.affects, SelectorContext(
                    you=view.controller, source=obj.uid, attached_to=obj.attached_to, ids=game.ids,
                    players=tuple(p.name for p in game.players), chosen=obj.chosen)


def cannot_be_prevented(game: Game, source: Computed, combat: bool) -> bool:
    """CR 615.12: whether damage from ``source`` can't be prevented, by a static ability of a permanent whose
    ``affects`` picks the source (in any zone), or by an effect of a resolved spell or ability naming it."""
    for e in game.effects:
        if e.ops.get("damage_cannot_be_prevented") and (e.affected is None or source.uid in e.affected):
            return True
    for affects, sctx in _rule_statics(game, "damage_cannot_be_prevented"):
        if isinstance(affects, Filter) and not affects.player:
            if compile_filter(affects, default_zone=affects.zone is not None)(source, sctx):
                return True
        elif matches(affects, source, sctx):
            return True
    return False


def life_cant(game: Game, player: str, op: str) -> bool:
    """Whether ``player`` can't gain life (``cant_gain_life``, CR 119.7) or can't lose it (``cant_lose_life``,
    119.8): a static ability whose ``affects`` picks the player, or an effect of a resolved spell or ability."""
    for e in game.effects:
        if e.ops.get(op) and (e.players is None or player in e.players):
            return True
    return any(matches_player(affects, player, sctx) for affects, sctx in _rule_statics(game, op))
    for obj in game.battlefield():
        view = chars(game, obj)
        for ab in view.abilities:
            static = ab.spec.static
            if ab.kind != "static" or static is None or not static.ops.get(op):
                continue
            sctx = SelectorContext(you=view.controller, source=obj.uid, attached_to=obj.attached_to, ids=game.ids,
                                   players=tuple(p.name for p in game.players), chosen=obj.chosen)
            if matches_player(static.affects, player, sctx):
                return True
    return False


def _counters_put(game: Game, event: GameEvent) -> int:
    """How many counters are put once replacement effects have applied (CR 122.6): the event's amount when none
    exists."""
    if not (game.replacement_abilities or game.replacements):
        return event.amount
    happens = propose(game, event)
    return happens.amount if happens is not None else 0
