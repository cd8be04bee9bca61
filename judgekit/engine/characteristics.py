"""Querying computed characteristics: ``chars(game, obj)`` (CR 613, cached until the state changes).

The layer system is run once for every object and the result cached on the game, keyed by
``game.version``; every state mutation calls :meth:`Game.touch`, which invalidates it. An object that has
left its zone answers with its last known information (CR 608.2h).

:func:`frozen` holds the characteristics fixed for the length of one simultaneous event (all the combat
damage of one step, CR 510.2): touches inside it don't invalidate them, one touch on exit does.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from judgekit.engine.layers import LayerResult, compute
from judgekit.engine.state import Computed, Game, GameObject


def layer_result(game: Game) -> LayerResult:
    """The (cached) result of the layer system for the current state (or the one held by :func:`frozen`)."""
    if game.frozen is not None:
        held: LayerResult = game.frozen
        return held
    cache = game.cache
    if cache is not None and cache[0] == game.version:
        result: LayerResult = cache[1]
        return result
    result = compute(game)
    game.cache = (game.version, result)
    return result


@contextmanager
def frozen(game: Game) -> Iterator[LayerResult]:
    """Keep the computed characteristics as they are now while one simultaneous event happens.

    Everything that happens at the same time sees every object as it was when the event began (CR 510.2:
    combat damage is dealt simultaneously; the -1/-1 counters of wither and infect, the loss of loyalty
    apply together, after it). Inside, :meth:`Game.touch` still counts changes but ``chars`` answers from
    the held result; an object that appears meanwhile is computed afresh. Nested uses join the outer one.
    On exit the state is marked changed, so the next query runs the layer system again."""
    if game.frozen is not None:
        yield game.frozen
        return
    held = layer_result(game)
    game.frozen = held
    try:
        yield held
    finally:
        game.frozen = None
        game.touch()


def all_chars(game: Game) -> dict[int, Computed]:
    """Computed characteristics of every current object, by uid."""
    return layer_result(game).computed


def chars(game: Game, obj: GameObject | int | str) -> Computed:
    """The computed characteristics of an object (a uid, a scenario id or the object itself).

    For an object that is no longer current (it changed zones) this is its last known information.
    """
    if isinstance(obj, str):
        obj = game.obj(obj)
    elif isinstance(obj, int):
        obj = game.objects[obj]
    if not obj.current:
        if obj.lki is not None:
            return obj.lki
        obj = game.newest(obj.uid)
    computed = all_chars(game).get(obj.uid)
    if computed is None and game.frozen is not None:
        computed = compute(game).computed.get(obj.uid)
    if computed is None:
        raise KeyError(obj.uid)
    return computed


def source_chars(game: Game, uid: int | None, fallback: Computed | None = None) -> Computed | None:
    """The characteristics of a spell's or ability's source: computed while it is still the same object,
    otherwise its last known information (CR 608.2h), otherwise ``fallback``."""
    if uid is not None:
        obj = game.objects.get(uid)
        if obj is not None and obj.current:
            return chars(game, obj)
        if obj is not None and obj.lki is not None:
            return obj.lki
    return fallback


def creatures(game: Game) -> list[Computed]:
    """Creatures on the battlefield (computed), in timestamp order."""
    table = all_chars(game)
    return [table[o.uid] for o in game.battlefield() if o.uid in table and table[o.uid].is_creature]


def permanents(game: Game) -> list[Computed]:
    table = all_chars(game)
    return [table[o.uid] for o in game.battlefield() if o.uid in table]
