"""Across turns (SCENARIO-FORMAT.md 2.5, 2.8): the next turn, durations that cross turns, delayed triggered
abilities, playing a land and passing.

- :func:`next_turn` finishes the turn as ``end_turn`` does, then :func:`begin_turn` begins the turn of the next
  player in turn order still in the game (CR 500.1, 800.4k): the effects that last until that player's next
  turn end (611.2a; 800.4m for players who left), their permanents count as controlled since the turn began
  (302.6), they untap (502.3) and the upkeep begins (503.1a): its triggers wait on the stack.
- :func:`cross_turn` is ``next_step`` from the end step or from cleanup: cleanup, and players receive priority
  there only if state-based actions or triggers happen (514.3a).
- Durations: ``until_your_next_turn`` ends as its controller's next turn begins; ``until_end_of_your_next_turn``
  becomes "until end of turn" then, so it ends in that turn's cleanup (514.2); ``while_source_on_battlefield``
  ends as its source leaves the battlefield (:func:`source_left`, 611.2b).
- Delayed triggered abilities (603.7): :func:`create_delayed` (the verb ``delayed_trigger``) and
  :func:`collect_delayed`, called by :func:`judgekit.engine.triggers.collect` only while one waits.
- Actions ``play_land`` (305.1, 305.2, 116.2a) and ``pass``.

The draw step's draw goes through :func:`draw_cards`; here it is a placeholder (see its docstring).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judgekit.engine import turn as turn_steps
from judgekit.engine.characteristics import all_chars, chars
from judgekit.engine.errors import IllegalAction
from judgekit.engine.objects import move
from judgekit.engine.priority import priority_point, resolve, settle
from judgekit.engine.selectors import SelectorContext, matches
from judgekit.engine.specs import AbilitySpec, DelayedSpec, Filter, TriggerSpec
from judgekit.engine.state import Ability, Computed, EventKind, Game, GameEvent, GameObject, PendingTrigger, Ref
from judgekit.engine.steps import announce_step
from judgekit.engine.vocab import Duration, Step, Zone

# The step events (SCENARIO-FORMAT.md 2.7): the step whose beginning each one waits for.
STEP_EVENTS = {"beginning_of_upkeep": "upkeep", "beginning_of_draw_step": "draw",
               "beginning_of_precombat_main": "main1", "beginning_of_combat": "beginning_of_combat",
               "beginning_of_end_step": "end", "end_of_combat": "end_of_combat"}

# Events about a player: ``of`` is a player filter (default ``you``).
PLAYER_EVENTS = frozenset({"you_gain_life", "gains_life", "loses_life", "draws", "discards"})

NEXT_TURN = (Duration.UNTIL_YOUR_NEXT_TURN, Duration.UNTIL_END_OF_YOUR_NEXT_TURN)


# ------------------------------------------------------------------------------------------------------
# The draw step


def draw_cards(game: Game, player: str, count: int, rule: str) -> None:
    """PLACEHOLDER, replaced at the merge by ``judgekit.engine.library.draw_cards`` (libraries, 2.6): the draw
    step's turn-based action (CR 504.1) makes ``player`` draw ``count`` cards. Libraries are not modelled here:
    nothing is drawn, and a step says so."""
    game.record("step", "turn.draw_not_modelled", rule, player=player)


# ------------------------------------------------------------------------------------------------------
# Beginning the next turn


def next_player(game: Game) -> tuple[str, list[str]]:
    """The next player in turn order still in the game (CR 500.1, 800.4k), and the players who left whose places
    lie in between (their turns would have begun now, 800.4m)."""
    names = [p.name for p in game.players]
    i = names.index(game.active) if game.active in names else 0
    skipped: list[str] = []
    for k in range(1, len(names) + 1):
        name = names[(i + k) % len(names)]
        if game.player(name).lost:
            skipped.append(name)
            continue
        return name, skipped
    return game.active, skipped


def begin_turn(game: Game) -> None:
    """Begin the next player's turn (CR 500.1, 502, 503.1a): durations that end now, 302.6, the untap step, then
    the upkeep (its "at the beginning of" abilities trigger; the caller's priority point puts them on the
    stack, where they wait unresolved)."""
    player, skipped = next_player(game)
    end_next_turn_durations(game, player, skipped)
    game.turn += 1
    game.active = player
    game.combat = None
    game.lands_played = 0
    game.cleanup_priority = False
    game.priority = None
    for p in game.players:
        p.life_gained_this_turn = 0
    table = all_chars(game)
    # CR 302.6: every permanent the active player controls has been under their control since the turn began.
    for obj in game.battlefield():
        if table[obj.uid].controller == player:
            obj.summoning_sick = False
    game.touch()
    game.record("step", "turn.turn_begins", "500.1", "302.6", player=player, turn=game.turn, skipped=skipped)
    untap_step(game)
    turn_steps.enter_step(game, Step.UPKEEP)


def untap_step(game: Game) -> None:
    """CR 502.3: the active player untaps all their permanents; nobody receives priority (502.4)."""
    game.step = Step.UNTAP
    announce_step(game, Step.UNTAP)
    table = all_chars(game)
    untapped = [o for o in game.battlefield() if o.tapped and table[o.uid].controller == game.active]
    for obj in untapped:
        obj.tapped = False
    game.touch()
    game.record("step", "turn.untap", "502.3", "502.4", objects=[o.id for o in untapped], player=game.active,
                untapped=[o.card.name for o in untapped])


def end_next_turn_durations(game: Game, player: str, left: list[str]) -> None:
    """As ``player``'s turn begins, before its untap step: their ``until_your_next_turn`` effects end and their
    ``until_end_of_your_next_turn`` effects now last until end of turn (CR 611.2a, 514.2); both end for the
    players in ``left``, whose turns would have begun now (800.4m). Effects, replacement effects and delayed
    triggered abilities alike."""
    ended: list[str] = []
    gone: list[str] = []

    def fate(duration: Any, controller: Any) -> str | None:
        if duration not in NEXT_TURN:
            return None
        if controller in left:
            return "left"
        if controller != player:
            return None
        return "end" if duration == Duration.UNTIL_YOUR_NEXT_TURN else "arm"

    for bucket in (game.effects, game.replacements, game.delayed):
        keep = []
        for e in bucket:
            what = fate(getattr(e, "duration", None), getattr(e, "controller", None))
            if what == "arm":
                e.duration = Duration.END_OF_TURN
            if what in ("end", "left"):
                (gone if what == "left" else ended).append(str(getattr(e, "source_name", "") or ""))
            else:
                keep.append(e)
        bucket[:] = keep
    if ended or gone:
        game.touch()
        game.record("effect", "turn.next_turn_effects_end", "611.2a", *(["800.4m"] if gone else []),
                    player=player, sources=list(dict.fromkeys(ended)), left=left,
                    left_sources=list(dict.fromkeys(gone)))


def next_turn(game: Game, spec: Any) -> None:
    """``next_turn``: the rest of this turn as ``end_turn`` goes through it, then the next player's turn begins;
    the replay stops in its upkeep, where the active player would receive priority (SCENARIO-FORMAT.md 2.5)."""
    turn_steps.finish_turn(game)
    begin_turn(game)


def cross_turn(game: Game) -> None:
    """``next_step`` from the end step or from cleanup (the stack already resolved): a cleanup step (CR 514.1-2);
    if state-based actions or triggers happen in it, players receive priority there and the replay stops
    (514.3a); otherwise the next turn begins as :func:`next_turn` begins it."""
    if game.step == Step.END:
        turn_steps.enter_step(game, Step.CLEANUP)
    elif game.cleanup_priority:
        game.record("cleanup", "turn.cleanup_again", "514.3a")
        turn_steps.enter_step(game, Step.CLEANUP)
    if game.step == Step.CLEANUP and _cleanup_priority(game):
        return
    begin_turn(game)


def _cleanup_priority(game: Game) -> bool:
    """CR 514.3a: state-based actions and triggers checked in cleanup; True (and said) if players receive
    priority."""
    before = game.activity
    priority_point(game)
    game.cleanup_priority = bool(game.stack) or game.activity != before
    if game.cleanup_priority:
        game.record("cleanup", "turn.cleanup_priority", "514.3a", stack=len(game.stack))
    return game.cleanup_priority


# ------------------------------------------------------------------------------------------------------
# "For as long as" (611.2b)


def source_left(game: Game, obj: GameObject) -> None:
    """``obj`` leaves the battlefield: the effects that last while it is there end (CR 611.2b)."""
    ended: list[str] = []
    for bucket in (game.effects, game.replacements, game.delayed):
        keep = []
        for e in bucket:
            if getattr(e, "duration", None) == Duration.WHILE_SOURCE_ON_BATTLEFIELD and \
                    getattr(e, "source_uid", None) == obj.uid:
                ended.append(str(getattr(e, "source_name", "") or obj.card.name))
            else:
                keep.append(e)
        bucket[:] = keep
    if ended:
        game.touch()
        game.record("effect", "turn.source_left", "611.2b", objects=[obj.id], name=obj.card.name,
                    sources=list(dict.fromkeys(ended)))


# ------------------------------------------------------------------------------------------------------
# Delayed triggered abilities (603.7)


@dataclass
class DelayedTrigger:
    """A delayed triggered ability waiting for its event (CR 603.7a): created by a resolving spell or ability,
    whose source and controller it has (603.7d-e). ``start`` is the index of the first game event it can see (a
    step already begun does not count, 513.3); ``fixed`` the objects its ``of:`` named when it was created,
    ``players`` the players its filter picks (None: any), ``created`` and ``targets`` what ``created`` and the
    creating spell's targets named then."""

    spec: DelayedSpec
    ability: Ability
    source_uid: int
    source_name: str
    source_lki: Computed
    controller: str
    start: int
    fixed: tuple[int, ...] | None
    selector: Any
    players: tuple[str, ...] | None
    created: list[int] | None
    targets: list[Ref]
    duration: str | None


def _player_filter(game: Game, ctx: Any, of: Any, default: str) -> tuple[str, ...] | None:
    """A player filter fixed as the ability is created: None for ``any``."""
    from judgekit.engine.effects import resolve_refs

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


def create_delayed(game: Game, ctx: Any, spec: DelayedSpec) -> None:
    """The verb ``delayed_trigger`` (CR 603.7a): a triggered ability that exists from now on. Its ``of:`` (a
    REF), ``created`` and the creating spell's targets are fixed now (603.7c)."""
    from judgekit.engine.effects import resolve_refs

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


def _delayed_match(game: Game, d: DelayedTrigger, ev: GameEvent) -> tuple[bool, int | None]:
    """Whether the event ``ev`` triggers ``d``, and the object it is about."""
    from judgekit.engine.triggers import TRIGGER_EVENTS

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


def end_delayed(game: Game, duration: str) -> None:
    """The delayed triggered abilities that last until ``duration`` ends (this turn, this combat) end."""
    game.delayed[:] = [d for d in game.delayed if d.duration != duration]


# ------------------------------------------------------------------------------------------------------
# Actions


def play_land(game: Game, spec: dict[str, Any]) -> None:
    """``play_land: {object: ID}``: a special action (CR 116.2a) of the active player, from their hand, in a main
    phase of their turn with an empty stack (305.1), once a turn (305.2). The replay assumes no land was played
    this turn before it starts."""
    obj = game.obj(str(spec["object"]))
    c = chars(game, obj)
    player = game.active
    if obj.zone != Zone.HAND or obj.owner != player:
        raise IllegalAction("turn.land_not_in_hand", rule="305.1", card=c.name, player=player,
                            zone=str(obj.zone), owner=obj.owner)
    if not c.is_type("Land"):
        raise IllegalAction("turn.not_a_land", rule="305.1", card=c.name)
    priority_point(game)
    if game.step not in (Step.MAIN1, Step.MAIN2) or game.stack:
        raise IllegalAction("turn.land_timing", rule="305.1", card=c.name, player=player, step=game.step.value,
                            stack=len(game.stack))
    if game.lands_played >= 1:
        raise IllegalAction("turn.second_land", rule="305.2", card=c.name, player=player)
    game.lands_played += 1
    new = move(game, obj, Zone.BATTLEFIELD, controller=player)
    game.record("action", "turn.land_played", "305.1", "116.2a", objects=[obj.id], card=c.name, player=player,
                zone=str(new.zone))


def attack_the_opponent(game: Game, attackers: list[str]) -> dict[str, str]:
    """``declare_attackers`` as a list, after the replay may have begun another turn (SCENARIO-FORMAT.md 2.1):
    each attacks the only opponent of the active player still in the game."""
    opponents = [p.name for p in game.players if p.name != game.active and not p.lost]
    if len(opponents) != 1:
        raise IllegalAction("turn.attack_which_opponent", rule="508.1b", player=game.active, opponents=opponents)
    return {str(a): opponents[0] for a in attackers}


def pass_priority(game: Game, spec: Any) -> None:
    """``pass``: every player passes once in succession: the top of the stack resolves or, on an empty stack, the
    game moves to the next step (CR 117.4, 500.2)."""
    if game.stack:
        resolve(game, None)
        return
    turn_steps.next_step(game, True)


__all__ = ["STEP_EVENTS", "begin_turn", "collect_delayed", "create_delayed", "cross_turn", "draw_cards",
           "end_delayed", "next_turn", "pass_priority", "play_land", "settle", "source_left"]
