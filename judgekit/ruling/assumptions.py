"""The assumptions of a ruling (SCENARIO-FORMAT.md 2.10): every default the replay took where the scenario gave
no choice and a player really had one.

The chooser lists the requests it answered with their default (``Chooser.defaults()``). A request is an
assumption only when the player could have decided otherwise: a target among two or more legal ones, a "may"
ability (always), the order of triggers from different sources, the legend rule, a discard or a sacrifice among
more cards or permanents than needed, the order of effects from different sources, a choice of modes, X or a
division that could differ. Each becomes an :class:`Assumption`: an Italian text (from
:mod:`judgekit.render.narration.assumptions`, keyed by request class), the rules, the ``choices`` key that would
set it, and a ``choices:`` line (flow YAML the loader accepts) that would change it. Identical assumptions of one
source (the same default for every trigger of Blood Artist) are one entry.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from judgekit.engine import choices as req
from judgekit.engine.state import Game, Ref
from judgekit.render.narration.assumptions import assumption_text
from judgekit.render.narration.common import PLAIN, Names


@dataclass
class Assumption:
    """One entry of ``assumptions``: ``text`` (Italian), ``rules``, ``key`` (the ``choices`` key that sets it)
    and ``choices``, a line that would change it (``choices: {blood-artist: Bruno}``)."""

    text: str
    rules: list[str]
    key: str
    choices: str

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "rules": list(self.rules), "key": self.key, "choices": self.choices}


@dataclass
class _Draft:
    """An assumption before its text: the request class name, its key, parameters for the text, rules, and the
    ``choices`` mapping that would change it."""

    kind: str
    key: str
    params: dict[str, Any]
    rules: list[str]
    change: dict[str, Any]
    count: int = 1               # identical drafts (the same default for several triggers) are one entry
    line: str | None = None      # the line that changes it, when it is not a ``choices:`` line


def collect(game: Game, choices: Mapping[str, Any] | None = None, names: Names = PLAIN) -> list[Assumption]:
    """The assumptions of a replayed game, in the order the decisions were made."""
    written = dict(choices or {})
    drafts: list[_Draft] = []
    for request, value in game.chooser.defaults():
        if getattr(request, "additional", False):
            continue  # a further target that may be left out: leaving it out is not a decision taken for them
        build = _BUILDERS.get(type(request).__name__)
        draft = build(_Context(game, written), request, value) if build is not None else None
        if draft is None:
            continue
        action = getattr(request, "action", ())
        if action:
            draft = _announced(draft, str(getattr(request, "source", "")), action)
        same = next((d for d in drafts if (d.kind, d.key, d.params, d.change)
                     == (draft.kind, draft.key, draft.params, draft.change)), None)
        if same is not None:
            same.count += 1
        else:
            drafts.append(draft)
    out = []
    for d in drafts:
        text = assumption_text(d.kind, {**d.params, "count": d.count}, names)
        line = d.line if d.line is not None else "choices: " + flow(d.change)
        out.append(Assumption(text, d.rules, d.key, line))
    return out


def _announced(draft: _Draft, source: str, action: tuple[str | int, ...]) -> _Draft:
    """A choice announced by a ``cast`` or ``activate`` action (modes, X, division) is written in that action, not
    in ``choices`` (SCENARIO-FORMAT.md 2.2): the key is the action's path (``actions[2].cast``) and the line shows
    the key to add to it (``cast: {..., x: 1}``)."""
    answer = draft.change.get(source, draft.change)
    keys = answer if isinstance(answer, Mapping) else {"targets": [answer]}
    path = "".join(f"[{p}]" if isinstance(p, int) else (f".{p}" if i else str(p)) for i, p in enumerate(action))
    inner = flow(dict(keys))[1:-1]
    draft.key = path
    draft.line = f"{action[-1]}: {{..., {inner}}}"
    return draft


# ------------------------------------------------------------------------------------------------------
# Flow YAML


_PLAIN = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_#.\-]*$")


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if _PLAIN.match(text):
        import yaml

        if yaml.safe_load(text) == text:
            return text
    return json.dumps(text, ensure_ascii=False)


def flow(value: Any) -> str:
    """``value`` as one line of flow-style YAML (``{blood-artist: Bruno}``); strings are quoted when plain YAML
    would read them as something else (``"yes"``, ``"12"``, a name with spaces)."""
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_scalar(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return _scalar(value)


# ------------------------------------------------------------------------------------------------------
# From a request to a draft


class _Context:
    def __init__(self, game: Game, written: dict[str, Any]) -> None:
        self.game = game
        self.written = written

    def ref_id(self, ref: Ref) -> str:
        """How a file names a target: an object's id or a player's name."""
        if isinstance(ref, int):
            return self.game.objects[ref].id
        return str(ref)

    def ref_name(self, ref: Ref) -> str:
        if isinstance(ref, int):
            return self.game.objects[ref].card.name
        if ref in self.game.ids:
            return self.game.obj(ref).card.name
        return str(ref)

    def source_name(self, source: str) -> str:
        return self.game.obj(source).card.name if source in self.game.ids else source

    # -- the choices line ------------------------------------------------------------------------------
    def source_change(self, request: Any, change: dict[str, Any]) -> dict[str, Any]:
        """The ``choices`` mapping that gives ``change`` to this decision of ``request.source``, keeping what the
        file already wrote for that source: one ANSWER for every decision when the file wrote none or one, else
        the list with this decision's answer changed (or added)."""
        source = request.source
        existing = self.written.get(source)
        if existing is None:
            return {source: _simplify(change)}
        if not isinstance(existing, list):
            return {source: _merge(existing, change)}
        position = getattr(self.game.chooser, "position", None)
        at = position(source, request.group) if position is not None else None
        items = list(existing)
        if at is None:
            at = len(items)
        while len(items) <= at:
            items.append({})
        items[at] = _merge(items[at], change)
        return {source: items}

    def reserved_list(self, key: str, add: list[str]) -> dict[str, Any]:
        kept = [str(i) for i in self.written.get(key) or [] if str(i) not in add]
        return {key: [*kept, *add]}

    def player_lists(self, key: str, player: str, ids: list[str]) -> dict[str, Any]:
        lists = {str(p): [str(i) for i in v] for p, v in dict(self.written.get(key) or {}).items()}
        lists[player] = [*[i for i in lists.get(player, []) if i not in ids], *ids]
        return {key: lists}


def _simplify(answer: dict[str, Any]) -> Any:
    """``{targets: [x]}`` (or ``{choose: x}``) alone is the bare value ``x``."""
    if len(answer) == 1:
        (key, value), = answer.items()
        if key == "targets" and isinstance(value, list) and len(value) == 1:
            return value[0]
        if key == "choose":
            return value
    return answer


def _merge(raw: Any, change: dict[str, Any]) -> Any:
    """An ANSWER written in the file with the keys of ``change`` replaced."""
    if isinstance(raw, Mapping):
        base = dict(raw)
    elif raw is None or "targets" in change or "choose" in change:
        base = {}
    else:
        base = {"targets": [raw]}       # a bare value given for a target, kept beside the new key
    base.update(change)
    return _simplify(base)


Builder = Callable[[_Context, Any, Any], "_Draft | None"]


def _trigger_target(ctx: _Context, r: req.TriggerTarget, value: Any) -> _Draft | None:
    if value is None or len(r.candidates) < 2:
        return None
    alt = next(c for c in r.candidates if c != value)
    change = ctx.source_change(r, {"targets": [ctx.ref_id(alt)]})
    return _Draft("TriggerTarget", r.source, {
        "source": ctx.source_name(r.source), "controller": r.controller, "target": ctx.ref_name(value),
        "target_is_player": isinstance(value, str), "own": value == r.controller, "alternative": ctx.ref_name(alt),
        "candidates": len(r.candidates)}, ["603.3d"], change)


def _choose_refs(ctx: _Context, r: req.ChooseRefs, value: Any) -> _Draft | None:
    """Proliferating onto every permanent and player with counters (CR 701.34a), or keeping the targets of a copy
    (707.10c): a real choice when another set could be chosen."""
    chosen = list(value or ())
    if r.purpose == "proliferate":
        if not chosen:
            return None
        alt = [ctx.ref_id(c) for c in chosen[:-1]]
        rules = ["701.34a"]
    else:
        others = [c for c in r.candidates if c not in chosen]
        if not chosen or not others:
            return None
        alt = [ctx.ref_id(others[0]), *[ctx.ref_id(c) for c in chosen[1:]]]
        rules = ["707.10c"]
    return _Draft("ChooseRefs", r.source, {
        "source": ctx.source_name(r.source), "controller": r.controller, "purpose": r.purpose,
        "chosen": [ctx.ref_name(c) for c in chosen]}, rules, ctx.source_change(r, {"targets": alt}))


def _use_optional(ctx: _Context, r: req.UseOptional, value: Any) -> _Draft | None:
    change = ctx.source_change(r, {"use": not bool(value)})
    replacement = r.kind == "replacement"
    return _Draft("UseOptional", r.source, {"source": ctx.source_name(r.source), "controller": r.controller,
                                            "used": bool(value), "replacement": replacement},
                  ["614.1c" if replacement else "603.5"], change)


def _choose_modes(ctx: _Context, r: req.ChooseModes, value: Any) -> _Draft | None:
    chosen = list(value or ())
    if len(r.available) <= r.minimum:
        return None
    spare = [m for m in r.available if m not in chosen]
    alt = [*chosen[:-1], spare[0]] if chosen else [spare[0]]
    change = ctx.source_change(r, {"modes": alt})
    return _Draft("ChooseModes", r.source, {"source": ctx.source_name(r.source), "controller": r.controller,
                                            "modes": chosen, "minimum": r.minimum, "maximum": r.maximum},
                  ["700.2"], change)


def _choose_x(ctx: _Context, r: req.ChooseX, value: Any) -> _Draft | None:
    x = int(value or 0)
    change = ctx.source_change(r, {"x": 1 if x == 0 else 0})
    return _Draft("ChooseX", r.source, {"source": ctx.source_name(r.source), "controller": r.controller, "x": x},
                  ["107.3", "601.2b"], change)


def _divide_amount(ctx: _Context, r: req.DivideAmount, value: Any) -> _Draft | None:
    parts = [(ctx.ref_id(t), int(n)) for t, n in value or ()]
    if len(parts) < 2 or r.amount <= len(parts):
        return None
    give = next(i for i, (_t, n) in enumerate(parts) if n > 1)
    take = len(parts) - 1 if give != len(parts) - 1 else 0
    alt = {t: n - (i == give) + (i == take) for i, (t, n) in enumerate(parts)}
    change = ctx.source_change(r, {"divide": alt})
    names = {ctx.ref_id(t): ctx.ref_name(t) for t, _n in value}
    return _Draft("DivideAmount", r.source, {"source": ctx.source_name(r.source), "controller": r.controller,
                                             "amount": r.amount, "parts": [[names[t], n] for t, n in parts]},
                  ["601.2d"], change)


def _choose_value(ctx: _Context, r: req.ChooseValue, value: Any) -> _Draft | None:
    if value is None or len(r.candidates) < 2:
        return None
    alt = next(c for c in r.candidates if c != value)
    change = ctx.source_change(r, {"choose": ctx.ref_id(alt)})
    # A colour or a type chosen as it enters is a game term (said in Italian by the narration), not an object.
    term = isinstance(value, str) and value not in ctx.game.ids and not ctx.game.is_player(value)
    return _Draft("ChooseValue", r.source, {"source": ctx.source_name(r.source), "controller": r.controller,
                                            "value": ctx.ref_name(value), "alternative": ctx.ref_name(alt),
                                            "term": term, "copy": r.rule == "614.1c" and not term},
                  [r.rule], change)


def _trigger_order(ctx: _Context, r: req.TriggerOrder, value: Any) -> _Draft | None:
    order = list(dict.fromkeys(value or ()))
    if len(order) < 2:
        return None
    return _Draft("TriggerOrder", "apnap_order", {"player": r.player, "sources": [ctx.source_name(s) for s in order]},
                  ["603.3b"], ctx.player_lists("apnap_order", r.player, list(reversed(order))))


def _legend_rule(ctx: _Context, r: req.LegendRule, value: Any) -> _Draft | None:
    alt = next(c for c in r.candidates if c != value)
    return _Draft("LegendRule", "legend_rule", {
        "player": r.player, "name": r.name, "kept": str(value), "others": [c for c in r.candidates if c != value],
        "alternative": alt}, ["704.5j"], ctx.reserved_list("legend_rule", [alt]))


def _pick(ctx: _Context, key: str, r: req.Discard | req.Sacrifice, value: Any, rules: list[str]) -> _Draft | None:
    if len(r.candidates) <= r.count:
        return None
    chosen = [str(i) for i in value or ()]
    alt = list(reversed(r.candidates))[: r.count]
    if sorted(alt) == sorted(chosen):
        alt = [c for c in r.candidates if c not in chosen][: r.count]
    return _Draft(type(r).__name__, key, {
        "player": r.player, "number": r.count, "chosen": [ctx.source_name(i) for i in chosen],
        "candidates": [ctx.source_name(i) for i in r.candidates]}, rules, ctx.player_lists(key, r.player, alt))


def _discard(ctx: _Context, r: req.Discard, value: Any) -> _Draft | None:
    return _pick(ctx, "discard", r, value, [r.rule])


def _sacrifice(ctx: _Context, r: req.Sacrifice, value: Any) -> _Draft | None:
    return _pick(ctx, "sacrifice", r, value, ["701.21a"])


def _replacement_order(ctx: _Context, r: req.ReplacementOrder, value: Any) -> _Draft | None:
    if len(set(r.sources)) < 2 or not r.differs:
        return None
    applied = r.sources[int(value or 0)]
    alt = next(s for s in r.sources if s != applied)
    return _Draft("ReplacementOrder", "replacement_order", {
        "player": r.player, "applied": ctx.source_name(applied),
        "others": [ctx.source_name(s) for s in dict.fromkeys(r.sources) if s != applied]},
        ["616.1", "616.1e"], ctx.reserved_list("replacement_order", [alt]))


def _damage_division(ctx: _Context, r: req.DamageDivision, value: Any) -> _Draft | None:
    """The default division of combat damage among several recipients (CR 510.1c-d). It is written in an
    ``assign_damage`` action, not in ``choices``: the line shows that action with another legal division (one
    point moved from the last recipient dealt damage to another creature)."""
    parts = [(ctx.ref_id(t), int(n)) for t, n in value or ()]
    given = dict(parts)
    order = [ctx.ref_id(t) for t in r.recipients]
    if len(order) < 2 or r.power < 1:
        return None
    dealt = [t for t in order if given.get(t, 0) > 0]
    if not dealt:
        return None
    donor = dealt[-1]
    creatures = [ctx.ref_id(t) for t in r.recipients if isinstance(t, int)]
    receiver = next((t for t in creatures if t != donor), None)
    if receiver is None:
        return None
    alt = {t: given.get(t, 0) - (t == donor) + (t == receiver) for t in order}
    alt = {t: n for t, n in alt.items() if n > 0}
    draft = _Draft("DamageDivision", "assign_damage", {
        "source": ctx.source_name(r.source), "controller": r.controller, "power": r.power,
        "parts": [[ctx.ref_name(t), n] for t, n in value or () if n > 0]}, ["510.1c", "510.1d"], {})
    draft.line = "assign_damage: " + flow({r.source: alt})
    return draft


def _search_cards(ctx: _Context, r: req.SearchCards, value: Any) -> _Draft | None:
    """The cards a search found by default (the first matching ones from the top): a choice only when the search
    could find others (SCENARIO-FORMAT.md 2.6)."""
    if len(r.candidates) <= r.count:
        return None
    chosen = [str(v) for v in value or ()]
    alt = [c for c in reversed(r.candidates) if c not in chosen][: max(r.count, 1)]
    change = ctx.source_change(r, {"choose": alt[0] if len(alt) == 1 else alt})
    return _Draft("SearchCards", r.source, {
        "source": ctx.source_name(r.source), "controller": r.controller, "chosen": [ctx.ref_name(c) for c in chosen],
        "candidates": len(r.candidates)}, ["701.23a"], change)


def _shuffle_order(ctx: _Context, r: req.ShuffleOrder, value: Any) -> _Draft | None:
    """A shuffle without ``choices.shuffle``: the stand-in order left the library as it was (2.6)."""
    example = r.cards[-1] if r.cards else f"library-{r.player}-1"
    return _Draft("ShuffleOrder", "shuffle", {"player": r.player}, ["701.24a"],
                  ctx.player_lists("shuffle", r.player, [example]))


def unknown_cards(game: Game, names: Names = PLAIN) -> list[Assumption]:
    """One assumption for each value the replay read from an unknown library card (SCENARIO-FORMAT.md 2.6, key
    ``library``): the card has no characteristics, so the value is 0 or none; writing the card in the library
    changes it."""
    from judgekit.render.narration.assumptions import unknown_card_text

    out: list[Assumption] = []
    for rec in game.log:
        if rec.code != "library.unknown_value":
            continue
        card = str(rec.params.get("card"))
        player = card[len("library-"):].rpartition("-")[0]
        line = "library: " + flow({player: ["CARTA", "..."]})
        found = Assumption(unknown_card_text(rec.params, names), list(rec.rules), "library", line)
        if all(a.text != found.text for a in out):
            out.append(found)
    return out


# Every request class a ``choices`` key can answer, and the combat damage division, which is written in an
# ``assign_damage`` action instead (the line that changes it is that action).
_BUILDERS: dict[str, Builder] = {
    "TriggerTarget": _trigger_target, "UseOptional": _use_optional, "ChooseModes": _choose_modes,
    "ChooseX": _choose_x, "DivideAmount": _divide_amount, "ChooseValue": _choose_value,
    "TriggerOrder": _trigger_order, "LegendRule": _legend_rule, "Discard": _discard, "Sacrifice": _sacrifice,
    "ReplacementOrder": _replacement_order, "DamageDivision": _damage_division, "ChooseRefs": _choose_refs,
    "SearchCards": _search_cards, "ShuffleOrder": _shuffle_order,
}

# The request classes that are not assumptions even when they take their default (see above).
NOT_CHOICES: tuple[str, ...] = ()

__all__ = ["NOT_CHOICES", "Assumption", "collect", "flow", "unknown_cards"]


def imported_cards(objects: Mapping[str, Mapping[str, Any]]) -> list[Assumption]:
    """One assumption per card of the imported database whose Oracle text is not all modelled (the objects of
    the loaded scenario carry ``card_unmodelled``; see :mod:`judgekit.scenario.imported`). The line that changes
    it describes the card in the scenario instead."""
    from judgekit.render.narration.assumptions import imported_card_text
    from judgekit.scenario.cards import yaml_scalar

    out: list[Assumption] = []
    seen: set[str] = set()
    for obj in objects.values():
        lines = obj.get("card_unmodelled")
        name = str(obj.get("card") or obj.get("name") or "")
        if not lines or name in seen:
            continue
        seen.add(name)
        fields = [f"name: {yaml_scalar(str(obj.get('name') or name))}"]
        for key in ("types", "supertypes", "subtypes", "mana_cost", "power", "toughness", "keywords"):
            value = obj.get(key)
            if value in (None, [], ""):
                continue
            if isinstance(value, list):
                fields.append(f"{key}: [{', '.join(yaml_scalar(str(v)) for v in value)}]")
            elif isinstance(value, str):
                fields.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
            else:
                fields.append(f"{key}: {value}")
        line = "{" + ", ".join(fields) + ", abilities: [...]}"
        out.append(Assumption(imported_card_text(name, list(lines)), [], f"card:{name}", line))
    return out
