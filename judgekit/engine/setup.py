"""The game at the start of a replay, from a validated scenario: players, objects, timestamps, effects in place.

Object timestamps default to their position on the battlefield; an ``effects:`` entry without a timestamp gets
the largest one so far + 1 (SCENARIO-FORMAT.md "Timestamps", CR 613.7). Effects already in place have their
affected set fixed when the replay starts (CR 611.2c).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from judgekit.engine.characteristics import layer_result
from judgekit.engine.choices import Chooser, DefaultChooser
from judgekit.engine.library import setup_libraries
from judgekit.engine.objects import make_object
from judgekit.engine.replacement import ReplacementEffect, add
from judgekit.engine.restriction_ops import PLAYER_OPS
from judgekit.engine.selectors import SelectorContext, is_player_selector, select, select_players
from judgekit.engine.specs import ReplacementSpec
from judgekit.engine.state import ContinuousEffect, Game, Player, Ref
from judgekit.engine.values import ValueContext, freeze_values
from judgekit.engine.vocab import Step, Zone


def build_game(data: dict[str, Any], chooser: Chooser | None = None) -> Game:
    """The initial game state of a validated scenario (SCENARIO-FORMAT.md: objects, timestamps, effects), its
    specs already typed (``judgekit.scenario.specs.scenario_specs``: objects' ``abilities``, ``effect``,
    ``target``; each ``effects:`` entry's ``ops`` and ``affects``)."""
    players = [Player(p["name"], p.get("life", 20), p.get("poison", 0)) for p in data["players"]]
    for p, written in zip(players, data["players"], strict=True):
        if written.get("max_hand_size") is not None:
            p.max_hand_size = int(written["max_hand_size"])
    game = Game(players=players, active=data["active_player"], step=Step(data["step"]))
    game.chooser = chooser if chooser is not None else DefaultChooser()
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
    # Libraries (SCENARIO-FORMAT.md 2.6): known cards top first, runs of unknown cards; 60 unknown by default.
    seq = setup_libraries(game, data, seq)
    game.seq = seq
    for od in data["battlefield"]:
        if od.get("attached_to") is not None:
            game.obj(od["id"]).attached_to = game.ids[od["attached_to"]]
    largest = max([o.timestamp for o in game.objects.values() if o.zone == Zone.BATTLEFIELD], default=-1)
    for i, ed in enumerate(data.get("effects") or []):
        ts = ed["timestamp"] if ed.get("timestamp") is not None else largest + 1
        largest = max(largest, ts)
        if ed.get("replacement") is not None:
            add_replacement_in_place(game, ed, ts, i)
        else:
            add_effect_in_place(game, ed, ts, i)
    for action in data.get("actions") or []:
        cast = action.get("cast")
        if cast and isinstance(cast.get("object"), dict):
            game.named.append(cast["object"]["id"])
    game.touch()
    return game


class _Views(Mapping[int, Any]):
    """The computed characteristics of every object, computed on first use only: an entry that names what it
    affects and has no VALUE to evaluate needs none (so many entries cost no computation each)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._table: dict[int, Any] | None = None

    def table(self) -> dict[int, Any]:
        if self._table is None:
            self._table = layer_result(self.game).computed
        return self._table

    def __getitem__(self, uid: int) -> Any:
        return self.table()[uid]

    def __iter__(self) -> Iterator[int]:
        return iter(self.table())

    def __len__(self) -> int:
        return len(self.table())


def add_effect_in_place(game: Game, ed: dict[str, Any], timestamp: int, index: int) -> ContinuousEffect:
    """An ``effects:`` entry: a continuous effect of a resolved spell, set fixed at the start (CR 611.2c).

    ``source_id`` names its source (SCENARIO-FORMAT.md 2.5): the default controller is that object's controller
    (its owner off the battlefield), and ``while_source_on_battlefield`` follows it (an entry whose source is no
    longer on the battlefield does nothing, 611.2b)."""
    src = game.obj(ed["source_id"]) if ed.get("source_id") in game.ids else None
    controller = ed.get("controller") or (src.controller or src.owner if src is not None else game.active)
    table = _Views(game)
    ctx = SelectorContext(you=controller, source=None, ids=game.ids, players=tuple(p.name for p in game.players))
    affects = ed["affects"]
    affected: list[int] | None
    if isinstance(affects, tuple):
        affected = [game.ids[a] for a in affects if a in game.ids]
    else:
        affected = select(affects, list(table.table().values()), ctx)
    ops = freeze_values(ed["ops"], ValueContext(game, table, ctx))
    players: list[str] | None = None
    if is_player_selector(affects) and any(op in PLAYER_OPS for op in ops):
        # Hexproof or protection on the players the selector picks (702.11c, 702.16b).
        affected, players = None, select_players(affects, ctx)
    duration = ed.get("duration", "end_of_turn")
    source_name = src.card.name if src is not None and ed.get("source") in (None, ed.get("source_id")) \
        else str(ed["source"])
    effect = ContinuousEffect(uid=game.new_uid(), ops=ops, timestamp=timestamp, source_name=source_name,
                              controller=controller, affected=affected, duration=duration,
                              order=(1, index), source_uid=src.uid if src is not None else None,
                              players=players)
    if duration == "while_source_on_battlefield":
        game.source_bound = True
        if src is None or src.zone != Zone.BATTLEFIELD:
            game.record("effect", "turn.source_already_gone", "611.2b", source=source_name)
            return effect
    game.effects.append(effect)
    game.touch()
    return effect


def add_replacement_in_place(game: Game, ed: dict[str, Any], timestamp: int, index: int) -> ReplacementEffect:
    """An ``effects:`` entry with ``replacement`` (SCENARIO-FORMAT.md 2.3): a replacement effect of a resolved
    spell or ability. ``of`` as ids is a fixed set; a selector is evaluated at each event (CR 611.2c). ``source``
    names it, ``id`` is the name ``choices.replacement_order`` uses (default: the source)."""
    spec: ReplacementSpec = ed["replacement"]
    controller = ed.get("controller") or game.active
    fixed: tuple[Ref, ...] | None = None
    if isinstance(spec.of, tuple):
        fixed = tuple(game.ref(i) for i in spec.of)
    elif isinstance(spec.of, str):
        fixed = (game.ref(spec.of),)
    source = str(ed["source"])
    src_uid = game.ids.get(str(ed.get("source_id") or source))
    effect = ReplacementEffect(
        spec=spec, key=f"e{index}", source=str(ed.get("id") or source), source_uid=src_uid,
        source_name=game.objects[src_uid].card.name if src_uid is not None else source, controller=controller,
        timestamp=timestamp, fixed=fixed, duration=ed.get("duration", "end_of_turn"), uses_left=spec.uses,
        prevent_left=spec.then.prevent if isinstance(spec.then.prevent, int) else None)
    if effect.duration == "while_source_on_battlefield":
        game.source_bound = True
        src = game.objects.get(src_uid) if src_uid is not None else None
        if src is None or not src.current or src.zone != Zone.BATTLEFIELD:
            game.record("effect", "turn.source_already_gone", "611.2b", source=effect.source_name)
            return effect
    add(game, effect)
    return effect
