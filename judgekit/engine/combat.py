"""Combat (CR 506-511, as changed by Foundations, November 2024): attackers, blockers, combat damage.

Action handlers: :func:`declare_attackers` (CR 508.1), :func:`declare_blockers` (CR 509.1),
:func:`assign_damage` (a division of combat damage chosen by a creature's controller, CR 510.1c-d) and
:func:`combat_damage` (the next combat damage step, CR 510; ``all``: every remaining one, then the end of
combat, CR 511). :func:`on_step` performs the turn-based actions of a combat step entered by
:mod:`judgekit.engine.turn`; :func:`damage_step` performs one combat damage step; :func:`end_combat` removes
every creature from combat when the combat phase ends (CR 511.3).

Damage assignment order does not exist any more (Foundations, 2024-11-08): a creature blocked by (or
blocking) several creatures divides its damage among them as its controller chooses (CR 510.1c-d).
Without an ``assign_damage`` entry the replay assigns lethal damage to each creature in declaration order
and the rest to the last one, or, for an attacking creature with trample, to what it attacks. Lethal damage
is counted as CR 702.19b says: toughness minus damage already marked and minus damage other creatures assign
to it in the same step; any damage from a deathtouch source is lethal (CR 702.2c).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from judgekit.engine.characteristics import all_chars, chars, frozen
from judgekit.engine.choices import DamageDivision
from judgekit.engine.combat_removal import defending_player, is_attacked, label, name_of, on_battlefield, update_combat
from judgekit.engine.effects import deal_damage, protected_from, simultaneous_damage
from judgekit.engine.errors import IllegalAction, ScenarioProblem
from judgekit.engine.events import tapped_event
from judgekit.engine.restrictions import assigns_as_unblocked, check_attackers, check_blockers, rule_ops, unblockable_by
from judgekit.engine.state import CombatState, Computed, EventKind, Game, GameEvent, Ref
from judgekit.engine.steps import announce_step
from judgekit.engine.vocab import Step, Zone

FIRST_STRIKE_KEYWORDS = ("first_strike", "double_strike")


@dataclass
class Combat(CombatState):
    """The combat of this turn: :class:`CombatState` plus what the damage steps need to remember.

    ``declared`` is every creature declared as an attacker (CR 508.8 looks at declarations, not at who is still
    attacking); ``first_strikers`` the attacking and blocking creatures that had first strike or double strike
    as the first combat damage step began (CR 510.4, 702.7c); ``attackers_declared`` / ``blockers_declared``
    whether the declarations of this combat have happened (or were skipped).
    """

    declared: list[int] = field(default_factory=list)
    first_strikers: set[int] = field(default_factory=set)
    attackers_declared: bool = False
    blockers_declared: bool = False


def current_combat(game: Game) -> Combat:
    """The combat of this turn, created when needed (a replay may start at the beginning of combat)."""
    combat = game.combat
    if isinstance(combat, Combat):
        return combat
    fresh = Combat()
    if combat is not None:
        for f in dataclasses.fields(CombatState):
            setattr(fresh, f.name, getattr(combat, f.name))
        fresh.declared = list(combat.attackers)
        fresh.attackers_declared = bool(combat.attackers)
        fresh.blockers_declared = bool(combat.blockers)
    game.combat = fresh
    return fresh


def existing_combat(game: Game) -> Combat | None:
    """The combat of this turn if there is one (a plain :class:`CombatState` is taken over)."""
    return current_combat(game) if game.combat is not None else None


def _names(game: Game, refs: list[int] | list[Ref]) -> list[dict[str, Any]]:
    return [name_of(game, r) for r in refs]


def _uid_of(game: Game, ref: str, role: str, key: tuple[str | int, ...]) -> int:
    """The object a scenario id names; ``role`` says what the action wanted it for (``attacker``...)."""
    uid = game.ids.get(ref)
    if uid is None:
        raise ScenarioProblem("combat.unknown_object", key, ref=ref, role=role)
    return uid


# ------------------------------------------------------------------------------------------------------
# Steps


def on_step(game: Game, step: Step) -> None:
    """Turn-based actions of a combat step entered without a declaration (CR 507-511)."""
    if step == Step.BEGINNING_OF_COMBAT:
        game.combat = Combat()
        return
    combat = current_combat(game)
    if step == Step.DECLARE_ATTACKERS and not combat.attackers_declared:
        _check_attack_rules(game, [])  # a missing declaration is checked as a written one (508.1d)
        combat.attackers_declared = True
        game.record("combat", "combat.no_attackers", "508.8", player=game.active)
    elif step == Step.DECLARE_BLOCKERS and not combat.blockers_declared:
        remove_from_combat_if_needed(game)
        if combat.attackers and (game.effects or game.replacement_abilities):
            table = all_chars(game)  # a missing declaration is checked as a written one (509.1c)
            _check_block_rules(game, [], defending_player(game), combat, table, _found(game, table.values()))
        combat.blockers_declared = True
        if combat.attackers:
            defenders = [n for n in game.apnap() if n in combat.defenders.values()]
            rec = game.record("combat", "combat.no_blockers", "509.1h", player=defending_player(game),
                              attackers=_names(game, list(combat.attackers)))
            if len(defenders) > 1:   # several defending players, in APNAP order (802.4)
                rec.params["players"] = defenders
    elif step == Step.COMBAT_DAMAGE:
        damage_step(game)


def end_combat(game: Game) -> None:
    """CR 511.3: as the end of combat step ends, every creature is removed from combat."""
    combat = game.combat
    if combat is not None and (combat.attackers or combat.blockers):
        game.record("combat", "combat.ends", "511.3")
    game.combat = None


def remove_from_combat_if_needed(game: Game) -> None:
    """CR 506.4: see :func:`judgekit.engine.combat_removal.update_combat` (also called as combat steps begin)."""
    update_combat(game)


# ------------------------------------------------------------------------------------------------------
# Declare attackers (CR 508)


def _attacked_label(game: Game, ref: Ref) -> dict[str, Any]:
    """What an attacker attacks: a player, a planeswalker (``planeswalker_of``: its controller) or a battle
    (``battle_of``: the player who protects it)."""
    if isinstance(ref, str):
        return {"player": ref}
    c = chars(game, ref)
    if c.is_type("Battle") and c.controller:
        return {**label(game, c), "battle_of": game.opponent(c.controller)}
    return {**label(game, c), "planeswalker_of": c.controller}


def _attack_target(game: Game, attacker: Computed, ref: str, key: tuple[str | int, ...]) -> tuple[Ref, str]:
    """CR 508.1b, 506.2, 310.8b: the defending player, a planeswalker they control, a battle they protect; with
    more than two players any opponent still in the game (802.3). Returns what it attacks and its defending
    player (508.5, 802.2a)."""
    defender = defending_player(game)
    opponents = game.opponents(game.active) if len(game.players) > 2 else [defender]
    if game.is_player(ref):
        if ref not in opponents:
            raise IllegalAction("combat.attack_player_not_defending", rule="506.2",
                                attacker=label(game, attacker), player=ref, defender=defender)
        return ref, ref
    uid = _uid_of(game, ref, "attack_target", key)
    if not on_battlefield(game, uid):
        raise IllegalAction("combat.attack_target_off_battlefield", rule="508.1b",
                            attacker=label(game, attacker), target=name_of(game, uid))
    tc = chars(game, uid)
    if tc.is_type("Planeswalker"):
        if tc.controller not in opponents:
            raise IllegalAction("combat.attack_planeswalker_not_defending", rule="508.1b",
                                attacker=label(game, attacker), target=label(game, tc), defender=defender)
        return uid, tc.controller
    if tc.is_type("Battle"):
        protector = game.opponent(tc.controller) if tc.controller else None
        if protector not in opponents:
            raise IllegalAction("combat.attack_battle_not_defending", rule="310.8b",
                                attacker=label(game, attacker), target=label(game, tc), protector=protector,
                                defender=defender)
        return uid, protector
    raise IllegalAction("combat.attack_not_attackable", rule="508.1b", attacker=label(game, attacker),
                        target=label(game, tc))


def declare_attackers(game: Game, spec: dict[str, str]) -> None:
    """CR 508.1: the active player declares attackers.

    Each must be an untapped creature they control (508.1a) that has been under their control continuously
    since the turn began or has haste (302.6, 702.10b), without defender (702.3b, a restriction of 508.1c),
    attacking the defending player, a planeswalker they control or a battle they protect (508.1b, 310.8b).
    The whole declaration is checked before anything happens (508.1: an illegal declaration is undone).
    Attackers without vigilance become tapped (508.1f, 702.20b); "attacks" abilities trigger (508.1m, 508.3a).
    """
    if game.active_left():
        raise IllegalAction("players.no_active_player", rule="800.4j", player=game.active)
    combat = current_combat(game)
    chosen: list[tuple[int, Computed, Ref]] = []
    defenders: dict[int, str] = {}
    for att_id, target in spec.items():
        key = (att_id,)
        uid = _uid_of(game, att_id, "attacker", key)
        obj = game.objects[uid]
        c = chars(game, uid)
        if obj.zone != Zone.BATTLEFIELD or not c.is_creature:
            raise IllegalAction("combat.attacker_not_creature", rule="506.3", creature=label(game, c))
        if c.controller != game.active:
            raise IllegalAction("combat.attacker_not_controlled", rule="508.1a", creature=label(game, c),
                                controller=c.controller, player=game.active)
        if obj.tapped:
            raise IllegalAction("combat.attacker_tapped", rule="508.1a", creature=label(game, c))
        if obj.summoning_sick and not c.has("haste"):
            raise IllegalAction("combat.attacker_summoning_sick", rule="508.1a", creature=label(game, c),
                                player=game.active)
        if c.has("defender"):
            raise IllegalAction("combat.attacker_has_defender", rule="702.3b", creature=label(game, c))
        attacked, defenders[uid] = _attack_target(game, c, target, key)
        chosen.append((uid, c, attacked))
    _check_attack_rules(game, [c for _u, c, _t in chosen])
    game.step = Step.DECLARE_ATTACKERS
    game.touch()
    announce_step(game, Step.DECLARE_ATTACKERS)
    combat.attackers_declared = True
    if not chosen:
        game.record("combat", "combat.no_attackers", "508.8", player=game.active)
        return
    combat.defenders.update(defenders)
    for uid, c, attacked in chosen:
        combat.attackers[uid] = attacked
        combat.declared.append(uid)
        obj = game.objects[uid]
        what = _attacked_label(game, attacked)
        rules = ["508.1a"] if isinstance(attacked, str) else ["508.1a", "508.1b"]
        if isinstance(attacked, int) and chars(game, attacked).is_type("Battle"):
            rules.append("310.8b")
        if c.has("vigilance"):
            game.record("combat", "combat.attacks_vigilance", *rules, "702.20b", objects=[obj.id],
                        creature=label(game, c), attacked=what)
        else:
            obj.tapped = True
            tapped_event(game, obj)
            game.record("combat", "combat.attacks", *rules, "508.1f", objects=[obj.id], creature=label(game, c),
                        attacked=what)
    game.touch()
    for uid, _c, attacked in chosen:
        # CR 506.5: a creature attacks alone if it is the only creature declared as an attacker.
        game.emit(GameEvent(EventKind.ATTACKS, obj=uid, player=attacked if isinstance(attacked, str) else None,
                            data={"target": attacked, "alone": len(chosen) == 1}))


def _found(game: Game, views: Any = None) -> dict[int, Any]:
    """The restriction operations in force (:func:`judgekit.engine.restrictions.rule_ops`); nothing is looked at
    when no effect and no ability could have one."""
    if not game.effects and not game.replacement_abilities:
        return {}
    return rule_ops(game, views)


def _able_attackers(game: Game) -> list[Computed]:
    """The creatures the active player could declare as attackers before restrictions (508.1a, 302.6, 702.3b)."""
    out = []
    for obj in game.battlefield():
        c = chars(game, obj)
        if (c.is_creature and c.controller == game.active and not obj.tapped
                and (not obj.summoning_sick or c.has("haste")) and not c.has("defender")):
            out.append(c)
    return out


def _check_attack_rules(game: Game, declared: list[Computed]) -> None:
    """Restrictions and requirements of the attackers (508.1c-d, :mod:`judgekit.engine.restrictions`)."""
    found = _found(game)
    if found:
        check_attackers(game, declared, lambda: _able_attackers(game), found, label)


def _check_block_rules(game: Game, chosen: list[tuple[int, Computed, list[int]]], defender: str,
                       combat: Combat, table: dict[int, Computed], found: dict[int, Any]) -> None:
    """Restrictions and requirements of the blockers (509.1b-c, :mod:`judgekit.engine.restrictions`)."""
    if not found:
        return

    def can_block(c: Computed, ac: Computed) -> bool:
        return block_problem(game, c, ac) is None and unblockable_by(found, c, ac) is None

    if not combat.defenders:
        check_blockers(game, chosen, defender, list(combat.attackers), table, found, label, can_block,
                       _additional_blocks)
        return
    # Several defending players: each one's blocks are checked on their own, in APNAP order (802.4).
    for player in [n for n in game.apnap() if n in combat.defenders.values()]:
        mine = [entry for entry in chosen if entry[1].controller == player]
        theirs = [a for a in combat.attackers if combat.defenders.get(a) == player]
        check_blockers(game, mine, player, theirs, table, found, label, can_block, _additional_blocks)


# ------------------------------------------------------------------------------------------------------
# Declare blockers (CR 509)


def _additional_blocks(c: Computed) -> int:
    """``can_block_additional_N``: how many creatures beyond one it may block (509.1a: one attacker per
    blocker unless an effect allows more)."""
    extra = 0
    for kw in c.keywords:
        if kw.startswith("can_block_additional_"):
            tail = kw.rsplit("_", 1)[1]
            if tail.isdigit():
                extra += int(tail)
    return extra


def block_problem(game: Game, blocker: Computed, attacker: Computed) -> IllegalAction | None:
    """Why ``blocker`` can't block ``attacker`` because of an evasion ability (509.1b), as the error to raise,
    or None."""
    if attacker.has("flying") and not (blocker.has("flying") or blocker.has("reach")):
        return IllegalAction("combat.block_flying", rule="702.9b", blocker=label(game, blocker),
                             attacker=label(game, attacker))
    kw = protected_from(blocker, attacker)
    if kw is not None:
        return IllegalAction("combat.block_protection", rule="702.16f", blocker=label(game, blocker),
                             attacker=label(game, attacker), keyword=kw)
    return None


def _apnap_blocks(game: Game, spec: dict[str, list[str]], table: dict[int, Computed]) -> list[tuple[str, list[str]]]:
    """The blocks of one ``declare_blockers`` mapping, grouped by defending player in APNAP order (CR 802.4;
    each group keeps the written order)."""
    if len(game.players) < 3:
        return list(spec.items())
    order = game.apnap()

    def rank(item: tuple[str, list[str]]) -> int:
        uid = game.ids.get(item[0])
        c = table.get(uid) if uid is not None else None
        return order.index(c.controller) if c is not None and c.controller in order else len(order)

    return sorted(spec.items(), key=rank)


def declare_blockers(game: Game, spec: dict[str, list[str]]) -> None:
    """CR 509.1: the defending player declares blockers.

    Each blocker is an untapped creature the defending player controls blocking one attacking creature, or
    more with ``can_block_additional_N`` (509.1a); evasion restrictions (509.1b): flying and reach
    (702.9b, 702.17b), protection (702.16f), menace (702.111b). The whole declaration is checked first.
    Attackers with blockers become blocked, the others unblocked (509.1h); "blocks" and "becomes blocked"
    abilities trigger once per creature (509.5a, 509.5c).
    """
    combat = existing_combat(game)
    if combat is None or not combat.attackers_declared or not combat.declared:
        raise IllegalAction("combat.blockers_without_attackers", rule="508.8")
    if game.step != Step.DECLARE_ATTACKERS or combat.blockers_declared:
        raise IllegalAction("combat.blockers_already_declared", rule="509.1")
    remove_from_combat_if_needed(game)
    defender = defending_player(game)
    table = all_chars(game)
    found = _found(game, table.values())
    defenders = set(combat.defenders.values()) or {defender}
    chosen: list[tuple[int, Computed, list[int]]] = []
    for blk_id, att_ids in _apnap_blocks(game, spec, table):
        key: tuple[str | int, ...] = (blk_id,)
        uid = _uid_of(game, blk_id, "blocker", key)
        obj = game.objects[uid]
        c = table.get(uid) or chars(game, uid)
        if obj.zone != Zone.BATTLEFIELD or not obj.current or not c.is_creature:
            raise IllegalAction("combat.blocker_not_creature", rule="506.3", creature=label(game, c))
        if c.controller not in defenders:
            raise IllegalAction("combat.blocker_not_controlled", rule="509.1a", creature=label(game, c),
                                controller=c.controller, player=defender)
        if obj.tapped:
            raise IllegalAction("combat.blocker_tapped", rule="509.1a", creature=label(game, c))
        if not att_ids:
            raise ScenarioProblem("combat.blocker_without_attacker", key, creature=label(game, c))
        extra = _additional_blocks(c)
        if len(att_ids) > 1 + extra:
            raise IllegalAction("combat.blocks_too_many", rule="509.1a", creature=label(game, c),
                                most=1 + extra, count=len(att_ids))
        blocked: list[int] = []
        for j, att_id in enumerate(att_ids):
            att = _uid_of(game, att_id, "blocked_attacker", (*key, j))
            ac = table.get(att) or chars(game, att)
            if att not in combat.attackers:
                raise IllegalAction("combat.block_not_attacking", rule="509.1a", blocker=label(game, c),
                                    attacker=label(game, ac))
            if att in blocked:
                raise IllegalAction("combat.block_twice", rule="509.1a", blocker=label(game, c),
                                    attacker=label(game, ac))
            if combat.defenders and combat.defenders.get(att, c.controller) != c.controller:
                raise IllegalAction("players.block_other_defender", rule="802.4a", blocker=label(game, c),
                                    attacker=label(game, ac), player=c.controller,
                                    defender=combat.defenders[att])
            problem = block_problem(game, c, ac)
            if problem is not None:
                raise problem
            why = unblockable_by(found, c, ac) if found else None
            if why is not None:
                raise IllegalAction(why[0], rule=why[1], blocker=label(game, c), attacker=label(game, ac))
            blocked.append(att)
        chosen.append((uid, c, blocked))
    counts: dict[int, int] = {}
    for _uid, _c, blocked in chosen:
        for att in blocked:
            counts[att] = counts.get(att, 0) + 1
    for att, n in counts.items():
        ac = table.get(att) or chars(game, att)
        if ac.has("menace") and n < 2:
            raise IllegalAction("combat.menace_single_blocker", rule="702.111b", attacker=label(game, ac))
    _check_block_rules(game, chosen, defender, combat, table, found)
    game.step = Step.DECLARE_BLOCKERS
    game.touch()
    announce_step(game, Step.DECLARE_BLOCKERS)
    combat.blockers_declared = True
    for uid, c, blocked in chosen:
        combat.blockers[uid] = blocked
        combat.blocked.update(blocked)
        rules = ["509.1a"]
        flying = []
        for att in blocked:
            ac = table.get(att) or chars(game, att)
            if ac.has("flying"):
                rules.append("702.17b" if c.has("reach") and not c.has("flying") else "702.9b")
                flying.append(label(game, ac))
        game.record("combat", "combat.blocks", *dict.fromkeys(rules), objects=[game.objects[uid].id],
                    blocker=label(game, c), attackers=_names(game, blocked), flying_attackers=flying,
                    blocker_keyword="flying" if c.has("flying") else "reach", additional=len(blocked) > 1)
    for att, n in counts.items():
        ac = table.get(att) or chars(game, att)
        if ac.has("menace"):
            game.record("combat", "combat.menace_blocked", "702.111b", objects=[game.objects[att].id],
                        attacker=label(game, ac), count=n)
    blocked_now = [a for a in combat.attackers if a in counts]
    unblocked = [a for a in combat.attackers if a not in counts]
    if blocked_now:
        game.record("combat", "combat.attackers_blocked", "509.1h", attackers=_names(game, blocked_now))
    if unblocked:
        game.record("combat", "combat.attackers_unblocked", "509.1h", attackers=_names(game, unblocked))
    game.touch()
    for uid, _c, blocked in chosen:
        game.emit(GameEvent(EventKind.BLOCKS, obj=uid, data={"attackers": list(blocked)}))
    for att in blocked_now:
        game.emit(GameEvent(EventKind.BECOMES_BLOCKED, obj=att, data={"blockers": combat.blocked_by(att)}))


# ------------------------------------------------------------------------------------------------------
# Damage assignment (CR 510.1)


def assign_damage(game: Game, spec: dict[str, dict[str, int]]) -> None:
    """``assign_damage``: how each named creature divides its combat damage in the next step in which it
    deals combat damage (CR 510.1c-d, 702.19b). The entry is checked when that step begins (510.1e)."""
    combat = existing_combat(game)
    if combat is None or not combat.attackers_declared:
        raise ScenarioProblem("combat.assign_outside_combat")
    for src, parts in spec.items():
        uid = _uid_of(game, src, "damage_source", (src,))
        if uid not in combat.attackers and uid not in combat.blockers:
            raise IllegalAction("combat.assign_not_in_combat", rule="510.1", creature=name_of(game, uid))
        entry: dict[Ref, int] = {}
        for dst, n in parts.items():
            ref: Ref = dst if game.is_player(dst) else _uid_of(game, dst, "damage_recipient", (src, dst))
            entry[ref] = int(n)
        combat.assignments[uid] = entry
        game.record("combat", "combat.division_chosen", "510.1", "510.1e", objects=[game.objects[uid].id],
                    creature=name_of(game, uid), parts=_parts(game, entry))


def _parts(game: Game, parts: dict[Ref, int]) -> list[dict[str, Any]]:
    """A division of damage as record data: ``[{"to": who, "amount": n}, ...]``."""
    return [{"to": name_of(game, r), "amount": n} for r, n in parts.items()]


@dataclass
class _Dealer:
    """A creature that assigns combat damage in this step."""

    uid: int
    c: Computed
    attacker: bool
    among: list[int]                 # the creatures it divides its damage among, declaration order
    attacked: Ref | None             # what it attacks, when its damage may go there
    trample: bool
    blocked: bool = False
    parts: dict[Ref, int] = field(default_factory=dict)
    explicit: bool = False
    why: str = ""                    # a code naming why the division is legal (see :func:`_explain`)
    why_params: dict[str, Any] = field(default_factory=dict)
    rules: list[str] = field(default_factory=list)
    as_unblocked: bool = False       # assigns as though it weren't blocked (``assign_damage_as_unblocked``)


def _lethal(game: Game, target: int, source: Computed, assigned_by_others: int) -> int:
    """Lethal damage for assignment (CR 702.19b, 702.2c): toughness minus damage already marked and minus
    what other creatures assign to it in this step; 1 from a deathtouch source (0 if already lethal)."""
    obj = game.objects[target]
    tc = chars(game, target)
    need = max(0, (tc.toughness or 0) - obj.damage - assigned_by_others)
    if source.has("deathtouch") and need > 0:
        return 1
    return need


_Note = tuple[str, tuple[str, ...], dict[str, Any]]


def _dealers(game: Game, combat: Combat, first: bool) -> tuple[list[_Dealer], list[_Note]]:
    """Who assigns combat damage in this step (CR 510.1a-d, 510.4, 702.7c) and notes on the first-strike gating
    (code, rules, parameters)."""
    notes: list[_Note] = []
    out: list[_Dealer] = []
    for att, target in combat.attackers.items():
        c = _dealing_now(game, att, combat, first, notes)
        if c is None:
            continue
        blocked = att in combat.blocked
        blockers = [b for b in combat.blocked_by(att) if b in combat.blockers]
        attacked = target if is_attacked(game, target) else None
        out.append(_Dealer(att, c, True, blockers if blocked else [], attacked, c.has("trample"), blocked))
    for blk, atts in combat.blockers.items():
        c = _dealing_now(game, blk, combat, first, notes)
        if c is None:
            continue
        alive = [a for a in atts if a in combat.attackers]
        out.append(_Dealer(blk, c, False, alive, None, False))
    return out, notes


def _dealing_now(game: Game, uid: int, combat: Combat, first: bool, notes: list[_Note]) -> Computed | None:
    """The characteristics of a creature in combat if it assigns damage in this step, else None; either way
    ``notes`` gets what the first-strike gating means for it (CR 510.4, 702.4b, 702.7b-c)."""
    c = chars(game, uid)
    if not _deals_in_step(c, first, uid in combat.first_strikers):
        notes.append(_not_dealing_note(game, c, first))
        return None
    if not first and uid in combat.first_strikers:
        notes.append(("combat.double_strike_deals_again", ("510.4", "702.4d"), {"creature": label(game, c)}))
    return c


def _not_dealing_note(game: Game, c: Computed, first: bool) -> _Note:
    if first:
        return ("combat.waits_for_regular_step", ("510.4", "702.7b"), {"creature": label(game, c)})
    return ("combat.lost_double_strike", ("510.4", "702.7c"), {"creature": label(game, c)})


def _deals_in_step(c: Computed, first: bool, had_first_strike: bool) -> bool:
    """CR 510.4: in the first-strike step only creatures with first strike or double strike; in the second,
    those that had neither as the first step began and those that have double strike now (702.4b, 702.7c)."""
    if first:
        return c.has("first_strike") or c.has("double_strike")
    return not had_first_strike or c.has("double_strike")


def _power(d: _Dealer) -> int:
    return max(0, d.c.power or 0)


def _recipients(d: _Dealer) -> list[Ref]:
    """Where ``d`` may assign damage at all (CR 510.1b-d, 702.19b-d)."""
    if d.attacker and not d.among:
        if d.blocked and not d.trample:
            return []
        return [d.attacked] if d.attacked is not None else []
    out: list[Ref] = list(d.among)
    if d.attacker and d.trample and d.attacked is not None:
        out.append(d.attacked)
    return out


def _check_explicit(game: Game, d: _Dealer, entry: dict[Ref, int]) -> None:
    """An ``assign_damage`` entry: only legal recipients (510.1b-d, 702.19d), total equal to power (510.1a)."""
    power = _power(d)
    allowed = set(_recipients(d))
    for ref, n in entry.items():
        if n <= 0 or ref in allowed:
            continue
        who = name_of(game, ref)
        creature = label(game, d.c)
        if not d.attacker:
            raise IllegalAction("combat.blocker_assigns_elsewhere", rule="510.1d", creature=creature,
                                blocking=_names(game, d.among), to=who)
        if not d.blocked:
            raise IllegalAction("combat.unblocked_assigns_elsewhere", rule="510.1b", creature=creature,
                                attacked=name_of(game, d.attacked) if d.attacked is not None else None, to=who)
        if d.trample and isinstance(ref, str) and d.attacked is not None and d.attacked != ref:
            raise IllegalAction("combat.trample_other_player", rule="702.19f", creature=creature,
                                attacked=name_of(game, d.attacked), to=who)
        if not d.among and not d.trample:
            raise IllegalAction("combat.blocked_by_none_assigns", rule="510.1c", creature=creature)
        if d.among:
            raise IllegalAction("combat.blocked_assigns_elsewhere", rule="510.1c", creature=creature,
                                blockers=_names(game, d.among), trample=d.trample, to=who)
        raise IllegalAction("combat.cannot_assign_to", rule="510.1c", creature=creature, to=who)
    total = sum(n for n in entry.values() if n > 0)
    expected = power if allowed else 0
    if total != expected:
        if power == 0:
            raise IllegalAction("combat.no_power_assigns", rule="510.1a", creature=label(game, d.c),
                                power=d.c.power or 0, total=total)
        if not allowed:
            raise IllegalAction("combat.nothing_to_assign_to", rule="510.1c" if d.attacker else "510.1d",
                                creature=label(game, d.c), total=total)
        raise IllegalAction("combat.assigns_wrong_total", rule="510.1a", creature=label(game, d.c), power=power,
                            total=total)


def _default(game: Game, d: _Dealer, others: dict[int, int]) -> None:
    """Default division: lethal damage to each creature in declaration order, the rest to the last one or,
    for an attacking creature with trample, to what it attacks (SCENARIO-FORMAT, CR 510.1c-d, 702.19b)."""
    power = _power(d)
    if power == 0 or not _recipients(d):
        return
    if not d.among:
        if d.attacked is not None:
            d.parts[d.attacked] = power
        return
    left = power
    to_attacked = d.attacker and d.trample and d.attacked is not None
    for i, u in enumerate(d.among):
        last = i == len(d.among) - 1
        if last and not to_attacked:
            d.parts[u] = d.parts.get(u, 0) + left
            left = 0
            break
        n = min(left, _lethal(game, u, d.c, others.get(u, 0)))
        d.parts[u] = n
        left -= n
    if left > 0 and to_attacked and d.attacked is not None:
        d.parts[d.attacked] = left


def _explain(game: Game, d: _Dealer, others: dict[int, int]) -> None:
    """Why the division of ``d`` is legal: a code in ``d.why`` with its parameters in ``d.why_params``, and its
    rules."""
    power = _power(d)
    if power == 0:
        d.why, d.why_params = "no_power", {"power": d.c.power or 0}
        d.rules = ["510.1a"]
        return
    parts = {r: n for r, n in d.parts.items() if n > 0}
    shown = _parts(game, parts)
    if d.attacker and not d.among and d.blocked:
        if d.trample and d.attacked is not None:
            d.why, d.why_params = "blocked_by_none_trample", {"power": power, "attacked": name_of(game, d.attacked)}
            d.rules = ["509.1h", "702.19d"]
        else:
            d.why = "blocked_by_none"
            d.rules = ["509.1h", "510.1c"]
        return
    if d.attacker and not d.among:
        target = game.combat.attackers.get(d.uid) if game.combat is not None else None
        if d.attacked is None and isinstance(target, str) and not game.is_player(target):
            # CR 800.4e: combat damage is not assigned to a player who has left the game.
            d.why, d.why_params = "unblocked_player_left", {"player": target}
            d.rules = ["800.4e", "510.1b"]
        elif d.attacked is None:
            d.why = "unblocked_target_gone"
            d.rules = ["506.4c", "510.1b"]
        else:
            d.why, d.why_params = "unblocked", {"parts": shown}
            d.rules = ["510.1b"]
        return
    if not d.among:
        d.why = "blocks_none"
        d.rules = ["510.1d"]
        return
    rule = "510.1c" if d.attacker else "510.1d"
    if len(d.among) == 1 and not (d.trample and d.attacked in parts):
        d.why, d.why_params = "single", {"attacker": d.attacker, "parts": shown}
        d.rules = [rule]
    else:
        d.why, d.why_params = "division", {
            "explicit": d.explicit, "parts": shown,
            "rest_to_attacked": d.attacker and d.trample and d.attacked is not None}
        d.rules = [rule]
    if d.attacker and d.trample and d.attacked is not None and parts.get(d.attacked, 0) > 0:
        d.why_params["lethal"] = [
            {"to": name_of(game, u), "lethal": _lethal(game, u, d.c, others.get(u, 0)),
             "marked": game.objects[u].damage, "deathtouch": d.c.has("deathtouch"), "others": others.get(u, 0)}
            for u in d.among]
        d.rules.append("702.19b")
        if d.c.has("deathtouch"):
            d.rules.append("702.2c")


def _assign_all(game: Game, dealers: list[_Dealer], combat: Combat) -> None:
    """CR 510.1: the active player assigns the attackers' damage, then the defending player the blockers';
    every assignment is checked as a whole (510.1e)."""
    for group in ([d for d in dealers if d.attacker], [d for d in dealers if not d.attacker]):
        for d in group:
            entry = combat.assignments.pop(d.uid, None)
            if entry is not None:
                d.as_unblocked = _as_unblocked(game, d, entry)
                if not d.as_unblocked:
                    _check_explicit(game, d, entry)
                d.parts = {r: n for r, n in entry.items() if n > 0}
                d.explicit = True
        # Damage assigned to each creature by the creatures of this group (702.19b counts it).
        assigned: dict[int, int] = {}
        for d in group:
            if d.explicit:
                for r, n in d.parts.items():
                    if isinstance(r, int):
                        assigned[r] = assigned.get(r, 0) + n
        for d in group:
            if not d.explicit:
                _default(game, d, {u: assigned.get(u, 0) for u in d.among})
                _ask_division(game, d)
                for r, n in d.parts.items():
                    if isinstance(r, int):
                        assigned[r] = assigned.get(r, 0) + n
        for d in group:
            others = {u: assigned.get(u, 0) - d.parts.get(u, 0) for u in d.among}
            if d.as_unblocked:
                d.why, d.why_params, d.rules = "unblocked", {"parts": _parts(game, d.parts)}, ["510.1c"]
                continue
            if d.explicit and d.attacker and d.attacked is not None and d.parts.get(d.attacked, 0) > 0:
                for u in d.among:
                    own = d.parts.get(u, 0)
                    need = _lethal(game, u, d.c, others[u])
                    if own < need:
                        raise IllegalAction("combat.trample_before_lethal", rule="702.19b",
                                            creature=label(game, d.c), attacked=name_of(game, d.attacked),
                                            blocker=name_of(game, u), lethal=need, assigned=own)
            _explain(game, d, others)


def _as_unblocked(game: Game, d: _Dealer, entry: dict[Ref, int]) -> bool:
    """An ``assign_damage`` entry of a blocked attacker that names only what it attacks, all of its power, when
    its controller may have it assign its combat damage as though it weren't blocked (510.1c): the choice is
    made (and said in a step)."""
    parts = {r: n for r, n in entry.items() if n > 0}
    if not (d.attacker and d.blocked and d.attacked is not None and set(parts) == {d.attacked}
            and sum(parts.values()) == _power(d) and assigns_as_unblocked(game, d.uid)):
        return False
    game.record("combat", "restrictions.assigns_as_unblocked", "510.1c", objects=[game.objects[d.uid].id],
                creature=label(game, d.c), attacked=name_of(game, d.attacked), amount=_power(d))
    return True


def _ask_division(game: Game, d: _Dealer) -> None:
    """CR 510.1c-d: the creature's controller divides its damage; without an ``assign_damage`` entry the
    division is a decision of the chooser, offered the default computed by :func:`_default`. A given answer is
    checked like an ``assign_damage`` entry."""
    recipients = _recipients(d)
    if len(recipients) < 2 or _power(d) == 0:
        return
    controller = game.active if d.attacker else (d.c.controller or defending_player(game))
    decision = game.chooser.choose(DamageDivision(game.objects[d.uid].id, controller, _power(d),
                                                  tuple(recipients), tuple(d.parts.items())))
    if decision.given:
        entry = dict(decision.value)
        _check_explicit(game, d, entry)
        d.parts = {r: n for r, n in entry.items() if n > 0}
        d.explicit = True


def _has_first_strike(c: Computed) -> bool:
    return any(c.has(k) for k in FIRST_STRIKE_KEYWORDS)


def damage_step(game: Game) -> None:
    """One combat damage step (CR 510): the first-strike step when an attacking or blocking creature has
    first strike or double strike as combat damage begins, then the regular one (510.4, 702.7b, 702.4b).
    Assignments first (510.1), then all the damage at once (510.2); lifelink gains life once per source
    (702.15e). The replay then checks state-based actions and puts triggers on the stack (510.3a)."""
    combat = current_combat(game)
    remove_from_combat_if_needed(game)
    in_combat = list(combat.attackers) + list(combat.blockers)
    first = False
    if not combat.first_strike_done and not combat.regular_done:
        combat.first_strikers = {u for u in in_combat if _has_first_strike(chars(game, u))}
        first = bool(combat.first_strikers)
    game.step = Step.COMBAT_DAMAGE
    game.touch()
    if first:
        combat.first_strike_done = True
        strikers = [{**label(game, c), "keyword": "double_strike" if c.has("double_strike") else "first_strike"}
                    for c in (chars(game, u) for u in in_combat if u in combat.first_strikers)]
        announce_step(game, Step.COMBAT_DAMAGE, code="combat.first_strike_step_begins", rules=("510.4", "702.7b"),
                      first_strikers=strikers)
    elif combat.first_strike_done:
        combat.regular_done = True
        game.record("step", "combat.regular_step_begins", "510.4", "702.4b", "702.7c")
        game.emit(GameEvent(EventKind.STEP, data={"step": Step.COMBAT_DAMAGE.value, "second": True}))
    else:
        combat.regular_done = True
        announce_step(game, Step.COMBAT_DAMAGE)
    dealers, notes = _dealers(game, combat, first)
    for code, rules, params in notes:
        game.record("combat", code, *rules, **params)
    # Entries of creatures that no longer are in combat are discarded.
    for uid in [u for u in combat.assignments if u not in combat.attackers and u not in combat.blockers]:
        del combat.assignments[uid]
        game.record("combat", "combat.division_unused", "506.4", creature=name_of(game, uid))
    _assign_all(game, dealers, combat)
    for d in dealers:
        if first:
            combat.dealt_first_strike.add(d.uid)
        who = game.active if d.attacker else (d.c.controller or defending_player(game))
        game.record("combat", "combat.damage_assigned", *d.rules, objects=[game.objects[d.uid].id], player=who,
                    creature=label(game, d.c), power=_power(d), why=d.why, details=d.why_params)
    dealing = [d for d in dealers if any(n > 0 for n in d.parts.values())]
    if not dealing:
        game.record("damage", "combat.no_damage", "510.2")
        return
    game.record("damage", "combat.damage_dealt", "510.2")
    # One simultaneous event: a lifelink source gains life once for all it deals (702.15e), "deals combat
    # damage" abilities trigger once per source (603.2c).
    # Every recipient is seen as it was when the event began (510.2): the characteristics are held fixed.
    with simultaneous_damage(game), frozen(game):
        for d in dealing:
            for ref, n in d.parts.items():
                if n > 0:
                    deal_damage(game, d.c, ref, n, combat=True)
    game.record("damage", "combat.life_totals", "510.2",
                players=[{"name": p.name, "life": p.life, "poison": p.poison} for p in game.players])
    game.touch()
