"""Restrictions and requirements of the combat declarations (CR 508.1c-d, 509.1b-c), and the rules-changing
operations on players (SCENARIO-FORMAT.md 2.7 Operations, 2.8 Missing declarations).

The operations named in :mod:`judgekit.engine.restriction_ops` are not abilities: they change the rules for what
they apply to, after all layers (CR 613.10, 613.11). :func:`rule_ops` gathers, once for a declaration, which of
them apply to which object: from effects of resolved spells and abilities (their fixed set, 611.2c) and from
static abilities of permanents (their ``affects``, read anew, 611.3a).

A declaration is legal when it breaks no restriction; among the legal ones it must obey the maximum number of
requirements possible (508.1d, 509.1c). :func:`check_attackers` and :func:`check_blockers` count the
requirements a declaration obeys and compare them with that maximum:

- attackers: each creature with ``must_attack`` that attacks obeys one requirement. The only restriction that
  makes a requirement impossible to obey together with the others is ``cant_attack_alone``, so the maximum has
  a closed form (:func:`_max_attack_requirements`);
- blockers: each creature with ``must_block`` that blocks obeys one, and each creature that blocks an attacker
  with ``must_be_blocked_by_all`` which it is able to block obeys one more. Only the creatures that have a
  requirement take part in the search (:func:`_max_block_requirements`): each one blocks one of the attackers
  it can block, or none; the other creatures are used only to complete a block that needs more blockers
  (``blocked_only_by_at_least``, menace) or company (``cant_block_alone``). The search stops as soon as it
  reaches the upper bound (every requirement obeyed), which is where it starts: in the common case it visits
  one declaration. It prunes every branch that can't beat the best found and visits at most
  :data:`SEARCH_LIMIT` declarations.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from judgekit.engine.characteristics import chars
from judgekit.engine.errors import IllegalAction
from judgekit.engine.restriction_ops import PLAYER_OPS, RESTRICTION_OPS
from judgekit.engine.selectors import SelectorContext, matches, matches_player
from judgekit.engine.specs import Filter
from judgekit.engine.state import Computed, Game
from judgekit.engine.vocab import Zone

# The most declarations :func:`_max_block_requirements` looks at (a bound on the search, see the module doc).
SEARCH_LIMIT = 20000

Found = dict[str, list[tuple[Any, SelectorContext]]]


def _ctx(game: Game, you: str | None, source: int | None, attached_to: int | None = None,
         chosen: str | None = None) -> SelectorContext:
    return SelectorContext(you=you, source=source, attached_to=attached_to, ids=game.ids,
                           players=tuple(p.name for p in game.players), chosen=chosen)


def rule_ops(game: Game, views: Iterable[Computed] | None = None,
             names: Iterable[str] = RESTRICTION_OPS) -> dict[int, Found]:
    """For each object (uid) the restriction operations that apply to it, with their parameters and the context
    a selector parameter is read in (the effect's controller is ``you``). Empty when no effect or static ability
    has one, without looking at any object."""
    wanted = tuple(names)
    out: dict[int, Found] = {}
    for e in game.effects:
        if e.affected is None:
            continue
        for op in wanted:
            p = e.ops.get(op)
            if p is None or p is False:
                continue
            ctx = _ctx(game, e.controller, e.source_uid)
            for uid in e.affected:
                out.setdefault(uid, {}).setdefault(op, []).append((p, ctx))
    if not game.replacement_abilities:
        return out
    pool: list[Computed] | None = list(views) if views is not None else None
    for obj in game.battlefield():
        view = chars(game, obj)
        for ab in view.abilities:
            static = ab.spec.static
            if ab.kind != "static" or static is None:
                continue
            found = [(op, static.ops[op]) for op in wanted if static.ops.get(op) not in (None, False)]
            if not found:
                continue
            if pool is None:
                pool = [chars(game, o) for o in game.battlefield()]
            ctx = _ctx(game, view.controller, obj.uid, obj.attached_to, obj.chosen)
            for c in pool:
                if matches(static.affects, c, ctx):
                    for op, p in found:
                        out.setdefault(c.uid, {}).setdefault(op, []).append((p, ctx))
    return out


def player_ops(game: Game, player: str, op: str) -> list[Any]:
    """The parameters of the player operation ``op`` (``player_hexproof``, ``player_protection_from``) that
    apply to ``player``: effects naming them (or every player, without ``to``) and static abilities whose
    ``affects`` picks them."""
    out: list[Any] = []
    for e in game.effects:
        p = e.ops.get(op)
        if p is not None and p is not False and e.affected is None and (e.players is None or player in e.players):
            out.append(p)
    if not game.replacement_abilities:
        return out
    for obj in game.battlefield():
        view = chars(game, obj)
        for ab in view.abilities:
            static = ab.spec.static
            if ab.kind != "static" or static is None or static.ops.get(op) in (None, False):
                continue
            if matches_player(static.affects, player, _ctx(game, view.controller, obj.uid, obj.attached_to,
                                                           obj.chosen)):
                out.append(static.ops[op])
    return out


def player_target_problem(game: Game, player: str, controller: str,
                          source: Computed | None) -> tuple[str, str, dict[str, Any]] | None:
    """Why ``player`` can't be targeted by a spell or ability ``controller`` controls: hexproof on a player
    (702.11c) or protection (702.16b). None when nothing says so (and at once when no effect uses them)."""
    if not game.effects and not game.replacement_abilities:
        return None
    if player != controller and player_ops(game, player, "player_hexproof"):
        return ("restrictions.target_player_hexproof", "702.11c", {"player": player, "opponent": controller})
    if source is not None:
        for q in player_ops(game, player, "player_protection_from"):
            if has_quality(source, q):
                return ("restrictions.target_player_protection", "702.16b",
                        {"player": player, "quality": q, "source": source.name})
    return None


def player_protected_from(game: Game, player: str, source: Computed) -> str | None:
    """The quality of a protection of ``player`` that ``source`` has (702.16e: its damage is prevented)."""
    if not game.effects and not game.replacement_abilities:
        return None
    for q in player_ops(game, player, "player_protection_from"):
        if has_quality(source, q):
            return str(q)
    return None


def has_quality(source: Computed, quality: str) -> bool:
    """Whether ``source`` has a protection quality (702.16a): a colour, ``creatures``, ``everything``."""
    return quality == "everything" or quality in source.colors or (quality == "creatures" and source.is_creature)


# ------------------------------------------------------------------------------------------------------
# What the operations of one creature say


def has(found: dict[int, Found], uid: int, op: str) -> bool:
    return op in found.get(uid, {})


def min_blockers(found: dict[int, Found], attacker: Computed) -> int:
    """The fewest creatures that may block ``attacker`` if any does: menace is 2 (702.111b),
    ``blocked_only_by_at_least: N`` is N (509.1b)."""
    n = 2 if attacker.has("menace") else 1
    for p, _unused in found.get(attacker.uid, {}).get("blocked_only_by_at_least", ()):
        n = max(n, int(p))
    return n


def unblockable_by(found: dict[int, Found], blocker: Computed, attacker: Computed) -> tuple[str, str] | None:
    """The restriction of ``attacker`` that keeps ``blocker`` from blocking it (509.1b), as ``(code, rule)``."""
    ops = found.get(attacker.uid)
    if not ops:
        return None
    for p, ctx in ops.get("cant_be_blocked", ()):
        if p is True or (isinstance(p, Filter | str | tuple) and matches(p, blocker, ctx)):
            return ("restrictions.cant_be_blocked", "509.1b")
    for p, ctx in ops.get("cant_be_blocked_except_by", ()):
        if not matches(p, blocker, ctx):
            return ("restrictions.cant_be_blocked_except_by", "509.1b")
    return None


# ------------------------------------------------------------------------------------------------------
# Attackers (CR 508.1c-d)


def check_attackers(game: Game, declared: list[Computed], able_fn: Any, found: dict[int, Found],
                    label: Any) -> None:
    """Restrictions (508.1c: ``cant_attack``, ``cant_attack_alone``) and requirements (508.1d: ``must_attack``)
    of a declaration of attackers; ``able`` are the creatures that could attack at all (508.1a)."""
    if not found:
        return
    for c in declared:
        if has(found, c.uid, "cant_attack"):
            raise IllegalAction("restrictions.cant_attack", rule="508.1c", creature=label(game, c))
    if len(declared) == 1 and has(found, declared[0].uid, "cant_attack_alone"):
        raise IllegalAction("restrictions.cant_attack_alone", rule="508.1c", creature=label(game, declared[0]))
    free = [c for c in able_fn() if not has(found, c.uid, "cant_attack")]
    required = [c for c in free if has(found, c.uid, "must_attack")]
    if not required:
        return
    chosen = {c.uid for c in declared}
    obeyed = sum(1 for c in required if c.uid in chosen)
    most = _max_attack_requirements(found, required, free)
    if obeyed < most:
        missing = next(c for c in required if c.uid not in chosen)
        raise IllegalAction("restrictions.must_attack", rule="508.1d", creature=label(game, missing),
                            obeyed=obeyed, most=most, declared=bool(declared))


def _max_attack_requirements(found: dict[int, Found], required: list[Computed], free: list[Computed]) -> int:
    """The most ``must_attack`` requirements a legal declaration obeys: all of them, unless the only one belongs
    to a creature that can't attack alone and no other creature can attack with it (506.5)."""
    if len(required) == 1 and len(free) == 1 and has(found, required[0].uid, "cant_attack_alone"):
        return 0
    return len(required)


# ------------------------------------------------------------------------------------------------------
# Blockers (CR 509.1b-c)


@dataclass
class _Search:
    """The search for the most requirements a legal declaration of blockers obeys."""

    options: list[list[tuple[int, ...]]]            # for each requirement creature, what it may block
    weight: list[dict[tuple[int, ...], int]]        # requirements each option obeys
    able: dict[int, list[int]]                      # attacker -> free creatures able to block it
    need: dict[int, int]                            # attacker -> fewest blockers
    alone: list[bool]                               # requirement creature can't block alone
    visited: int = 0
    best: int = -1
    picks: list[tuple[int, ...]] = field(default_factory=list)

    def feasible(self) -> bool:
        """Whether the free creatures can complete the picks into a legal declaration: enough blockers for each
        attacker that needs several (509.1b), company for a creature that can't block alone."""
        count: dict[int, int] = {}
        for pick in self.picks:
            for a in pick:
                count[a] = count.get(a, 0) + 1
        used: set[int] = set()
        for a, n in count.items():
            short = self.need.get(a, 1) - n
            if short <= 0:
                continue
            helpers = [u for u in self.able.get(a, ()) if u not in used][:short]
            if len(helpers) < short:
                return False
            used.update(helpers)
        blockers = sum(1 for p in self.picks if p) + len(used)
        if blockers == 1 and any(p and self.alone[i] for i, p in enumerate(self.picks)):
            return any(u not in used and self.need.get(a, 1) <= 1 for a, us in self.able.items() for u in us)
        return True

    def run(self, i: int, total: int, bound: list[int]) -> None:
        if self.visited >= SEARCH_LIMIT or self.best == bound[0]:
            return
        if i == len(self.options):
            self.visited += 1
            if total > self.best and self.feasible():
                self.best = total
            return
        if total + bound[i] <= self.best:
            return
        for pick in self.options[i]:
            self.picks.append(pick)
            self.run(i + 1, total + self.weight[i].get(pick, 0), bound)
            self.picks.pop()


def check_blockers(game: Game, chosen: list[tuple[int, Computed, list[int]]], defender: str,
                   attackers: list[int], table: dict[int, Computed], found: dict[int, Found], label: Any,
                   can_block: Any, additional_blocks: Any) -> None:
    """Restrictions (509.1b: ``cant_block``, ``cant_be_blocked``, ``cant_be_blocked_except_by``,
    ``blocked_only_by_at_least``, ``cant_block_alone``) and requirements (509.1c: ``must_block``,
    ``must_be_blocked_by_all``) of a declaration of blockers. ``can_block(blocker, attacker)`` says whether one
    creature may block one attacker on its own (evasion, protection, the restrictions of this module);
    ``additional_blocks(blocker)`` how many attackers beyond one it may block (509.1a)."""
    if not found:
        return
    counts: dict[int, int] = {}
    for uid, c, blocked in chosen:
        if has(found, uid, "cant_block"):
            raise IllegalAction("restrictions.cant_block", rule="509.1b", creature=label(game, c))
        for att in blocked:
            counts[att] = counts.get(att, 0) + 1
    for att, n in counts.items():
        ac = table[att]
        need = min_blockers(found, ac)
        if n < need:
            raise IllegalAction("restrictions.blocked_only_by_at_least", rule="509.1b", attacker=label(game, ac),
                                count=n, least=need)
    if len(chosen) == 1 and has(found, chosen[0][0], "cant_block_alone"):
        raise IllegalAction("restrictions.cant_block_alone", rule="509.1b", creature=label(game, chosen[0][1]))
    lures = [a for a in attackers if has(found, a, "must_be_blocked_by_all")]
    candidates = [c for c in table.values() if c.controller == defender and c.zone == Zone.BATTLEFIELD
                  and c.is_creature and not game.objects[c.uid].tapped and not has(found, c.uid, "cant_block")]
    if not lures and not any(has(found, c.uid, "must_block") for c in candidates):
        return
    able = {c.uid: [a for a in attackers if can_block(c, table[a])] for c in candidates}
    required: list[Computed] = []
    for c in candidates:
        if able[c.uid] and (has(found, c.uid, "must_block") or any(a in lures for a in able[c.uid])):
            required.append(c)
    if not required:
        return
    given = {uid: blocked for uid, _c, blocked in chosen}

    def obeys(c: Computed, blocked: Iterable[int]) -> int:
        blocked = list(blocked)
        n = 1 if blocked and has(found, c.uid, "must_block") else 0
        return n + sum(1 for a in blocked if a in lures and a in able[c.uid])

    obeyed = sum(obeys(c, given.get(c.uid, ())) for c in required)
    search = _search(found, required, candidates, able, lures, table, obeys, additional_blocks)
    bound = [0] * (len(required) + 1)
    for i in range(len(required) - 1, -1, -1):
        bound[i] = bound[i + 1] + max(search.weight[i].values())
    # The declaration given is legal: only a declaration obeying more requirements matters (509.1c).
    search.best = obeyed
    search.run(0, 0, bound)
    if obeyed < search.best:
        for c in required:
            if obeys(c, given.get(c.uid, ())) < max(search.weight[required.index(c)].values()):
                lure = next((a for a in able[c.uid] if a in lures and a not in given.get(c.uid, ())), None)
                raise IllegalAction("restrictions.block_requirement", rule="509.1c", creature=label(game, c),
                                    attacker=label(game, table[lure]) if lure is not None else None,
                                    obeyed=obeyed, most=search.best, declared=bool(chosen))


def _search(found: dict[int, Found], required: list[Computed], candidates: list[Computed],
            able: dict[int, list[int]], lures: list[int], table: dict[int, Computed], obeys: Any,
            additional_blocks: Any) -> _Search:
    """The search space: for each creature with a requirement, its options (best first: the Lure attackers it
    can block, then the others, then none), and the creatures without requirements that can help."""
    req = {c.uid for c in required}
    options: list[list[tuple[int, ...]]] = []
    weights: list[dict[tuple[int, ...], int]] = []
    for c in required:
        mine = able[c.uid]
        lured = [a for a in mine if a in lures]
        opts: list[tuple[int, ...]] = []
        most = 1 + additional_blocks(c)
        if len(lured) > 1 and most > 1:
            opts.append(tuple(lured[:most]))
        opts += [(a,) for a in lured] + [(a,) for a in mine if a not in lured] + [()]
        opts = list(dict.fromkeys(opts))
        options.append(opts)
        weights.append({o: obeys(c, o) for o in opts})
    helpers: dict[int, list[int]] = {}
    for c in candidates:
        if c.uid not in req:
            for a in able[c.uid]:
                helpers.setdefault(a, []).append(c.uid)
    return _Search(options=options, weight=weights, able=helpers,
                   need={a: min_blockers(found, table[a]) for a in able_attackers(able)},
                   alone=[has(found, c.uid, "cant_block_alone") for c in required])


def able_attackers(able: dict[int, list[int]]) -> set[int]:
    return {a for atts in able.values() for a in atts}


# ------------------------------------------------------------------------------------------------------
# Combat damage (510.1c)


def assigns_as_unblocked(game: Game, uid: int) -> bool:
    """Whether the controller of an attacking creature may have it assign its combat damage as though it
    weren't blocked (``assign_damage_as_unblocked``, 510.1c)."""
    if not game.effects and not game.replacement_abilities:
        return False
    return has(rule_ops(game, [chars(game, uid)], ("assign_damage_as_unblocked",)), uid,
               "assign_damage_as_unblocked")


__all__ = ["PLAYER_OPS", "RESTRICTION_OPS", "check_attackers", "check_blockers", "player_target_problem",
           "rule_ops", "unblockable_by"]
