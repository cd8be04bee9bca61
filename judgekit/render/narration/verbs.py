"""The Italian texts of the one-shot verbs added by SCENARIO-FORMAT.md 2.7."""

from __future__ import annotations

from typing import Any

from judgekit.render.narration.common import Names, Text, plural, stack_note
from judgekit.render.narration.stack import problem_text
from judgekit.render.terms import it


def _counters(n: int, kind: str) -> str:
    shown = "veleno" if kind == "poison" else kind
    return f"{n} {plural(n, 'segnalino', 'segnalini')} {shown}"


def _excess_damage(p: dict[str, Any], names: Names) -> str:
    to = ", ".join(names.card(t) for t in p["to"]) or "nessuno"
    return (f"{names.card(p['source'])} infliggerebbe a {names.card(p['target'])} {p['amount']} danni oltre il "
            f"danno letale: quei danni in eccesso sono inflitti invece a {to}, dalla stessa fonte e nello stesso "
            "evento di danno.")


def _copy_nothing(p: dict[str, Any], names: Names) -> str:
    return f"{names.card(p['source'])}: non c'è alcun oggetto da copiare, quindi non si crea nessuna pedina."


def _token_copy_created(p: dict[str, Any], names: Names) -> str:
    extra = ""
    if p["keywords"]:
        extra = f", con in più {', '.join(it(k) for k in p['keywords'])} (eccezione che fa parte dei valori copiabili)"
    left = " com'era l'ultima volta che è esistito" if p["left"] else ""
    return (f"{p['player']} crea «{p['id']}», una pedina copia di {names.card(p['name'])}{left}: ne prende i valori "
            f"copiabili{extra}, ed entra sul campo di battaglia sotto il suo controllo (timestamp "
            f"{p['timestamp']}).")


def _token_not_returned(p: dict[str, Any], names: Names) -> str:
    return (f"La pedina {names.card(p['name'])} ha lasciato il campo di battaglia e non può tornarci: resta dov'è "
            "e cesserà di esistere.")


_FROM_IT = {"graveyard": "dal cimitero", "exile": "dall'esilio", "hand": "dalla mano", "library": "dal grimorio"}


def _returned_to_battlefield(p: dict[str, Any], names: Names) -> str:
    where = _FROM_IT.get(p["zone"], p["zone"])
    what = ", ".join(_counters(n, k) for k, n in p["counters"].items())
    return (f"{names.card(p['name'])} passa {where} al campo di battaglia sotto il controllo di "
            f"{p['controller']}" + (" tappato" if p["tapped"] else "") + (f" con {what}" if what else "")
            + f": è un oggetto nuovo (timestamp {p['timestamp']}).")


def _spell_copied(p: dict[str, Any], names: Names) -> str:
    what = "una copia dell'abilità" if p["ability"] else f"«{p['id']}», una copia della magia"
    targets = ", ".join(names.card(t) for t in p["targets"])
    how = (f"con i nuovi bersagli scelti: {targets}" if p["new_targets"] else
           f"con gli stessi bersagli ({targets})" if targets else "senza bersagli")
    return (f"{p['player']} mette in pila {what} {names.card(p['name'])}, {how}; la copia ha gli stessi modi, X "
            f"e costi pagati dell'originale e non è stata lanciata.{stack_note(p, names)}")


def _spell_copy_ceases(p: dict[str, Any], names: Names) -> str:
    return f"La copia della magia {names.card(p['name'])} si trova fuori dalla pila e cessa di esistere."


def _copy_target_illegal(p: dict[str, Any], names: Names) -> str:
    return (f"nuovo bersaglio non valido per la copia di {names.card(p['name'])}: "
            f"{problem_text(p['problem'], names)}. Un nuovo bersaglio deve essere legale")


def _copy_target_count(p: dict[str, Any], names: Names) -> str:
    return (f"la copia di {names.card(p['name'])} ha {p['wanted']} bersagli: i nuovi bersagli in «targets» devono "
            f"essere {p['wanted']}, uno per ciascuno (indicati {p['given']}); chi non cambia si ripete")


def _unknown_new_target(p: dict[str, Any], names: Names) -> str:
    return f"«{p['target']}» non è un oggetto né un giocatore della partita"


def _proliferate_choice(p: dict[str, Any], names: Names) -> str:
    chosen = ", ".join(names.card(c) for c in p["chosen"]) or "nessuno"
    how = "" if p["given"] else " (senza una scelta indicata: tutti quelli con segnalini)"
    return (f"{names.card(p['source'])}: {p['player']} prolifera e sceglie {chosen}{how}; non sono bersagli.")


def _proliferate_not_allowed(p: dict[str, Any], names: Names) -> str:
    return (f"«{p['target']}» non può essere scelto per proliferare: si scelgono permanenti sul campo di "
            "battaglia e giocatori")


def _player_counters(p: dict[str, Any], names: Names) -> str:
    return f"{p['player']} riceve {_counters(p['amount'], p['counter'])} (ora ne ha {p['total']})."


def _counters_put(p: dict[str, Any], names: Names) -> str:
    return f"{names.card(p['name'])} riceve {_counters(p['amount'], p['counter'])} (ora ne ha {p['total']})."


def _counters_moved(p: dict[str, Any], names: Names) -> str:
    return (f"{_counters(p['amount'], p['counter'])} {plural(p['amount'], 'viene tolto', 'vengono tolti')} da "
            f"{names.card(p['source'])} per essere messi su {names.card(p['target'])}.")


def _counters_not_moved(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['source'])}: uno dei due oggetti non è più dove l'effetto lo aspetta, quindi nessun "
            "segnalino si sposta.")


TEXTS: dict[str, Text] = {
    "verbs.excess_damage": _excess_damage,
    "verbs.copy_nothing": _copy_nothing,
    "verbs.token_copy_created": _token_copy_created,
    "verbs.token_not_returned": _token_not_returned,
    "verbs.returned_to_battlefield": _returned_to_battlefield,
    "verbs.spell_copied": _spell_copied,
    "verbs.spell_copy_ceases": _spell_copy_ceases,
    "verbs.copy_target_illegal": _copy_target_illegal,
    "verbs.copy_target_count": _copy_target_count,
    "verbs.unknown_new_target": _unknown_new_target,
    "verbs.proliferate_choice": _proliferate_choice,
    "verbs.proliferate_not_allowed": _proliferate_not_allowed,
    "verbs.player_counters": _player_counters,
    "verbs.counters_put": _counters_put,
    "verbs.counters_moved": _counters_moved,
    "verbs.counters_not_moved": _counters_not_moved,
}
