"""The layer system (CR 613): every characteristic of every object, computed from scratch.

:func:`compute` starts from each object's copiable values (its card, CR 707.2) and applies the continuous
effects layer by layer (CR 613.1, sublayers 1a/1b and 7a-7d of CR 613.2 and 613.4; counters in 7c,
switching in 7d). Within a layer (CR 613.7, 613.8):

- effects from characteristic-defining abilities come first (CR 613.3);
- an effect that *depends on* another is applied after it (CR 613.8a). Dependency is decided by trial
  application: B depends on A when applying A to the current state would change whether B exists, what B
  applies to, or what B does to what it applies to (both in the same layer, neither or both CDAs);
- otherwise timestamp order (CR 613.7); effects in a dependency loop go in timestamp order (CR 613.8b);
- dependencies are re-evaluated after each effect is applied (CR 613.8c).

An effect that has started to apply keeps applying to the same objects in later layers, even if the ability
that generates it is removed (CR 613.6). A static ability's affected set is evaluated anew at every
computation (CR 611.3a); a resolved spell's set is fixed (CR 611.2c, held in ``ContinuousEffect.affected``).
Setting a land's subtype removes the abilities from its text and old land types and grants the new intrinsic
mana abilities (CR 305.7, 305.6). A subtype that doesn't correspond to one of the object's types can't be
gained (CR 205.3d).
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Iterable
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from judgekit.engine.operations import OP_LAYER, TABLE
from judgekit.engine.selectors import SelectorContext, reads, select, zones
from judgekit.engine.specdata import ability_data, op_param_data
from judgekit.engine.specs import AbilitySpec, Condition, Filter, Ops, Selector
from judgekit.engine.state import Ability, Chars, Computed, ContinuousEffect, Game, GameObject
from judgekit.engine.values import SIGNED_OPS, ValueContext, evaluate, mana_value, value_reads
from judgekit.engine.vocab import BASIC_LAND_MANA, CREATURE_TYPES, LAYER_ORDER, Layer, Zone, subtype_allowed

PT_COUNTER_RE_CACHE: dict[str, tuple[int, int] | None] = {}
# The intrinsic mana ability of each basic land type (CR 305.6).
_LAND_MANA = {t: AbilitySpec("mana", mana=(m,)) for t, m in BASIC_LAND_MANA.items()}


def pt_counter(kind: str) -> tuple[int, int] | None:
    """``+1/+1`` -> (1, 1); ``-1/-1`` -> (-1, -1); other kinds -> None (CR 122.1a)."""
    if kind in PT_COUNTER_RE_CACHE:
        return PT_COUNTER_RE_CACHE[kind]
    result: tuple[int, int] | None = None
    parts = kind.split("/")
    if len(parts) == 2:
        try:
            if parts[0][:1] in "+-" and parts[1][:1] in "+-":
                result = (int(parts[0]), int(parts[1]))
        except ValueError:
            result = None
    PT_COUNTER_RE_CACHE[kind] = result
    return result


class Work(Chars):
    """The working characteristics of one object while the layers are applied (a mutable :class:`Chars`
    that also knows its object, controller and zone)."""

    def __init__(self, obj: GameObject, c: Chars, controller: str | None) -> None:
        self.__dict__.update(c.__dict__)
        self.uid = obj.uid
        self.id = obj.id
        self.obj = obj
        self.controller = controller
        self.zone = obj.zone
        self.token = obj.token

    @property
    def c(self) -> Work:
        return self

    def clone(self) -> Work:
        return Work(self.obj, Chars.clone(self), self.controller)


@dataclass
class LEffect:
    """A continuous effect as the layer system sees it (from ``game.effects`` or a static ability)."""

    key: str
    ops: Ops
    timestamp: int
    order: tuple[int, int, int]
    source_uid: int | None
    source_name: str
    controller: str | None
    fixed: list[int] | None = None
    selector: Selector | None = None
    condition: Condition | None = None
    cda: bool = False
    ability_key: str | None = None
    targets: list[Any] = field(default_factory=list)
    trigger_object: int | None = None
    reads: set[str] = field(default_factory=set)
    # Entering as a copy: the copiable values of the original as it entered (CR 707.2).
    copy_values: Chars | None = None

    @property
    def static(self) -> bool:
        return self.ability_key is not None

    def ops_in(self, layer: Layer) -> list[str]:
        return [op for op in self.ops if OP_LAYER.get(op) == layer]

    def layers(self) -> list[Layer]:
        return sorted({OP_LAYER[op] for op in self.ops if op in OP_LAYER}, key=lambda la: la.order)


@dataclass
class Application:
    """One effect applied in one layer: the row of a layer table, as data.

    ``ops`` are the effect's operations of the layer (see :func:`ops_data`); ``counters`` the P/T counters
    applied in layer 7c (CR 613.4c) when the row is not an effect's (``key`` ``counters:<uid>``, no source);
    ``results`` the relevant characteristics of each affected object after the layer (see
    :func:`result_data`); ``order`` why the effect applies at this point (``code`` and its facts: ``cda``,
    ``loop``, ``before_dependents``, ``before_waiting``, ``timestamp``, ``last``, ``only``, ``counters``;
    ``effects`` lists the others involved as ``{"source", "timestamp"}``); ``removed`` says the ability that
    generates it has been removed but the effect keeps applying (CR 613.6)."""

    layer: Layer
    key: str
    source_name: str
    timestamp: int
    ops: dict[str, Any]
    affected: list[int]
    results: dict[int, dict[str, Any]]
    order: dict[str, Any]
    rules: list[str]
    counters: list[tuple[str, int]] = field(default_factory=list)
    removed: bool = False


@dataclass
class LayerNote:
    """An effect that does not apply, as data: ``code`` (``layers.ability_gone``, ``layers.condition_unmet``),
    ``params`` (``source``, ``layer``) and the rules."""

    code: str
    params: dict[str, Any]
    rules: list[str]


@dataclass
class LayerResult:
    """The computed characteristics of every object, and (optionally) how they were obtained."""

    views: dict[int, Work]
    computed: dict[int, Computed]
    trace: list[Application] = field(default_factory=list)
    notes: list[LayerNote] = field(default_factory=list)
    # Where each note belongs: the number of trace entries recorded before it.
    note_positions: list[int] = field(default_factory=list)
    _shared_names: set[str] | None = field(default=None, repr=False)

    def shared_names(self) -> set[str]:
        """Names borne by two or more permanents (computed once per result)."""
        if self._shared_names is None:
            seen: set[str] = set()
            shared: set[str] = set()
            for c in self.computed.values():
                if c.zone == Zone.BATTLEFIELD:
                    (shared if c.name in seen else seen).add(c.name)
            self._shared_names = shared
        return self._shared_names


# ------------------------------------------------------------------------------------------------------
# Building the effects


def _effect_from_game(e: ContinuousEffect) -> LEffect:
    le = LEffect(key=f"e{e.uid}", ops=e.ops, timestamp=e.timestamp, order=(e.timestamp, *e.order),
                 source_uid=e.source_uid, source_name=e.source_name, controller=e.controller,
                 fixed=list(e.affected) if e.affected is not None else None, selector=e.selector,
                 condition=e.condition, cda=e.cda, targets=list(e.targets), trigger_object=e.trigger_object,
                 copy_values=e.copy_values)
    le.reads = _effect_reads(le)
    return le


def _effect_from_static(w: Work, ab: Ability) -> LEffect:
    static = ab.spec.static
    assert static is not None
    ops = static.ops
    if w.obj.chosen is not None and any(isinstance(p, tuple) and "chosen" in p for p in ops.values()):
        # ``chosen``: the value the source chose as it entered (SCENARIO-FORMAT.md 2.4).
        ops = MappingProxyType({k: tuple(w.obj.chosen if v == "chosen" else v for v in p) if isinstance(p, tuple)
                                else p for k, p in ops.items()})
    ts = w.obj.timestamp if ab.grant_ts is None else max(w.obj.timestamp, ab.grant_ts)
    le = LEffect(key=f"s{w.uid}:{ab.key}", ops=ops, timestamp=ts, order=(ts, 0, w.obj.seq),
                 source_uid=w.uid, source_name=w.c.name, controller=None, selector=static.affects,
                 condition=static.condition, cda="cda" in ops, ability_key=ab.key)
    le.reads = _effect_reads(le)
    return le


def _effect_reads(le: LEffect, layer: Layer | None = None) -> set[str]:
    """What decides the effect's existence and affected set (``set:`` tokens) and what its operations of
    ``layer`` (all layers when None) do. Tokens are ``attribute:value`` or ``attribute``."""
    out: set[str] = set()
    if le.fixed is None:
        out |= {f"set:{r}" for r in reads(le.selector)}
    if le.condition:
        out |= {f"set:{r}" for r in value_reads(le.condition)}
    for op, param in le.ops.items():
        if layer is not None and OP_LAYER.get(op) != layer:
            continue
        entry = TABLE.get(op)
        if entry is not None:
            out |= entry.reads(param)
    if le.static:
        out |= {"set:abilities", "set:text"}
        if _uses_you(le):
            out.add("set:controller")
    return out


def _effect_writes(le: LEffect, layer: Layer) -> set[str]:
    """What applying the effect's operations of ``layer`` can change, as tokens (``*`` is anything)."""
    out: set[str] = set()
    for op in le.ops_in(layer):
        out |= TABLE[op].writes(le.ops[op])
    return out


def _hits(writes: set[str], wanted: set[str]) -> bool:
    """Whether some written token can change some read token (same attribute, same value or a wildcard)."""
    if "*" in writes or "*copy" in wanted:
        return True
    for w in writes:
        attr, _, value = w.partition(":")
        for r in wanted:
            rattr, _, rvalue = r.partition(":")
            if attr == rattr and (not value or not rvalue or value == "*" or rvalue == "*" or value == rvalue):
                return True
    return False


def _battlefield_only(selector: Filter) -> bool:
    """Whether a filter picks only permanents (so the battlefield type index can serve it)."""
    where = zones(selector)
    return where is not None and where <= {Zone.BATTLEFIELD.value}


def _uses_you(le: LEffect) -> bool:
    text = repr(le.selector) + repr(le.condition) + repr(le.ops.get("control"))
    return "'you'" in text or "'opponent'" in text or le.ops.get("control") == "you"


# ------------------------------------------------------------------------------------------------------
# The computation


class _Run:
    def __init__(self, game: Game, trace: bool) -> None:
        self.game = game
        self.trace_on = trace
        self.trace: list[Application] = []
        self.notes: list[LayerNote] = []
        self.note_positions: list[int] = []
        self.started: dict[str, list[int]] = {}
        self.started_effects: dict[str, LEffect] = {}
        self.dead: set[str] = set()
        self.players = tuple(p.name for p in game.players)
        self.W: dict[int, Work] = {}
        self.frozen: dict[tuple[Any, ...], int] = {}
        self.version = 0
        self.members_cache: dict[str, tuple[int, list[int]]] = {}
        self.type_index: dict[str, list[int]] | None = None

    # -- contexts ---------------------------------------------------------------------------------------
    def you(self, le: LEffect, W: dict[int, Work]) -> str | None:
        if le.controller is not None:
            return le.controller
        src = W.get(le.source_uid) if le.source_uid is not None else None
        if src is not None:
            return src.controller or src.obj.owner
        return None

    def sel_ctx(self, le: LEffect, W: dict[int, Work]) -> SelectorContext:
        src = self.game.objects.get(le.source_uid) if le.source_uid is not None else None
        return SelectorContext(you=self.you(le, W), source=le.source_uid,
                               chosen=src.chosen if src is not None else None,
                               attached_to=src.attached_to if src is not None else None,
                               ids=self.game.ids, players=self.players)

    def vctx(self, le: LEffect, W: dict[int, Work], affected: Work | None) -> ValueContext:
        return ValueContext(self.game, W, self.sel_ctx(le, W), affected, le.targets, le.trigger_object)

    # -- existence and affected sets --------------------------------------------------------------------
    def exists(self, le: LEffect, W: dict[int, Work]) -> bool:
        """Whether a static ability is still there to generate the effect (never false once started)."""
        if not le.static or le.key in self.started:
            return True
        src = W.get(le.source_uid) if le.source_uid is not None else None
        if src is None:
            return False
        if src.zone != Zone.BATTLEFIELD and not le.cda:
            return False
        return any(ab.kind == "static" and ab.key == le.ability_key for ab in src.c.abilities)

    def condition_holds(self, le: LEffect, W: dict[int, Work]) -> bool:
        cond = le.condition
        if not cond:
            return True
        n = evaluate(cond.value, self.vctx(le, W, None))
        if cond.at_least is not None and n < cond.at_least:
            return False
        if cond.at_most is not None and n > cond.at_most:
            return False
        return not (cond.equals is not None and n != cond.equals)

    def members(self, le: LEffect, W: dict[int, Work], only: set[int] | None = None) -> list[int]:
        """What the effect applies to now (its locked set once it has started, CR 613.6)."""
        if le.key in self.started:
            got = self.started[le.key]
            return [u for u in got if u in W and (only is None or u in only)]
        if le.fixed is not None:
            return [u for u in le.fixed if u in W and W[u].obj.current and (only is None or u in only)]
        ctx = self.sel_ctx(le, W)
        if le.cda:
            return [le.source_uid] if le.source_uid in W and (only is None or le.source_uid in only) else []
        views: Iterable[Work]
        if only is not None:
            views = (W[u] for u in only if u in W)
        elif W is self.W and self.type_index is not None and isinstance(le.selector, Filter) \
                and le.selector.types and _battlefield_only(le.selector):
            # After layer 4 card types no longer change: look only at permanents of the rarest wanted type.
            buckets = [self.type_index.get(t, []) for t in le.selector.types]
            views = (W[u] for u in min(buckets, key=len))
        else:
            views = W.values()
        return select(le.selector, views, ctx)

    # -- what an effect does ----------------------------------------------------------------------------
    def does(self, le: LEffect, layer: Layer, w: Work, W: dict[int, Work]) -> list[Any]:
        out: list[Any] = []
        for op in le.ops_in(layer):
            out += TABLE[op].does(self, le, le.ops[op], w, W)
        return out

    def footprint(self, le: LEffect, layer: Layer, W: dict[int, Work], only: set[int] | None) -> Any:
        if le.key in self.dead:
            return ("dead",)
        if not self.exists(le, W):
            return ("absent",)
        src_text: Any = None
        if le.static and le.key not in self.started:
            src = W[le.source_uid] if le.source_uid is not None else None
            if src is not None:
                src_text = next((repr(a.spec) for a in src.c.abilities if a.key == le.ability_key), None)
            if not self.condition_holds(le, W):
                return ("off", src_text)
        mem = self.members(le, W, only)
        return (src_text, mem, [self.does(le, layer, W[u], W) for u in mem])

    # -- applying ---------------------------------------------------------------------------------------
    def player(self, le: LEffect, p: str, W: Any) -> str | None:
        return self.you(le, W) if p == "you" else p

    def copy_source(self, le: LEffect, ref: str, W: Any) -> Any:
        if le.copy_values is not None:
            return _Snapshot(le.copy_values)
        uid = self.game.ids.get(ref)
        if ref == "target":
            uid = next((t for t in le.targets if isinstance(t, int)), None)
        if uid is None:
            return None
        w: Work | None = W.get(uid)
        return w

    def apply(self, le: LEffect, layer: Layer, w: Work, W: Any) -> None:
        """Apply the operations of ``le`` that belong to ``layer`` to one object."""
        for op in le.ops_in(layer):
            apply = TABLE[op].apply
            if apply is not None:
                p = le.ops[op]
                if isinstance(p, tuple) and "chosen" in p:
                    p = self.chosen_param(le, p)
                apply(self, le, p, w, W)

    def chosen_param(self, le: LEffect, p: tuple[Any, ...]) -> tuple[Any, ...]:
        """``chosen`` in an operation's list: the value the effect's source chose as it entered (2.4)."""
        src = self.game.objects.get(le.source_uid) if le.source_uid is not None else None
        chosen = src.chosen if src is not None else None
        return tuple(chosen if v == "chosen" else v for v in p if v != "chosen" or chosen is not None)

    def pt_values(self, le: LEffect, op: str, w: Work, W: Any) -> tuple[int, int]:
        """The P/T values of an operation for one object; values that don't depend on the object are
        evaluated once per application (``self.frozen``), on the state before the effect applies. A
        modification's calculation is never negative; a value set may be (CR 107.1b, :data:`SIGNED_OPS`)."""
        p = le.ops[op]
        out = []
        for part in ("power", "toughness"):
            v = getattr(p, part)
            if isinstance(v, int) and not isinstance(v, bool):
                out.append(v)
                continue
            key = (le.key, op, part, id(W))
            if v != "mana_value" and key in self.frozen:
                out.append(self.frozen[key])
                continue
            n = evaluate(v, self.vctx(le, W, w), floor=op not in SIGNED_OPS)
            if v != "mana_value":
                self.frozen[key] = n
            out.append(n)
        return out[0], out[1]

    # -- one layer --------------------------------------------------------------------------------------
    def candidates(self, layer: Layer, game_effects: list[LEffect]) -> list[LEffect]:
        out: list[LEffect] = []
        seen: set[str] = set()
        for key, le in self.started_effects.items():
            if le.ops_in(layer):
                out.append(le)
                seen.add(key)
        for le in game_effects:
            if le.key not in seen and le.key not in self.dead and le.ops_in(layer):
                out.append(le)
                seen.add(le.key)
        for w in self.W.values():
            on_bf = w.zone == Zone.BATTLEFIELD
            for ab in w.c.abilities:
                if ab.kind != "static":
                    continue
                key = f"s{w.uid}:{ab.key}"
                if key in seen or key in self.dead:
                    continue
                static = ab.spec.static
                assert static is not None
                if not on_bf and "cda" not in static.ops:
                    continue
                if not any(OP_LAYER.get(k) == layer for k in static.ops):
                    continue
                out.append(_effect_from_static(w, ab))
                seen.add(key)
        return out

    def start(self, le: LEffect, layer: Layer) -> bool:
        """Start an effect in its first layer (affected set locked from here, CR 613.6). False if it can't."""
        if le.key in self.started:
            return True
        if not self.exists(le, self.W):
            self.dead.add(le.key)
            if self.trace_on:
                self.note_positions.append(len(self.trace))
                self.notes.append(LayerNote("layers.ability_gone", {"source": le.source_name, "layer": layer.value},
                                            ["613.8a", "613.6"]))
            return False
        if not self.condition_holds(le, self.W):
            self.dead.add(le.key)
            if self.trace_on:
                self.note_positions.append(len(self.trace))
                self.notes.append(LayerNote("layers.condition_unmet", {"source": le.source_name,
                                                                      "layer": layer.value}, ["613.1"]))
            return False
        self.started[le.key] = self.members(le, self.W)
        self.started_effects[le.key] = le
        return True

    def run_layer(self, layer: Layer, game_effects: list[LEffect]) -> None:
        self.game_effects = game_effects
        self.handled: set[str] = set()
        cands = self.candidates(layer, game_effects)
        if not cands:
            return
        groups = [[e for e in cands if e.cda], [e for e in cands if not e.cda]]
        for group in groups:
            if group:
                self._order_group(layer, sorted(group, key=lambda e: e.order))

    def _new_candidates(self, layer: Layer, remaining: list[LEffect], cda: bool) -> list[LEffect]:
        """Static abilities that appeared while this layer was being applied (gained through a copy effect or
        granted in layer 6): they apply in this layer too, after what they depend on."""
        keys = {e.key for e in remaining} | self.handled
        return [e for e in self.candidates(layer, self.game_effects) if e.key not in keys and e.cda == cda]

    def _pairs(self, layer: Layer, group: list[LEffect]) -> dict[str, list[LEffect]]:
        """For each B, the effects A it might depend on: A writes something B reads (CR 613.8a pre-check).
        Readers are indexed by attribute so that only plausible pairs are compared."""
        out: dict[str, list[LEffect]] = {}
        reads_of: dict[str, set[str]] = {}
        by_attr: dict[str, list[LEffect]] = {}
        everything: list[LEffect] = []
        for b in group:
            started_b = b.key in self.started
            b_reads = {r[4:] if r.startswith("set:") else r for r in _effect_reads(b, layer)
                       if not (started_b and r.startswith("set:"))}
            reads_of[b.key] = b_reads
            if "*copy" in b_reads:
                everything.append(b)
            for attr in {r.partition(":")[0] for r in b_reads}:
                by_attr.setdefault(attr, []).append(b)
        objects_read = {b.key: self._objects_read(b, layer) for b in group}
        for a in group:
            writes = _effect_writes(a, layer)
            if not writes:
                continue
            if "*" in writes and a.fixed is not None:
                # A copy effect changes only the objects it affects: it matters to the effects that read one
                # of them (or whose reads are not known object by object).
                hit = set(a.fixed)
                readers: list[LEffect] = []
                for b in group:
                    read = objects_read[b.key]
                    if read is None or read & hit:
                        readers.append(b)
            elif "*" in writes:
                readers = list(group)
            else:
                seen: dict[str, LEffect] = {e.key: e for e in everything}
                for w in writes:
                    for b in by_attr.get(w.partition(":")[0], []):
                        seen[b.key] = b
                readers = list(seen.values())
            for b in readers:
                if b is not a and _hits(writes, reads_of[b.key]):
                    out.setdefault(b.key, []).append(a)
        order = {e.key: i for i, e in enumerate(group)}
        for deps in out.values():
            deps.sort(key=lambda e: order[e.key])
        return out

    def _objects_read(self, b: LEffect, layer: Layer) -> set[int] | None:
        """The objects whose characteristics can change what ``b`` does in ``layer``, or None when they are
        not known one by one. Known for a copy effect with a fixed set and no condition: the object it
        copies, its source and the objects it affects."""
        ops = set(b.ops_in(layer))
        if b.fixed is None or b.condition or not ops or not ops <= {"copy_of", "except"} or "copy_of" not in ops:
            return None
        ref = b.ops["copy_of"]
        if ref == "target":
            uid = next((t for t in b.targets if isinstance(t, int)), None)
        else:
            uid = self.game.ids.get(ref) if isinstance(ref, str) else None
        if uid is None:
            return None
        out = {uid, *b.fixed}
        if b.source_uid is not None:
            out.add(b.source_uid)
        return out

    def _depends(self, b: LEffect, a: LEffect, layer: Layer) -> bool:
        """CR 613.8a by trial: does applying ``a`` now change ``b``'s existence, set or result?"""
        W = self.W
        if not self.exists(a, W) or a.key in self.dead:
            return False
        if a.key not in self.started and not self.condition_holds(a, W):
            return False
        cached = self.members_cache.get(a.key)
        if cached is not None and cached[0] == self.version:
            a_members = cached[1]
        else:
            a_members = self.members(a, W)
            self.members_cache[a.key] = (self.version, a_members)
        if not a_members:
            return False
        changed = {u: W[u].clone() for u in a_members}
        trial: Any = ChainMap(changed, W)
        self.frozen = {}
        for u in a_members:
            self.apply(a, layer, changed[u], trial)
        only: set[int] | None = set(a_members)
        b_reads = _effect_reads(b, layer)
        if (b.source_uid in changed or b_reads & {"count", "set:count", "pt", "set:pt", "*copy", "mana_cost",
                                                  "set:mana_cost", "types:*", "set:types:*"}):
            only = None
        before = self.footprint(b, layer, W, only)
        after = self.footprint(b, layer, trial, only)
        return bool(before != after)

    def _order_group(self, layer: Layer, remaining: list[LEffect]) -> None:
        """Apply a group in order: the first effect (timestamp order) that depends on no other remaining
        effect; dependencies are re-evaluated after each application (CR 613.8c)."""
        candidates = self._pairs(layer, remaining) if len(remaining) > 1 else {}
        total = len(remaining)
        while remaining:
            keys = {e.key for e in remaining}
            pick: LEffect | None = None
            waiting: list[LEffect] = []
            blocked_by: dict[str, LEffect] = {}
            for e in remaining:
                dep = next((a for a in candidates.get(e.key, []) if a.key in keys and self._depends(e, a, layer)),
                           None)
                if dep is None:
                    pick = e
                    break
                blocked_by[e.key] = dep
            order: dict[str, Any] = {}
            rules: list[str] = []
            if pick is None:
                loop = self._first_loop(remaining, candidates, layer)
                pick = loop[0]
                order = {"code": "loop", "effects": _facts(loop)}
                rules.append("613.8b")
            else:
                # The effects after ``pick`` were not examined by the search: to explain the order, find the
                # ones that wait for ``pick`` (only pairs the read/write analysis kept are tried).
                seen = False
                for b in remaining:
                    if b is pick:
                        seen = True
                    elif seen and any(a is pick for a in candidates.get(b.key, [])) \
                            and self._depends(b, pick, layer):
                        blocked_by[b.key] = pick
                waiting = [b for b in remaining if blocked_by.get(b.key) is pick]
                if pick.cda:
                    order = {"code": "cda"}
                    rules.append("613.3")
                if waiting:
                    order = {"code": "before_dependents", "effects": _facts(waiting)}
                    rules.append("613.8a")
                elif blocked_by:
                    order = {"code": "before_waiting",
                             "effects": _facts([b for b in remaining if b.key in blocked_by])}
                    rules.append("613.8a")
                elif not order:
                    if len(remaining) > 1:
                        order = {"code": "timestamp"}
                        rules.append("613.7")
                    elif total > 1:
                        order = {"code": "last"}
                    else:
                        order = {"code": "only"}
            remaining.remove(pick)
            self.handled.add(pick.key)
            self._apply_effect(pick, layer, order, rules)
            if any(TABLE[op].new_statics for op in pick.ops_in(layer)):
                fresh = self._new_candidates(layer, remaining, pick.cda)
                if fresh:
                    remaining.extend(fresh)
                    remaining.sort(key=lambda e: e.order)
                    candidates = self._pairs(layer, remaining) if len(remaining) > 1 else {}

    def _first_loop(self, remaining: list[LEffect], candidates: dict[str, list[LEffect]],
                    layer: Layer) -> list[LEffect]:
        """CR 613.8b: when every remaining effect depends on another, the effects of a dependency loop that
        depends on nothing outside itself go in timestamp order. Returns that loop, in timestamp order."""
        keys = {e.key for e in remaining}
        graph = {e.key: [a.key for a in candidates.get(e.key, []) if a.key in keys and self._depends(e, a, layer)]
                 for e in remaining}
        # Tarjan's strongly connected components.
        index: dict[str, int] = {}
        low: dict[str, int] = {}
        stack: list[str] = []
        on_stack: set[str] = set()
        comps: list[set[str]] = []
        counter = [0]

        def visit(v: str) -> None:
            index[v] = low[v] = counter[0]
            counter[0] += 1
            stack.append(v)
            on_stack.add(v)
            for w in graph[v]:
                if w not in index:
                    visit(w)
                    low[v] = min(low[v], low[w])
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
            if low[v] == index[v]:
                comp: set[str] = set()
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.add(w)
                    if w == v:
                        break
                comps.append(comp)

        for e in remaining:
            if e.key not in index:
                visit(e.key)
        by_key = {e.key: e for e in remaining}
        closed = [c for c in comps if all(w in c for v in c for w in graph[v])]
        best = min(closed or comps, key=lambda c: min(by_key[k].order for k in c))
        return sorted((by_key[k] for k in best), key=lambda e: e.order)

    def _apply_effect(self, le: LEffect, layer: Layer, order: dict[str, Any], rules: list[str]) -> None:
        was_started = le.key in self.started
        removed = le.static and was_started and not self._ability_present(le)
        if not self.start(le, layer):
            return
        members = [u for u in self.started[le.key] if u in self.W]
        self.frozen = {}
        self.version += 1
        for u in members:
            self.apply(le, layer, self.W[u], self.W)
        if self.trace_on:
            if removed:
                rules = [*rules, "613.6"]
            self.trace.append(Application(
                layer=layer, key=le.key, source_name=le.source_name, timestamp=le.timestamp,
                ops=ops_data(layer_ops(le.ops, layer), self.game), affected=members,
                results={u: result_data(self.W[u], layer) for u in members}, order=order,
                rules=[layer.rule, *op_rules(le, layer), *rules], removed=removed))

    def _ability_present(self, le: LEffect) -> bool:
        src = self.W.get(le.source_uid) if le.source_uid is not None else None
        if src is None:
            return False
        return any(ab.key == le.ability_key for ab in src.c.abilities)

    # -- the whole computation --------------------------------------------------------------------------
    def run(self, until: Layer | None = None) -> LayerResult:
        game = self.game
        for obj in game.objects.values():
            if not obj.current or obj.zone == Zone.GONE:
                continue
            ctrl = obj.controller if obj.zone in (Zone.BATTLEFIELD, Zone.STACK) else None
            w = Work(obj, obj.card.clone(), ctrl)
            if "changeling" in w.keywords and subtype_allowed("Human", w.types):
                # CR 702.73a: changeling is a characteristic-defining ability (every creature type), in
                # every zone; it applies before other type-changing effects (CR 613.3).
                w.all_creature_types = True
            if "devoid" in w.keywords:
                # CR 702.114a: devoid is a characteristic-defining ability: the object is colourless (613.3).
                w.colors = []
            self.W[obj.uid] = w
        game_effects = sorted((_effect_from_game(e) for e in game.effects), key=lambda e: e.order)
        for layer in LAYER_ORDER:
            if layer == Layer.FACE_DOWN:
                continue
            self.run_layer(layer, game_effects)
            if layer == until:
                break
            if layer == Layer.TYPE:
                self._land_type_abilities()
                index: dict[str, list[int]] = {}
                for w in self.W.values():
                    if w.zone == Zone.BATTLEFIELD:
                        for t in w.types:
                            index.setdefault(t, []).append(w.uid)
                self.type_index = index
            if layer == Layer.PT_MODIFY:
                self._counters()
        computed = {uid: _computed(w) for uid, w in self.W.items()}
        return LayerResult(self.W, computed, self.trace, self.notes, self.note_positions)

    def _land_type_abilities(self) -> None:
        """CR 305.6: a land has the intrinsic mana ability of each basic land type it has."""
        for w in self.W.values():
            c = w.c
            if "Land" not in c.types:
                continue
            wanted = [t for t in c.subtypes if t in BASIC_LAND_MANA]
            if not wanted:
                continue
            c.abilities = list(c.abilities) + [Ability("mana", _LAND_MANA[t], "land_type", None, f"L:{t}")
                                               for t in wanted]

    def _counters(self) -> None:
        """CR 613.4c: +1/+1, -1/-1 (and other P/T) counters apply in layer 7c."""
        for w in self.W.values():
            counters = w.obj.counters
            if not counters:
                continue
            dp = dt = 0
            shown: list[tuple[str, int]] = []
            for kind, n in counters.items():
                pt = pt_counter(kind)
                if pt is None or n <= 0:
                    continue
                dp += pt[0] * n
                dt += pt[1] * n
                shown.append((kind, n))
            if not shown:
                continue
            w.c.power = (w.c.power or 0) + dp
            w.c.toughness = (w.c.toughness or 0) + dt
            if self.trace_on:
                self.trace.append(Application(
                    layer=Layer.PT_MODIFY, key=f"counters:{w.uid}", source_name="", timestamp=w.obj.timestamp,
                    ops={}, affected=[w.uid], results={w.uid: result_data(w, Layer.PT_MODIFY)},
                    order={"code": "counters"}, rules=["613.4c", "122.1a"], counters=shown))


class _Snapshot(Chars):
    """Copiable values kept by an entering copy (CR 707.2), as the copy layer reads a working object."""

    uid = -1

    def __init__(self, c: Chars) -> None:
        self.__dict__.update(Chars.clone(c).__dict__)

    @property
    def c(self) -> Chars:
        return self


def copiable_values(game: Game, uid: int) -> Chars | None:
    """The copiable values of an object now (CR 707.2, 707.3): its characteristics after the copy layer only
    (copy effects and their exceptions applied; nothing else)."""
    run = _Run(game, False)
    run.run(until=Layer.COPY)
    w = run.W.get(uid)
    return Chars.clone(w) if w is not None else None


def compute(game: Game, *, trace: bool = False) -> LayerResult:
    """Compute the characteristics of every current object (CR 613). ``trace`` records each application."""
    return _Run(game, trace).run()


# ------------------------------------------------------------------------------------------------------
# Helpers


def _computed(w: Work) -> Computed:
    c = w.c
    obj = w.obj
    creature = "Creature" in c.types
    subtypes = list(c.subtypes)
    return Computed(
        uid=w.uid, id=obj.id, name=c.name, zone=str(w.zone), owner=obj.owner,
        controller=w.controller if w.zone in (Zone.BATTLEFIELD, Zone.STACK) else None,
        mana_cost=c.mana_cost, mana_value=mana_value(c.mana_cost, obj.spell_x if w.zone == Zone.STACK else 0),
        colors=sorted(set(c.colors)),
        types=list(c.types), supertypes=list(c.supertypes), subtypes=subtypes,
        power=c.power if creature else None, toughness=c.toughness if creature else None,
        keywords=list(c.keywords), abilities=list(c.abilities), counters=dict(obj.counters),
        all_creature_types=c.all_creature_types, effect=c.effect, target=c.target, token=obj.token, modal=c.modal,
        as_enters=c.as_enters, unknown=obj.unknown,
        additional_cost=c.additional_cost)


def _facts(effects: list[LEffect]) -> list[dict[str, Any]]:
    return [{"source": e.source_name, "timestamp": e.timestamp} for e in effects]


def layer_ops(ops: Ops, layer: Layer) -> dict[str, Any]:
    """The operations of ``ops`` that apply in ``layer`` (with ``except`` when ``copy_of`` is among them)."""
    out = {op: p for op, p in ops.items() if OP_LAYER.get(op) == layer}
    if "copy_of" in out and "except" in ops:
        out["except"] = ops["except"]
    return out


def ops_data(ops: Ops, game: Game | None = None) -> dict[str, Any]:
    """Operations as the ruling shows them, plain data in the format's shapes
    (:func:`judgekit.engine.specdata.op_param_data`), except that the object a ``copy_of`` copies is given
    by its card name when it is a scenario id (``target`` stays as it is)."""
    out = {name: op_param_data(name, p) for name, p in ops.items()}
    ref = out.get("copy_of")
    if game is not None and isinstance(ref, str) and ref in game.ids:
        out["copy_of"] = game.obj(ref).card.name
    return out


def op_rules(le: LEffect, layer: Layer) -> list[str]:
    """The rules an effect's application in ``layer`` cites: its operations' (the table's), then how its
    affected set is determined (CR 611.2c, 611.3a)."""
    out: list[str] = []
    for op in le.ops_in(layer):
        out += TABLE[op].rules(le.ops)
    if le.fixed is not None:
        out.append("611.2c")
    elif le.static:
        out.append("611.3a")
    return out


def result_data(w: Work, layer: Layer) -> dict[str, Any]:
    """The object's relevant characteristics after a layer, as data."""
    c = w.c
    if layer == Layer.COPY:
        return {"name": c.name, "types": list(c.types), "power": c.power, "toughness": c.toughness}
    if layer == Layer.CONTROL:
        return {"controller": w.controller}
    if layer == Layer.TEXT:
        return {}
    if layer == Layer.TYPE:
        return {"supertypes": list(c.supertypes), "types": list(c.types), "subtypes": list(c.subtypes),
                "all_creature_types": c.all_creature_types}
    if layer == Layer.COLOR:
        return {"colors": list(c.colors)}
    if layer == Layer.ABILITY:
        return {"keywords": list(c.keywords),
                "abilities": [{"kind": a.kind, "label": a.label(), "spec": ability_data(a.spec)} for a in c.abilities]}
    return {"power": c.power, "toughness": c.toughness}


def creature_types_of(c: Computed) -> list[str]:
    """Subtypes as reported: every creature type while ``all_creature_types`` applies."""
    if not c.all_creature_types:
        return sorted(set(c.subtypes))
    return sorted(set(c.subtypes) | CREATURE_TYPES)
