"""The events of SCENARIO-FORMAT.md 2.7 that the rest of the rules core reports, and the player REFs.

The verbs, costs and combat call the small ``*_event`` helpers here when something happens that a triggered
ability may wait for (CR 603.2): a permanent becomes tapped (not one that enters tapped, 603.2e), a spell or
ability chooses its targets (601.2c), a card is discarded or a permanent sacrificed (their zone change is
tagged), a permanent enters with counters (122.6: they count as put on it).

:func:`player_filter` reads the ``of:`` of a trigger about a player or a step ("whose turn"): ``you``,
``opponent``, ``any``, a player's name or a player REF (:class:`~judgekit.engine.specs.PlayerOf`).
:func:`players_of` works out a :class:`~judgekit.engine.specs.PlayerOf` ("that creature's controller"): for an
object no longer on the battlefield or the stack, the controller it had as it last existed (CR 608.2h).
"""

from __future__ import annotations

from typing import Any

from judgekit.engine.specs import Filter, PlayerOf
from judgekit.engine.state import Computed, EventKind, Game, GameEvent, GameObject, Ref
from judgekit.engine.vocab import Zone

# Player filter words (SCENARIO-FORMAT.md 2.7 Events).
PLAYER_WORDS = ("you", "opponent", "any")


def tapped_event(game: Game, obj: GameObject) -> None:
    """``obj`` has just become tapped (CR 603.2e: entering tapped is not becoming tapped)."""
    game.emit(GameEvent(EventKind.TAPPED, obj=obj.uid, data={"controller": obj.controller}))


def tag_move(game: Game, old_uid: int, **data: Any) -> None:
    """Tag the latest zone change of the object ``old_uid`` (``discard``, ``sacrificed``): what kind of move it
    was, for the events that wait for it."""
    for ev in reversed(game.events):
        if ev.kind == EventKind.ZONE_CHANGE and ev.obj == old_uid:
            ev.data.update(data)
            return


def entering_counters(game: Game, obj: GameObject) -> None:
    """The counters a permanent entered with are counters put on it (CR 122.6): one event per kind, after the
    event of its entering."""
    for kind, n in obj.counters.items():
        if n > 0:
            game.emit(GameEvent(EventKind.COUNTERS, obj=obj.uid, amount=n, data={"kind": kind, "entering": True}))


def last_controller(game: Game, uid: int) -> str | None:
    """The controller of an object; for one no longer on the battlefield or the stack, the one it had as it last
    existed there (CR 608.2h)."""
    obj = game.objects.get(uid)
    if obj is None:
        return None
    if obj.current and obj.zone in (Zone.BATTLEFIELD, Zone.STACK):
        from judgekit.engine.characteristics import chars

        return chars(game, obj).controller
    seen: GameObject | None = obj
    while seen is not None:
        if seen.lki is not None and seen.lki.controller and seen.lki.zone in (Zone.BATTLEFIELD, Zone.STACK):
            return seen.lki.controller
        seen = _previous(game, seen)
    return obj.owner


def _previous(game: Game, obj: GameObject) -> GameObject | None:
    for other in game.objects.values():
        if other.superseded_by == obj.uid:
            return other
    return None


def players_of(game: Game, which: str, refs: list[Ref]) -> list[str]:
    """The controllers (``which="controller"``) or owners of what ``refs`` name, each once; a player names
    itself."""
    out: list[str] = []
    for r in refs:
        if isinstance(r, str):
            found: str | None = r if game.is_player(r) else None
        elif which == "owner":
            obj = game.objects.get(r)
            found = obj.owner if obj is not None else None
        else:
            found = last_controller(game, r)
        if found is not None and found not in out:
            out.append(found)
    return out


def source_refs(game: Game, ref: Any, source: Computed) -> list[Ref]:
    """What a REF names for a permanent's triggered ability, before it is on the stack: ``self``, ``enchanted``,
    ``equipped``, ``you``, ids and player names."""
    if isinstance(ref, PlayerOf):
        return list(players_of(game, ref.which, source_refs(game, ref.ref, source)))
    if isinstance(ref, tuple):
        return [game.ref(i) for i in ref]
    if not isinstance(ref, str):
        return []
    if ref == "self":
        return [source.uid]
    if ref in ("enchanted", "equipped"):
        obj = game.objects.get(source.uid)
        return [obj.attached_to] if obj is not None and obj.attached_to is not None else []
    if ref in ("you", "controller"):
        return [source.controller] if source.controller else []
    if game.is_player(ref):
        return [ref]
    if ref in game.ids:
        return [game.ids[ref]]
    return []


def player_filter(game: Game, of: Any, player: str | None, source: Computed) -> bool:
    """Whether ``player`` is one the player filter ``of`` picks for an ability of ``source``: ``you`` (also
    the default ``self``), ``opponent``, ``any``, a name, a player REF or a ``player: true`` selector."""
    if player is None:
        return False
    if of in ("self", "you", "controller"):
        return player == source.controller
    if of == "opponent":
        return player != source.controller
    if of == "any":
        return True
    if isinstance(of, PlayerOf):
        return player in source_refs(game, of, source)
    if isinstance(of, Filter):
        from judgekit.engine.selectors import SelectorContext, matches_player

        obj = game.objects.get(source.uid)
        ctx = SelectorContext(you=source.controller, source=source.uid,
                              attached_to=obj.attached_to if obj is not None else None, ids=game.ids,
                              players=tuple(p.name for p in game.players))
        return matches_player(of, player, ctx)
    return isinstance(of, str) and of == player


def excess_damage(game: Game, start: int) -> int:
    """``excess_damage`` (CR 120.4a): the damage the source of the damage events from index ``start`` on dealt to
    creatures beyond lethal damage, taking into account the damage already marked on each and the damage other
    sources dealt to it at the same time; from a deathtouch source (702.2c) any damage beyond 1 is excess."""
    from judgekit.engine.characteristics import chars

    dealt = [ev for ev in game.events[start:] if ev.kind == EventKind.DAMAGE and ev.obj is not None]
    if not dealt:
        return 0
    mine_source = dealt[0].source
    total = 0
    for uid in dict.fromkeys(ev.obj for ev in dealt):
        obj = game.objects.get(uid) if uid is not None else None
        if obj is None:
            continue
        view = chars(game, obj) if obj.current else obj.lki
        if view is None or not view.is_creature:
            continue
        mine = sum(ev.amount for ev in dealt if ev.obj == uid and ev.source == mine_source)
        others = sum(ev.amount for ev in dealt if ev.obj == uid and ev.source != mine_source)
        before = max(0, obj.damage - mine - others)
        toughness = view.toughness or 0
        src = game.objects.get(mine_source) if mine_source is not None else None
        src_view = (chars(game, src) if src.current else src.lki) if src is not None else None
        deathtouch = src_view is not None and src_view.has("deathtouch")
        need = 0 if before >= toughness else (1 if deathtouch else toughness - before)
        total += max(0, mine - max(0, need - others))
    return total
