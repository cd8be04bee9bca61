"""State-based actions (CR 704): checked whenever a player would receive priority.

:func:`check` looks at every condition of CR 704.5 at once, performs all that apply simultaneously
(CR 704.3) and returns True if it did anything; the replay's priority point calls it until it returns False.
"""

from __future__ import annotations

from typing import Any

from judgekit.engine.characteristics import all_chars
from judgekit.engine.effects import destroy
from judgekit.engine.state import Game, GameObject
from judgekit.engine.vocab import Zone


def state_based_actions_action(game: Game, spec: Any) -> None:
    """The ``state_based_actions`` action: the check happens at the priority point that follows."""
    game.say("sba", "Si controllano le azioni di stato.", "704.3")


def check(game: Game) -> bool:
    """Perform every state-based action that applies now (CR 704.3, 704.5). True if any was performed."""
    table = all_chars(game)
    to_graveyard: list[tuple[GameObject, str, str]] = []
    to_destroy: list[tuple[GameObject, str, str]] = []
    done = False
    for p in game.players:
        if p.lost:
            continue
        if p.life <= 0:
            p.lost, p.loss_rule = True, "704.5a"
            game.say("sba", f"{p.name} ha {p.life} punti vita e perde la partita.", "704.5a")
            done = True
        elif p.poison >= 10:
            p.lost, p.loss_rule = True, "704.5c"
            game.say("sba", f"{p.name} ha {p.poison} segnalini veleno e perde la partita.", "704.5c")
            done = True
    for obj in list(game.objects.values()):
        if obj.current and obj.token and obj.zone not in (Zone.BATTLEFIELD, Zone.GONE):
            if obj.lki is None:
                obj.lki = table.get(obj.uid)
            obj.zone = Zone.GONE
            game.say("sba", f"La pedina {obj.card.name} ha lasciato il campo di battaglia e cessa di esistere.",
                     "704.5d", objects=[obj.id])
            game.touch()
            done = True
    for obj in game.battlefield():
        c = table.get(obj.uid)
        if c is None:
            continue
        if c.is_creature:
            t = c.toughness or 0
            if t <= 0:
                to_graveyard.append((obj, f"{c.name} ha costituzione {t}: va nel cimitero del proprietario.",
                                     "704.5f"))
                continue
            if obj.damage >= t and obj.damage > 0:
                to_destroy.append((obj, f"{c.name} ha danno letale segnato ({obj.damage} su costituzione {t}).",
                                   "704.5g"))
                continue
            if obj.deathtouch_damage and obj.damage > 0:
                to_destroy.append((obj, f"{c.name} ha subito danno da una fonte con tocco letale.", "704.5h"))
                continue
        if c.is_type("Planeswalker") and obj.counters.get("loyalty", 0) <= 0:
            to_graveyard.append((obj, f"{c.name} ha 0 segnalini fedeltà.", "704.5i"))
            continue
        if "Aura" in c.subtypes and c.is_type("Enchantment"):
            host = game.objects.get(obj.attached_to) if obj.attached_to is not None else None
            problem = _aura_problem(game, c, host, table)
            if problem:
                to_graveyard.append((obj, f"{c.name} {problem}: va nel cimitero del proprietario.", "704.5m"))
                continue
        if obj.counters.get("+1/+1", 0) > 0 and obj.counters.get("-1/-1", 0) > 0:
            n = min(obj.counters["+1/+1"], obj.counters["-1/-1"])
            obj.counters["+1/+1"] -= n
            obj.counters["-1/-1"] -= n
            game.say("sba", f"{c.name}: {n} segnalini +1/+1 e {n} segnalini -1/-1 vengono rimossi.", "704.5q",
                     objects=[obj.id])
            game.touch()
            done = True
    done = _legend_rule(game, table, to_graveyard) or done
    for obj, text, rule in to_destroy:
        game.say("sba", text, rule, objects=[obj.id])
        if obj.current and (destroy(game, obj, rule) or obj.damage == 0):
            done = True
    for obj, text, rule in to_graveyard:
        if obj.current and obj.zone == Zone.BATTLEFIELD:
            game.say("sba", text, rule, objects=[obj.id])
            game.move(obj, Zone.GRAVEYARD)
            done = True
    for obj in game.battlefield():
        if obj.attached_to is not None:
            host = game.objects.get(obj.attached_to)
            c = table.get(obj.uid)
            if c is not None and "Equipment" in c.subtypes and (host is None or not host.current or
                                                                 host.zone != Zone.BATTLEFIELD):
                obj.attached_to = None
                game.say("sba", f"{c.name} non equipaggia più nulla e resta sul campo di battaglia.", "704.5n",
                         objects=[obj.id])
                game.touch()
                done = True
    return done


def _aura_problem(game: Game, aura: Any, host: GameObject | None, table: dict[int, Any]) -> str | None:
    """CR 704.5m, 303.4d: an Aura attached to nothing or to an illegal object, or an Aura that is also a
    creature, is put into its owner's graveyard."""
    from judgekit.engine.selectors import SelectorContext, matches

    if aura.is_creature:
        return "è anche una creatura e non può incantare nulla (CR 303.4d)"
    if host is None or not host.current or host.zone != Zone.BATTLEFIELD:
        return "non è attaccata a nulla"
    if aura.target is not None and host.uid in table:
        ctx = SelectorContext(you=aura.controller, source=aura.uid, ids=game.ids,
                              players=tuple(p.name for p in game.players))
        if not matches(aura.target, table[host.uid], ctx):
            return f"non può più incantare {table[host.uid].name}"
    return None


def _legend_rule(game: Game, table: dict[int, Any], to_graveyard: list[tuple[GameObject, str, str]]) -> bool:
    """CR 704.5j: two legendary permanents with the same name under one controller: keep one (the first in
    timestamp order unless ``choices`` names one)."""
    groups: dict[tuple[str, str], list[GameObject]] = {}
    for obj in game.battlefield():
        c = table.get(obj.uid)
        if c is not None and "Legendary" in c.supertypes and c.controller:
            groups.setdefault((c.controller, c.name), []).append(obj)
    acted = False
    for (_ctrl, name), objs in groups.items():
        if len(objs) < 2:
            continue
        keep = objs[0]
        for o in objs:
            if o.id in game.choices and isinstance(game.choices[o.id], list) and "keep" in game.choices[o.id]:
                keep = o
        for o in objs:
            if o is not keep:
                to_graveyard.append((o, f"Regola delle leggende: {name} — si tiene {keep.id}, l'altro va nel "
                                        "cimitero.", "704.5j"))
                acted = True
    return acted
