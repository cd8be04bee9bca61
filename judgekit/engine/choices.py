"""Decisions: every choice the rules ask a player for is a typed request answered by a :class:`Chooser`.

The rules core never reads a scenario's ``choices`` mapping. A rule that needs a decision (which target a
triggered ability takes, whether a "may" ability is used, which modes, the value of X, how an amount is
divided, the order of one player's simultaneous triggers, which legendary permanent to keep, which cards to
discard or permanents to sacrifice, which replacement effect applies first) builds a request listing what can be
chosen and its default, and asks ``game.chooser``. The answer says whether it was given or is the default, so
the ruling can report every default it took as an assumption (SCENARIO-FORMAT.md 2.2, 2.10).

- :class:`DefaultChooser` answers every request with its documented default.
- :class:`ScriptedChooser` answers from a :class:`Script`, which the layer above builds from the scenario's
  ``choices``; a request the script does not answer takes the default. What the script held and no decision
  used is reported: keys that served nothing (``unused()``), answers of a list left over (``leftover()``).

Decisions of an object (SCENARIO-FORMAT.md 2.2, "Decisions of an object") come in *groups*: all the choices of
one triggered ability (its targets and modes as it is put on the stack, ``use`` as it resolves), of one
entering, of one resolution. Each request of such a decision carries ``source`` (the object's id) and
``group`` (an integer the rule picks, the same for every request of one group: e.g. the uid of the stack
item). The first request of a group takes the source's next :class:`Answer`; the other requests of that group
read the same answer. A source scripted with one answer (``every``) uses it for every group.

To add a decision: a request dataclass here (with its ``default()``), its reading of the script in
:meth:`ScriptedChooser.choose`, and the rule that asks it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

# A target or candidate: a player name (str) or an object uid (int).
Ref = str | int
# Where an answer was written in the scenario (a key path such as ("choices", "heliod", 1)).
KeyPath = tuple[str | int, ...]


@dataclass(frozen=True)
class Answer:
    """One ANSWER of SCENARIO-FORMAT.md 2.2: each decision reads the fields it needs and ignores the others.

    ``bare`` is a bare value (an id, a name, a player, a colour, a type): ``targets: [bare]`` for a decision
    that takes targets, ``choose: bare`` for one that chooses, nothing for one that needs only ``use``.
    ``divide`` keeps the written order of its keys. ``key`` is where the answer was written."""

    targets: tuple[str, ...] | None = None
    use: bool | None = None
    modes: tuple[int, ...] | None = None
    x: int | None = None
    divide: tuple[tuple[str, int], ...] | None = None
    choose: str | None = None
    bare: str | None = None
    key: KeyPath = ()
    # ``choose`` written as a list of ids (the cards a search finds, SCENARIO-FORMAT.md 2.6).
    choose_list: tuple[str, ...] | None = None

    def target_list(self) -> tuple[str, ...] | None:
        if self.targets is not None:
            return self.targets
        if self.divide is not None:
            return tuple(t for t, _n in self.divide)
        return (self.bare,) if self.bare is not None else None

    def chosen(self) -> str | None:
        return self.choose if self.choose is not None else self.bare


@dataclass(frozen=True)
class SourceAnswers:
    """The answers written under one object's key: one ANSWER for every decision (``every``) or a list used one
    per decision group, in the order the decisions are made (then the defaults)."""

    answers: tuple[Answer, ...]
    every: bool = False


# ------------------------------------------------------------------------------------------------------
# Requests of an object's decision groups


@dataclass(frozen=True)
class TriggerTarget:
    """A target of a spell or ability (CR 603.3d for triggered abilities): the ``index``-th target of the
    group (0 for the first).

    ``source`` is the id of the ability's source; ``candidates`` the legal targets in default order (objects in
    timestamp order, then players in seating order). A scripted answer is the id or player name written in the
    scenario: the rule that asked resolves it and checks that it is legal."""

    source: str
    controller: str
    candidates: tuple[Ref, ...]
    group: int = 0
    index: int = 0
    # A further target that may be left out (a divided amount among "one or more" targets, CR 601.2d): asked
    # only after a written answer gave the previous one; its candidates are empty, so the default is none.
    additional: bool = False

    def default(self) -> Ref | None:
        return self.candidates[0] if self.candidates else None


@dataclass(frozen=True)
class UseOptional:
    """Whether an optional ("may") ability is used or an optional replacement effect applies (CR 603.5).
    Default: it is (``default_value`` False for the exceptions, such as ward's payment)."""

    source: str
    controller: str
    group: int = 0
    default_value: bool = True
    # ``ability`` (a triggered ability, 603.5) or ``replacement`` (an optional replacement effect, 614.1).
    kind: str = "ability"

    def default(self) -> bool:
        return self.default_value


# Where a cast or activate action announces a choice (CR 601.2b-d, 602.2b): the key path of the action, such as
# ("actions", 3, "cast"). A request that carries one is never answered from ``choices`` (SCENARIO-FORMAT.md 2.2:
# the action gives those choices); its default is an assumption whose key is that action's field
# (``actions[3].cast.modes``). An empty path: a triggered ability's decision, answered from ``choices``.
Announced = tuple[str | int, ...]


@dataclass(frozen=True)
class ChooseModes:
    """The modes of a modal spell or ability (CR 700.2): between ``minimum`` and ``maximum`` indexes of
    ``available`` (the modes that can be chosen, in written order). Default: the first ``minimum`` of them.
    ``action``: see :data:`Announced`."""

    source: str
    controller: str
    minimum: int
    maximum: int
    available: tuple[int, ...]
    group: int = 0
    action: Announced = ()

    def default(self) -> tuple[int, ...]:
        return self.available[: self.minimum]


@dataclass(frozen=True)
class ChooseX:
    """The value of X (CR 107.3, 601.2b). Default: 0. ``action``: see :data:`Announced`."""

    source: str
    controller: str
    group: int = 0
    action: Announced = ()

    def default(self) -> int:
        return 0


@dataclass(frozen=True)
class DivideAmount:
    """How an amount is divided among targets as it is announced (CR 601.2d): every target gets at least 1.
    Default: each gets ⌊N/k⌋ and the first N mod k one more. The answer is (target, amount) pairs.
    ``action``: see :data:`Announced`."""

    source: str
    controller: str
    amount: int
    targets: tuple[Ref, ...]
    group: int = 0
    action: Announced = ()

    def default(self) -> tuple[tuple[Ref, int], ...]:
        k = len(self.targets)
        if not k:
            return ()
        base, extra = divmod(self.amount, k)
        return tuple((t, base + (1 if i < extra else 0)) for i, t in enumerate(self.targets))


@dataclass(frozen=True)
class ChooseValue:
    """A value chosen while entering or resolving (a colour, a type, a player, an object to copy):
    ``candidates`` in default order; the answer is the written value, checked by the rule that asked."""

    source: str
    controller: str
    candidates: tuple[Ref, ...]
    group: int = 0
    # The rule that asks: 707.9 (entering as a copy), 614.1c (an "as enters" choice).
    rule: str = "608.2d"

    def default(self) -> Ref | None:
        return self.candidates[0] if self.candidates else None


@dataclass(frozen=True)
class ChooseRefs:
    """Objects and players chosen while resolving, none of them targeted: the permanents and players that
    proliferate (CR 701.34a), or the new targets of a copy of a spell or ability (707.10c). ``candidates`` in
    default order, ``preset`` the default choice; the answer is ``targets`` of the source's ANSWER (every one of
    them), checked by the rule that asked. ``purpose``: ``proliferate`` or ``copy_targets``."""

    source: str
    controller: str
    candidates: tuple[Ref, ...]
    preset: tuple[Ref, ...]
    group: int = 0
    purpose: str = "proliferate"

    def default(self) -> tuple[Ref, ...]:
        return self.preset


@dataclass(frozen=True)
class SearchCards:
    """The cards a search finds (CR 701.23, SCENARIO-FORMAT.md 2.6): ``choose`` in the source's ANSWER, an id or a
    list of ids. ``candidates`` are the ids of the cards the search can find, top of the library first; ``count``
    how many it may find; the default is the first ``count`` of them."""

    source: str
    controller: str
    candidates: tuple[str, ...]
    count: int
    group: int = 0

    def default(self) -> tuple[str, ...]:
        return self.candidates[: self.count]


SourceRequest = (TriggerTarget | UseOptional | ChooseModes | ChooseX | DivideAmount | ChooseValue | ChooseRefs
                 | SearchCards)


# ------------------------------------------------------------------------------------------------------
# Requests answered by the reserved keys


@dataclass(frozen=True)
class TriggerOrder:
    """The order in which one player puts their simultaneous triggered abilities on the stack (CR 603.3b):
    ``sources`` are the ids of their sources in default order (timestamp order); the answer is a reordering
    (the last one put on the stack resolves first)."""

    player: str
    sources: tuple[str, ...]

    def default(self) -> tuple[str, ...]:
        return self.sources


@dataclass(frozen=True)
class LegendRule:
    """Which of one player's legendary permanents with the same name stays (CR 704.5j): ``candidates`` are
    their ids in timestamp order; the default keeps the oldest."""

    player: str
    name: str
    candidates: tuple[str, ...]

    def default(self) -> str:
        return self.candidates[0]


@dataclass(frozen=True)
class Discard:
    """Which cards a player discards (CR 701.9a, 514.1): ``candidates`` are the ids of the cards in hand in
    default order (the card most recently put into the hand first); the answer is ``count`` ids. ``rule`` is
    the rule that makes them discard (701.9a for an effect, 514.1 in the cleanup step)."""

    player: str
    count: int
    candidates: tuple[str, ...]
    rule: str = "701.9a"

    def default(self) -> tuple[str, ...]:
        return self.candidates[: self.count]


@dataclass(frozen=True)
class Sacrifice:
    """Which permanents a player sacrifices when an effect doesn't say which (CR 701.21a): ``candidates`` are
    the ids of the permanents that can be chosen in default order (newest timestamp first); the answer is
    ``count`` ids."""

    player: str
    count: int
    candidates: tuple[str, ...]

    def default(self) -> tuple[str, ...]:
        return self.candidates[: self.count]


@dataclass(frozen=True)
class ReplacementOrder:
    """Which of several applicable replacement or prevention effects applies first (CR 616.1, 616.1e):
    ``player`` chooses; ``sources`` are the ids of the effects' sources in default order (oldest first).
    The answer is the index in ``sources`` of the effect applied."""

    player: str
    sources: tuple[str, ...]
    # False when every order gives the same result (then the choice is no real assumption of the replay).
    differs: bool = True

    def default(self) -> int:
        return 0


@dataclass(frozen=True)
class DamageDivision:
    """How an attacking or blocking creature divides its combat damage among several recipients (CR 510.1c-d;
    no damage assignment order since Foundations): ``recipients`` in declaration order, ``proposal`` the
    default division (lethal damage to each in order, the rest to the last one or, with trample, to what it
    attacks: SCENARIO-FORMAT "Damage assignment"). The answer is a sequence of (recipient, amount) pairs."""

    source: str
    controller: str
    power: int
    recipients: tuple[Ref, ...]
    proposal: tuple[tuple[Ref, int], ...]

    def default(self) -> tuple[tuple[Ref, int], ...]:
        return self.proposal


@dataclass(frozen=True)
class ShuffleOrder:
    """The stand-in order of a shuffled library (CR 701.24a, SCENARIO-FORMAT.md 2.6): the replay cannot randomize.
    ``cards`` are the ids in the library, top first; the answer lists the cards to put on top, in that order (the
    others keep their order below them). Default: none, the order does not change."""

    player: str
    cards: tuple[str, ...]

    def default(self) -> tuple[str, ...]:
        return ()


Request = (SourceRequest | TriggerOrder | LegendRule | Discard | Sacrifice | ReplacementOrder | DamageDivision
           | ShuffleOrder)


@dataclass(frozen=True)
class Decision:
    """A chooser's answer: ``value``, ``given`` (False when it is the request's default) and ``key`` (where a
    given answer was written, for an error that names it)."""

    value: Any
    given: bool
    key: KeyPath = field(default=(), compare=False)


@dataclass(frozen=True)
class Leftover:
    """Scripted answers left over under a key that did serve some decision: the answers of ``key``'s list from
    the ``first``-th (0-based) on, ``count`` of them; for ``discard``/``sacrifice``, the ``ids`` still listed
    for ``player``."""

    key: str
    first: int
    count: int
    player: str | None = None
    ids: tuple[str, ...] = ()


class Chooser(Protocol):
    """Answers the decisions of a game. ``unused()`` lists the scripted keys no decision needed, ``leftover()``
    the answers left over under keys that served some decisions; ``defaults()`` lists the requests answered
    with their default, in the order they were asked."""

    def choose(self, request: Request) -> Decision: ...

    def unused(self) -> list[str]: ...

    def leftover(self) -> list[Leftover]: ...

    def defaults(self) -> list[tuple[Request, Any]]: ...


class DefaultChooser:
    """Every decision takes its default."""

    def __init__(self) -> None:
        self._defaults: list[tuple[Request, Any]] = []

    def choose(self, request: Request) -> Decision:
        value = request.default()
        self._defaults.append((request, value))
        return Decision(value, False)

    def unused(self) -> list[str]:
        return []

    def leftover(self) -> list[Leftover]:
        return []

    def defaults(self) -> list[tuple[Request, Any]]:
        return list(self._defaults)


@dataclass
class Script:
    """Scripted answers, as the layer above reads them from a scenario's ``choices`` (SCENARIO-FORMAT.md 2.2).

    ``sources`` maps an object id to its answers; the reserved keys: ``apnap_order`` (player -> source ids in
    the order wanted), ``legend_rule`` (ids to keep), ``replacement_order`` (source ids, first applies first),
    ``discard`` and ``sacrifice`` (player -> ids, used in order). ``legend`` is the version 1 extension: an
    object's entry naming one of its legendary namesakes keeps it. ``keys`` lists every key of the scenario's
    choices in written order, ``locs`` where each reserved list was written (for errors)."""

    sources: dict[str, SourceAnswers] = field(default_factory=dict)
    apnap_order: dict[str, list[str]] = field(default_factory=dict)
    legend_rule: list[str] = field(default_factory=list)
    legend: dict[str, str] = field(default_factory=dict)
    replacement_order: list[str] = field(default_factory=list)
    discard: dict[str, list[str]] = field(default_factory=dict)
    sacrifice: dict[str, list[str]] = field(default_factory=dict)
    # ``shuffle``: player -> the ids put on top after each shuffle of that player's library (2.6).
    shuffle: dict[str, list[str]] = field(default_factory=dict)
    keys: list[str] = field(default_factory=list)
    locs: dict[str, KeyPath] = field(default_factory=dict)
    # A value written in ``choose`` -> the canonical English term it stands for (a colour, a type, in any
    # language the layer above knows), tried when the value itself is not a candidate.
    aliases: dict[str, str] = field(default_factory=dict)


class ScriptedChooser:
    """Answers from a :class:`Script`, else the default; remembers which entries were used and which requests
    took their default."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self._next: dict[str, int] = {}  # source -> index of its next unbound answer
        self._bound: dict[tuple[str, int], Answer | None] = {}
        self._spent: set[str] = set()  # sources whose entry served the legend rule (version 1 extension)
        self._groups: dict[str, list[int]] = {}  # source -> its decision groups, in the order they first asked
        self._used: set[str] = set()
        self._discard = {p: list(v) for p, v in script.discard.items()}
        self._sacrifice = {p: list(v) for p, v in script.sacrifice.items()}
        self._defaults: list[tuple[Request, Any]] = []

    # -- an object's answers -----------------------------------------------------------------------------
    def answer(self, source: str, group: int) -> Answer | None:
        """The answer bound to ``(source, group)``: the source's next one the first time the group asks."""
        key = (source, group)
        if key in self._bound:
            return self._bound[key]
        entry = self.script.sources.get(source)
        found: Answer | None = None
        if entry is not None and entry.answers and source not in self._spent:
            if entry.every:
                found = entry.answers[0]
            else:
                i = self._next.get(source, 0)
                if i < len(entry.answers):
                    found = entry.answers[i]
                    self._next[source] = i + 1
        self._bound[key] = found
        self._groups.setdefault(source, []).append(group)
        return found

    def bound(self, source: str, group: int) -> Answer | None:
        """The answer a decision group of ``source`` used (None if it had none), without binding anything."""
        return self._bound.get((source, group))

    def position(self, source: str, group: int) -> int | None:
        """Which decision group of ``source`` this was (0 for the first that asked), or None if it never asked."""
        groups = self._groups.get(source, [])
        return groups.index(group) if group in groups else None

    def _source_decision(self, request: SourceRequest) -> Decision | None:
        if getattr(request, "action", ()):
            return None  # announced by a cast or activate action: never read from choices
        ans = self.answer(request.source, request.group)
        if ans is None:
            return None
        value: Any = None
        if isinstance(request, TriggerTarget):
            targets = ans.target_list()
            if targets is not None and request.index < len(targets):
                value = targets[request.index]
        elif isinstance(request, UseOptional):
            value = ans.use
        elif isinstance(request, ChooseModes):
            value = ans.modes
        elif isinstance(request, ChooseX):
            value = ans.x
        elif isinstance(request, DivideAmount):
            value = ans.divide
        elif isinstance(request, ChooseRefs):
            value = ans.target_list()
        elif isinstance(request, SearchCards):
            value = ans.choose_list if ans.choose_list is not None else ans.chosen()
        elif isinstance(request, ChooseValue):
            value = ans.chosen()
            if value is not None and value not in request.candidates and value in self.script.aliases:
                alias = self.script.aliases[value]
                if any(isinstance(c, str) and c.casefold() == alias.casefold() for c in request.candidates):
                    value = alias
        if value is None:
            return None
        self._used.add(request.source)
        return Decision(value, True, ans.key)

    # -- requests ----------------------------------------------------------------------------------------
    def choose(self, request: Request) -> Decision:
        decision = self._scripted(request)
        if decision is None:
            decision = Decision(request.default(), False)
            self._defaults.append((request, decision.value))
        return decision

    def _scripted(self, request: Request) -> Decision | None:
        script = self.script
        if isinstance(request, (TriggerTarget, UseOptional, ChooseModes, ChooseX, DivideAmount, ChooseValue,
                                ChooseRefs, SearchCards)):
            return self._source_decision(request)
        if isinstance(request, ShuffleOrder):
            on_top = script.shuffle.get(request.player)
            if on_top is None:
                return None
            self._used.add("shuffle")
            return Decision(tuple(on_top), True, (*script.locs.get("shuffle", ()), request.player))
        if isinstance(request, TriggerOrder):
            wanted = script.apnap_order.get(request.player)
            if wanted and len(request.sources) > 1:
                self._used.add("apnap_order")
                order = sorted(request.sources, key=lambda s: wanted.index(s) if s in wanted else len(wanted))
                return Decision(tuple(order), True, script.locs.get("apnap_order", ()))
        elif isinstance(request, LegendRule):
            for oid in script.legend_rule:
                if oid in request.candidates:
                    self._used.add("legend_rule")
                    return Decision(oid, True, script.locs.get("legend_rule", ()))
            for oid in request.candidates:
                keep = script.legend.get(oid)
                if keep is not None and keep in request.candidates and oid not in self._next \
                        and oid not in self._spent:
                    self._used.add(oid)
                    # The entry served this decision: it answers no other (one answer or a list alike).
                    self._spent.add(oid)
                    self._next[oid] = len(script.sources[oid].answers) if oid in script.sources else 0
                    self._bound = {k: v for k, v in self._bound.items() if k[0] != oid}
                    return Decision(keep, True, script.locs.get(oid, ()))
        elif isinstance(request, ReplacementOrder):
            listed = [i for i, s in enumerate(request.sources) if s in script.replacement_order]
            if listed and len(request.sources) > 1:
                self._used.add("replacement_order")
                best = min(listed, key=lambda i: script.replacement_order.index(request.sources[i]))
                return Decision(best, True, script.locs.get("replacement_order", ()))
        elif isinstance(request, (Discard, Sacrifice)):
            word = "discard" if isinstance(request, Discard) else "sacrifice"
            queues = self._discard if isinstance(request, Discard) else self._sacrifice
            queue = queues.get(request.player)
            if queue:
                self._used.add(word)
                taken = queue[: request.count]
                del queue[: request.count]
                # Listed ids first (the rule that asked checks they can be chosen), then the defaults.
                value = (*taken, *[c for c in request.candidates if c not in taken][: request.count - len(taken)])
                return Decision(value, True, (*script.locs.get(word, ()), request.player))
        return None

    def unused(self) -> list[str]:
        return [k for k in self.script.keys if k not in self._used]

    def leftover(self) -> list[Leftover]:
        """The answers of a list that ran longer than the decisions of its source (``heliod: [a, b, c]`` with two
        triggers: the third), and the ids still listed in ``discard``/``sacrifice``; keys that served no decision
        at all are in :meth:`unused` instead."""
        out: list[Leftover] = []
        for key in self.script.keys:
            if key not in self._used:
                continue
            entry = self.script.sources.get(key)
            if entry is not None and not entry.every:
                start = self._next.get(key, 0)
                if start < len(entry.answers):
                    out.append(Leftover(key, start, len(entry.answers) - start))
            elif key in ("discard", "sacrifice"):
                lists = self.script.discard if key == "discard" else self.script.sacrifice
                queues = self._discard if key == "discard" else self._sacrifice
                for player, ids in lists.items():
                    rest = queues.get(player, [])
                    if rest:
                        out.append(Leftover(key, len(ids) - len(rest), len(rest), player, tuple(rest)))
        return out

    def defaults(self) -> list[tuple[Request, Any]]:
        return list(self._defaults)
