"""Selectors (SCENARIO-FORMAT.md "Selectors"): which objects or players an effect or ability picks.

A selector is ``self``, ``enchanted``, ``equipped``, an id, a tuple of ids, or a :class:`Filter`. Filters are
compiled once into a predicate (cached by the identity of the spec) and tested against *views*: anything with the
attributes ``uid id zone controller token types subtypes supertypes colors keywords all_creature_types``
(the working characteristics of the layer system, or a :class:`~judgekit.engine.state.Computed`).
``you``/``opponent`` are relative to the controller of the spell, ability or static ability's source
(CR 109.5).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from judgekit.engine.specs import Filter
from judgekit.engine.vocab import CREATURE_TYPES, Zone


class View(Protocol):
    uid: int
    zone: str
    controller: str | None
    token: bool

    @property
    def types(self) -> list[str]: ...
    @property
    def subtypes(self) -> list[str]: ...
    @property
    def supertypes(self) -> list[str]: ...
    @property
    def colors(self) -> list[str]: ...
    @property
    def keywords(self) -> list[str]: ...
    @property
    def all_creature_types(self) -> bool: ...


@dataclass
class SelectorContext:
    """Who "you" is and what "self"/"enchanted" are for one evaluation."""

    you: str | None
    source: int | None = None
    attached_to: int | None = None
    ids: dict[str, int] | None = None
    players: tuple[str, ...] = ()
    # The value the source chose as it entered (SCENARIO-FORMAT.md 2.4), read where a selector says ``chosen``.
    chosen: str | None = None

    def opponent(self) -> str | None:
        for p in self.players:
            if p != self.you:
                return p
        return None


Predicate = Callable[[Any, SelectorContext], bool]
_COMPILED: dict[tuple[int, bool], tuple[Any, Predicate]] = {}


def _with_chosen(values: list[str], ctx: SelectorContext) -> list[str]:
    """``chosen`` read as the value the source chose as it entered (SCENARIO-FORMAT.md 2.4; nothing if none)."""
    if "chosen" not in values:
        return values
    chosen = ctx.chosen
    if chosen is None:
        return [v for v in values if v != "chosen"]
    return [chosen if v == "chosen" else v for v in values]


def _chosen_matches(value: str, have: list[str], ctx: SelectorContext) -> bool:
    return ctx.chosen is not None and ctx.chosen in have if value == "chosen" else value in have


def _has_subtypes(view: Any, wanted: list[str], ctx: SelectorContext | None = None) -> bool:
    subs = view.subtypes
    if ctx is not None and "chosen" in wanted:
        if ctx.chosen is None:
            return False
        wanted = _with_chosen(wanted, ctx)
    for s in wanted:
        if s in subs:
            continue
        if view.all_creature_types and s in CREATURE_TYPES:
            continue
        return False
    return True


def _has_any_subtype(view: Any, unwanted: list[str], ctx: SelectorContext | None = None) -> bool:
    subs = view.subtypes
    if ctx is not None:
        unwanted = _with_chosen(unwanted, ctx)
    return any(s in subs or view.all_creature_types and s in CREATURE_TYPES for s in unwanted)


def _all_in(attr: str, wanted: list[str]) -> Predicate:
    if "chosen" in wanted:
        def check_chosen(view: Any, ctx: SelectorContext) -> bool:
            have = getattr(view, attr)
            return all(_chosen_matches(x, have, ctx) for x in wanted)

        return check_chosen
    if len(wanted) == 1:
        only = wanted[0]

        def check_one(view: Any, ctx: SelectorContext) -> bool:
            return only in getattr(view, attr)

        return check_one

    def check(view: Any, ctx: SelectorContext) -> bool:
        have = getattr(view, attr)
        return all(x in have for x in wanted)

    return check


def _none_in(attr: str, unwanted: list[str]) -> Predicate:
    def check(view: Any, ctx: SelectorContext) -> bool:
        have = getattr(view, attr)
        return not any(x in have for x in _with_chosen(unwanted, ctx))

    return check


def _player_is(who: str, player: str | None, ctx: SelectorContext) -> bool:
    """Whether ``player`` is the one ``who`` names: ``you``, ``opponent``, ``chosen`` (the player the source
    chose, 2.4) or a player's name."""
    if player is None:
        return False
    if who == "you":
        return player == ctx.you
    if who == "opponent":
        return player != ctx.you
    if who == "chosen":
        return ctx.chosen is not None and player == ctx.chosen
    return player == who


def _controller(who: str) -> Predicate:
    def check(view: Any, ctx: SelectorContext) -> bool:
        return _player_is(who, view.controller, ctx)

    return check


def _owner(who: str) -> Predicate:
    def check(view: Any, ctx: SelectorContext) -> bool:
        owner = getattr(view, "owner", None)
        if owner is None and hasattr(view, "obj"):
            owner = view.obj.owner
        return _player_is(who, owner, ctx)

    return check


def _alternatives_give_zone(spec: Filter) -> bool:
    return any(a.zone for a in spec.any)


def zones(spec: Filter, *, default: bool = True) -> set[str] | None:
    """The zones a filter can pick objects from (``None``: every zone).

    The zone beside ``any:`` (or the default ``battlefield``) applies to every alternative; only an explicit
    ``zone`` inside an alternative adds one. When the outer filter names no zone and an alternative does, the
    default ``battlefield`` holds for each alternative that names none."""
    explicit = spec.zone
    alt_default = False
    if explicit:
        outer: set[str] | None = None if explicit == "all" else {str(explicit)}
    elif default and not _alternatives_give_zone(spec):
        outer = {str(Zone.BATTLEFIELD)}
    else:
        outer = None
        alt_default = default
    if not spec.any:
        return outer
    inner: set[str] | None = set()
    for alt in spec.any:
        z = zones(alt, default=alt_default)
        if z is None or inner is None:
            inner = None
        else:
            inner |= z
    if outer is None:
        return inner
    return outer if inner is None else outer & inner


def compile_filter(spec: Filter, *, default_zone: bool = True) -> Predicate:
    """Compile a :class:`Filter` into a predicate ``(view, ctx) -> bool`` (every field given must hold).

    ``zone`` defaults to ``battlefield``. Fields beside ``any:`` apply to every alternative, the zone (given
    or default) included: an alternative adds a zone check only when it names a ``zone`` itself. When only
    alternatives name zones, each alternative that names none keeps the default ``battlefield``."""
    key = (id(spec), default_zone)
    hit = _COMPILED.get(key)
    if hit is not None and hit[0] is spec:
        return hit[1]
    checks: list[Predicate] = []
    if spec.player:
        checks.append(lambda view, ctx: False)
    zone = spec.zone
    alt_default = False
    if not zone and default_zone:
        if _alternatives_give_zone(spec):
            alt_default = True
        else:
            zone = Zone.BATTLEFIELD
    if zone and zone != "all":
        def in_zone(view: Any, ctx: SelectorContext, z: str = zone) -> bool:
            return bool(view.zone == z)

        checks.append(in_zone)
    elif zone == "all":
        # SCENARIO-FORMAT.md 2.6: ``all`` is every zone but libraries; only ``zone: library`` looks at them.
        def not_library(view: Any, ctx: SelectorContext) -> bool:
            return bool(view.zone != Zone.LIBRARY)

        checks.append(not_library)
    for attr, wanted, unwanted in (("types", spec.types, spec.not_types),
                                   ("supertypes", spec.supertypes, spec.not_supertypes),
                                   ("colors", spec.colors, spec.not_colors), ("keywords", spec.keywords, ())):
        if wanted:
            checks.append(_all_in(attr, list(wanted)))
        if unwanted:
            checks.append(_none_in(attr, list(unwanted)))
    if spec.subtypes:
        subs = list(spec.subtypes)

        def has_subs(view: Any, ctx: SelectorContext) -> bool:
            return _has_subtypes(view, subs, ctx)

        checks.append(has_subs)
    if spec.not_subtypes:
        nsubs = list(spec.not_subtypes)

        def lacks_subs(view: Any, ctx: SelectorContext) -> bool:
            return not _has_any_subtype(view, nsubs, ctx)

        checks.append(lacks_subs)
    if spec.controller:
        checks.append(_controller(str(spec.controller)))
    if spec.owner:
        checks.append(_owner(str(spec.owner)))
    if spec.other:
        def other(view: Any, ctx: SelectorContext) -> bool:
            return bool(view.uid != ctx.source)

        checks.append(other)
    if spec.token is not None:
        tok = bool(spec.token)

        def is_token(view: Any, ctx: SelectorContext) -> bool:
            return bool(view.token) == tok

        checks.append(is_token)
    if (spec.not_types or spec.not_subtypes or spec.not_supertypes or spec.not_colors) and not (
            spec.types or spec.subtypes or spec.supertypes or spec.colors or spec.keywords):
        # An unknown library card has no characteristics: a key about one never matches it (SCENARIO-FORMAT.md
        # 2.6). A key that asks for a characteristic can't match an object that has none; one that excludes one
        # needs this check.
        def known(view: Any, ctx: SelectorContext) -> bool:
            return not getattr(view, "unknown", False)

        checks.append(known)
    if spec.any:
        alts = [compile_filter(a, default_zone=alt_default) for a in spec.any]

        def either(view: Any, ctx: SelectorContext) -> bool:
            return any(a(view, ctx) for a in alts)

        checks.append(either)

    def predicate(view: Any, ctx: SelectorContext) -> bool:
        for check in checks:  # noqa: SIM110 - a plain loop is faster here than all() on a generator
            if not check(view, ctx):
                return False
        return True

    _COMPILED[key] = (spec, predicate)
    return predicate


def is_player_selector(selector: Any) -> bool:
    """Whether the selector can pick players (``player: true``, also as an ``any:`` alternative)."""
    if not isinstance(selector, Filter):
        return False
    return selector.player or any(is_player_selector(a) for a in selector.any)


def _matches_player(player: bool, ctrl: str | None, name: str, ctx: SelectorContext) -> bool:
    if not player:
        return False
    if ctrl:
        return _player_is(ctrl, name, ctx)
    return True


def matches_player(selector: Any, name: str, ctx: SelectorContext) -> bool:
    """Whether the player ``name`` is picked by ``selector`` (``controller`` then names that player)."""
    if not isinstance(selector, Filter):
        return False
    if selector.any:
        # Each alternative under the outer fields; the alternative's own fields win.
        return any(_matches_player(alt.player or selector.player,
                                   alt.controller if alt.controller is not None else selector.controller, name, ctx)
                   for alt in selector.any)
    return _matches_player(selector.player, selector.controller, name, ctx)


def matches(selector: Any, view: Any, ctx: SelectorContext) -> bool:
    """Whether ``view`` (an object) is picked by ``selector``."""
    if selector is None:
        return False
    if isinstance(selector, str):
        if selector == "self":
            return view.uid == ctx.source
        if selector in ("enchanted", "equipped"):
            return ctx.attached_to is not None and view.uid == ctx.attached_to
        if ctx.ids is not None and selector in ctx.ids:
            return ctx.ids[selector] == view.uid
        return False
    if isinstance(selector, tuple):
        return ctx.ids is not None and any(ctx.ids.get(i) == view.uid for i in selector)
    if isinstance(selector, Filter):
        if selector.player:
            return False
        return compile_filter(selector)(view, ctx)
    return False


def select(selector: Any, views: Iterable[Any], ctx: SelectorContext) -> list[int]:
    """The uids of the views picked by ``selector``, in the order given."""
    if isinstance(selector, str):
        if selector == "self":
            return [v.uid for v in views if v.uid == ctx.source]
        if selector in ("enchanted", "equipped"):
            return [v.uid for v in views if v.uid == ctx.attached_to] if ctx.attached_to is not None else []
    if isinstance(selector, Filter) and not selector.player:
        pred = compile_filter(selector)
        return [v.uid for v in views if pred(v, ctx)]
    return [v.uid for v in views if matches(selector, v, ctx)]


def select_players(selector: Any, ctx: SelectorContext) -> list[str]:
    """Players picked by a ``player: true`` selector (``controller`` then names that player)."""
    return [p for p in ctx.players if matches_player(selector, p, ctx)]


def reads(selector: Any) -> set[str]:
    """What a selector looks at, as tokens ``attribute:value`` (``types:Land``, ``controller``), for the
    dependency pre-check of CR 613.8a: only a change to one of these can change what it selects."""
    out: set[str] = set()
    if isinstance(selector, Filter):
        for attr in ("types", "supertypes", "colors", "keywords", "subtypes"):
            for key in (attr, f"not_{attr}"):
                for value in getattr(selector, key, ()):
                    out.add(f"{attr}:{value}")
        if selector.controller:
            out.add("controller")
        for alt in selector.any:
            out |= reads(alt)
    return out
