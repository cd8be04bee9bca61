"""Triggered abilities (CR 603): events -> pending triggers -> the stack in APNAP order.

:func:`collect` reads ``game.events`` from ``game.events_seen`` on and adds a :class:`PendingTrigger` for every
triggered ability whose trigger event happened (CR 603.2). Which objects can trigger is decided *at the moment
of each event*: normally the permanents on the battlefield just after it; for leaves-the-battlefield events
(``leaves_battlefield``, ``dies``) the game "looks back in time" to just before it (CR 603.10a), so the leaving
object and every permanent that left at the same time (same simultaneous batch, see
:func:`judgekit.engine.effects.simultaneous`) can trigger, with their last known information. Permanents that
enter at the same time see each other enter (CR 603.6a). An ability triggers once per event (603.2c): all the
damage one source deals at once is one event.

Persist (702.79) and undying (702.93) are triggered abilities of the keyword, with an intervening "if" checked
on the object's last known information (603.4).

:func:`put_on_stack` puts the pending abilities on the stack the next time a player would receive priority, after
state-based actions (603.3): the active player's first, then each other player's in turn order (APNAP, 101.4,
603.3b; those of a player who has left the game are not put on the stack, 800.4d); a player orders
their own with ``choices.apnap_order`` (ids of the sources, in the order they go on the stack) or, without it,
in timestamp order of their sources. Targets come from ``choices[source id]`` (one per trigger, in trigger
order), otherwise the first legal object in timestamp order, then players in ``players`` order (603.3d).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from judgekit.engine.announce import TriggerContext, announce_trigger, divided_entry
from judgekit.engine.characteristics import all_chars, chars
from judgekit.engine.choices import TriggerOrder, TriggerTarget
from judgekit.engine.errors import IllegalAction
from judgekit.engine.events import last_controller, player_filter
from judgekit.engine.keyword_effects import verb_keyword as _keyword_verb  # noqa: F401  (registers the verb)
from judgekit.engine.keywords import keyword_ability, keyword_triggers, note_targets, triggered_keywords
from judgekit.engine.selectors import SelectorContext, compile_filter, matches
from judgekit.engine.specs import AbilitySpec, EffectEntry, Filter, PlayerOf, ReturnParam, TriggerSpec
from judgekit.engine.state import Ability, Computed, EventKind, Game, GameEvent, PendingTrigger, Ref, StackItem
from judgekit.engine.turns import STEP_EVENTS, DelayedTrigger
from judgekit.engine.vocab import Zone, keyword_rule

# Keyword triggers: the counter kind they check (intervening "if") and the one they return the card with; the
# keyword's rule.
KEYWORD_TRIGGERS = {
    "persist": ("-1/-1", "702.79"),
    "undying": ("+1/+1", "702.93"),
}


def _keyword_spec(keyword: str) -> AbilitySpec:
    kind, rule = KEYWORD_TRIGGERS[keyword]
    back = ReturnParam(MappingProxyType({kind: 1}), rule, keyword)
    return AbilitySpec("trigger", trigger=TriggerSpec(
        "dies", "self", keyword=keyword,
        effect=(EffectEntry(verb="return_to_battlefield", param=back, to="trigger_object"),)))


# The triggered ability of each keyword (frozen: one spec serves every object that has the keyword).
_KEYWORD_SPECS = {keyword: _keyword_spec(keyword) for keyword in KEYWORD_TRIGGERS}


def _keyword_ability(keyword: str) -> Ability:
    return Ability("trigger", _KEYWORD_SPECS[keyword], "keyword", None, f"kw:{keyword}")


# ------------------------------------------------------------------------------------------------------
# Where each object was: on the battlefield between which events


def _presence(game: Game) -> dict[int, tuple[int, int | None]]:
    """uid -> (index of the event that put it onto the battlefield, -1 if it was there from the start;
    index of the event that took it away, or None)."""
    enter: dict[int, int] = {}
    leave: dict[int, int] = {}
    for i, ev in enumerate(game.events):
        if ev.kind != EventKind.ZONE_CHANGE:
            continue
        if ev.to_zone == Zone.BATTLEFIELD and ev.data.get("new") is not None:
            enter[int(ev.data["new"])] = i
        if ev.from_zone == Zone.BATTLEFIELD and ev.obj is not None:
            leave[ev.obj] = i
    out: dict[int, tuple[int, int | None]] = {}
    for uid, obj in game.objects.items():
        if uid in enter or uid in leave or (obj.current and obj.zone == Zone.BATTLEFIELD):
            out[uid] = (enter.get(uid, -1), leave.get(uid))
    return out


def _present(span: tuple[int, int | None], i: int, look_back: bool, batches: list[Any]) -> bool:
    """Whether an object was on the battlefield for the event at index ``i`` (CR 603.10)."""
    came, went = span
    batch = batches[i]

    def same(j: int | None) -> bool:
        return j is not None and j >= 0 and batch is not None and batches[j] == batch

    if look_back:
        return came < i and (went is None or went >= i or same(went))
    return (came <= i or same(came)) and (went is None or went > i)


def _view(game: Game, uid: int, table: dict[int, Computed]) -> Computed | None:
    obj = game.objects.get(uid)
    if obj is None:
        return None
    if obj.current:
        return table.get(uid)
    return obj.lki


# ------------------------------------------------------------------------------------------------------
# Matching an event


def _sel_ctx(game: Game, source: Computed) -> SelectorContext:
    obj = game.objects.get(source.uid)
    return SelectorContext(you=source.controller, source=source.uid, attached_to=obj.attached_to if obj else None,
                           ids=game.ids, players=tuple(p.name for p in game.players))


def _about(game: Game, spec: TriggerSpec, source: Computed, subject: Ref | None,
           table: dict[int, Computed], zone_free: bool = False) -> bool:
    """Whether the event's object (or player) matches ``of:`` (``self``, a selector, or for a player a player
    filter, SCENARIO-FORMAT.md 2.7)."""
    if subject is None:
        return False
    of = spec.of
    if isinstance(subject, str):
        return of != "self" and player_filter(game, of, subject, source)
    if of == "self":
        return subject == source.uid
    if isinstance(of, PlayerOf):
        return False
    subj = game.objects.get(subject)
    if subj is not None and (isinstance(of, tuple) or (isinstance(of, str) and of not in ("enchanted", "equipped"))):
        # Ids name the object whatever incarnation the event is about.
        return subj.id in (of if isinstance(of, tuple) else (of,))
    view = _view(game, subject, table)
    if view is None:
        return False
    if zone_free and isinstance(of, Filter) and not of.player:
        return compile_filter(of, default_zone=False)(view, _sel_ctx(game, source))
    return matches(of, view, _sel_ctx(game, source))


def _new_object(ev: GameEvent) -> Ref | None:
    new = ev.data.get("new")
    return int(new) if new is not None else None


def _event_object(ev: GameEvent) -> Ref | None:
    return ev.obj


def _damage_source(ev: GameEvent) -> Ref | None:
    return ev.source


def _recipient(ev: GameEvent) -> Ref | None:
    return ev.obj if ev.obj is not None else ev.player


def _dies(game: Game, ev: GameEvent, source: Computed) -> bool:
    """CR 700.4: "dies" means put into a graveyard from the battlefield; it must have been a creature."""
    old = game.objects.get(ev.obj) if ev.obj is not None else None
    return (ev.from_zone == Zone.BATTLEFIELD and ev.to_zone == Zone.GRAVEYARD and old is not None
            and old.lki is not None and old.lki.is_creature)


def _beginning_of(step: str) -> Callable[[Game, GameEvent, Computed], bool]:
    """CR 503.1a, 504.2, 505.4, 507.1, 511.1, 513.1a: "at the beginning of" a step (whose turn: ``of:``)."""
    def test(game: Game, ev: GameEvent, source: Computed) -> bool:
        return ev.data.get("step") == step and not ev.data.get("second")
    return test


def _active(game: Game, ev: GameEvent) -> str | None:
    return str(ev.data.get("active") or game.active)


def _controller(game: Game, uid: int | None) -> str | None:
    return last_controller(game, uid) if uid is not None else None


def _amount(ev: GameEvent) -> int:
    return ev.amount


def _one(ev: GameEvent) -> int:
    return 1


def _token_created(game: Game, ev: GameEvent, source: Computed) -> bool:
    new = _new_object(ev)
    obj = game.objects.get(new) if isinstance(new, int) else None
    return ev.to_zone == Zone.BATTLEFIELD and ev.from_zone is None and obj is not None and obj.token


@dataclass(frozen=True)
class TriggerEvent:
    """A trigger event of the format: the kind of game event it waits for, a ``test`` the game event must pass
    (given the ability's source as it is), and, for events about an object or player, which one (``subject``,
    matched against ``of:``); for events about a player or a step, ``player`` gives the player the filter
    ``of:`` reads instead.

    ``group`` says what one trigger is for (CR 603.2c): game events of one simultaneous batch with the same
    group make one trigger. ``amount`` is each game event's part of ``event_amount`` (None: the table has "—");
    ``event_player`` the player of ``event_player``; ``card`` the ``trigger_object`` of a player event."""

    kind: EventKind
    test: Callable[[Game, GameEvent, Computed], bool]
    subject: Callable[[GameEvent], Ref | None] | None = None
    player: Callable[[Game, GameEvent], str | None] | None = None
    group: Callable[[GameEvent], Any] | None = None
    amount: Callable[[GameEvent], int] | None = None
    event_player: Callable[[Game, GameEvent], str | None] | None = None
    card: Callable[[GameEvent], Ref | None] | None = None
    zone_free: bool = False


def _step_event(step: str) -> TriggerEvent:
    return TriggerEvent(EventKind.STEP, _beginning_of(step), player=_active, event_player=_active)


def _gain(game: Game, ev: GameEvent, source: Computed) -> bool:
    return ev.amount > 0


def _by_source(ev: GameEvent) -> Any:
    return ev.source


# Every trigger event of the format: the one place to add one (with its Italian text in
# ``judgekit.render.narration.triggers``).
TRIGGER_EVENTS: dict[str, TriggerEvent] = {
    "enters": TriggerEvent(EventKind.ZONE_CHANGE, lambda g, ev, s: ev.to_zone == Zone.BATTLEFIELD, _new_object,
                           event_player=lambda g, ev: _controller(g, _new_object(ev))),  # type: ignore[arg-type]
    "leaves_battlefield": TriggerEvent(EventKind.ZONE_CHANGE, lambda g, ev, s: ev.from_zone == Zone.BATTLEFIELD,
                                       _event_object, event_player=lambda g, ev: ev.data.get("controller")),
    "dies": TriggerEvent(EventKind.ZONE_CHANGE, _dies, _event_object,
                         event_player=lambda g, ev: ev.data.get("controller")),
    "attacks": TriggerEvent(EventKind.ATTACKS, lambda g, ev, s: True, _event_object,
                            event_player=lambda g, ev: _controller(g, ev.obj)),
    # CR 506.5: the only creature declared as an attacker.
    "attacks_alone": TriggerEvent(EventKind.ATTACKS, lambda g, ev, s: bool(ev.data.get("alone")), _event_object,
                                  event_player=lambda g, ev: _controller(g, ev.obj)),
    "blocks": TriggerEvent(EventKind.BLOCKS, lambda g, ev, s: True, _event_object,
                           event_player=lambda g, ev: _controller(g, ev.obj)),
    "becomes_blocked": TriggerEvent(EventKind.BECOMES_BLOCKED, lambda g, ev, s: True, _event_object,
                                    event_player=lambda g, ev: _controller(g, ev.obj)),
    "deals_combat_damage": TriggerEvent(EventKind.DAMAGE, lambda g, ev, s: ev.combat and ev.amount > 0,
                                        _damage_source, group=_by_source, amount=_amount,
                                        event_player=lambda g, ev: _controller(g, ev.source)),
    "deals_combat_damage_to_player": TriggerEvent(
        EventKind.DAMAGE, lambda g, ev, s: ev.combat and ev.player is not None and ev.amount > 0, _damage_source,
        group=lambda ev: (ev.source, ev.player), amount=_amount, event_player=lambda g, ev: ev.player),
    "deals_damage": TriggerEvent(EventKind.DAMAGE, lambda g, ev, s: ev.amount > 0, _damage_source,
                                 group=_by_source, amount=_amount,
                                 event_player=lambda g, ev: _controller(g, ev.source)),
    "dealt_damage": TriggerEvent(EventKind.DAMAGE, lambda g, ev, s: ev.amount > 0, _recipient, group=_recipient,
                                 amount=_amount,
                                 event_player=lambda g, ev: ev.player or _controller(g, ev.obj)),
    "you_gain_life": TriggerEvent(EventKind.LIFE_GAIN,
                                  lambda g, ev, s: ev.player == s.controller and ev.amount > 0,
                                  amount=_amount, event_player=lambda g, ev: ev.player),
    "gains_life": TriggerEvent(EventKind.LIFE_GAIN, _gain, player=lambda g, ev: ev.player, amount=_amount,
                               event_player=lambda g, ev: ev.player),
    "loses_life": TriggerEvent(EventKind.LIFE_LOSS, _gain, player=lambda g, ev: ev.player, amount=_amount,
                               event_player=lambda g, ev: ev.player),
    # A card drawn (CR 121.2): a ``draw`` game event emitted once the card is drawn (``player``; ``obj`` the card).
    "draws": TriggerEvent(EventKind.DRAW, lambda g, ev, s: True, player=lambda g, ev: ev.player, amount=_one,
                          event_player=lambda g, ev: ev.player, card=_event_object),
    "discards": TriggerEvent(EventKind.ZONE_CHANGE, lambda g, ev, s: bool(ev.data.get("discard")),
                             player=lambda g, ev: ev.data.get("discard"), amount=_one,
                             event_player=lambda g, ev: ev.data.get("discard"), card=_new_object),
    "counters_put": TriggerEvent(EventKind.COUNTERS, _gain, _recipient, group=_recipient, amount=_amount,
                                 event_player=lambda g, ev: ev.player or _controller(g, ev.obj)),
    "sacrificed": TriggerEvent(EventKind.ZONE_CHANGE, lambda g, ev, s: bool(ev.data.get("sacrificed")),
                               _event_object, event_player=lambda g, ev: ev.data.get("sacrificed")),
    "becomes_tapped": TriggerEvent(EventKind.TAPPED, lambda g, ev, s: True, _event_object,
                                   event_player=lambda g, ev: ev.data.get("controller")),
    "token_created": TriggerEvent(EventKind.ZONE_CHANGE, _token_created, _new_object,
                                  event_player=lambda g, ev: ev.data.get("controller")),
    "one_or_more_die": TriggerEvent(EventKind.ZONE_CHANGE, _dies, _event_object, group=lambda ev: "die",
                                    amount=_one),
    "cast": TriggerEvent(EventKind.CAST, lambda g, ev, s: True, _event_object,
                         event_player=lambda g, ev: ev.player, zone_free=True),
    "becomes_target": TriggerEvent(EventKind.BECOMES_TARGET, lambda g, ev, s: True, _recipient,
                                   event_player=lambda g, ev: ev.player or _controller(g, ev.obj)),
    "beginning_of_upkeep": _step_event("upkeep"),
    "beginning_of_draw_step": _step_event("draw"),
    "beginning_of_precombat_main": _step_event("main1"),
    "beginning_of_combat": _step_event("beginning_of_combat"),
    "beginning_of_end_step": _step_event("end"),
    "end_of_combat": _step_event("end_of_combat"),
}

# Events whose ``trigger_object`` names nothing (SCENARIO-FORMAT.md 2.7): the whole group counts.
_NO_OBJECT = frozenset({"one_or_more_die"})

# The kinds of game event a triggered ability can wait for.
# (keywords' included: prowess waits for a cast, ward for a target).
TRIGGERING_KINDS = frozenset({*(te.kind for te in TRIGGER_EVENTS.values()), EventKind.CAST,
                              EventKind.BECOMES_TARGET})


def _subject(ev: GameEvent, event: str) -> Ref | None:
    found = TRIGGER_EVENTS[event].subject
    return found(ev) if found is not None else None


def _extra(game: Game, ev: GameEvent, spec: TriggerSpec, source: Computed, table: dict[int, Computed]) -> bool:
    """The event's own keys (SCENARIO-FORMAT.md 2.7): ``from`` (dealt_damage), ``kind`` (counters_put),
    ``targets`` (cast) and ``by`` (becomes_target)."""
    if spec.from_ is not None:
        view = _view(game, ev.source, table) if ev.source is not None else None
        if view is None or not matches(spec.from_, view, _sel_ctx(game, source)):
            return False
    if spec.kind is not None and ev.data.get("kind") != spec.kind:
        return False
    if spec.targets is not None:
        targets = ev.data.get("targets") or []
        if not any(_about(game, replace(spec, of=spec.targets), source, t, table) for t in targets):
            return False
    if spec.by is not None:
        by = spec.by
        who = ev.data.get("controller")
        if isinstance(by, Filter) and not by.player:
            if by.controller is not None and not player_filter(game, by.controller, who, source):
                return False
        elif not player_filter(game, by, who, source):
            return False
    return True


def _event_matches(game: Game, ev: GameEvent, ability: Ability, source: Computed,
                   table: dict[int, Computed]) -> bool:
    spec = ability.spec.trigger
    assert spec is not None
    te = TRIGGER_EVENTS.get(spec.event)
    if te is None or ev.kind != te.kind or not te.test(game, ev, source):
        return False
    if te.player is not None:
        if not player_filter(game, spec.of, te.player(game, ev), source):
            return False
    elif te.subject is not None and not _about(game, spec, source, te.subject(ev), table, te.zone_free):
        return False
    if spec.from_ is None and spec.kind is None and spec.targets is None and spec.by is None:
        return True
    return _extra(game, ev, spec, source, table)


def _keyword_matches(game: Game, ev: GameEvent, keyword: str, source: Computed) -> bool | None:
    """Persist/undying: True if it triggers, None if it dies but the intervening "if" is false (603.4)."""
    if ev.kind != EventKind.ZONE_CHANGE or ev.from_zone != Zone.BATTLEFIELD or ev.to_zone != Zone.GRAVEYARD:
        return False
    if ev.obj != source.uid or not source.is_creature:
        return False
    kind = KEYWORD_TRIGGERS[keyword][0]
    if source.counters.get(kind, 0) > 0:
        return None
    return True


def _trigger_spell(ev: GameEvent) -> int | None:
    """``trigger_spell``: the spell cast (``cast``), or the spell or ability that targets (``becomes_target``)."""
    if ev.kind == EventKind.CAST:
        return ev.obj
    if ev.kind == EventKind.BECOMES_TARGET:
        spell = ev.data.get("spell")
        return int(spell) if spell is not None else None
    return None


# ------------------------------------------------------------------------------------------------------
# Collecting


def collect(game: Game) -> None:
    """Turn new events into pending triggers (CR 603.2, 603.10)."""
    start = game.events_seen
    events = game.events[start:]
    game.events_seen = len(game.events)
    if not events:
        return
    if game.delayed:
        collect_delayed(game, start)
    # Combat damage dealt outside an explicit batch since the last priority point is one simultaneous event
    # (one combat damage step, CR 510.2).
    loose = None
    for ev in events:
        if ev.kind == EventKind.DAMAGE and ev.combat and "batch" not in ev.data:
            if loose is None:
                loose = game.new_uid()
            ev.data["batch"] = loose
    # Only objects that have a triggered ability (or persist/undying) can trigger.
    table = all_chars(game)
    candidates: list[tuple[int, tuple[int, int | None], Computed, list[Ability], list[str], list[str]]] = []
    for uid, span in _presence(game).items():
        view = _view(game, uid, table)
        if view is None:
            continue
        abilities = [a for a in view.abilities if a.kind == "trigger"]
        keywords = [k for k in KEYWORD_TRIGGERS if view.has(k)]
        others = triggered_keywords(view) if view.keywords else []
        if abilities or keywords or others:
            candidates.append((uid, span, view, abilities, keywords, others))
    if not candidates:
        return
    candidates.sort(key=lambda c: (game.objects[c[0]].timestamp, c[0]))
    batches = [ev.data.get("batch") for ev in game.events]
    # One trigger for each group of game events (CR 603.2c): the pending trigger of each, to add amounts to.
    grouped: dict[tuple[Any, ...], PendingTrigger] = {}
    for i in range(start, len(game.events)):
        ev = game.events[i]
        if ev.kind not in TRIGGERING_KINDS:
            continue
        look_back = ev.kind == EventKind.ZONE_CHANGE and ev.from_zone == Zone.BATTLEFIELD
        for uid, span, view, abilities, keywords, others in candidates:
            if not _present(span, i, look_back, batches):
                continue
            for keyword in others:
                # CR 702.108a, 702.83a, 702.25a, 702.45a, 702.91a, 702.130a, 702.86a, 702.21a.
                for about in keyword_triggers(game, ev, keyword, view, table):
                    game.pending.append(PendingTrigger(source_uid=uid, ability=keyword_ability(game, keyword, ev),
                                                       controller=view.controller or game.objects[uid].owner,
                                                       event=ev, trigger_object=about, source_lki=view))
            for ability in abilities:
                if not _event_matches(game, ev, ability, view, table):
                    continue
                trig = ability.spec.trigger
                assert trig is not None
                event = trig.event
                te = TRIGGER_EVENTS[event]
                part = te.amount(ev) if te.amount is not None else 0
                if te.group is not None:
                    key = (uid, ability.key, te.group(ev), batches[i] if batches[i] is not None else ("e", i))
                    found = grouped.get(key)
                    if found is not None:
                        found.event_amount += part
                        continue
                if trig.once_each_turn:
                    once = (uid, ability.key, game.turn)
                    if once in game.triggered_once:
                        continue
                    game.triggered_once.add(once)
                subject = _subject(ev, event)
                trigger_object = subject if isinstance(subject, int) and event not in _NO_OBJECT else None
                if te.card is not None:
                    card = te.card(ev)
                    trigger_object = card if isinstance(card, int) else None
                pending = PendingTrigger(source_uid=uid, ability=ability,
                                         controller=view.controller or game.objects[uid].owner,
                                         event=ev, trigger_object=trigger_object, source_lki=view,
                                         event_player=te.event_player(game, ev) if te.event_player else None,
                                         event_amount=part, trigger_spell=_trigger_spell(ev))
                game.pending.append(pending)
                if te.group is not None:
                    grouped[key] = pending
            if look_back and ev.obj == uid:
                for keyword in keywords:
                    hit = _keyword_matches(game, ev, keyword, view)
                    kind, rule = KEYWORD_TRIGGERS[keyword]
                    if hit is None:
                        game.record("trigger", "triggers.keyword_not_triggered", rule, "603.10a", "603.4",
                                    objects=[view.id], name=view.name, counter=kind, keyword=keyword)
                    elif hit:
                        game.pending.append(PendingTrigger(source_uid=uid, ability=_keyword_ability(keyword),
                                                           controller=view.controller or game.objects[uid].owner,
                                                           event=ev, trigger_object=uid, source_lki=view))


# ------------------------------------------------------------------------------------------------------
# Putting on the stack


def _legal_targets(game: Game, spec: Any, controller: str, source: Computed) -> list[Ref]:
    """Every legal target in default order: objects in timestamp order, then players in ``players`` order
    (SCENARIO-FORMAT "Choices")."""
    from judgekit.engine.stack import target_problem_data

    objs = [o for o in game.objects.values() if o.current and o.zone != Zone.GONE]
    objs.sort(key=lambda o: (o.timestamp, o.seq, o.uid))
    refs: list[Ref] = [*(o.uid for o in objs), *(p.name for p in game.players)]
    return [r for r in refs if target_problem_data(game, spec, r, controller, source, source.uid) is None]


def _describe(game: Game, t: PendingTrigger) -> dict[str, Any]:
    """A triggered ability as data for the ruling: its ``source`` (name), the ``keyword`` it comes from (persist,
    undying) or its trigger ``event``, its ``controller`` and the name of the object it triggered on
    (``subject``, None when it is the source itself)."""
    trig = t.ability.spec.trigger
    assert trig is not None
    source = t.source_lki or chars(game, t.source_uid)
    subject = t.trigger_object
    return {"source": source.name, "keyword": trig.keyword,
            # Why a keyword trigger triggered: the creature died without this counter (CR 702.79a, 702.93a).
            "counter": KEYWORD_TRIGGERS[trig.keyword][0] if trig.keyword in KEYWORD_TRIGGERS else None,
            "event": None if trig.keyword else trig.event, "controller": t.controller,
            "subject": game.display(subject) if subject is not None and subject != t.source_uid else None}


def put_on_stack(game: Game) -> None:
    """CR 603.3, 603.3b: the active player puts all their pending triggered abilities on the stack in the
    order they choose, then each other player in turn order (101.4); the last one put on the stack resolves
    first. Those of a player who has left the game are not put on the stack (800.4d)."""
    pending, game.pending = game.pending, []
    if not pending:
        return
    if game.left:
        pending = _without_left_players(game, pending)
    players_with = [p for p in game.apnap() if any(t.controller == p for t in pending)]
    if len(pending) > 1:
        rec = game.record("trigger", "triggers.pending", "603.3", *(["603.3b"] if len(players_with) > 1 else []),
                          triggers=[_describe(game, t) for t in pending], players=players_with)
        if game.left and game.active_left():
            rec.params["no_active"] = True
    for player in game.apnap():
        mine = [t for t in pending if t.controller == player]
        if not mine:
            continue
        mine.sort(key=lambda t: (game.objects[t.source_uid].timestamp, t.source_uid))
        if len(mine) > 1:
            decision = game.chooser.choose(TriggerOrder(player, tuple(game.objects[t.source_uid].id for t in mine)))
            order = list(decision.value)
            mine.sort(key=lambda t: order.index(game.objects[t.source_uid].id))
            game.record("choice", "triggers.order_choice", "603.3b", player=player, count=len(mine),
                        chosen=decision.given)
        for t in mine:
            _push(game, t)


def _without_left_players(game: Game, pending: list[PendingTrigger]) -> list[PendingTrigger]:
    """CR 800.4d: a triggered ability that a player who has left the game would control is not put on the
    stack (SCENARIO-FORMAT.md 2.9)."""
    inside = {p.name for p in game.players}
    for t in pending:
        if t.controller not in inside:
            game.record("players", "players.trigger_not_put", "800.4d", player=t.controller,
                        **{k: v for k, v in _describe(game, t).items() if k != "controller"})
    return [t for t in pending if t.controller in inside]


def _push(game: Game, t: PendingTrigger) -> None:
    from judgekit.engine.stack import stack_items, target_problem_data

    source = t.source_lki or chars(game, t.source_uid)
    src_obj = game.objects[t.source_uid]
    trig = t.ability.spec.trigger
    assert trig is not None
    target_spec = trig.target
    targets: list[Ref] = []
    describe = _describe(game, t)
    rules = ["603.3"]
    chosen_target = False
    # The stack item's uid names the decision group of this ability (SCENARIO-FORMAT.md 2.2).
    uid = game.new_uid()
    x = _spell_x(game, t)
    ann = None
    if trig.modal is not None or divided_entry(trig.effect) is not None:
        # Modes (603.3c, 700.2b) or a divided amount (603.3d, 601.2d): announced from the ANSWER.
        ann = announce_trigger(TriggerContext(
            game, src_obj.id, source.name, t.controller, uid, t.source_uid, x,
            candidates=lambda spec: _legal_targets(game, spec, t.controller, source),
            problem=lambda spec, ref: target_problem_data(game, spec, ref, t.controller, source, t.source_uid),
            illegal=lambda ref, found, key=(): _illegal_target(game, describe, ref, found, key), describe=describe),
            trig.modal, target_spec, trig.effect)
        if ann is None:
            return
        targets, chosen_target = list(ann.targets), ann.targets_given
        rules.append("603.3c" if trig.modal is not None else "603.3d")
    elif target_spec is not None:
        candidates = _legal_targets(game, target_spec, t.controller, source)
        decision = game.chooser.choose(TriggerTarget(src_obj.id, t.controller, tuple(candidates), group=uid))
        if decision.given:
            ref = game.ref(str(decision.value))
            problem = target_problem_data(game, target_spec, ref, t.controller, source, t.source_uid)
            if problem is not None:
                _illegal_target(game, describe, ref, problem, decision.key)
            targets = [ref]
            chosen_target = True
        else:
            targets = [decision.value] if decision.value is not None else []
        rules.append("603.3d")
        if not targets:
            game.record("trigger", "triggers.no_legal_targets", "603.3d", objects=[src_obj.id], trigger=describe)
            return
    if t.ability.origin == "delayed":
        rules.append("603.7")
    if trig.optional:
        rules.append("603.5")
    if trig.keyword:
        rules.append(keyword_rule(trig.keyword))
    if t.event.kind == EventKind.ZONE_CHANGE and t.event.from_zone == Zone.BATTLEFIELD:
        rules.append("603.10a")
    item = StackItem(uid=uid, kind="triggered", id=src_obj.id, source_name=source.name,
                     controller=t.controller, source_uid=t.source_uid, effect=list(trig.effect),
                     targets=targets, target_spec=target_spec, trigger_object=t.trigger_object,
                     optional=trig.optional, source_lki=source, x=x,
                     modes=ann.modes if ann is not None else None, division=ann.division if ann is not None else None,
                     event_player=t.event_player, event_amount=t.event_amount, trigger_spell=t.trigger_spell,
                     created=t.created, given_targets=t.given_targets if target_spec is None else None)
    game.stack.append(item)
    game.touch()
    if targets:
        note_targets(game, item)
    game.record("trigger", "triggers.put_on_stack", *rules, objects=[src_obj.id], trigger=describe,
                controller=t.controller, target=game.display(targets[0]) if targets else None,
                target_is_player=bool(targets) and isinstance(targets[0], str), target_chosen=chosen_target,
                optional=trig.optional, stack=stack_items(game))
    if ann is not None:
        ann.report(game)
    elif x:
        game.record("choice", "modes.x_from_spell", "107.3m", objects=[src_obj.id], card=source.name,
                    what="triggered", player=t.controller, x=x)


def _illegal_target(game: Game, describe: dict[str, Any], ref: Ref, problem: tuple[str, str, dict[str, Any]],
                    key: tuple[str | int, ...] = ()) -> None:
    """CR 603.3d: a target written for a triggered ability must be legal as it is put on the stack (``key``: where
    the answer was written)."""
    code, rule, params = problem
    raise IllegalAction("triggers.illegal_target", rule="603.3d", key=key, trigger=describe, target=game.display(ref),
                        target_is_player=isinstance(ref, str), problem={"code": code, "rule": rule, "params": params})


def _spell_x(game: Game, t: PendingTrigger) -> int:
    """CR 107.3m: an enters triggered ability of a permanent reads the X of the spell that became it (0 for a
    permanent that entered any other way)."""
    trig = t.ability.spec.trigger
    if trig is None or trig.event != "enters" or t.trigger_object != t.source_uid:
        return 0
    return game.objects[t.source_uid].spell_x


# ------------------------------------------------------------------------------------------------------
# Delayed triggered abilities (CR 603.7, SCENARIO-FORMAT.md 2.5): created by the verb ``delayed_trigger``


def _delayed_match(game: Game, d: DelayedTrigger, ev: GameEvent) -> tuple[bool, int | None]:
    """Whether the event ``ev`` triggers ``d``, and the object it is about."""
    event = d.spec.event
    if event in STEP_EVENTS:
        hit = (ev.kind == EventKind.STEP and ev.data.get("step") == STEP_EVENTS[event]
               and (d.players is None or game.active in d.players))
        return hit, None
    te = TRIGGER_EVENTS.get(event)
    if te is None or ev.kind != te.kind or not te.test(game, ev, d.source_lki):
        return False, None
    if te.subject is None:
        return d.players is None or ev.player in d.players, None
    subject = te.subject(ev)
    if subject is None:
        return False, None
    if isinstance(subject, str):        # an event about a player (a player filter fixed at creation)
        return d.players is None or subject in d.players, None
    if d.fixed is not None:
        return subject in d.fixed, subject
    obj = game.objects.get(subject)
    view = all_chars(game).get(subject) if obj is not None and obj.current else (obj.lki if obj else None)
    if view is None:
        return False, None
    sctx = SelectorContext(you=d.controller, source=d.source_uid, ids=game.ids,
                           players=tuple(p.name for p in game.players))
    return matches(d.selector, view, sctx), subject


def collect_delayed(game: Game, start: int) -> None:
    """The delayed triggered abilities that the events from index ``start`` trigger (CR 603.7). One with
    ``next`` triggers once, on the first event that fits, and then ends (603.7b)."""
    for i in range(start, len(game.events)):
        ev = game.events[i]
        for d in list(game.delayed):
            if i < d.start:
                continue
            hit, subject = _delayed_match(game, d, ev)
            if not hit:
                continue
            game.pending.append(PendingTrigger(
                source_uid=d.source_uid, ability=d.ability, controller=d.controller, event=ev,
                trigger_object=subject, source_lki=d.source_lki, created=d.created,
                given_targets=d.targets if d.spec.target is None else None))
            if d.spec.next and d.duration is None:
                game.delayed.remove(d)
