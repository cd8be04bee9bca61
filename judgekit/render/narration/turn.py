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


# What a delayed triggered ability waits for (SCENARIO-FORMAT.md 2.5, 2.7).
_DELAYED_EVENTS_IT = {
    "beginning_of_upkeep": "all'inizio del prossimo mantenimento", "beginning_of_draw_step":
    "all'inizio della prossima sottofase di acquisizione", "beginning_of_precombat_main":
    "all'inizio della prossima fase principale pre-combattimento", "beginning_of_combat":
    "all'inizio del prossimo combattimento", "beginning_of_end_step": "all'inizio della prossima sottofase finale",
    "end_of_combat": "alla prossima sottofase di fine combattimento", "dies": "quando muore",
    "leaves_battlefield": "quando lascia il campo di battaglia", "enters": "quando entra",
    "attacks": "quando attacca", "blocks": "quando blocca",
}

_UNTIL_IT = {"end_of_turn": "fino alla fine del turno", "end_of_combat": "fino alla fine del combattimento",
             "until_your_next_turn": "fino al prossimo turno del suo controllore",
             "until_end_of_your_next_turn": "fino alla fine del prossimo turno del suo controllore",
             "while_source_on_battlefield": "finché la fonte resta sul campo di battaglia"}


def _delayed_created(p: dict[str, Any], names: Names) -> str:
    event = p["event"]
    when = _DELAYED_EVENTS_IT.get(event, f"all'evento «{event}»")
    if p.get("whose"):
        when += f" (nel turno di {', '.join(p['whose'])})" if event in _STEP_EVENT_NAMES else \
            f" ({', '.join(p['whose'])})"
    if p.get("duration"):
        how = f"si innescherà ogni volta, {_UNTIL_IT.get(p['duration'], p['duration'])}"
    else:
        how = "si innescherà una volta sola, la prossima volta che accade (603.7b)"
        if event in _STEP_EVENT_NAMES:
            how += "; una sottofase già iniziata non conta (513.3)"
    return (f"{names.card(p['source'])} crea un'abilità innescata ritardata controllata da {p['controller']}: "
            f"{when}; {how}.")


_STEP_EVENT_NAMES = {"beginning_of_upkeep", "beginning_of_draw_step", "beginning_of_precombat_main",
                     "beginning_of_combat", "beginning_of_end_step", "end_of_combat"}


def _turn_begins(p: dict[str, Any], names: Names) -> str:
    text = f"Inizia il turno {p['turn']}, di {p['player']}."
    if p.get("skipped"):
        text += f" {', '.join(p['skipped'])} ha lasciato la partita: il suo turno non inizia (800.4k)."
    return text + (" I permanenti che controlla sono sotto il suo controllo dall'inizio del turno (302.6): "
                   "possono attaccare e usare le abilità con il simbolo di TAP.")


def _untap(p: dict[str, Any], names: Names) -> str:
    if not p["untapped"]:
        return f"Sottofase di STAP: {p['player']} non ha permanenti TAPpati. Nessuno riceve priorità (502.4)."
    return (f"Sottofase di STAP: {p['player']} STAPpa {names.cards(p['untapped'])}. Nessuno riceve priorità "
            "(502.4).")


def _next_turn_effects_end(p: dict[str, Any], names: Names) -> str:
    parts = []
    if p["sources"]:
        parts.append(f"Inizia il turno di {p['player']}: finiscono gli effetti che duravano fino al suo prossimo "
                     f"turno ({names.cards(p['sources'])})")
    if p.get("left_sources"):
        parts.append(f"finiscono anche quelli di chi ha lasciato la partita ({', '.join(p['left'])}), perché il "
                     f"suo turno sarebbe iniziato ora (800.4m: {names.cards(p['left_sources'])})")
    return "; ".join(parts) + "."


def _source_left(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['name'])} lascia il campo di battaglia: finiscono gli effetti che duravano finché "
            f"restava sul campo ({names.cards(p['sources'])}).")


def _source_already_gone(p: dict[str, Any], names: Names) -> str:
    return (f"L'effetto di {names.card(p['source'])} dura finché la sua fonte resta sul campo di battaglia, ma la "
            "fonte l'ha già lasciato: l'effetto non fa nulla (611.2b).")


def _cleanup_priority(p: dict[str, Any], names: Names) -> str:
    what = " con le abilità innescate in pila" if p["stack"] else ""
    return ("Nella sottofase di cancellazione sono avvenute azioni generate dallo stato o abilità innescate: "
            f"i giocatori ricevono priorità{what}; poi seguirà un'altra sottofase di cancellazione (514.3a).")


def _no_max_hand_size(p: dict[str, Any], names: Names) -> str:
    return (f"{p['player']} ha {p['hand']} carte in mano ma non ha un limite di carte in mano: non scarta "
            "nulla (402.2).")


def _land_played(p: dict[str, Any], names: Names) -> str:
    return (f"{p['player']} gioca {names.card(p['card'])}: è un'azione speciale, non usa la pila (116.2a); è la "
            "sua giocata di terra di questo turno (305.2).")


def _land_not_in_hand(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['card'])} non è nella mano di {p['player']}, il giocatore attivo: si può giocare "
            "una terra solo dalla propria mano, nel proprio turno")


def _land_timing(p: dict[str, Any], names: Names) -> str:
    where = "con la pila non vuota" if p["stack"] else f"nella {step_name(p['step'])}"
    return (f"{p['player']} non può giocare {names.card(p['card'])} {where}: una terra si gioca in una fase "
            "principale del proprio turno, con la pila vuota")


TEXTS: dict[str, Text] = {
    "turn.delayed_created": _delayed_created,
    "turn.delayed_without_source": lambda p, names: (
        f"{names.card(p['source'])} non ha un oggetto come fonte: l'abilità innescata ritardata non viene creata."),
    "turn.turn_begins": _turn_begins,
    "turn.untap": _untap,
    "turn.next_turn_effects_end": _next_turn_effects_end,
    "turn.source_left": _source_left,
    "turn.source_already_gone": _source_already_gone,
    "turn.cleanup_priority": _cleanup_priority,
    "turn.no_max_hand_size": _no_max_hand_size,
    "turn.land_played": _land_played,
    "turn.land_not_in_hand": _land_not_in_hand,
    "turn.not_a_land": lambda p, names: f"{names.card(p['card'])} non è una terra: non si può giocare come terra",
    "turn.land_timing": _land_timing,
    "turn.attack_which_opponent": lambda p, names: (
        f"{p['player']} ha più di un avversario ({', '.join(p['opponents'])}): «declare_attackers» deve dire chi "
        "attacca ciascuna creatura"),
    "turn.second_land": lambda p, names: (
        f"{p['player']} ha già giocato una terra in questo turno: non può giocare anche {names.card(p['card'])}"),
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
