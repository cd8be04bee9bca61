"""Italian texts of the replay's own records and errors: the start, the actions, an illegal action, the end
of the game, choices not used."""

from __future__ import annotations

from typing import Any

from judgekit.render.narration.common import Names, Text, stack_label
from judgekit.render.narration.turn import step_name


def _illegal(p: dict[str, Any], names: Names) -> str:
    from judgekit.render.narration import message

    return f"Azione non consentita: {message(p['error'], p['details'], names)}"


def _start(p: dict[str, Any], names: Names) -> str:
    return f"Turno di {p['active']}, {step_name(p['step'])}: {p['active']} sta per ricevere priorità."


def _game_over(p: dict[str, Any], names: Names) -> str:
    if p.get("loop"):
        text = "La partita è finita: è patta (104.4b), nessun giocatore vince."
    elif p["draw"] and p.get("left"):
        text = ("La partita è finita: tutti i giocatori rimasti hanno perso nello stesso momento, la partita è "
                "patta (104.4a).")
    elif p["draw"]:
        text = "La partita è finita: tutti i giocatori hanno perso nello stesso momento, la partita è patta."
    else:
        why = ", ".join(f"{lo['name']} ha perso ({lo['rule']})" if lo["rule"] else f"{lo['name']} ha perso"
                        for lo in p["losers"])
        text = f"La partita è finita: {why} e {' e '.join(p['winners'])} vince."
    rest = []
    if p["stack"]:
        rest.append("quello che resta in pila non si risolve")
    if p["pending"]:
        rest.append("le abilità innescate in attesa non vanno in pila")
    skipped = p["skipped"]
    if skipped:
        rest.append("l'azione successiva dello scenario non viene eseguita" if skipped == 1
                    else f"le {skipped} azioni successive dello scenario non vengono eseguite")
    if rest:
        text += " Il replay si ferma qui: " + "; ".join(rest) + "."
    return text


def _unused_choice(p: dict[str, Any], names: Names) -> str:
    return f"La scelta indicata per «{p['key']}» non è servita ed è stata ignorata."


def _ordinal(n: int) -> str:
    return f"{n}ª"


def _unused_answers(p: dict[str, Any], names: Names) -> str:
    one = p["count"] == 1
    if p["player"] is not None:
        ids = ", ".join(p["ids"])
        rest = "resta" if one else "restano"
        why = "non è servito ed è stato ignorato" if one else "non sono serviti e sono stati ignorati"
        return f"In choices.{p['key']} per {p['player']} {rest} {ids}: {why}."
    first = p["first"] + 1
    if one:
        which = f"La {_ordinal(first)} risposta indicata per «{p['key']}» non è servita"
    else:
        last = first + p["count"] - 1
        which = f"Le risposte indicate per «{p['key']}» dalla {_ordinal(first)} alla {_ordinal(last)} non sono servite"
    return (f"{which}: «{p['key']}» ha preso meno decisioni di quante risposte elenca, e quelle in più sono state "
            "ignorate.")


def _step_passed(p: dict[str, Any], names: Names) -> str:
    return (f"«{p['action']}»: la {step_name(p['step'])} di questo turno è già passata "
            f"(ora siamo nella {step_name(p['now'])})")


def _sequence(abilities: list[dict[str, Any]], names: Names) -> str:
    return " → ".join(stack_label(a, names) for a in abilities)


def _mandatory_loop(p: dict[str, Any], names: Names) -> str:
    return (f"Ciclo di azioni obbligatorie: dopo {p['resolutions']} risoluzioni si ripete sempre la stessa "
            f"sequenza ({_sequence(p['abilities'], names)}) e nessun giocatore può interromperla, perché nessuna "
            "delle azioni è facoltativa. La partita è patta (104.4b).")


def _optional_loop(p: dict[str, Any], names: Names) -> str:
    who = "; ".join(f"{o['controller']} può non usare l'{stack_label(o['item'], names)} (scelta per «{o['id']}»)"
                    for o in p["optional"])
    return (f"ciclo senza fine: dopo {p['resolutions']} risoluzioni si ripete sempre la stessa sequenza "
            f"({_sequence(p['abilities'], names)}). Contiene un'abilità facoltativa («può»), quindi non è patta "
            f"(104.4b): indica nello scenario la scelta che interrompe il ciclo ({who})")


TEXTS: dict[str, Text] = {
    "driver.mandatory_loop": _mandatory_loop,
    "driver.optional_loop": _optional_loop,
    "driver.illegal_action": _illegal,
    "driver.start": _start,
    "driver.game_over": _game_over,
    "driver.unused_choice": _unused_choice,
    "driver.unused_answers": _unused_answers,
    "driver.endless_loop": lambda p, names: "le azioni di stato e le abilità innescate si ripetono senza fine",
    "driver.resolve_empty_stack": lambda p, names: "«resolve» con la pila vuota: non c'è nulla da risolvere",
    "driver.step_passed": _step_passed,
    "driver.attackers_already_declared":
        lambda p, names: "gli attaccanti di questo combattimento sono già stati dichiarati",
    "driver.combat_damage_passed":
        lambda p, names: "«combat_damage»: la sottofase di danno da combattimento di questo turno è già passata",
    "driver.combat_damage_no_attackers":
        lambda p, names: ("«combat_damage» senza creature attaccanti: dichiara prima gli attaccanti "
                          "(«declare_attackers»)"),
    "driver.combat_damage_none_declared":
        lambda p, names: ("nessuna creatura è stata dichiarata attaccante: la sottofase di danno da "
                          "combattimento viene saltata (508.8)"),
    "driver.combat_damage_done":
        lambda p, names: "entrambe le sottofasi di danno da combattimento di questo combattimento sono già avvenute",
}
