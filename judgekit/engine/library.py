"""Libraries and drawing (SCENARIO-FORMAT.md 2.6; CR 121, 401, 701.17, 701.23, 701.24).

A library is kept per player, top first, as a list whose entries are either the uid of an object in the library
zone (a known card, or an unknown card that something named or moved) or a :class:`Run` of unknown cards that are
not objects yet. An unknown card costs nothing until it is needed: it becomes an object (:func:`card_at`, with id
``library-PLAYER-N`` and no characteristics) only when it is drawn, milled, searched for, named by the file or
looked at by a ``zone: library`` selector. So the loops of the rules core over ``game.objects`` (layers, selectors,
state-based actions) never see the dozens of cards a library holds.

Every zone change into or out of a library goes through :func:`judgekit.engine.objects.move`, which calls
:func:`zone_changed` to keep the order. The verbs of 2.6 (``draw``, ``mill``, ``put_on_top``, ``put_on_bottom``,
``shuffle``, ``search_library``) are here; :mod:`judgekit.engine.effects` lists them in its verb table. Each
verb notes the objects it put into a zone in ``ctx.noted`` (the reference ``created``, 2.7; see
:func:`judgekit.engine.effects.note_created`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judgekit.engine.characteristics import all_chars
from judgekit.engine.choices import SearchCards, ShuffleOrder
from judgekit.engine.errors import IllegalAction
from judgekit.engine.objects import make_object, move, set_library_hook
from judgekit.engine.replacement import propose
from judgekit.engine.selectors import SelectorContext, compile_filter
from judgekit.engine.specs import EffectEntry, Filter, SearchParam
from judgekit.engine.state import Chars, EventKind, Game, GameEvent, GameObject, Ref
from judgekit.engine.values import ValueContext
from judgekit.engine.values import amount as value_amount
from judgekit.engine.vocab import Zone

if TYPE_CHECKING:
    from judgekit.engine.effects import EffectContext

# A player without a ``library`` entry has this many unknown cards (SCENARIO-FORMAT.md 2.6).
DEFAULT_LIBRARY = 60


@dataclass
class Run:
    """``count`` unknown cards in a row, numbered from ``first`` (ids ``library-PLAYER-first``, ...)."""

    first: int
    count: int


@dataclass
class Library:
    """One player's library, top first: object uids and runs of unknown cards."""

    owner: str
    cards: list[int | Run] = field(default_factory=list)

    def size(self) -> int:
        return sum(e.count if isinstance(e, Run) else 1 for e in self.cards)


def unknown_id(player: str, number: int) -> str:
    """The id of the ``number``-th unknown card of ``player``'s library as the file writes it (2.6)."""
    return f"library-{player}-{number}"


def library(game: Game, player: str) -> Library:
    lib = game.libraries.get(player)
    if lib is None:
        lib = game.libraries[player] = Library(player)
    return lib


def size(game: Game, player: str) -> int:
    """How many cards ``player``'s library holds, known and unknown (``final.players.NAME.library``)."""
    lib = game.libraries.get(player)
    return lib.size() if lib is not None else 0


# ------------------------------------------------------------------------------------------------------
# Setting up


def setup_libraries(game: Game, data: dict[str, Any], seq: int) -> int:
    """Every player's library from a validated scenario: ``data["library"]`` maps a player to a list, top first,
    of objects (known cards) and whole numbers (that many unknown cards); a player without one has 60 unknown
    cards. The unknown cards the file names by id become objects now (``data["library_named"]``). Returns the
    next ``seq``."""
    written = data.get("library") or {}
    for p in game.players:
        lib = library(game, p.name)
        number = 1
        for entry in written.get(p.name, [DEFAULT_LIBRARY]):
            if isinstance(entry, int):
                if entry > 0:
                    lib.cards.append(Run(number, entry))
                    number += entry
                continue
            obj = make_object(game, entry, Zone.LIBRARY, p.name, None, 0, seq)
            game.named.append(obj.id)
            lib.cards.append(obj.uid)
            seq += 1
    for oid in data.get("library_named") or []:
        if oid not in game.ids and materialize_id(game, str(oid)) is not None:
            game.named.append(str(oid))
    return seq


def _unknown_object(game: Game, owner: str, number: int) -> GameObject:
    """An unknown card as an object: no characteristics (its name stands in for messages: its id)."""
    oid = unknown_id(owner, number)
    game.seq += 1
    obj = GameObject(uid=game.new_uid(), id=oid, card=Chars(name=oid), zone=Zone.LIBRARY, owner=owner,
                     seq=game.seq, unknown=True)
    return game.add_object(obj)


def card_at(game: Game, lib: Library, index: int) -> GameObject:
    """The card at ``index`` (0: the top) of ``lib``, made an object if it was an unknown card of a run."""
    pos = 0
    for i, entry in enumerate(lib.cards):
        if isinstance(entry, Run):
            if index < pos + entry.count:
                k = index - pos
                obj = _unknown_object(game, lib.owner, entry.first + k)
                parts: list[int | Run] = []
                if k > 0:
                    parts.append(Run(entry.first, k))
                parts.append(obj.uid)
                if k + 1 < entry.count:
                    parts.append(Run(entry.first + k + 1, entry.count - k - 1))
                lib.cards[i:i + 1] = parts
                return obj
            pos += entry.count
        else:
            if pos == index:
                return game.objects[entry]
            pos += 1
    raise IndexError(index)


def top(game: Game, player: str, n: int) -> list[GameObject]:
    """The top ``n`` cards of ``player``'s library (fewer if it has fewer), top first."""
    lib = library(game, player)
    return [card_at(game, lib, i) for i in range(min(n, lib.size()))]


def parse_unknown_id(oid: str) -> tuple[str, int] | None:
    if not oid.startswith("library-"):
        return None
    player, sep, number = oid[len("library-"):].rpartition("-")
    if not sep or not number.isdigit():
        return None
    return player, int(number)


def materialize_id(game: Game, oid: str) -> GameObject | None:
    """The unknown card ``oid`` (``library-PLAYER-N``) as an object, if it is still an unknown card of a run of
    that player's library; its object if it already is one."""
    if oid in game.ids:
        return game.obj(oid)
    parsed = parse_unknown_id(oid)
    if parsed is None or parsed[0] not in game.libraries:
        return None
    player, number = parsed
    lib = game.libraries[player]
    pos = 0
    for entry in lib.cards:
        if isinstance(entry, Run):
            if entry.first <= number < entry.first + entry.count:
                return card_at(game, lib, pos + number - entry.first)
            pos += entry.count
        else:
            pos += 1
    return None


def ids_in_order(game: Game, player: str) -> list[str]:
    """The id of every card in ``player``'s library, top first, without making objects of unknown cards."""
    out: list[str] = []
    for entry in library(game, player).cards:
        if isinstance(entry, Run):
            out += [unknown_id(player, entry.first + k) for k in range(entry.count)]
        else:
            out.append(game.objects[entry].id)
    return out


def zone_changed(game: Game, old: GameObject, new: GameObject, position: str) -> None:
    """Keep the library order as a card leaves one (``old``) or enters one (``new``, its owner's): on top, or at
    the bottom with ``position`` ``library_bottom`` (CR 401.1, 401.4)."""
    if old.zone == Zone.LIBRARY:
        lib = library(game, old.owner)
        if old.uid in lib.cards:
            lib.cards.remove(old.uid)
    if new.zone == Zone.LIBRARY and not new.token:
        # A token put into a library is not a card of it: it ceases to exist at the next check (704.5d).
        lib = library(game, new.owner)
        if position == "library_bottom":
            lib.cards.append(new.uid)
        else:
            lib.cards.insert(0, new.uid)


set_library_hook(zone_changed)


# ------------------------------------------------------------------------------------------------------
# Selectors that look at libraries


_CHARACTERISTIC_KEYS = ("types", "not_types", "subtypes", "not_subtypes", "supertypes", "not_supertypes",
                        "colors", "not_colors", "keywords")


def about_characteristics(spec: Filter) -> bool:
    """Whether a filter has a key about a characteristic, which never matches an unknown card (2.6)."""
    return any(getattr(spec, k) for k in _CHARACTERISTIC_KEYS) or any(about_characteristics(a) for a in spec.any)


def _owners(game: Game, spec: Filter, ctx: SelectorContext) -> list[str]:
    names = [p.name for p in game.players]
    who = spec.owner
    if who in (None, "any"):
        return names
    if who == "you":
        return [n for n in names if n == ctx.you]
    if who == "opponent":
        return [n for n in names if n != ctx.you]
    if who == "chosen":
        return [n for n in names if n == ctx.chosen]
    return [n for n in names if n == who]


def select_in_libraries(game: Game, spec: Filter, ctx: SelectorContext, *, any_zone: bool = False) -> list[int]:
    """The cards a ``zone: library`` filter picks, library by library (players in ``players`` order), each in
    library order (SCENARIO-FORMAT.md 2.6). ``top: N`` lets only the top N cards of each library match. A filter
    with a key about a characteristic looks only at known cards (an unknown card never matches it), so only a
    filter without one, or with ``top``, makes objects of unknown cards. ``any_zone`` ignores the filter's
    ``zone`` (a search, 701.23a)."""
    out: list[int] = []
    looked: list[GameObject] = []
    known_only = about_characteristics(spec) and spec.top is None
    for player in _owners(game, spec, ctx):
        lib = library(game, player)
        if spec.top is not None:
            looked += top(game, player, spec.top)
        elif known_only:
            looked += [game.objects[e] for e in lib.cards if isinstance(e, int)]
        else:
            looked += top(game, player, lib.size())
    if not looked:
        return out
    table = all_chars(game)
    check = compile_filter(dataclasses.replace(spec, zone=Zone.LIBRARY.value) if any_zone else spec)
    return [o.uid for o in looked if check(table[o.uid], ctx)]


# ------------------------------------------------------------------------------------------------------
# Drawing (CR 121)


def draw_cards(game: Game, player: str, count: int, rule: str = "121.1") -> list[GameObject]:
    """``player`` draws ``count`` cards one at a time (CR 121.2): each is a ``would_draw`` event replacement
    effects may change (614.6), then the top card is put into the hand and a draw event is recorded. A player
    who would draw from an empty library draws nothing and loses at the next state-based action check (121.4,
    704.5b), not now. ``rule`` is the rule that makes them draw (121.1 for an effect, 504.1 in the draw step).
    Returns the cards drawn, as the new objects in the hand."""
    drawn: list[GameObject] = []
    empty = 0
    for _n in range(count):
        if game.replacement_abilities or game.replacements:
            if propose(game, GameEvent(EventKind.DRAW, player=player)) is None:
                continue
        lib = library(game, player)
        if lib.size() == 0:
            game.player(player).drew_from_empty = True
            empty += 1
            continue
        card = card_at(game, lib, 0)
        new = move(game, card, Zone.HAND)
        if new is card:
            continue
        drawn.append(new)
        game.emit(GameEvent(EventKind.DRAW, player=player, obj=new.uid, amount=1))
    if drawn:
        game.record("effect", "library.drew", rule, "121.2", objects=[o.id for o in drawn], player=player,
                    cards=[o.card.name for o in drawn], unknown=[o.id for o in drawn if o.unknown])
    if empty:
        game.record("effect", "library.draw_from_empty", "121.4", "704.5b", player=player, amount=empty)
    return drawn


def empty_library_losses(game: Game) -> list[str]:
    """The players who attempted to draw from an empty library since the last check (704.5b); the check uses
    the mark up."""
    out = []
    for p in game.players:
        if p.drew_from_empty:
            p.drew_from_empty = False
            if not p.lost:
                out.append(p.name)
    return out


# ------------------------------------------------------------------------------------------------------
# Shuffling (CR 701.24)


def shuffle(game: Game, player: str, *, set_aside: Iterable[int] = ()) -> None:
    """``player`` shuffles their library (701.24a). The replay can't randomize: the stand-in order puts on top the
    cards ``choices.shuffle`` lists for that player, in that order, and keeps the others in their order below them;
    without that key the order doesn't change (a :class:`~judgekit.engine.choices.ShuffleOrder` decision, an
    assumption). ``set_aside`` are cards left out of the shuffle and put on top after it, in that order
    (701.24b)."""
    lib = library(game, player)
    aside = [u for u in set_aside if u in lib.cards]
    known = tuple(game.objects[e].id for e in lib.cards if isinstance(e, int) and e not in aside)
    decision = game.chooser.choose(ShuffleOrder(player, known))
    listed: list[int] = []
    for oid in decision.value or ():
        obj = materialize_id(game, str(oid))
        if obj is not None and obj.current and obj.zone == Zone.LIBRARY and obj.owner == player \
                and obj.uid not in listed and obj.uid not in aside:
            listed.append(obj.uid)
    rest = [e for e in lib.cards if not (isinstance(e, int) and (e in listed or e in aside))]
    lib.cards = [*aside, *listed, *rest]
    game.touch()
    game.record("effect", "library.shuffled", "701.24a", *(["701.24b"] if aside else []), player=player,
                given=decision.given, top=[game.objects[u].card.name for u in listed],
                unknown=[game.objects[u].id for u in listed if game.objects[u].unknown],
                aside=[game.objects[u].card.name for u in aside])


# ------------------------------------------------------------------------------------------------------
# Verbs


def _value_context(game: Game, ctx: EffectContext) -> ValueContext:
    return ValueContext(game, all_chars(game), _selector_context(game, ctx), None, list(ctx.targets),
                        ctx.trigger_object, ctx.x, ctx.event_amount)


def _selector_context(game: Game, ctx: EffectContext) -> SelectorContext:
    src = game.objects.get(ctx.source_uid) if ctx.source_uid is not None else None
    return SelectorContext(you=ctx.controller, source=ctx.source_uid,
                           attached_to=src.attached_to if src is not None else None, ids=game.ids,
                           players=tuple(p.name for p in game.players),
                           chosen=src.chosen if src is not None else None)


def _players(refs: list[Ref]) -> list[str]:
    return [r for r in refs if isinstance(r, str)]


def _current(game: Game, refs: list[Ref]) -> list[GameObject]:
    out = []
    for r in refs:
        o = game.objects.get(r) if isinstance(r, int) else None
        if o is not None and o.current and o.zone not in (Zone.GONE,):
            out.append(o)
    return out


def verb_draw(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 121.1: each ``to:`` player draws N cards, one at a time (:func:`draw_cards`)."""
    count = value_amount(entry.param, _value_context(game, ctx))
    created: list[int] = []
    for player in _players(refs):
        created += [o.uid for o in draw_cards(game, player, count)]
    ctx.noted = created


def verb_mill(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 701.17a: each ``to:`` player puts the top N cards of their library into their graveyard, all of them if
    it has fewer (701.17b). Milling is not drawing: it never makes a player lose."""
    count = value_amount(entry.param, _value_context(game, ctx))
    created: list[int] = []
    for player in _players(refs):
        cards = top(game, player, max(count, 0))
        for card in cards:
            new = move(game, card, Zone.GRAVEYARD)
            if new is not card:
                created.append(new.uid)
        game.record("effect", "library.milled", "701.17a", *(["701.17b"] if len(cards) < count else []),
                    objects=[o.id for o in cards], player=player, amount=count, cards=[o.card.name for o in cards],
                    unknown=[o.id for o in cards if o.unknown])
    ctx.noted = created


def _put(game: Game, ctx: EffectContext, refs: list[Ref], position: str) -> None:
    """The ``to:`` objects go into their owners' libraries, the first named ends on top (or at the bottom)."""
    objs = _current(game, refs)
    created: list[int] = []
    for o in reversed(objs):
        if o.zone == Zone.STACK:
            game.stack = [item for item in game.stack if item.object_uid != o.uid]
        new = move(game, o, Zone.LIBRARY, position=position)
        if new is not o:
            created.append(new.uid)
    created.reverse()
    if objs:
        code = "library.put_on_top" if position == "library_top" else "library.put_on_bottom"
        game.record("effect", code, "401.4" if len(objs) > 1 else "400.7", objects=[o.id for o in objs],
                    cards=[o.card.name for o in objs], owners=sorted({o.owner for o in objs}),
                    unknown=[o.id for o in objs if o.unknown])
    ctx.noted = created


def verb_put_on_top(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """The ``to:`` objects go on top of their owners' libraries; the first named ends on top (2.6)."""
    _put(game, ctx, refs, "library_top")


def verb_put_on_bottom(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """The ``to:`` objects go to the bottom of their owners' libraries; the first named ends at the bottom."""
    _put(game, ctx, refs, "library_bottom")


def verb_shuffle(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 701.24a: each ``to:`` player shuffles their library (stand-in order, :func:`shuffle`)."""
    for player in _players(refs):
        shuffle(game, player)
    ctx.noted = []


_SEARCH_ZONES = {"hand": Zone.HAND, "graveyard": Zone.GRAVEYARD, "exile": Zone.EXILE, "battlefield": Zone.BATTLEFIELD,
                 "library_top": Zone.LIBRARY}


def verb_search_library(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """CR 701.23: the effect's controller searches the library of each ``to:`` player for up to ``count`` cards
    that ``for`` matches (matched against that library only). ``for: {}`` ("a card") must find ``count`` cards or
    as many as the library has (701.23d); any other ``for`` may find fewer (701.23b). Which cards: ``choose`` in
    the source's ANSWER (default: the first matching cards from the top). They go where ``to`` says (onto the
    battlefield under the searcher's control, tapped with ``tapped``); then the library is shuffled (701.24a)
    unless ``shuffle: false``, the cards going on top left out of it and put on top after it (701.24b)."""
    param: SearchParam = entry.param
    count = max(0, value_amount(param.count, _value_context(game, ctx)))
    sctx = _selector_context(game, ctx)
    src = game.objects.get(ctx.source_uid) if ctx.source_uid is not None else None
    source = src.id if src is not None else ctx.source_name
    spec = dataclasses.replace(param.for_, zone=None, owner=None, top=None)
    must = spec == Filter()
    created: list[int] = []
    for player in _players(refs):
        lib = library(game, player)
        if about_characteristics(spec):
            known = [game.objects[e] for e in lib.cards if isinstance(e, int)]
            table = all_chars(game)
            check = compile_filter(dataclasses.replace(spec, zone=Zone.LIBRARY.value))
            candidates = [o.id for o in known if check(table[o.uid], sctx)]
        else:
            candidates = ids_in_order(game, player)
        decision = game.chooser.choose(SearchCards(source, ctx.controller, tuple(candidates), count,
                                                   group=game.new_uid()))
        value = decision.value
        chosen = [str(value)] if isinstance(value, str) else [str(v) for v in value or ()]
        for oid in chosen:
            if oid not in candidates or chosen.count(oid) > 1:
                raise IllegalAction("library.search_not_found", rule="701.23a", key=decision.key, card=oid,
                                    player=player, twice=chosen.count(oid) > 1, source=ctx.source_name)
        if len(chosen) > count:
            raise IllegalAction("library.search_too_many", rule="701.23a", key=decision.key, count=count,
                                chosen=len(chosen), source=ctx.source_name)
        needed = min(count, len(candidates)) if must else 0
        if len(chosen) < needed:
            raise IllegalAction("library.search_too_few", rule="701.23d", key=decision.key, count=needed,
                                chosen=len(chosen), source=ctx.source_name)
        found = [o for o in (materialize_id(game, oid) for oid in chosen) if o is not None]
        zone = _SEARCH_ZONES.get(param.to, Zone.HAND)
        game.record("effect", "library.searched", "701.23a", *(["701.23b"] if not must else ["701.23d"]),
                    objects=[o.id for o in found], player=player, searcher=ctx.controller, source=ctx.source_name,
                    cards=[o.card.name for o in found], unknown=[o.id for o in found if o.unknown], to=param.to,
                    tapped=param.tapped and zone == Zone.BATTLEFIELD, given=decision.given, count=count,
                    candidates=len(candidates))
        aside: list[int] = []
        for o in found:
            if zone == Zone.LIBRARY:
                aside.append(o.uid)
                created.append(o.uid)
                continue
            new = move(game, o, zone, controller=ctx.controller if zone == Zone.BATTLEFIELD else None,
                       tapped=param.tapped and zone == Zone.BATTLEFIELD)
            if new is not o:
                created.append(new.uid)
        if param.shuffle:
            shuffle(game, player, set_aside=aside)
        elif aside:
            lib.cards = [*aside, *[e for e in lib.cards if not (isinstance(e, int) and e in aside)]]
            game.touch()
    ctx.noted = created


LIBRARY_VERBS = {"mill": verb_mill, "put_on_top": verb_put_on_top, "put_on_bottom": verb_put_on_bottom,
                 "shuffle": verb_shuffle, "search_library": verb_search_library}
