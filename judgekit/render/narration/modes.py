"""Italian texts of the choices announced as a spell is cast or an ability activated or put on the stack: modes,
X and the division of an amount among targets (``judgekit.engine.announce``)."""

from __future__ import annotations

from typing import Any

from judgekit.render.narration.common import Names, Text, amount, stack_label

ORDINALS = ("primo", "secondo", "terzo", "quarto", "quinto", "sesto", "settimo", "ottavo", "nono", "decimo")


def ordinal(index: int) -> str:
    """A 0-based mode index as an Italian ordinal: 0 -> ``primo``."""
    return ORDINALS[index] if 0 <= index < len(ORDINALS) else f"{index + 1}°"


def _what(p: dict[str, Any], names: Names) -> str:
    """The spell, "l'abilità di X" or "l'abilità innescata di X"."""
    card = names.card(p["card"])
    if p["what"] == "spell":
        return card
    return f"l'abilità {'innescata ' if p['what'] == 'triggered' else ''}di {card}"


def _of_what(p: dict[str, Any], names: Names) -> str:
    """"di" + the spell or the ability: "di Fulmine", "dell'abilità innescata di X"."""
    what = _what(p, names)
    return f"dell'{what[2:]}" if what.startswith("l'") else f"di {what}"


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " e " + parts[-1]


def _ref(ref: dict[str, Any], names: Names) -> str:
    return str(ref["name"]) if ref["player"] else names.card(ref["name"])


def _key(p: dict[str, Any]) -> str:
    """Where the file would have given the choice (``actions[2].cast.modes``), or "" for a trigger's."""
    out = ""
    for part in p.get("key") or []:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _not_given(p: dict[str, Any], what: str) -> str:
    where = _key(p)
    return (f"Lo scenario non indica {what} (si può scrivere in «{where}»): si assume la scelta predefinita"
            if where else f"Le scelte dello scenario non indicano {what}: si assume la scelta predefinita")


def _how_many(p: dict[str, Any]) -> str:
    low, high = p["minimum"], p["maximum"]
    if low == high:
        return f"se ne sceglie {low}" if low == 1 else f"se ne scelgono {low}"
    return f"se ne scelgono da {low} a {high}"


def _modes_chosen(p: dict[str, Any], names: Names) -> str:
    parts = []
    for m in p["modes"]:
        text = f"il {ordinal(m['index'])} modo"
        if m["targets"]:
            text += " con bersaglio " + ", ".join(_ref(t, names) for t in m["targets"])
        parts.append(text)
    chosen = _join(parts) or "nessun modo"
    when = ("mentre l'abilità viene messa in pila" if p["what"] == "triggered"
            else "mentre l'abilità viene attivata" if p["what"] == "activated" else "mentre la magia viene lanciata")
    text = f"{p['player']} sceglie per {_what(p, names)} {chosen} ({p['count']} modi, {_how_many(p)})"
    if not p["given"]:
        text = (f"{_not_given(p, 'i modi ' + _of_what(p, names))}, cioè i primi modi nell'ordine scritto tra quelli "
                f"che si possono scegliere: {chosen} ({p['count']} modi, {_how_many(p)})")
    return (f"{text}. I modi si scelgono {when}; un modo il cui bersaglio non si può scegliere non si può "
            "scegliere, e solo i modi scelti hanno bersagli.")


def _x_chosen(p: dict[str, Any], names: Names) -> str:
    what = _what(p, names)
    if p["given"]:
        text = f"{p['player']} annuncia X = {p['x']} per {what}"
    else:
        text = f"{_not_given(p, 'il valore di X ' + _of_what(p, names))}: X = {p['x']}"
    if p["mana_value"] is not None:
        text += (f". Mentre è in pila il suo valore di mana conta X: vale {p['mana_value']} (in ogni altra zona "
                 "X vale 0)")
    return text + "."


def _x_from_spell(p: dict[str, Any], names: Names) -> str:
    card = names.card(p["card"])
    return (f"L'abilità innescata di {card}, che si innesca quando entra, usa la X della magia che è diventata "
            f"{card}: X = {p['x']}. Il permanente, invece, ha X = 0.")


def _division(p: dict[str, Any], names: Names) -> str:
    parts = _join([f"{part['amount']} a {_ref(part['target'], names)}" for part in p["parts"]])
    what = _of_what(p, names)
    if p["given"]:
        text = f"{p['player']} divide {amount(p['amount'], 'danno', 'danni')} {what} tra i bersagli: {parts}"
    else:
        text = (f"{_not_given(p, 'come dividere ' + amount(p['amount'], 'danno', 'danni') + ' ' + what)}: "
                f"ogni bersaglio riceve la stessa parte e i primi bersagli un danno in più se avanza: {parts}")
    return text + ". La divisione si annuncia insieme ai bersagli e ciascuno ne riceve almeno 1."


def _carried_out(p: dict[str, Any], names: Names) -> str:
    label = stack_label(p["item"], names)
    label = label[:1].upper() + label[1:]
    modes = [ordinal(i) for i in p["modes"]]
    if len(modes) == 1:
        text = f"{label}: si esegue il modo scelto, il {modes[0]}."
    else:
        text = (f"{label}: si eseguono i modi scelti nell'ordine in cui sono scritti sulla carta, qualunque sia "
                "l'ordine in cui sono stati indicati: " + ", poi ".join(f"il {m}" for m in modes) + ".")
    illegal = [ordinal(i) for i in p["illegal"]]
    if illegal:
        which = f"il {illegal[0]} modo" if len(illegal) == 1 else "i modi " + _join([f"il {m}" for m in illegal])
        text += f" {which[:1].upper()}{which[1:]} non fa nulla al suo bersaglio, ora illegale."
    return text


def _wrong_number(p: dict[str, Any], names: Names) -> str:
    low, high = p["minimum"], p["maximum"]
    if low == high:
        need = "si sceglie 1 modo" if low == 1 else f"si scelgono esattamente {low} modi"
    else:
        need = f"si scelgono da {low} a {high} modi"
    return f"per {_what(p, names)} {need}, non {p['chosen']}"


def _parts(p: dict[str, Any], names: Names) -> str:
    return _join([f"{part['amount']} a {_ref(part['target'], names)}" for part in p["parts"]]) or "nessuna parte"


TEXTS: dict[str, Text] = {
    # records
    "modes.modes_chosen": _modes_chosen,
    "modes.x_chosen": _x_chosen,
    "modes.x_from_spell": _x_from_spell,
    "modes.division": _division,
    "modes.modes_carried_out": _carried_out,
    "modes.trigger_no_modes":
        lambda p, names: (f"L'abilità innescata di {names.card(p['card'])} viene rimossa dalla pila: servono "
                          f"{p['minimum'] or 1} modi, ma se ne possono scegliere {p['available']} (un modo il cui "
                          "bersaglio non ha scelte legali non si può scegliere, e senza modi l'abilità non resta "
                          "in pila)."),
    "modes.trigger_cannot_divide":
        lambda p, names: (f"L'abilità innescata di {names.card(p['card'])} dovrebbe dividere "
                          f"{amount(p['amount'], 'danno', 'danni')} tra i bersagli, ma ogni bersaglio deve "
                          "riceverne almeno 1: la scelta non si può fare e l'abilità viene rimossa dalla pila."),
    # errors
    "modes.no_such_mode":
        lambda p, names: (f"{_what(p, names)} non ha un modo numero {p['index']}: ne ha {p['count']}, numerati da 0 "
                          f"a {p['count'] - 1} nell'ordine in cui sono scritti"),
    "modes.mode_twice":
        lambda p, names: (f"il {ordinal(p['index'])} modo {_of_what(p, names)} è scelto due volte: lo stesso modo "
                          "non si può scegliere più di una volta"),
    "modes.wrong_number": _wrong_number,
    "modes.mode_unavailable":
        lambda p, names: (f"il {ordinal(p['index'])} modo {_of_what(p, names)} non si può scegliere: il suo "
                          "bersaglio non ha scelte legali"),
    "modes.not_enough_modes":
        lambda p, names: (f"{_what(p, names)} richiede {p['minimum']} modi, ma se ne possono scegliere solo "
                          f"{p['available']}: un modo il cui bersaglio non ha scelte legali non si può scegliere"),
    "modes.division_illegal":
        lambda p, names: (f"la divisione di {amount(p['amount'], 'danno', 'danni')} {_of_what(p, names)} non è "
                          f"valida ({_parts(p, names)}): ogni bersaglio deve riceverne almeno 1 e le parti devono "
                          f"sommare a {p['amount']}"),
    "modes.not_modal": lambda p, names: f"{_what(p, names)} non è modale: togli «modes»",
    "modes.x_not_in_cost":
        lambda p, names: f"{_what(p, names)} non ha {{X}} nel costo: togli «x»",
    "modes.nothing_divided":
        lambda p, names: f"{_what(p, names)} non divide nessuna quantità tra i bersagli: togli «divide»",
    "modes.divide_targets":
        lambda p, names: f"«divide» e «targets» {_of_what(p, names)} devono nominare gli stessi bersagli",
    "modes.targets_count":
        lambda p, names: (f"i modi scelti {_of_what(p, names)} ({_join([ordinal(i) for i in p['modes']])}) hanno "
                          f"{p['expected']} bersagli in tutto, uno per ogni modo con bersaglio, nell'ordine dei "
                          f"modi, ma «targets» ne indica {p['given']}"),
}
