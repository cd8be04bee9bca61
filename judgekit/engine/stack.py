"""The stack (CR 405): casting spells (601), activating abilities (602), resolving (608), targets.

Action handlers: :func:`cast_action`, :func:`activate_action` (``handler(game, spec)``). Primitives:
:func:`push_triggered` (used by triggers), :func:`resolve_top`, :func:`target_problem`.

The stack is last in, first out (CR 405.1, 608.1): ``game.stack`` is kept bottom first and the top is the last
element. Casting a spell checks timing (CR 117, 301.1-310.1: sorcery-speed objects only in a main phase of
their controller's turn with an empty stack) and targets (601.2c: hexproof 702.11b, shroud 702.18a, protection
702.16b); activating an ability checks and pays its costs (602.2b; {T} of a creature and summoning sickness,
302.6). Resolving checks the targets again (608.2b): with every target illegal the spell or ability does not
resolve; illegal targets among legal ones are simply not affected.
"""

from __future__ import annotations

from typing import Any

from judgekit.engine.characteristics import chars, source_chars
from judgekit.engine.effects import EffectContext, apply_effects, protected_from, selector_context
from judgekit.engine.errors import IllegalAction, ScenarioProblem
from judgekit.engine.objects import make_object, move
from judgekit.engine.selectors import SelectorContext, is_player_selector, matches, matches_player
from judgekit.engine.state import Computed, Game, GameEvent, Ref, StackItem
from judgekit.engine.vocab import Step, Zone
from judgekit.render.terms import STEP_NAMES_IT, ZONE_NAMES_IT, it

MAIN_PHASES = (Step.MAIN1, Step.MAIN2)

# The rule that gives each sorcery-speed card type its timing (CR 301.1-310.1), most specific first.
TIMING_RULES = (("Sorcery", "307.1"), ("Creature", "302.1"), ("Planeswalker", "306.1"), ("Battle", "310.1"),
                ("Enchantment", "303.1"), ("Artifact", "301.1"), ("Kindred", "117.1a"))

PASSED = "Tutti i giocatori passano la priorità in successione (117.3d), quindi "

PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")

def _set_priority(game: Game, holder: str) -> None:
    game.priority = (holder, str(game.step))


def priority_holder(game: Game) -> str:
    """The player who has priority now: the one who last cast or activated (117.3c), the active player after a
    resolution (117.3b) and at the beginning of a step (117.3a)."""
    if game.priority is None or game.priority[1] != str(game.step):
        return game.active
    return game.priority[0]


def _passed(game: Game, who: str) -> str:
    """CR 117.3d: acting after another player had priority means that player passed."""
    holder = priority_holder(game)
    if holder == who:
        return ""
    return f"{holder} passa la priorità (117.3d); "


def game_over(game: Game) -> str | None:
    """The name of a player who has lost (CR 104.2a: in a two-player game the other one wins), if any."""
    for p in game.players:
        if p.lost:
            return p.name
    return None


def _sel_ctx(game: Game, controller: str, source: int | None) -> SelectorContext:
    src = game.objects.get(source) if source is not None else None
    return SelectorContext(you=controller, source=source, attached_to=src.attached_to if src is not None else None,
                           ids=game.ids, players=tuple(p.name for p in game.players))


def target_problem(game: Game, spec: Any, ref: Ref, controller: str, source: Computed | None,
                   source_uid: int | None) -> tuple[str, str] | None:
    """Why ``ref`` is not a legal target for ``spec`` (message, rule), or None if it is.

    A target must still be the same object in the right zone (CR 400.7, 608.2b) and match what the spell or
    ability may target (601.2c); a permanent with shroud can't be targeted (702.18a), one with hexproof can't be
    targeted by its controller's opponents (702.11b), one with protection can't be targeted by spells with that
    quality nor abilities from sources with it (702.16b). A spell can't target itself (115.5); an
    ability may target its own source.
    """
    ctx = _sel_ctx(game, controller, source_uid)
    if isinstance(ref, str):
        if not game.is_player(ref):
            return (f"«{ref}» non è un oggetto né un giocatore di questa partita", "601.2c")
        if spec is None:
            return None
        if is_player_selector(spec):
            if not matches_player(spec, ref, ctx):
                return (f"{ref} non è un giocatore che si può scegliere come bersaglio", "601.2c")
            return None
        return (f"{ref} è un giocatore, ma il bersaglio deve essere un oggetto", "601.2c")
    obj = game.objects.get(ref)
    if obj is None:
        return ("il bersaglio non esiste", "601.2c")
    if not obj.current or obj.zone == Zone.GONE:
        return (f"{obj.card.name} ha cambiato zona: è un oggetto nuovo, non più quello scelto come bersaglio",
                "400.7")
    if source_uid is not None and ref == source_uid and obj.zone == Zone.STACK:
        return (f"la magia {obj.card.name} non può bersagliare se stessa", "115.5")
    tc = chars(game, obj)
    if spec is not None and not matches(spec, tc, ctx):
        zone = ZONE_NAMES_IT.get(str(tc.zone), str(tc.zone))
        where = "" if tc.zone == Zone.BATTLEFIELD else f" (si trova nella zona {zone})"
        return (f"{tc.name}{where} non è un bersaglio ammesso dal testo", "601.2c")
    if spec is None and tc.zone != Zone.BATTLEFIELD:
        return (f"{tc.name} non è un permanente sul campo di battaglia", "601.2c")
    if obj.zone == Zone.BATTLEFIELD:
        if tc.has("shroud"):
            return (f"{tc.name} ha velo e non può essere bersaglio di alcuna magia o abilità", "702.18a")
        if tc.has("hexproof") and tc.controller != controller:
            return (f"{tc.name} ha anti-malocchio e non può essere bersaglio di magie o abilità controllate da un "
                    f"avversario del suo controllore {tc.controller}, come {controller}", "702.11b")
        if source is not None:
            kw = protected_from(source, tc)
            if kw is not None:
                return (f"{tc.name} ha {it(kw)} e non può essere bersaglio di {source.name}", "702.16b")
    return None


def _timing(game: Game, who: str, c: Computed) -> None:
    """CR 117.1a, 304.1 and 301.1-310.1: instants any time their caster has priority; other spells only in a
    main phase of their caster's turn with an empty stack."""
    if c.is_type("Instant") or c.has("flash"):
        return
    rule = next((r for t, r in TIMING_RULES if c.is_type(t)), "117.1a")
    reasons = []
    if game.active != who:
        reasons.append(f"è il turno di {game.active}, non di {who}")
    if game.step not in MAIN_PHASES:
        reasons.append(f"siamo nella {STEP_NAMES_IT.get(game.step, str(game.step))}, non in una fase principale")
    if game.stack:
        reasons.append("la pila non è vuota")
    if reasons:
        kind = " ".join(it(t) for t in c.types) or "magia"
        raise IllegalAction(f"{who} non può lanciare {c.name} ({kind.lower()}) adesso: si lancia solo durante una "
                            f"fase principale del proprio turno con la pila vuota (CR {rule}, 117.1a), ma "
                            + "; ".join(reasons), rule=rule)


def _can_act(game: Game, who: str, what: str) -> None:
    """CR 117.3a: nobody receives priority in the untap step (nor, normally, in the cleanup step)."""
    if game.step in (Step.UNTAP, Step.CLEANUP):
        raise IllegalAction(f"{who} non può {what}: nella {STEP_NAMES_IT[game.step]} nessun giocatore riceve "
                            "priorità", rule="117.3a")


def _targets(game: Game, spec: dict[str, Any]) -> list[Ref]:
    out: list[Ref] = []
    for t in spec.get("targets") or []:
        if t in game.ids:
            out.append(game.ids[t])
        elif game.is_player(t):
            out.append(t)
        else:
            raise ScenarioProblem(f"bersaglio sconosciuto «{t}»: usa l'id di un oggetto o il nome di un giocatore",
                                  ("targets",))
    return out


def _check_targets(game: Game, name: str, target_spec: Any, targets: list[Ref], controller: str,
                   source: Computed | None, source_uid: int | None, what: str) -> None:
    """CR 601.2c (602.2b for abilities): the targets announced must be legal, each chosen once."""
    if target_spec is None and targets:
        raise ScenarioProblem(f"{name} non ha bersagli: togli «targets»", ("targets",))
    if target_spec is not None and not targets:
        raise ScenarioProblem(f"{name} richiede un bersaglio: indicalo in «targets»", ("targets",))
    seen: set[Ref] = set()
    for t in targets:
        if t in seen:
            raise IllegalAction(f"{game.display(t)} è scelto due volte come bersaglio di {name}: lo stesso oggetto o "
                                "giocatore non può essere scelto più volte per la stessa parola «bersaglio»",
                                rule="601.2c")
        seen.add(t)
        problem = target_problem(game, target_spec, t, controller, source, source_uid)
        if problem is not None:
            raise IllegalAction(f"bersaglio non valido per {what}: {problem[0]} (CR {problem[1]}, 601.2c). Il "
                                "lancio o l'attivazione è illegale e il gioco torna alla situazione precedente",
                                rule=problem[1])


def stack_items(game: Game) -> list[dict[str, Any]]:
    """The stack as data for the ruling, top first: ``kind`` (spell, activated, triggered), ``source`` (the
    name of the spell or of the ability's source) and ``keyword`` (the keyword a triggered ability comes from,
    such as persist, or None)."""
    return [item_data(item) for item in reversed(game.stack)]


def item_data(item: StackItem) -> dict[str, Any]:
    """One stack object as data (see :func:`stack_items`)."""
    keyword = None
    for entry in item.effect:
        spec = entry.get("return_to_battlefield")
        if isinstance(spec, dict) and spec.get("keyword"):
            keyword = spec["keyword"]
    return {"kind": item.kind, "source": item.source_name, "keyword": keyword}


def item_label(item: StackItem) -> str:
    """How the ruling names a stack object: the spell's name, "persistere di X", "abilità di X"."""
    if item.kind == "spell":
        return item.source_name
    for entry in item.effect:
        spec = entry.get("return_to_battlefield")
        if isinstance(spec, dict) and spec.get("keyword"):
            return f"{spec['keyword']} di {item.source_name}"
    return f"abilità {'innescata' if item.kind == 'triggered' else 'attivata'} di {item.source_name}"


def stack_list(game: Game) -> str:
    """The stack, top first."""
    if not game.stack:
        return "vuota"
    return ", ".join(item_label(item) for item in reversed(game.stack))


def stack_text(game: Game) -> str:
    """The stack, top first, for the ruling."""
    if not game.stack:
        return "la pila è vuota"
    return "in pila, dalla cima: " + stack_list(game)


def _targets_text(game: Game, targets: list[Ref]) -> str:
    return ", ".join(game.display(t) for t in targets)


def cast_action(game: Game, spec: dict[str, Any]) -> None:
    """``cast``: put a spell on the stack (CR 601.2), checking timing (117.1a, 307.1...) and targets (601.2c)."""
    ref = spec["object"]
    if isinstance(ref, dict):
        caster = spec.get("controller") or ref.get("controller") or ref.get("owner") or game.active
        for key in ("controller", "owner"):
            if ref.get(key) and ref[key] != caster:
                raise ScenarioProblem(f"l'oggetto lanciato ha {key} «{ref[key]}», ma lo lancia {caster}",
                                      ("object", key))
        if ref["id"] in game.ids and game.obj(ref["id"]).zone != Zone.HAND:
            raise ScenarioProblem(f"l'id «{ref['id']}» è già usato da un altro oggetto", ("object", "id"))
        game.seq += 1
        obj = make_object(game, ref, Zone.HAND, caster, None, 0, game.seq)
    else:
        if ref not in game.ids:
            raise ScenarioProblem(f"oggetto sconosciuto «{ref}»", ("object",))
        obj = game.obj(ref)
        if obj.zone in (Zone.BATTLEFIELD, Zone.STACK, Zone.GONE):
            where = {"battlefield": "sul campo di battaglia", "stack": "già in pila"}.get(str(obj.zone),
                                                                                         "fuori dalla partita")
            raise ScenarioProblem(f"«{ref}» è {where} e non può essere lanciato", ("object",))
        caster = spec.get("controller") or obj.owner
        if obj.zone != Zone.HAND:
            zone = ZONE_NAMES_IT.get(str(obj.zone), str(obj.zone))
            raise IllegalAction(f"{obj.card.name} si trova nella zona {zone}: nessuna regola o effetto dello scenario "
                                "permette di lanciarlo da lì (si lanciano le carte dalla propria mano)",
                                rule="601.3")
        if caster != obj.owner:
            raise IllegalAction(f"{caster} non può lanciare {obj.card.name}, che è nella mano di {obj.owner}",
                                rule="601.3")
    _can_act(game, caster, f"lanciare {obj.card.name}")
    c = chars(game, obj)
    if c.is_type("Land"):
        rule = "305.9" if any(c.is_type(t) for t in PERMANENT_TYPES + ("Instant", "Sorcery") if t != "Land") \
            else "305.1"
        raise IllegalAction(f"{c.name} è una terra: si gioca come azione speciale, non si lancia", rule=rule)
    _timing(game, caster, c)
    targets = _targets(game, spec)
    target_spec = c.target
    if target_spec is None and "Aura" in c.subtypes:
        target_spec = {}
    _check_targets(game, c.name, target_spec, targets, caster, c, obj.uid, c.name)
    passed = _passed(game, caster)
    response = " in risposta" if game.stack else ""
    on_stack = move(game, obj, Zone.STACK, controller=caster, lki=c)
    sc = chars(game, on_stack)
    item = StackItem(uid=game.new_uid(), kind="spell", id=obj.id, source_name=c.name, controller=caster,
                     source_uid=on_stack.uid, object_uid=on_stack.uid, effect=list(sc.effect), targets=targets,
                     target_spec=target_spec)
    on_stack.stack_item = item.uid
    game.stack.append(item)
    game.emit(GameEvent("cast", obj=on_stack.uid, player=caster))
    kind = " ".join(it(t) for t in c.types).lower() or "magia"
    rules = ["601.2", "601.2a", "405.1"]
    if passed:
        rules.append("117.3d")
    text = f"{passed}{caster} lancia{response} {c.name} ({kind})"
    if targets:
        text += f" bersagliando {_targets_text(game, targets)}"
    text += ": la carta va in cima alla pila (601.2a, 405.1)"
    if targets:
        text += _targets_legal(targets)
        rules.append("601.2c")
    if c.mana_cost:
        text += f"; paga il costo {c.mana_cost} (il mana è registrato, non tracciato, 601.2h)"
        rules.append("601.2h")
    _on_stack_said(game, "cast", caster, text, rules, obj.id)


def _targets_legal(targets: list[Ref]) -> str:
    return f"; {'il bersaglio è legale' if len(targets) == 1 else 'i bersagli sono legali'} (601.2c)"


def _on_stack_said(game: Game, kind: str, who: str, text: str, rules: list[str], oid: str) -> None:
    """Say what was put on the stack; the player who cast or activated receives priority again (CR 117.3c)."""
    text += f". {who} riceve di nuovo priorità (117.3c). Pila, dalla cima: {stack_list(game)}."
    game.say(kind, text, *rules, "117.3c", objects=[oid])
    _set_priority(game, who)


def _loyalty_used_this_turn(game: Game, uid: int) -> bool:
    return any(ev.kind == "activate" and ev.obj == uid and ev.data.get("loyalty") for ev in game.events)


def activate_action(game: Game, spec: dict[str, Any]) -> None:
    """``activate``: announce, check and pay the costs of an activated ability and put it on the stack
    (CR 602.2, 602.2b); {T}/{Q} abilities of creatures need no summoning sickness (302.6)."""
    if spec["source"] not in game.ids:
        raise ScenarioProblem(f"oggetto sconosciuto «{spec['source']}»", ("source",))
    source = game.obj(spec["source"])
    c = chars(game, source)
    abilities = c.activated()
    index = int(spec.get("ability", 0))
    if index >= len(abilities):
        raise ScenarioProblem(f"{c.name} non ha un'abilità attivata numero {index} (ne ha {len(abilities)}; si contano "
                              "da 0, esclusi le abilità di mana e le parole chiave)", ("ability",))
    if source.zone != Zone.BATTLEFIELD:
        raise IllegalAction(f"{c.name} non è sul campo di battaglia: le abilità attivate di un permanente si "
                            "possono attivare solo mentre è sul campo di battaglia", rule="113.6")
    controller = c.controller or source.owner
    _can_act(game, controller, f"attivare l'abilità di {c.name}")
    body = abilities[index].spec["activated"]
    costs = list(body.get("cost") or [])
    loyalty = [cst for cst in costs if isinstance(cst, dict) and "loyalty" in cst]
    if loyalty:
        reasons = []
        if game.active != controller:
            reasons.append(f"è il turno di {game.active}")
        if game.step not in MAIN_PHASES:
            reasons.append("non è una fase principale")
        if game.stack:
            reasons.append("la pila non è vuota")
        if _loyalty_used_this_turn(game, source.uid):
            reasons.append(f"in questo turno è già stata attivata un'abilità di fedeltà di {c.name}")
        if reasons:
            raise IllegalAction(f"l'abilità di fedeltà di {c.name} si attiva solo come una stregoneria e una volta "
                                "per turno per ogni permanente: " + "; ".join(reasons), rule="306.5d")
    # Check every cost before paying any (CR 601.2h: a cost is paid in full or not at all).
    player = game.player(controller)
    paid: list[str] = []
    for cost in costs:
        if cost in ("tap", "untap"):
            symbol = "{T}" if cost == "tap" else "{Q}"
            if cost == "tap" and source.tapped:
                raise IllegalAction(f"{c.name} è già TAPpato e non può pagare il costo {symbol}", rule="602.2b")
            if cost == "untap" and not source.tapped:
                raise IllegalAction(f"{c.name} è STAPpato e non può pagare il costo {symbol}", rule="602.2b")
            if c.is_creature and source.summoning_sick and not c.has("haste"):
                raise IllegalAction(f"{c.name} è una creatura che non è sotto il controllo di {controller} "
                                    f"con continuità dall'inizio del suo turno più recente: non può attivare "
                                    f"un'abilità con {symbol} nel costo (debolezza da evocazione)", rule="302.6")
        elif isinstance(cost, dict) and "pay_life" in cost:
            n = int(cost["pay_life"])
            if n > player.life:
                raise IllegalAction(f"{controller} ha {player.life} punti vita e non può pagarne {n}", rule="119.4")
        elif isinstance(cost, dict) and "loyalty" in cost:
            n = int(cost["loyalty"])
            if source.counters.get("loyalty", 0) + n < 0:
                raise IllegalAction(f"{c.name} ha {source.counters.get('loyalty', 0)} segnalini fedeltà e non può "
                                    f"pagare un costo di {n}", rule="606.6")
        elif isinstance(cost, dict) and "remove_counters" in cost:
            for kind, n in cost["remove_counters"].items():
                if source.counters.get(kind, 0) < n:
                    raise IllegalAction(f"{c.name} non ha {n} segnalini {kind} da rimuovere", rule="602.2b")
    targets = _targets(game, spec)
    target_spec = body.get("target")
    _check_targets(game, f"l'abilità di {c.name}", target_spec, targets, controller, c, source.uid,
                   f"l'abilità di {c.name}")
    passed = _passed(game, controller)
    response = " in risposta" if game.stack else ""
    # Pay.
    sacrificed = False
    for cost in costs:
        if cost == "tap":
            source.tapped = True
            paid.append("TAPpa " + c.name)
        elif cost == "untap":
            source.tapped = False
            paid.append("STAPpa " + c.name)
        elif cost == "sacrifice_self":
            sacrificed = True
        elif isinstance(cost, dict) and "pay_life" in cost:
            n = int(cost["pay_life"])
            if n:
                player.life -= n
                game.emit(GameEvent("life_loss", player=controller, amount=n))
            paid.append(f"paga {n} punti vita (punti vita: {player.life})")
        elif isinstance(cost, dict) and "loyalty" in cost:
            n = int(cost["loyalty"])
            source.counters["loyalty"] = source.counters.get("loyalty", 0) + n
            paid.append(f"{'+' if n >= 0 else ''}{n} fedeltà")
        elif isinstance(cost, dict) and "remove_counters" in cost:
            for kind, n in cost["remove_counters"].items():
                source.counters[kind] -= n
                paid.append(f"rimuove {n} segnalini {kind}")
        elif isinstance(cost, dict) and "mana" in cost:
            paid.append(f"paga {cost['mana']} (il mana è registrato, non tracciato)")
    if sacrificed:
        paid.append(f"sacrifica {c.name}")
    item = StackItem(uid=game.new_uid(), kind="activated", id=source.id, source_name=c.name, controller=controller,
                     source_uid=source.uid, effect=list(body.get("effect") or []), targets=targets,
                     target_spec=target_spec, source_lki=c)
    game.touch()
    if sacrificed:
        move(game, source, Zone.GRAVEYARD, lki=c)
    game.stack.append(item)
    game.touch()
    game.emit(GameEvent("activate", obj=source.uid, player=controller, data={"loyalty": bool(loyalty)}))
    rules = ["602.2", "602.2b", "405.1"]
    if passed:
        rules.append("117.3d")
    text = f"{passed}{controller} attiva{response} un'abilità di {c.name}"
    if targets:
        text += f" bersagliando {_targets_text(game, targets)}"
        rules.append("601.2c")
    if paid:
        text += " e paga il costo (" + ", ".join(paid) + ")"
    text += ": l'abilità va in cima alla pila (602.2, 405.1)"
    if targets:
        text += _targets_legal(targets)
    if sacrificed:
        text += (f". {c.name} è già nel cimitero mentre l'abilità aspetta in pila: l'abilità esiste "
                 "indipendentemente dalla sua fonte (113.7a)")
    if any(cost in ("tap", "untap") for cost in costs) and c.is_creature:
        rules.append("302.6")
    if loyalty:
        rules.append("306.5d")
    _on_stack_said(game, "activate", controller, text, rules, source.id)


def push_triggered(game: Game, item: StackItem) -> None:
    """Put a triggered ability on the stack (CR 603.3)."""
    game.stack.append(item)
    game.touch()


def resolve_top(game: Game) -> None:
    """CR 608.2: the top object resolves. Targets are checked again (608.2b): with every target illegal it
    doesn't resolve; otherwise the illegal ones are unaffected. Instants and sorceries go to the graveyard as
    the last step (608.2n); permanent spells enter the battlefield (608.3), an Aura attached to its target."""
    item = game.stack.pop()
    game.touch()
    _set_priority(game, game.active)
    source_c = source_chars(game, item.source_uid, item.source_lki)
    illegal: list[tuple[Ref, str, str]] = []
    for t in item.targets:
        problem = target_problem(game, item.target_spec, t, item.controller, source_c, item.source_uid)
        if problem is not None:
            illegal.append((t, problem[0], problem[1]))
    plain = item_label(item)
    phrase = f"l'{plain}" if plain.startswith("abilità") else plain
    label = phrase[:1].upper() + phrase[1:]
    if item.targets and len(illegal) == len(item.targets):
        why = "; ".join(f"{msg} ({rule})" for _t, msg, rule in illegal)
        aura = item.kind == "spell" and source_c is not None and "Aura" in source_c.subtypes
        which = "il suo bersaglio è ora illegale" if len(illegal) == 1 else "tutti i suoi bersagli sono ora illegali"
        game.say("resolve", f"{PASSED}{phrase} dovrebbe risolversi, ma {which}"
                 + f" ({why}): non si risolve e nessuna delle sue istruzioni viene eseguita"
                 + (" (un'Aura non entra sul campo di battaglia)" if aura else "") + ".", "117.3d", "608.2b",
                 *(["608.3"] if aura else []), *dict.fromkeys(rule for _t, _m, rule in illegal), objects=[item.id])
        if item.kind == "spell" and item.object_uid is not None:
            obj = game.objects[item.object_uid]
            if obj.current and obj.zone == Zone.STACK:
                move(game, obj, Zone.GRAVEYARD)
                game.say("resolve", f"{item.source_name} viene rimossa dalla pila e messa nel cimitero di {obj.owner}.",
                         "608.2b", objects=[obj.id])
        return

    def partial() -> None:
        if illegal:
            names = ", ".join(f"{game.display(t)} ({msg})" for t, msg, _r in illegal)
            game.say("resolve", f"{label}: {_plural_illegal(len(illegal))} {names}; si risolve per gli altri "
                                "bersagli, e quelli illegali non vengono influenzati.", "608.2b", objects=[item.id])

    ctx = EffectContext(controller=item.controller, source_uid=item.source_uid, source_name=item.source_name,
                        targets=list(item.targets), trigger_object=item.trigger_object, source_lki=item.source_lki,
                        kind=item.kind, illegal_targets=[t for t, _m, _r in illegal])
    if item.kind == "spell" and item.object_uid is not None:
        obj = game.objects[item.object_uid]
        if not obj.current or obj.zone != Zone.STACK:
            game.say("resolve", f"{item.source_name} non è più in pila: non c'è nulla da risolvere.", "400.7",
                     objects=[item.id])
            return
        c = chars(game, obj)
        if any(t in c.types for t in PERMANENT_TYPES):
            new = move(game, obj, Zone.BATTLEFIELD, controller=item.controller, lki=c)
            text = (f"{PASSED}{c.name} si risolve ed entra sul campo di battaglia sotto il controllo di "
                    f"{item.controller} (timestamp {new.timestamp})")
            rules = ["117.3d", "608.3"]
            if "Aura" in c.subtypes and ctx.legal_targets():
                host = ctx.legal_targets()[0]
                if isinstance(host, int):
                    new.attached_to = host
                    game.touch()
                    text += f", assegnata a {game.display(host)}, il suo bersaglio"
                    rules.append("303.4a")
            game.say("resolve", text + ". La priorità torna al giocatore attivo.", *rules, "117.3b",
                     objects=[obj.id])
            return
        game.say("resolve", f"{PASSED}{c.name} si risolve: si eseguono le sue istruzioni nell'ordine in cui sono "
                            "scritte.", "117.3d", "608.2", "608.2c", objects=[obj.id])
        partial()
        ctx.source_uid = obj.uid
        apply_effects(game, item.effect, ctx)
        if obj.current and obj.zone == Zone.STACK:
            move(game, obj, Zone.GRAVEYARD)
            game.say("resolve", f"Come ultima parte della risoluzione, {c.name} va nel cimitero di {obj.owner}. La "
                                "priorità torna al giocatore attivo.", "608.2n", "117.3b", objects=[obj.id])
        return
    text = f"{PASSED}{phrase} si risolve"
    if item.kind == "triggered" and item.source_uid is not None:
        src = game.objects.get(item.source_uid)
        if src is not None and (not src.current or src.zone != Zone.BATTLEFIELD):
            text += (" anche se la sua fonte ha lasciato il campo di battaglia: usa le informazioni di quando vi "
                     "era (603.10, 608.2h)")
    game.say("resolve", text + ".", "117.3d", "608.2", "608.2c", objects=[item.id])
    partial()
    apply_effects(game, item.effect, ctx)


def _plural_illegal(n: int) -> str:
    return "è illegale il bersaglio" if n == 1 else "sono illegali i bersagli"


def effect_context_for(game: Game, item: StackItem) -> EffectContext:
    return EffectContext(controller=item.controller, source_uid=item.source_uid, source_name=item.source_name,
                         targets=list(item.targets), trigger_object=item.trigger_object, source_lki=item.source_lki,
                         kind=item.kind)


__all__ = ["activate_action", "cast_action", "effect_context_for", "game_over", "push_triggered", "item_label",
           "resolve_top", "selector_context", "stack_list", "stack_text", "target_problem"]
