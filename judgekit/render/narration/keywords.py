"""The Italian texts of the keywords of SCENARIO-FORMAT.md 2.7 (ward, prowess, exalted, toxic, split second...)."""

from __future__ import annotations

from typing import Any

from judgekit.render.narration.common import Names, Text
from judgekit.render.terms import it


def _cost(p: dict[str, Any]) -> str:
    return f"{p['amount']} punti vita" if p["life"] else f"{{{p['amount']}}}"


def _ward_paid(p: dict[str, Any], names: Names) -> str:
    extra = " (pagare punti vita è una perdita di punti vita, 119.4)" if p["life"] else \
        " (il mana non è tracciato: il pagamento si dà per fatto)"
    return (f"Si risolve custodia di {names.card(p['source'])}: {p['player']} paga {_cost(p)}{extra}, "
            f"quindi {names.card(p['item'])} resta in pila.")


def _ward_not_paid(p: dict[str, Any], names: Names) -> str:
    if not p["can_pay"]:
        why = (f"{p['player']} ha meno di {p['amount']} punti vita e non può pagarli (119.4)")
    elif p["given"]:
        why = f"{p['player']} sceglie di non pagare {_cost(p)}"
    else:
        why = (f"senza una scelta indicata, {p['player']} non paga {_cost(p)} (per custodia il comportamento "
               "predefinito è non pagare; «use: true» nella risposta dell'oggetto con custodia dice che paga)")
    return (f"Si risolve custodia di {names.card(p['source'])}: {why}, quindi {names.card(p['item'])} viene "
            "neutralizzata (702.21a).")


def _ward_gone(p: dict[str, Any], names: Names) -> str:
    return (f"Si risolve custodia di {names.card(p['source'])}, ma la magia o abilità che bersagliava non è più "
            "in pila: non c'è nulla da neutralizzare.")


def _ward_cant_pay_life(p: dict[str, Any], names: Names) -> str:
    return (f"{p['player']} non può pagare {p['amount']} punti vita per custodia di {names.card(p['source'])}: ne "
            f"ha solo {p['life']}, e un giocatore può pagare punti vita solo se ne ha almeno altrettanti")


def _toxic(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['source'])} ha tossico: oltre al danno da combattimento, {p['player']} prende "
            f"{p['amount']} segnalin{'o' if p['amount'] == 1 else 'i'} veleno (ora ne ha {p['poison']}).")


def _split_second(p: dict[str, Any], names: Names) -> str:
    what = "lanciare" if p["action"] == "cast" else "attivare un'abilità di"
    return (f"{p['player']} non può {what} {names.card(p['card'])}: {names.card(p['spell'])} ha frazione di "
            "secondo e, finché è in pila, nessuno può lanciare magie né attivare abilità che non siano di mana "
            "(le abilità innescate si innescano comunque)")


def _no_defending_player(p: dict[str, Any], names: Names) -> str:
    return (f"Si risolve {it(p['keyword'])} di {names.card(p['source'])}, ma non c'è un giocatore in difesa: "
            "non succede nulla.")


def _nothing_to_do(p: dict[str, Any], names: Names) -> str:
    return (f"Si risolve {it(p['keyword'])} di {names.card(p['source'])}, ma non ci sono altre creature "
            "attaccanti: non succede nulla.")


TEXTS: dict[str, Text] = {
    "keywords.ward_paid": _ward_paid,
    "keywords.ward_not_paid": _ward_not_paid,
    "keywords.ward_gone": _ward_gone,
    "keywords.ward_cant_pay_life": _ward_cant_pay_life,
    "keywords.toxic": _toxic,
    "keywords.split_second": _split_second,
    "keywords.no_defending_player": _no_defending_player,
    "keywords.nothing_to_do": _nothing_to_do,
}
