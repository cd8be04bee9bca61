"""The Italian texts of libraries, drawing, milling, shuffling and searching (SCENARIO-FORMAT.md 2.6)."""

from __future__ import annotations

from typing import Any

from judgekit.render.narration.common import ZONE_IT, Names, Text, amount


def _card(name: Any, p: dict[str, Any], names: Names) -> str:
    """A card of a record: an unknown one as such, with its id (2.6)."""
    if name in (p.get("unknown") or ()):
        return f"una carta sconosciuta ({name})"
    return names.card(name)


def _cards(p: dict[str, Any], names: Names, key: str = "cards") -> str:
    items = [_card(n, p, names) for n in p.get(key) or ()]
    if not items:
        return "nessuna carta"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " e " + items[-1]


def _drew(p: dict[str, Any], names: Names) -> str:
    n = len(p["cards"])
    return f"{p['player']} pesca {amount(n, 'carta', 'carte')}: {_cards(p, names)}."


def _draw_from_empty(p: dict[str, Any], names: Names) -> str:
    times = "" if p["amount"] == 1 else f" ({p['amount']} volte)"
    return (f"{p['player']} dovrebbe pescare da un grimorio vuoto{times}: non pesca nulla. Non perde subito: perderà "
            "la partita al prossimo controllo delle azioni generate dallo stato.")


def _empty_library_loses(p: dict[str, Any], names: Names) -> str:
    return (f"{p['player']} ha tentato di pescare da un grimorio vuoto dall'ultimo controllo delle azioni generate "
            "dallo stato: perde la partita.")


def _milled(p: dict[str, Any], names: Names) -> str:
    n = len(p["cards"])
    if n == 0:
        return f"{p['player']} dovrebbe macinare {p['amount']} carte, ma il suo grimorio è vuoto: non succede nulla."
    fewer = (f" Il grimorio ne aveva solo {n}: vanno tutte nel cimitero; macinare non fa perdere la partita."
             if n < p["amount"] else "")
    return f"{p['player']} macina {amount(n, 'carta', 'carte')}: {_cards(p, names)} nel cimitero.{fewer}"


def _put(where: str) -> Text:
    def text(p: dict[str, Any], names: Names) -> str:
        owners = " e di ".join(p["owners"])
        if len(p["cards"]) == 1:
            return f"{_cards(p, names)} va {where} al grimorio di {owners}."
        first = "la prima nominata resta in cima" if where == "in cima" else "la prima nominata finisce in fondo"
        return f"{_cards(p, names)} vanno {where} al grimorio di {owners}, in quest'ordine ({first})."

    return text


def _shuffled(p: dict[str, Any], names: Names) -> str:
    aside = (f" {_cards(p, names, 'aside')} resta fuori dal mescolamento e viene messa in cima dopo."
             if p.get("aside") else "")
    if p["given"]:
        order = (f"come indicato in choices.shuffle, in cima vanno {_cards(p, names, 'top')}, le altre carte restano "
                 "nel loro ordine sotto di esse" if p["top"] else
                 "nessuna delle carte indicate in choices.shuffle è in quel grimorio: l'ordine non cambia")
    else:
        order = ("il replay non può mescolare a caso: l'ordine resta quello di prima (choices.shuffle può indicare "
                 "le carte da mettere in cima)")
    return f"{p['player']} mescola il suo grimorio: {order}.{aside}"


_TO_IT = {"hand": "in mano", "graveyard": "nel cimitero", "exile": "in esilio",
          "battlefield": "sul campo di battaglia", "library_top": "in cima al grimorio"}


def _searched(p: dict[str, Any], names: Names) -> str:
    whose = "il proprio grimorio" if p["player"] == p["searcher"] else f"il grimorio di {p['player']}"
    if not p["cards"]:
        return f"{p['searcher']} passa in rassegna {whose} ({names.card(p['source'])}) e non trova nessuna carta."
    where = _TO_IT.get(p["to"], ZONE_IT.get(p["to"], p["to"]))
    tapped = ", TAPpata" if p.get("tapped") and len(p["cards"]) == 1 else (", TAPpate" if p.get("tapped") else "")
    how = "" if p["given"] or p.get("candidates", 0) <= p["count"] else \
        " (scelta predefinita: le prime carte adatte dalla cima)"
    return (f"{p['searcher']} passa in rassegna {whose} ({names.card(p['source'])}) e trova {_cards(p, names)}"
            f"{how}: {'va' if len(p['cards']) == 1 else 'vanno'} {where}{tapped}.")


def _search_not_found(p: dict[str, Any], names: Names) -> str:
    if p.get("twice"):
        return f"{names.card(p['source'])}: la carta «{p['card']}» è indicata due volte tra quelle trovate."
    return (f"{names.card(p['source'])}: «{p['card']}» non è una carta del grimorio di {p['player']} che la ricerca "
            "può trovare.")


def _search_too_many(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['source'])} cerca al massimo {amount(p['count'], 'carta', 'carte')}, ma ne sono indicate "
            f"{p['chosen']}.")


def _search_too_few(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['source'])} cerca carte qualsiasi: deve trovarne {p['count']} (o tutte quelle del "
            f"grimorio), ma ne sono indicate {p['chosen']}.")


# The values read from a card (SCENARIO-FORMAT.md 2.6), as a sentence names them.
VALUE_IT = {"power": "forza", "toughness": "costituzione", "mana_value": "valore di mana"}


def _unknown_value(p: dict[str, Any], names: Names) -> str:
    what = VALUE_IT.get(p["what"], p["what"])
    return f"{p['card']} è una carta sconosciuta: non ha caratteristiche, quindi il valore ({what}) è {p['value']}."


TEXTS: dict[str, Text] = {
    "library.drew": _drew,
    "library.draw_from_empty": _draw_from_empty,
    "library.empty_library_loses": _empty_library_loses,
    "library.milled": _milled,
    "library.put_on_top": _put("in cima"),
    "library.put_on_bottom": _put("in fondo"),
    "library.shuffled": _shuffled,
    "library.searched": _searched,
    "library.search_not_found": _search_not_found,
    "library.search_too_many": _search_too_many,
    "library.search_too_few": _search_too_few,
    "library.unknown_value": _unknown_value,
}
