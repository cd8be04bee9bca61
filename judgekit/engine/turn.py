"""Steps of the turn (CR 500-514): moving forward, turn-based actions, durations.

:func:`advance_to` moves forward to a later step of this turn, stopping where a player would receive priority
in every step it passes (triggers resolve); :func:`enter_step` begins a step and performs its turn-based
actions; :func:`next_step` and :func:`end_turn` are the action handlers. Combat steps are skipped when no
creature attacks (CR 508.8); a turn with first strike has two combat damage steps (510.4). "Until end of
combat" effects end and creatures are removed from combat as the combat phase ends (CR 500.5, 511.3); cleanup
removes damage and ends "until end of turn" effects (514.2). The draw step's draw is
:func:`judgekit.engine.library.draw_cards` (504.1).
Across turns (SCENARIO-FORMAT.md 2.5, 2.8): :func:`next_turn` finishes the turn and :func:`begin_turn` begins the
next player's (500.1, 800.4k): next-turn durations end (611.2a, 800.4m), 302.6, the untap step (502.3), then the
upkeep, where the replay stops with its triggers on the stack (503.1a). :func:`next_step` from the end step or
cleanup crosses into it (:func:`cross_turn`), stopping in cleanup when players receive priority there (514.3a).
``play_land`` (305.1-2, 116.2a) and ``pass`` are here too.
"""

from __future__ import annotations

from typing import Any

from judgekit.engine import combat
from judgekit.engine.characteristics import all_chars, chars
from judgekit.engine.combat_removal import update_combat
from judgekit.engine.effects import choose_discards, life_cant
from judgekit.engine.errors import IllegalAction, ScenarioProblem
from judgekit.engine.events import tag_move
from judgekit.engine.library import draw_cards
from judgekit.engine.objects import move, move_to
from judgekit.engine.priority import priority_point, resolve, settle
from judgekit.engine.replacement import end_shields
from judgekit.engine.state import Game
from judgekit.engine.steps import announce_step
from judgekit.engine.turns import end_delayed, end_next_turn_durations
from judgekit.engine.vocab import COMBAT_STEPS, STEP_ORDER, Step, Zone


def enter_step(game: Game, step: Step) -> None:
    """Begin ``step`` and perform its turn-based actions (CR 500.6, 502-514)."""
    if game.step in COMBAT_STEPS and step not in COMBAT_STEPS:
        _end_of_combat_phase(game)
    game.step = step
    game.touch()
    if step == Step.COMBAT_DAMAGE:
        combat.on_step(game, step)          # the damage step announces itself (first strike or regular)
        return
    announce_step(game, step)
    if step in COMBAT_STEPS:
        combat.on_step(game, step)
    elif step == Step.DRAW:
        # CR 504.1: the active player draws a card (SCENARIO-FORMAT.md 2.6; from an empty library: 704.5b).
        # CR 504.1: the active player draws a card (SCENARIO-FORMAT.md 2.6; from an empty library: 704.5b); not
        # while the turn goes on without an active player (800.4j).
        if not game.active_left():
            draw_cards(game, game.active, 1, "504.1")
    elif step == Step.CLEANUP:
        _discard_to_hand_size(game)
        cleanup(game)


def _end_of_combat_phase(game: Game) -> None:
    """CR 511.3, 500.5: as the end of combat step ends, creatures leave combat and "until end of combat"
    effects end (at the end of the combat phase, not as the end of combat step begins)."""
    combat.end_combat(game)
    end_combat_effects(game)


def _discard_to_hand_size(game: Game) -> None:
    """CR 514.1: the active player discards down to their maximum hand size (seven, or the player entry's
    ``max_hand_size``; none while ``no_max_hand_size`` applies to them, 402.2), choosing which cards (a
    :class:`~judgekit.engine.choices.Discard` decision; by default the cards most recently put into the hand,
    SCENARIO-FORMAT.md 2.2). Each card discarded is one discard event (701.9a)."""
    if game.active_left():
        return          # CR 800.4j: the turn-based actions of a player who has left no longer happen
    hand = game.in_zone(Zone.HAND, game.active)
    player = game.player(game.active)
    excess = len(hand) - player.max_hand_size
    if excess <= 0:
        return
    if life_cant(game, game.active, "no_max_hand_size"):
        game.record("cleanup", "turn.no_max_hand_size", "402.2", "514.1", player=game.active, hand=len(hand))
        return
    chosen, given = choose_discards(game, game.active, excess, "514.1")
    for obj in chosen:
        move_to(game, obj, Zone.GRAVEYARD)
        tag_move(game, obj.uid, discard=game.active)
    game.record("cleanup", "turn.discard_to_hand_size", "514.1", objects=[o.id for o in chosen], player=game.active,
                hand=len(hand), discarded=[o.card.name for o in chosen], given=bool(given))


def following_step(game: Game) -> Step | None:
    """The step that comes after the current one in this turn (None after cleanup).

    With no attacking creature declared, the declare blockers and combat damage steps are skipped (508.8);
    after a first-strike combat damage step there is a second one (510.4).
    """
    step = game.step
    fight = combat.existing_combat(game)
    if step == Step.CLEANUP:
        return None
    if step == Step.DECLARE_ATTACKERS and (fight is None or not fight.declared):
        return Step.END_OF_COMBAT
    if step == Step.COMBAT_DAMAGE and fight is not None and fight.first_strike_done and not fight.regular_done:
        return Step.COMBAT_DAMAGE
    return STEP_ORDER[STEP_ORDER.index(step) + 1]


def _go_next(game: Game) -> Step:
    nxt = following_step(game)
    if nxt is None:
        raise ScenarioProblem("turn.turn_over")
    if nxt == Step.COMBAT_DAMAGE and game.step == Step.COMBAT_DAMAGE:
            combat.damage_step(game)
    else:
        enter_step(game, nxt)
    return nxt


def advance_to(game: Game, step: Step) -> None:
    """Move forward through the steps of this turn up to ``step`` (CR 500.2): in each step passed, state-based
    actions and triggers are handled and the stack resolves before the next step begins. Stops as ``step``
    begins (its turn-based actions done), or in the first step after it when ``step`` is skipped."""
    target = STEP_ORDER.index(step)
    if STEP_ORDER.index(game.step) > target:
        raise IllegalAction("turn.step_passed", rule="500.1", step=step.value, now=game.step.value)
    while STEP_ORDER.index(game.step) < target:
        settle(game)
        _go_next(game)
        if STEP_ORDER.index(game.step) < target:
            settle(game)


def next_step(game: Game, spec: Any) -> None:
    """``next_step``: resolve the stack, then go to the next step (its turn-based actions happen); from a
    first-strike combat damage step, to the second combat damage step (CR 510.4). From the end step or cleanup
    it crosses into the next turn (:func:`judgekit.engine.turns.cross_turn`, 514.3a)."""
    settle(game)
    if game.step in (Step.END, Step.CLEANUP):
        cross_turn(game)
        return
    _go_next(game)


def end_turn(game: Game, spec: Any) -> None:
    """``end_turn``: through every remaining step, resolving each trigger as it arrives, up to the end of
    cleanup (CR 514). If state-based actions or triggers happen during cleanup, players receive priority and
    another cleanup step follows (514.3a). The next turn does not begin."""
    finish_turn(game)
    game.record("step", "turn.turn_ends", "514.3")


def finish_turn(game: Game) -> None:
    """The rest of the turn, cleanup included (what ``end_turn`` and ``next_turn`` do first). From a cleanup step
    where players received priority, the stack resolves and another cleanup step begins (514.3a)."""
    if game.step == Step.CLEANUP and game.cleanup_priority:
        settle(game)
        game.record("cleanup", "turn.cleanup_again", "514.3a")
        enter_step(game, Step.CLEANUP)
    game.cleanup_priority = False
    while game.step != Step.CLEANUP:
        settle(game)
        _go_next(game)
        if game.step != Step.CLEANUP:
            priority_point(game)
    for _ in range(20):
        before = game.activity
        priority_point(game)
        if not game.stack and game.activity == before:
            break
        game.record("cleanup", "turn.cleanup_again", "514.3a")
        settle(game)
        enter_step(game, Step.CLEANUP)


def cleanup(game: Game) -> None:
    """CR 514.2: at the same time, all damage marked on permanents is removed and the effects that last
    "until end of turn" or "this turn" end (regeneration and prevention shields included)."""
    damaged = [{"card": o.card.name, "damage": o.damage} for o in game.battlefield() if o.damage > 0]
    present = {o.uid for o in game.battlefield()} | {p.name for p in game.players}
    shields = any(s.holder in present for s in game.shields)
    for obj in game.battlefield():
        obj.damage = 0
        obj.deathtouch_damage = False
    ended = [e for e in game.effects if e.duration == "end_of_turn"]
    game.effects = [e for e in game.effects if e.duration != "end_of_turn"]
    end_shields(game)
    if game.delayed:
        end_delayed(game, "end_of_turn")
    game.touch()
    update_combat(game)
    game.record("cleanup", "turn.cleanup", "514.2", damaged=damaged,
                ended=list(dict.fromkeys(e.source_name for e in ended)), shields=shields)


def end_combat_effects(game: Game) -> None:
    """CR 511.3: "until end of combat" effects end."""
    ended = [e for e in game.effects if e.duration == "end_of_combat"]
    if game.delayed:
        end_delayed(game, "end_of_combat")
    if ended:
        game.effects = [e for e in game.effects if e.duration != "end_of_combat"]
        game.touch()
        update_combat(game)
        game.record("step", "turn.combat_effects_end", "511.3", sources=[e.source_name for e in ended])


# ------------------------------------------------------------------------------------------------------
# Across turns (SCENARIO-FORMAT.md 2.5, 2.8)


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
    enter_step(game, Step.UPKEEP)


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


def next_turn(game: Game, spec: Any) -> None:
    """``next_turn``: the rest of this turn as ``end_turn`` goes through it, then the next player's turn begins;
    the replay stops in its upkeep, where the active player would receive priority (SCENARIO-FORMAT.md 2.5)."""
    finish_turn(game)
    begin_turn(game)


def cross_turn(game: Game) -> None:
    """``next_step`` from the end step or from cleanup (the stack already resolved): a cleanup step (CR 514.1-2);
    if state-based actions or triggers happen in it, players receive priority there and the replay stops
    (514.3a); otherwise the next turn begins as :func:`next_turn` begins it."""
    if game.step == Step.END:
        enter_step(game, Step.CLEANUP)
    elif game.cleanup_priority:
        game.record("cleanup", "turn.cleanup_again", "514.3a")
        enter_step(game, Step.CLEANUP)
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
    next_step(game, True)
