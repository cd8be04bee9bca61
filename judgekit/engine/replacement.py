"""Events proposed before they happen: the seat of replacement and prevention effects (CR 614-616).

A rule about to make something happen builds the event and calls :func:`propose`. Every replacement effect
that exists when the event would happen and watches for it may modify it or replace it (CR 614.1), each at
most once per event (614.5), one at a time until none applies (616.1); the event that comes out (or None, if
nothing happens) is what the rule then carries out and records with :meth:`Game.emit`.

Two shapes of replacement effect exist:

- :class:`Shield`, the one-use *shields* of the version 1 verbs: a prevention shield, "prevent the next N
  damage that would be dealt to X this turn" or all of it (CR 615.7), and a regeneration shield, "the next
  time X would be destroyed this turn, instead ..." (701.19a). They last until the cleanup step (514.2).
- :class:`ReplacementEffect`, the ``replacement`` form of SCENARIO-FORMAT.md 2.3: from a static ability of a
  permanent (gathered anew at each event from the permanents on the battlefield, so an effect exists only
  while its source is there; one whose source leaves in the very event it would replace still applies, its
  last known information standing in), or created by a resolving spell or ability or written in ``effects:``
  (kept in ``game.replacements`` until its duration or its ``uses`` end).

When several effects could apply to one event, the affected player, or the controller of the affected object
(its owner if it has none), chooses which one applies first (CR 616.1): effects that change under whose control
a permanent enters come first, then those that make it enter as a copy (616.1b-c), then any (616.1e) by a
:class:`~judgekit.engine.choices.ReplacementOrder` decision whose default is the oldest effect. After one
applies, the event is checked again and the choice is repeated among those still applicable (616.1f). When the
effects in play are plain modifiers of an amount or a destination, the record of that choice also says what
the other orders would have given.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from judgekit.engine.characteristics import all_chars, chars
from judgekit.engine.choices import ReplacementOrder, UseOptional
from judgekit.engine.selectors import SelectorContext, compile_filter, matches_player
from judgekit.engine.specs import Expr, Filter, ReplacementSpec
from judgekit.engine.state import Computed, EventKind, Game, GameEvent, GameObject, Ref
from judgekit.engine.vocab import Zone


class Replacement(Protocol):
    """A replacement or prevention effect: which proposed events it watches for, and what it makes of them."""

    def applies(self, game: Game, event: GameEvent) -> bool: ...

    def apply(self, game: Game, event: GameEvent) -> GameEvent | None: ...


class ShieldKind(StrEnum):
    PREVENT_DAMAGE = "prevent_damage"
    REGENERATE = "regenerate"


# The events of the ``replacement`` form and the ``then`` modifiers each accepts (SCENARIO-FORMAT.md 2.3; every
# event also accepts ``instead``).
EVENT_MODIFIERS: dict[str, frozenset[str]] = {
    "would_die": frozenset({"to"}),
    "would_go_to_graveyard": frozenset({"to"}),
    "would_be_destroyed": frozenset({"regenerate"}),
    "would_enter": frozenset({"tapped", "counters", "control", "copy_of"}),
    "would_be_dealt_damage": frozenset({"prevent", "prevent_each", "times", "plus", "minus"}),
    "would_deal_damage": frozenset({"prevent", "prevent_each", "times", "plus", "minus"}),
    "would_gain_life": frozenset({"times", "plus", "lose_instead", "prevent"}),
    "would_lose_life": frozenset({"times", "plus", "prevent"}),
    "would_put_counters": frozenset({"times", "plus", "minus"}),
    "would_create_tokens": frozenset({"times", "plus"}),
    "would_draw": frozenset(),
}
DAMAGE_EVENTS = frozenset({"would_be_dealt_damage", "would_deal_damage"})
# Where a ``to:`` modifier may send the object (its owner's zone); ``battlefield``: it stays where it is.
DESTINATIONS = ("exile", "hand", "library_top", "library_bottom", "battlefield")

# How the ``instead`` entries of an effect are carried out: set by the one-shot effects module (which imports
# this one), called with the game, the effect and the event replaced.
InsteadRunner = Callable[[Game, "ReplacementEffect", GameEvent], None]
_instead_runner: list[InsteadRunner] = []


def set_instead_runner(runner: InsteadRunner) -> None:
    _instead_runner[:] = [runner]


@dataclass(eq=False)
class Shield:
    """A one-use replacement effect on ``holder`` (an object uid or a player name).

    ``amount`` is what a prevention shield can still prevent (None: all of the next damage). ``source`` is the id
    of the spell or ability source whose resolution created it (``choices.replacement_order`` names it),
    ``source_name`` its name, ``timestamp`` the one it was created with."""

    kind: ShieldKind
    holder: Ref
    amount: int | None = None
    source: str = ""
    source_name: str = ""
    timestamp: int = 0

    def _target(self, event: GameEvent) -> Ref | None:
        return event.player if event.player is not None else event.obj

    def applies(self, game: Game, event: GameEvent) -> bool:
        if self.kind == ShieldKind.PREVENT_DAMAGE:
            return (event.kind == EventKind.DAMAGE and event.amount > 0 and self._target(event) == self.holder
                    and not event.data.get("unpreventable"))
        return event.kind == EventKind.DESTROY and event.obj == self.holder and not event.data.get("regenerate")

    def apply(self, game: Game, event: GameEvent) -> GameEvent | None:
        """Prevention: the damage less what this shield prevents (CR 615.7); regeneration: the destruction is
        replaced (701.19a). A shield used up leaves the game's shields."""
        if self.kind == ShieldKind.REGENERATE:
            game.shields.remove(self)
            return dataclasses.replace(event, data={**event.data, "regenerate": True})
        prevented = event.amount if self.amount is None else min(self.amount, event.amount)
        if self.amount is not None:
            self.amount -= prevented
        if self.amount is None or self.amount == 0:
            game.shields.remove(self)
        data = {**event.data, "shield_prevented": int(event.data.get("shield_prevented") or 0) + prevented}
        return dataclasses.replace(event, amount=event.amount - prevented, data=data)


@dataclass(eq=False)
class ReplacementEffect:
    """A replacement or prevention effect of the ``replacement`` form (SCENARIO-FORMAT.md 2.3).

    ``key`` identifies it across the events of one proposal (CR 614.5); ``source`` is the id of its source,
    ``controller`` that source's controller ("you"); ``fixed`` the objects and players a resolved effect was
    locked to (``of: target``, ids), None when ``spec.of`` is evaluated at each event (611.2c); ``duration``
    None for a static ability's effect; ``uses_left`` and ``prevent_left`` what is left of ``uses`` and of a
    ``prevent: N`` shield."""

    spec: ReplacementSpec
    key: str
    source: str
    source_uid: int | None
    source_name: str
    controller: str
    timestamp: int
    fixed: tuple[Ref, ...] | None = None
    duration: str | None = None
    uses_left: int | None = None
    prevent_left: int | None = None
    data: dict[str, Any] = field(default_factory=dict)

    # -- which events ----------------------------------------------------------------------------------------
    def applies(self, game: Game, event: GameEvent) -> bool:
        spec = self.spec
        if not _event_is(spec.event, event):
            return False
        then = spec.then
        if spec.event in DAMAGE_EVENTS:
            if event.amount <= 0:
                return False
            if spec.combat is not None and bool(event.combat) != spec.combat:
                return False
            preventing = then.prevent is not None or then.prevent_each is not None
            if preventing and event.data.get("unpreventable"):
                return False  # CR 615.12: prevention effects prevent nothing of this damage
            if then.prevent is not None and then.prevent != "all" and not self.prevent_left:
                return False
            if spec.from_ is not None and not self._picks(game, spec.from_, event.source, event):
                return False
        if spec.event in ("would_gain_life", "would_lose_life", "would_put_counters", "would_create_tokens") \
                and event.amount <= 0:
            return False
        if spec.kind is not None and event.data.get("kind") != spec.kind:
            return False
        return self._picks(game, spec.of, _subject(spec.event, event), event)

    def ask_optional(self, game: Game, event: GameEvent) -> bool:
        """Whether an optional ("you may") effect is applied to ``event``; a declined one is said in a step."""
        if not self.spec.optional:
            return True
        decision = game.chooser.choose(UseOptional(self.source, self.controller, group=_group(game, self, event),
                                                   kind="replacement"))
        if decision.value is False:
            game.record("replacement", "replacement.declined", "614.1a", source=self.source_name,
                        player=self.controller, event=self.spec.event, given=decision.given)
            return False
        return True

    def record(self, game: Game, before: GameEvent, after: GameEvent | None) -> None:
        """The step that says the event was replaced: the event, the effect, the rule and the change."""
        subject = before.player if before.player is not None else None
        extra: dict[str, Any] = {"player": subject} if subject is not None else {}
        if before.kind == EventKind.DAMAGE:
            src = game.objects.get(before.source) if before.source is not None else None
            extra["damage_source"] = src.card.name if src is not None else None
        then = self.spec.then
        if (then.prevent is not None or then.prevent_each is not None) and self.spec.event in DAMAGE_EVENTS:
            extra["prevention"] = True
        game.record("replacement", "replacement.applied", *_rules(self.spec, before), objects=_objects(game, before),
                    source=self.source_name, event=self.spec.event, affected=_affected_name(game, before),
                    affected_is_player=before.player is not None, change=_change(game, self.spec, before, after),
                    **extra)

    def _picks(self, game: Game, selector: Any, subject: Ref | None, event: GameEvent) -> bool:
        """Whether ``selector`` (``of`` or ``from``) picks the event's object or player, as it is just before
        the event, in any zone (SCENARIO-FORMAT.md 2.3)."""
        if subject is None:
            return False
        if self.fixed is not None and selector is self.spec.of:
            return subject in self.fixed
        if selector is None or selector == "self":
            return isinstance(subject, int) and subject == self.source_uid
        ctx = SelectorContext(you=self.controller, source=self.source_uid, ids=game.ids,
                              players=tuple(p.name for p in game.players))
        src = game.objects.get(self.source_uid) if self.source_uid is not None else None
        if src is not None:
            ctx.attached_to = src.attached_to
            ctx.chosen = src.chosen
        if isinstance(subject, str):
            return isinstance(selector, Filter) and (_empty(selector) or matches_player(selector, subject, ctx))
        view = _view(game, subject, event)
        if view is None:
            return False
        if isinstance(selector, str):
            if selector in ("enchanted", "equipped"):
                return ctx.attached_to is not None and subject == ctx.attached_to
            return game.ids.get(selector) == view.uid
        if isinstance(selector, tuple):
            return any(game.ids.get(i) == view.uid for i in selector)
        if isinstance(selector, Filter):
            if selector.player:
                return False
            return compile_filter(_anywhere(selector), default_zone=False)(view, ctx)
        return False

    # -- what it makes of them -------------------------------------------------------------------------------
    def modify(self, event: GameEvent) -> GameEvent | None:
        """The event as this effect changes it, without using anything up (None: it does not happen)."""
        then = self.spec.then
        if then.instead is not None:
            return None
        data = dict(event.data)
        if then.to is not None:
            if then.to == "battlefield":
                return None
            return dataclasses.replace(event, to_zone=_zone_of(then.to), data={**data, "to": then.to})
        if then.regenerate:
            return dataclasses.replace(event, data={**data, "regenerate": True})
        if self.spec.event == "would_enter":
            if then.tapped:
                data["tapped"] = True
            if then.counters:
                counters = dict(data.get("counters") or {})
                for kind, n in then.counters.items():
                    counters[kind] = counters.get(kind, 0) + _x_value(n, int(data.get("x") or 0))
                data["counters"] = counters
            if then.control is not None:
                data["controller"] = self.controller if then.control == "you" else then.control
            return dataclasses.replace(event, data=data)
        amount = event.amount
        if then.prevent is not None:
            if then.prevent == "all":
                amount = 0
            else:
                amount -= min(amount, self.prevent_left or 0)
        if then.prevent_each is not None:
            amount -= min(amount, then.prevent_each)
        if then.times is not None:
            amount *= then.times
        if then.plus is not None:
            amount += then.plus
        if then.minus is not None:
            amount = max(0, amount - then.minus)
        if then.lose_instead and event.kind == EventKind.LIFE_GAIN:
            return dataclasses.replace(event, kind=EventKind.LIFE_LOSS, amount=amount)
        if amount <= 0 and event.kind in (EventKind.LIFE_GAIN, EventKind.LIFE_LOSS, EventKind.CREATE_TOKENS,
                                          EventKind.COUNTERS):
            return None
        return dataclasses.replace(event, amount=amount)

    def apply(self, game: Game, event: GameEvent) -> GameEvent | None:
        then = self.spec.then
        if then.copy_of is not None and _copy_hook:
            # Entering as a copy: the candidates first, then "you may" and the choice (objects.enter_as_copy).
            return _copy_hook[0](game, self, event)
        if not self.ask_optional(game, event):
            return event
        before = event
        result = self.modify(event)
        if then.prevent is not None and then.prevent != "all" and self.prevent_left is not None:
            self.prevent_left -= min(self.prevent_left, event.amount)
        if self.uses_left is not None:
            self.uses_left -= 1
        self.record(game, before, result)
        if then.instead is not None and _instead_runner:
            _instead_runner[0](game, self, event)
        if self.done():
            remove(game, self)
        return result

    def done(self) -> bool:
        """Used up: its ``uses`` spent, or a ``prevent: N`` shield with nothing left (CR 615.7)."""
        if self.uses_left is not None and self.uses_left <= 0:
            return True
        then = self.spec.then
        return then.prevent is not None and then.prevent != "all" and self.prevent_left is not None \
            and self.prevent_left <= 0

    def pure(self) -> bool:
        """A plain modifier of an amount or destination: what the other orders give can be worked out."""
        then = self.spec.then
        return not self.spec.optional and then.instead is None and then.copy_of is None and not then.regenerate


# How an entering object becomes a copy (set by the objects module): game, effect, event -> the event.
CopyHook = Callable[[Game, ReplacementEffect, GameEvent], GameEvent | None]
_copy_hook: list[CopyHook] = []


def set_copy_hook(hook: CopyHook) -> None:
    _copy_hook[:] = [hook]


# ------------------------------------------------------------------------------------------------------
# Helpers of ReplacementEffect


def _x_value(v: Any, x: int) -> int:
    """A count of counters: a number, or X of the spell the permanent was (CR 107.3m), as ``x`` or
    ``{x: true, times, plus}``."""
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, int):
        return v
    if v == "x":
        return x
    if isinstance(v, Expr) and v.base == "x":
        n = x * (v.times if v.times is not None else 1) + (v.plus or 0)
        return max(0, -n if v.negate else n)
    return 0


def _event_is(name: str, event: GameEvent) -> bool:
    kind = event.kind
    if kind == EventKind.ZONE_CHANGE:
        if event.data.get("entering"):
            return name == "would_enter"
        if event.to_zone != Zone.GRAVEYARD:
            return False
        if name == "would_die":
            return event.from_zone == Zone.BATTLEFIELD
        return name == "would_go_to_graveyard"
    return _EVENT_KIND.get(name) == kind


_EVENT_KIND = {
    "would_be_destroyed": EventKind.DESTROY, "would_be_dealt_damage": EventKind.DAMAGE,
    "would_deal_damage": EventKind.DAMAGE, "would_gain_life": EventKind.LIFE_GAIN,
    "would_lose_life": EventKind.LIFE_LOSS, "would_put_counters": EventKind.COUNTERS,
    "would_create_tokens": EventKind.CREATE_TOKENS, "would_draw": EventKind.DRAW,
}


def _subject(name: str, event: GameEvent) -> Ref | None:
    """What ``of`` picks for the event: the object or player it is about (the source, for would_deal_damage)."""
    if name == "would_deal_damage":
        return event.source
    if event.player is not None:
        return event.player
    return event.obj


def _empty(f: Filter) -> bool:
    return f == _EMPTY


_EMPTY = Filter()
_ANYWHERE: dict[int, tuple[Filter, Filter]] = {}


def _anywhere(f: Filter) -> Filter:
    """The filter without its ``zone`` (SCENARIO-FORMAT.md 2.3: the object is matched wherever it is)."""
    hit = _ANYWHERE.get(id(f))
    if hit is not None and hit[0] is f:
        return hit[1]
    out = dataclasses.replace(f, zone=None, any=tuple(_anywhere(a) for a in f.any))
    _ANYWHERE[id(f)] = (f, out)
    return out


def _view(game: Game, uid: int, event: GameEvent) -> Computed | None:
    """The object as it is just before the event: computed while current, else its last known information
    (a damage source that has left its zone, CR 109.2c)."""
    obj = game.objects.get(uid)
    if obj is None:
        return None
    if not obj.current:
        return obj.lki
    batch = game.batch
    if batch is not None:
        # Within one simultaneous event, objects are seen as they were when it began (it happens all at once).
        views = game.cache_views
        if views is None or views[0] != batch.number:
            views = (batch.number, dict(all_chars(game)))
            game.cache_views = views
        seen = views[1].get(uid)
        if seen is not None:
            return seen
    try:
        return chars(game, obj)
    except KeyError:
        return None


def _zone_of(to: str) -> str:
    return {"library_top": Zone.LIBRARY, "library_bottom": Zone.LIBRARY}.get(to, to)


def _group(game: Game, effect: ReplacementEffect, event: GameEvent) -> int:
    """The decision group of an optional effect: the entering object's own for its copy (one ANSWER, 2.4)."""
    if event.data.get("entering") and event.obj is not None:
        return event.obj
    return game.new_uid()


def _rules(spec: ReplacementSpec, event: GameEvent) -> list[str]:
    then = spec.then
    if (then.prevent is not None or then.prevent_each is not None) and spec.event in DAMAGE_EVENTS:
        return ["615.1a"]
    if then.regenerate:
        return ["701.19a", "614.8"]
    if then.copy_of is not None:
        return ["614.1c", "707.2", *(["707.9b"] if then.except_ else [])]
    if spec.event == "would_enter":
        return ["614.1c", "614.12"]
    if then.instead is not None and spec.event == "would_draw":
        return ["614.1a", "614.6"]
    return ["614.1a"]


def _objects(game: Game, event: GameEvent) -> list[str]:
    uid = event.obj if event.obj is not None else None
    if uid is None or uid not in game.objects:
        return []
    return [game.objects[uid].id]


def _affected_name(game: Game, event: GameEvent) -> str | None:
    ref = event.player if event.player is not None else event.obj
    if ref is None:
        return None
    if isinstance(ref, int) and ref in game.objects:
        if event.data.get("entering"):
            return game.objects[ref].card.name  # what enters, by its own name (a copy is said by the change)
        view = _view(game, ref, event)
        return view.name if view is not None else game.objects[ref].card.name
    return str(ref)


def summary(event: GameEvent | None) -> dict[str, Any]:
    """What an event comes to, as plain data (for the records): nothing, a destination, an amount."""
    if event is None:
        return {"happens": False}
    out: dict[str, Any] = {"happens": True, "kind": str(event.kind)}
    if event.kind == EventKind.ZONE_CHANGE:
        out["to"] = str(event.data.get("to") or event.to_zone)
        if event.data.get("entering"):
            for key in ("tapped", "counters", "controller"):
                if event.data.get(key):
                    out[key] = event.data[key]
    elif event.kind == EventKind.DESTROY:
        out["regenerate"] = bool(event.data.get("regenerate"))
    else:
        out["amount"] = event.amount
    return out


def _change(game: Game, spec: ReplacementSpec, before: GameEvent, after: GameEvent | None) -> dict[str, Any]:
    out: dict[str, Any] = {"before": summary(before), "after": summary(after)}
    then = spec.then
    if then.instead is not None:
        out["instead"] = True
        out["instead_entries"] = len(then.instead)
    if then.copy_of is not None and after is not None and after.data.get("copy") is not None:
        out["copy"] = after.data["copy"]
    return out


# ------------------------------------------------------------------------------------------------------
# The effects that exist


def replacements(game: Game, event: GameEvent | None = None) -> list[Replacement]:
    """The replacement effects that exist now, oldest first (the default order of SCENARIO-FORMAT.md 2.2): by
    ``timestamp``, effects created at the same time in the order they were created; effects without a timestamp
    come last, in the order they were added. Static abilities are read from the permanents on the battlefield
    (and from those that left it in the simultaneous event in progress, as they last existed)."""
    found: list[Replacement] = [*game.shields, *game.replacements, *static_effects(game, event)]
    return sorted(found, key=lambda r: (getattr(r, "timestamp", None) is None, getattr(r, "timestamp", 0) or 0))


def _abilities_of(game: Game, obj: GameObject) -> list[ReplacementEffect]:
    view = chars(game, obj)
    return [_from_ability(obj.uid, obj.id, obj.timestamp, view, ab.key, ab.spec.replacement)
            for ab in view.abilities if ab.kind == "replacement" and ab.spec.replacement is not None]


def _on_battlefield(game: Game) -> list[ReplacementEffect]:
    """The effects of the replacement abilities of the permanents on the battlefield: found once for each state of
    the game (``game.version``), and once for a whole simultaneous event (the effects that exist when it would
    happen apply to all of it, even those whose source leaves in it)."""
    key = ("batch", game.batch.number) if game.batch is not None else ("version", game.version)
    cached = game.cache_replacements
    if cached is not None and cached[0] == key:
        return list(cached[1])
    out: list[ReplacementEffect] = []
    for obj in game.battlefield():
        out += _abilities_of(game, obj)
    game.cache_replacements = (key, out)
    return list(out)


def static_effects(game: Game, event: GameEvent | None = None) -> list[ReplacementEffect]:
    """The replacement effects of the static abilities of permanents (SCENARIO-FORMAT.md 2.3), for one event.

    A permanent about to enter contributes only its own abilities about itself entering, judged on what it would
    be on the battlefield (CR 614.12); the others' abilities about themselves entering do not apply to it."""
    if not game.replacement_abilities:
        return []
    entering = event.obj if event is not None and event.data.get("entering") else None
    out: list[ReplacementEffect] = []
    for effect in _on_battlefield(game):
        spec = effect.spec
        own = spec.event == "would_enter" and spec.of in (None, "self")
        if effect.source_uid == entering or (entering is not None and own):
            continue
        out.append(effect)
    if entering is not None and entering in game.objects:
        out += [e for e in _abilities_of(game, game.objects[entering])
                if e.spec.event == "would_enter" and e.spec.of in (None, "self")]
    seen = {e.source_uid for e in out}
    batch = game.batch
    if batch is not None:
        for ev in game.events[batch.start:]:
            if ev.kind != EventKind.ZONE_CHANGE or ev.from_zone != Zone.BATTLEFIELD or ev.obj is None:
                continue
            old = game.objects.get(ev.obj)
            if old is None or old.lki is None or old.uid in seen or any(
                    e.source_uid == old.uid for e in game.cache_replacements[1]):
                continue
            for ab in old.lki.abilities:
                left = ab.spec.replacement
                if ab.kind == "replacement" and left is not None and left.event != "would_enter":
                    out.append(_from_ability(old.uid, old.id, old.timestamp, old.lki, ab.key, left))
    return out


def _from_ability(uid: int, oid: str, timestamp: int, view: Computed, key: str,
                  spec: ReplacementSpec) -> ReplacementEffect:
    # The spec is part of the key: an entering copy's own ability and the one it copied may share a position.
    return ReplacementEffect(spec=spec, key=f"s{uid}:{key}:{id(spec)}", source=oid, source_uid=uid,
                             source_name=view.name, controller=view.controller or view.owner, timestamp=timestamp)


def add(game: Game, effect: ReplacementEffect) -> None:
    game.replacements.append(effect)
    game.touch()


def remove(game: Game, effect: ReplacementEffect) -> None:
    if effect in game.replacements:
        game.replacements.remove(effect)
        game.touch()


def end_replacements(game: Game, duration: str) -> bool:
    """The replacement effects of resolved spells and abilities that last until ``duration`` ends (CR 514.2 for
    ``end_of_turn``). True if there were any."""
    ending = [r for r in game.replacements if getattr(r, "duration", None) == duration]
    for r in ending:
        game.replacements.remove(r)
    if ending:
        game.touch()
    return bool(ending)


# ------------------------------------------------------------------------------------------------------
# Proposing an event


def _source(r: Replacement) -> str:
    return str(getattr(r, "source", "") or "")


def _key(r: Replacement) -> Any:
    return getattr(r, "key", None) or id(r)


def _name(r: Replacement) -> str:
    return str(getattr(r, "source_name", "") or _source(r))


def chooser_of(game: Game, event: GameEvent) -> tuple[str, Ref | None]:
    """Who chooses among effects that would modify ``event`` (CR 616.1): the affected player, or the affected
    object's controller (its owner if it has none); and what is affected. For an entering permanent, the
    player under whose control it would enter."""
    if event.player is not None:
        return event.player, event.player
    obj = game.objects.get(event.obj) if event.obj is not None else None
    if obj is None:
        return game.active, None
    if event.data.get("entering"):
        return str(event.data.get("controller") or obj.controller or obj.owner), obj.uid
    return obj.controller or obj.owner, obj.uid


def _tier(r: Replacement) -> int:
    """CR 616.1b-c: effects that change under whose control a permanent enters apply first, then those that make
    it enter as a copy; then any other (616.1e)."""
    spec = getattr(r, "spec", None)
    if not isinstance(spec, ReplacementSpec):
        return 2
    if spec.then.control is not None:
        return 0
    if spec.then.copy_of is not None:
        return 1
    return 2


def _outcome(game: Game, event: GameEvent | None, first: Replacement, found: list[Replacement],
             used: list[Any]) -> GameEvent | None:
    """What the event comes to if ``first`` applies first and then the others in default order, each at most
    once (only for plain modifiers: :meth:`ReplacementEffect.pure`)."""
    done = [*used]
    current = event
    order = [first, *[r for r in found if r is not first]]
    while current is not None:
        nxt = next((r for r in order if _key(r) not in done and r.applies(game, current)), None)
        if nxt is None or not isinstance(nxt, ReplacementEffect):
            break
        done.append(_key(nxt))
        current = nxt.modify(current)
    return current


def _first(game: Game, event: GameEvent, found: list[Replacement], used: list[Any]) -> Replacement:
    """CR 616.1, 616.1e: the effect that applies first when several could; the choice is recorded, with what
    the other choices would have given when that can be worked out and differs."""
    tier = min(_tier(r) for r in found)
    found = [r for r in found if _tier(r) == tier]
    if len(found) == 1:
        return found[0]
    player, affected = chooser_of(game, event)
    sources = tuple(_source(r) for r in found)
    outcomes: dict[int, dict[str, Any]] = {}
    if all(isinstance(r, ReplacementEffect) and r.pure() for r in found):
        outcomes = {i: summary(_outcome(game, event, r, found, used)) for i, r in enumerate(found)}
    differs = not outcomes or len({repr(o) for o in outcomes.values()}) > 1
    decision = game.chooser.choose(ReplacementOrder(player, sources, differs))
    index = decision.value if isinstance(decision.value, int) and 0 <= decision.value < len(found) else 0
    chosen = found[index]
    extra: dict[str, Any] = {}
    if outcomes:
        mine = outcomes[index]
        others = [{"first": _name(r), "result": outcomes[i]} for i, r in enumerate(found)
                  if r is not chosen and outcomes[i] != mine]
        extra = {"result": mine, "alternatives": others, "event_kind": str(event.kind)}
    game.record("choice", "effects.replacement_order", "616.1", "616.1e", player=player,
                affected=game.display(affected) if affected is not None else None,
                affected_is_player=isinstance(affected, str), event=str(event.kind),
                applied=_name(chosen), others=[_name(r) for r in found if r is not chosen],
                given=decision.given, **extra)
    return chosen


def propose(game: Game, event: GameEvent) -> GameEvent | None:
    """The event that happens instead of ``event``, or None if nothing happens (CR 614.1, 614.5, 616.1): each
    effect applies at most once; when several could apply, the affected player or controller chooses one
    (616.1e), then the event is checked again (616.1f)."""
    current: GameEvent | None = event
    used: list[Any] = []
    while current is not None:
        found = [r for r in replacements(game, current) if _key(r) not in used and r.applies(game, current)]
        if not found:
            break
        chosen = found[0] if len(found) == 1 else _first(game, current, found, used)
        used.append(_key(chosen))
        # Changing the event changes nothing in the game; what an effect changes (a copy, a shield used up,
        # ``instead``) marks the game as changed where it is done.
        current = chosen.apply(game, current)
    return current


def would_prevent(game: Game, event: GameEvent) -> bool:
    """Whether a prevention effect would apply to ``event`` if its damage could be prevented (CR 615.12: then it
    prevents nothing, and the ruling says so)."""
    free = dataclasses.replace(event, data={k: v for k, v in event.data.items() if k != "unpreventable"})
    for r in replacements(game, free):
        if isinstance(r, Shield) and r.kind == ShieldKind.PREVENT_DAMAGE and r.applies(game, free):
            return True
        if isinstance(r, ReplacementEffect) and (r.spec.then.prevent is not None
                                                 or r.spec.then.prevent_each is not None) and r.applies(game, free):
            return True
    return False


def add_shield(game: Game, shield: Shield) -> None:
    game.shields.append(shield)
    game.touch()


def shields_on(game: Game, holder: Ref, kind: ShieldKind) -> list[Shield]:
    return [s for s in game.shields if s.holder == holder and s.kind == kind]


def destruction(game: Game, uid: int) -> GameEvent | None:
    """A permanent about to be destroyed (CR 701.8): the event that happens (with ``data["regenerate"]`` when a
    regeneration replaced it, 701.19a), or None when an ``instead`` replaced it with something else."""
    return propose(game, GameEvent(EventKind.DESTROY, obj=uid))


def propose_destruction(game: Game, uid: int) -> bool:
    """A permanent about to be destroyed: True if a replacement effect (regeneration, ``instead``) replaced the
    destruction."""
    happens = destruction(game, uid)
    return happens is None or bool(happens.data.get("regenerate"))


def end_shields(game: Game) -> bool:
    """CR 514.2: the shields and the replacement effects of this turn end in the cleanup step. True if there
    were any."""
    had = bool(game.shields)
    game.shields.clear()
    if had:
        game.touch()
    ended = end_replacements(game, "end_of_turn")
    return had or ended
