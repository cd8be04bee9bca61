"""Italian texts of the layer system (CR 613): operations, results of a layer, why an effect applies when it
does, the notes of effects that don't apply, the layer steps and the summary of an object's characteristics.

Everything here reads the data of :mod:`judgekit.engine.layers` (``Application``, ``LayerNote``) and of the
operation table (:mod:`judgekit.engine.operations`): operation names and parameters, canonical terms, card
names, timestamps.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from judgekit.engine.operations import OP_LAYER
from judgekit.engine.vocab import BASIC_LAND_MANA, Layer
from judgekit.render.narration.common import PLAIN, Names, Text, ability_label
from judgekit.render.terms import LAYER_NAMES_IT, it, type_line_it


def _names(values: Iterable[str]) -> str:
    return ", ".join(it(v) for v in values)


def _layer(value: str) -> Layer:
    return next(la for la in Layer if la.value == value)


# ------------------------------------------------------------------------------------------------------
# Operations


def _value_text(v: Any) -> str:
    if isinstance(v, int):
        return str(v)
    if v == "mana_value":
        return "valore di mana"
    if isinstance(v, dict):
        base = ""
        if v.get("count") is not None:
            base = "numero di oggetti scelti"
        elif v.get("card_types_in_graveyards"):
            base = "tipi di carta nei cimiteri"
        elif v.get("hand_size") is not None:
            base = "carte in mano"
        elif v.get("life") is not None:
            base = "punti vita"
        elif v.get("power_of") is not None:
            base = f"forza di {v['power_of']}"
        elif v.get("toughness_of") is not None:
            base = f"costituzione di {v['toughness_of']}"
        if v.get("times") is not None:
            base += f" × {v['times']}"
        if v.get("plus") is not None:
            base += f" + {v['plus']}"
        if v.get("negate"):
            base = f"−({base})"
        return base
    return str(v)


def _signed(v: Any) -> str:
    if isinstance(v, int):
        return f"+{v}" if v >= 0 else str(v)
    return f"+({_value_text(v)})"


def ability_text(spec: dict[str, Any]) -> str:
    """A granted or mana ability, shortly: «{T}: aggiungi {G}», "un'abilità attivata"..."""
    if "mana" in spec:
        return "«{T}: aggiungi " + " o ".join("{" + s + "}" for s in spec["mana"]) + "»"
    if "activated" in spec:
        return "un'abilità attivata"
    if "trigger" in spec:
        return f"un'abilità {ability_label('trigger:' + str(spec['trigger'].get('event')))}"
    return "un'abilità statica"


def _copy_text(p: Any, ops: dict[str, Any], names: Names) -> str:
    text = f"diventa una copia di {names.card(p)}"
    exc = ops.get("except")
    if exc:
        parts = []
        if "power" in exc or "toughness" in exc:
            parts.append(f"è {exc.get('power', '?')}/{exc.get('toughness', '?')}")
        if exc.get("keywords"):
            parts.append(f"ha {_names(exc['keywords'])}")
        for key, words in (("name", "si chiama"), ("types", "ha come tipi"), ("subtypes", "ha come sottotipi"),
                           ("colors", "ha come colori")):
            if key in exc:
                value = exc[key]
                shown = (_names(value) or "nessuno") if isinstance(value, list) else names.card(str(value))
                parts.append(f"{words} {shown}")
        text += " eccetto che " + ", ".join(parts) if parts else ""
    return text


def _pt_text(op: str, p: dict[str, Any]) -> str:
    lead = "forza e costituzione definite dalla sua abilità" if op == "cda" else "forza e costituzione base"
    if p["power"] == p["toughness"] and not isinstance(p["power"], int):
        return f"{lead} pari a {_value_text(p['power'])}"
    return f"{lead}: {_value_text(p['power'])}/{_value_text(p['toughness'])}"


def _land_types_text(p: list[str]) -> str:
    mana = ", ".join("{" + BASIC_LAND_MANA[t] + "}" for t in p if t in BASIC_LAND_MANA)
    extra = f" e guadagna «{{T}}: aggiungi {mana}»" if mana else ""
    return f"diventa {_names(p)}: perde le abilità del suo testo e dei vecchi tipi di terra{extra}"


_OP_TEXTS: dict[str, Any] = {
    "control": lambda p: f"passa sotto il controllo di {p if p != 'you' else 'chi controlla la fonte'}",
    "text_change": lambda p: f"nel suo testo «{it(p['from'])}» diventa «{it(p['to'])}»",
    "add_types": lambda p: f"diventa {_names(p)} in aggiunta ai suoi tipi",
    "remove_types": lambda p: f"perde il tipo {_names(p)}",
    "set_types": lambda p: f"i suoi tipi diventano {_names(p)}",
    "add_subtypes": lambda p: f"diventa {_names(p)} in aggiunta ai suoi sottotipi",
    "set_subtypes": lambda p: f"i suoi sottotipi diventano {_names(p)}",
    "add_supertypes": lambda p: f"diventa {_names(p)}",
    "remove_supertypes": lambda p: f"perde il supertipo {_names(p)}",
    "all_creature_types": lambda p: "ha tutti i tipi di creatura",
    "set_land_types": _land_types_text,
    "set_colors": lambda p: f"diventa {_names(p)}" if p else "diventa incolore",
    "add_colors": lambda p: f"diventa anche {_names(p)}",
    "add_keywords": lambda p: f"guadagna {_names(p)}",
    "remove_keywords": lambda p: f"perde {_names(p)}",
    "add_abilities": lambda p: "guadagna " + ", ".join(ability_text(spec) for spec in p),
    "remove_all_abilities": lambda p: "perde tutte le abilità",
    "cda": lambda p: _pt_text("cda", p),
    "set_pt": lambda p: _pt_text("set_pt", p),
    "modify_pt": lambda p: f"{_signed(p['power'])}/{_signed(p['toughness'])}",
    "switch_pt": lambda p: "scambia forza e costituzione",
}


def describe_op(op: str, p: Any, ops: dict[str, Any] | None = None, names: Names = PLAIN) -> str:
    """One operation (``ops``: the effect's operations, for the ``except`` of ``copy_of``)."""
    if op == "copy_of":
        return _copy_text(p, ops or {}, names)
    text = _OP_TEXTS.get(op)
    return str(text(p)) if text is not None else op


def describe_ops_data(ops: dict[str, Any], layer: str, names: Names = PLAIN) -> str:
    """The operations of ``ops`` that apply in ``layer`` (its value: ``"1a"``, ``"7c"``), joined by "; ".
    ``ops`` as given by ``judgekit.engine.layers.ops_data`` (``copy_of`` by card name)."""
    return "; ".join(describe_op(op, p, ops, names) for op, p in ops.items()
                     if op in OP_LAYER and OP_LAYER[op].value == layer)


def describe_effect_ops(ops: dict[str, Any], names: Names = PLAIN) -> str:
    """Every operation of an effect, layer by layer, joined by "; "."""
    layers = sorted({OP_LAYER[op] for op in ops if op in OP_LAYER}, key=lambda la: la.order)
    from judgekit.render.narration.restrictions import describe_rule_ops

    return "; ".join([describe_ops_data(ops, la.value, names) for la in layers] + describe_rule_ops(ops))


def counters_text(counters: list[tuple[str, int]]) -> str:
    """``2 segnalini +1/+1, 1 segnalino -1/-1``."""
    return ", ".join(f"{n} segnalin{'o' if n == 1 else 'i'} {kind}" for kind, n in counters)


# ------------------------------------------------------------------------------------------------------
# Results, order, notes


def describe_result(r: dict[str, Any], layer: str, names: Names = PLAIN) -> str:
    """The object's relevant characteristic after a layer (``judgekit.engine.layers.result_data``)."""
    la = _layer(layer)
    if la == Layer.COPY:
        pt = f" {r['power']}/{r['toughness']}" if r["power"] is not None else ""
        return f"{names.card(r['name'])} ({_names(r['types'])}{pt})"
    if la == Layer.CONTROL:
        return f"controllato da {r['controller']}"
    if la == Layer.TEXT:
        return "testo modificato"
    if la == Layer.TYPE:
        line = type_line_it(r["supertypes"], r["types"], r["subtypes"])
        return line + (" e tutti i tipi di creatura" if r["all_creature_types"] else "")
    if la == Layer.COLOR:
        return _names(r["colors"]) if r["colors"] else "incolore"
    if la == Layer.ABILITY:
        parts = [it(k) for k in r["keywords"]] + [ability_label(a["label"]) if a["kind"] != "mana" else
                                                  ability_text(a["spec"]) for a in r["abilities"]]
        return ", ".join(parts) if parts else "nessuna abilità"
    return f"{r['power']}/{r['toughness']}"


def _effects(effects: list[dict[str, Any]], names: Names) -> str:
    return ", ".join(f"{names.card(e['source'])} (timestamp {e['timestamp']})" for e in effects)


_ORDER: dict[str, Any] = {
    "cda": lambda o, n: "abilità che definisce caratteristiche: si applica per prima",
    "loop": lambda o, n: f"ciclo di dipendenze tra {_effects(o['effects'], n)}: si usa l'ordine di timestamp",
    "before_dependents": lambda o, n: (f"prima di {_effects(o['effects'], n)}, che "
                                       f"{'dipende' if len(o['effects']) == 1 else 'dipendono'} da questo effetto"),
    "before_waiting": lambda o, n: f"prima di {_effects(o['effects'], n)}, che dipende da un altro effetto",
    "timestamp": lambda o, n: "ordine di timestamp",
    "last": lambda o, n: "ultimo effetto rimasto in questo layer",
    "only": lambda o, n: "unico effetto in questo layer",
    "counters": lambda o, n: "i segnalini si applicano nel layer 7c",
}


def order_text(order: dict[str, Any], removed: bool = False, names: Names = PLAIN) -> str:
    """Why an effect applies at this point of its layer (CR 613.3, 613.7, 613.8) and, if so, that the
    ability generating it was removed but it keeps applying (CR 613.6)."""
    reason = str(_ORDER[order["code"]](order, names)) if order.get("code") else ""
    if removed:
        reason = (reason + "; " if reason else "") + ("l'abilità che lo genera è stata rimossa, ma l'effetto "
                                                      "continua ad applicarsi agli stessi oggetti")
    return reason


def _ability_gone(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['source'])}: l'abilità non c'è più quando il suo effetto dovrebbe "
            f"applicarsi nel layer {p['layer']}, quindi non si applica.")


def _condition_unmet(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['source'])}: la condizione non è soddisfatta nel punto in cui l'effetto "
            f"si applicherebbe (layer {p['layer']}), quindi non si applica.")


# ------------------------------------------------------------------------------------------------------
# Steps of the layer explanation


INTRO = "Caratteristiche dei permanenti: si applicano gli effetti continui layer per layer."

COUNTERS_SOURCE = "segnalini"


def counters_step(objects: list[str], effect: str, names: Names = PLAIN) -> str:
    """The counters step of layer 7c (``objects``: card names of the objects)."""
    return f"Layer 7c — segnalini su {names.cards(objects)}: {effect}."


def application_step(layer: str, source: str, timestamp: int, effect: str, objects: list[str], reason: str,
                     names: Names = PLAIN) -> str:
    """One effect applied in one layer (``objects``: card names of what it applies to)."""
    shown = names.cards(objects) or "nessun oggetto"
    text = (f"Layer {layer} ({LAYER_NAMES_IT[_layer(layer)]}) — {names.card(source)} "
            f"(timestamp {timestamp}): {effect}. Si applica a: {shown}")
    if reason:
        text += f". Ordine: {reason}"
    return text + "."


def summary(c: Any) -> str:
    """The final characteristics of an object (a ``Computed``), in one line."""
    parts = []
    if c.all_creature_types:
        line = type_line_it(c.supertypes, c.types, sorted(set(c.subtypes))) + " e tutti i tipi di creatura"
    else:
        line = type_line_it(c.supertypes, c.types, c.subtypes)
    parts.append(line)
    parts.append("colori: " + (", ".join(it(x) for x in c.colors) if c.colors else "incolore"))
    if c.power is not None:
        parts.append(f"{c.power}/{c.toughness}")
    kws = [it(k) for k in c.keywords]
    other = [ability_label(a.label()) for a in c.abilities if a.kind != "mana"]
    parts.append("abilità: " + (", ".join(kws + other) if kws or other else "nessuna"))
    if c.mana:
        parts.append("mana: " + " ".join("{" + m + "}" for m in c.mana))
    if c.controller:
        parts.append(f"controllore: {c.controller}")
    return "; ".join(parts)


def characteristics_step(name: str, line: str, names: Names = PLAIN) -> str:
    return f"{names.card(name)}: {line}"


TEXTS: dict[str, Text] = {
    "layers.ability_gone": _ability_gone,
    "layers.condition_unmet": _condition_unmet,
}
