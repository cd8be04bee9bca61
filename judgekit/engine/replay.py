"""The replay: build the game from a loaded scenario, run its actions, report the ruling.

Each action dispatches to a handler ``handler(game, spec)`` of :data:`ACTIONS` (``spec`` is the action's
value: a dict, ``True`` or ``"all"``). After the first state-based-action check and after every action the
replay goes to the *priority point* (CR 117.5): state-based actions are checked and repeated until none
applies (CR 704.3), then waiting triggered abilities are put on the stack in APNAP order (CR 603.3b), and
again until nothing changes. An :class:`~judgekit.engine.errors.IllegalAction` stops the replay.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from judgekit.engine.characteristics import chars, layer_result
from judgekit.engine.errors import GameOver, IllegalAction, ScenarioProblem
from judgekit.engine.ruling import ObjectLayers, Ruling
from judgekit.engine.state import (
    Ability,
    Chars,
    ContinuousEffect,
    Game,
    GameObject,
    Player,
)
from judgekit.engine.values import cost_colors
from judgekit.engine.vocab import LAYER_NAMES_IT, STEP_NAMES_IT, Step, Zone, ability_label_it, it, type_line_it
from judgekit.errors import InvalidFileError
from judgekit.scenario.loader import LoadedScenario, load_scenario, load_scenario_text

Handler = Callable[[Game, Any], None]


def _actions() -> dict[str, Handler]:
    from judgekit.engine import combat, sba, stack, turn

    return {
        "cast": stack.cast_action,
        "activate": stack.activate_action,
        "resolve": stack.resolve_action,
        "declare_attackers": combat.declare_attackers,
        "declare_blockers": combat.declare_blockers,
        "assign_damage": combat.assign_damage,
        "combat_damage": combat.combat_damage,
        "next_step": turn.next_step,
        "end_turn": turn.end_turn,
        "state_based_actions": sba.state_based_actions_action,
    }


# ------------------------------------------------------------------------------------------------------
# Building the game


def make_chars(data: dict[str, Any]) -> Chars:
    """Copiable values from an object's data (card fields), CR 707.2; colours from the mana cost (202.2)."""
    colors = data.get("colors")
    if colors is None:
        colors = cost_colors(data.get("mana_cost"))
    abilities = []
    for i, spec in enumerate(data.get("abilities") or []):
        kind = next(k for k in ("mana", "static", "trigger", "activated") if k in spec)
        abilities.append(Ability(kind, spec, "text", None, f"a{i}"))
    return Chars(
        name=str(data.get("name") or data.get("card") or data.get("id") or "?"),
        mana_cost=data.get("mana_cost"), colors=sorted(set(colors)), types=list(data.get("types") or []),
        supertypes=list(data.get("supertypes") or []), subtypes=list(data.get("subtypes") or []),
        power=data.get("power"), toughness=data.get("toughness"), loyalty=data.get("loyalty"),
        defense=data.get("defense"), keywords=list(dict.fromkeys(data.get("keywords") or [])), abilities=abilities,
        effect=list(data.get("effect") or []), target=data.get("target"),
    )


def make_object(game: Game, data: dict[str, Any], zone: Zone, owner: str, controller: str | None,
                timestamp: int, seq: int) -> GameObject:
    """A new object in ``zone`` from scenario data (its status fields included)."""
    counters = {k: v for k, v in (data.get("counters") or {}).items() if v}
    if zone == Zone.BATTLEFIELD:
        if data.get("loyalty") is not None and "loyalty" not in counters:
            counters["loyalty"] = int(data["loyalty"])
        if data.get("defense") is not None and "defense" not in counters:
            counters["defense"] = int(data["defense"])
    obj = GameObject(
        uid=game.new_uid(), id=str(data["id"]), card=make_chars(data), zone=zone, owner=owner,
        controller=controller if zone in (Zone.BATTLEFIELD, Zone.STACK) else None, timestamp=timestamp, seq=seq,
        counters=counters, damage=int(data.get("damage") or 0),
        deathtouch_damage=bool(data.get("deathtouch_damage")), tapped=bool(data.get("tapped")),
        summoning_sick=bool(data.get("summoning_sick")), token=bool(data.get("token")),
    )
    return game.add_object(obj)


OP_KEYS = ("copy_of", "except", "control", "text_change", "add_types", "remove_types", "set_types", "add_subtypes",
           "set_subtypes", "add_supertypes", "remove_supertypes", "all_creature_types", "set_land_types",
           "set_colors", "add_colors", "add_keywords", "remove_keywords", "add_abilities", "remove_all_abilities",
           "cda", "set_pt", "modify_pt", "switch_pt")


def build_game(loaded: LoadedScenario) -> Game:
    """The initial game state of a scenario (SCENARIO-FORMAT.md: objects, timestamps, effects)."""
    data = loaded.data
    players = [Player(p["name"], p.get("life", 20), p.get("poison", 0)) for p in data["players"]]
    game = Game(players=players, active=data["active_player"], step=Step(data["step"]))
    game.choices = dict(data.get("choices") or {})
    first = players[0].name
    seq = 0
    for i, od in enumerate(data["battlefield"]):
        controller = od.get("controller") or first
        owner = od.get("owner") or controller
        ts = od["timestamp"] if od.get("timestamp") is not None else i
        make_object(game, od, Zone.BATTLEFIELD, owner, controller, ts, seq)
        game.named.append(od["id"])
        seq += 1
    for zone_key, zone in (("graveyard", Zone.GRAVEYARD), ("hand", Zone.HAND)):
        for player, objs in data[zone_key].items():
            for od in objs:
                make_object(game, od, zone, player, None, od.get("timestamp") or 0, seq)
                game.named.append(od["id"])
                seq += 1
    for od in data["exile"]:
        make_object(game, od, Zone.EXILE, od.get("owner") or od.get("controller") or first, None,
                    od.get("timestamp") or 0, seq)
        game.named.append(od["id"])
        seq += 1
    game.seq = seq
    for od in data["battlefield"]:
        if od.get("attached_to") is not None:
            game.obj(od["id"]).attached_to = game.ids[od["attached_to"]]
    largest = max([o.timestamp for o in game.objects.values() if o.zone == Zone.BATTLEFIELD], default=-1)
    for i, ed in enumerate(data.get("effects") or []):
        ts = ed["timestamp"] if ed.get("timestamp") is not None else largest + 1
        largest = max(largest, ts)
        add_effect_in_place(game, ed, ts, i)
    for action in data.get("actions") or []:
        cast = action.get("cast")
        if cast and isinstance(cast.get("object"), dict):
            game.named.append(cast["object"]["id"])
    game.touch()
    return game


def add_effect_in_place(game: Game, ed: dict[str, Any], timestamp: int, index: int) -> ContinuousEffect:
    """An ``effects:`` entry: a continuous effect of a resolved spell, set fixed at the start (CR 611.2c)."""
    from judgekit.engine.selectors import SelectorContext, select
    from judgekit.engine.values import ValueContext, freeze_values

    controller = ed.get("controller") or game.active
    table = layer_result(game).computed
    ctx = SelectorContext(you=controller, source=None, ids=game.ids, players=tuple(p.name for p in game.players))
    affects = ed["affects"]
    if isinstance(affects, list):
        affected = [game.ids[a] for a in affects if a in game.ids]
    else:
        affected = select(affects, list(table.values()), ctx)
    ops = {k: ed[k] for k in OP_KEYS if k in ed}
    ops = freeze_values(ops, ValueContext(game, table, ctx))
    effect = ContinuousEffect(uid=game.new_uid(), ops=ops, timestamp=timestamp, source_name=str(ed["source"]),
                              controller=controller, affected=affected, duration=ed.get("duration", "end_of_turn"),
                              order=(1, index))
    game.effects.append(effect)
    game.touch()
    return effect


# ------------------------------------------------------------------------------------------------------
# The priority point


def priority_point(game: Game) -> None:
    """CR 117.5 / 704.3 / 603.3: state-based actions until none applies, then triggers on the stack.

    Raises :class:`GameOver` once a player has lost (CR 104.1: the game ends immediately; no player receives
    priority and no triggered ability is put on the stack)."""
    from judgekit.engine import sba, triggers

    for _ in range(500):
        if any(p.lost for p in game.players):
            raise GameOver
        if sba.check(game):
            continue
        triggers.collect(game)
        if game.pending:
            triggers.put_on_stack(game)
            continue
        return
    raise IllegalAction("le azioni di stato e le abilità innescate si ripetono senza fine", rule="104.4b")


# ------------------------------------------------------------------------------------------------------
# Running


def replay(loaded: LoadedScenario, *, explain: bool = True) -> Ruling:
    """Replay a loaded scenario and return its :class:`Ruling`.

    A scenario problem found during the replay raises :class:`InvalidFileError` (file, line, key).
    """
    game = build_game(loaded)
    ruling = Ruling(scenario=loaded.id, title=loaded.title, source=loaded.source)
    handlers = _actions()
    game.say("start", _start_text(game), "117.3a", "500.1")
    current: tuple[str | int, ...] = ()
    actions = loaded.data["actions"]
    done = 0
    try:
        priority_point(game)
        for i, action in enumerate(actions):
            kind = next(iter(action))
            current = ("actions", i, kind)
            done = i + 1
            handlers[kind](game, action[kind])
            priority_point(game)
    except GameOver:
        _say_game_over(game, len(actions) - done)
    except IllegalAction as exc:
        ruling.error = {"message": exc.message, "rule": exc.rule}
        game.say("error", f"Azione non consentita: {exc.message}", *([exc.rule] if exc.rule else []))
    except ScenarioProblem as exc:
        raise InvalidFileError([loaded.issue((*current, *exc.key), exc.message)]) from None
    _unused_choices(game)
    if explain:
        explain_layers(game, ruling)
    ruling.steps = list(game.log)
    ruling.final = final_state(game)
    exp = loaded.data.get("expect")
    ruling.expect = check_expect(exp, ruling) if exp is not None else None
    return ruling


def _say_game_over(game: Game, skipped: int) -> None:
    """One step: who lost and why, and that the replay stops there (CR 104.1, 104.2a, 104.4a)."""
    losers = [p for p in game.players if p.lost]
    if len(losers) == len(game.players):
        text = "La partita è finita: tutti i giocatori hanno perso nello stesso momento, la partita è patta."
        rules = ["104.1", "104.4a"]
    else:
        winners = [p.name for p in game.players if not p.lost]
        why = ", ".join(f"{p.name} ha perso ({p.loss_rule})" if p.loss_rule else f"{p.name} ha perso"
                        for p in losers)
        text = f"La partita è finita: {why} e {' e '.join(winners)} vince."
        rules = ["104.1", "104.2a", *dict.fromkeys(p.loss_rule for p in losers if p.loss_rule)]
    rest = []
    if game.stack:
        rest.append("quello che resta in pila non si risolve")
    if game.pending:
        rest.append("le abilità innescate in attesa non vanno in pila")
    if skipped:
        rest.append("l'azione successiva dello scenario non viene eseguita" if skipped == 1
                    else f"le {skipped} azioni successive dello scenario non vengono eseguite")
    if rest:
        text += " Il replay si ferma qui: " + "; ".join(rest) + "."
    game.say("end", text, *rules)


def run_file(path: Path) -> Ruling:
    """Load and replay a scenario file (raises InvalidFileError when it cannot be loaded)."""
    return replay(load_scenario(path))


def run_text(text: str, name: str = "scenario.yaml", *, cards_dir: Path | None = None) -> Ruling:
    """Load and replay a scenario given as a YAML string (tests)."""
    return replay(load_scenario_text(text, name, cards_dir=cards_dir))


def _start_text(game: Game) -> str:
    step = STEP_NAMES_IT.get(game.step, str(game.step))
    return f"Turno di {game.active}, {step}: {game.active} sta per ricevere priorità."


def _unused_choices(game: Game) -> None:
    for key in game.choices:
        if key not in game.used_choices:
            game.say("choice", f"La scelta indicata per «{key}» non è servita ed è stata ignorata.")


# ------------------------------------------------------------------------------------------------------
# Explaining the layers of the final state


def explain_layers(game: Game, ruling: Ruling) -> None:
    """Steps and per-object tables explaining how the layer system gives the final characteristics."""
    from judgekit.engine.layers import compute

    result = compute(game, trace=True)
    if not result.trace and not result.notes:
        return
    game.say("layers", "Caratteristiche dei permanenti: si applicano gli effetti continui layer per layer.",
             "613.1")
    notes = list(zip(result.note_positions, result.notes, strict=True))
    for i, app in enumerate(result.trace):
        while notes and notes[0][0] <= i:
            note, rules = notes.pop(0)[1]
            game.say("layer", note, *rules)
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
        game.say("layer", text, *dict.fromkeys(app.rules), objects=[game.objects[u].id for u in app.affected])
    for _pos, (note, rules) in notes:
        game.say("layer", note, *rules)
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
        step = game.say("characteristics", f"{obj.card.name}: {summary}", "613.1", objects=[obj.id])
        step.table = rows


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


# ------------------------------------------------------------------------------------------------------
# Final state and expectations


def object_result(game: Game, oid: str) -> dict[str, Any]:
    """One entry of ``final.objects`` (SCENARIO-FORMAT.md): every field present."""
    from judgekit.engine.layers import creature_types_of

    obj = game.obj(oid)
    zone = str(obj.zone)
    if obj.token and obj.zone not in (Zone.BATTLEFIELD,):
        zone = "gone"
    if obj.zone == Zone.GONE:
        zone = "gone"
    c = obj.lki if obj.zone == Zone.GONE and obj.lki is not None else chars(game, obj)
    attached = game.objects[obj.attached_to].id if obj.attached_to is not None else None
    creature = "Creature" in c.types
    return {
        "zone": zone, "name": c.name,
        "controller": c.controller if obj.zone in (Zone.BATTLEFIELD, Zone.STACK) else None,
        "owner": obj.owner, "types": sorted(set(c.types)), "subtypes": creature_types_of(c),
        "supertypes": sorted(set(c.supertypes)), "colors": sorted(set(c.colors)),
        "power": c.power if creature else None, "toughness": c.toughness if creature else None,
        "damage": obj.damage, "counters": {k: v for k, v in sorted(obj.counters.items()) if v > 0},
        "keywords": sorted(set(c.keywords)),
        "abilities": sorted({a.label() for a in c.abilities if a.kind != "mana"}),
        "mana": c.mana, "tapped": obj.tapped, "attached_to": attached, "token": obj.token,
    }


def final_state(game: Game) -> dict[str, Any]:
    names = list(dict.fromkeys([*game.named, *game.ids]))
    objects = {oid: object_result(game, oid) for oid in names if oid in game.ids}
    stack = []
    for item in game.stack:
        stack.append({"kind": item.kind, "id": item.id, "source": item.source_name, "controller": item.controller,
                      "targets": [t if isinstance(t, str) else game.objects[t].id for t in item.targets]})
    return {
        "players": {p.name: {"life": p.life, "poison": p.poison, "lost": p.lost} for p in game.players},
        "objects": objects,
        "stack": stack,
    }


_RULE_EXT = re.compile(r"^[a-z]*$")


def rule_matches(expected: str, actual: str | None) -> bool:
    """``510.1`` matches ``510.1`` and ``510.1c`` (subrule letters), not ``510.10``."""
    if actual is None:
        return False
    return actual.startswith(expected) and bool(_RULE_EXT.match(actual[len(expected):]))


def _norm(value: Any) -> Any:
    if isinstance(value, list):
        return sorted({str(v) for v in value})
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if v}
    return value


def check_expect(exp: dict[str, Any], ruling: Ruling) -> dict[str, Any]:
    """Compare ``expect`` with the final state and the error (SCENARIO-FORMAT.md "Expect")."""
    failures: list[str] = []
    final = ruling.final or {"objects": {}, "players": {}}
    for oid, fields in (exp.get("objects") or {}).items():
        got = final["objects"].get(oid)
        if got is None:
            failures.append(f"{oid}: l'oggetto non è nello stato finale")
            continue
        for key, want in fields.items():
            have = got.get(key)
            if _norm(want) != _norm(have):
                failures.append(f"{oid}.{key}: atteso {_show(want)}, ottenuto {_show(have)}")
    for name, fields in (exp.get("players") or {}).items():
        got = final["players"].get(name, {})
        for key, want in fields.items():
            have = got.get(key)
            if want != have:
                failures.append(f"{name}.{key}: atteso {_show(want)}, ottenuto {_show(have)}")
    want_err = exp.get("error")
    actual_rule = ruling.error.get("rule") if ruling.error else None
    if want_err:
        rules = want_err.get("rule") or []
        if ruling.error is None:
            failures.append(f"errore atteso (regola {', '.join(rules)}), ma la riproduzione non si è fermata")
        elif not any(rule_matches(r, actual_rule) for r in rules):
            failures.append(f"errore atteso con regola {', '.join(rules)}, ottenuto regola {actual_rule}")
    elif ruling.error is not None:
        failures.append(f"la riproduzione si è fermata con un errore non previsto: {ruling.error['message']}")
    return {"passed": not failures, "failures": failures}


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    return str(value)

