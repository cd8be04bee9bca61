"""The layer explanation of a ruling: how the layer system gives each object its final characteristics.

Steps (one per effect applied, in the order the layers apply them, CR 613.1) and a table per object.
"""

from __future__ import annotations

from typing import Any

from judgekit.engine.layers import compute
from judgekit.engine.state import Game
from judgekit.render.terms import LAYER_NAMES_IT, ability_label_it, it, type_line_it
from judgekit.ruling.model import ObjectLayers, Ruling, RulingStep


def explain_layers(game: Game, ruling: Ruling) -> list[RulingStep]:
    """Steps (returned) and per-object tables (added to ``ruling.layers``) explaining how the layer system gives
    the final characteristics."""
    steps: list[RulingStep] = []

    def say(kind: str, text: str, *rules: str, objects: list[str] | None = None) -> RulingStep:
        step = RulingStep(kind, text, list(rules), list(objects or []))
        steps.append(step)
        return step

    result = compute(game, trace=True)
    if not result.trace and not result.notes:
        return steps
    say("layers", "Caratteristiche dei permanenti: si applicano gli effetti continui layer per layer.", "613.1")
    notes = list(zip(result.note_positions, result.notes, strict=True))
    for i, app in enumerate(result.trace):
        while notes and notes[0][0] <= i:
            note, rules = notes.pop(0)[1]
            say("layer", note, *rules)
        if app.key.startswith("counters:"):
            names = ", ".join(_obj_label(game, u) for u in app.affected)
            text = f"Layer 7c — segnalini su {names}: {app.text}."
        else:
            names = ", ".join(_obj_label(game, u) for u in app.affected) or "nessun oggetto"
            text = (f"Layer {app.layer.value} ({LAYER_NAMES_IT[app.layer]}) — {app.source_name} "
                    f"(timestamp {app.timestamp}): {app.text}. Si applica a: {names}")
            if app.reason:
                text += f". Ordine: {app.reason}"
            text += "."
        say("layer", text, *dict.fromkeys(app.rules), objects=[game.objects[u].id for u in app.affected])
    for _pos, (note, rules) in notes:
        say("layer", note, *rules)
    by_obj: dict[int, list[dict[str, Any]]] = {}
    for app in result.trace:
        for u in app.affected:
            by_obj.setdefault(u, []).append({
                "layer": app.layer.value, "effect": app.text, "source": app.source_name,
                "timestamp": app.timestamp, "result": app.results.get(u, ""), "reason": app.reason,
                "rules": list(dict.fromkeys(app.rules))})
    for uid, rows in by_obj.items():
        obj = game.objects[uid]
        c = result.computed[uid]
        summary = _summary(c)
        ruling.layers.append(ObjectLayers(obj.id, obj.card.name, rows, summary))
        step = say("characteristics", f"{obj.card.name}: {summary}", "613.1", objects=[obj.id])
        step.table = rows
    return steps


def _obj_label(game: Game, uid: int) -> str:
    return game.objects[uid].card.name


def _summary(c: Any) -> str:
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
    other = [ability_label_it(a.label()) for a in c.abilities if a.kind != "mana"]
    parts.append("abilità: " + (", ".join(kws + other) if kws or other else "nessuna"))
    if c.mana:
        parts.append("mana: " + " ".join("{" + m + "}" for m in c.mana))
    if c.controller:
        parts.append(f"controllore: {c.controller}")
    return "; ".join(parts)
