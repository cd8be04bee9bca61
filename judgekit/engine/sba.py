"""State-based actions (CR 704): checked whenever a player would receive priority.

:func:`check` looks at every condition of CR 704.5 on one snapshot of the game, performs all the actions that
apply at the same time (CR 704.3: one simultaneous event, so "dies" abilities of creatures that die together
see each other) and returns True if it did anything; the replay's priority point calls it again until it
returns False. Implemented: 704.5a (life 0 or less), 704.5c (ten poison counters), 704.5d (tokens outside the
battlefield cease to exist), 704.5f (toughness 0 or less), 704.5g (lethal damage), 704.5h (deathtouch damage),
704.5i (planeswalker with no loyalty), 704.5j (legend rule), 704.5k (world rule), 704.5m (Auras), 704.5n
(Equipment), 704.5p (other attached permanents), 704.5q (+1/+1 and -1/-1 counters), 704.5v (battle with no
defense), 704.5b (a draw from an empty library since the last check, engine/library.py), 704.5e (a copy of a
spell outside the stack ceases to exist).

A player who loses (704.5a, 704.5b, 704.5c) leaves the game once the check's actions are done, when two or more
players remain (CR 104.5, 800.4a; :mod:`judgekit.engine.players`); otherwise the loss ends the game and nobody
leaves.

Indestructible permanents ignore 704.5g/704.5h (702.12b) but not 704.5f; a regeneration shield replaces the
destruction of 704.5g/704.5h (701.19a). Legend rule without a choice: the replay keeps the one that has been
on the battlefield longest (the first in timestamp order) and says so; ``choices: {<id of one of them>:
[<id to keep>]}`` keeps another one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judgekit.engine import players
from judgekit.engine.characteristics import all_chars
from judgekit.engine.choices import LegendRule
from judgekit.engine.effects import destroy, protected_from, simultaneous
from judgekit.engine.errors import IllegalAction
from judgekit.engine.library import empty_library_losses
from judgekit.engine.objects import move
from judgekit.engine.records import Record
from judgekit.engine.replacement import ShieldKind, shields_on
from judgekit.engine.selectors import SelectorContext, matches
from judgekit.engine.state import Computed, Game, GameObject
from judgekit.engine.vocab import Zone


def state_based_actions_action(game: Game, spec: Any) -> None:
    """The ``state_based_actions`` action: the check happens at the priority point that follows (CR 704.3)."""
    game.record("sba", "sba.check_requested", "704.3")


_Step = tuple[str, dict[str, Any]]   # a record's code and params


@dataclass
class _Plan:
    """What one check will do, all at the same time. Each step to report is a record ``code``, its ``params``
    and its rules."""

    lose: list[tuple[str, _Step, str]] = field(default_factory=list)          # player, step, rule
    to_graveyard: list[tuple[GameObject, _Step, tuple[str, ...]]] = field(default_factory=list)
    to_destroy: list[tuple[GameObject, _Step, str]] = field(default_factory=list)
    unattach: list[tuple[GameObject, _Step, tuple[str, ...]]] = field(default_factory=list)
    annihilate: list[tuple[GameObject, int, str]] = field(default_factory=list)
    cease: list[GameObject] = field(default_factory=list)
    notes: list[tuple[_Step, tuple[str, ...]]] = field(default_factory=list)

    def empty(self) -> bool:
        return not (self.lose or self.to_graveyard or self.to_destroy or self.unattach or self.annihilate
                    or self.cease)

    def moving(self) -> set[int]:
        return {o.uid for o, _t, _r in self.to_graveyard} | {o.uid for o, _t, _r in self.to_destroy}


def _once(game: Game, key: tuple[Any, ...]) -> bool:
    """True the first time ``key`` is seen in this game (a note said once, e.g. an indestructible creature
    with lethal damage)."""
    if key in game.said:
        return False
    game.said.add(key)
    return True


def check(game: Game) -> bool:
    """Perform every state-based action that applies now (CR 704.3, 704.5). True if any was performed."""
    table = all_chars(game)
    plan = _Plan()
    _players(game, plan)
    _tokens(game, plan)
    _permanents(game, table, plan)
    _legend_rule(game, table, plan)
    _world_rule(game, table, plan)
    _attachments(game, table, plan)
    for (code, params), rules in plan.notes:
        game.record("sba", code, *rules, **params)
    if plan.empty():
        _clear_deathtouch(game)
        return False
    game.record("sba", "sba.performed", "704.3")
    moving = [o for o, _t, _r in plan.to_destroy] + [o for o, _t, _r in plan.to_graveyard]
    before = {o.uid: (o.damage, dict(o.counters)) for o in moving}
    with simultaneous(game):
        for name, (code, params), rule in plan.lose:
            p = game.player(name)
            p.lost, p.loss_rule = True, rule
            game.record("sba", code, rule, **params)
        if plan.lose and all(p.lost for p in game.players):
            game.record("sba", "sba.draw", "104.4a")
        for obj in plan.cease:
            obj.lki = obj.lki or table.get(obj.uid)
            obj.zone = Zone.GONE
            if obj.spell_copy:
                game.record("sba", "verbs.spell_copy_ceases", "704.5e", objects=[obj.id], name=obj.card.name)
            else:
                game.record("sba", "sba.token_ceases", "704.5d", objects=[obj.id], name=obj.card.name)
        for obj, n, name in plan.annihilate:
            obj.counters["+1/+1"] -= n
            obj.counters["-1/-1"] -= n
            game.record("sba", "sba.counters_annihilate", "704.5q", objects=[obj.id], name=name, amount=n)
        for obj, (code, params), rules in plan.unattach:
            obj.attached_to = None
            game.record("sba", code, *rules, objects=[obj.id], **params)
        for obj, (code, params), rule in plan.to_destroy:
            if obj.current and obj.zone == Zone.BATTLEFIELD:
                rec = game.record("sba", code, rule, objects=[obj.id], **params)
                marked = obj.damage
                destroy(game, obj, rule, lki=table.get(obj.uid), quiet=True)
                _say_where(game, rec, obj, kept=obj.current and obj.damage == marked)
        for obj, (code, params), rules in plan.to_graveyard:
            if obj.current and obj.zone == Zone.BATTLEFIELD:
                rec = game.record("sba", code, *rules, objects=[obj.id], **params)
                move(game, obj, Zone.GRAVEYARD, lki=table.get(obj.uid))
                _say_where(game, rec, obj, kept=obj.current)
        if plan.lose and not players.ends_game(game):
            # CR 104.5, 800.4a: with two or more players still in the game, those who lost leave it at once.
            players.leave(game, [name for name, _s, _r in plan.lose])
        game.touch()
    _clear_deathtouch(game)
    if moving and not (plan.lose or plan.cease or plan.annihilate or plan.unattach) and all(
            o.current and o.zone == Zone.BATTLEFIELD and before[o.uid] == (o.damage, o.counters) for o in moving):
        # Every permanent the check would move stays as it was (a replacement effect, 614.1a): the same
        # state-based actions would be performed again and again, a loop of mandatory actions (104.4b).
        raise IllegalAction("replacement.loop", rule="104.4b", names=[o.card.name for o in moving])
    return True


def _say_where(game: Game, rec: Record, obj: GameObject, *, kept: bool) -> None:
    """The step of a state-based action says where the permanent went when a replacement effect sent it elsewhere
    than its owner's graveyard, or kept it on the battlefield as it was (SCENARIO-FORMAT.md 2.3): ``instead``.
    A regenerated permanent (its damage removed) is told by the destruction's own step."""
    if obj.current:
        if kept and obj.zone == Zone.BATTLEFIELD:
            rec.params["instead"] = "battlefield"
        return
    new = game.objects.get(obj.superseded_by) if obj.superseded_by is not None else None
    if new is not None and new.zone != Zone.GRAVEYARD:
        rec.params["instead"] = str(new.zone)


def _clear_deathtouch(game: Game) -> None:
    """704.5h looks at deathtouch damage dealt since the last check: the mark is used up by each check."""
    for obj in game.objects.values():
        if obj.deathtouch_damage:
            obj.deathtouch_damage = False
            game.touch()


def _players(game: Game, plan: _Plan) -> None:
    empty = empty_library_losses(game)
    for p in game.players:
        if p.lost:
            continue
        if p.life <= 0:
            plan.lose.append((p.name, ("sba.no_life", {"player": p.name, "life": p.life}), "704.5a"))
        elif p.poison >= 10:
            plan.lose.append((p.name, ("sba.poisoned", {"player": p.name, "poison": p.poison}), "704.5c"))
        elif p.name in empty:
            # CR 704.5b: attempted to draw from an empty library since the last check (SCENARIO-FORMAT.md 2.6).
            plan.lose.append((p.name, ("library.empty_library_loses", {"player": p.name}), "704.5b"))


def _tokens(game: Game, plan: _Plan) -> None:
    for obj in game.objects.values():
        if obj.current and obj.token and obj.zone not in (Zone.BATTLEFIELD, Zone.GONE):
            plan.cease.append(obj)
        elif obj.current and obj.spell_copy and obj.zone not in (Zone.STACK, Zone.GONE):
            plan.cease.append(obj)  # CR 704.5e: a copy of a spell outside the stack


def _battle_source_waiting(game: Game, uid: int) -> bool:
    return any(t.source_uid == uid for t in game.pending) or any(
        i.kind == "triggered" and i.source_uid == uid for i in game.stack)


def _permanents(game: Game, table: dict[int, Computed], plan: _Plan) -> None:
    for obj in game.battlefield():
        c = table.get(obj.uid)
        if c is None:
            continue
        if obj.counters.get("+1/+1", 0) > 0 and obj.counters.get("-1/-1", 0) > 0:
            plan.annihilate.append((obj, min(obj.counters["+1/+1"], obj.counters["-1/-1"]), c.name))
        if c.is_creature:
            t = c.toughness or 0
            if t <= 0:
                not_saved = None
                if c.has("indestructible"):
                    not_saved = "indestructible"
                elif shields_on(game, obj.uid, ShieldKind.REGENERATE):
                    not_saved = "regeneration"
                plan.to_graveyard.append((obj, ("sba.zero_toughness", {"name": c.name, "toughness": t,
                                                                       "owner": obj.owner, "not_saved": not_saved}),
                                          ("704.5f",) + (("702.12b",) if c.has("indestructible") else ())))
                continue
            lethal = obj.damage >= t and obj.damage > 0
            deathtouch = obj.deathtouch_damage and (obj.damage > 0 or obj.counters.get("-1/-1", 0) > 0)
            if lethal or deathtouch:
                if c.has("indestructible"):
                    key = ("indestructible", obj.uid, obj.damage, deathtouch)
                    if _once(game, key):
                        plan.notes.append((("sba.indestructible_survives", {"name": c.name, "lethal": lethal}),
                                           ("704.5g" if lethal else "704.5h", "702.12b")))
                elif lethal:
                    plan.to_destroy.append((obj, ("sba.lethal_damage", {"name": c.name, "damage": obj.damage,
                                                                        "toughness": t, "owner": obj.owner}),
                                            "704.5g"))
                else:
                    plan.to_destroy.append((obj, ("sba.deathtouch_damage", {"name": c.name, "owner": obj.owner}),
                                            "704.5h"))
                if not c.has("indestructible"):
                    continue
        if c.is_type("Planeswalker") and obj.counters.get("loyalty", 0) <= 0:
            plan.to_graveyard.append((obj, ("sba.no_loyalty", {"name": c.name, "owner": obj.owner}),
                                      ("704.5i", "306.9")))
            continue
        if c.is_type("Battle") and obj.counters.get("defense", 0) <= 0 and not _battle_source_waiting(game, obj.uid):
            plan.to_graveyard.append((obj, ("sba.no_defense", {"name": c.name, "owner": obj.owner}),
                                      ("704.5v", "310.7")))
            continue


def _legend_rule(game: Game, table: dict[int, Computed], plan: _Plan) -> None:
    """CR 704.5j: a player with two or more legendary permanents with the same name chooses one and puts the
    others into their owners' graveyards: a :class:`~judgekit.engine.choices.LegendRule` decision (by default the
    first in timestamp order)."""
    moving = plan.moving()
    groups: dict[tuple[str, str], list[GameObject]] = {}
    for obj in game.battlefield():
        c = table.get(obj.uid)
        if c is not None and "Legendary" in c.supertypes and c.controller and obj.uid not in moving:
            groups.setdefault((c.controller, c.name), []).append(obj)
    for (controller, name), objs in groups.items():
        if len(objs) < 2:
            continue
        ids = {o.id: o for o in objs}
        decision = game.chooser.choose(LegendRule(controller, name, tuple(ids)))
        keep = ids[decision.value]
        chosen = decision.given
        for o in objs:
            if o is not keep:
                plan.to_graveyard.append((o, ("sba.legend_rule", {"controller": controller, "name": name,
                                                                  "keep": keep.id, "chosen": chosen, "put": o.id,
                                                                  "owner": o.owner}), ("704.5j",)))


def _world_rule(game: Game, table: dict[int, Computed], plan: _Plan) -> None:
    """CR 704.5k: with two or more World permanents, all but the newest go to the graveyard (all on a tie)."""
    moving = plan.moving()
    worlds = [o for o in game.battlefield() if o.uid not in moving and o.uid in table
              and "World" in table[o.uid].supertypes]
    if len(worlds) < 2:
        return
    newest = max(o.timestamp for o in worlds)
    keepers = [o for o in worlds if o.timestamp == newest]
    for o in worlds:
        if o in keepers and len(keepers) == 1:
            continue
        plan.to_graveyard.append((o, ("sba.world_rule", {"name": table[o.uid].name, "owner": o.owner}),
                                  ("704.5k",)))


def _attachments(game: Game, table: dict[int, Computed], plan: _Plan) -> None:
    """CR 704.5m (Auras), 704.5n (Equipment), 704.5p (anything else attached)."""
    moving = plan.moving()
    for obj in game.battlefield():
        c = table.get(obj.uid)
        if c is None or obj.uid in moving:
            continue
        host = game.objects.get(obj.attached_to) if obj.attached_to is not None else None
        if "Aura" in c.subtypes and c.is_type("Enchantment"):
            problem = _aura_problem(game, c, obj, host, table)
            if problem:
                (code, params), rules = problem
                plan.to_graveyard.append((obj, (code, {"name": c.name, "owner": obj.owner, **params}), rules))
            continue
        if obj.attached_to is None:
            continue
        hc = table.get(host.uid) if host is not None and host.current and host.zone == Zone.BATTLEFIELD else None
        if "Equipment" in c.subtypes and c.is_type("Artifact") and not c.is_creature:
            reason = None
            if hc is None:
                reason = "host_gone"
            elif not hc.is_creature:
                reason = "not_creature"
            elif protected_from(c, hc) is not None:
                reason = "protection"
            if reason:
                plan.unattach.append((obj, ("sba.equipment_unattached", {
                    "name": c.name, "reason": reason, "host": hc.name if hc is not None else None}),
                    ("704.5n", "301.5")))
            continue
        if "Fortification" in c.subtypes and c.is_type("Artifact") and not c.is_creature:
            if hc is None or not hc.is_type("Land"):
                plan.unattach.append((obj, ("sba.fortification_unattached", {"name": c.name}), ("704.5n", "301.6")))
            continue
        plan.unattach.append((obj, ("sba.other_unattached", {"name": c.name}), ("704.5p",)))


def _aura_problem(game: Game, aura: Computed, obj: GameObject, host: GameObject | None,
                  table: dict[int, Computed]) -> tuple[_Step, tuple[str, ...]] | None:
    """CR 704.5m, 303.4c-d: an Aura attached to nothing or to something it can't enchant, or an Aura that is
    also a creature, goes to its owner's graveyard; protection stops it from enchanting (702.16c)."""
    if aura.is_creature:
        return (("sba.aura_is_creature", {}), ("704.5m", "303.4d"))
    if host is None or not host.current or host.zone != Zone.BATTLEFIELD:
        return (("sba.aura_unattached", {"host": host.card.name if host is not None else None}), ("704.5m", "303.4c"))
    if host.uid == obj.uid:
        return (("sba.aura_on_itself", {}), ("704.5m", "303.4d"))
    hc = table.get(host.uid)
    if hc is None:
        return None
    if aura.target is not None:
        ctx = SelectorContext(you=aura.controller, source=aura.uid, ids=game.ids,
                              players=tuple(p.name for p in game.players))
        if not matches(aura.target, hc, ctx):
            return (("sba.aura_illegal_host", {"host": hc.name}), ("704.5m", "303.4c"))
    if protected_from(aura, hc) is not None:
        return (("sba.aura_host_protection", {"host": hc.name}), ("704.5m", "702.16c"))
    return None
