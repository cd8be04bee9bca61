"""Steps of the turn as data (CR 500-514): their order, the combat steps, the rule each one begins with, and
announcing that a step begins (the ``step`` event that "at the beginning of" abilities wait for, CR 500.6).
"""

from __future__ import annotations

from judgekit.engine.state import Game, GameEvent
from judgekit.engine.vocab import Step
from judgekit.render.terms import STEP_NAMES_IT

# The rule that describes what happens as each step begins.
STEP_RULES: dict[Step, tuple[str, ...]] = {
    Step.UNTAP: ("502.1",), Step.UPKEEP: ("503.1",), Step.DRAW: ("504.1",), Step.MAIN1: ("505.1",),
    Step.BEGINNING_OF_COMBAT: ("507.1", "507.2"), Step.DECLARE_ATTACKERS: ("508.1",),
    Step.DECLARE_BLOCKERS: ("509.1",), Step.COMBAT_DAMAGE: ("510.1",), Step.END_OF_COMBAT: ("511.1", "511.2"),
    Step.MAIN2: ("505.1",), Step.END: ("513.1",), Step.CLEANUP: ("514.1",),
}

MAX_HAND_SIZE = 7


def step_name(step: Step) -> str:
    """The Italian name of a step ("sottofase di dichiarazione dei bloccanti")."""
    return STEP_NAMES_IT.get(step, str(step))


def announce_step(game: Game, step: Step, *, text: str | None = None, rules: tuple[str, ...] = ()) -> None:
    """Say that ``step`` begins and emit the ``step`` event ("at the beginning of" triggers, CR 500.6)."""
    game.say("step", text or f"Inizia la {step_name(step)}.", *(rules or STEP_RULES.get(step, ("500.1",))))
    game.emit(GameEvent("step", data={"step": step.value}))


