"""The layer explanation of a ruling: how the layer system gives each object its final characteristics.

Steps (one per effect applied, in the order the layers apply them, CR 613.1) and a table per object.
"""

from __future__ import annotations

from typing import Any

from judgekit.engine.layers import Application, compute
from judgekit.engine.state import Game
from judgekit.render.narration import layers as text
from judgekit.render.narration import message
from judgekit.render.narration.common import PLAIN, Names
from judgekit.ruling.model import ObjectLayers, Ruling, RulingStep


def explain_layers(game: Game, ruling: Ruling, names: Names = PLAIN) -> list[RulingStep]:
    """Steps (returned) and per-object tables (added to ``ruling.layers``) explaining how the layer system gives
    the final characteristics."""
    steps: list[RulingStep] = []

    def say(kind: str, sentence: str, *rules: str, objects: list[str] | None = None) -> RulingStep:
        step = RulingStep(kind, sentence, list(rules), list(objects or []))
        steps.append(step)
        return step

    result = compute(game, trace=True)
    if not result.trace and not result.notes:
        return steps
    say("layers", text.INTRO, "613.1")
    notes = list(zip(result.note_positions, result.notes, strict=True))
    for i, app in enumerate(result.trace):
        while notes and notes[0][0] <= i:
            note = notes.pop(0)[1]
            say("layer", message(note.code, note.params, names), *note.rules)
        affected = [_obj_label(game, u) for u in app.affected]
        if app.counters:
            sentence = text.counters_step(affected, _effect(app, names), names)
        else:
            sentence = text.application_step(app.layer.value, app.source_name, app.timestamp, _effect(app, names),
                                             affected, text.order_text(app.order, app.removed, names), names)
        say("layer", sentence, *dict.fromkeys(app.rules), objects=[game.objects[u].id for u in app.affected])
    for _pos, note in notes:
        say("layer", message(note.code, note.params, names), *note.rules)
    by_obj: dict[int, list[dict[str, Any]]] = {}
    for app in result.trace:
        effect = _effect(app, names)
        source = names.card(app.source_name) if not app.counters else text.COUNTERS_SOURCE
        reason = text.order_text(app.order, app.removed, names)
        for u in app.affected:
            r = app.results.get(u)
            by_obj.setdefault(u, []).append({
                "layer": app.layer.value, "effect": effect, "source": source,
                "timestamp": app.timestamp,
                "result": text.describe_result(r, app.layer.value, names) if r is not None else "",
                "reason": reason, "rules": list(dict.fromkeys(app.rules))})
    for uid, rows in by_obj.items():
        obj = game.objects[uid]
        c = result.computed[uid]
        summary = text.summary(c)
        ruling.layers.append(ObjectLayers(obj.id, obj.card.name, rows, summary))
        step = say("characteristics", text.characteristics_step(obj.card.name, summary, names), "613.1",
                   objects=[obj.id])
        step.table = rows
    return steps


def _effect(app: Application, names: Names) -> str:
    if app.counters:
        return text.counters_text(app.counters)
    return text.describe_ops_data(app.ops, app.layer.value, names)


def _obj_label(game: Game, uid: int) -> str:
    return game.objects[uid].card.name
