"""The stack (CR 405): casting spells (601), activating abilities (602), resolving (608), targets.

Action handlers: :func:`cast_action`, :func:`activate_action` (``handler(game, action)``). Primitives:
:func:`push_triggered` (used by triggers), :func:`resolve_top`, :func:`target_problem_data`.

The stack is last in, first out (CR 405.1, 608.1): ``game.stack`` is kept bottom first and the top is the last
element. Casting a spell checks timing (CR 117, 301.1-310.1: sorcery-speed objects only in a main phase of
their controller's turn with an empty stack) and targets (601.2c: hexproof 702.11b, shroud 702.18a, protection
702.16b); activating an ability checks and pays its costs (602.2b; {T} of a creature and summoning sickness,
302.6). Resolving checks the targets again (608.2b): with every target illegal the spell or ability does not
resolve; illegal targets among legal ones are simply not affected.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judgekit.engine.announce import announce_action, x_in_cost
from judgekit.engine.characteristics import chars, source_chars
from judgekit.engine.choices import UseOptional
from judgekit.engine.combat_removal import update_combat
from judgekit.engine.costs import Payer, check_spell, cost_choices, keyword_ability, pay_spell, sorcery_timing
from judgekit.engine.costs import check as costs_check
from judgekit.engine.costs import pay as costs_pay
from judgekit.engine.effects import EffectContext, apply_effects, protected_from, selector_context
from judgekit.engine.errors import IllegalAction, ScenarioProblem
from judgekit.engine.events import tag_move
from judgekit.engine.keywords import KeywordParam, check_split_second, note_targets
from judgekit.engine.objects import carried_effects, make_object, move
from judgekit.engine.restrictions import player_target_problem
from judgekit.engine.selectors import SelectorContext, is_player_selector, matches, matches_player
from judgekit.engine.specs import Filter, ReturnParam
from judgekit.engine.state import Computed, EventKind, Game, GameEvent, GameObject, Ref, StackItem
from judgekit.engine.steps import sorcery_timing_problems
from judgekit.engine.vocab import Step, Zone

# The rule that gives each sorcery-speed card type its timing (CR 301.1-310.1), most specific first.
TIMING_RULES = (("Sorcery", "307.1"), ("Creature", "302.1"), ("Planeswalker", "306.1"), ("Battle", "310.1"),
                ("Enchantment", "303.1"), ("Artifact", "301.1"), ("Kindred", "117.1a"))

PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")

def _set_priority(game: Game, holder: str) -> None:
    game.priority = (holder, str(game.step))


def priority_holder(game: Game) -> str:
    """The player who has priority now: the one who last cast or activated (117.3c), the active player after a
    resolution (117.3b) and at the beginning of a step (117.3a)."""
    if game.priority is None or game.priority[1] != str(game.step):
        return game.apnap()[0] if game.left else game.active   # 800.4j: the next player, without one
    return game.priority[0]


def _passed(game: Game, who: str) -> str | None:
    """CR 117.3d: acting after another player had priority means that player passed (who passed, or None)."""
    holder = priority_holder(game)
    return None if holder == who else holder


def game_over(game: Game) -> str | None:
    """The name of a player who has lost and ended the game (CR 104.2a), if any (a player who left the game is
    no longer in ``game.players``, 800.4a)."""
    for p in game.players:
        if p.lost:
            return p.name
    return None


def _sel_ctx(game: Game, controller: str, source: int | None) -> SelectorContext:
    src = game.objects.get(source) if source is not None else None
    return SelectorContext(you=controller, source=source, attached_to=src.attached_to if src is not None else None,
                           ids=game.ids, players=tuple(p.name for p in game.players))


def target_problem_data(game: Game, spec: Any, ref: Ref, controller: str, source: Computed | None,
                        source_uid: int | None) -> tuple[str, str, dict[str, Any]] | None:
    """Why ``ref`` is not a legal target for ``spec`` as data, ``(code, rule, params)``, or None if it is.

    The rules: the same object in the right zone (CR 400.7, 608.2b),
    matching what the spell or ability may target (601.2c), shroud (702.18a), hexproof (702.11b), protection
    (702.16b); a spell can't target itself (115.5), an ability may target its own source.
    """
    ctx = _sel_ctx(game, controller, source_uid)
    if isinstance(ref, str):
        if not game.is_player(ref):
            return ("stack.target_not_in_game", "601.2c", {"ref": ref})
        if spec is None:
            return None
        if is_player_selector(spec):
            if not matches_player(spec, ref, ctx):
                return ("stack.target_player_not_allowed", "601.2c", {"player": ref})
            return player_target_problem(game, ref, controller, source)
        return ("stack.target_player_not_object", "601.2c", {"player": ref})
    obj = game.objects.get(ref)
    if obj is None:
        return ("stack.target_missing", "601.2c", {})
    if not obj.current or obj.zone == Zone.GONE:
        return ("stack.target_changed_zone", "400.7", {"card": obj.card.name})
    if source_uid is not None and ref == source_uid and obj.zone == Zone.STACK:
        return ("stack.target_self", "115.5", {"card": obj.card.name})
    tc = chars(game, obj)
    if spec is not None and not matches(spec, tc, ctx):
        return ("stack.target_not_allowed", "601.2c", {"card": tc.name, "zone": str(tc.zone)})
    if spec is None and tc.zone != Zone.BATTLEFIELD:
        return ("stack.target_not_permanent", "601.2c", {"card": tc.name})
    if obj.zone == Zone.BATTLEFIELD:
        if tc.has("shroud"):
            return ("stack.target_shroud", "702.18a", {"card": tc.name})
        if tc.has("hexproof") and tc.controller != controller:
            return ("stack.target_hexproof", "702.11b",
                    {"card": tc.name, "controller": tc.controller, "opponent": controller})
        if source is not None:
            kw = protected_from(source, tc)
            if kw is not None:
                return ("stack.target_protection", "702.16b", {"card": tc.name, "keyword": kw, "source": source.name})
    return None


def _problem(game: Game, spec: Any, ref: Ref, controller: str, source: Computed | None,
             source_uid: int | None) -> dict[str, Any] | None:
    """:func:`target_problem_data` as one dict (``code``, ``rule``, ``params``), for records and errors."""
    found = target_problem_data(game, spec, ref, controller, source, source_uid)
    return None if found is None else {"code": found[0], "rule": found[1], "params": found[2]}


def _ref_data(game: Game, ref: Ref) -> dict[str, Any]:
    """A target as data: its name (a player's, or the object's card name) and whether it is a player."""
    return {"name": game.display(ref), "player": isinstance(ref, str)}


def _timing(game: Game, who: str, c: Computed) -> None:
    """CR 117.1a, 304.1 and 301.1-310.1: instants any time their caster has priority; other spells only in a
    main phase of their caster's turn with an empty stack."""
    if c.is_type("Instant") or c.has("flash"):
        return
    rule = next((r for t, r in TIMING_RULES if c.is_type(t)), "117.1a")
    reasons = sorcery_timing_problems(game, who)
    if reasons:
        raise IllegalAction("stack.cast_timing", rule=rule, player=who, card=c.name, types=list(c.types),
                            timing_rule=rule, active=game.active, step=game.step.value, reasons=reasons)


def _can_act(game: Game, who: str, action: str, card: str) -> None:
    """CR 117.3a: nobody receives priority in the untap step (nor, normally, in the cleanup step).
    ``action`` is ``cast`` or ``activate``."""
    if game.step in (Step.UNTAP, Step.CLEANUP):
        raise IllegalAction("stack.no_priority", rule="117.3a", player=who, action=action, card=card,
                            step=game.step.value)


def _targets(game: Game, action: dict[str, Any]) -> list[Ref]:
    """The targets an action lists; without ``targets``, the keys of its ``divide``, in order (2.2)."""
    out: list[Ref] = []
    written, key = action.get("targets") or [], "targets"
    if not written and action.get("divide"):
        written, key = list(action["divide"]), "divide"
    for t in written:
        if t in game.ids:
            out.append(game.ids[t])
        elif game.is_player(t) or t in game.seats:   # a player who left is an illegal target (800.4a)
            out.append(t)
        else:
            raise ScenarioProblem("stack.unknown_target", (key,), target=t)
    return out


def _candidates(game: Game, spec: Any, controller: str, source: Computed, source_uid: int) -> list[Ref]:
    """Every legal target for ``spec`` in default order: objects in timestamp order, then players."""
    objs = [o for o in game.objects.values() if o.current and o.zone != Zone.GONE]
    objs.sort(key=lambda o: (o.timestamp, o.seq, o.uid))
    refs: list[Ref] = [*(o.uid for o in objs), *(p.name for p in game.players)]
    return [r for r in refs if target_problem_data(game, spec, r, controller, source, source_uid) is None]


def _check_targets(game: Game, card: str, ability: bool, target_spec: Any, targets: list[Ref], controller: str,
                   source: Computed | None, source_uid: int | None) -> None:
    """CR 601.2c (602.2b for abilities): the targets announced must be legal, each chosen once. ``card`` is
    the spell's name or, with ``ability``, the name of the ability's source."""
    if target_spec is None and targets:
        raise ScenarioProblem("stack.targets_not_expected", ("targets",), card=card, ability=ability)
    if target_spec is not None and not targets:
        raise ScenarioProblem("stack.target_required", ("targets",), card=card, ability=ability)
    seen: set[Ref] = set()
    for t in targets:
        if t in seen:
            raise IllegalAction("stack.target_chosen_twice", rule="601.2c", target=_ref_data(game, t), card=card,
                                ability=ability)
        seen.add(t)
        problem = _problem(game, target_spec, t, controller, source, source_uid)
        if problem is not None:
            raise IllegalAction("stack.target_illegal", rule=problem["rule"], card=card, ability=ability,
                                problem=problem)


def stack_items(game: Game) -> list[dict[str, Any]]:
    """The stack as data for the ruling, top first: ``kind`` (spell, activated, triggered), ``source`` (the
    name of the spell or of the ability's source) and ``keyword`` (the keyword a triggered ability comes from,
    such as persist, or None)."""
    return [item_data(item) for item in reversed(game.stack)]


def item_data(item: StackItem) -> dict[str, Any]:
    """One stack object as data (see :func:`stack_items`)."""
    keyword = None
    for entry in item.effect:
        if isinstance(entry.param, (ReturnParam, KeywordParam)) and entry.param.keyword:
            keyword = entry.param.keyword
    return {"kind": item.kind, "source": item.source_name, "keyword": keyword}


def _targets_data(game: Game, targets: list[Ref]) -> list[dict[str, Any]]:
    return [_ref_data(game, t) for t in targets]


def cast_action(game: Game, action: dict[str, Any]) -> None:
    """``cast``: put a spell on the stack (CR 601.2), checking timing (117.1a, 307.1...) and targets (601.2c)."""
    ref = action["object"]
    if isinstance(ref, dict):
        caster = action.get("controller") or ref.get("controller") or ref.get("owner") or game.active
        for key in ("controller", "owner"):
            if ref.get(key) and ref[key] != caster:
                raise ScenarioProblem("stack.cast_player_mismatch", ("object", key), field=key, value=ref[key],
                                      caster=caster)
        if ref["id"] in game.ids and game.obj(ref["id"]).zone != Zone.HAND:
            raise ScenarioProblem("stack.id_in_use", ("object", "id"), id=ref["id"])
        game.seq += 1
        obj = make_object(game, ref, Zone.HAND, caster, None, 0, game.seq)
    else:
        if ref not in game.ids:
            raise ScenarioProblem("stack.unknown_object", ("object",), id=ref)
        obj = game.obj(ref)
        if obj.zone in (Zone.BATTLEFIELD, Zone.STACK, Zone.GONE):
            raise ScenarioProblem("stack.not_castable", ("object",), id=ref, zone=str(obj.zone))
        caster = action.get("controller") or obj.owner
        if obj.zone != Zone.HAND:
            raise IllegalAction("stack.cast_from_zone", rule="601.3", card=obj.card.name, zone=str(obj.zone))
        if caster != obj.owner:
            raise IllegalAction("stack.cast_from_other_hand", rule="601.3", player=caster, card=obj.card.name,
                                owner=obj.owner)
    _can_act(game, caster, "cast", obj.card.name)
    if game.stack:
        check_split_second(game, caster, "cast", obj.card.name)
    c = chars(game, obj)
    if c.is_type("Land"):
        rule = "305.9" if any(c.is_type(t) for t in PERMANENT_TYPES + ("Instant", "Sorcery") if t != "Land") \
            else "305.1"
        raise IllegalAction("stack.land_not_cast", rule=rule, card=c.name)
    _timing(game, caster, c)
    targets = _targets(game, action)
    target_spec = c.target
    if target_spec is None and "Aura" in c.subtypes:
        target_spec = Filter()
    ann = announce_action(
        game, action, card=c.name, kind="spell", source_id=obj.id, controller=caster, group=obj.uid,
        source_uid=obj.uid, modal=c.modal, target_spec=target_spec, effect=c.effect, has_x=x_in_cost(c.mana_cost),
        targets=targets, verb="cast",
        check=lambda spec, ts: _check_targets(game, c.name, False, spec, ts, caster, c, obj.uid),
        candidates=lambda spec: _candidates(game, spec, caster, c, obj.uid))
    targets = ann.targets
    payment = check_spell(game, obj, c, caster, action, ann.x or 0)
    passed = _passed(game, caster)
    response = bool(game.stack)
    on_stack = move(game, obj, Zone.STACK, controller=caster, lki=c)
    if ann.x:
        on_stack.spell_x = ann.x      # counted in its mana value while it is on the stack (202.3e)
        game.touch()
    sc = chars(game, on_stack)
    item = StackItem(uid=game.new_uid(), kind="spell", id=obj.id, source_name=c.name, controller=caster,
                     source_uid=on_stack.uid, object_uid=on_stack.uid, effect=list(sc.effect), targets=targets,
                     target_spec=target_spec, modes=ann.modes, x=ann.x, division=ann.division)
    on_stack.stack_item = item.uid
    game.stack.append(item)
    game.emit(GameEvent(EventKind.CAST, obj=on_stack.uid, player=caster, data={"targets": list(targets)}))
    note_targets(game, item)
    rules = ["601.2", "601.2a", "405.1"]
    if passed:
        rules.append("117.3d")
    if targets:
        rules.append("601.2c")
    if c.mana_cost:
        rules.append("601.2h")
    _on_stack(game, "cast", "stack.cast", caster, rules, obj.id, passed=passed, response=response, card=c.name,
              types=list(c.types), targets=_targets_data(game, targets), mana_cost=c.mana_cost or None)
    if payment.costs or payment.convoke:
        # Additional costs and convoke are paid as the spell is cast (601.2h, 702.51a).
        paid = pay_spell(payment)
        item.paid = list(payment.payer.paid)
        game.record("cast", "costs.spell_paid", "601.2h", *(["702.51a"] if payment.convoke else []),
                    objects=[obj.id, *(e for p in paid for e in p.get("objects", []))], card=c.name, player=caster,
                    paid=paid)
    ann.report(game, mana_value=sc.mana_value)


def _on_stack(game: Game, kind: str, code: str, who: str, rules: list[str], oid: str, **params: Any) -> None:
    """Report what was put on the stack (with the stack, top first); the player who cast or activated
    receives priority again (CR 117.3c)."""
    game.record(kind, code, *rules, "117.3c", objects=[oid], player=who, stack=stack_items(game), **params)
    _set_priority(game, who)


def _loyalty_used_this_turn(game: Game, uid: int) -> bool:
    return any(ev.kind == EventKind.ACTIVATE and ev.obj == uid and ev.data.get("loyalty") for ev in game.this_turn())


def activate_action(game: Game, action: dict[str, Any]) -> None:
    """``activate``: announce, check and pay the costs of an activated ability and put it on the stack
    (CR 602.2, 602.2b); {T}/{Q} abilities of creatures need no summoning sickness (302.6)."""
    if action["source"] not in game.ids:
        raise ScenarioProblem("stack.unknown_object", ("source",), id=action["source"])
    source = game.obj(action["source"])
    c = chars(game, source)
    abilities = c.activated()
    written = action.get("ability", 0)
    # The keyword the activated ability stands for, as the object has it (``crew_3``), for the narration.
    keyword_written = next((kw for kw in c.keywords if isinstance(written, str) and kw.startswith(f"{written}_")),
                           None)
    if isinstance(written, str):
        # An activated keyword named instead of an index (SCENARIO-FORMAT.md 2.8): crew, equip.
        keyword_body = keyword_ability(c, written)
        if keyword_body is None:
            raise ScenarioProblem("costs.no_keyword_ability", ("ability",), card=c.name, keyword=written)
    else:
        index = int(written)
        if index >= len(abilities):
            raise ScenarioProblem("stack.no_such_ability", ("ability",), card=c.name, index=index,
                                  count=len(abilities))
    if source.zone != Zone.BATTLEFIELD:
        raise IllegalAction("stack.ability_not_on_battlefield", rule="113.6", card=c.name)
    controller = c.controller or source.owner
    _can_act(game, controller, "activate", c.name)
    if game.stack:
        check_split_second(game, controller, "activate", c.name)
    body = keyword_body if isinstance(written, str) else abilities[index].spec.activated
    assert body is not None
    if body.timing == "sorcery":
        sorcery_timing(game, controller, c.name, body.keyword)
    costs = body.cost
    loyalty = [cst for cst in costs if cst.kind == "loyalty"]
    if loyalty:
        reasons = sorcery_timing_problems(game, controller)
        if _loyalty_used_this_turn(game, source.uid):
            reasons.append("loyalty_used")
        if reasons:
            raise IllegalAction("stack.loyalty_timing", rule="306.5d", card=c.name, active=game.active,
                                reasons=reasons)
    # Check every cost before paying any (CR 601.2h: a cost is paid in full or not at all).
    payer = Payer(game, source, c, controller, chosen=cost_choices(action))
    costs_check(payer, costs)
    targets = _targets(game, action)
    target_spec = body.target
    ann = announce_action(
        game, action, card=c.name, kind="activated", source_id=source.id, controller=controller, group=source.uid,
        source_uid=source.uid, modal=body.modal, target_spec=target_spec, effect=body.effect,
        has_x=any(cost.kind == "mana" and x_in_cost(cost.mana) for cost in costs), targets=targets, verb="activate",
        check=lambda spec, ts: _check_targets(game, c.name, True, spec, ts, controller, c, source.uid),
        candidates=lambda spec: _candidates(game, spec, controller, c, source.uid))
    targets = ann.targets
    passed = _passed(game, controller)
    response = bool(game.stack)
    paid = costs_pay(payer, costs)
    sacrificed = payer.sacrificed
    item = StackItem(uid=game.new_uid(), kind="activated", id=source.id, source_name=c.name, controller=controller,
                     source_uid=source.uid, effect=list(body.effect), targets=targets,
                     target_spec=target_spec, source_lki=c, modes=ann.modes, x=ann.x, division=ann.division,
                     paid=list(payer.paid))
    game.touch()
    if sacrificed:
        move(game, source, Zone.GRAVEYARD, lki=c)
        tag_move(game, source.uid, sacrificed=controller)
    game.stack.append(item)
    game.touch()
    game.emit(GameEvent(EventKind.ACTIVATE, obj=source.uid, player=controller, data={"loyalty": bool(loyalty)}))
    note_targets(game, item)
    rules = ["602.2", "602.2b", "405.1"]
    if passed:
        rules.append("117.3d")
    if targets:
        rules.append("601.2c")
    if any(cost.kind in ("tap", "untap") for cost in costs) and c.is_creature:
        rules.append("302.6")
    if loyalty:
        rules.append("306.5d")
    _on_stack(game, "activate", "stack.activate", controller, rules, source.id, passed=passed, response=response,
              card=c.name, targets=_targets_data(game, targets), paid=paid, sacrificed=sacrificed,
              keyword=keyword_written)
    ann.report(game)


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
    _set_priority(game, game.apnap()[0] if game.left else game.active)
    source_c = source_chars(game, item.source_uid, item.source_lki)
    illegal: list[tuple[Ref, dict[str, Any]]] = []
    # A modal spell's or ability's targets are checked against the selector of their own mode (700.2c).
    checks = [(m.target_spec, t, m.index) for m in item.modes for t in m.targets] if item.modes is not None \
        else [(item.target_spec, t, -1) for t in item.targets]
    mode_illegal: dict[int, list[Ref]] = {}
    for spec, t, index in checks:
        problem = _problem(game, spec, t, item.controller, source_c, item.source_uid)
        if problem is not None:
            illegal.append((t, problem))
            mode_illegal.setdefault(index, []).append(t)
    data = item_data(item)
    if item.targets and len(illegal) == len(item.targets):
        aura = item.kind == "spell" and source_c is not None and "Aura" in source_c.subtypes
        game.record("resolve", "stack.all_targets_illegal", "117.3d", "608.2b", *(["608.3"] if aura else []),
                    *dict.fromkeys(p["rule"] for _t, p in illegal), objects=[item.id], item=data,
                    problems=[p for _t, p in illegal], aura=aura)
        if item.kind == "spell" and item.object_uid is not None:
            obj = game.objects[item.object_uid]
            if obj.current and obj.zone == Zone.STACK:
                new = move(game, obj, Zone.GRAVEYARD)
                game.record("resolve", "stack.removed_to_graveyard", "608.2b", objects=[obj.id],
                            card=item.source_name, owner=obj.owner, **_elsewhere(new))
        return

    def partial() -> None:
        if illegal:
            game.record("resolve", "stack.some_targets_illegal", "608.2b", objects=[item.id], item=data,
                        illegal=[{"target": _ref_data(game, t), "problem": p} for t, p in illegal])

    ctx = EffectContext(controller=item.controller, source_uid=item.source_uid, source_name=item.source_name,
                        targets=list(item.targets if item.given_targets is None else item.given_targets),
                        trigger_object=item.trigger_object, source_lki=item.source_lki,
                        kind=item.kind, illegal_targets=[t for t, _p in illegal], x=item.x, division=item.division,
                        created=item.created, event_player=item.event_player,
                        event_amount=item.event_amount, trigger_spell=item.trigger_spell, paid=list(item.paid))
    if item.kind == "spell" and item.object_uid is not None:
        obj = game.objects[item.object_uid]
        if not obj.current or obj.zone != Zone.STACK:
            game.record("resolve", "stack.spell_gone", "400.7", objects=[item.id], card=item.source_name)
            return
        c = chars(game, obj)
        if any(t in c.types for t in PERMANENT_TYPES):
            new = move(game, obj, Zone.BATTLEFIELD, controller=item.controller, lki=c)
            new.spell_x = item.x        # for its enters abilities only (107.3m)
            rules = ["117.3d", "608.3"]
            host_data = None
            if "Aura" in c.subtypes and ctx.legal_targets():
                host = ctx.legal_targets()[0]
                if isinstance(host, int):
                    new.attached_to = host
                    game.touch()
                    host_data = _ref_data(game, host)
                    rules.append("303.4a")
            game.record("resolve", "stack.permanent_resolves", *rules, "117.3b", objects=[obj.id], card=c.name,
                        controller=item.controller, timestamp=new.timestamp, host=host_data)
            carried = carried_effects(game, new)
            if carried:
                game.record("resolve", "stack.spell_effects_continue", "400.7a", "611.2c", objects=[obj.id],
                            card=c.name, sources=[e.source_name for e in carried])
            update_combat(game)         # its static abilities and what carried over apply from now on (506.4)
            return
        game.record("resolve", "stack.spell_resolves", "117.3d", "608.2", "608.2c", objects=[obj.id], card=c.name)
        partial()
        ctx.source_uid = obj.uid
        _carry_out(game, item, ctx, mode_illegal)
        if obj.current and obj.zone == Zone.STACK:
            new = move(game, obj, Zone.GRAVEYARD)
            game.record("resolve", "stack.spell_to_graveyard", "608.2n", "117.3b", objects=[obj.id], card=c.name,
                        owner=obj.owner, **_elsewhere(new))
        return
    source_left = False
    if item.kind == "triggered" and item.source_uid is not None:
        src = game.objects.get(item.source_uid)
        source_left = src is not None and (not src.current or src.zone != Zone.BATTLEFIELD)
    used: str | None = None
    if item.optional:
        decision = game.chooser.choose(UseOptional(item.id, item.controller, group=item.uid))
        if not decision.value:
            game.record("resolve", "stack.optional_declined", "117.3d", "603.5", objects=[item.id], item=data,
                        controller=item.controller, given=decision.given)
            return
        used = "given" if decision.given else "default"
    game.record("resolve", "stack.ability_resolves", "117.3d", "608.2", "608.2c", *(["603.5"] if used else []),
                objects=[item.id], item=data, source_left=source_left, optional=used, controller=item.controller)
    partial()
    _carry_out(game, item, ctx, mode_illegal)


def _elsewhere(new: GameObject) -> dict[str, Any]:
    """``instead``: the zone a spell put into its owner's graveyard went to instead (a replacement effect, 2.3)."""
    return {} if new.zone == Zone.GRAVEYARD else {"instead": str(new.zone)}


def _carry_out(game: Game, item: StackItem, ctx: EffectContext, mode_illegal: dict[int, list[Ref]]) -> None:
    """The instructions of a resolving spell or ability; of a modal one, the chosen modes in written order
    (608.2c), each with its own targets, those illegal now left alone (608.2b)."""
    if item.modes is None:
        apply_effects(game, item.effect, ctx)
        return
    game.record("resolve", "modes.modes_carried_out", "608.2c", objects=[item.id], item=item_data(item),
                modes=[m.index for m in item.modes],
                illegal=[m.index for m in item.modes if m.targets and len(mode_illegal.get(m.index, [])) ==
                         len(m.targets)])
    for mode in item.modes:
        mine = replace(ctx, targets=list(mode.targets), illegal_targets=list(mode_illegal.get(mode.index, [])))
        apply_effects(game, mode.effect, mine)


def effect_context_for(game: Game, item: StackItem) -> EffectContext:
    return EffectContext(controller=item.controller, source_uid=item.source_uid, source_name=item.source_name,
                         targets=list(item.targets), trigger_object=item.trigger_object, source_lki=item.source_lki,
                         kind=item.kind, x=item.x, division=item.division, created=item.created,
                         event_player=item.event_player, event_amount=item.event_amount,
                         trigger_spell=item.trigger_spell, paid=list(item.paid))


__all__ = ["activate_action", "cast_action", "effect_context_for", "game_over", "item_data",
           "push_triggered", "resolve_top", "selector_context", "stack_items",
           "target_problem_data"]
