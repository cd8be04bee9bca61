"""The game state as plain data: players, objects, the stack, continuous effects, combat, events.

Specifications written in scenario files (abilities, one-shot effects, selectors, VALUE expressions) are
typed, frozen specs (:mod:`judgekit.engine.specs`), built once from validated data. Everything else is a
dataclass here.

Objects are identified by ``uid`` (an int, one per incarnation: an object that changes zones becomes a new
object, CR 400.7) and by ``id`` (the scenario id, shared by every incarnation; ``game.ids`` maps it to the
newest one). References kept by targets, affected sets and attachments hold uids, so they keep naming the
old object after a zone change, as the format requires.

Every mutation of the state must end with :meth:`Game.touch` (the helpers here do it), so that the
cached characteristics (:func:`judgekit.engine.characteristics.chars`) are recomputed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from judgekit.engine.choices import Chooser, DefaultChooser
from judgekit.engine.records import Record
from judgekit.engine.specs import AbilitySpec, Condition, Cost, EffectEntry, Modal, Ops, Selector
from judgekit.engine.vocab import Duration, Step, Zone

if TYPE_CHECKING:
    from judgekit.engine.replacement import Shield

# A target or a reference: a player name (str) or an object uid (int).
Ref = str | int


@dataclass
class Ability:
    """One ability of an object: ``kind`` is mana, static, trigger or activated; ``spec`` its typed spec.

    ``origin`` says where it comes from: ``text`` (the object's own text, copiable, CR 113.2),
    ``land_type`` (an intrinsic mana ability of a basic land type, CR 305.6) or ``granted`` (layer 6).
    ``grant_ts`` is the timestamp of the effect that granted it (CR 613.7a).
    """

    kind: str
    spec: AbilitySpec
    origin: str = "text"
    grant_ts: int | None = None
    key: str = ""

    def label(self) -> str:
        """The label used in results: ``static``, ``activated``, ``trigger:<event>`` (mana: ``mana``)."""
        if self.kind == "trigger":
            trig = self.spec.trigger
            return f"trigger:{trig.event if trig is not None else ''}"
        return self.kind


@dataclass
class Chars:
    """Characteristics of an object (CR 109.3): printed/copiable values or computed values."""

    name: str
    mana_cost: str | None = None
    colors: list[str] = field(default_factory=list)
    types: list[str] = field(default_factory=list)
    supertypes: list[str] = field(default_factory=list)
    subtypes: list[str] = field(default_factory=list)
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    defense: int | None = None
    keywords: list[str] = field(default_factory=list)
    abilities: list[Ability] = field(default_factory=list)
    effect: tuple[EffectEntry, ...] = ()
    target: Selector | None = None
    all_creature_types: bool = False
    # The modes of a modal instant or sorcery, instead of ``effect`` and ``target`` (CR 700.2).
    modal: Modal | None = None
    # An "as enters" choice (CR 614.1c; SCENARIO-FORMAT.md 2.4): ``color``, ``creature_type``, ``card_type``,
    # ``player`` or ``basic_land_type``. The ability is copiable; the value chosen is not (707.2).
    as_enters: str | None = None
    # A spell's additional costs (SCENARIO-FORMAT.md 2.7, Costs; CR 601.2f).
    additional_cost: tuple[Cost, ...] = ()

    def clone(self) -> Chars:
        return Chars(self.name, self.mana_cost, list(self.colors), list(self.types), list(self.supertypes),
                     list(self.subtypes), self.power, self.toughness, self.loyalty, self.defense, list(self.keywords),
                     list(self.abilities), self.effect, self.target, self.all_creature_types, self.modal,
                     self.as_enters, self.additional_cost)


@dataclass
class Computed:
    """The characteristics of an object after every continuous effect (CR 613), plus its status."""

    uid: int
    id: str
    name: str
    zone: str
    owner: str
    controller: str | None
    mana_cost: str | None
    mana_value: int
    colors: list[str]
    types: list[str]
    supertypes: list[str]
    subtypes: list[str]
    power: int | None
    toughness: int | None
    keywords: list[str]
    abilities: list[Ability]
    counters: dict[str, int]
    all_creature_types: bool = False
    effect: tuple[EffectEntry, ...] = ()
    target: Selector | None = None
    # A token (CR 111.1): a status, not a characteristic, kept so that a selector's ``token:`` reads it on
    # last known information too.
    token: bool = False
    modal: Modal | None = None
    as_enters: str | None = None
    # An unknown library card (SCENARIO-FORMAT.md 2.6): a selector key about a characteristic never matches it.
    unknown: bool = False
    additional_cost: tuple[Cost, ...] = ()

    def is_type(self, card_type: str) -> bool:
        return card_type in self.types

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def is_permanent_on_battlefield(self) -> bool:
        return self.zone == Zone.BATTLEFIELD

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def mana(self) -> list[str]:
        """The mana symbols its mana abilities can produce (CR 605, 305.6)."""
        found: set[str] = set()
        for ab in self.abilities:
            if ab.kind == "mana":
                found.update(ab.spec.mana)
        return [s for s in ("B", "C", "G", "R", "U", "W") if s in found]

    def activated(self) -> list[Ability]:
        """Activated abilities, own text first then granted ones (the order ``activate.ability`` counts)."""
        own = [a for a in self.abilities if a.kind == "activated" and a.origin != "granted"]
        granted = [a for a in self.abilities if a.kind == "activated" and a.origin == "granted"]
        granted.sort(key=lambda a: a.grant_ts or 0)
        return own + granted


@dataclass
class GameObject:
    """A card, token or copy in some zone (one incarnation, CR 400.7)."""

    uid: int
    id: str
    card: Chars
    zone: Zone
    owner: str
    controller: str | None = None
    timestamp: int = 0
    seq: int = 0
    counters: dict[str, int] = field(default_factory=dict)
    damage: int = 0
    deathtouch_damage: bool = False
    tapped: bool = False
    summoning_sick: bool = False
    token: bool = False
    attached_to: int | None = None
    superseded_by: int | None = None
    lki: Computed | None = None
    # While on the stack, the stack item that carries it (spells).
    stack_item: int | None = None
    # The value of X chosen for the spell (CR 107.3a): counted in its mana value while it is on the stack
    # (202.3e); the permanent a spell becomes keeps it for its enters abilities only (107.3m). 0 otherwise.
    spell_x: int = 0
    # The value chosen as it entered (CR 614.1c, SCENARIO-FORMAT.md 2.4): a colour, a type or a player's name.
    chosen: str | None = None
    # A copy of a spell (CR 707.10): it ceases to exist once it has left the stack (704.5e); ``copy_of`` is the
    # id of the copied spell (SCENARIO-FORMAT.md 2.7, 2.10).
    spell_copy: bool = False
    copy_of: str | None = None
    # An unknown card of a library (SCENARIO-FORMAT.md 2.6): no characteristics, wherever it goes.
    unknown: bool = False

    @property
    def current(self) -> bool:
        return self.superseded_by is None


@dataclass
class Player:
    name: str
    life: int = 20
    poison: int = 0
    lost: bool = False
    loss_rule: str | None = None
    life_gained_this_turn: int = 0
    # Attempted to draw from an empty library since the last state-based action check (CR 121.4, 704.5b).
    drew_from_empty: bool = False
    # CR 402.2, 514.1: the maximum hand size (a player entry's ``max_hand_size``; SCENARIO-FORMAT.md 2.5).
    max_hand_size: int = 7


@dataclass
class ContinuousEffect:
    """A continuous effect created by a resolved spell or ability (CR 611.2), or derived from a static ability.

    ``ops`` maps operation names (``set_pt``, ``add_types``...) to their parameters. For effects from
    resolved spells ``affected`` is the fixed set of uids (CR 611.2c); for static abilities it is ``None``
    and ``selector`` is evaluated continuously (CR 611.3a).
    """

    uid: int
    ops: Ops
    timestamp: int
    source_name: str
    controller: str
    source_uid: int | None = None
    affected: list[int] | None = None
    selector: Selector | None = None
    condition: Condition | None = None
    duration: str = Duration.END_OF_TURN
    order: tuple[int, int] = (1, 0)
    cda: bool = False
    static_key: str | None = None
    targets: list[Ref] = field(default_factory=list)
    trigger_object: int | None = None
    # An object entering as a copy (CR 707.2, 614.1c): the copiable values of the original as it entered.
    copy_values: Chars | None = None
    # The players a rule-changing effect ("can't gain life", 119.7) applies to; None: every player.
    players: list[str] | None = None


@dataclass
class ChosenMode:
    """One chosen mode of a modal spell or ability on the stack (CR 700.2): its ``index`` in written order, its
    ``effect``, its ``target_spec`` and its ``targets`` (none unless the mode has a target, 700.2c)."""

    index: int
    effect: tuple[EffectEntry, ...]
    target_spec: Selector | None = None
    targets: list[Ref] = field(default_factory=list)


@dataclass
class StackItem:
    """A spell or ability on the stack (CR 405, 113.7).

    A modal one has ``modes`` (the chosen ones, in ascending index; ``targets`` then lists their targets mode by
    mode). ``x`` is its value of X (CR 107.3); ``division`` how a divided amount was announced among its
    targets (601.2d), target -> amount."""

    uid: int
    kind: str  # spell | activated | triggered
    id: str
    source_name: str
    controller: str
    source_uid: int | None = None
    object_uid: int | None = None
    effect: list[EffectEntry] = field(default_factory=list)
    targets: list[Ref] = field(default_factory=list)
    target_spec: Selector | None = None
    trigger_object: int | None = None
    optional: bool = False
    source_lki: Computed | None = None
    modes: list[ChosenMode] | None = None
    x: int = 0
    division: dict[Ref, int] | None = None
    # What the trigger event gives a triggered ability (SCENARIO-FORMAT.md 2.7 Events).
    event_player: str | None = None
    event_amount: int = 0
    trigger_spell: int | None = None
    # A delayed triggered ability (CR 603.7): the objects ``created`` named where it was created, fixed then, and
    # the targets of the spell or ability that created it (what ``target`` means when it has none of its own:
    # references, not targets, so never checked again as it resolves).
    created: list[int] | None = None
    given_targets: list[Ref] | None = None
    # The objects that paid its costs, as they were when paid (``paid``, SCENARIO-FORMAT.md 2.7; 608.2h).
    paid: list[int] = field(default_factory=list)


@dataclass
class PendingTrigger:
    """A triggered ability that has triggered and waits to be put on the stack (CR 603.3)."""

    source_uid: int
    ability: Ability
    controller: str
    event: GameEvent
    trigger_object: int | None = None
    source_lki: Computed | None = None
    # The player and the amount of the event (SCENARIO-FORMAT.md 2.7 Events), the spell of ``cast`` and the
    # spell or ability of ``becomes_target`` (a spell's object uid, an ability's stack item uid).
    event_player: str | None = None
    event_amount: int = 0
    trigger_spell: int | None = None
    # A delayed triggered ability (CR 603.7): ``created`` fixed where it was created, and the targets of the
    # spell or ability that created it, when it has no target of its own (SCENARIO-FORMAT.md 2.5).
    created: list[int] | None = None
    given_targets: list[Ref] | None = None


class EventKind(StrEnum):
    """The kinds of game event (CR 603.2): what triggered abilities look for and "this turn" counts."""

    ZONE_CHANGE = "zone_change"          # obj, from_zone, to_zone, data {"new": uid, "controller"}
    DAMAGE = "damage"                    # source, obj or player, amount, combat
    LIFE_GAIN = "life_gain"              # player, amount
    LIFE_LOSS = "life_loss"              # player, amount
    COUNTERS = "counters"                # obj, amount, data {"kind"}
    ATTACKS = "attacks"                  # obj, data
    BLOCKS = "blocks"                    # obj, data {"attackers"}
    BECOMES_BLOCKED = "becomes_blocked"  # obj, data {"blockers"}
    STEP = "step"                        # data {"step"}
    CAST = "cast"                        # obj, player
    ACTIVATE = "activate"                # obj, player, data {"loyalty"}
    DESTROY = "destroy"                  # obj: proposed to replacement effects (regeneration), never recorded
    DRAW = "draw"                        # player: one card drawn (CR 121.2), proposed to replacement effects
    CREATE_TOKENS = "create_tokens"      # player, amount: proposed to replacement effects, never recorded
    TAPPED = "tapped"                    # obj: a permanent became tapped (not one that entered tapped, 603.2e)
    BECOMES_TARGET = "becomes_target"    # obj or player, source, data {"item", "spell", "controller"} (601.2c)


@dataclass
class GameEvent:
    """Something that happened, for triggered abilities (CR 603.2) and for "this turn" questions.

    ``kind`` is an :class:`EventKind`; ``turn`` is the number of the turn it happened in (set when the event
    is recorded by :meth:`Game.emit`).
    """

    kind: EventKind
    obj: int | None = None
    player: str | None = None
    source: int | None = None
    amount: int = 0
    from_zone: str | None = None
    to_zone: str | None = None
    combat: bool = False
    data: dict[str, Any] = field(default_factory=dict)
    turn: int = 0


@dataclass
class CombatState:
    """Combat bookkeeping (CR 506-511): attackers and what they attack, blocks, damage steps done.

    ``no_longer_attacked`` holds the planeswalkers and battles removed from combat while attacked (CR 506.4):
    the creatures attacking them keep attacking, though nothing (506.4c)."""

    attackers: dict[int, Ref] = field(default_factory=dict)
    blockers: dict[int, list[int]] = field(default_factory=dict)
    blocked: set[int] = field(default_factory=set)
    first_strike_done: bool = False
    regular_done: bool = False
    dealt_first_strike: set[int] = field(default_factory=set)
    assignments: dict[int, dict[Ref, int]] = field(default_factory=dict)
    no_longer_attacked: set[int] = field(default_factory=set)
    # Attacker uid -> its defending player, fixed as it is declared (CR 508.5, 802.2a; SCENARIO-FORMAT.md 2.9).
    defenders: dict[int, str] = field(default_factory=dict)

    def blocked_by(self, attacker: int) -> list[int]:
        """Blockers of ``attacker`` in declaration order."""
        return [b for b, atts in self.blockers.items() if attacker in atts]


@dataclass
class Batch:
    """One simultaneous event in progress (:func:`judgekit.engine.effects.simultaneous`).

    ``number`` is given to every event emitted inside it (``data["batch"]``); ``start`` is the index of its
    first event in ``Game.events``; ``depth`` counts nested uses that joined it; ``lifelink`` gathers, per
    lifelink source uid, ``[controller, amount, source name]`` to gain once when it closes (CR 702.15e)."""

    number: int
    start: int
    depth: int = 1
    lifelink: dict[int, list[Any]] = field(default_factory=dict)


@dataclass
class Game:
    """The whole game: players, objects in zones, stack, effects, combat, events and the ruling log."""

    players: list[Player]
    active: str
    step: Step = Step.MAIN1
    turn: int = 1
    objects: dict[int, GameObject] = field(default_factory=dict)
    ids: dict[str, int] = field(default_factory=dict)
    stack: list[StackItem] = field(default_factory=list)
    effects: list[ContinuousEffect] = field(default_factory=list)
    # One-use replacement effects of this turn: prevention and regeneration shields (replacement.py).
    shields: list[Shield] = field(default_factory=list)
    # Other replacement effects in place (replacement.Replacement objects), in the order they were added.
    replacements: list[Any] = field(default_factory=list)
    # Whether any object has (or may be given) a replacement ability: static replacement effects are looked
    # for only then (replacement.static_effects), and found once for each ``version`` (the cache).
    replacement_abilities: bool = False
    cache_replacements: Any = None
    # The characteristics of objects as a simultaneous event began, for matching its events (replacement._view).
    cache_views: Any = None
    pending: list[PendingTrigger] = field(default_factory=list)
    events: list[GameEvent] = field(default_factory=list)
    events_seen: int = 0
    combat: CombatState | None = None
    log: list[Record] = field(default_factory=list)
    # Who answers the decisions of the game (choices.py): the documented defaults unless the layer above
    # gives a scripted chooser built from the scenario's choices.
    chooser: Chooser = field(default_factory=DefaultChooser)
    next_uid: int = 1
    version: int = 0
    seq: int = 0
    cache: Any = None
    # The simultaneous event in progress (effects.simultaneous), if any.
    batch: Batch | None = None
    # Characteristics held fixed during one simultaneous event (characteristics.frozen): a LayerResult.
    frozen: Any = None
    # Who received priority last by casting or activating, and in which step (CR 117.3c; stack.py).
    priority: tuple[str, str] | None = None
    # How many times state-based actions were performed or triggered abilities put on the stack (CR 514.3a).
    activity: int = 0
    # Explanations given once per game and situation (state-based actions that change nothing, sba.py).
    said: set[tuple[Any, ...]] = field(default_factory=set)
    # Ids named in the scenario (for the result), in order of first appearance.
    named: list[str] = field(default_factory=list)
    # Tokens created during the replay (effects.MAX_TOKENS bounds them).
    tokens_created: int = 0
    # Token id base -> the number of the latest id handed out with it (objects.token_id).
    token_numbers: dict[str, int] = field(default_factory=dict)
    # Each player's library, top first (engine/library.py: known cards as uids, runs of unknown cards as counts).
    libraries: dict[str, Any] = field(default_factory=dict)
    # The key path of the scenario action being run (``("actions", 3)``), for the decisions it announces.
    action_key: tuple[str | int, ...] = ()
    # SCENARIO-FORMAT.md 2.9: ``players`` holds the players still in the game; a player who loses leaves it
    # (CR 800.4a) and moves to ``left``. ``seats`` is the turn order of every player, those who left included
    # (filled from ``players`` when the game is made).
    left: list[Player] = field(default_factory=list)
    seats: list[str] = field(default_factory=list)

    # Triggered abilities that trigger only once each turn and have triggered: (source uid, ability key, turn).
    triggered_once: set[tuple[int, str, int]] = field(default_factory=set)

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [p.name for p in self.players]
    # Across turns (SCENARIO-FORMAT.md 2.5, judgekit.engine.turns): delayed triggered abilities waiting (603.7),
    # lands played this turn (305.2), whether some effect lasts while its source is on the battlefield
    # (611.2b), whether players received priority in this cleanup step (514.3a).
    delayed: list[Any] = field(default_factory=list)
    lands_played: int = 0
    source_bound: bool = False
    cleanup_priority: bool = False

    # -- bookkeeping -------------------------------------------------------------------------------------
    def touch(self) -> None:
        """Mark the state as changed: computed characteristics must be recomputed."""
        self.version += 1

    def new_uid(self) -> int:
        uid = self.next_uid
        self.next_uid += 1
        return uid

    def max_timestamp(self) -> int:
        stamps = [o.timestamp for o in self.objects.values()] + [e.timestamp for e in self.effects]
        return max(stamps, default=-1)

    def new_timestamp(self) -> int:
        """The largest timestamp in the game + 1 (SCENARIO-FORMAT.md "Timestamps", CR 613.7)."""
        return self.max_timestamp() + 1

    def record(self, kind: str, code: str, *rules: str, objects: list[str] | tuple[str, ...] | None = None,
               **params: Any) -> Record:
        """Report one step of the replay (see :mod:`judgekit.engine.records`) and return it."""
        rec = Record(kind, code, tuple(rules), tuple(objects or ()), params)
        self.log.append(rec)
        return rec

    def emit(self, event: GameEvent) -> None:
        """Record an event that has happened, tagged with this turn (CR 603.2); :mod:`judgekit.engine.triggers`
        consumes ``events``."""
        event.turn = self.turn
        self.events.append(event)

    def this_turn(self) -> list[GameEvent]:
        """The events of the current turn."""
        return [ev for ev in self.events if ev.turn == self.turn]

    # -- lookups -----------------------------------------------------------------------------------------
    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        for p in self.left:
            if p.name == name:
                return p
        raise KeyError(name)

    def is_player(self, ref: Any) -> bool:
        return isinstance(ref, str) and any(p.name == ref for p in self.players)

    def opponent(self, name: str) -> str:
        """The first opponent of ``name`` in ``players`` order still in the game (2.9)."""
        return next(p.name for p in self.players if p.name != name)

    def opponents(self, name: str) -> list[str]:
        """Every opponent of ``name`` still in the game, in turn order after that player (CR 102.2, 800.4)."""
        return [n for n in self._from(name) if n != name]

    def _from(self, name: str) -> list[str]:
        """The players still in the game in turn order, starting with ``name`` or, if that player has left, with
        the next player in turn order still in the game (CR 800.4j)."""
        seats = self.seats if name in self.seats else [p.name for p in self.players]
        if name not in seats:
            return [p.name for p in self.players]
        i = seats.index(name)
        inside = {p.name for p in self.players}
        return [n for n in seats[i:] + seats[:i] if n in inside]

    def apnap(self) -> list[str]:
        """Players in APNAP order (CR 101.4): the active player, then the others in turn order; while the turn goes
        on without its active player (800.4j), the next player in turn order still in the game first."""
        names = [p.name for p in self.players]
        if self.active in names and len(self.seats) == len(names):
            i = names.index(self.active)
            return names[i:] + names[:i]
        return self._from(self.active)

    def active_left(self) -> bool:
        """Whether the active player has left the game: the turn goes on without one (CR 800.4j)."""
        return bool(self.left) and all(p.name != self.active for p in self.players)

    def obj(self, ref: str | int) -> GameObject:
        """The object with this uid, or the newest incarnation of this scenario id."""
        if isinstance(ref, int):
            return self.objects[ref]
        return self.objects[self.ids[ref]]

    def ref(self, name: str) -> Ref:
        """A scenario id as the uid of its newest object; a player name (or unknown word) unchanged."""
        uid = self.ids.get(name)
        return name if uid is None else uid

    def newest(self, uid: int) -> GameObject:
        o = self.objects[uid]
        while o.superseded_by is not None:
            o = self.objects[o.superseded_by]
        return o

    def in_zone(self, zone: str, owner: str | None = None) -> list[GameObject]:
        """Current objects in ``zone`` (ordered by timestamp, then file order)."""
        out = [o for o in self.objects.values() if o.current and o.zone == zone and (owner is None or o.owner == owner)]
        out.sort(key=lambda o: (o.timestamp, o.seq, o.uid))
        return out

    def battlefield(self) -> list[GameObject]:
        return self.in_zone(Zone.BATTLEFIELD)

    def display(self, ref: Ref | None) -> str:
        """A name for messages: a player's name or an object's name (with its id when they differ)."""
        if ref is None:
            return "—"
        if isinstance(ref, str):
            return ref
        o = self.objects.get(ref)
        if o is None:
            return str(ref)
        return o.card.name

    # -- mutations ---------------------------------------------------------------------------------------
    def add_object(self, obj: GameObject) -> GameObject:
        self.objects[obj.uid] = obj
        self.ids[obj.id] = obj.uid
        self.touch()
        return obj
