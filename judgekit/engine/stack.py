"""The stack (CR 405): casting spells (601), activating abilities (602), resolving (608), targets (115).

Action handlers: :func:`cast_action`, :func:`activate_action`, :func:`resolve_action` (``handler(game,
spec)``). Primitives: :func:`push_triggered` (used by triggers), :func:`resolve_top`, :func:`counter_item`,
:func:`target_legal`.
"""

from __future__ import annotations

from typing import Any

from judgekit.engine.characteristics import chars
from judgekit.engine.effects import EffectContext, apply_effects, selector_context
from judgekit.engine.errors import IllegalAction, ScenarioProblem
from judgekit.engine.selectors import SelectorContext, is_player_selector, matches, matches_player
from judgekit.engine.state import Computed, Game, GameEvent, GameObject, Ref, StackItem
from judgekit.engine.vocab import Step, Zone

MAIN_PHASES = (Step.MAIN1, Step.MAIN2)


def _sel_ctx(game: Game, controller: str, source: int | None) -> SelectorContext:
    src = game.objects.get(source) if source is not None else None
    return SelectorContext(you=controller, source=source, attached_to=src.attached_to if src is not None else None,
                           ids=game.ids, players=tuple(p.name for p in game.players))


def target_problem(game: Game, spec: Any, ref: Ref, controller: str, source: Computed | None,
                   source_uid: int | None) -> tuple[str, str] | None:
    """Why ``ref`` is not a legal target for ``spec`` (message, rule), or None if it is (CR 115, 702.11/16/18)."""
    ctx = _sel_ctx(game, controller, source_uid)
    if isinstance(ref, str):
        if spec is None:
            return None
        if is_player_selector(spec):
            if not matches_player(spec, ref, ctx):
                return (f"{ref} non è un bersaglio valido", "115.1")
            return None
        return (f"{ref} è un giocatore, ma il bersaglio deve essere un oggetto", "115.1")
    obj = game.objects.get(ref)
    if obj is None or not obj.current:
        return ("il bersaglio ha cambiato zona ed è un nuovo oggetto", "400.7")
    tc = chars(game, obj)
    if spec is not None and not matches(spec, tc, ctx) and not (isinstance(spec, dict) and spec.get("zone") is None
                                                                 and False):
        return (f"{tc.name} non è un bersaglio valido per questa magia o abilità", "115.1")
    if obj.zone == Zone.BATTLEFIELD:
        if tc.has("shroud"):
            return (f"{tc.name} ha velo e non può essere bersaglio", "702.18a")
        if tc.has("hexproof") and tc.controller != controller:
            return (f"{tc.name} ha anti-malocchio e non può essere bersaglio di magie o abilità di un avversario",
                    "702.11b")
        if source is not None:
            for kw in tc.keywords:
                if kw.startswith("protection_from_"):
                    q = kw[len("protection_from_"):]
                    if q == "everything" or q in source.colors or (q == "creatures" and source.is_creature):
                        return (f"{tc.name} ha protezione e non può essere bersaglio di {source.name}", "702.16b")
    return None


def _timing(game: Game, who: str, c: Computed, what: str) -> None:
    """CR 117.1a, 307.1: sorcery-speed objects only in the caster's main phase with an empty stack."""
    if c.is_type("Instant") or c.has("flash"):
        return
    if game.active != who or game.step not in MAIN_PHASES or game.stack:
        rule = "307.1" if c.is_type("Sorcery") else "117.1a"
        reason = []
        if game.active != who:
            reason.append("non è il turno di chi la lancia")
        if game.step not in MAIN_PHASES:
            reason.append("non è una fase principale")
        if game.stack:
            reason.append("la pila non è vuota")
        raise IllegalAction(f"{c.name} non può essere lanciata ora ({', '.join(reason)}): {what}", rule=rule)


def cast_action(game: Game, spec: dict[str, Any]) -> None:
    """``cast``: put a spell on the stack (CR 601.2), checking timing and targets (601.2c)."""
    from judgekit.engine.replay import make_object

    ref = spec["object"]
    if isinstance(ref, dict):
        caster = spec.get("controller") or ref.get("controller") or ref.get("owner") or game.active
        game.seq += 1
        obj = make_object(game, ref, Zone.HAND, caster, None, 0, game.seq)
    else:
        obj = game.obj(ref)
        if obj.zone == Zone.BATTLEFIELD:
            raise ScenarioProblem(f"«{ref}» è già sul campo di battaglia e non può essere lanciato", ("object",))
        caster = spec.get("controller") or obj.owner
    c = chars(game, obj)
    if c.is_type("Land"):
        raise IllegalAction(f"{c.name} è una terra: si gioca, non si lancia", rule="305.9")
    _timing(game, caster, c, "solo come una stregoneria")
    targets: list[Ref] = [game.ids.get(t, t) for t in spec.get("targets") or []]
    target_spec = c.target
    if target_spec is not None and not targets:
        raise ScenarioProblem(f"{c.name} richiede un bersaglio: indicalo in «targets»", ("targets",))
    for t in targets:
        problem = target_problem(game, target_spec, t, caster, c, obj.uid)
        if problem is not None:
            raise IllegalAction(f"bersaglio non valido per {c.name}: {problem[0]}", rule=problem[1])
    on_stack = game.move(obj, Zone.STACK, controller=caster, lki=c)
    item = StackItem(uid=game.new_uid(), kind="spell", id=obj.id, source_name=c.name, controller=caster,
                     source_uid=on_stack.uid, object_uid=on_stack.uid, effect=list(c.effect), targets=targets,
                     target_spec=target_spec)
    on_stack.stack_item = item.uid
    game.stack.append(item)
    game.emit(GameEvent("cast", obj=on_stack.uid, player=caster))
    tnames = ", ".join(game.display(t) for t in targets)
    game.say("cast", f"{caster} lancia {c.name}" + (f" bersagliando {tnames}" if tnames else "") + ".", "601.2",
             *(["601.2c"] if targets else []), objects=[obj.id])


def activate_action(game: Game, spec: dict[str, Any]) -> None:
    """``activate``: pay costs and put an activated ability on the stack (CR 602.2)."""
    source = game.obj(spec["source"])
    c = chars(game, source)
    abilities = c.activated()
    index = int(spec.get("ability", 0))
    if index >= len(abilities):
        raise ScenarioProblem(f"{c.name} non ha un'abilità attivata numero {index} (ne ha {len(abilities)})",
                              ("ability",))
    ability = abilities[index]
    body = ability.spec["activated"]
    controller = c.controller or source.owner
    for cost in body.get("cost") or []:
        if cost == "tap":
            if source.tapped:
                raise IllegalAction(f"{c.name} è già TAPpato e non può pagare il costo {{T}}", rule="602.2b")
            if c.is_creature and source.summoning_sick and not c.has("haste"):
                raise IllegalAction(f"{c.name} è una creatura che non è sotto il controllo di {controller} "
                                    "dall'inizio del suo turno: non può usare {T}", rule="302.6")
            source.tapped = True
        elif cost == "untap":
            source.tapped = False
        elif isinstance(cost, dict) and "pay_life" in cost:
            game.player(controller).life -= int(cost["pay_life"])
        elif isinstance(cost, dict) and "loyalty" in cost:
            n = int(cost["loyalty"])
            current = source.counters.get("loyalty", 0)
            if current + n < 0:
                raise IllegalAction(f"{c.name} non ha abbastanza segnalini fedeltà", rule="606.6")
            source.counters["loyalty"] = current + n
        elif isinstance(cost, dict) and "remove_counters" in cost:
            for kind, n in cost["remove_counters"].items():
                if source.counters.get(kind, 0) < n:
                    raise IllegalAction(f"{c.name} non ha {n} segnalini {kind} da rimuovere", rule="602.2b")
                source.counters[kind] -= n
    targets: list[Ref] = [game.ids.get(t, t) for t in spec.get("targets") or []]
    target_spec = body.get("target")
    if target_spec is not None and not targets:
        raise ScenarioProblem(f"l'abilità di {c.name} richiede un bersaglio: indicalo in «targets»", ("targets",))
    for t in targets:
        problem = target_problem(game, target_spec, t, controller, c, source.uid)
        if problem is not None:
            raise IllegalAction(f"bersaglio non valido per l'abilità di {c.name}: {problem[0]}", rule=problem[1])
    sacrificed = "sacrifice_self" in (body.get("cost") or [])
    item = StackItem(uid=game.new_uid(), kind="activated", id=source.id, source_name=c.name, controller=controller,
                     source_uid=source.uid, effect=list(body.get("effect") or []), targets=targets,
                     target_spec=target_spec, source_lki=c)
    if sacrificed:
        game.move(source, Zone.GRAVEYARD, lki=c)
        game.say("cost", f"{controller} sacrifica {c.name} per pagare il costo.", "602.2b", "701.21a",
                 objects=[source.id])
    game.stack.append(item)
    game.touch()
    game.emit(GameEvent("activate", obj=source.uid, player=controller))
    tnames = ", ".join(game.display(t) for t in targets)
    game.say("activate", f"{controller} attiva un'abilità di {c.name}" + (f" bersagliando {tnames}" if tnames else "")
             + ".", "602.2", objects=[source.id])


def push_triggered(game: Game, item: StackItem) -> None:
    """Put a triggered ability on the stack (CR 603.3)."""
    game.stack.append(item)
    game.touch()


def resolve_action(game: Game, spec: Any) -> None:
    """``resolve`` (top of the stack) or ``resolve: all`` (until empty, priority point between)."""
    from judgekit.engine.replay import priority_point

    if spec == "all":
        while game.stack:
            resolve_top(game)
            priority_point(game)
        return
    if not game.stack:
        raise ScenarioProblem("«resolve» con la pila vuota: non c'è nulla da risolvere")
    resolve_top(game)


def resolve_all(game: Game) -> None:
    resolve_action(game, "all")


def resolve_top(game: Game) -> None:
    """CR 608.2: the top object resolves; with every target illegal it doesn't resolve (608.2b)."""
    item = game.stack.pop()
    game.touch()
    legal: list[Ref] = []
    source_c = _item_source(game, item)
    for t in item.targets:
        if target_problem(game, item.target_spec, t, item.controller, source_c, item.source_uid) is None:
            legal.append(t)
    if item.targets and not legal:
        game.say("resolve", f"{item.source_name}: tutti i bersagli sono diventati illegali, non si risolve.",
                 "608.2b", objects=[item.id])
        if item.kind == "spell" and item.object_uid is not None:
            obj = game.objects[item.object_uid]
            if obj.current:
                game.move(obj, Zone.GRAVEYARD)
        return
    if len(legal) < len(item.targets):
        game.say("resolve", f"{item.source_name}: un bersaglio è illegale e non viene influenzato.", "608.2b")
    ctx = EffectContext(controller=item.controller, source_uid=item.source_uid, source_name=item.source_name,
                        targets=legal, trigger_object=item.trigger_object, source_lki=item.source_lki, kind=item.kind)
    if item.kind == "spell" and item.object_uid is not None:
        obj = game.objects[item.object_uid]
        c = chars(game, obj)
        permanent = any(t in c.types for t in ("Artifact", "Battle", "Creature", "Enchantment", "Land",
                                               "Planeswalker"))
        if permanent:
            new = game.move(obj, Zone.BATTLEFIELD, controller=item.controller)
            if c.subtypes and "Aura" in c.subtypes and legal and isinstance(legal[0], int):
                new.attached_to = legal[0]
            game.say("resolve", f"{c.name} si risolve ed entra sul campo di battaglia sotto il controllo di "
                                f"{item.controller} (timestamp {new.timestamp}).", "608.3", objects=[obj.id])
            return
        game.say("resolve", f"{c.name} si risolve.", "608.2", objects=[obj.id])
        ctx.source_uid = obj.uid
        apply_effects(game, item.effect, ctx)
        if obj.current and obj.zone == Zone.STACK:
            game.move(obj, Zone.GRAVEYARD)
            game.say("resolve", f"{c.name} va nel cimitero di {obj.owner}.", "608.2n", objects=[obj.id])
        return
    game.say("resolve", f"L'abilità di {item.source_name} si risolve.", "608.2", objects=[item.id])
    apply_effects(game, item.effect, ctx)


def _item_source(game: Game, item: StackItem) -> Computed | None:
    if item.source_uid is not None:
        obj = game.objects.get(item.source_uid)
        if obj is not None and obj.current:
            return chars(game, obj)
        if obj is not None and obj.lki is not None:
            return obj.lki
    return item.source_lki


def counter_item(game: Game, item: StackItem) -> None:
    """CR 701.6: a countered spell goes to its owner's graveyard; a countered ability is removed."""
    if item in game.stack:
        game.stack.remove(item)
    if item.kind == "spell" and item.object_uid is not None:
        obj: GameObject = game.objects[item.object_uid]
        if obj.current:
            game.move(obj, Zone.GRAVEYARD)
    game.say("effect", f"{item.source_name} viene neutralizzata.", "701.6a", objects=[item.id])
    game.touch()


def effect_context_for(game: Game, item: StackItem) -> EffectContext:
    return EffectContext(controller=item.controller, source_uid=item.source_uid, source_name=item.source_name,
                         targets=list(item.targets), trigger_object=item.trigger_object, source_lki=item.source_lki,
                         kind=item.kind)


__all__ = ["activate_action", "cast_action", "counter_item", "effect_context_for", "push_triggered",
           "resolve_action", "resolve_all", "resolve_top", "selector_context", "target_problem"]
