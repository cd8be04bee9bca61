"""What the triggered keyword abilities do (CR 702.108a, 702.83a, 702.25a, 702.45a, 702.91a, 702.130a, 702.86a,
702.21a): the core-only verb ``keyword_effect``, registered in :data:`judgekit.engine.effects.CORE_VERBS`. Which
events trigger them is in :mod:`judgekit.engine.keywords`."""

from __future__ import annotations

from judgekit.engine.choices import UseOptional
from judgekit.engine.effects import (
    CORE_VERBS,
    EffectContext,
    counter_item,
    create_continuous_effect,
    lose_life,
    verb_sacrifice,
)
from judgekit.engine.errors import IllegalAction
from judgekit.engine.keywords import VERB, KeywordParam, defending_player
from judgekit.engine.specs import PT, EffectEntry, Filter
from judgekit.engine.state import Game, Ref, StackItem
from judgekit.engine.vocab import Zone, keyword_rule


def _pump(game: Game, ctx: EffectContext, refs: list[Ref], power: int, toughness: int) -> None:
    entry = EffectEntry(ops={"modify_pt": PT(power, toughness)}, duration="end_of_turn")
    create_continuous_effect(game, ctx, entry, refs)


def _attacker(ctx: EffectContext) -> int | None:
    return ctx.trigger_object if ctx.trigger_object is not None else ctx.source_uid


def verb_keyword(game: Game, ctx: EffectContext, entry: EffectEntry, refs: list[Ref]) -> None:
    """The effect of a keyword's triggered ability (CR 702.108a, 702.83a, 702.25a, 702.45a, 702.91a, 702.130a,
    702.86a, 702.21a)."""
    p: KeywordParam = entry.param
    base = p.base
    rule = keyword_rule(p.keyword)
    if base == "prowess" or base == "bushido":
        n = 1 if base == "prowess" else p.n
        if ctx.source_uid is not None and _on_battlefield(game, ctx.source_uid):
            _pump(game, ctx, [ctx.source_uid], n, n)
    elif base == "exalted":
        if ctx.trigger_object is not None and _on_battlefield(game, ctx.trigger_object):
            _pump(game, ctx, [ctx.trigger_object], 1, 1)
    elif base == "flanking":
        if ctx.trigger_object is not None and _on_battlefield(game, ctx.trigger_object):
            _pump(game, ctx, [ctx.trigger_object], -1, -1)
    elif base == "battle_cry":
        combat = game.combat
        others = [u for u in (combat.attackers if combat is not None else {}) if u != ctx.source_uid
                  and _on_battlefield(game, u)]
        if others:
            _pump(game, ctx, list(others), 1, 0)
        else:
            game.record("effect", "keywords.nothing_to_do", rule, keyword=p.keyword, source=ctx.source_name)
    elif base in ("afflict", "annihilator"):
        player = defending_player(game, _attacker(ctx))
        if player is None:
            game.record("effect", "keywords.no_defending_player", rule, "508.5", keyword=p.keyword,
                        source=ctx.source_name)
        elif base == "afflict":
            lose_life(game, player, p.n, ctx.source_name)
        else:
            sac = EffectEntry(verb="sacrifice", param=Filter(), count=p.n, to=player)
            verb_sacrifice(game, ctx, sac, [player])
    elif base in ("ward", "ward_life"):
        _ward(game, ctx, p)


def _on_battlefield(game: Game, uid: int) -> bool:
    obj = game.objects.get(uid)
    return obj is not None and obj.current and obj.zone == Zone.BATTLEFIELD


def _ward(game: Game, ctx: EffectContext, p: KeywordParam) -> None:
    """CR 702.21a: counter the spell or ability unless its controller pays {N} (mana is not tracked: paying it
    is only said) or N life (119.4: not with less than N life; paying life is a life loss, 119.3)."""
    item: StackItem | None = next((i for i in game.stack if i.uid == p.item), None)
    if item is None:
        game.record("effect", "keywords.ward_gone", "702.21a", source=ctx.source_name, keyword=p.keyword)
        return
    payer = item.controller
    warded = game.objects[ctx.source_uid].id if ctx.source_uid is not None else ctx.source_name
    life = p.base == "ward_life"
    decision = game.chooser.choose(UseOptional(warded, payer, group=p.group, default_value=False))
    pays = bool(decision.value)
    if pays and life and game.player(payer).life < p.n:
        raise IllegalAction("keywords.ward_cant_pay_life", rule="119.4", key=decision.key, player=payer, amount=p.n,
                            life=game.player(payer).life, source=ctx.source_name)
    if pays:
        game.record("effect", "keywords.ward_paid", "702.21a", *(["119.4"] if life else []), objects=[item.id],
                    player=payer, amount=p.n, life=life, item=item.source_name, source=ctx.source_name,
                    given=decision.given)
        if life:
            lose_life(game, payer, p.n, ctx.source_name)
        return
    game.record("effect", "keywords.ward_not_paid", "702.21a", objects=[item.id], player=payer, amount=p.n,
                life=life, item=item.source_name, source=ctx.source_name, given=decision.given,
                can_pay=not life or game.player(payer).life >= p.n)
    counter_item(game, item, by=ctx.source_name)


CORE_VERBS[VERB] = verb_keyword
