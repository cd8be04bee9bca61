"""Typed, frozen specifications of what a scenario describes (SCENARIO-FORMAT.md): selectors, VALUEs,
operations, one-shot effects, costs and abilities.

The layer above builds them once from validated data (:mod:`judgekit.scenario.specs`); the rules core reads
their attributes and never a dict key. Field names are the format's own. Lists are tuples, mappings are
read-only (:class:`types.MappingProxyType`), so a spec shared by several objects can't be changed by one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

# Words that name an object relative to the source (SCENARIO-FORMAT "Selectors").
SELECTOR_WORDS = ("self", "enchanted", "equipped")


@dataclass(frozen=True)
class Filter:
    """A filter selector: every field given must hold; ``any`` holds if one alternative does (each
    alternative also under the other fields). ``player`` selects players, with ``controller`` only."""

    types: tuple[str, ...] = ()
    not_types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    not_subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    not_supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    not_colors: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    controller: str | None = None
    other: bool = False
    token: bool | None = None
    zone: str | None = None
    any: tuple[Filter, ...] = ()
    player: bool = False
    # SCENARIO-FORMAT.md 2.3: the owner (``you``, ``opponent`` or a player's name).
    owner: str | None = None
    # SCENARIO-FORMAT.md 2.6: with ``zone: library``, only the top N cards of each library looked at.
    top: int | None = None


@dataclass(frozen=True)
class PlayerOf:
    """A player REF (SCENARIO-FORMAT.md 2.7 References): the controller (``which="controller"``) or the owner
    (``"owner"``) of what ``ref`` names; for an object that left the battlefield or the stack, the controller
    it had as it last existed (CR 608.2h)."""

    which: str
    ref: Any


# A selector: a word (``self``, ``enchanted``, ``equipped``, or an id), a tuple of ids, or a filter; where a REF
# is read, also a player REF (:class:`PlayerOf`).
Selector = str | tuple[str, ...] | Filter | PlayerOf


@dataclass(frozen=True)
class SearchParam:
    """``search_library`` (SCENARIO-FORMAT.md 2.6, CR 701.23): what the search looks ``for`` (a filter matched
    against the library's cards only), up to ``count`` cards (a VALUE), where they go (``to``: hand, graveyard,
    exile, battlefield, library_top), ``tapped`` onto the battlefield, and whether the library is shuffled."""

    for_: Filter
    count: Any = 1
    to: str = "hand"
    tapped: bool = False
    shuffle: bool = True


@dataclass(frozen=True)
class Expr:
    """A VALUE in mapping form: one ``base`` (``count``, ``card_types_in_graveyards``, ``hand_size``, ``life``,
    ``power_of``, ``toughness_of``, ``x``) with its argument, then ``times``, ``plus``, ``negate`` in that
    order."""

    base: str
    arg: Any = None
    times: int | None = None
    plus: int | None = None
    negate: bool = False
    # ``counters_on``: the kind of counter counted (None: every kind).
    kind: str | None = None


# A VALUE: an integer, ``"mana_value"`` (of the affected object), ``"x"`` (the X of the resolving spell or
# ability, CR 107.3) or an :class:`Expr`.
Value = int | str | Expr


@dataclass(frozen=True)
class Condition:
    """A static ability's condition: ``value`` compared with ``at_least`` / ``at_most`` / ``equals``."""

    value: Expr
    at_least: int | None = None
    at_most: int | None = None
    equals: int | None = None


@dataclass(frozen=True)
class PT:
    """A power/toughness pair of VALUEs (``cda``, ``set_pt``, ``modify_pt``)."""

    power: Value
    toughness: Value


@dataclass(frozen=True)
class TextChange:
    """``text_change``: a colour word or land type word replaced by another (CR 612)."""

    from_: str
    to: str


# The operations of one continuous effect: operation name -> typed parameter (table order, see
# :data:`judgekit.engine.operations.OPERATIONS`).
Ops = Mapping[str, Any]


@dataclass(frozen=True)
class EffectEntry:
    """One entry of an ``effect`` list: a one-shot ``verb`` with its ``param``, or continuous ``ops`` with a
    ``duration``; ``to`` is what it acts on (None: the verb's default); ``count`` how many permanents each player
    sacrifices when ``sacrifice`` has a selector (None: 1)."""

    verb: str | None = None
    param: Any = None
    to: Selector | None = None
    ops: Ops | None = None
    duration: str | None = None
    count: Value | None = None
    # The verb's amount is divided among the targets as announced (CR 601.2d), not dealt to each.
    divided: bool = False
    # A replacement or prevention effect created by the resolving spell or ability (SCENARIO-FORMAT.md 2.3).
    replacement: ReplacementSpec | None = None
    # The options written beside a verb (SCENARIO-FORMAT.md 2.7): ``excess_to``, ``under``, ``tapped``,
    # ``counters``, ``new_targets``.
    options: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Then:
    """What a replacement effect makes of its event (SCENARIO-FORMAT.md 2.3, the ``then`` modifiers).

    ``to`` sends a permanent or card elsewhere; ``regenerate`` replaces a destruction (CR 701.19a);
    ``tapped``, ``counters``, ``control`` and ``copy_of`` (with ``except_``) change how a permanent enters
    (614.1c, 707.9); ``prevent`` is ``"all"`` or a shield amount, ``prevent_each`` the damage prevented from each
    event (615); ``times``, ``plus``, ``minus`` change the amount; ``lose_instead`` makes a life gain a loss;
    ``instead`` are effect entries that happen instead of the event (614.1a)."""

    to: str | None = None
    regenerate: bool = False
    tapped: bool = False
    counters: Mapping[str, Any] | None = None
    control: str | None = None
    copy_of: Selector | None = None
    except_: Mapping[str, Any] | None = None
    prevent: int | str | None = None
    prevent_each: int | None = None
    times: int | None = None
    plus: int | None = None
    minus: int | None = None
    lose_instead: bool = False
    instead: tuple[EffectEntry, ...] | None = None


@dataclass(frozen=True)
class ReplacementSpec:
    """A replacement or prevention effect (CR 614, 615; SCENARIO-FORMAT.md 2.3): the ``event`` it watches for,
    what the event is ``of`` (None: the object itself, for an ability), the damage source ``from_``, only
    ``combat`` (or only noncombat) damage, the counter ``kind``, what happens ``then``, whether it is
    ``optional`` ("you may") and after how many ``uses`` it ends."""

    event: str
    then: Then
    of: Selector | None = None
    from_: Selector | None = None
    combat: bool | None = None
    kind: str | None = None
    optional: bool = False
    uses: int | None = None


@dataclass(frozen=True)
class ReturnParam:
    """``return_to_battlefield`` (persist, undying): the ``counters`` the card returns with, the ``rule`` cited
    and the ``keyword`` the ability comes from."""

    counters: Mapping[str, int]
    rule: str = "400.7"
    keyword: str | None = None


@dataclass(frozen=True)
class TokenSpec:
    """``create_token``: ``count`` (a VALUE) tokens with the object fields ``data`` (abilities already as specs)."""

    count: Any
    data: Mapping[str, Any]
    # A token that is a copy of an object (SCENARIO-FORMAT.md 2.7, CR 707.2): the REF, and the exceptions (707.9).
    copy_of: str | None = None
    except_: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class DelayedSpec:
    """``delayed_trigger`` (CR 603.7, SCENARIO-FORMAT.md 2.5): a triggered ability created by a resolving spell or
    ability. ``event`` and ``of`` as a trigger's (``of`` None: ``any`` for step events, ``self`` otherwise);
    ``from_``, ``kind``, ``by``, ``targets`` the event keys of 2.7; ``optional``, ``target``, ``effect`` as a
    triggered ability's; ``next`` (603.7b) unless ``duration`` says until when it triggers each time."""

    event: str
    of: Selector | None = None
    from_: Selector | None = None
    kind: str | None = None
    by: Selector | None = None
    targets: Selector | None = None
    optional: bool = False
    target: Selector | None = None
    effect: tuple[EffectEntry, ...] = ()
    next: bool = True
    duration: str | None = None


@dataclass(frozen=True)
class Cost:
    """One part of an activated ability's cost (CR 602.2b, 118) or of a spell's additional cost (601.2f): ``kind``
    is ``tap``, ``untap``, ``sacrifice_self``, ``pay_life``, ``loyalty``, ``remove_counters``, ``mana``,
    ``sacrifice``, ``discard``, ``tap_untapped`` or ``exile_from_graveyard``."""

    kind: str
    amount: int = 0
    counters: Mapping[str, int] | None = None
    mana: str | None = None
    # The costs of SCENARIO-FORMAT.md 2.7 (``sacrifice``, ``discard``, ``tap_untapped``, ``exile_from_graveyard``):
    # what pays (``selector``), how many (``count``) or how much power (``total_power``), and for
    # ``exile_from_graveyard`` whether the selector names the owner (``owner_given``: else the payer's graveyard).
    selector: Selector | None = None
    count: int = 0
    total_power: int | None = None
    owner_given: bool = False


@dataclass(frozen=True)
class ModeSpec:
    """One mode of a modal spell or ability (CR 700.2): its ``target`` (None: the mode has no target; a mode
    with a target has exactly one) and its ``effect``."""

    target: Selector | None = None
    effect: tuple[EffectEntry, ...] = ()


@dataclass(frozen=True)
class Modal:
    """The modes of a modal spell or ability, in written order (indexes from 0), and how many are chosen:
    between ``minimum`` and ``maximum`` (``choose: N`` is N and N)."""

    modes: tuple[ModeSpec, ...]
    minimum: int = 1
    maximum: int = 1


@dataclass(frozen=True)
class StaticSpec:
    """A static ability: ``ops`` applied to what ``affects`` selects, while ``condition`` holds (CR 604, 611.3)."""

    ops: Ops
    affects: Selector = "self"
    condition: Condition | None = None


@dataclass(frozen=True)
class TriggerSpec:
    """A triggered ability (CR 603): its ``event``, what the event is ``of``, whether it is ``optional``,
    its ``target`` and ``effect`` (or ``modal``, CR 700.2b); ``keyword`` names the keyword it comes from
    (persist, undying)."""

    event: str
    of: Selector = "self"
    optional: bool = False
    target: Selector | None = None
    effect: tuple[EffectEntry, ...] = ()
    keyword: str | None = None
    modal: Modal | None = None
    # SCENARIO-FORMAT.md 2.7 Events: the damage sources ``from_`` (dealt_damage), the counter ``kind``
    # (counters_put), what the spell ``targets`` (cast), who targets ``by`` (becomes_target), and
    # ``once_each_turn`` ("this ability triggers only once each turn").
    from_: Any = None
    kind: str | None = None
    targets: Any = None
    by: Any = None
    once_each_turn: bool = False


@dataclass(frozen=True)
class ActivatedSpec:
    """An activated ability (CR 602): ``cost``, ``target``, ``effect``, or ``modal`` instead of the last two."""

    cost: tuple[Cost, ...] = ()
    target: Selector | None = None
    effect: tuple[EffectEntry, ...] = ()
    modal: Modal | None = None
    # ``sorcery``: activated only when its controller could cast a sorcery (CR 602.5d).
    timing: str | None = None
    # The activated keyword it comes from (``crew``, ``equip``), for the ruling.
    keyword: str | None = None


@dataclass(frozen=True)
class AbilitySpec:
    """One ability of an object: ``kind`` (``mana``, ``static``, ``trigger``, ``activated``, ``replacement``) and
    its body."""

    kind: str
    mana: tuple[str, ...] = ()
    static: StaticSpec | None = None
    trigger: TriggerSpec | None = None
    activated: ActivatedSpec | None = None
    replacement: ReplacementSpec | None = None
