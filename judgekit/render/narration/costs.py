"""The Italian texts of costs other than tapping, activated keyword abilities (equip, crew) and convoke."""

from __future__ import annotations

from typing import Any

from judgekit.render.narration.common import Names, Text, plural

# What a cost asks for, by kind (SCENARIO-FORMAT.md 2.7, Costs).
_COST_WHAT = {
    "sacrifice": "sacrificare",
    "discard": "scartare",
    "tap_untapped": "TAPpare",
    "exile_from_graveyard": "esiliare dal cimitero",
}
_COST_OBJECTS = {
    "sacrifice": ("un permanente adatto", "permanenti adatti"),
    "discard": ("una carta", "carte"),
    "tap_untapped": ("un permanente STAPpato adatto", "permanenti STAPpati adatti"),
    "exile_from_graveyard": ("una carta adatta", "carte adatte"),
}
_CHOICE_KEY = {"sacrifice": "sacrifice", "discard": "discard", "tap_untapped": "tap", "exile_from_graveyard": "exile"}


def _what(p: dict[str, Any], names: Names) -> str:
    """``della magia X`` / ``dell'abilità di X``: whose cost it is."""
    return f"della magia {names.card(p['card'])}" if p.get("spell") else f"dell'abilità di {names.card(p['card'])}"


def _need(p: dict[str, Any]) -> str:
    if p.get("power") is not None:
        return f"TAPpare creature STAPpate con forza totale {p['power']} o più"
    one, many = _COST_OBJECTS[p["cost"]]
    n = p["count"]
    return f"{_COST_WHAT[p['cost']]} {one if n == 1 else f'{n} {many}'}"


def _unpayable(p: dict[str, Any], names: Names) -> str:
    if p.get("power") is not None:
        have = f"le creature che {p['player']} potrebbe TAPpare hanno forza totale {p['have']}"
    else:
        have = f"{p['player']} ne ha {p['have']}"
    return (f"il costo {_what(p, names)} non si può pagare: chiede di {_need(p)}, ma {have}. Un costo si paga "
            "per intero o non si paga: il lancio o l'attivazione è illegale")


def _choice_missing(p: dict[str, Any], names: Names) -> str:
    return (f"il costo {_what(p, names)} chiede di {_need(p)}: elenca in «{p['field']}» gli id degli oggetti "
            "con cui si paga")


_CANNOT = {
    "graveyard": "è nel cimitero",
    "exile": "è in esilio",
    "hand": "è in mano",
    "library": "è nel grimorio",
    "stack": "è in pila",
}


def _cannot_pay_with(p: dict[str, Any], names: Names) -> str:
    if p["cost"] == "tap_untapped" and p.get("tapped"):
        why = "è già TAPpato"
    elif p["cost"] in ("sacrifice", "tap_untapped") and p["zone"] != "battlefield":
        why = _CANNOT.get(p["zone"], "non è sul campo di battaglia")
    else:
        why = f"non è tra gli oggetti con cui {p['player']} può pagarlo"
    return (f"{names.card(p['object'])} non può pagare il costo {_what(p, names)} ({_need(p)}): {why}. Il "
            "lancio o l'attivazione è illegale")


def _not_enough_power(p: dict[str, Any], names: Names) -> str:
    return (f"il costo {_what(p, names)} chiede creature con forza totale {p['power']} o più, ma "
            f"{names.cards(p['objects'])} {plural(len(p['objects']), 'ha', 'hanno')} forza totale {p['have']}: "
            "l'attivazione è illegale")


def _wrong_count(p: dict[str, Any], names: Names) -> str:
    return f"il costo {_what(p, names)} chiede di {_need(p)}, ma l'azione ne elenca {p['listed']}"


def _not_a_cost(p: dict[str, Any], names: Names) -> str:
    return (f"«{p['field']}» elenca {names.cards(p['objects'])}, ma nessun costo {_what(p, names)} li chiede: "
            "togli quegli id")


_TIMING = {
    "not_your_turn": lambda p: f"è il turno di {p['active']}",
    "not_main_phase": lambda p: "non è una fase principale",
    "stack_not_empty": lambda p: "la pila non è vuota",
}


def _sorcery_timing(p: dict[str, Any], names: Names) -> str:
    what = "equipaggiare" if p.get("keyword") == "equip" else "questa abilità"
    rule = f" ({p['keyword_rule']})" if p.get("keyword_rule") else ""
    return (f"{p['player']} non può attivare {what} di {names.card(p['card'])} adesso: si attiva solo come una "
            f"stregoneria{rule}, cioè nella fase principale del proprio turno con la pila vuota; "
            + "; ".join(_TIMING[r](p) for r in p["reasons"]))


_CONVOKE_REASONS = {
    "not_creature": "non è una creatura sul campo di battaglia",
    "not_yours": "non è controllata da chi lancia la magia",
    "tapped": "è già TAPpata",
    "twice": "è elencata due volte",
}


def _convoke_creature(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['object'])} non può aiutare a lanciare {names.card(p['card'])} con convocare: "
            f"{_CONVOKE_REASONS[p['reason']]}. Il lancio è illegale")


_COLOR_IT = {"white": "bianca", "blue": "blu", "black": "nera", "red": "rossa", "green": "verde"}


def _convoke_unmatched(p: dict[str, Any], names: Names) -> str:
    shown = []
    for cr in p["creatures"]:
        colors = ", ".join(_COLOR_IT.get(c, c) for c in cr["colors"]) or "incolore"
        shown.append(f"{names.card(cr['name'])} ({colors})")
    return (f"le creature TAPpate per convocare ({'; '.join(shown)}) non si possono abbinare una per una ai simboli "
            f"del costo totale {p['cost'] or '{0}'} di {names.card(p['card'])}: ognuna paga {{1}} oppure un simbolo "
            "del proprio colore. Il lancio è illegale")


def _paid_part(c: dict[str, Any], names: Names) -> str:
    cards = names.cards(c.get("cards") or [])
    if c["cost"] == "sacrifice_chosen":
        return f"sacrifica {cards}"
    if c["cost"] == "discard":
        return f"scarta {cards}"
    if c["cost"] == "tap_untapped":
        return f"TAPpa {cards}"
    if c["cost"] == "exile_from_graveyard":
        return f"esilia dal cimitero {cards}"
    if c["cost"] == "convoke":
        parts = [f"{names.card(n)} per {s}" for n, s in zip(c["cards"], c["symbols"], strict=True)]
        return "convoca TAPpando " + ", ".join(parts)
    if c["cost"] == "pay_life":
        return f"paga {c['amount']} punti vita (punti vita: {c['life']})"
    if c["cost"] == "mana":
        return f"paga {c['mana']} (il mana è registrato, non tracciato)"
    return str(c["cost"])


# The parts of an ability's cost named in ``stack.activate`` (see ``PAID`` in the stack narration).
PAID: dict[str, Text] = {
    kind: _paid_part for kind in ("sacrifice_chosen", "discard", "tap_untapped", "exile_from_graveyard")
}


def _spell_paid(p: dict[str, Any], names: Names) -> str:
    parts = ", ".join(_paid_part(c, names) for c in p["paid"])
    convoke = any(c["cost"] == "convoke" for c in p["paid"])
    text = f"Mentre lancia {names.card(p['card'])}, {p['player']} paga anche: {parts}"
    if convoke:
        text += " (il mana che le creature convocate non pagano resta registrato, non tracciato)"
    if any(c["cost"] == "sacrifice_chosen" for c in p["paid"]):
        text += (". Un permanente sacrificato così lascia il campo prima che qualcuno riceva priorità: le abilità "
                 "che si innescano vanno in pila sopra la magia")
    return text


_ATTACH_FAILS = {
    "itself": "non può essere assegnato a se stesso",
    "not_creature": "un Equipaggiamento si assegna solo a una creatura",
    "illegal_host": "l'Aura non può incantare quell'oggetto",
    "protection": "la protezione lo impedisce",
    "not_attachable": "non è né un'Aura né un Equipaggiamento",
    "already": "è già assegnato proprio a quell'oggetto",
}


TEXTS: dict[str, Text] = {
    "costs.unpayable": _unpayable,
    "costs.choice_missing": _choice_missing,
    "costs.cannot_pay_with": _cannot_pay_with,
    "costs.not_enough_power": _not_enough_power,
    "costs.wrong_count": _wrong_count,
    "costs.not_a_cost": _not_a_cost,
    "costs.no_keyword_ability":
        lambda p, names: (f"{names.card(p['card'])} non ha l'abilità chiave «{p['keyword']}» (per esempio "
                          f"{p['keyword']}_1): «ability» accetta un indice o il nome di un'abilità chiave attivata "
                          "che l'oggetto ha"),
    "costs.sorcery_timing": _sorcery_timing,
    "costs.convoke_creature": _convoke_creature,
    "costs.convoke_unmatched": _convoke_unmatched,
    "costs.spell_paid": _spell_paid,
    "costs.attached":
        lambda p, names: (f"{names.card(p['name'])} viene assegnato a {names.card(p['host'])}: riceve un nuovo "
                          f"timestamp ({p['timestamp']}) e resta sotto il controllo di {p['controller']} "
                          "(701.3a, 701.3c, 613.7e, 301.5d)"),
    "costs.attach_fails":
        lambda p, names: (f"{names.card(p['name'])} non viene assegnato a {names.card(p['host'])}: "
                          f"{_ATTACH_FAILS[p['reason']]}, quindi non succede nulla (701.3b)"),
    "costs.attach_nothing":
        lambda p, names: (f"{names.card(p['name'])} non ha nulla a cui essere assegnato: non succede nulla "
                          "(701.3b)"),
}
