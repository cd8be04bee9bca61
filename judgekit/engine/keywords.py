"""Keyword abilities of SCENARIO-FORMAT.md 2.7 (CR 702): the triggered ones, ward, toxic, split second.

Triggered keywords are abilities of the keyword itself (CR 702.1, 603): prowess (702.108a), exalted (702.83a),
flanking (702.25a), bushido (702.45a), battle cry (702.91a), afflict (702.130a), annihilator (702.86a) and
ward (702.21a). :func:`triggered_keywords` says which an object has, :func:`keyword_triggers` which of them an
event triggers (and about which object), :func:`keyword_ability` builds the ability put on the stack; what it does
is the core-only verb ``keyword_effect`` (:mod:`judgekit.engine.keyword_effects`), registered in
:data:`judgekit.engine.effects.CORE_VERBS`.

Static keywords: toxic adds poison counters to combat damage dealt to a player (702.164c,
:func:`toxic_poison`); split second stops spells and non-mana abilities (702.61a, :func:`check_split_second`).
Flash is a timing permission (702.8a, in :mod:`judgekit.engine.stack`); changeling (702.73a) and devoid
(702.114a) are characteristic-defining abilities applied in :mod:`judgekit.engine.layers`.

Keywords with a number are written ``<name>_<N>`` (:data:`judgekit.engine.vocab.PARAM_KEYWORD_RE`); the total of
one keyword is the sum of its instances (toxic, 702.164b).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judgekit.engine.characteristics import chars
from judgekit.engine.errors import IllegalAction
from judgekit.engine.specs import AbilitySpec, EffectEntry, TriggerSpec
from judgekit.engine.state import Ability, Computed, EventKind, Game, GameEvent, Ref, StackItem
from judgekit.engine.vocab import PARAM_KEYWORD_RE

# The keywords that are triggered abilities (bare names; the numbered ones without their number).
TRIGGERED = frozenset({"prowess", "exalted", "flanking", "battle_cry", "bushido", "afflict", "annihilator", "ward",
                       "ward_life"})

# The event kind each triggered keyword waits for.
_KINDS: dict[str, tuple[EventKind, ...]] = {
    "prowess": (EventKind.CAST,), "exalted": (EventKind.ATTACKS,), "battle_cry": (EventKind.ATTACKS,),
    "annihilator": (EventKind.ATTACKS,), "flanking": (EventKind.BECOMES_BLOCKED,),
    "afflict": (EventKind.BECOMES_BLOCKED,), "bushido": (EventKind.BLOCKS, EventKind.BECOMES_BLOCKED),
    "ward": (EventKind.BECOMES_TARGET,), "ward_life": (EventKind.BECOMES_TARGET,),
}

VERB = "keyword_effect"


@dataclass(frozen=True)
class KeywordParam:
    """What a keyword's triggered ability does: the ``keyword`` as written (``bushido_2``), its ``base`` name,
    its number ``n`` (0 without one) and, for ward, the stack object it counters (``item``, a stack item's uid)
    and the decision group of the payment (``group``)."""

    keyword: str
    base: str
    n: int = 0
    item: int | None = None
    group: int = 0


_SPLIT: dict[str, tuple[str, int]] = {}


def split(keyword: str) -> tuple[str, int]:
    """``bushido_2`` -> (``bushido``, 2); ``prowess`` -> (``prowess``, 0). Remembered: it is asked for every
    keyword of every object that could trigger."""
    found = _SPLIT.get(keyword)
    if found is None:
        m = PARAM_KEYWORD_RE.match(keyword)
        found = (m.group(1), int(m.group(2))) if m else (keyword, 0)
        if len(_SPLIT) < 4096:
            _SPLIT[keyword] = found
    return found


def total(c: Computed, base: str) -> int:
    """The sum of the numbers of an object's instances of a numbered keyword (CR 702.164b: total toxic)."""
    out = 0
    for k in c.keywords:
        name, n = split(k)
        if name == base:
            out += n
    return out


def triggered_keywords(c: Computed) -> list[str]:
    """The keywords of ``c`` that are triggered abilities, as written."""
    return [k for k in c.keywords if split(k)[0] in TRIGGERED]


# ------------------------------------------------------------------------------------------------------
# Which events trigger them


def _view(game: Game, uid: int | None, table: dict[int, Computed]) -> Computed | None:
    if uid is None:
        return None
    obj = game.objects.get(uid)
    if obj is None:
        return None
    return table.get(uid) if obj.current else obj.lki


def keyword_triggers(game: Game, ev: GameEvent, keyword: str, source: Computed,
                     table: dict[int, Computed]) -> list[int | None]:
    """The triggers ``ev`` makes ``keyword`` of ``source`` trigger: one entry per trigger, its trigger object."""
    base, _n = split(keyword)
    if ev.kind not in _KINDS[base]:
        return []
    if base == "prowess":
        # CR 702.108a: whenever you cast a noncreature spell.
        spell = _view(game, ev.obj, table)
        if ev.player != source.controller or spell is None or spell.is_creature:
            return []
        return [None]
    if base == "exalted":
        # CR 702.83a-b: a creature its controller controls attacks alone.
        attacker = _view(game, ev.obj, table)
        if not ev.data.get("alone") or attacker is None or attacker.controller != source.controller:
            return []
        return [ev.obj]
    if ev.kind in (EventKind.BECOMES_TARGET,):
        # CR 702.21a: it becomes the target of a spell or ability an opponent controls.
        by = ev.data.get("controller")
        if ev.obj != source.uid or by is None or by == source.controller:
            return []
        return [ev.obj]
    if ev.obj != source.uid:
        return []
    if base == "flanking":
        # CR 702.25a-b: one trigger for each blocking creature without flanking.
        out: list[int | None] = []
        for blocker in ev.data.get("blockers", []):
            view = _view(game, blocker, table)
            if view is not None and not view.has("flanking"):
                out.append(blocker)
        return out
    return [ev.obj]


def keyword_ability(game: Game, keyword: str, ev: GameEvent) -> Ability:
    """The triggered ability of ``keyword``, as it triggered on ``ev``."""
    base, n = split(keyword)
    item = ev.data.get("item") if base in ("ward", "ward_life") else None
    param = KeywordParam(keyword, base, n, item, game.new_uid() if item is not None else 0)
    spec = AbilitySpec("trigger", trigger=TriggerSpec(
        _KINDS[base][0].value, "self", keyword=keyword, effect=(EffectEntry(verb=VERB, param=param),)))
    return Ability("trigger", spec, "keyword", None, f"kw:{keyword}")


# ------------------------------------------------------------------------------------------------------
# The defending player


def attacked_by(game: Game, attacker: int) -> Ref | None:
    """What ``attacker`` attacks, or attacked before it was removed from combat (CR 506.4)."""
    combat = game.combat
    if combat is not None and attacker in combat.attackers:
        return combat.attackers[attacker]
    for ev in reversed(game.this_turn()):
        if ev.kind == EventKind.ATTACKS and ev.obj == attacker:
            target = ev.data.get("target")
            return target if isinstance(target, (int, str)) else None
    return None


def defending_player(game: Game, creature: int | None) -> str | None:
    """CR 508.5, 802.2a: the player ``creature`` attacks, or the controller of the planeswalker or battle it
    attacks; without one, the only defending player of the combat, if there is exactly one."""
    if creature is not None:
        attacked = attacked_by(game, creature)
        if isinstance(attacked, str):
            return attacked
        if isinstance(attacked, int):
            obj = game.objects.get(attacked)
            if obj is not None:
                return obj.controller or obj.owner
    combat = game.combat
    if combat is None or not combat.attackers:
        return None
    defenders: set[str] = set()
    for target in combat.attackers.values():
        if isinstance(target, str):
            defenders.add(target)
        else:
            obj = game.objects.get(target)
            if obj is not None:
                defenders.add(obj.controller or obj.owner)
    return next(iter(defenders)) if len(defenders) == 1 else None




# ------------------------------------------------------------------------------------------------------
# Static keywords


def toxic_poison(game: Game, source: Computed, player: str, put: Any) -> None:
    """CR 702.164c: combat damage dealt to a player by a creature with toxic also gives that player poison
    counters equal to the creature's total toxic value (``put`` proposes the counters to replacement effects
    and returns how many are put)."""
    n = total(source, "toxic")
    if n <= 0:
        return
    n = put(GameEvent(EventKind.COUNTERS, player=player, amount=n, data={"kind": "poison"}))
    if n <= 0:
        return
    p = game.player(player)
    p.poison += n
    game.record("damage", "keywords.toxic", "702.164c", "122.1f", source=source.name, player=player, amount=n,
                poison=p.poison)


def check_split_second(game: Game, who: str, action: str, card: str) -> None:
    """CR 702.61a: while a spell with split second is on the stack, players can't cast spells or activate
    abilities that aren't mana abilities."""
    for item in game.stack:
        if item.kind != "spell" or item.object_uid is None:
            continue
        c = chars(game, game.objects[item.object_uid])
        if c.has("split_second"):
            raise IllegalAction("keywords.split_second", rule="702.61a", player=who, action=action, card=card,
                                spell=c.name)


def note_targets(game: Game, item: StackItem) -> None:
    """Each target of a spell or ability put on the stack becomes its target (CR 115.1, 601.2c): the event
    ward waits for (702.21a)."""
    spell = item.object_uid if item.kind == "spell" and item.object_uid is not None else item.uid
    for t in dict.fromkeys(item.targets):
        game.emit(GameEvent(EventKind.BECOMES_TARGET, obj=t if isinstance(t, int) else None,
                            player=t if isinstance(t, str) else None, source=item.source_uid,
                            data={"item": item.uid, "spell": spell, "controller": item.controller}))
