"""The verdict of a replay (SCENARIO-FORMAT.md 2.10): one to three Italian sentences that answer the scenario's
question for a player at the table.

It is built from data only, never written per scenario or card: the state at the start (:func:`start_of`)
compared with the final state, the records of the replay (``game.log``: kinds, objects, players, rules) and,
for a question about characteristics, the layer system's trace. The Italian words are in
:mod:`judgekit.render.narration.verdict`.

The sentences:

1. **What ended where.** The objects named by the scenario that changed zone, grouped by where they went
   (``finisce nel cimitero di Anna``), those that left the battlefield and came back as new objects, the
   tokens created. An instant or sorcery that went through the stack into the graveyard is the normal course
   of a spell and is left out. When the file has ``expect``, the objects it names that did not move are
   said to stay where they are. When nothing moved and the question is about characteristics (see below),
   the sentence gives the final characteristics of the objects the layer system changed instead. A replay
   stopped by an illegal action says what was illegal instead (the rules core's message).
2. **Whose life changed.** Each player whose life or poison counters changed, who lost, who won or that the
   game is a draw. Left out when nothing changed.
3. **The decisive rule**, with the step of the ruling that applies it.

**The decisive rule** is chosen deterministically:

- a player lost: the rule that made them lose (704.5a, 704.5c, 104.4b for a loop...), with the first step
  that cites it;
- the replay stopped on an illegal action: the rule of the error;
- otherwise two candidates are found:

  - *by the records* about an object or a player of the question (a record lists the object's id, or names
    it; for a player, a damage, effect or state-based action record whose ``player`` is them). Casting,
    activating, choices and the steps of the turn are never answers. Each record is ranked by its most
    specific rule (chapter 7 first: keywords, state-based actions, copies; then chapter 6; then chapters
    3-5; then the others; the rules of the procedure every replay goes through, such as priority 117,
    casting 601.2, resolving 608.2, last), then by what it is about (an object of the question that changed
    zone, a creature before anything else; a player whose life changed; the rest), then by its place (the
    latest wins, since the final state follows from it). So a creature dying gives the state-based action
    that put it into the graveyard (704.5g), persist returning it gives 702.79, and a keyword that decided
    what the file asks (vigilance, hexproof) wins over the generic rules of damage. A replacement effect
    that changed an event about the question (kind ``replacement``, CR 614-616) comes before all of them;
  - *by the layer system*, among the effects applied to the objects of the question and the effects that
    did not apply, by family: a dependency (613.8) first, then an effect that keeps applying after its
    ability was removed (613.6), then a rule outside the layer system's own (a copy 707.x, land types 305.7,
    a characteristic-defining ability 604.3), then timestamp order (613.7), then the layer's own rule; among
    equals, the latest in the order the layers apply.

  When no object of the question changed zone (a permanent spell resolving onto the battlefield does not
  count: it is the normal course of a spell) and no player's life or poison changed, the question is about
  characteristics and the layer system decides, unless a replacement effect changed an event about the
  question, or the layer system found only a layer's own rule or timestamp order while a record gives a
  chapter 7 rule (wither's counters, an annihilation of counters). Otherwise the records decide.

"The question" is the objects and players the file's ``expect`` names; without them, every object the
scenario names and every player.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from judgekit.engine.records import Record
from judgekit.engine.state import Game
from judgekit.render.narration import narrate
from judgekit.render.narration.common import PLAIN, Names
from judgekit.render.narration.verdict import say
from judgekit.ruling.model import Ruling

# How many objects the characteristics sentence names before it counts the others.
_MAX_DESCRIBED = 4


@dataclass(frozen=True)
class Start:
    """What the verdict compares the final state with: each object's uid and zone, each player's life and
    poison, as the replay starts."""

    objects: dict[str, tuple[int, str]]
    players: dict[str, tuple[int, int]]


def start_of(game: Game) -> Start:
    """The state the verdict compares with; taken after the game is built, before any action."""
    objects = {oid: (game.ids[oid], str(game.obj(oid).zone)) for oid in game.named if oid in game.ids}
    return Start(objects, {p.name: (p.life, p.poison) for p in game.players})


@dataclass(frozen=True)
class Focus:
    """The objects and players the scenario asks about (those its ``expect`` names), or everything."""

    objects: frozenset[str] | None = None
    players: frozenset[str] | None = None

    @classmethod
    def of(cls, expect: dict[str, Any] | None) -> Focus:
        exp = expect or {}
        objects, players = exp.get("objects") or {}, exp.get("players") or {}
        if not objects and not players:
            return cls()
        return cls(frozenset(objects), frozenset(players))

    @property
    def given(self) -> bool:
        return self.objects is not None

    def has_object(self, oid: str) -> bool:
        return self.objects is None or oid in self.objects

    def has_player(self, name: str) -> bool:
        return self.players is None or name in self.players


@dataclass
class _Move:
    id: str
    name: str
    how: str              # graveyard exile hand library stack gone entered returned stays
    zone: str
    owner: str | None
    creature: bool
    token_created: bool = False
    cast: bool = False    # a permanent spell that resolved: it entered from the hand or as cast

    @property
    def significant(self) -> bool:
        """A change of zone that can answer a question (a permanent spell resolving is the normal course)."""
        return self.how != "stays" and not self.cast


def _moves(game: Game, start: Start, final: dict[str, Any]) -> list[_Move]:
    """How each object named by the scenario ended, compared with the start (every object, moved or not)."""
    out: list[_Move] = []
    for oid, o in final["objects"].items():
        zone = o["zone"]
        began = start.objects.get(oid)
        creature = "Creature" in o["types"]
        common = {"id": oid, "name": o["name"] or oid, "zone": zone, "owner": o["owner"], "creature": creature}
        spell = bool({"Instant", "Sorcery"} & set(o["types"]))
        if began is None:
            if o["token"]:
                out.append(_Move(how="gone" if zone == "gone" else "entered", token_created=True, **common))
            elif not (spell and zone == "graveyard"):
                out.append(_Move(how="entered" if zone == "battlefield" else zone, cast=zone == "battlefield",
                                 **common))
            continue
        uid, was = began
        if zone == was:
            renewed = game.ids[oid] != uid and zone == "battlefield"
            out.append(_Move(how="returned" if renewed else "stays", **common))
        elif spell and zone == "graveyard" and was == "hand":
            continue  # a spell cast from the hand that resolved, was countered or did not resolve
        elif zone == "battlefield":
            out.append(_Move(how="entered", cast=was == "hand", **common))
        else:
            out.append(_Move(how=zone, **common))
    return out


def _objects_part(moves: list[_Move], focus: Focus) -> tuple[str, dict[str, Any]] | None:
    groups: dict[tuple[str, str | None], list[Any]] = {}
    shared: dict[str, int] = {}
    for m in moves:
        if not m.token_created:
            shared[m.name] = shared.get(m.name, 0) + 1
    tokens: dict[str, dict[str, Any]] = {}
    for m in moves:
        if m.token_created:
            t = tokens.setdefault(m.name, {"name": m.name, "created": 0, "gone": 0})
            t["created"] += 1
            t["gone"] += m.how == "gone"
            continue
        if m.how == "stays" and not (focus.given and focus.has_object(m.id)):
            continue
        owner = m.owner if m.zone in ("graveyard", "hand", "library") else None
        key = (m.how if m.how != "stays" else f"stays:{m.zone}", owner)
        groups.setdefault(key, []).append([m.name, m.id] if shared.get(m.name, 0) > 1 else m.name)
    if not groups and not tokens:
        return None
    # Objects that moved come before those that stayed.
    ordered = sorted(groups.items(), key=lambda kv: kv[0][0].startswith("stays"))
    return "verdict.objects", {
        "groups": [{"how": how.split(":")[0], "zone": how.split(":")[1] if ":" in how else None, "owner": owner,
                    "names": names} for (how, owner), names in ordered],
        "tokens": list(tokens.values())}


def _player_changes(game: Game, start: Start) -> list[dict[str, Any]]:
    changes = []
    for p in (game.player(name) for name in game.seats):   # those who left the game too (2.9)
        life, poison = start.players.get(p.name, (p.life, p.poison))
        if (life, poison) == (p.life, p.poison) and not p.lost:
            continue
        changes.append({"name": p.name, "life": [life, p.life] if life != p.life else None,
                        "poison": [poison, p.poison] if poison != p.poison else None, "lost": p.lost})
        if p in game.left:
            changes[-1]["left"] = True
    return changes


def _players_part(game: Game, changes: list[dict[str, Any]]) -> tuple[str, dict[str, Any]] | None:
    if not changes:
        return None
    # Players who left the game lost; the game ends when fewer than two remain (CR 104.2a, 104.4a, 800.4a).
    losers = [p for p in game.players if p.lost]
    draw = bool(losers) and len(losers) == len(game.players)
    winners = [p.name for p in game.players if not p.lost] if (losers or game.left) and not draw else []
    if len(winners) > 1:   # several players still in the game: nobody has won yet (CR 104.2a)
        winners = []
    return "verdict.players", {"changes": changes, "draw": draw, "winners": winners}


# -- the decisive rule -----------------------------------------------------------------------------------

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÀ-Ý«])")


def _first_sentence(text: str) -> str:
    return _SENTENCE_END.split(text.strip(), maxsplit=1)[0]


# Rules of the procedure that every replay goes through (priority, casting, activating, the steps of
# resolving, the state-based actions check itself, combat damage being dealt): they never decide a question.
_PROCEDURE_PREFIXES = ("117.", "405.", "601.2", "602.2")
_PROCEDURE = frozenset({"603.3", "608.2", "608.2c", "608.2n", "704.3", "510.2"})
# Records that never answer a question: where the replay is, casting and activating, choices.
_NOT_ANSWERS = frozenset({"start", "step", "cast", "activate", "choice"})
# Records that can change a player's life or poison counters.
_PLAYER_CHANGES = frozenset({"damage", "effect", "sba", "replacement"})
# Records of those kinds that never change life or poison: drawing, milling, searching, shuffling.
_NOT_PLAYER_CHANGES = ("library.",)


def is_procedure(rule: str) -> bool:
    """A rule of the procedure every replay goes through (priority, casting, resolving...): never an answer."""
    return rule in _PROCEDURE or rule.startswith(_PROCEDURE_PREFIXES)


def _rank(rule: str) -> int:
    """How specific a rule is: chapter 7 (additional rules: keywords, state-based actions, copies), chapter 6
    (spells, abilities, effects), chapters 3-5 (card types, zones, turn structure), the others; the rules of
    the procedure last."""
    if is_procedure(rule):
        return 0
    return {"7": 4, "6": 3, "3": 2, "4": 2, "5": 2}.get(rule[:1], 1)


def _best_rule(rules: tuple[str, ...] | list[str]) -> tuple[int, str] | None:
    """The most specific rule of a record (the first of them on a tie)."""
    best: tuple[int, str] | None = None
    for r in rules:
        if best is None or _rank(r) > best[0]:
            best = (_rank(r), r)
    return best


@dataclass(frozen=True)
class _Found:
    rank: int
    rule: str
    record: Record


def _by_records(log: list[Record], focus: Focus, moved: dict[str, bool], changed: set[str],
                named: dict[str, str]) -> _Found | None:
    """The rule of the most decisive record about the question (see the module's docstring).

    A record is about an object when it lists its id, or names it (a parameter equal to its name: some
    records give names only; such a record counts as about nothing in particular, since the name may be
    another object's, the host of an Aura for instance); about a player when its ``player`` is that player
    and it is a record that can change a player (damage, an effect, a state-based action)."""
    best: tuple[tuple[int, int, int], _Found] | None = None
    for index, rec in enumerate(log):
        if rec.kind in _NOT_ANSWERS or not rec.rules:
            continue
        texts = {v for v in rec.params.values() if isinstance(v, str)}
        asked = {o for o in rec.objects if focus.has_object(o)}
        by_name = any(name in texts and focus.has_object(oid) for oid, name in named.items())
        player = rec.params.get("player")
        asked_player = (isinstance(player, str) and rec.kind in _PLAYER_CHANGES and focus.has_player(player)
                        and not rec.code.startswith(_NOT_PLAYER_CHANGES))
        if not asked and not by_name and not asked_player:
            continue
        found = _best_rule(rec.rules)
        if found is None:
            continue
        if rec.kind == "replacement":
            found = (5, found[1])  # a replaced event about the question decides it (CR 614-616)
        about = 0
        if any(moved.get(o) for o in asked):
            about = 3
        elif any(o in moved for o in asked):
            about = 2
        elif asked_player and player in changed:
            about = 1
        score = (found[0], about, index)
        if best is None or score > best[0]:
            best = (score, _Found(found[0], found[1], rec))
    return best[1] if best is not None else None


def _layer_family(rule: str) -> int:
    if rule.startswith("613.8"):
        return 5
    if rule.startswith("613.6"):
        return 4
    if not rule.startswith(("613", "611", "122")):
        return 3
    if rule.startswith("613.7"):
        return 2
    return 1


def _by_layers(game: Game, focus: Focus, names: Names) -> tuple[int, str, str] | None:
    """The decisive rule of a question about characteristics (its family, the rule, what the layer system did
    there), among the effects applied to the objects of the question and the effects that did not apply."""
    from judgekit.engine.layers import compute
    from judgekit.render.narration import layers as text
    from judgekit.render.narration import message

    result = compute(game, trace=True)
    candidates: list[tuple[tuple[int, int], str, str]] = []
    position = 0
    notes = list(zip(result.note_positions, result.notes, strict=True))
    for i, app in enumerate(result.trace):
        while notes and notes[0][0] <= i:
            note = notes.pop(0)[1]
            position += 1
            _add_layer_candidate(candidates, list(note.rules), position, message(note.code, note.params, names))
        affected = [game.objects[u] for u in app.affected]
        if not any(focus.has_object(o.id) for o in affected):
            continue
        position += 1
        effect = text.counters_text(app.counters) if app.counters else text.describe_ops_data(
            app.ops, app.layer.value, names)
        why = say("verdict.layer_why", {
            "layer": app.layer.value, "source": app.source_name if not app.counters else text.COUNTERS_SOURCE,
            "timestamp": app.timestamp, "effect": effect,
            "affected": [o.card.name for o in affected if focus.has_object(o.id)] if app.counters else [],
            "reason": text.order_text(app.order, app.removed, names) if not app.counters else ""}, names)
        _add_layer_candidate(candidates, list(app.rules), position, why)
    for _pos, note in notes:
        position += 1
        _add_layer_candidate(candidates, list(note.rules), position, message(note.code, note.params, names))
    if not candidates:
        return None
    score, rule, why = max(candidates, key=lambda c: c[0])
    return score[0], rule, why


def _add_layer_candidate(out: list[tuple[tuple[int, int], str, str]], rules: list[str], position: int,
                         why: str) -> None:
    if not rules:
        return
    family, rule = max(((_layer_family(r), r) for r in rules), key=lambda fr: fr[0])
    out.append(((family, position), rule, why))


def _loss(game: Game, names: Names) -> Decisive | None:
    """The rule that made a player lose, and the step that applies it (the first record citing it: the
    state-based action or the loop, before the end of the game that cites it again)."""
    # The loss that ended the game first (players still in it), then those of players who left it (2.9).
    rules = [p.loss_rule for p in [*game.players, *game.left] if p.lost and p.loss_rule]
    if not rules:
        return None
    rule = rules[0]
    for rec in game.log:
        if rule in rec.rules:
            return Decisive(rule, _first_sentence(narrate(rec, names)), "loss")
    return Decisive(rule, "", "loss")


@dataclass(frozen=True)
class Decisive:
    """The decisive rule, the sentence of the ruling that applies it, and what decided (``error``, ``loss``,
    ``layers``, ``records``)."""

    rule: str
    why: str
    by: str


def decisive_rule(game: Game, start: Start, ruling: Ruling, focus: Focus, names: Names = PLAIN) -> Decisive:
    """The decisive rule of the replay and the sentence of the ruling that applies it (see the module's
    docstring for how it is chosen)."""
    if ruling.error is not None:
        return Decisive(str(ruling.error.get("rule") or ""), "", "error")
    lost = _loss(game, names)
    if lost is not None:
        return lost
    final = ruling.final or {"objects": {}}
    moves = _moves(game, start, final)
    moved = {m.id: m.creature for m in moves if m.significant}
    changed = {c["name"] for c in _player_changes(game, start)}
    named = {oid: o["name"] or oid for oid, o in final["objects"].items()}
    found = (_by_records(game.log, focus, moved, changed, named)
             or _by_records(game.log, Focus(), moved, changed, named))
    if not any(focus.has_object(o) for o in moved) and not any(focus.has_player(p) for p in changed):
        by_layers = _by_layers(game, focus, names)
        if by_layers is not None and not (found is not None and (found.rank == 5 or found.rank == 4
                                                                   and by_layers[0] <= 2)):
            return Decisive(by_layers[1], by_layers[2], "layers")
    if found is not None:
        return Decisive(found.rule, _first_sentence(narrate(found.record, names)), "records")
    by_layers = _by_layers(game, Focus(), names)
    if by_layers is not None:
        return Decisive(by_layers[1], by_layers[2], "layers")
    for rec in reversed(game.log):
        if rec.rules:
            return Decisive(rec.rules[0], "", "records")
    return Decisive("", "", "records")


def verdict_parts(game: Game, start: Start, ruling: Ruling, focus: Focus, names: Names = PLAIN,
                  decisive: Decisive | None = None) -> list[tuple[str, dict[str, Any]]]:
    """The verdict as data: ``(code, params)`` for each sentence (texts in render/narration/verdict.py);
    ``decisive`` when the caller already has it."""
    parts: list[tuple[str, dict[str, Any]]] = []
    if decisive is None:
        decisive = decisive_rule(game, start, ruling, focus, names)
    rule_part = ("verdict.rule", {"rule": decisive.rule, "why": decisive.why})
    if ruling.error is not None:
        parts.append(("verdict.error", {"message": ruling.error.get("message") or ""}))
        return [*parts, rule_part] if decisive.rule else parts
    final = ruling.final or {"objects": {}}
    moves = _moves(game, start, final)
    changes = _player_changes(game, start)
    replaced = decisive.by == "records" and any(r.kind == "replacement" for r in game.log)
    described = _described(final, ruling, focus) if decisive.by == "layers" or replaced else []
    objects = _objects_part(moves, focus)
    if described and not any(m.significant for m in moves):
        shown = described[:_MAX_DESCRIBED]
        parts.append(("verdict.characteristics", {"objects": shown, "more": len(described) - len(shown),
                                                  "still": all(m.how == "stays" for m in moves)}))
    elif objects is not None:
        parts.append(objects)
    else:
        parts.append(("verdict.no_move", {}))
    players = _players_part(game, changes)
    if players is not None:
        parts.append(players)
    if decisive.rule:
        parts.append(rule_part)
    return parts


def _described(final: dict[str, Any], ruling: Ruling, focus: Focus) -> list[dict[str, Any]]:
    """The final entries of the objects the layer system changed, those of the question first."""
    ids = [t.id for t in ruling.layers if t.id in final["objects"]]
    asked = [i for i in ids if focus.given and focus.has_object(i)]
    chosen = asked or ids
    count: dict[str, int] = {}
    for o in final["objects"].values():
        count[o["name"]] = count.get(o["name"], 0) + 1
    # Objects with the same name are told apart by their id.
    return [{**final["objects"][i], "label": [final["objects"][i]["name"], i]} if count[final["objects"][i]["name"]] > 1
            else final["objects"][i] for i in chosen]


def build_verdict(game: Game, start: Start, ruling: Ruling, focus: Focus, names: Names = PLAIN,
                  decisive: Decisive | None = None) -> str:
    """The verdict: its sentences joined (SCENARIO-FORMAT.md 2.10)."""
    return " ".join(s for s in (say(code, params, names) for code, params in
                                verdict_parts(game, start, ruling, focus, names, decisive)) if s)
