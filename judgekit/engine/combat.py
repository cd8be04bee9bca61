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

from judgekit.engine.characteristics import all_chars, chars, frozen, layer_result
from judgekit.engine.effects import deal_damage, protected_from, simultaneous_damage
from judgekit.engine.errors import IllegalAction, ScenarioProblem
from judgekit.engine.state import CombatState, Computed, Game, GameEvent, Ref
from judgekit.engine.steps import announce_step
from judgekit.engine.vocab import Step, Zone
from judgekit.render.terms import it

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


def _shared_names(game: Game) -> set[str]:
    """Names borne by two or more permanents (their ids then tell them apart in the ruling)."""
    return layer_result(game).shared_names()


def _label(game: Game, c: Computed) -> str:
    """An object's name, followed by its id when another permanent has the same name."""
    return f"{c.name} ({c.id})" if c.name in _shared_names(game) else c.name


def _name(game: Game, ref: Ref | None) -> str:
    """A player's name, or an object's label (:func:`_label`)."""
    if isinstance(ref, int) and ref in game.objects:
        return _label(game, chars(game, ref))
    return game.display(ref)


def _names(game: Game, refs: list[int] | list[Ref]) -> str:
    return ", ".join(_name(game, r) for r in refs)


def _uid_of(game: Game, ref: str, what: str, key: tuple[str | int, ...]) -> int:
    uid = game.ids.get(ref)
    if uid is None:
        raise ScenarioProblem(f"«{ref}» ({what}) non esiste in questo momento della partita", key)
    return uid


def _on_battlefield(game: Game, uid: int) -> bool:
    o = game.objects.get(uid)
    return o is not None and o.current and o.zone == Zone.BATTLEFIELD


def _defending_player(game: Game) -> str:
    """CR 506.2: in a two-player game the non-active player is the defending player."""
    return game.opponent(game.active)


# ------------------------------------------------------------------------------------------------------
# Steps


def on_step(game: Game, step: Step) -> None:
    """Turn-based actions of a combat step entered without a declaration (CR 507-511)."""
    if step == Step.BEGINNING_OF_COMBAT:
        game.combat = Combat()
        return
    combat = current_combat(game)
    if step == Step.DECLARE_ATTACKERS and not combat.attackers_declared:
        combat.attackers_declared = True
        game.say("combat", f"{game.active} non dichiara creature attaccanti: le sottofasi di dichiarazione dei "
                           "bloccanti e di danno da combattimento vengono saltate.", "508.8")
    elif step == Step.DECLARE_BLOCKERS and not combat.blockers_declared:
        combat.blockers_declared = True
        remove_from_combat_if_needed(game)
        if combat.attackers:
            game.say("combat", f"{_defending_player(game)} non dichiara bloccanti: "
                               f"{_names(game, list(combat.attackers))} non "
                               f"{'è bloccata' if len(combat.attackers) == 1 else 'sono bloccate'}.", "509.1h")
    elif step == Step.COMBAT_DAMAGE:
        damage_step(game)


def end_combat(game: Game) -> None:
    """CR 511.3: as the end of combat step ends, every creature is removed from combat."""
    combat = game.combat
    if combat is not None and (combat.attackers or combat.blockers):
        game.say("combat", "Termina la fase di combattimento: tutte le creature vengono rimosse dal "
                           "combattimento.", "511.3")
    game.combat = None


def remove_from_combat_if_needed(game: Game) -> None:
    """CR 506.4: a creature that left the battlefield, changed controller or stopped being a creature is
    removed from combat; a planeswalker or battle that stopped being one is no longer attacked (506.4c)."""
    combat = game.combat
    if combat is None:
        return
    defender = _defending_player(game)
    for uid in list(combat.attackers):
        reason = _removal_reason(game, uid, game.active)
        if reason:
            del combat.attackers[uid]
            game.say("combat", f"{_name(game, uid)} {reason}: viene rimossa dal combattimento.", "506.4")
    for uid in list(combat.blockers):
        reason = _removal_reason(game, uid, defender)
        if reason:
            del combat.blockers[uid]
            game.say("combat", f"{_name(game, uid)} {reason}: viene rimossa dal combattimento.", "506.4")


def _removal_reason(game: Game, uid: int, controller: str) -> str | None:
    if not _on_battlefield(game, uid):
        return "non è più sul campo di battaglia"
    c = chars(game, uid)
    if not c.is_creature:
        return "non è più una creatura"
    if c.controller != controller:
        return f"ora è controllata da {c.controller}"
    return None


def _attacked_exists(game: Game, target: Ref) -> bool:
    """Whether what an attacker attacks is still there to be dealt damage (CR 506.4c, 510.1b)."""
    if isinstance(target, str):
        return True
    if not _on_battlefield(game, target):
        return False
    c = chars(game, target)
    return c.is_type("Planeswalker") or c.is_type("Battle")


# ------------------------------------------------------------------------------------------------------
# Declare attackers (CR 508)


def _attacked_label(game: Game, ref: Ref) -> str:
    """"Bruno", "Liliana of the Veil (planeswalker di Bruno)", "Invasion of Dominaria (battaglia difesa da Bruno)"."""
    if isinstance(ref, str):
        return ref
    c = chars(game, ref)
    if c.is_type("Battle") and c.controller:
        return f"{_label(game, c)} (battaglia difesa da {game.opponent(c.controller)})"
    return f"{_label(game, c)} (planeswalker di {c.controller})"


def _attack_target(game: Game, attacker: Computed, ref: str, key: tuple[str | int, ...]) -> Ref:
    """CR 508.1b, 506.2, 310.8b: the defending player, a planeswalker they control, a battle they protect."""
    defender = _defending_player(game)
    if game.is_player(ref):
        if ref != defender:
            raise IllegalAction(f"{_label(game, attacker)} non può attaccare {ref}: si può attaccare solo il "
                                f"giocatore in difesa ({defender})", rule="506.2")
        return ref
    uid = _uid_of(game, ref, "bersaglio dell'attacco", key)
    if not _on_battlefield(game, uid):
        raise IllegalAction(f"{_label(game, attacker)} non può attaccare {_name(game, uid)}: non è sul campo di "
                            "battaglia",
                            rule="508.1b")
    tc = chars(game, uid)
    if tc.is_type("Planeswalker"):
        if tc.controller != defender:
            raise IllegalAction(f"{_label(game, attacker)} non può attaccare {_label(game, tc)}: si possono "
                                "attaccare solo i "
                                f"planeswalker controllati dal giocatore in difesa ({defender})", rule="508.1b")
        return uid
    if tc.is_type("Battle"):
        protector = game.opponent(tc.controller) if tc.controller else None
        if protector != defender:
            raise IllegalAction(f"{_label(game, attacker)} non può attaccare {_label(game, tc)}: il suo difensore è "
                                f"{protector}, e il difensore di una battaglia non può attaccarla; si possono "
                                f"attaccare solo le battaglie difese dal giocatore in difesa ({defender})",
                                rule="310.8b")
        return uid
    raise IllegalAction(f"{_label(game, attacker)} non può attaccare {_label(game, tc)}: si possono attaccare solo "
                        f"giocatori, planeswalker e battaglie", rule="508.1b")


def declare_attackers(game: Game, spec: dict[str, str]) -> None:
    """CR 508.1: the active player declares attackers.

    Each must be an untapped creature they control (508.1a) that has been under their control continuously
    since the turn began or has haste (302.6, 702.10b), without defender (702.3b, a restriction of 508.1c),
    attacking the defending player, a planeswalker they control or a battle they protect (508.1b, 310.8b).
    The whole declaration is checked before anything happens (508.1: an illegal declaration is undone).
    Attackers without vigilance become tapped (508.1f, 702.20b); "attacks" abilities trigger (508.1m, 508.3a).
    """
    combat = current_combat(game)
    chosen: list[tuple[int, Computed, Ref]] = []
    for att_id, target in spec.items():
        key = (att_id,)
        uid = _uid_of(game, att_id, "attaccante", key)
        obj = game.objects[uid]
        c = chars(game, uid)
        if obj.zone != Zone.BATTLEFIELD or not c.is_creature:
            raise IllegalAction(f"{_label(game, c)} non è una creatura sul campo di battaglia: solo le creature "
                                f"possono attaccare", rule="506.3")
        if c.controller != game.active:
            raise IllegalAction(f"{_label(game, c)} è controllata da {c.controller}: attacca solo il giocatore attivo "
                                f"({game.active}) con le creature che controlla", rule="508.1a")
        if obj.tapped:
            raise IllegalAction(f"{_label(game, c)} è TAPpata: le creature scelte come attaccanti devono essere "
                                "STAPpate",
                                rule="508.1a")
        if obj.summoning_sick and not c.has("haste"):
            raise IllegalAction(f"{_label(game, c)} non è sotto il controllo di {game.active} con continuità "
                                "dall'inizio "
                                "del suo turno e non ha rapidità: non può attaccare (302.6)", rule="508.1a")
        if c.has("defender"):
            raise IllegalAction(f"{_label(game, c)} ha difensore e non può attaccare: la restrizione rende illegale la "
                                "dichiarazione (508.1c)", rule="702.3b")
        chosen.append((uid, c, _attack_target(game, c, target, key)))
    game.step = Step.DECLARE_ATTACKERS
    game.touch()
    announce_step(game, Step.DECLARE_ATTACKERS)
    combat.attackers_declared = True
    if not chosen:
        game.say("combat", f"{game.active} non dichiara creature attaccanti: le sottofasi di dichiarazione dei "
                           "bloccanti e di danno da combattimento vengono saltate.", "508.8")
        return
    for uid, c, attacked in chosen:
        combat.attackers[uid] = attacked
        combat.declared.append(uid)
        obj = game.objects[uid]
        what = _attacked_label(game, attacked)
        rules = ["508.1a"] if isinstance(attacked, str) else ["508.1a", "508.1b"]
        if isinstance(attacked, int) and chars(game, attacked).is_type("Battle"):
            rules.append("310.8b")
        if c.has("vigilance"):
            game.say("combat", f"{_label(game, c)} attacca {what}; ha cautela e non viene TAPpata.", *rules, "702.20b",
                     objects=[obj.id])
        else:
            obj.tapped = True
            game.say("combat", f"{_label(game, c)} attacca {what} e viene TAPpata.", *rules, "508.1f", objects=[obj.id])
    game.touch()
    for uid, _c, attacked in chosen:
        game.emit(GameEvent("attacks", obj=uid, player=attacked if isinstance(attacked, str) else None,
                            data={"target": attacked}))


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


def block_problem(game: Game, blocker: Computed, attacker: Computed) -> tuple[str, str] | None:
    """Why ``blocker`` can't block ``attacker`` because of an evasion ability (509.1b), or None."""
    if attacker.has("flying") and not (blocker.has("flying") or blocker.has("reach")):
        return (f"{_label(game, blocker)} non ha volare né raggiungere e non può bloccare {_label(game, attacker)}, "
                f"che ha volare (una restrizione sui bloccanti, 509.1b)", "702.9b")
    kw = protected_from(blocker, attacker)
    if kw is not None:
        return (f"{_label(game, attacker)} ha {it(kw)} e non può essere bloccata da {_label(game, blocker)} (una "
                f"restrizione sui bloccanti, 509.1b)", "702.16f")
    return None


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
        raise IllegalAction("nessuna creatura è stata dichiarata attaccante: la sottofase di dichiarazione dei "
                            "bloccanti viene saltata", rule="508.8")
    if game.step != Step.DECLARE_ATTACKERS or combat.blockers_declared:
        raise IllegalAction("i bloccanti di questo combattimento sono già stati dichiarati", rule="509.1")
    remove_from_combat_if_needed(game)
    defender = _defending_player(game)
    table = all_chars(game)
    chosen: list[tuple[int, Computed, list[int]]] = []
    for blk_id, att_ids in spec.items():
        key: tuple[str | int, ...] = (blk_id,)
        uid = _uid_of(game, blk_id, "bloccante", key)
        obj = game.objects[uid]
        c = table.get(uid) or chars(game, uid)
        if obj.zone != Zone.BATTLEFIELD or not obj.current or not c.is_creature:
            raise IllegalAction(f"{_label(game, c)} non è una creatura sul campo di battaglia: solo le creature "
                                f"possono bloccare", rule="506.3")
        if c.controller != defender:
            raise IllegalAction(f"{_label(game, c)} è controllata da {c.controller}: blocca solo il giocatore in "
                                f"difesa ({defender}) con le creature che controlla", rule="509.1a")
        if obj.tapped:
            raise IllegalAction(f"{_label(game, c)} è TAPpata: le creature scelte come bloccanti devono essere "
                                "STAPpate",
                                rule="509.1a")
        if not att_ids:
            raise ScenarioProblem(f"{_label(game, c)}: indica quale creatura attaccante blocca", key)
        extra = _additional_blocks(c)
        if len(att_ids) > 1 + extra:
            can = "una sola creatura attaccante" if extra == 0 else f"al massimo {1 + extra} creature attaccanti"
            raise IllegalAction(f"{_label(game, c)} può bloccare {can}, non {len(att_ids)}", rule="509.1a")
        blocked: list[int] = []
        for j, att_id in enumerate(att_ids):
            att = _uid_of(game, att_id, "attaccante bloccato", (*key, j))
            ac = table.get(att) or chars(game, att)
            if att not in combat.attackers:
                raise IllegalAction(f"{_label(game, c)} non può bloccare {_label(game, ac)}: non è una creatura "
                                    "attaccante",
                                    rule="509.1a")
            if att in blocked:
                raise IllegalAction(f"{_label(game, c)} blocca {_label(game, ac)} una volta sola", rule="509.1a")
            problem = block_problem(game, c, ac)
            if problem is not None:
                raise IllegalAction(problem[0], rule=problem[1])
            blocked.append(att)
        chosen.append((uid, c, blocked))
    counts: dict[int, int] = {}
    for _uid, _c, blocked in chosen:
        for att in blocked:
            counts[att] = counts.get(att, 0) + 1
    for att, n in counts.items():
        ac = table.get(att) or chars(game, att)
        if ac.has("menace") and n < 2:
            raise IllegalAction(f"{_label(game, ac)} ha minacciare e non può essere bloccata da una sola creatura (una "
                                "restrizione sui bloccanti, 509.1b)", rule="702.111b")
    game.step = Step.DECLARE_BLOCKERS
    game.touch()
    announce_step(game, Step.DECLARE_BLOCKERS)
    combat.blockers_declared = True
    for uid, c, blocked in chosen:
        combat.blockers[uid] = blocked
        combat.blocked.update(blocked)
        rules = ["509.1a"]
        notes = []
        for att in blocked:
            ac = table.get(att) or chars(game, att)
            if ac.has("flying"):
                rules.append("702.17b" if c.has("reach") and not c.has("flying") else "702.9b")
                notes.append(f"{_label(game, ac)} ha volare e {_label(game, c)} ha "
                             f"{'raggiungere' if not c.has('flying') else 'volare'}")
        if len(blocked) > 1:
            notes.append(f"{_label(game, c)} può bloccare creature aggiuntive")
        text = f"{_label(game, c)} blocca {_names(game, blocked)}"
        game.say("combat", text + (f" ({'; '.join(notes)})" if notes else "") + ".", *dict.fromkeys(rules),
                 objects=[game.objects[uid].id])
    for att, n in counts.items():
        ac = table.get(att) or chars(game, att)
        if ac.has("menace"):
            game.say("combat", f"{_label(game, ac)} ha minacciare ed è bloccata da {n} creature: blocco legale.",
                     "702.111b", objects=[game.objects[att].id])
    blocked_now = [a for a in combat.attackers if a in counts]
    unblocked = [a for a in combat.attackers if a not in counts]
    if blocked_now:
        game.say("combat", f"{'È bloccata' if len(blocked_now) == 1 else 'Sono bloccate'}: "
                           f"{_names(game, blocked_now)}; "
                           f"{'resta bloccata' if len(blocked_now) == 1 else 'restano bloccate'} anche se i "
                           "bloccanti vengono rimossi dal combattimento.", "509.1h")
    if unblocked:
        game.say("combat", f"{'Non è bloccata' if len(unblocked) == 1 else 'Non sono bloccate'}: "
                           f"{_names(game, unblocked)}.", "509.1h")
    game.touch()
    for uid, _c, blocked in chosen:
        game.emit(GameEvent("blocks", obj=uid, data={"attackers": list(blocked)}))
    for att in blocked_now:
        game.emit(GameEvent("becomes_blocked", obj=att, data={"blockers": combat.blocked_by(att)}))


# ------------------------------------------------------------------------------------------------------
# Damage assignment (CR 510.1)


def assign_damage(game: Game, spec: dict[str, dict[str, int]]) -> None:
    """``assign_damage``: how each named creature divides its combat damage in the next step in which it
    deals combat damage (CR 510.1c-d, 702.19b). The entry is checked when that step begins (510.1e)."""
    combat = existing_combat(game)
    if combat is None or not combat.attackers_declared:
        raise ScenarioProblem("«assign_damage» è possibile solo durante un combattimento, dopo la dichiarazione "
                              "degli attaccanti")
    for src, parts in spec.items():
        uid = _uid_of(game, src, "creatura che assegna danno", (src,))
        if uid not in combat.attackers and uid not in combat.blockers:
            raise IllegalAction(f"{_name(game, uid)} non è una creatura attaccante o bloccante: non assegna danno "
                                "da combattimento", rule="510.1")
        entry: dict[Ref, int] = {}
        for dst, n in parts.items():
            ref: Ref = dst if game.is_player(dst) else _uid_of(game, dst, "destinatario del danno", (src, dst))
            entry[ref] = int(n)
        combat.assignments[uid] = entry
        shown = ", ".join(f"{n} a {_name(game, r)}" for r, n in entry.items())
        game.say("combat", f"Divisione del danno scelta per {_name(game, uid)}: {shown}; viene controllata "
                           "all'inizio della sottofase di danno in cui assegna danno.", "510.1", "510.1e",
                 objects=[game.objects[uid].id])


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
    why: str = ""
    rules: list[str] = field(default_factory=list)


def _lethal(game: Game, target: int, source: Computed, assigned_by_others: int) -> int:
    """Lethal damage for assignment (CR 702.19b, 702.2c): toughness minus damage already marked and minus
    what other creatures assign to it in this step; 1 from a deathtouch source (0 if already lethal)."""
    obj = game.objects[target]
    tc = chars(game, target)
    need = max(0, (tc.toughness or 0) - obj.damage - assigned_by_others)
    if source.has("deathtouch") and need > 0:
        return 1
    return need


def _dealers(game: Game, combat: Combat,
             first: bool) -> tuple[list[_Dealer], list[tuple[str, tuple[str, ...]]]]:
    """Who assigns combat damage in this step (CR 510.1a-d, 510.4, 702.7c) and notes on the first-strike gating."""
    notes: list[tuple[str, tuple[str, ...]]] = []
    out: list[_Dealer] = []
    for att, target in combat.attackers.items():
        c = _dealing_now(game, att, combat, first, notes)
        if c is None:
            continue
        blocked = att in combat.blocked
        blockers = [b for b in combat.blocked_by(att) if b in combat.blockers]
        attacked = target if _attacked_exists(game, target) else None
        out.append(_Dealer(att, c, True, blockers if blocked else [], attacked, c.has("trample"), blocked))
    for blk, atts in combat.blockers.items():
        c = _dealing_now(game, blk, combat, first, notes)
        if c is None:
            continue
        alive = [a for a in atts if a in combat.attackers]
        out.append(_Dealer(blk, c, False, alive, None, False))
    return out, notes


def _dealing_now(game: Game, uid: int, combat: Combat, first: bool,
                 notes: list[tuple[str, tuple[str, ...]]]) -> Computed | None:
    """The characteristics of a creature in combat if it assigns damage in this step, else None; either way
    ``notes`` gets what the first-strike gating means for it (CR 510.4, 702.4b, 702.7b-c)."""
    c = chars(game, uid)
    if not _deals_in_step(c, first, uid in combat.first_strikers):
        notes.append(_not_dealing_note(game, c, first))
        return None
    if not first and uid in combat.first_strikers:
        notes.append((f"{_label(game, c)} aveva attacco improvviso o doppio attacco all'inizio della prima "
                      f"sottofase e ora ha doppio attacco: assegna danno anche in questa", ("510.4", "702.4d")))
    return c


def _not_dealing_note(game: Game, c: Computed, first: bool) -> tuple[str, tuple[str, ...]]:
    if first:
        return (f"{_label(game, c)} non ha attacco improvviso né doppio attacco: non assegna danno in questa "
                f"sottofase, lo farà nella seconda", ("510.4", "702.7b"))
    return (f"{_label(game, c)} aveva attacco improvviso o doppio attacco all'inizio della prima sottofase e ora "
            f"non ha doppio attacco: non assegna danno in questa", ("510.4", "702.7c"))


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
        who = _name(game, ref)
        if not d.attacker:
            blocking = _names(game, d.among) or "creature rimosse dal combattimento"
            raise IllegalAction(f"{_label(game, d.c)} blocca solo {blocking}: non può assegnare danno a "
                                f"{who}", rule="510.1d")
        if not d.blocked:
            dest = _name(game, d.attacked) if d.attacked is not None else "nulla (ciò che attaccava non c'è più)"
            raise IllegalAction(f"{_label(game, d.c)} non è bloccata e assegna tutto il suo danno a ciò che attacca "
                                f"({dest}), non a {who}", rule="510.1b")
        if d.trample and isinstance(ref, str) and d.attacked is not None and d.attacked != ref:
            raise IllegalAction(f"{_label(game, d.c)} ha travolgere ma attacca {_name(game, d.attacked)}: nessuna "
                                f"parte del suo danno può andare a {who}", rule="702.19f")
        if not d.among and not d.trample:
            raise IllegalAction(f"{_label(game, d.c)} è bloccata ma nessuna creatura la blocca più: non assegna "
                                f"danno da combattimento", rule="510.1c")
        if d.among:
            raise IllegalAction(f"{_label(game, d.c)} è bloccata da {_names(game, d.among)}: "
                                + ("senza travolgere " if not d.trample else "")
                                + f"assegna il suo danno solo alle creature che la bloccano, non a {who}",
                                rule="510.1c")
        raise IllegalAction(f"{_label(game, d.c)} non può assegnare danno a {who}", rule="510.1c")
    total = sum(n for n in entry.values() if n > 0)
    expected = power if allowed else 0
    if total != expected:
        if power == 0:
            raise IllegalAction(f"{_label(game, d.c)} ha forza {d.c.power or 0}: non assegna danno da combattimento, "
                                f"non {total}", rule="510.1a")
        if not allowed:
            raise IllegalAction(f"{_label(game, d.c)} non ha nulla a cui assegnare danno in questa sottofase, non può "
                                f"assegnarne {total}", rule="510.1c" if d.attacker else "510.1d")
        raise IllegalAction(f"{_label(game, d.c)} deve assegnare danno da combattimento pari alla sua forza, {power}: "
                            f"la divisione indicata ne assegna {total}", rule="510.1a")


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
    """Why the division of ``d`` is legal, in Italian, with its rules."""
    power = _power(d)
    if power == 0:
        d.why = f"ha forza {d.c.power or 0}: non assegna danno da combattimento"
        d.rules = ["510.1a"]
        return
    parts = {r: n for r, n in d.parts.items() if n > 0}
    shown = ", ".join(f"{n} a {_name(game, r)}" for r, n in parts.items()) or "nessun danno"
    if d.attacker and not d.among and d.blocked:
        if d.trample and d.attacked is not None:
            d.why = (f"è bloccata ma nessuna creatura la blocca più: con travolgere assegna tutti i {power} danni a "
                     f"{_name(game, d.attacked)}")
            d.rules = ["509.1h", "702.19d"]
        else:
            d.why = "è bloccata ma nessuna creatura la blocca più: non assegna danno da combattimento"
            d.rules = ["509.1h", "510.1c"]
        return
    if d.attacker and not d.among:
        if d.attacked is None:
            d.why = "non è bloccata, ma ciò che attaccava non è più sul campo di battaglia: non assegna danno"
            d.rules = ["506.4c", "510.1b"]
        else:
            d.why = f"non è bloccata: assegna {shown}"
            d.rules = ["510.1b"]
        return
    if not d.among:
        d.why = "non blocca più alcuna creatura: non assegna danno da combattimento"
        d.rules = ["510.1d"]
        return
    rule = "510.1c" if d.attacker else "510.1d"
    if len(d.among) == 1 and not (d.trample and d.attacked in parts):
        d.why = f"un solo {'bloccante' if d.attacker else 'attaccante'}: assegna {shown}"
        d.rules = [rule]
    else:
        how = "divisione scelta dal suo controllore" if d.explicit else (
            "nessuna divisione indicata: danno letale a ciascuno nell'ordine di dichiarazione, il resto "
            + ("a ciò che attacca" if d.attacker and d.trample and d.attacked is not None else "all'ultimo")
            + " (scelta predefinita del replay: l'ordine di assegnazione del danno non esiste più)")
        d.why = f"{how}: {shown}"
        d.rules = [rule]
    if d.attacker and d.trample and d.attacked is not None and parts.get(d.attacked, 0) > 0:
        lethal = []
        for u in d.among:
            need = _lethal(game, u, d.c, others.get(u, 0))
            extra = f" (già segnati {game.objects[u].damage})" if game.objects[u].damage else ""
            if d.c.has("deathtouch"):
                extra += " (tocco letale: 1 danno è letale)"
            if others.get(u, 0):
                extra += f" (altre creature gli assegnano {others[u]})"
            lethal.append(f"{_name(game, u)} {need}{extra}")
        d.why += "; con travolgere il resto va oltre perché ogni bloccante ha ricevuto danno letale: " + \
            ", ".join(lethal)
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
                for r, n in d.parts.items():
                    if isinstance(r, int):
                        assigned[r] = assigned.get(r, 0) + n
        for d in group:
            others = {u: assigned.get(u, 0) - d.parts.get(u, 0) for u in d.among}
            if d.explicit and d.attacker and d.attacked is not None and d.parts.get(d.attacked, 0) > 0:
                for u in d.among:
                    own = d.parts.get(u, 0)
                    need = _lethal(game, u, d.c, others[u])
                    if own < need:
                        raise IllegalAction(
                            f"{_label(game, d.c)} ha travolgere, ma può assegnare danno a {_name(game, d.attacked)} "
                            "solo dopo "
                            f"aver assegnato danno letale a ogni creatura che la blocca: a {_name(game, u)} ne "
                            f"servono almeno {need}, ne riceve {own}", rule="702.19b")
            _explain(game, d, others)


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
        who = "; ".join(f"{_label(game, c)} ha {'doppio attacco' if c.has('double_strike') else 'attacco improvviso'}"
                        for c in (chars(game, u) for u in in_combat if u in combat.first_strikers))
        announce_step(game, Step.COMBAT_DAMAGE, code="text", text="Inizia la prima sottofase di danno da "
                      f"combattimento ({who}): in questa sottofase assegnano danno solo le creature con attacco "
                      "improvviso o doppio attacco.", rules=("510.4", "702.7b"))
    elif combat.first_strike_done:
        combat.regular_done = True
        game.say("step", "Inizia la seconda sottofase di danno da combattimento: assegnano danno le creature che "
                         "non avevano attacco improvviso né doppio attacco all'inizio della prima e quelle che ora "
                         "hanno doppio attacco.", "510.4", "702.4b", "702.7c")
        game.emit(GameEvent("step", data={"step": Step.COMBAT_DAMAGE.value, "second": True}))
    else:
        combat.regular_done = True
        announce_step(game, Step.COMBAT_DAMAGE)
    dealers, notes = _dealers(game, combat, first)
    for note, rules in notes:
        game.say("combat", note + ".", *rules)
    # Entries of creatures that no longer are in combat are discarded.
    for uid in [u for u in combat.assignments if u not in combat.attackers and u not in combat.blockers]:
        del combat.assignments[uid]
        game.say("combat", f"La divisione indicata per {_name(game, uid)} non serve più: non è più in "
                           "combattimento.", "506.4")
    _assign_all(game, dealers, combat)
    for d in dealers:
        if first:
            combat.dealt_first_strike.add(d.uid)
        who = game.active if d.attacker else _defending_player(game)
        game.say("combat", f"{who} assegna il danno di {_label(game, d.c)} (forza {_power(d)}): {d.why}.", *d.rules,
                 objects=[game.objects[d.uid].id])
    dealing = [d for d in dealers if any(n > 0 for n in d.parts.values())]
    if not dealing:
        game.say("damage", "Nessuna creatura infligge danno da combattimento in questa sottofase.", "510.2")
        return
    game.say("damage", "Tutto il danno da combattimento assegnato viene inflitto simultaneamente.", "510.2")
    # One simultaneous event: a lifelink source gains life once for all it deals (702.15e), "deals combat
    # damage" abilities trigger once per source (603.2c).
    # Every recipient is seen as it was when the event began (510.2): the characteristics are held fixed.
    with simultaneous_damage(game), frozen(game):
        for d in dealing:
            for ref, n in d.parts.items():
                if n > 0:
                    deal_damage(game, d.c, ref, n, combat=True)
    game.say("damage", "Punti vita: " + ", ".join(f"{p.name} {p.life}" + (f" ({p.poison} veleno)" if p.poison else "")
                                                  for p in game.players) + ".", "510.2")
    game.touch()
