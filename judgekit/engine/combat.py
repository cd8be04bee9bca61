"""Combat (CR 506-511): attackers, blockers, damage assignment and the combat damage steps.

Action handlers: :func:`declare_attackers`, :func:`declare_blockers`, :func:`assign_damage`,
:func:`combat_damage`. :func:`on_step` is called by :mod:`judgekit.engine.turn` when a combat step begins;
:func:`damage_step` performs the next combat damage step (first strike, then regular, CR 510.4).
Damage assignment order does not exist (Foundations): without an ``assign_damage`` entry a creature assigns
lethal damage to each creature it must divide among, in declaration order, and the rest to the last one
(or, for an attacking trampler, to what it attacks).
"""

from __future__ import annotations

from typing import Any

from judgekit.engine.characteristics import chars
from judgekit.engine.effects import deal_damage
from judgekit.engine.errors import IllegalAction, ScenarioProblem
from judgekit.engine.state import CombatState, Computed, Game, GameEvent, Ref
from judgekit.engine.vocab import Step, Zone


def _prepare(game: Game, step: Step) -> None:
    from judgekit.engine import turn
    from judgekit.engine.stack import resolve_all

    resolve_all(game)
    if game.step != step:
        turn.advance_to(game, step)


def on_step(game: Game, step: Step) -> None:
    """Turn-based actions of combat steps (CR 507-511)."""
    from judgekit.engine import turn

    if step == Step.BEGINNING_OF_COMBAT and game.combat is None:
        game.combat = CombatState()
    if step == Step.COMBAT_DAMAGE:
        damage_step(game)
    if step == Step.END_OF_COMBAT:
        turn.end_combat_effects(game)
    if step == Step.MAIN2:
        game.combat = None


def declare_attackers(game: Game, spec: dict[str, str]) -> None:
    """CR 508.1: the active player declares attackers (untapped, no summoning sickness, not defender)."""
    _prepare(game, Step.BEGINNING_OF_COMBAT)
    if game.combat is None:
        game.combat = CombatState()
    game.step = Step.DECLARE_ATTACKERS
    game.say("step", "Inizia la sottofase di dichiarazione degli attaccanti.", "508.1")
    for att_id, target in spec.items():
        obj = game.obj(att_id)
        c = chars(game, obj)
        if obj.zone != Zone.BATTLEFIELD or not c.is_creature:
            raise IllegalAction(f"{c.name} non è una creatura sul campo di battaglia", rule="508.1a")
        if c.controller != game.active:
            raise IllegalAction(f"{c.name} non è controllata dal giocatore attivo", rule="508.1a")
        if obj.tapped:
            raise IllegalAction(f"{c.name} è TAPpata e non può attaccare", rule="508.1a")
        if obj.summoning_sick and not c.has("haste"):
            raise IllegalAction(f"{c.name} non è sotto il controllo di {game.active} dall'inizio del suo turno e "
                                "non ha rapidità", rule="302.6")
        if c.has("defender"):
            raise IllegalAction(f"{c.name} ha difensore e non può attaccare", rule="702.3b")
        ref: Ref = target if game.is_player(target) else game.ids[target]
        game.combat.attackers[obj.uid] = ref
        if not c.has("vigilance"):
            obj.tapped = True
        game.say("combat", f"{c.name} attacca {game.display(ref)}" + ("" if c.has("vigilance") else
                                                                      " e viene TAPpata") + ".", "508.1a",
                 *(["508.1f"] if not c.has("vigilance") else ["702.20b"]), objects=[obj.id])
    game.touch()
    for uid in game.combat.attackers:
        game.emit(GameEvent("attacks", obj=uid))


def declare_blockers(game: Game, spec: dict[str, list[str]]) -> None:
    """CR 509.1: the defending player declares blockers (untapped; flying/reach, menace restrictions)."""
    _prepare(game, Step.DECLARE_ATTACKERS)
    if game.combat is None or not game.combat.attackers:
        raise IllegalAction("non ci sono creature attaccanti da bloccare", rule="509.1a")
    game.step = Step.DECLARE_BLOCKERS
    game.say("step", "Inizia la sottofase di dichiarazione dei bloccanti.", "509.1")
    for blk_id, att_ids in spec.items():
        obj = game.obj(blk_id)
        c = chars(game, obj)
        if obj.tapped:
            raise IllegalAction(f"{c.name} è TAPpata e non può bloccare", rule="509.1a")
        extra = max([int(k.rsplit("_", 1)[1]) for k in c.keywords if k.startswith("can_block_additional_")],
                    default=0)
        if len(att_ids) > 1 + extra:
            raise IllegalAction(f"{c.name} non può bloccare più di {1 + extra} creature", rule="509.1a")
        uids = []
        for att_id in att_ids:
            att = game.obj(att_id)
            if att.uid not in game.combat.attackers:
                raise IllegalAction(f"{att.card.name} non sta attaccando", rule="509.1a")
            ac = chars(game, att)
            if ac.has("flying") and not (c.has("flying") or c.has("reach")):
                raise IllegalAction(f"{c.name} non ha volare né raggiungere e non può bloccare {ac.name}, che ha "
                                    "volare", rule="509.1b")
            uids.append(att.uid)
            game.combat.blocked.add(att.uid)
        game.combat.blockers[obj.uid] = uids
        game.say("combat", f"{c.name} blocca {', '.join(game.display(u) for u in uids)}.", "509.1a",
                 objects=[obj.id])
    for att_uid in game.combat.attackers:
        ac = chars(game, game.objects[att_uid])
        n = len(game.combat.blocked_by(att_uid))
        if ac.has("menace") and n == 1:
            raise IllegalAction(f"{ac.name} ha minacciare e non può essere bloccata da una sola creatura",
                                rule="702.111b")
    game.touch()
    for b in game.combat.blockers:
        game.emit(GameEvent("blocks", obj=b))
    for a in game.combat.blocked:
        game.emit(GameEvent("becomes_blocked", obj=a))


def assign_damage(game: Game, spec: dict[str, dict[str, int]]) -> None:
    """``assign_damage``: record the division of damage for the next step in which each creature deals damage."""
    if game.combat is None:
        raise ScenarioProblem("«assign_damage» fuori dal combattimento")
    for src, parts in spec.items():
        uid = game.ids[src]
        game.combat.assignments[uid] = {(p if game.is_player(p) else game.ids[p]): n for p, n in parts.items()}


def combat_damage(game: Game, spec: Any) -> None:
    """``combat_damage``: the next combat damage step; ``all``: every remaining one, then end of combat."""
    from judgekit.engine import turn
    from judgekit.engine.replay import priority_point
    from judgekit.engine.stack import resolve_all

    if game.combat is None or not game.combat.attackers and game.step not in (Step.DECLARE_BLOCKERS,
                                                                              Step.DECLARE_ATTACKERS):
        if game.combat is None:
            raise ScenarioProblem("«combat_damage» senza un combattimento in corso")
    if game.combat.regular_done:
        raise ScenarioProblem("entrambe le sottofasi di danno da combattimento sono già avvenute")
    resolve_all(game)
    if game.step != Step.COMBAT_DAMAGE:
        turn.advance_to(game, Step.COMBAT_DAMAGE)
    else:
        damage_step(game)
    if spec == "all":
        priority_point(game)
        resolve_all(game)
        if not game.combat.regular_done:
            damage_step(game)
            priority_point(game)
            resolve_all(game)
        turn.enter_step(game, Step.END_OF_COMBAT)


def _first_strike_in_combat(game: Game) -> bool:
    assert game.combat is not None
    uids = list(game.combat.attackers) + list(game.combat.blockers)
    for u in uids:
        o = game.objects[u]
        if o.current and o.zone == Zone.BATTLEFIELD:
            c = chars(game, o)
            if c.has("first_strike") or c.has("double_strike"):
                return True
    return False


def damage_step(game: Game) -> None:
    """CR 510.1-510.4: one combat damage step (first-strike step if needed, then the regular one)."""
    combat = game.combat
    if combat is None:
        return
    game.step = Step.COMBAT_DAMAGE
    first = not combat.first_strike_done and _first_strike_in_combat(game)
    if first:
        combat.first_strike_done = True
        game.say("step", "Sottofase di danno da combattimento dell'attacco improvviso.", "510.4")
    else:
        combat.regular_done = True
        game.say("step", "Sottofase di danno da combattimento.", "510.1")
    dealers: list[tuple[Computed, list[tuple[Ref, int]]]] = []
    for att, target in list(combat.attackers.items()):
        o = game.objects[att]
        if not o.current or o.zone != Zone.BATTLEFIELD:
            continue
        c = chars(game, o)
        if not _deals_now(c, first, att in combat.dealt_first_strike):
            continue
        if first:
            combat.dealt_first_strike.add(att)
        blockers = [b for b in combat.blocked_by(att) if game.objects[b].current]
        if att in combat.blocked and not blockers and not c.has("trample"):
            continue
        dealers.append((c, _assignment(game, c, blockers, target, att in combat.blocked)))
    for blk, atts in list(combat.blockers.items()):
        o = game.objects[blk]
        if not o.current or o.zone != Zone.BATTLEFIELD:
            continue
        c = chars(game, o)
        if not _deals_now(c, first, blk in combat.dealt_first_strike):
            continue
        if first:
            combat.dealt_first_strike.add(blk)
        alive = [a for a in atts if game.objects[a].current and game.objects[a].zone == Zone.BATTLEFIELD]
        if alive:
            dealers.append((c, _assignment(game, c, alive, None, True)))
    for c, parts in dealers:
        for target, n in parts:
            deal_damage(game, c, target, n, combat=True)


def _deals_now(c: Computed, first: bool, dealt_first: bool) -> bool:
    fs = c.has("first_strike") or c.has("double_strike")
    if first:
        return fs
    return not dealt_first or c.has("double_strike")


def _assignment(game: Game, c: Computed, among: list[int], attacked: Ref | None, blocked: bool) -> list[tuple[Ref,
                                                                                                             int]]:
    """CR 510.1c-d, 702.19b: an explicit ``assign_damage`` entry, else lethal to each in order, rest to last."""
    power = max(0, c.power or 0)
    combat = game.combat
    assert combat is not None
    explicit = combat.assignments.pop(c.uid, None)
    if explicit is not None:
        total = sum(explicit.values())
        if total != power:
            raise IllegalAction(f"{c.name} deve assegnare esattamente {power} danni, non {total}", rule="510.1c")
        return list(explicit.items())
    if not blocked:
        return [(attacked, power)] if attacked is not None else []
    out: list[tuple[Ref, int]] = []
    left = power
    for i, u in enumerate(among):
        o = game.objects[u]
        tc = chars(game, o)
        lethal = 1 if c.has("deathtouch") else max(0, (tc.toughness or 0) - o.damage)
        last = i == len(among) - 1
        if last and not (c.has("trample") and attacked is not None):
            out.append((u, left))
            left = 0
        else:
            n = min(left, lethal)
            out.append((u, n))
            left -= n
    if left > 0 and attacked is not None:
        out.append((attacked, left))
    return [(t, n) for t, n in out if n > 0]
