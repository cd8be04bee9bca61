"""Italian texts of the assumptions of a ruling (SCENARIO-FORMAT.md 2.10), one per request class of
:mod:`judgekit.engine.choices` that a ``choices`` key can answer.

``params`` come from :mod:`judgekit.ruling.assumptions`: card names as the rules core reports them (shown with
``names``), player names, ``count`` (how many decisions of one source took the same default; ``number`` is how
many cards or permanents a discard or sacrifice takes).
"""

from __future__ import annotations

from typing import Any

from judgekit.render.narration.common import Names, Text, plural

NO_CHOICE = "senza una scelta indicata"


def _abilities(p: dict[str, Any], names: Names) -> str:
    """"l'abilità innescata di Blood Artist", "le 3 abilità innescate di Blood Artist"."""
    n = p["count"]
    source = names.card(p["source"])
    return f"l'abilità innescata di {source}" if n == 1 else f"le {n} abilità innescate di {source}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _trigger_target(p: dict[str, Any], names: Names) -> str:
    target = p["target"] if p["target_is_player"] else names.card(p["target"])
    own = f", che controlla {names.card(p['source'])}," if p["own"] else ""
    verb = plural(p["count"], "ha", "hanno")
    return (f"{_cap(_abilities(p, names))} {verb} come bersaglio {target}{own} {NO_CHOICE}: è il primo "
            f"dei {p['candidates']} bersagli legali (oggetti in ordine di timestamp, poi giocatori). {p['controller']} "
            f"poteva sceglierne un altro, per esempio {names.card(p['alternative'])}.")


def _use_optional(p: dict[str, Any], names: Names) -> str:
    times = "" if p["count"] == 1 else f" (tutte le {p['count']} volte)"
    source = names.card(p["source"])
    if p.get("replacement"):
        use = "lo applica" if p["used"] else "non lo applica"
        other = "non applicarlo" if p["used"] else "applicarlo"
        return (f"L'effetto di sostituzione di {source} è facoltativo («puoi»): {NO_CHOICE} il replay {use}{times}; "
                f"{p['controller']} poteva scegliere di {other}.")
    if p["used"]:
        return (f"L'abilità innescata di {source} è facoltativa («può»): {NO_CHOICE} il replay la usa{times}; "
                f"{p['controller']} poteva scegliere di non usarla.")
    return (f"L'abilità innescata di {source}: {NO_CHOICE} il replay non la usa{times}; {p['controller']} poteva "
            "scegliere di usarla.")


def _modes(modes: list[int]) -> str:
    return ", ".join(str(m) for m in modes) if modes else "nessuno"


def _choose_modes(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['source'])}: {NO_CHOICE} {p['controller']} sceglie i primi modi possibili in ordine "
            f"(modi {_modes(p['modes'])}, contando da 0); poteva sceglierne altri.")


def _choose_x(p: dict[str, Any], names: Names) -> str:
    return f"{names.card(p['source'])}: {NO_CHOICE} X vale {p['x']}; {p['controller']} poteva sceglierne un altro."


def _divide_amount(p: dict[str, Any], names: Names) -> str:
    parts = ", ".join(f"{n} a {names.card(t)}" for t, n in p["parts"])
    return (f"{names.card(p['source'])}: {NO_CHOICE} {p['amount']} viene diviso nel modo più uniforme possibile "
            f"({parts}); {p['controller']} poteva dividerlo in un altro modo.")


def _choose_value(p: dict[str, Any], names: Names) -> str:
    if p.get("term"):
        from judgekit.render.terms import it

        return (f"{names.card(p['source'])} sceglie mentre entra {NO_CHOICE}: {p['controller']} sceglie "
                f"{it(p['value'])}, il valore predefinito; poteva scegliere altro, per esempio {it(p['alternative'])}.")
    if p.get("copy"):
        return (f"{names.card(p['source'])} entra come copia {NO_CHOICE}: copia {names.card(p['value'])}, la più "
                f"vecchia tra quelle che può copiare; {p['controller']} poteva scegliere "
                f"{names.card(p['alternative'])}.")
    return (f"{names.card(p['source'])}: {NO_CHOICE} {p['controller']} sceglie {names.card(p['value'])}, la prima "
            f"scelta possibile; poteva scegliere altro, per esempio {names.card(p['alternative'])}.")


def _trigger_order(p: dict[str, Any], names: Names) -> str:
    return (f"{p['player']} mette in pila le sue abilità innescate nello stesso momento {NO_CHOICE}: nell'ordine di "
            f"timestamp delle fonti ({names.cards(p['sources'])}); poteva scegliere un altro ordine.")


def _legend_rule(p: dict[str, Any], names: Names) -> str:
    n = len(p["others"])
    others, alternative = ("l'altro", "l'altro") if n == 1 else (f"gli altri {n}", "uno degli altri")
    return (f"Regola delle leggende per {names.card(p['name'])}: {NO_CHOICE} {p['player']} tiene quello sul campo di "
            f"battaglia da più tempo e mette nel cimitero {others}; poteva tenere {alternative}.")


def _discard(p: dict[str, Any], names: Names) -> str:
    which = ("la carta messa in mano per ultima" if p["number"] == 1 else
             f"le {p['number']} carte messe in mano per ultime")
    return (f"{p['player']} scarta {names.cards(p['chosen'])} {NO_CHOICE}: {which}; poteva scegliere tra "
            f"{names.cards(p['candidates'])}.")


def _sacrifice(p: dict[str, Any], names: Names) -> str:
    which = ("il permanente entrato per ultimo" if p["number"] == 1 else
             f"i {p['number']} permanenti entrati per ultimi")
    return (f"{p['player']} sacrifica {names.cards(p['chosen'])} {NO_CHOICE}: {which} (timestamp più recente); "
            f"poteva scegliere tra {names.cards(p['candidates'])}.")


def _replacement_order(p: dict[str, Any], names: Names) -> str:
    times = "" if p["count"] == 1 else f" ({p['count']} volte)"
    return (f"Più effetti di sostituzione o prevenzione si applicavano allo stesso evento{times}: {NO_CHOICE} "
            f"{p['player']} applica per primo il più vecchio, quello di {names.card(p['applied'])}; poteva "
            f"applicare prima quello di {names.cards(p['others'])}.")


def _damage_division(p: dict[str, Any], names: Names) -> str:
    parts = ", ".join(f"{n} a {names.card(t)}" for t, n in p["parts"])
    return (f"{names.card(p['source'])} (forza {p['power']}) assegna il danno da combattimento {NO_CHOICE} "
            f"nell'azione assign_damage: danno letale a ciascuna creatura nell'ordine di dichiarazione e il resto "
            f"all'ultima o, con travolgere, a ciò che attacca ({parts}); {p['controller']} poteva dividerlo in un "
            "altro modo legale.")


def _choose_refs(p: dict[str, Any], names: Names) -> str:
    chosen = names.cards(p["chosen"])
    if p["purpose"] == "proliferate":
        return (f"Proliferando con {names.card(p['source'])}, {p['controller']} sceglie {NO_CHOICE} tutti i "
                f"permanenti e i giocatori con segnalini ({chosen}); poteva sceglierne solo alcuni.")
    return (f"La copia creata da {names.card(p['source'])} tiene i bersagli dell'originale ({chosen}) {NO_CHOICE}; "
            f"{p['controller']} poteva sceglierne di nuovi, purché legali.")


def _search_cards(p: dict[str, Any], names: Names) -> str:
    found = names.cards(p["chosen"]) if p["chosen"] else "nessuna carta"
    return (f"{names.card(p['source'])}: {p['controller']} trova {found} {NO_CHOICE}: le prime carte adatte dalla "
            f"cima del grimorio; poteva sceglierne altre tra le {p['candidates']} possibili.")


def _shuffle_order(p: dict[str, Any], names: Names) -> str:
    times = "" if p["count"] == 1 else f" ({p['count']} volte)"
    return (f"{p['player']} mescola il grimorio{times}: il replay non può mescolare a caso e, {NO_CHOICE} in "
            "choices.shuffle, lascia le carte nell'ordine di prima.")


def unknown_card_text(p: dict[str, Any], names: Names) -> str:
    """The assumption of a value read from an unknown library card (SCENARIO-FORMAT.md 2.6)."""
    from judgekit.render.narration.library import VALUE_IT

    what = VALUE_IT.get(p["what"], p["what"])
    return (f"{p['card']} è una carta sconosciuta del grimorio: senza caratteristiche, il valore ({what}) è "
            f"{p['value']}. Scrivi la carta nel grimorio per usarne il valore vero.")


# Request class name -> text. Every request class of the rules core that a ``choices`` key answers is here.
TEXTS: dict[str, Text] = {
    "TriggerTarget": _trigger_target,
    "UseOptional": _use_optional,
    "ChooseModes": _choose_modes,
    "ChooseX": _choose_x,
    "DivideAmount": _divide_amount,
    "ChooseValue": _choose_value,
    "TriggerOrder": _trigger_order,
    "LegendRule": _legend_rule,
    "Discard": _discard,
    "Sacrifice": _sacrifice,
    "ReplacementOrder": _replacement_order,
    "DamageDivision": _damage_division,
    "ChooseRefs": _choose_refs,
    "SearchCards": _search_cards,
    "ShuffleOrder": _shuffle_order,
}


def assumption_text(kind: str, params: dict[str, Any], names: Names) -> str:
    """The Italian sentence of one assumption, ``kind`` being the name of its request class."""
    return TEXTS[kind](params, names)


def imported_card_text(name: str, lines: list[str]) -> str:
    """The assumption of a card read from the imported card database with text the replay does not model."""
    shown = "; ".join(f"«{' '.join(line.split())}»" for line in lines)
    return (f"{name} viene dalle carte importate: le sue abilità sono ricavate dal testo Oracle in modo "
            f"automatico e queste parti non sono modellate, quindi il verdetto non ne tiene conto: {shown}")
