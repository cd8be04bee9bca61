"""Across turns, the parts every layer of the rules core may use (SCENARIO-FORMAT.md 2.5): the step events,
delayed triggered abilities as data (CR 603.7), durations that cross turns (611.2a-b, 800.4m) and the draw step's
draw (a placeholder).

This module imports only the game state: the actions that move across turns (``next_turn``, ``next_step`` from the
end step, ``pass``, ``play_land``) are in :mod:`judgekit.engine.turn`; a delayed triggered ability is created by
the verb ``delayed_trigger`` (:func:`judgekit.engine.effects.create_delayed`) and triggers through
:func:`judgekit.engine.triggers.collect_delayed`.

- ``until_your_next_turn`` ends as its controller's next turn begins; ``until_end_of_your_next_turn`` becomes
  "until end of turn" then, so it ends in that turn's cleanup (514.2) (:func:`end_next_turn_durations`);
  ``while_source_on_battlefield`` ends as its source leaves the battlefield (:func:`source_left`, 611.2b).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judgekit.engine.specs import DelayedSpec
from judgekit.engine.state import Ability, Computed, Game, GameObject, Ref
from judgekit.engine.vocab import Duration

# The step events (SCENARIO-FORMAT.md 2.7): the step whose beginning each one waits for.
STEP_EVENTS = {"beginning_of_upkeep": "upkeep", "beginning_of_draw_step": "draw",
               "beginning_of_precombat_main": "main1", "beginning_of_combat": "beginning_of_combat",
               "beginning_of_end_step": "end", "end_of_combat": "end_of_combat"}

# Events about a player: ``of`` is a player filter (default ``you``).
PLAYER_EVENTS = frozenset({"you_gain_life", "gains_life", "loses_life", "draws", "discards"})

NEXT_TURN = (Duration.UNTIL_YOUR_NEXT_TURN, Duration.UNTIL_END_OF_YOUR_NEXT_TURN)


# ------------------------------------------------------------------------------------------------------
# Durations across turns


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


def end_delayed(game: Game, duration: str) -> None:
    """The delayed triggered abilities that last until ``duration`` ends (this turn, this combat) end."""
    game.delayed[:] = [d for d in game.delayed if d.duration != duration]


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


__all__ = ["NEXT_TURN", "PLAYER_EVENTS", "STEP_EVENTS", "DelayedTrigger", "end_delayed",
           "end_next_turn_durations", "source_left"]
