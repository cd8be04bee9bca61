"""Steps of the turn as data (CR 500-514): their order, the combat steps, the rule each one begins with, and
announcing that a step begins (the ``step`` event that "at the beginning of" abilities wait for, CR 500.6).
"""

from __future__ import annotations

from typing import Any

from judgekit.engine.state import EventKind, Game, GameEvent
from judgekit.engine.vocab import Step

# The rule that describes what happens as each step begins.
STEP_RULES: dict[Step, tuple[str, ...]] = {
    Step.UNTAP: ("502.1",), Step.UPKEEP: ("503.1",), Step.DRAW: ("504.1",), Step.MAIN1: ("505.1",),
    Step.BEGINNING_OF_COMBAT: ("507.1", "507.2"), Step.DECLARE_ATTACKERS: ("508.1",),
    Step.DECLARE_BLOCKERS: ("509.1",), Step.COMBAT_DAMAGE: ("510.1",), Step.END_OF_COMBAT: ("511.1", "511.2"),
    Step.MAIN2: ("505.1",), Step.END: ("513.1",), Step.CLEANUP: ("514.1",),
}

MAX_HAND_SIZE = 7

# The main phases: where sorcery-speed actions happen (CR 307.1, 505.1).
MAIN_PHASES = (Step.MAIN1, Step.MAIN2)


def announce_step(game: Game, step: Step, *, code: str = "turn.step_begins", rules: tuple[str, ...] = (),
                  **params: Any) -> None:
    """Report that ``step`` begins (record ``code``, parameter ``step``) and emit the ``step`` event ("at the
    beginning of" triggers, CR 500.6)."""
    game.record("step", code, *(rules or STEP_RULES.get(step, ("500.1",))), step=step.value, **params)
    game.emit(GameEvent(EventKind.STEP, data={"step": step.value, "active": game.active}))


def sorcery_timing_problems(game: Game, player: str) -> list[str]:
    """Why ``player`` can't act at sorcery speed now (CR 307.1, 602.5d): ``not_your_turn``, ``not_main_phase``,
    ``stack_not_empty``; empty when they can."""
    reasons = []
    if game.active != player:
        reasons.append("not_your_turn")
    if game.step not in MAIN_PHASES:
        reasons.append("not_main_phase")
    if game.stack:
        reasons.append("stack_not_empty")
    return reasons
