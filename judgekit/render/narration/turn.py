"""Italian texts of the records and errors of the rules core's turn area (steps, cleanup)."""

from __future__ import annotations

from typing import Any

from judgekit.render.narration.common import Names, Text
from judgekit.render.terms import STEP_NAMES_IT


def step_name(step: str) -> str:
    """The Italian name of a step (``declare_blockers`` -> "sottofase di dichiarazione dei bloccanti")."""
    return next((name for s, name in STEP_NAMES_IT.items() if s.value == step), step)


def _step_begins(p: dict[str, Any], names: Names) -> str:
    return f"Inizia la {step_name(p['step'])}."


def _discard_to_hand_size(p: dict[str, Any], names: Names) -> str:
    discarded = p["discarded"]
    return (f"{p['player']} ha {p['hand']} carte in mano e ne scarta {len(discarded)} "
            f"({names.cards(discarded)}; {_how(p)}).")


def _how(p: dict[str, Any]) -> str:
    return ("come indicato in choices.discard" if p.get("given") else
            "senza una scelta indicata, il replay scarta le carte messe in mano per ultime")


def _step_passed(p: dict[str, Any], names: Names) -> str:
    return f"la {step_name(p['step'])} di questo turno è già passata (ora siamo nella {step_name(p['now'])})"


def _cleanup(p: dict[str, Any], names: Names) -> str:
    parts = []
    if p["damaged"]:
        damaged = ", ".join(f"{names.card(d['card'])} ({d['damage']})" for d in p["damaged"])
        parts.append(f"viene rimosso il danno segnato sui permanenti ({damaged})")
    else:
        parts.append("non c'è danno segnato da rimuovere")
    if p["ended"]:
        parts.append(f"finiscono gli effetti «fino alla fine del turno» ({names.cards(p['ended'])})")
    if p["shields"]:
        parts.append("finiscono gli scudi di rigenerazione e di prevenzione di questo turno")
    return "Sottofase di cancellazione, contemporaneamente: " + "; ".join(parts) + "."


def _combat_effects_end(p: dict[str, Any], names: Names) -> str:
    return f"Finiscono gli effetti «fino alla fine del combattimento» ({names.cards(p['sources'])})."


TEXTS: dict[str, Text] = {
    "turn.step_begins": _step_begins,
    "turn.discard_to_hand_size": _discard_to_hand_size,
    "turn.turn_over": lambda p, names: ("il turno è già finito (dopo la sottofase di cancellazione il replay non "
                                        "inizia il turno successivo)"),
    "turn.step_passed": _step_passed,
    "turn.cleanup_again": lambda p, names: ("Durante la sottofase di cancellazione sono avvenute azioni di stato o "
                                            "abilità innescate: i giocatori ricevono priorità e segue un'altra "
                                            "sottofase di cancellazione."),
    "turn.turn_ends": lambda p, names: ("Il turno finisce dopo la sottofase di cancellazione; il replay non inizia "
                                        "il turno successivo."),
    "turn.cleanup": _cleanup,
    "turn.combat_effects_end": _combat_effects_end,
}
