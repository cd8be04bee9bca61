"""Italian texts of the records and errors of the rules core's triggers area (CR 603)."""

from __future__ import annotations

from typing import Any

from judgekit.render.narration.common import Names, Text, stack_note
from judgekit.render.narration.events import PHRASE_IT, SUBJECT_IT
from judgekit.render.narration.stack import problem_text
from judgekit.render.terms import it

EVENT_IT = {
    "enters": "entra nel campo di battaglia", "leaves_battlefield": "lascia il campo di battaglia",
    "dies": "muore", "attacks": "attacca", "attacks_alone": "attacca da sola", "blocks": "blocca",
    "becomes_blocked": "viene bloccata",
    "deals_combat_damage": "infligge danno da combattimento",
    "deals_combat_damage_to_player": "infligge danno da combattimento a un giocatore",
    "deals_damage": "infligge danno", "you_gain_life": "guadagna punti vita",
    "beginning_of_upkeep": "inizio del mantenimento", "beginning_of_end_step": "inizio della sottofase finale",
    "beginning_of_combat": "inizio del combattimento",
}

EVENT_IT.update({**PHRASE_IT, **SUBJECT_IT})

# Events at the beginning of a step: the ability is named by its trigger ("all'inizio del mantenimento").
_STEP_EVENTS = {"beginning_of_upkeep", "beginning_of_end_step", "beginning_of_combat"}


def describe(t: dict[str, Any], names: Names) -> str:
    """A triggered ability (see ``judgekit.engine.triggers._describe``): "persistere di X", "l'abilità di X
    (Y muore)"."""
    source = names.card(t["source"])
    if t["keyword"]:
        reason = f" ({source} muore senza segnalini {t['counter']})" if t.get("counter") else ""
        return f"{it(str(t['keyword']))} di {source}{reason}"
    event = t["event"]
    what = EVENT_IT.get(event, event)
    if event in _STEP_EVENTS:
        return f"l'abilità di {source} («all'{what}»)"
    if event in PHRASE_IT:
        return f"l'abilità di {source} («{PHRASE_IT[event]}»)"
    if event == "you_gain_life":
        return f"l'abilità di {source} ({t['controller']} {what})"
    subject = names.card(t["subject"]) if t["subject"] is not None else source
    return f"l'abilità di {source} ({subject} {what})"


def _target(p: dict[str, Any], names: Names) -> str:
    return str(p["target"]) if p["target_is_player"] else names.card(p["target"])


def _keyword_not_triggered(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['name'])} muore, ma aveva un segnalino {p['counter']}: {it(p['keyword'])} non si "
            "innesca (la condizione si controlla com'era appena prima che morisse).")


def _pending(p: dict[str, Any], names: Names) -> str:
    triggers, players = p["triggers"], p["players"]
    listed = "; ".join(describe(t, names) for t in triggers)
    text = (f"Si sono innescate {len(triggers)} abilità ({listed}): vanno in pila ora che un giocatore "
            "riceverebbe priorità, dopo le azioni generate dallo stato (603.3)")
    if len(players) > 1:
        first = f"{players[0]}, il giocatore attivo"
        if p.get("no_active"):
            rest = ", ".join(players[1:-1]) + (" e infine " if len(players) > 2 else "") + players[-1]
            text += (". Il giocatore attivo ha lasciato la partita: le abilità vanno in pila nell'ordine di turno "
                     f"a partire dal giocatore che lo segue (800.4j), prima quelle di {players[0]}, poi quelle di "
                     f"{rest}: le abilità di {players[-1]} si risolveranno per prime (101.4, 603.3b)")
        elif len(players) == 2:
            text += (f". Ordine APNAP: prima {first}, mette in pila le sue, poi {players[1]}: le abilità di "
                     f"{players[-1]} si risolveranno per prime (603.3b)")
        else:
            rest = ", ".join(players[1:-1]) + " e infine " + players[-1]
            text += (f". Ordine APNAP: prima {first}, mette in pila le sue, poi {rest}, nell'ordine di turno: "
                     f"le abilità di {players[-1]} si risolveranno per prime (101.4, 603.3b)")
    return text + "."


def _order_choice(p: dict[str, Any], names: Names) -> str:
    how = ("nell'ordine indicato in choices.apnap_order" if p["chosen"] else
           "senza una scelta indicata, nell'ordine di timestamp delle loro fonti (choices.apnap_order permette di "
           "sceglierne un altro)")
    return (f"{p['player']} ha {p['count']} abilità innescate da mettere in pila e sceglie l'ordine: {how}. "
            "L'ultima messa in pila si risolve per prima.")


def _illegal_target(p: dict[str, Any], names: Names) -> str:
    return (f"il bersaglio scelto per {describe(p['trigger'], names)}, {_target(p, names)}, non è legale: "
            f"{problem_text(p['problem'], names)} (CR {p['problem']['rule']})")


def _no_legal_targets(p: dict[str, Any], names: Names) -> str:
    return f"Si innesca {describe(p['trigger'], names)}, ma non ha bersagli legali: viene rimossa dalla pila."


def _put_on_stack(p: dict[str, Any], names: Names) -> str:
    note = ""
    if p["target"] is not None:
        note = f" bersagliando {_target(p, names)}"
        note += (" (scelta indicata)" if p["target_chosen"] else
                 ": senza una scelta indicata, il replay prende il primo bersaglio legale (oggetti in ordine di "
                 "timestamp, poi giocatori)")
    if p["optional"]:
        note += ". È un'abilità facoltativa («può»): si sceglie se usarla quando si risolve"
    who = p["controller"]
    return f"Si innesca {describe(p['trigger'], names)}: {who} la mette in pila{note}.{stack_note(p, names)}"


TEXTS: dict[str, Text] = {
    "triggers.keyword_not_triggered": _keyword_not_triggered,
    "triggers.pending": _pending,
    "triggers.order_choice": _order_choice,
    "triggers.illegal_target": _illegal_target,
    "triggers.no_legal_targets": _no_legal_targets,
    "triggers.put_on_stack": _put_on_stack,
}
