"""State-based actions (CR 704): checked whenever a player would receive priority.

:func:`check` looks at every condition of CR 704.5 on one snapshot of the game, performs all the actions that
apply at the same time (CR 704.3: one simultaneous event, so "dies" abilities of creatures that die together
see each other) and returns True if it did anything; the replay's priority point calls it again until it
returns False. Implemented: 704.5a (life 0 or less), 704.5c (ten poison counters), 704.5d (tokens outside the
battlefield cease to exist), 704.5f (toughness 0 or less), 704.5g (lethal damage), 704.5h (deathtouch damage),
704.5i (planeswalker with no loyalty), 704.5j (legend rule), 704.5k (world rule), 704.5m (Auras), 704.5n
(Equipment), 704.5p (other attached permanents), 704.5q (+1/+1 and -1/-1 counters), 704.5v (battle with no
defense). Not applicable in scenario format v1: 704.5b (libraries are not modelled) and 704.5e (copies of spells
are not modelled).

Indestructible permanents ignore 704.5g/704.5h (702.12b) but not 704.5f; a regeneration shield replaces the
destruction of 704.5g/704.5h (701.19a). Legend rule without a choice: the replay keeps the one that has been
on the battlefield longest (the first in timestamp order) and says so; ``choices: {<id of one of them>:
[<id to keep>]}`` keeps another one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judgekit.engine.characteristics import all_chars
from judgekit.engine.effects import destroy, protected_from, simultaneous
from judgekit.engine.objects import move
from judgekit.engine.selectors import SelectorContext, matches
from judgekit.engine.state import Computed, Game, GameObject
from judgekit.engine.vocab import Zone


def state_based_actions_action(game: Game, spec: Any) -> None:
    """The ``state_based_actions`` action: the check happens at the priority point that follows (CR 704.3)."""
    game.say("sba", "Si controllano le azioni generate dallo stato (avviene ogni volta che un giocatore "
                    "riceverebbe priorità).", "704.3")


@dataclass
class _Plan:
    """What one check will do, all at the same time."""

    lose: list[tuple[str, str, str]] = field(default_factory=list)          # player, text, rule
    to_graveyard: list[tuple[GameObject, str, tuple[str, ...]]] = field(default_factory=list)
    to_destroy: list[tuple[GameObject, str, str]] = field(default_factory=list)
    unattach: list[tuple[GameObject, str, tuple[str, ...]]] = field(default_factory=list)
    annihilate: list[tuple[GameObject, int, str]] = field(default_factory=list)
    cease: list[GameObject] = field(default_factory=list)
    notes: list[tuple[str, tuple[str, ...], str]] = field(default_factory=list)

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
    for text, rules, _key in plan.notes:
        game.say("sba", text, *rules)
    if plan.empty():
        _clear_deathtouch(game)
        return False
    game.say("sba", "Azioni generate dallo stato: si eseguono tutte insieme, come un unico evento, quelle che "
                    "si applicano in questo momento.", "704.3")
    with simultaneous(game):
        for name, text, rule in plan.lose:
            p = game.player(name)
            p.lost, p.loss_rule = True, rule
            game.say("sba", text, rule)
        if plan.lose and all(p.lost for p in game.players):
            game.say("sba", "Tutti i giocatori perdono la partita nello stesso momento: la partita è patta.",
                     "104.4a")
        for obj in plan.cease:
            obj.lki = obj.lki or table.get(obj.uid)
            obj.zone = Zone.GONE
            game.say("sba", f"La pedina {obj.card.name} si trova fuori dal campo di battaglia e cessa di esistere.",
                     "704.5d", objects=[obj.id])
        for obj, n, name in plan.annihilate:
            obj.counters["+1/+1"] -= n
            obj.counters["-1/-1"] -= n
            game.say("sba", f"{name} ha sia segnalini +1/+1 sia segnalini -1/-1: se ne rimuovono {n} di ciascun "
                            "tipo.", "704.5q", objects=[obj.id])
        for obj, text, rules in plan.unattach:
            obj.attached_to = None
            game.say("sba", text, *rules, objects=[obj.id])
        for obj, text, rule in plan.to_destroy:
            if obj.current and obj.zone == Zone.BATTLEFIELD:
                game.say("sba", text, rule, objects=[obj.id])
                destroy(game, obj, rule, lki=table.get(obj.uid), quiet=True)
        for obj, text, rules in plan.to_graveyard:
            if obj.current and obj.zone == Zone.BATTLEFIELD:
                game.say("sba", text, *rules, objects=[obj.id])
                move(game, obj, Zone.GRAVEYARD, lki=table.get(obj.uid))
        game.touch()
    _clear_deathtouch(game)
    return True


def _clear_deathtouch(game: Game) -> None:
    """704.5h looks at deathtouch damage dealt since the last check: the mark is used up by each check."""
    for obj in game.objects.values():
        if obj.deathtouch_damage:
            obj.deathtouch_damage = False
            game.touch()


def _players(game: Game, plan: _Plan) -> None:
    for p in game.players:
        if p.lost:
            continue
        if p.life <= 0:
            plan.lose.append((p.name, f"{p.name} ha {p.life} punti vita e perde la partita.", "704.5a"))
        elif p.poison >= 10:
            plan.lose.append((p.name, f"{p.name} ha {p.poison} segnalini veleno e perde la partita.", "704.5c"))


def _tokens(game: Game, plan: _Plan) -> None:
    for obj in game.objects.values():
        if obj.current and obj.token and obj.zone not in (Zone.BATTLEFIELD, Zone.GONE):
            plan.cease.append(obj)


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
                extra = ""
                if c.has("indestructible"):
                    extra = " Indistruttibile non la salva: non viene distrutta, va nel cimitero."
                elif obj.regeneration_shields:
                    extra = " La rigenerazione non la salva: non viene distrutta, va nel cimitero."
                plan.to_graveyard.append((obj, f"{c.name} ha costituzione {t}: va nel cimitero di {obj.owner}.{extra}",
                                          ("704.5f",) + (("702.12b",) if c.has("indestructible") else ())))
                continue
            lethal = obj.damage >= t and obj.damage > 0
            deathtouch = obj.deathtouch_damage and (obj.damage > 0 or obj.counters.get("-1/-1", 0) > 0)
            if lethal or deathtouch:
                if c.has("indestructible"):
                    key = ("indestructible", obj.uid, obj.damage, deathtouch)
                    if _once(game, key):
                        why = "danno letale segnato" if lethal else "danno da una fonte con tocco letale"
                        plan.notes.append((f"{c.name} ha {why}, ma è indistruttibile: l'azione generata dallo stato "
                                           "non la distrugge e resta sul campo di battaglia.",
                                           ("704.5g" if lethal else "704.5h", "702.12b"), ""))
                elif lethal:
                    plan.to_destroy.append((obj, f"{c.name} ha danno letale segnato ({obj.damage} "
                                                 f"{'danno' if obj.damage == 1 else 'danni'}, costituzione {t}): "
                                                 f"viene distrutta e va nel cimitero di {obj.owner}.", "704.5g"))
                else:
                    plan.to_destroy.append((obj, f"A {c.name} ha inflitto danno una fonte con tocco letale "
                                                 "dall'ultimo controllo: viene distrutta e va nel cimitero di "
                                                 f"{obj.owner}.", "704.5h"))
                if not c.has("indestructible"):
                    continue
        if c.is_type("Planeswalker") and obj.counters.get("loyalty", 0) <= 0:
            plan.to_graveyard.append((obj, f"{c.name} è un planeswalker senza segnalini fedeltà: va nel cimitero "
                                           f"di {obj.owner}.", ("704.5i", "306.9")))
            continue
        if c.is_type("Battle") and obj.counters.get("defense", 0) <= 0 and not _battle_source_waiting(game, obj.uid):
            plan.to_graveyard.append((obj, f"{c.name} è una battaglia senza segnalini difesa: va nel cimitero di "
                                           f"{obj.owner}.", ("704.5v", "310.7")))
            continue


def _legend_rule(game: Game, table: dict[int, Computed], plan: _Plan) -> None:
    """CR 704.5j: a player with two or more legendary permanents with the same name chooses one and puts the
    others into their owners' graveyards. Without a choice the replay keeps the first in timestamp order."""
    moving = plan.moving()
    groups: dict[tuple[str, str], list[GameObject]] = {}
    for obj in game.battlefield():
        c = table.get(obj.uid)
        if c is not None and "Legendary" in c.supertypes and c.controller and obj.uid not in moving:
            groups.setdefault((c.controller, c.name), []).append(obj)
    for (controller, name), objs in groups.items():
        if len(objs) < 2:
            continue
        keep = objs[0]
        chosen = False
        ids = {o.id: o for o in objs}
        for o in objs:
            choice = game.choices.get(o.id)
            if isinstance(choice, str):
                choice = [choice]
            if isinstance(choice, list) and choice and choice[0] in ids:
                keep = ids[choice[0]]
                game.used_choices.add(o.id)
                chosen = True
                break
        how = ("come indicato nelle scelte" if chosen else
               "senza una scelta indicata, il replay tiene quello che è sul campo di battaglia da più tempo (il "
               "primo in ordine di timestamp)")
        for o in objs:
            if o is not keep:
                plan.to_graveyard.append((o, f"Regola delle leggende: {controller} controlla più permanenti "
                                             f"leggendari chiamati {name} e ne sceglie uno da tenere, {keep.id} "
                                             f"({how}); {o.id} va nel cimitero di {o.owner} (non è una "
                                             "distruzione).", ("704.5j",)))


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
        plan.to_graveyard.append((o, f"Regola del mondo: {table[o.uid].name} non è il permanente mondo più recente: "
                                     f"va nel cimitero di {o.owner}.", ("704.5k",)))


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
                text, rules = problem
                plan.to_graveyard.append((obj, f"{c.name} {text}: va nel cimitero di {obj.owner}.", rules))
            continue
        if obj.attached_to is None:
            continue
        hc = table.get(host.uid) if host is not None and host.current and host.zone == Zone.BATTLEFIELD else None
        if "Equipment" in c.subtypes and c.is_type("Artifact") and not c.is_creature:
            reason = None
            if hc is None:
                reason = "il permanente che equipaggiava non è più sul campo di battaglia"
            elif not hc.is_creature:
                reason = f"{hc.name} non è più una creatura"
            elif protected_from(c, hc) is not None:
                reason = f"{hc.name} ha protezione da una sua qualità (702.16d)"
            if reason:
                plan.unattach.append((obj, f"{c.name} non può equipaggiare legalmente: {reason}. Smette di essere "
                                           "assegnato ma resta sul campo di battaglia.", ("704.5n", "301.5")))
            continue
        if "Fortification" in c.subtypes and c.is_type("Artifact") and not c.is_creature:
            if hc is None or not hc.is_type("Land"):
                plan.unattach.append((obj, f"{c.name} non fortifica una terra: smette di essere assegnata ma resta sul "
                                           "campo di battaglia.", ("704.5n", "301.6")))
            continue
        plan.unattach.append((obj, f"{c.name} non è un'Aura né un Equipaggiamento (o è una creatura o una battaglia) "
                                   "e non può essere assegnato a un permanente: smette di essere assegnato e resta "
                                   "sul campo di battaglia.", ("704.5p",)))


def _aura_problem(game: Game, aura: Computed, obj: GameObject, host: GameObject | None,
                  table: dict[int, Computed]) -> tuple[str, tuple[str, ...]] | None:
    """CR 704.5m, 303.4c-d: an Aura attached to nothing or to something it can't enchant, or an Aura that is
    also a creature, goes to its owner's graveyard; protection stops it from enchanting (702.16c)."""
    if aura.is_creature:
        return ("è anche una creatura e non può incantare nulla", ("704.5m", "303.4d"))
    if host is None or not host.current or host.zone != Zone.BATTLEFIELD:
        what = f" ({host.card.name} ha lasciato il campo di battaglia)" if host is not None else ""
        return (f"non è assegnata a nulla{what}", ("704.5m", "303.4c"))
    if host.uid == obj.uid:
        return ("non può incantare se stessa", ("704.5m", "303.4d"))
    hc = table.get(host.uid)
    if hc is None:
        return None
    if aura.target is not None:
        ctx = SelectorContext(you=aura.controller, source=aura.uid, ids=game.ids,
                              players=tuple(p.name for p in game.players))
        if not matches(aura.target, hc, ctx):
            return (f"non può più incantare legalmente {hc.name}", ("704.5m", "303.4c"))
    if protected_from(aura, hc) is not None:
        return (f"non può incantare {hc.name}, che ha protezione da una sua qualità", ("704.5m", "702.16c"))
    return None
