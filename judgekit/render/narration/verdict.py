"""Italian texts of the verdict (SCENARIO-FORMAT.md 2.10): the sentences that answer the scenario's question.

:mod:`judgekit.ruling.verdict` decides what the verdict says, as parts ``(code, params)`` made of data (names,
zones, numbers, rule numbers, sentences of the narration); this table turns each code into an Italian
sentence, as the other narration tables do for the rules core's records. The verdict's codes are not records
of the rules core, so this table is not one of the core's areas (:data:`judgekit.render.narration.AREAS`).
"""

from __future__ import annotations

from typing import Any

from judgekit.render.narration.common import Names, Text, plural, to_name


def _one(item: Any, names: Names) -> str:
    """An object's name; ``[name, id]`` when the scenario has several objects with that name (the id tells
    which)."""
    if isinstance(item, (list, tuple)):
        return f"{names.card(item[0])} ({item[1]})"
    return names.card(item)


def _names(items: list[Any], names: Names) -> str:
    """``A``, ``A e B``, ``A, B e C``."""
    shown = [_one(n, names) for n in items]
    if len(shown) <= 1:
        return "".join(shown)
    return ", ".join(shown[:-1]) + " e " + shown[-1]


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _owner_of(zone: str, owner: str | None) -> str:
    if zone == "graveyard":
        return f"nel cimitero di {owner}" if owner else "nel cimitero"
    if zone == "hand":
        return f"in mano {to_name(owner)}" if owner else "in mano"
    if zone == "library":
        return f"nel grimorio di {owner}" if owner else "nel grimorio"
    if zone == "exile":
        return "in esilio"
    if zone == "stack":
        return "in pila"
    return "sul campo di battaglia"


def _group(g: dict[str, Any], names: Names) -> str:
    """One group of objects that ended the same way (``how``: where they went, or ``stays``)."""
    who = _names(g["names"], names)
    one = len(g["names"]) == 1
    how = g["how"]
    where = _owner_of(g.get("zone") or how, g.get("owner"))
    if how == "returned":
        return (f"{who} {'lascia' if one else 'lasciano'} il campo di battaglia e vi "
                f"{'ritorna come un oggetto nuovo' if one else 'ritornano come oggetti nuovi'}")
    if how == "gone":
        return f"{who} {'cessa' if one else 'cessano'} di esistere"
    if how == "entered":
        return f"{who} {'entra' if one else 'entrano'} nel campo di battaglia"
    if how in ("stays", "stack"):
        return f"{who} {'resta' if one else 'restano'} {where}"
    return f"{who} {'finisce' if one else 'finiscono'} {where}"


def _tokens(t: dict[str, Any], names: Names) -> str:
    n, gone = t["created"], t["gone"]
    text = f"si {plural(n, 'crea', 'creano')} {n} {plural(n, 'pedina', 'pedine')} {names.card(t['name'])}"
    if gone and gone == n:
        text += f", che poi {plural(n, 'cessa', 'cessano')} di esistere"
    elif gone:
        text += f" ({gone} {plural(gone, 'cessa', 'cessano')} di esistere)"
    return text


def _objects(p: dict[str, Any], names: Names) -> str:
    """What ended where: the objects that changed zone (grouped), the tokens created, those that stayed."""
    parts = [_group(g, names) for g in p["groups"]] + [_tokens(t, names) for t in p["tokens"]]
    return _sentence("; ".join(parts))


def _no_move(p: dict[str, Any], names: Names) -> str:
    return "Nessun permanente cambia zona."


def _describe(o: dict[str, Any]) -> str:
    """An object's final characteristics in a few words (an entry of ``final.objects``)."""
    from judgekit.render.narration.common import ability_label
    from judgekit.render.terms import it, type_line_it

    if len(o["subtypes"]) < 12:
        line = type_line_it(o["supertypes"], o["types"], o["subtypes"])
    else:
        line = type_line_it(o["supertypes"], o["types"]) + " con tutti i tipi di creatura"
    if o["power"] is not None:
        line += f" {o['power']}/{o['toughness']}"
    parts = [line, "colori: " + (", ".join(it(c) for c in o["colors"]) if o["colors"] else "incolore")]
    abilities = [it(k) for k in o["keywords"]] + [ability_label(a) for a in o["abilities"]]
    parts.append("abilità: " + ", ".join(abilities) if abilities else "nessuna abilità")
    if o["mana"]:
        parts.append("mana " + "".join("{" + m + "}" for m in o["mana"]))
    if o["controller"] and o["controller"] != o["owner"]:
        parts.append(f"sotto il controllo di {o['controller']}")
    return ", ".join(parts)


def _characteristics(p: dict[str, Any], names: Names) -> str:
    """The final characteristics of the objects the layer system changed (a question with no zone change)."""
    shown = [f"{_one(o.get('label') or o['name'], names)} è {_describe(o)}" for o in p["objects"]]
    text = ("Nessun permanente cambia zona; alla fine " if p["still"] else "Alla fine ") + "; ".join(shown)
    if p["more"]:
        text += f" (e altri {p['more']} oggetti, vedi la tabella dei layer)"
    return _sentence(text)


def _player(c: dict[str, Any]) -> str:
    parts = []
    if c["life"] is not None:
        before, after = c["life"]
        parts.append(f"passa da {before} a {after} {plural(after, 'punto vita', 'punti vita')}")
    if c["poison"] is not None:
        before, after = c["poison"]
        parts.append(f"passa da {before} a {after} {plural(after, 'segnalino veleno', 'segnalini veleno')}")
    if c["lost"]:
        parts.append("perde la partita e la lascia (800.4a)" if c.get("left") else "perde la partita")
    return f"{c['name']} " + " e ".join(parts)


def _players(p: dict[str, Any], names: Names) -> str:
    """Whose life or poison changed, who lost; the end of the game (CR 104.2a, 104.4a)."""
    text = "; ".join(_player(c) for c in p["changes"])
    if p["draw"]:
        text += ": la partita è patta"
    elif p["winners"]:
        text += f": {' e '.join(p['winners'])} {plural(len(p['winners']), 'vince', 'vincono')} la partita"
    return _sentence(text)


def _rule(p: dict[str, Any], names: Names) -> str:
    """The decisive rule and, when there is one, the step of the ruling that applies it."""
    why = str(p.get("why") or "").strip().rstrip(".")
    if not why:
        return f"Regola decisiva: CR {p['rule']}."
    return f"Regola decisiva, CR {p['rule']}: {why}."


def _layer_why(p: dict[str, Any], names: Names) -> str:
    """What an effect does in its layer and why it applies there (the decisive layer application)."""
    text = f"layer {p['layer']}, {names.card(p['source'])} (timestamp {p['timestamp']}): {p['effect']}"
    if p["affected"]:
        text += f" su {_names(p['affected'], names)}"
    if p["reason"]:
        text += f" ({p['reason']})"
    return text


def _error(p: dict[str, Any], names: Names) -> str:
    """The replay stopped on an illegal action: what was illegal, with the message of the rules core."""
    return _sentence(f"Azione non consentita: {p['message']}")


TEXTS: dict[str, Text] = {
    "verdict.objects": _objects,
    "verdict.no_move": _no_move,
    "verdict.characteristics": _characteristics,
    "verdict.players": _players,
    "verdict.rule": _rule,
    "verdict.layer_why": _layer_why,
    "verdict.error": _error,
}


def say(code: str, params: dict[str, Any], names: Names) -> str:
    """The Italian sentence of one part of the verdict."""
    return TEXTS[code](params, names)
