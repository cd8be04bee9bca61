"""Board questions: a shipped scenario told as a board and what happened, and a question on how it ends.

Each shipped scenario whose ``expect`` names a fact gives up to three questions: the final power and toughness
of a permanent, the zone an object ends in, a player's life total; a scenario that expects an illegal action
gives "is it legal?". The right answer is computed by the rules core when the question is asked (the scenario is
replayed then): it is never stored. The wrong choices are the answers of plausible misreadings: the value as
printed (every effect ignored), a nearby value, the life total before anything happened, another zone.

The text never shows the scenario's title or comments (they give the answer away): it is made from the
scenario's data, the objects as they are written (printed characteristics, the card's Italian text), the effects
already in place and the actions in order. The explanation is the ruling itself: its verdict and its steps.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from judgekit.study.model import Question, QuestionSpec, arrange

# Folder -> topic; a scenario of ``stack`` goes to the topic of the rules it cites (603, 704), else ``pila``.
_FOLDER_TOPIC = {"layers": "layer", "combat": "combattimento", "replacement": "sostituzione"}
_ZONE_IT = {"battlefield": "sul campo di battaglia", "graveyard": "nel cimitero", "exile": "in esilio",
            "hand": "in mano", "library": "nel grimorio", "stack": "in pila"}
_ZONES = ("battlefield", "graveyard", "exile", "hand")
# How many facts one scenario gives at most.
_MOST = 3


def _topic(folder: str, rules: list[str]) -> str:
    if folder in _FOLDER_TOPIC:
        return _FOLDER_TOPIC[folder]
    if any(r.startswith("704") for r in rules):
        return "sba"
    if any(r.startswith("603") for r in rules):
        return "innescate"
    if any(r.startswith("702") for r in rules):
        return "parole_chiave"
    if any(r.startswith(("500", "501", "502", "503", "504", "505", "512", "513", "514")) for r in rules):
        return "turno"
    return "pila"


def _level(raw: dict[str, Any]) -> int:
    """1 to 3, by how much happens: the number of actions and of objects."""
    actions = len(raw.get("actions") or [])
    objects = 0
    for zone in ("battlefield", "hand", "graveyard", "exile"):
        value = raw.get(zone) or []
        objects += sum(len(v or []) for v in value.values()) if isinstance(value, dict) else len(value)
    weight = actions + objects // 2 + len(raw.get("effects") or [])
    return 1 if weight <= 3 else 2 if weight <= 6 else 3


def _facts(raw: dict[str, Any]) -> list[tuple[str, str]]:
    """What a scenario's ``expect`` asks, as (kind, subject): ``pt``, ``zone`` and ``life`` facts, or ``legal``."""
    exp = raw.get("expect") or {}
    if not isinstance(exp, dict):
        return []
    if exp.get("error") is not None:
        return [("legal", "")]
    found: list[tuple[str, str]] = []
    for key, fields in (exp.get("objects") or {}).items():
        if not isinstance(fields, dict):
            continue
        if fields.get("power") is not None and fields.get("toughness") is not None:
            found.append(("pt", str(key)))
        elif fields.get("zone") is not None:
            found.append(("zone", str(key)))
    for name, fields in (exp.get("players") or {}).items():
        if isinstance(fields, dict) and fields.get("life") is not None:
            found.append(("life", str(name)))
    return found[:_MOST]


@functools.lru_cache(maxsize=1)
def board_questions() -> tuple[QuestionSpec, ...]:
    """Every board question of the shipped scenarios, in scenario order (their facts read from the files)."""
    from judgekit.scenario.shipped import shipped
    from judgekit.yamlio import load_yaml

    specs: list[QuestionSpec] = []
    for s in shipped():
        try:
            raw = load_yaml(s.path).data
        except Exception:  # noqa: BLE001 - a damaged shipped file is reported by judgekit check, not here
            continue
        if not isinstance(raw, dict):
            continue
        topic, level = _topic(s.folder, s.rules()), _level(raw)
        for kind, subject in _facts(raw):
            qid = f"b:{s.id}:{kind}" + (f":{subject}" if subject else "")
            specs.append(QuestionSpec(qid, topic, level, "board",
                                      functools.partial(_make, qid, s.path, kind, subject, topic, level)))
    return tuple(specs)


# ------------------------------------------------------------------------------------------------------
# Asking one


def _make(qid: str, path: Path, kind: str, subject: str, topic: str, level: int) -> Question:
    """The question, with its answer computed now by replaying the scenario."""
    from judgekit.ruling.run import replay
    from judgekit.scenario.loader import load_scenario

    loaded = load_scenario(path)
    ruling = replay(loaded)
    data = loaded.data
    names = _names(data)
    board = describe(data, names)
    final = ruling.final or {"objects": {}, "players": {}}
    start = ruling.start or {"objects": {}, "players": {}}
    if kind == "legal":
        right = "No: una è illegale" if ruling.error is not None else "Sì, sono tutte legali"
        question = f"{board}\n\nLe azioni descritte sono tutte legali?"
        choices, answer = arrange(qid, right, ["Sì, sono tutte legali", "No: una è illegale"])
    elif kind == "life":
        before = int(start["players"].get(subject, {}).get("life", 20))
        now = int(final["players"].get(subject, {}).get("life", 20))
        change = before - now
        other = [str(v) for v in _siblings(loaded.id, "life", subject)]
        misread = [*other, before, now - 1, now + 1, before - 2 * change if change else now - 2, now + 2]
        question = f"{board}\n\nAlla fine, quanti punti vita ha {subject}?"
        choices, answer = arrange(qid, str(now), [str(w) for w in misread])
    else:
        oid = _object_id(subject, final, data)
        obj = final["objects"].get(oid, {})
        name = names.get(oid) or obj.get("name") or subject
        if kind == "pt":
            p, t = obj.get("power"), obj.get("toughness")
            right = f"{p}/{t}" if p is not None and t is not None else "non è una creatura"
            printed = _printed(data, oid)
            wrong = [*(str(v) for v in _siblings(loaded.id, "pt", oid)), printed, f"{(p or 0) + 1}/{(t or 0) + 1}",
                     f"{(p or 0) - 1}/{(t or 0) - 1}", f"{t}/{p}", "non è una creatura"]
            question = f"{board}\n\nAlla fine, quali sono forza e costituzione di {name}?"
            choices, answer = arrange(qid, right, [w for w in wrong if w])
        else:
            zone = str(obj.get("zone") or "battlefield")
            right = _ZONE_IT.get(zone, zone)
            question = f"{board}\n\nAlla fine, dove si trova {name}?"
            choices, answer = arrange(qid, right, [_ZONE_IT[z] for z in _ZONES if z != zone])
    explanation = _explain(ruling)
    rules = _rules(ruling)
    return Question(qid, topic, level, "board", question, choices, answer, explanation, rules)


# The steps of the turn every combat goes through: besides the procedure (ruling.verdict.is_procedure), never
# the rules to read.
_TURN_STEPS = ("500.", "507.", "508.8", "608.3")


def _rules(ruling: Any) -> tuple[str, ...]:
    """The rules to read next: the decisive one, then those of the decisive steps (never the procedure)."""
    from judgekit.render.ruling import importance
    from judgekit.ruling.verdict import is_procedure

    found = [ruling.decisive] if ruling.decisive else []
    for step in ruling.steps:
        if importance(ruling, step) is not None:
            found += [r for r in step.rules if not is_procedure(r) and not r.startswith(_TURN_STEPS)]
    return tuple(dict.fromkeys(found))[:5]


def _siblings(scenario: str, kind: str, subject: str) -> list[str]:
    """The same fact in the scenarios that tell the same board another way (the other timestamp order, the other
    order of two replacement effects: an id that differs only in its last one or two words): the answer of the
    most plausible misreading. Each sibling is replayed now, as the question is."""
    from judgekit.ruling.run import replay
    from judgekit.scenario.loader import load_scenario
    from judgekit.scenario.shipped import shipped

    words = scenario.split("-")
    out: list[str] = []
    for cut in (1, 2):
        if len(words) <= cut + 1:
            continue
        stem = "-".join(words[:-cut]) + "-"
        for s in shipped():
            if s.id == scenario or not s.id.startswith(stem) or len(s.id.split("-")) != len(words):
                continue
            try:
                final = replay(load_scenario(s.path), explain=False).final or {}
            except Exception:  # noqa: BLE001 - a sibling that can't be replayed gives no misreading
                continue
            if kind == "life" and subject in final.get("players", {}):
                out.append(str(final["players"][subject]["life"]))
            obj = final.get("objects", {}).get(subject)
            if kind == "pt" and obj and obj.get("power") is not None:
                out.append(f"{obj['power']}/{obj['toughness']}")
        if out:
            break
    return out


def _explain(ruling: Any) -> str:
    """The ruling as an explanation: its verdict, then its decisive steps in order (at most eight)."""
    from judgekit.render.ruling import importance

    steps = [(n, s) for n, s in enumerate(ruling.steps, 1) if importance(ruling, s) is not None]
    lines = [str(ruling.verdict or "")]
    lines += [f"{n}. {s.text}" for n, s in steps[:8]]
    return "\n".join(line for line in lines if line)


def _names(data: dict[str, Any]) -> dict[str, str]:
    """Each object's name; two objects with the same name are told apart by their id."""
    out: dict[str, str] = {}
    for obj in _objects(data):
        out[str(obj.get("id"))] = str(obj.get("name") or obj.get("card") or obj.get("id"))
    seen: dict[str, int] = {}
    for name in out.values():
        seen[name] = seen.get(name, 0) + 1
    return {oid: f"{name} [{oid}]" if seen[name] > 1 else name for oid, name in out.items()}


def _objects(data: dict[str, Any]) -> list[dict[str, Any]]:
    found = list(data.get("battlefield") or [])
    for zone in ("hand", "graveyard"):
        for objs in (data.get(zone) or {}).values():
            found += list(objs)
    found += list(data.get("exile") or [])
    for action in data.get("actions") or []:
        cast = action.get("cast") if isinstance(action, dict) else None
        if isinstance(cast, dict) and isinstance(cast.get("object"), dict):
            found.append(cast["object"])
    return found


def _object_id(subject: str, final: dict[str, Any], data: dict[str, Any]) -> str:
    """The id an ``expect`` key names (an id, or a name in the compact form)."""
    if subject in final["objects"]:
        return subject
    for oid, obj in final["objects"].items():
        if str(obj.get("name", "")).casefold() == subject.casefold():
            return str(oid)
    return subject


def _printed(data: dict[str, Any], oid: str) -> str:
    for obj in _objects(data):
        if str(obj.get("id")) == oid and obj.get("power") is not None and obj.get("toughness") is not None:
            return f"{obj['power']}/{obj['toughness']}"
    return ""


# ------------------------------------------------------------------------------------------------------
# Telling the board (never the title or the comments of the file)


def describe(data: dict[str, Any], names: dict[str, str]) -> str:
    """The board as the scenario sets it up, and what happens, in Italian."""
    from judgekit.render.terms import type_line_it

    lines: list[str] = []
    players = [p["name"] for p in data["players"]]
    active = data.get("active_player") or players[0]
    lives = ", ".join(f"{p['name']} {p.get('life', 20)}" for p in data["players"])
    lines.append(f"Turno di {active}. Punti vita: {lives}.")
    for player in players:
        mine = [o for o in data.get("battlefield") or [] if (o.get("controller") or players[0]) == player]
        if mine:
            lines.append(f"{player} controlla (in ordine di arrivo sul campo): "
                         + "; ".join(_object_text(o, type_line_it, names) for o in mine) + ".")
        for zone, label in (("hand", "in mano"), ("graveyard", "nel cimitero")):
            objs = (data.get(zone) or {}).get(player) or []
            if objs:
                lines.append(f"{player} ha {label}: "
                             + "; ".join(_object_text(o, type_line_it, names) for o in objs) + ".")
    for effect in data.get("effects") or []:
        lines.append(f"Effetto già in atto: {_effect_text(effect, names)}.")
    steps = [t for t in (_action_text(a, names, players) for a in data.get("actions") or []) if t]
    if steps:
        lines.append("Poi, in ordine: " + "; ".join(f"{i}) {t}" for i, t in enumerate(steps, 1)) + ".")
    return "\n".join(lines)


def _card_text(obj: dict[str, Any]) -> str | None:
    from judgekit.scenario import cards

    name = obj.get("card")
    if not name:
        return None
    try:
        entry = cards.find(str(name))
    except Exception:  # noqa: BLE001 - an unknown card has no text to show
        return None
    text = (entry.data or {}).get("text_it")
    if not text:
        return None
    # What the card does, without the notes on how the project models it.
    return str(text).split(" (Semplificazione")[0].split(" Modello:")[0]


def _object_text(obj: dict[str, Any], type_line_it: Any, names: dict[str, str]) -> str:
    name = names.get(str(obj.get("id"))) or str(obj.get("name") or obj.get("card") or obj.get("id"))
    parts = [type_line_it(list(obj.get("supertypes") or []), list(obj.get("types") or []),
                          list(obj.get("subtypes") or []))]
    if obj.get("power") is not None and obj.get("toughness") is not None:
        parts.append(f"{obj['power']}/{obj['toughness']}")
    if obj.get("keywords"):
        from judgekit.render.terms import it

        parts.append(", ".join(it(k) for k in obj["keywords"]))
    text = _card_text(obj)
    if text:
        parts.append(f"«{text}»")
    elif obj.get("abilities"):
        parts.append("con abilità scritte nello scenario")
    for key, word in (("tapped", "TAPpato"), ("token", "pedina")):
        if obj.get(key):
            parts.append(word)
    if obj.get("damage"):
        parts.append(f"{obj['damage']} danni segnati")
    if obj.get("counters"):
        parts.append(", ".join(f"{n} segnalini {k}" for k, n in obj["counters"].items()))
    return f"{name} ({', '.join(p for p in parts if p)})"


def _effect_text(effect: dict[str, Any], names: dict[str, str]) -> str:
    from judgekit.render.narration.layers import describe_effect_ops

    ops = {k: v for k, v in effect.items() if k not in ("source", "affects", "controller", "duration", "timestamp",
                                                         "id", "replacement")}
    what = describe_effect_ops(ops) if ops else "un effetto di sostituzione"
    affects = effect.get("affects")
    target = ", ".join(names.get(str(a), str(a)) for a in affects) if isinstance(affects, list) else "ciò che sceglie"
    return f"{effect.get('source')} su {target}: {what}"


def _ref(names: dict[str, str], ref: Any) -> str:
    return names.get(str(ref), str(ref))


def _action_text(action: Any, names: dict[str, str], players: list[str]) -> str:
    """One action in Italian (what is done, never what it gives)."""
    if not isinstance(action, dict) or not action:
        return ""
    kind, spec = next(iter(action.items()))
    if kind == "cast":
        if isinstance(spec, dict):
            obj = spec.get("object")
            what = _ref(names, (obj.get("id") if isinstance(obj, dict) else obj) or spec.get("card"))
            targets = spec.get("targets") or []
            extra = f" bersagliando {', '.join(_ref(names, t) for t in targets)}" if targets else ""
            if spec.get("x") is not None:
                extra += f" con X = {spec['x']}"
            return f"si lancia {what}{extra}"
        return f"si lancia {_ref(names, spec)}"
    if kind == "activate" and isinstance(spec, dict):
        targets = spec.get("targets") or []
        extra = f" bersagliando {', '.join(_ref(names, t) for t in targets)}" if targets else ""
        return f"si attiva un'abilità di {_ref(names, spec.get('source'))}{extra}"
    if kind == "resolve":
        return "tutto ciò che è in pila si risolve" if spec == "all" else "si risolve la cima della pila"
    if kind == "declare_attackers":
        attackers = spec if isinstance(spec, list) else list(spec or {})
        return f"attaccano {', '.join(_ref(names, a) for a in attackers)}"
    if kind == "declare_blockers":
        if not spec:
            return "nessun bloccante"
        blocks = []
        for blocker, attacked in spec.items():
            them = attacked if isinstance(attacked, list) else [attacked]
            blocks.append(f"{_ref(names, blocker)} blocca {', '.join(_ref(names, x) for x in them)}")
        return ", ".join(blocks)
    if kind == "assign_damage" and isinstance(spec, dict):
        parts = []
        for source, split in spec.items():
            given = ", ".join(f"{n} a {_ref(names, r)}" for r, n in (split or {}).items())
            parts.append(f"{_ref(names, source)} assegna {given}")
        return "; ".join(parts)
    if kind == "combat_damage":
        return "si infligge il danno da combattimento"
    if kind == "next_step":
        return "si passa alla sottofase successiva"
    if kind == "end_turn":
        return "il turno finisce"
    if kind == "state_based_actions":
        return "si controllano le azioni generate dallo stato"
    return ""
