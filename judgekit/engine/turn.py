"""Steps of the turn (CR 500-514): moving forward, turn-based actions, durations.

:func:`advance_to` moves to a later step of this turn, performing the turn-based actions of each step it
enters (:func:`enter_step`); :func:`next_step` and :func:`end_turn` are the action handlers. Cleanup removes
damage and ends "until end of turn" effects (CR 514.2); "until end of combat" effects end with the end of
combat step (CR 511.3).
"""

from __future__ import annotations

from typing import Any

from judgekit.engine.errors import IllegalAction
from judgekit.engine.state import Game, GameEvent
from judgekit.engine.vocab import STEP_NAMES_IT, STEP_ORDER, Step


def _resolve_stack(game: Game) -> None:
    from judgekit.engine.stack import resolve_all

    resolve_all(game)


def enter_step(game: Game, step: Step) -> None:
    """Enter ``step`` and perform its turn-based actions (CR 500.2, 502-514)."""
    from judgekit.engine import combat

    game.step = step
    game.touch()
    game.say("step", f"Inizia la {STEP_NAMES_IT[step]}.", "500.1")
    game.emit(GameEvent("step", data={"step": step.value}))
    if step in (Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE,
                Step.END_OF_COMBAT):
        combat.on_step(game, step)
    if step == Step.CLEANUP:
        cleanup(game)


def advance_to(game: Game, step: Step) -> None:
    """Move forward through the steps of this turn up to ``step`` (priority point in each step passed)."""
    from judgekit.engine.replay import priority_point

    target = STEP_ORDER.index(step)
    if STEP_ORDER.index(game.step) > target:
        raise IllegalAction(f"la {STEP_NAMES_IT[step]} di questo turno è già passata", rule="500.1")
    while STEP_ORDER.index(game.step) < target:
        _resolve_stack(game)
        enter_step(game, STEP_ORDER[STEP_ORDER.index(game.step) + 1])
        if game.step != step:
            priority_point(game)
            _resolve_stack(game)


def next_step(game: Game, spec: Any) -> None:
    """``next_step``: resolve the stack, then go to the next step (its turn-based actions happen)."""
    _resolve_stack(game)
    i = STEP_ORDER.index(game.step)
    if game.step == Step.COMBAT_DAMAGE and game.combat is not None and not game.combat.regular_done:
        from judgekit.engine import combat

        combat.damage_step(game)
        return
    if i + 1 >= len(STEP_ORDER):
        raise IllegalAction("il turno è già finito", rule="514.3")
    enter_step(game, STEP_ORDER[i + 1])


def end_turn(game: Game, spec: Any) -> None:
    """``end_turn``: through every remaining step, resolving triggers as they arrive, up to after cleanup."""
    from judgekit.engine.replay import priority_point

    while game.step != Step.CLEANUP:
        _resolve_stack(game)
        next_step(game, None)
        priority_point(game)
    _resolve_stack(game)


def cleanup(game: Game) -> None:
    """CR 514.2: damage is removed and "until end of turn" effects end (simultaneously)."""
    for obj in game.battlefield():
        obj.damage = 0
        obj.deathtouch_damage = False
        obj.prevent_damage = 0
        obj.prevent_all_damage = False
        obj.regeneration_shields = 0
    ended = [e for e in game.effects if e.duration == "end_of_turn"]
    game.effects = [e for e in game.effects if e.duration != "end_of_turn"]
    for p in game.players:
        p.prevent_damage = 0
        p.prevent_all_damage = False
    game.touch()
    names = ", ".join(e.source_name for e in ended)
    game.say("cleanup", "Sottofase di cancellazione: il danno segnato viene rimosso" +
             (f" e finiscono gli effetti «fino alla fine del turno» ({names})." if ended else "."), "514.2")


def end_combat_effects(game: Game) -> None:
    """CR 511.3: "until end of combat" effects end."""
    ended = [e for e in game.effects if e.duration == "end_of_combat"]
    if ended:
        game.effects = [e for e in game.effects if e.duration != "end_of_combat"]
        game.touch()
        game.say("step", "Finiscono gli effetti «fino alla fine del combattimento» (" +
                 ", ".join(e.source_name for e in ended) + ").", "511.3")
