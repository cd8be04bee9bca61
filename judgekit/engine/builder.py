"""Setting up a game in code, without a scenario file: :class:`GameBuilder` and the ability helpers.

The builder writes the same data the validated scenario layer produces (SCENARIO-FORMAT.md, Objects,
Abilities), with abilities, effects, selectors and operations as typed specs (:mod:`judgekit.engine.specs`,
built by :mod:`judgekit.engine.specdata` as the scenario layer does), and hands it to
:func:`judgekit.engine.setup.build_game`, so a game built here starts exactly as the equivalent scenario
would. Ids are made from names when not given (``Grizzly Bears`` -> ``grizzly-bears``, then
``grizzly-bears-2``); battlefield objects and effects already in place get timestamps in creation order
(CR 613.7). After :meth:`GameBuilder.build`, thin wrappers run the actions of :data:`ACTIONS`, each followed
by a priority point (CR 117.5: state-based actions, then triggered abilities on the stack).

    g = GameBuilder(["Anna", "Bruno"], active="Anna")
    bear = g.creature("Grizzly Bears", 2, 2)
    g.permanent("Glorious Anthem", types=["Enchantment"],
                abilities=[static(affects={"types": ["Creature"], "controller": "you"}, modify_pt=[1, 1])])
    g.build()
    assert (g.chars(bear).power, g.chars(bear).toughness) == (3, 3)
"""

from __future__ import annotations

import re
from typing import Any

import judgekit.engine.specdata as specdata
from judgekit.engine.actions import ACTIONS
from judgekit.engine.characteristics import chars
from judgekit.engine.choices import Script, ScriptedChooser
from judgekit.engine.errors import GameOver
from judgekit.engine.operations import OP_KEYS
from judgekit.engine.priority import priority_point
from judgekit.engine.setup import build_game
from judgekit.engine.specdata import VERB_NAMES, VERB_OPTIONS
from judgekit.engine.specs import AbilitySpec, ActivatedSpec, EffectEntry, Ops, StaticSpec, TriggerSpec
from judgekit.engine.state import Computed, Game, GameObject
from judgekit.engine.triggers import TRIGGER_EVENTS
from judgekit.engine.vocab import Step

Spec = dict[str, Any]


def _ops(ops: dict[str, Any]) -> Ops:
    """Operations of the layer table (CR 613.1) and the rules-changing ones (613.10, 613.11), checked by name, as
    typed parameters (P/T pairs as ``PT``)."""
    unknown = [k for k in ops if k not in OP_KEYS and k not in specdata.RULE_OPS]
    if unknown:
        raise ValueError(f"unknown operation(s): {', '.join(unknown)}")
    return specdata.ops(ops)


def entry(to: Any = None, **fields: Any) -> EffectEntry:
    """One one-shot effect entry: a verb or operations, and ``to`` (``entry(damage=3, to="target")``)."""
    _ops({k: v for k, v in fields.items() if k not in VERB_NAMES and k not in ("duration", "count", *VERB_OPTIONS)})
    data = dict(fields)
    if to is not None:
        data["to"] = to
    return specdata.effect_entry(data)


def _entries(effect: list[Any] | None) -> tuple[EffectEntry, ...]:
    return tuple(e if isinstance(e, EffectEntry) else entry(**e) for e in effect or [])


def static(affects: Any = "self", condition: Spec | None = None, **ops: Any) -> AbilitySpec:
    """A static ability (CR 604, 611.3): operations applied continuously to what ``affects`` selects."""
    if not ops:
        raise ValueError("a static ability needs at least one operation")
    return AbilitySpec("static", static=StaticSpec(_ops(ops), specdata.selector(affects),
                                                   specdata.condition(condition)))


def trigger(event: str, effect: list[Any] | None = None, *, of: Any = "self", optional: bool = False,
            target: Any = None) -> AbilitySpec:
    """A triggered ability (CR 603): ``event`` (CR 603.2) of ``of`` (``self`` or a selector)."""
    if event not in TRIGGER_EVENTS:
        raise ValueError(f"unknown trigger event {event!r}")
    return AbilitySpec("trigger", trigger=TriggerSpec(
        event, specdata.selector(of), optional, specdata.selector(target) if target is not None else None,
        _entries(effect)))


def activated(cost: list[Any] | Any, effect: list[Any] | None = None, target: Any = None) -> AbilitySpec:
    """An activated ability (CR 602): ``cost`` (``tap``, ``sacrifice_self``, ``{"mana": "{1}"}``...)."""
    costs = list(cost) if isinstance(cost, (list, tuple)) else [cost]
    return AbilitySpec("activated", activated=ActivatedSpec(
        tuple(specdata.cost(c) for c in costs), specdata.selector(target) if target is not None else None,
        _entries(effect)))


def replacement(event: str, then: Spec, **fields: Any) -> AbilitySpec:
    """A replacement ability (CR 614; SCENARIO-FORMAT.md 2.3): ``replacement("would_die", {"to": "exile"},
    of={"types": ["Creature"]})``."""
    return AbilitySpec("replacement", replacement=specdata.replacement({"event": event, "then": then, **fields}))


def mana(*symbols: str) -> AbilitySpec:
    """A mana ability (CR 605) adding one mana of any one of ``symbols``."""
    return AbilitySpec("mana", mana=tuple(symbols))


def slug(name: str) -> str:
    """An id from a name: lower case, words joined by ``-``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "object"


class GameBuilder:
    """A game set up in code: objects and effects first, then :meth:`build`, then actions.

    Battlefield objects and effects in place get timestamps in the order they are added (CR 613.7);
    ``timestamp=`` overrides it. Objects default to the first player's control (as in scenario files).
    """

    def __init__(self, players: list[str] | tuple[str, ...] = ("Anna", "Bruno"), *, active: str | None = None,
                 step: str = "main1", life: dict[str, int] | None = None, choices: Script | None = None) -> None:
        self.players = list(players)
        self.data: Spec = {
            "players": [{"name": p, "life": (life or {}).get(p, 20), "poison": 0} for p in self.players],
            "active_player": active or self.players[0], "step": Step(step).value, "battlefield": [],
            "graveyard": {}, "hand": {}, "exile": [], "effects": [],
        }
        self.script = choices
        self.clock = 0
        self._game: Game | None = None
        self.game_over = False

    # -- setting up ----------------------------------------------------------------------------------------
    def _new_id(self, name: str) -> str:
        taken = {o["id"] for o in self.data["battlefield"] + self.data["exile"]}
        taken |= {o["id"] for zone in ("graveyard", "hand") for objs in self.data[zone].values() for o in objs}
        base = slug(name)
        oid, n = base, 1
        while oid in taken or oid in self.players:
            n += 1
            oid = f"{base}-{n}"
        return oid

    def object(self, name: str, *, zone: str = "battlefield", id: str | None = None,
               controller: str | None = None, **fields: Any) -> str:
        """Add an object (the fields of SCENARIO-FORMAT.md, Objects) and return its id.

        ``zone`` is battlefield, graveyard, hand (both owned by ``controller`` or ``owner``) or exile."""
        if self._game is not None:
            raise RuntimeError("the game is already built")
        od: Spec = {"name": name, "id": id or self._new_id(name), "damage": 0, "deathtouch_damage": False,
                    "tapped": False, "summoning_sick": False, "token": False, **fields}
        if od.get("counters"):
            od["counters"] = dict(od["counters"])
        od = specdata.object_data(od)
        if zone == "battlefield":
            od["controller"] = controller or self.players[0]
            if od.get("timestamp") is None:
                od["timestamp"] = self.clock
            self.clock = max(self.clock, od["timestamp"]) + 1
            self.data["battlefield"].append(od)
        elif zone in ("graveyard", "hand"):
            od["owner"] = od.get("owner") or controller or self.players[0]
            self.data[zone].setdefault(od["owner"], []).append(od)
        elif zone == "exile":
            od["owner"] = od.get("owner") or controller or self.players[0]
            self.data["exile"].append(od)
        else:
            raise ValueError(f"unknown zone {zone!r}")
        return str(od["id"])

    def creature(self, name: str, power: int, toughness: int, *, types: list[str] | None = None,
                 **fields: Any) -> str:
        """A creature (CR 302) on the battlefield unless ``zone`` says otherwise."""
        return self.object(name, types=types or ["Creature"], power=power, toughness=toughness, **fields)

    def permanent(self, name: str, *, types: list[str], **fields: Any) -> str:
        """Any other permanent (an Enchantment, an Artifact, a Land...)."""
        return self.object(name, types=types, **fields)

    def card(self, name: str, owner: str, *, zone: str = "hand", **fields: Any) -> str:
        """A card in ``owner``'s hand (or graveyard, or exile), e.g. an instant to cast later."""
        return self.object(name, zone=zone, owner=owner, **fields)

    def library(self, player: str, *cards: str | int | Spec) -> list[str]:
        """``player``'s library, top first (SCENARIO-FORMAT.md 2.6): a whole number is that many unknown cards, a
        name a known card (a mapping gives its fields, ``name`` included). Returns the ids of the known cards."""
        entries: list[Any] = []
        ids: list[str] = []
        for card in cards:
            if isinstance(card, int):
                entries.append(card)
                continue
            fields = {"name": card} if isinstance(card, str) else dict(card)
            od: Spec = {"id": fields.pop("id", None) or self._new_id(str(fields["name"])), "damage": 0,
                        "deathtouch_damage": False, "tapped": False, "summoning_sick": False, "token": False,
                        **fields}
            od = specdata.object_data(od)
            od["owner"] = player
            entries.append(od)
            ids.append(str(od["id"]))
        self.data.setdefault("library", {})[player] = entries
        return ids

    def effect(self, source: str, affects: Any, *, duration: str = "end_of_turn", controller: str | None = None,
               timestamp: int | None = None, **ops: Any) -> None:
        """A continuous effect of a spell that has already resolved (its affected set fixed, CR 611.2c)."""
        ed: Spec = {"source": source, "affects": specdata.selector(affects), "duration": duration, "ops": _ops(ops)}
        if controller is not None:
            ed["controller"] = controller
        ed["timestamp"] = self.clock if timestamp is None else timestamp
        self.clock = max(self.clock, ed["timestamp"]) + 1
        self.data["effects"].append(ed)

    def build(self) -> Game:
        """The game, as :func:`build_game` makes it from a scenario (no priority point has happened yet)."""
        if self._game is None:
            self._game = build_game(self.data, ScriptedChooser(self.script) if self.script is not None else None)
        return self._game

    # -- looking ---------------------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.build()

    def obj(self, oid: str) -> GameObject:
        """The newest object with this id (CR 400.7: a zone change makes a new object)."""
        return self.game.obj(oid)

    def chars(self, oid: str) -> Computed:
        """The characteristics of ``oid`` after the layer system (CR 613)."""
        return chars(self.game, oid)

    def zone(self, oid: str) -> str:
        return str(self.obj(oid).zone)

    def life(self, player: str) -> int:
        return self.game.player(player).life

    # -- acting ----------------------------------------------------------------------------------------------
    def act(self, kind: str, spec: Any = True) -> None:
        """Run one action of :data:`ACTIONS`, then a priority point (CR 117.5), as the replay does.

        A player losing ends the game (CR 104.1): ``game_over`` becomes True instead of an exception."""
        try:
            ACTIONS[kind](self.game, spec)
            priority_point(self.game)
        except GameOver:
            self.game_over = True

    def settle(self) -> None:
        """A priority point: state-based actions, then waiting triggers on the stack (CR 704.3, 603.3)."""
        try:
            priority_point(self.game)
        except GameOver:
            self.game_over = True

    def cast(self, obj: str | Spec, targets: list[str] | None = None, controller: str | None = None) -> None:
        action: Spec = {"object": specdata.object_data(obj) if isinstance(obj, dict) else obj,
                        "targets": list(targets or [])}
        if controller is not None:
            action["controller"] = controller
        self.act("cast", action)

    def activate(self, source: str, ability: int = 0, targets: list[str] | None = None) -> None:
        self.act("activate", {"source": source, "ability": ability, "targets": list(targets or [])})

    def resolve(self, everything: bool = False) -> None:
        """The top of the stack resolves (CR 608.1); ``everything``: until the stack is empty."""
        self.act("resolve", "all" if everything else True)

    def attack(self, attacks: dict[str, str]) -> None:
        """Declare attackers, attacker id -> player or planeswalker id (CR 508.1)."""
        self.act("declare_attackers", dict(attacks))

    def block(self, blocks: dict[str, str | list[str]]) -> None:
        """Declare blockers, blocker id -> attacker id or ids (CR 509.1)."""
        self.act("declare_blockers", {b: [a] if isinstance(a, str) else list(a) for b, a in blocks.items()})

    def assign(self, assignments: dict[str, dict[str, int]]) -> None:
        """Divide an attacker's or blocker's combat damage (CR 510.1c-d)."""
        self.act("assign_damage", {k: dict(v) for k, v in assignments.items()})

    def combat_damage(self, everything: bool = False) -> None:
        """The next combat damage step (CR 510); ``everything``: every remaining one, then end of combat."""
        self.act("combat_damage", "all" if everything else True)

    def next_step(self) -> None:
        self.act("next_step")

    def end_turn(self) -> None:
        self.act("end_turn")
