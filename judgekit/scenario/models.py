"""Pydantic models of scenario files and card files (SCENARIO-FORMAT.md, version 1).

Every model is a :class:`~judgekit.validation.StrictModel` (unknown keys are errors). Values naming a game
term are normalised to their canonical English value (Italian aliases accepted, see
:mod:`judgekit.scenario.terms`). Ability kinds and actions are discriminated unions chosen by their key.
The engine receives the validated data as plain dicts (``model_dump(exclude_none=True)``); ``expect`` is
dumped with ``exclude_unset=True`` instead, so that a field given as null is compared (not dropped).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    ModelWrapValidatorHandler,
    PrivateAttr,
    SerializerFunctionWrapHandler,
    Tag,
    ValidationInfo,
    field_validator,
    model_serializer,
    model_validator,
)

from judgekit.engine import vocab
from judgekit.engine.effects import CORE_ONLY_VERBS
from judgekit.engine.operations import OPERATIONS
from judgekit.engine.replacement import DAMAGE_EVENTS, DESTINATIONS, EVENT_MODIFIERS
from judgekit.engine.specdata import RULE_OPS
from judgekit.engine.triggers import TRIGGER_EVENTS
from judgekit.engine.verbs import VERBS as ENGINE_VERBS
from judgekit.scenario import limits
from judgekit.scenario.terms import require
from judgekit.validation import StrictModel


def _as_list(value: Any) -> Any:
    """A single value where a list is expected is taken as a list of one."""
    if value is None or isinstance(value, list):
        return value
    return [value]


def _term(category: str) -> Any:
    return AfterValidator(lambda v: v if v == "chosen" else require(v, category))


CardTypeName = Annotated[str, _term("type")]
SupertypeName = Annotated[str, _term("supertype")]
ColorName = Annotated[str, _term("color")]
KeywordName = Annotated[str, _term("keyword")]
StepName = Annotated[str, _term("step")]
def _zone(value: str) -> str:
    """A zone name; the command zone is refused saying that version 2 does not model it (limits.py)."""
    said = limits.zone_message(value)
    if said:
        raise ValueError(said)
    return require(value, "zone")


ZoneName = Annotated[str, AfterValidator(_zone)]


def _subtype(value: str) -> str:
    from judgekit.scenario.terms import canonical

    if value == "chosen":
        return value
    found = canonical(value, "subtype")
    if found is not None:
        return found
    # Unknown subtypes are kept as written (checked against the object's types by ObjectFields).
    return value.strip()


SubtypeName = Annotated[str, AfterValidator(_subtype)]
TypeList = Annotated[list[CardTypeName], BeforeValidator(_as_list)]
SupertypeList = Annotated[list[SupertypeName], BeforeValidator(_as_list)]
SubtypeList = Annotated[list[SubtypeName], BeforeValidator(_as_list)]
ColorList = Annotated[list[ColorName], BeforeValidator(_as_list)]
KeywordList = Annotated[list[KeywordName], BeforeValidator(_as_list)]
IdList = Annotated[list[str], BeforeValidator(_as_list)]

MANA_COST_RE = re.compile(r"^(\{(\d+|[WUBRGCXS]|[WUBRG]/[WUBRG]|2/[WUBRG]|[WUBRG]/P)\})*$")


def _mana_cost(value: str) -> str:
    text = value.replace(" ", "").upper()
    if not MANA_COST_RE.match(text):
        raise ValueError(f"costo di mana non valido «{value}»: usa simboli come {{2}}{{W}}{{U/B}}{{G/P}}")
    return text


ManaCost = Annotated[str, AfterValidator(_mana_cost)]


def _mana_symbol(value: str) -> str:
    text = str(value).strip().strip("{}").upper()
    if text not in vocab.MANA_SYMBOLS:
        raise ValueError(f"simbolo di mana non ammesso «{value}»: ammessi W U B R G C")
    return text


ManaSymbol = Annotated[str, AfterValidator(_mana_symbol)]


def _counters(value: dict[str, int]) -> dict[str, int]:
    from judgekit.scenario.terms import canonical

    out: dict[str, int] = {}
    for kind, n in value.items():
        if n < 0:
            raise ValueError(f"il numero di segnalini «{kind}» non può essere negativo")
        key = canonical(kind, "counter") or str(kind)
        out[key] = out.get(key, 0) + n
    return out


Counters = Annotated[dict[str, int], AfterValidator(_counters)]


def _rule_number(value: Any) -> Any:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return value


RuleNumber = Annotated[str, BeforeValidator(_rule_number), Field(pattern=r"^\d{3}(\.\d+[a-z]?)?$")]


# --------------------------------------------------------------------------------------------------------
# Selectors and values


def _type_tag(value: Any) -> str | None:
    """Which branch of a union a YAML value belongs to, by its type (one clear error per value)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return "_int"
    if isinstance(value, str):
        return "_str"
    if isinstance(value, (dict, BaseModel)):
        return "_dict"
    if isinstance(value, list):
        return "_list"
    return None


class SelectorFilter(StrictModel):
    """A filter selector: every key must hold (SCENARIO-FORMAT.md "Selectors")."""

    types: TypeList | None = None
    not_types: TypeList | None = None
    subtypes: SubtypeList | None = None
    not_subtypes: SubtypeList | None = None
    supertypes: SupertypeList | None = None
    not_supertypes: SupertypeList | None = None
    colors: ColorList | None = None
    not_colors: ColorList | None = None
    controller: str | None = None
    owner: str | None = None
    other: bool | None = None
    token: bool | None = None
    keywords: KeywordList | None = None
    zone: ZoneName | None = None
    any: list[SelectorFilter] | None = None
    player: bool | None = None
    # SCENARIO-FORMAT.md 2.6: with ``zone: library``, only the top N cards of each library.
    top: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _top_only_in_libraries(self) -> SelectorFilter:
        if self.top is not None and self.zone != "library":
            raise ValueError("«top» vale solo con «zone: library»: sceglie le prime carte di ogni grimorio")
        return self

    @model_validator(mode="after")
    def _player_only_with_controller(self) -> SelectorFilter:
        if self.player:
            others = [k for k in self.model_fields_set if k not in ("player", "controller") and
                      getattr(self, k) is not None]
            if others:
                raise ValueError(f"«player: true» si combina solo con «controller», non con {', '.join(others)}")
        return self


Selector = Annotated[
    Annotated[SelectorFilter, Tag("_dict")] | Annotated[list[str], Tag("_list")],
    Discriminator(_type_tag, custom_error_type="selector_kind",
                  custom_error_message="un selettore è una mappa di filtri (types, controller, ...) o una lista di id"),
]
def _ref_tag(value: Any) -> str | None:
    """Like :func:`_type_tag`, with ``{controller_of: REF}`` / ``{owner_of: REF}`` as a REF of their own."""
    if isinstance(value, dict) and ("controller_of" in value or "owner_of" in value):
        return "_ref"
    if isinstance(value, PlayerOfRef):
        return "_ref"
    return _type_tag(value)


class PlayerOfRef(StrictModel):
    """A player REF (SCENARIO-FORMAT.md 2.7 References): the controller or the owner of what a REF names."""

    controller_of: WordOrSelector | None = None
    owner_of: WordOrSelector | None = None

    @model_validator(mode="after")
    def _one(self) -> PlayerOfRef:
        if (self.controller_of is None) == (self.owner_of is None):
            raise ValueError("scrivi una sola tra «controller_of» e «owner_of»")
        return self


# Where a word is also allowed (``self``, ``enchanted``, ``equipped``, an id, ``target``...), and a player REF.
WordOrSelector = Annotated[
    Annotated[str, Tag("_str")] | Annotated[SelectorFilter, Tag("_dict")] | Annotated[list[str], Tag("_list")]
    | Annotated[PlayerOfRef, Tag("_ref")],
    Discriminator(_ref_tag, custom_error_type="selector_kind",
                  custom_error_message="atteso self, enchanted, equipped, un id, una mappa di filtri, una lista "
                                       "di id o {controller_of: ...}"),
]
PlayerOfRef.model_rebuild()


VALUE_BASES = ("count", "card_types_in_graveyards", "hand_size", "life", "power_of", "toughness_of",
               "mana_value_of", "counters_on")


class _ValueBase(StrictModel):
    """The base keys of a VALUE in dict form: exactly one of them is given. ``hand_size``, ``life``,
    ``power_of``, ``toughness_of``, ``mana_value_of`` and ``counters_on`` take any REF (SCENARIO-FORMAT.md 2.7);
    ``kind`` goes with ``counters_on``."""

    count: Selector | None = None
    card_types_in_graveyards: bool | None = None
    hand_size: WordOrSelector | None = None
    life: WordOrSelector | None = None
    power_of: WordOrSelector | None = None
    toughness_of: WordOrSelector | None = None
    mana_value_of: WordOrSelector | None = None
    counters_on: WordOrSelector | None = None
    kind: str | None = None

    def _require_one_base(self, what: str, bases: tuple[str, ...] = VALUE_BASES) -> None:
        if len([k for k in bases if getattr(self, k, None) not in (None, False)]) != 1:
            raise ValueError(f"{what} deve avere esattamente una tra {', '.join(bases)}")


# ``{x: true, times: 2}``: the value of X of the spell or ability (SCENARIO-FORMAT.md 2.2), in dict form.
EXPR_BASES = (*VALUE_BASES, "x")


class ValueExpr(_ValueBase):
    """A VALUE expression in dict form: one base key, plus ``times``, ``plus``, ``negate``."""

    x: bool | None = None
    times: int | None = None
    plus: int | None = None
    negate: bool | None = None

    @model_validator(mode="after")
    def _one_base(self) -> ValueExpr:
        self._require_one_base("un valore", EXPR_BASES)
        if self.kind is not None and self.counters_on is None:
            raise ValueError("«kind» va solo con «counters_on»")
        if self.kind is not None:
            from judgekit.scenario.terms import canonical

            self.kind = canonical(self.kind, "counter") or self.kind
        return self


VALUE_WORDS = ("mana_value", "x", "event_amount", "excess_damage")


def _value_literal(value: Any) -> Any:
    if isinstance(value, str) and value.strip() not in VALUE_WORDS:
        raise ValueError(f"valore non riconosciuto «{value}»: usa un numero, mana_value, x, event_amount, "
                         "excess_damage o una mappa come {count: ...}")
    return value.strip() if isinstance(value, str) else value


Value = Annotated[
    Annotated[int, Tag("_int")]
    | Annotated[Literal["mana_value", "x", "event_amount", "excess_damage"], BeforeValidator(_value_literal),
                Tag("_str")]
    | Annotated[ValueExpr, Tag("_dict")],
    Discriminator(_type_tag, custom_error_type="value_kind",
                  custom_error_message="un valore è un numero intero, mana_value, x o una mappa come {count: ...}"),
]


def _not_negative(value: int) -> int:
    if value < 0:
        raise ValueError(f"una quantità scritta come numero non può essere negativa ({value}): usa 0 o un numero "
                         "positivo")
    return value


def _not_negative_number(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        return _not_negative(value)
    return value


# An amount of a one-shot verb (damage, life, cards): a literal number is never negative; an expression
# that comes out negative counts as zero when the effect happens (CR 107.1b).
Amount = Annotated[
    Annotated[int, AfterValidator(_not_negative), Tag("_int")]
    | Annotated[Literal["mana_value", "x", "event_amount", "excess_damage"], BeforeValidator(_value_literal),
                Tag("_str")]
    | Annotated[ValueExpr, Tag("_dict")],
    Discriminator(_type_tag, custom_error_type="value_kind",
                  custom_error_message="un valore è un numero intero, mana_value, x o una mappa come {count: ...}"),
]


def _counter_amounts(value: dict[str, Any]) -> dict[str, Any]:
    """The counts of ``add_counters`` / ``remove_counters``: each a VALUE (SCENARIO-FORMAT.md 2.7), kinds in
    their canonical spelling."""
    from judgekit.scenario.terms import canonical

    out: dict[str, Any] = {}
    for kind, n in value.items():
        key = canonical(kind, "counter") or str(kind)
        if isinstance(out.get(key), int) and isinstance(n, int):
            n = out[key] + n
        out[key] = n
    return out


CounterAmounts = Annotated[dict[str, Amount], AfterValidator(_counter_amounts)]


class PT(StrictModel):
    power: Value
    toughness: Value


def _pt_pair(value: Any) -> Any:
    if isinstance(value, list):
        if len(value) != 2:
            raise ValueError("servono due valori: [forza, costituzione]")
        return {"power": value[0], "toughness": value[1]}
    return value


PTValue = Annotated[PT, BeforeValidator(_pt_pair)]


class Condition(_ValueBase):
    """A condition of a static ability: a VALUE compared with ``at_least``/``at_most``/``equals``."""

    at_least: int | None = None
    at_most: int | None = None
    equals: int | None = None

    @model_validator(mode="after")
    def _shape(self) -> Condition:
        self._require_one_base("una condizione")
        if self.at_least is None and self.at_most is None and self.equals is None:
            raise ValueError("una condizione richiede at_least, at_most o equals")
        return self


class TextChange(StrictModel):
    from_: str = Field(alias="from")
    to: str

    @field_validator("from_", "to")
    @classmethod
    def _word(cls, value: str) -> str:
        from judgekit.scenario.terms import canonical

        found = canonical(value, "color")
        if found is None:
            found = canonical(value, "subtype")
            if found is None or found not in vocab.LAND_TYPES:
                raise ValueError(f"«{value}» non è una parola di colore né un tipo di terra (CR 612.2)")
        return found


# --------------------------------------------------------------------------------------------------------
# Operations (the layer table), abilities, one-shot effects


def _control_player(value: str | None) -> str | None:
    """``control``: ``you`` (the controller of the effect's source) or a player's name, never ``opponent``."""
    if value == "opponent":
        raise ValueError("«control» prende «you» (il controllore della fonte dell'effetto) o il nome di un "
                         "giocatore, non «opponent»")
    return value


# Operation name -> its layer ("1a" ... "7d"), from the rules core's one table.
OPERATION_LAYERS: dict[str, str] = {name: layer.value for name, layer in OPERATIONS.items()}


class Operations(StrictModel):
    """The operations of a continuous effect (SCENARIO-FORMAT.md, layer table).

    The keys keep the order they were written in when dumped (fields not written follow, in field order):
    within one effect, the parts that apply in the same layer apply in the order the text gives them
    ("loses all abilities and gains flying" is not "gains flying and loses all abilities")."""

    _written: tuple[str, ...] = PrivateAttr(default=())

    copy_of: str | None = None
    except_: CopyExcept | None = Field(default=None, alias="except")
    control: str | None = None
    text_change: TextChange | None = None
    add_types: TypeList | None = None
    remove_types: TypeList | None = None
    set_types: TypeList | None = None
    add_subtypes: SubtypeList | None = None
    set_subtypes: SubtypeList | None = None
    add_supertypes: SupertypeList | None = None
    remove_supertypes: SupertypeList | None = None
    all_creature_types: bool | None = None
    set_land_types: SubtypeList | None = None
    set_colors: ColorList | None = None
    add_colors: ColorList | None = None
    add_keywords: KeywordList | None = None
    remove_keywords: KeywordList | None = None
    add_abilities: list[AbilitySpec] | None = None
    remove_all_abilities: bool | None = None
    cda: PTValue | None = None
    set_pt: PTValue | None = None
    modify_pt: PTValue | None = None
    switch_pt: bool | None = None
    # Not layer operations: rules of the game changed for the damage of the sources picked (CR 615.12), for
    # the players picked (119.7, 119.8).
    damage_cannot_be_prevented: bool | None = None
    cant_gain_life: bool | None = None
    cant_lose_life: bool | None = None
    # Restrictions and requirements of the combat declarations (CR 508.1c-d, 509.1b-c), the choice of 510.1c's
    # "as though it weren't blocked", and hexproof and protection on players (702.11c, 702.16b): after all
    # layers (613.10, 613.11; SCENARIO-FORMAT.md 2.7 Operations).
    cant_block: bool | None = None
    cant_attack: bool | None = None
    must_attack: bool | None = None
    must_block: bool | None = None
    cant_be_blocked: bool | SelectorFilter | None = None
    cant_be_blocked_except_by: SelectorFilter | None = None
    must_be_blocked_by_all: bool | None = None
    blocked_only_by_at_least: Annotated[int, Field(ge=1)] | None = None
    cant_attack_alone: bool | None = None
    cant_block_alone: bool | None = None
    assign_damage_as_unblocked: bool | None = None
    player_hexproof: bool | None = None
    player_protection_from: str | None = None

    @field_validator("player_protection_from")
    @classmethod
    def _protection_quality(cls, value: str | None) -> str | None:
        if value is None:
            return None
        from judgekit.scenario.terms import canonical

        found = canonical(value, "color") or {"creatures": "creatures", "everything": "everything"}.get(value)
        if found is None:
            raise ValueError(f"«{value}» non è una qualità di protezione: un colore, «creatures» o «everything» "
                             "(CR 702.16a)")
        return found
    # CR 402.2: the players picked have no maximum hand size (SCENARIO-FORMAT.md 2.5, 2.7).
    no_max_hand_size: bool | None = None

    @field_validator("set_land_types")
    @classmethod
    def _land_types(cls, value: list[str] | None) -> list[str] | None:
        for v in value or []:
            if v not in vocab.LAND_TYPES:
                raise ValueError(f"«{v}» non è un tipo di terra (CR 205.3i)")
        return value

    @field_validator("control")
    @classmethod
    def _control(cls, value: str | None) -> str | None:
        return _control_player(value)

    def operation_names(self) -> list[str]:
        return [name for name in (*OPERATION_LAYERS, *RULE_OPS) if getattr(self, "except_" if name == "except"
                                                                              else name) not in (None, False)]

    @model_validator(mode="wrap")
    @classmethod
    def _remember_order(cls, data: Any, handler: ModelWrapValidatorHandler[Operations]) -> Operations:
        model = handler(data)
        if isinstance(data, dict):
            model._written = tuple(str(k) for k in data)
        elif isinstance(data, Operations):
            model._written = data._written
        return model

    @model_serializer(mode="wrap")
    def _in_written_order(self, handler: SerializerFunctionWrapHandler) -> Any:
        out = handler(self)
        if not isinstance(out, dict) or not self._written:
            return out
        rank: dict[str, int] = {}
        for i, key in enumerate(self._written):
            rank.setdefault(key, i)
        for name, info in type(self).model_fields.items():
            if info.alias in rank:
                rank.setdefault(name, rank[info.alias])
        last = len(self._written)
        return {k: out[k] for k in sorted(out, key=lambda k: rank.get(k, last))}

    @model_validator(mode="after")
    def _except_needs_copy(self) -> Operations:
        if self.except_ is not None and self.copy_of is None:
            raise ValueError("«except» si usa solo insieme a «copy_of»")
        return self


class StaticBody(Operations):
    """A static ability: operations applied continuously to what ``affects`` selects (CR 604, 611.3)."""

    affects: WordOrSelector = "self"
    condition: Condition | None = None

    @model_validator(mode="after")
    def _has_operation(self) -> StaticBody:
        if not self.operation_names():
            raise ValueError("un'abilità statica deve avere almeno un'operazione (set_pt, add_keywords, ...)")
        if self.cda is not None and self.affects != "self":
            raise ValueError("«cda» è un'abilità che definisce caratteristiche: si applica solo all'oggetto "
                             "stesso (CR 604.3)")
        return self


class ManaAbility(StrictModel):
    mana: Annotated[list[ManaSymbol], BeforeValidator(_as_list), Field(min_length=1)]


class StaticAbility(StrictModel):
    static: StaticBody


class TriggerSpec(StrictModel):
    """``trigger:`` (SCENARIO-FORMAT.md 2.7 Events): the event, what it is ``of``, and the keys of some events:
    ``from`` (dealt_damage), ``kind`` (counters_put), ``targets`` (cast), ``by`` (becomes_target)."""

    event: Annotated[str, AfterValidator(lambda v: _event(v))]
    of: WordOrSelector = "self"
    from_: WordOrSelector | None = Field(default=None, alias="from")
    kind: str | None = None
    targets: WordOrSelector | None = None
    by: WordOrSelector | None = None

    @model_validator(mode="after")
    def _event_keys(self) -> TriggerSpec:
        for key, written, event in (("from_", "from", "dealt_damage"), ("kind", "kind", "counters_put"),
                                    ("targets", "targets", "cast"), ("by", "by", "becomes_target")):
            if getattr(self, key) is not None and self.event != event:
                raise ValueError(f"«{written}» vale solo con l'evento {event}, non con {self.event}")
        if self.kind is not None:
            from judgekit.scenario.terms import canonical

            self.kind = canonical(self.kind, "counter") or self.kind
        found = TRIGGER_EVENTS.get(self.event)
        if found is not None and found.player is not None and (
                isinstance(self.of, list) or (isinstance(self.of, SelectorFilter) and not self.of.player)):
            raise ValueError(f"per l'evento {self.event} «of» dice di quale giocatore si parla (per le fasi: di chi è "
                             "il turno): you, opponent, any, il nome di un giocatore, {controller_of: ...} o un "
                             "selettore con player: true")
        return self


def _uses_event_amount(data: Any) -> bool:
    """Whether an effect list (as data) reads ``event_amount`` outside a ``replacement`` (whose ``instead``
    reads the event it replaces, 2.3) and outside the abilities it grants."""
    if isinstance(data, str):
        return data == "event_amount"
    if isinstance(data, dict):
        return any(_uses_event_amount(v) for k, v in data.items()
                   if k not in ("replacement", "abilities", "add_abilities"))
    if isinstance(data, list):
        return any(_uses_event_amount(v) for v in data)
    return False


def _event(value: str) -> str:
    if value not in TRIGGER_EVENTS:
        raise ValueError(f"evento sconosciuto «{value}»: ammessi {', '.join(TRIGGER_EVENTS)}")
    return value


class TriggeredAbility(StrictModel):
    trigger: TriggerSpec
    optional: bool = False
    # "This ability triggers only once each turn" (SCENARIO-FORMAT.md 2.7).
    once_each_turn: bool = False
    target: WordOrSelector | None = None
    effect: list[EffectEntry] = []
    modes: list[Mode] | None = None
    choose: ChooseCount | None = None

    @model_validator(mode="after")
    def _modal(self) -> TriggeredAbility:
        _check_modal(self.modes, self.choose, self.target, self.effect)
        event = TRIGGER_EVENTS.get(self.trigger.event)
        if event is not None and event.amount is None:
            written = [e.model_dump(by_alias=True, exclude_none=True) for e in self.effect]
            written += [m.model_dump(by_alias=True, exclude_none=True) for m in self.modes or []]
            if _uses_event_amount(written):
                raise ValueError(f"«event_amount» non ha valore per l'evento {self.trigger.event}: questo evento "
                                 "non ha una quantità (SCENARIO-FORMAT.md 2.7, colonna event_amount)")
        return self


class PayLife(StrictModel):
    pay_life: int = Field(ge=0)


class ManaCostPart(StrictModel):
    mana: ManaCost


class LoyaltyCost(StrictModel):
    loyalty: int


class RemoveCountersCost(StrictModel):
    remove_counters: Counters


class SacrificeCost(StrictModel):
    """``{sacrifice: SELECTOR}``: sacrifice a permanent the selector picks (SCENARIO-FORMAT.md 2.7, Costs)."""

    sacrifice: Selector
    count: int = Field(default=1, ge=1)


class DiscardCost(StrictModel):
    """``{discard: N}``: discard N cards (2.7, Costs)."""

    discard: int = Field(ge=1)


class TapUntappedCost(StrictModel):
    """``{tap_untapped: SELECTOR, count: N}`` or ``{..., total_power: N}`` (2.7, Costs)."""

    tap_untapped: Selector
    count: int | None = Field(default=None, ge=1)
    total_power: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _one_measure(self) -> TapUntappedCost:
        if (self.count is None) == (self.total_power is None):
            raise ValueError("«tap_untapped» vuole «count» oppure «total_power», uno dei due")
        return self


class ExileFromGraveyardCost(StrictModel):
    """``{exile_from_graveyard: SELECTOR, count: N}`` (2.7, Costs)."""

    exile_from_graveyard: Selector
    count: int = Field(default=1, ge=1)


CostPart = (Literal["tap", "untap", "sacrifice_self"] | PayLife | ManaCostPart | LoyaltyCost | RemoveCountersCost
            | SacrificeCost | DiscardCost | TapUntappedCost | ExileFromGraveyardCost)
# The costs a spell may add to its mana cost (``additional_cost:``, 2.7): none of them is about the source.
SpellCostPart = PayLife | ManaCostPart | SacrificeCost | DiscardCost | TapUntappedCost | ExileFromGraveyardCost


class ActivatedBody(StrictModel):
    cost: Annotated[list[CostPart], BeforeValidator(_as_list)] = []
    # ``timing: sorcery``: only when its controller could cast a sorcery (CR 602.5d; 2.7, Costs).
    timing: Literal["sorcery"] | None = None
    target: WordOrSelector | None = None
    effect: list[EffectEntry] = []
    modes: list[Mode] | None = None
    choose: ChooseCount | None = None

    @model_validator(mode="after")
    def _modal(self) -> ActivatedBody:
        _check_modal(self.modes, self.choose, self.target, self.effect)
        return self


class ActivatedAbility(StrictModel):
    activated: ActivatedBody


# The ``then`` modifiers that may be combined in one ``would_enter`` effect (SCENARIO-FORMAT.md 2.3).
_ENTER_COMBINABLE = frozenset({"tapped", "counters", "control"})


class Then(StrictModel):
    """What a replacement effect makes of its event (SCENARIO-FORMAT.md 2.3, the ``then`` column)."""

    to: str | None = None
    regenerate: Literal[True] | None = None
    tapped: Literal[True] | None = None
    counters: dict[str, Value] | None = None
    control: str | None = None
    copy_of: WordOrSelector | None = None
    except_: EnterCopyExcept | None = Field(default=None, alias="except")
    prevent: Annotated[int | Literal["all"] | None, BeforeValidator(_not_negative_number)] = None
    prevent_each: int | None = Field(default=None, ge=1)
    times: int | None = Field(default=None, ge=0)
    plus: int | None = Field(default=None, ge=0)
    minus: int | None = Field(default=None, ge=0)
    lose_instead: Literal[True] | None = None
    instead: list[EffectEntry] | None = None

    def modifiers(self) -> list[str]:
        return [k for k in ("to", "regenerate", "tapped", "counters", "control", "copy_of", "prevent", "prevent_each",
                            "times", "plus", "minus", "lose_instead", "instead") if getattr(self, k) is not None]

    @field_validator("to")
    @classmethod
    def _destination(cls, value: str | None) -> str | None:
        if value is not None and value not in DESTINATIONS:
            raise ValueError(f"«to: {value}» non è una destinazione: ammesse {', '.join(DESTINATIONS)}")
        return value

    @field_validator("counters")
    @classmethod
    def _counter_kinds(cls, value: dict[str, Any] | None) -> dict[str, Any] | None:
        if value is None:
            return None
        from judgekit.scenario.terms import canonical

        return {canonical(k, "counter") or str(k): v for k, v in value.items()}

    @field_validator("control")
    @classmethod
    def _control(cls, value: str | None) -> str | None:
        return _control_player(value)


def _replacement_event(value: str) -> str:
    if value not in EVENT_MODIFIERS:
        from rapidfuzz import process

        hint = process.extractOne(value, list(EVENT_MODIFIERS), score_cutoff=60)
        extra = f" (forse intendevi «{hint[0]}»?)" if hint else ""
        raise ValueError(f"evento di sostituzione sconosciuto «{value}»{extra}: ammessi {', '.join(EVENT_MODIFIERS)}")
    return value


class ReplacementBody(StrictModel):
    """A replacement or prevention effect (SCENARIO-FORMAT.md 2.3, CR 614, 615)."""

    event: Annotated[str, AfterValidator(_replacement_event)]
    of: WordOrSelector | None = None
    from_: WordOrSelector | None = Field(default=None, alias="from")
    combat: bool | None = None
    kind: str | None = None
    then: Then
    optional: bool = False
    uses: int | None = Field(default=None, ge=1)

    @field_validator("kind")
    @classmethod
    def _kind(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is None:
            return None
        event = info.data.get("event")
        if event is not None and event != "would_put_counters":
            raise ValueError(f"«kind» vale solo per would_put_counters, non per {event}")
        from judgekit.scenario.terms import canonical

        return canonical(value, "counter") or value

    @field_validator("from_", "combat")
    @classmethod
    def _damage_only(cls, value: Any, info: ValidationInfo) -> Any:
        event = info.data.get("event")
        key = "from" if info.field_name == "from_" else "combat"
        if value is not None and event is not None and event not in DAMAGE_EVENTS:
            raise ValueError(f"«{key}» vale solo per gli eventi di danno (would_be_dealt_damage, would_deal_damage), "
                             f"non per {event}")
        if key == "from" and value is not None and event == "would_deal_damage":
            raise ValueError("«from» non vale per would_deal_damage (la fonte è già «of»): per limitare entrambi i "
                             "lati usa would_be_dealt_damage con «from»")
        return value

    @field_validator("then")
    @classmethod
    def _then_fits(cls, then: Then, info: ValidationInfo) -> Then:
        event = info.data.get("event")
        if event is None:
            return then
        mods = then.modifiers()
        if not mods:
            raise ValueError("«then» deve dire che cosa succede invece (un modificatore dell'evento o «instead»)")
        allowed = EVENT_MODIFIERS[event] | {"instead"}
        wrong = [m for m in mods if m not in allowed]
        if wrong:
            ammessi = ", ".join(sorted(allowed))
            raise ValueError(f"«{wrong[0]}» non vale per l'evento {event}: ammessi {ammessi}")
        combinable = event == "would_enter" and set(mods) <= _ENTER_COMBINABLE
        if len(mods) > 1 and not combinable:
            raise ValueError(f"«then» ha un solo modificatore, non {', '.join(mods)} (solo tapped, counters e "
                             "control di would_enter si combinano)")
        if then.except_ is not None and then.copy_of is None:
            raise ValueError("«except» si usa solo insieme a «copy_of»")
        return then


class ReplacementAbility(StrictModel):
    replacement: ReplacementBody


ABILITY_KINDS = ("mana", "static", "trigger", "activated", "replacement")


def _ability_kind(value: Any) -> str | None:
    if isinstance(value, dict):
        keys = [k for k in ABILITY_KINDS if k in value]
        return f"_{keys[0]}" if len(keys) == 1 else None
    for key in ABILITY_KINDS:
        if isinstance(value, BaseModel) and key in type(value).model_fields:
            return f"_{key}"
    return None


def _ability_before(value: Any) -> Any:
    """A clear message (with a suggestion) when an ability has no known kind."""
    if isinstance(value, dict) and not any(k in value for k in ABILITY_KINDS):
        from rapidfuzz import process

        hints = [process.extractOne(str(k), ABILITY_KINDS, score_cutoff=60) for k in value]
        near = [h[0] for h in hints if h]
        extra = f" (forse intendevi «{near[0]}»?)" if near else ""
        raise ValueError(f"un'abilità deve essere una tra mana, static, trigger, activated, replacement{extra}")
    return value


AbilitySpec = Annotated[Annotated[
    Annotated[ManaAbility, Tag("_mana")] | Annotated[StaticAbility, Tag("_static")]
    | Annotated[TriggeredAbility, Tag("_trigger")] | Annotated[ActivatedAbility, Tag("_activated")]
    | Annotated[ReplacementAbility, Tag("_replacement")],
    Discriminator(_ability_kind, custom_error_type="ability_kind",
                  custom_error_message="un'abilità deve avere una sola chiave tra mana, static, trigger, activated, "
                                       "replacement"),
], BeforeValidator(_ability_before)]


# The one-shot verbs, from the rules core's one table (each also has its field below, with its parameter type).
VERBS = tuple(v for v in ENGINE_VERBS if v not in CORE_ONLY_VERBS)


class PlayerOf(StrictModel):
    """A player named through an object (SCENARIO-FORMAT.md 2.7, References): ``{controller_of: REF}`` or
    ``{owner_of: REF}``."""

    controller_of: str | None = None
    owner_of: str | None = None

    @model_validator(mode="after")
    def _one(self) -> PlayerOf:
        if (self.controller_of is None) == (self.owner_of is None):
            raise ValueError("si scrive una sola chiave: {controller_of: ...} oppure {owner_of: ...}")
        return self


# A REF in a verb's option: a word (target, you, an id, a player's name...) or {controller_of|owner_of: REF}.
VerbRef = Annotated[
    Annotated[str, Tag("_str")] | Annotated[PlayerOf, Tag("_dict")],
    Discriminator(_type_tag, custom_error_type="ref_kind",
                  custom_error_message="atteso un riferimento (target, you, un id, un giocatore) o una mappa come "
                                       "{controller_of: target}"),
]


class MoveCounters(StrictModel):
    """``move_counters`` (SCENARIO-FORMAT.md 2.7): counters of ``kind`` (or every kind) moved from ``from``."""

    from_: str = Field(alias="from")
    kind: str
    count: Amount | Literal["all"] | None = None

    @model_validator(mode="after")
    def _count_fits(self) -> MoveCounters:
        if self.kind == "all" and self.count is not None:
            raise ValueError("con «kind: all» si spostano tutti i segnalini: «count» non si scrive")
        return self


# The keys of an effect entry that belong to one verb only (SCENARIO-FORMAT.md 2.7).
_VERB_OPTIONS = {"excess_to": ("damage",), "under": ("return_to_battlefield",),
                 "tapped": ("return_to_battlefield",), "counters": ("return_to_battlefield",),
                 "new_targets": ("copy_spell",)}


class SearchLibrary(StrictModel):
    """``search_library`` (SCENARIO-FORMAT.md 2.6, CR 701.23): ``for`` (a filter matched against the library's
    cards), ``count`` (a VALUE, default 1), ``to`` (where the cards go), ``tapped`` (onto the battlefield),
    ``shuffle`` (default true)."""

    model_config = ConfigDict(extra="forbid", serialize_by_alias=True, validate_by_name=False)

    for_: SelectorFilter = Field(alias="for")
    count: Amount | None = None
    to: Literal["hand", "graveyard", "exile", "battlefield", "library_top"]
    tapped: bool | None = None
    shuffle: bool | None = None

    @model_validator(mode="after")
    def _tapped_onto_battlefield(self) -> SearchLibrary:
        if self.tapped and self.to != "battlefield":
            raise ValueError("«tapped» vale solo con «to: battlefield»: solo un permanente entra TAPpato")
        return self


# How long a continuous effect lasts (SCENARIO-FORMAT.md "One-shot effects", 2.5).
DurationName = Literal["end_of_turn", "end_of_combat", "permanent", "until_your_next_turn",
                       "until_end_of_your_next_turn", "while_source_on_battlefield"]


def _delayed_event(value: str) -> str:
    from judgekit.engine.turns import STEP_EVENTS

    if value not in TRIGGER_EVENTS and value not in STEP_EVENTS:
        known = ", ".join(dict.fromkeys([*TRIGGER_EVENTS, *STEP_EVENTS]))
        raise ValueError(f"evento sconosciuto «{value}»: ammessi {known}")
    return value


class DelayedTriggerBody(StrictModel):
    """``delayed_trigger`` (SCENARIO-FORMAT.md 2.5, CR 603.7): the keys of a ``trigger:`` entry, ``optional``,
    ``target`` and ``effect`` of a triggered ability, and ``next`` or ``duration``."""

    event: Annotated[str, AfterValidator(_delayed_event)]
    of: WordOrSelector | None = None
    from_: WordOrSelector | None = Field(default=None, alias="from")
    kind: str | None = None
    by: WordOrSelector | None = None
    targets: WordOrSelector | None = None
    optional: bool = False
    target: WordOrSelector | None = None
    effect: list[EffectEntry] = Field(min_length=1)
    next: bool | None = None
    duration: Literal["end_of_turn", "end_of_combat", "until_your_next_turn", "until_end_of_your_next_turn",
                      "while_source_on_battlefield"] | None = None

    @model_validator(mode="after")
    def _next_or_duration(self) -> DelayedTriggerBody:
        if self.duration is not None and self.next is not None:
            raise ValueError("«next» e «duration» si escludono: «duration» fa innescare l'abilità ogni volta fino "
                             "alla fine della durata, «next» solo la prossima volta (CR 603.7b)")
        return self


class EffectEntry(Operations):
    """One entry of a one-shot ``effect`` list: exactly one verb, or operations (with ``duration``)."""

    to: WordOrSelector | None = None
    duration: DurationName | None = None
    damage: Amount | None = None
    destroy: bool | None = None
    exile: bool | None = None
    exile_and_return: bool | None = None
    # ``true``: the ``to:`` objects are sacrificed; a selector: each ``to:`` player sacrifices ``count`` of the
    # permanents it picks (SCENARIO-FORMAT.md 2.7).
    sacrifice: bool | Selector | None = None
    count: Amount | None = None
    return_to_hand: bool | None = None
    counter: bool | None = None
    gain_life: Amount | None = None
    lose_life: Amount | None = None
    draw: Amount | None = None
    discard: Amount | None = None
    add_counters: CounterAmounts | None = None
    remove_counters: CounterAmounts | None = None
    tap: bool | None = None
    untap: bool | None = None
    create_token: TokenSpec | None = None
    prevent_damage: Annotated[int | Literal["all"] | None, BeforeValidator(_not_negative_number)] = None
    regenerate: bool | None = None
    fight: str | None = None
    # SCENARIO-FORMAT.md 2.6: libraries.
    mill: Amount | None = None
    put_on_top: bool | None = None
    put_on_bottom: bool | None = None
    shuffle: bool | None = None
    search_library: SearchLibrary | None = None
    # ``attach: REF`` (``true``: ``self``): attach the Auras or Equipment REF names to the ``to:`` object (2.7).
    attach: bool | WordOrSelector | None = None
    # "divided as you choose" among the targets (SCENARIO-FORMAT.md 2.2, CR 601.2d)
    divided: bool | None = None
    # A replacement or prevention effect created by the resolving spell or ability (SCENARIO-FORMAT.md 2.3).
    replacement: ReplacementBody | None = None
    # Verbs of SCENARIO-FORMAT.md 2.7 and their options.
    return_to_battlefield: bool | None = None
    copy_spell: bool | None = None
    gain_control: bool | VerbRef | None = None
    proliferate: bool | None = None
    double_counters: str | None = None
    move_counters: MoveCounters | None = None
    excess_to: VerbRef | None = None
    under: VerbRef | None = None
    tapped: bool | None = None
    counters: dict[str, Amount] | None = None
    new_targets: bool | None = None
    # A delayed triggered ability (SCENARIO-FORMAT.md 2.5, CR 603.7).
    delayed_trigger: DelayedTriggerBody | None = None

    @model_validator(mode="before")
    @classmethod
    def _bare_verbs(cls, data: Any) -> Any:
        if isinstance(data, dict):
            if "transform" in data:
                raise ValueError("«transform» non è nella versione 2 del formato: i permanenti bifronte e la "
                                 "trasformazione (CR 701.28) non sono modellati")
            data = {k: (True if v is None and k in VERBS else v) for k, v in data.items()}
        return data

    def verbs(self) -> list[str]:
        return [v for v in VERBS if getattr(self, v) not in (None, False)]

    @model_validator(mode="after")
    def _shape(self) -> EffectEntry:
        verbs, ops = self.verbs(), self.operation_names()
        if self.replacement is not None:
            others = [*verbs, *ops, *(["to"] if self.to is not None else [])]
            if others:
                raise ValueError(f"una voce con «replacement» non ha altro che «duration» (trovato «{others[0]}»): "
                                 "ciò che riguarda si scrive in «of»")
            if self.replacement.of is None:
                raise ValueError("un effetto di sostituzione creato da una magia o abilità deve dire «of» "
                                 "(target, targets, self, id o un selettore)")
            return self
        if verbs and ops:
            raise ValueError(f"una voce di effetto ha un verbo ({verbs[0]}) oppure operazioni ({ops[0]}), non entrambi")
        if len(verbs) > 1:
            raise ValueError(f"una voce di effetto ha un solo verbo, non {', '.join(verbs)}")
        if not verbs and not ops:
            raise ValueError("una voce di effetto richiede un verbo (damage, destroy, ...) o un'operazione")
        if self.duration is not None and not ops and self.gain_control in (None, False):
            raise ValueError("«duration» vale solo per le operazioni (effetti continui) e per «gain_control»")
        for key, owners in _VERB_OPTIONS.items():
            if getattr(self, key) is not None and not any(getattr(self, v) not in (None, False) for v in owners):
                raise ValueError(f"«{key}» vale solo con «{owners[0]}»")
        if self.delayed_trigger is not None and self.to is not None:
            raise ValueError("«delayed_trigger» non ha «to»: ciò che riguarda si scrive in «of» (CR 603.7)")
        if self.count is not None and (self.sacrifice is None or isinstance(self.sacrifice, bool)):
            raise ValueError("«count» vale solo per «sacrifice» con un selettore, come {sacrifice: {types: "
                             "[Creature]}, count: 1, to: target}")
        if self.cda is not None:
            raise ValueError("«cda» vale solo per le abilità statiche dell'oggetto stesso (CR 604.3)")
        if self.divided:
            if self.damage is None:
                raise ValueError("«divided» vale solo con «damage» (danno diviso a scelta tra i bersagli)")
            if self.to not in (None, "target", "targets"):
                raise ValueError("con «divided» il danno va ai bersagli: «to» deve essere targets (o target)")
        return self


class Mode(StrictModel):
    """One mode of a modal spell or ability (SCENARIO-FORMAT.md 2.2, CR 700.2): ``target`` (one target, or
    none) and ``effect``."""

    target: WordOrSelector | None = None
    effect: Annotated[list[EffectEntry], Field(min_length=1)]

    @model_validator(mode="after")
    def _not_divided(self) -> Mode:
        if any(e.divided for e in self.effect):
            raise ValueError("«divided» non è ammesso in un modo: un modo ha un solo bersaglio")
        return self


def _choose(value: Any) -> Any:
    if isinstance(value, list):
        if len(value) != 2:
            raise ValueError("«choose» è un numero di modi oppure una coppia [minimo, massimo]")
        low, high = value
        if low < 0 or high < max(low, 1):
            raise ValueError(f"«choose: [{low}, {high}]» non è valido: serve 0 ≤ minimo ≤ massimo e massimo ≥ 1")
    elif value < 1:
        raise ValueError(f"«choose: {value}»: si sceglie almeno un modo")
    return value


ChooseCount = Annotated[
    Annotated[Annotated[int, Tag("_int")] | Annotated[list[int], Tag("_list")],
              Discriminator(_type_tag, custom_error_type="choose_kind",
                            custom_error_message="«choose» è un numero di modi oppure una coppia [minimo, massimo]")],
    AfterValidator(_choose),
]


def _check_modal(modes: list[Mode] | None, choose: Any, target: Any, effect: list[EffectEntry] | None) -> None:
    """``modes`` replaces ``target`` and ``effect``; ``choose`` needs ``modes`` and can't ask for more modes than
    there are. A divided amount needs targets and is written once (CR 601.2d)."""
    if choose is not None and modes is None:
        raise ValueError("«choose» vale solo insieme a «modes»")
    if modes is not None:
        if target is not None or effect:
            raise ValueError("«modes» sostituisce «target» ed «effect»: ogni modo ha i suoi; non indicarli insieme")
        if len(modes) < 2:
            raise ValueError("una magia o abilità modale ha almeno due modi (CR 700.2)")
        most = choose[1] if isinstance(choose, list) else (choose or 1)
        if most > len(modes):
            raise ValueError(f"«choose» chiede fino a {most} modi, ma «modes» ne ha {len(modes)}")
        return
    divided = [e for e in effect or [] if e.divided]
    if len(divided) > 1:
        raise ValueError("una sola voce di «effect» può avere «divided»")
    if divided and target is None:
        raise ValueError("«divided» divide la quantità tra i bersagli: serve «target»")


# --------------------------------------------------------------------------------------------------------
# Objects and cards


class Characteristics(StrictModel):
    """Characteristics named the same way in card fields and in ``expect`` (CR 109.3)."""

    name: str | None = None
    types: TypeList | None = None
    supertypes: SupertypeList | None = None
    subtypes: SubtypeList | None = None
    colors: ColorList | None = None
    power: int | None = None
    toughness: int | None = None
    keywords: KeywordList | None = None


AS_ENTERS_KINDS = ("color", "creature_type", "card_type", "player", "basic_land_type")


def _as_enters_kind(value: str) -> str:
    if value not in AS_ENTERS_KINDS:
        raise ValueError(f"«{value}» non è una scelta «mentre entra»: ammesse {', '.join(AS_ENTERS_KINDS)}")
    return value


def chosen_value(kind: str, value: str) -> str:
    """The canonical value of an "as enters" choice of ``kind`` (2.4): a colour, a creature type, a card type or a
    basic land type in canonical English (Italian aliases accepted); a player's name as written."""
    from judgekit.scenario.terms import canonical

    if kind == "player":
        return value
    category = {"color": "color", "card_type": "type"}.get(kind, "subtype")
    found = canonical(value, category)
    ok = found is not None and (kind != "creature_type" or found in vocab.CREATURE_TYPES) and (
        kind != "basic_land_type" or found in vocab.BASIC_LAND_MANA)
    if not ok:
        what = {"color": "un colore", "creature_type": "un tipo di creatura", "card_type": "un tipo di carta",
                "basic_land_type": "un tipo di terra base"}[kind]
        raise ValueError(f"«{value}» non è {what}")
    return str(found)


class AsEnters(StrictModel):
    """``as_enters: {choose: KIND}``: what its controller chooses as it enters (SCENARIO-FORMAT.md 2.4)."""

    choose: Annotated[str, AfterValidator(lambda v: _as_enters_kind(v))]


class CardFields(Characteristics):
    """The fields that describe a card (copiable values, CR 707.2)."""

    mana_cost: ManaCost | None = None
    loyalty: int | None = Field(default=None, ge=0)
    defense: int | None = Field(default=None, ge=0)
    abilities: list[AbilitySpec] | None = None
    effect: list[EffectEntry] | None = None
    target: WordOrSelector | None = None
    # A modal instant or sorcery (SCENARIO-FORMAT.md 2.2), instead of ``target`` and ``effect``.
    modes: list[Mode] | None = None
    choose: ChooseCount | None = None
    # An "as enters" choice (SCENARIO-FORMAT.md 2.4, CR 614.1c).
    as_enters: AsEnters | None = None
    # Costs a spell adds to its mana cost (SCENARIO-FORMAT.md 2.7, Costs; CR 601.2f-h).
    additional_cost: Annotated[list[SpellCostPart], BeforeValidator(_as_list)] | None = None

    @model_validator(mode="after")
    def _modal(self) -> CardFields:
        _check_modal(self.modes, self.choose, self.target, self.effect)
        return self

    @model_validator(mode="after")
    def _subtypes_known(self) -> CardFields:
        for sub in self.subtypes or []:
            if vocab.subtype_kind(sub) is None and "Planeswalker" not in (self.types or []):
                from judgekit.scenario.terms import suggestions

                hint = suggestions(sub, "subtype")
                extra = f" (forse cercavi: {', '.join(hint)})" if hint else ""
                raise ValueError(f"sottotipo sconosciuto «{sub}»{extra}")
        return self


class CopyExcept(CardFields):
    """``except:`` of a copy effect: copiable values that differ from the original (CR 707.9b)."""


class EnterCopyExcept(CardFields):
    """``except`` beside ``copy_of`` of an entering copy (SCENARIO-FORMAT.md 2.4, CR 707.9b): object fields replace
    the copied values, the ``add_*`` lists add to them."""

    add_types: TypeList | None = None
    add_subtypes: SubtypeList | None = None
    add_supertypes: SupertypeList | None = None
    add_colors: ColorList | None = None
    add_keywords: KeywordList | None = None
    add_abilities: list[AbilitySpec] | None = None


class CardFile(CardFields):
    """A card of the library (``scenarios/cards/<name>.yaml``)."""

    name: str
    name_it: str | None = None
    text_it: str | None = None
    # The card's current Oracle text in English, kept with the card for reference (not read by the replay).
    oracle: str | None = None


class TokenSpec(CardFields):
    """``create_token``: the token's characteristics (object fields) and how many (a VALUE); or ``copy_of`` an
    object, with ``except`` (SCENARIO-FORMAT.md 2.7, CR 707.2, 707.9) and no other object field."""

    id: str | None = None
    card: str | None = None
    counters: Counters | None = None
    tapped: bool | None = None
    count: Amount = 1
    copy_of: str | None = None
    except_: EnterCopyExcept | None = Field(default=None, alias="except")

    @model_validator(mode="after")
    def _token_shape(self) -> TokenSpec:
        if isinstance(self.count, int) and not 1 <= self.count <= 100:
            raise ValueError(f"«count: {self.count}»: da 1 a 100 pedine")
        if self.except_ is not None and self.copy_of is None:
            raise ValueError("«except» si usa solo insieme a «copy_of»")
        if self.copy_of is not None:
            others = [k for k in self.model_fields_set if k not in ("copy_of", "except_", "id", "count")]
            if others:
                raise ValueError(f"una pedina copia prende i valori copiabili dell'originale (CR 707.2): accanto a "
                                 f"«copy_of» si scrivono solo id, count ed except, non «{others[0]}»")
        return self


class ObjectSpec(CardFields):
    """An object of a scenario (SCENARIO-FORMAT.md "Objects")."""

    id: str | None = None
    card: str | None = None
    controller: str | None = None
    owner: str | None = None
    counters: Counters | None = None
    damage: int = Field(default=0, ge=0)
    # The value chosen as it entered, for an object placed at the start (SCENARIO-FORMAT.md 2.4).
    chosen: str | None = None
    deathtouch_damage: bool = False
    tapped: bool = False
    summoning_sick: bool = False
    token: bool = False
    attached_to: str | None = None
    timestamp: int | None = None

    @model_validator(mode="after")
    def _chosen_fits(self) -> ObjectSpec:
        if self.chosen is not None and self.as_enters is not None:
            try:
                self.chosen = chosen_value(self.as_enters.choose, self.chosen)
            except ValueError as exc:
                raise ValueError(f"«chosen»: {exc}, ma {self.name or self.card} sceglie "
                                 f"{self.as_enters.choose} mentre entra") from None
        return self

    @model_validator(mode="after")
    def _name_or_card(self) -> ObjectSpec:
        if self.name is None and self.card is None:
            raise ValueError("un oggetto richiede «name» oppure «card»")
        if self.loyalty is not None and self.counters and self.counters.get("loyalty"):
            raise ValueError("«loyalty» è un'abbreviazione dei segnalini fedeltà: non indicare anche "
                             "counters.loyalty")
        if self.defense is not None and self.counters and self.counters.get("defense"):
            raise ValueError("«defense» è un'abbreviazione dei segnalini difesa: non indicare anche counters.defense")
        return self


# --------------------------------------------------------------------------------------------------------
# Top level


class PlayerSpec(StrictModel):
    name: str
    life: int = 20
    poison: int = Field(default=0, ge=0)
    # CR 402.2: the player's maximum hand size (SCENARIO-FORMAT.md 2.5).
    max_hand_size: int | None = Field(default=None, ge=0)


def _player_entry(value: Any) -> Any:
    """A plain name is a player with the defaults (SCENARIO-FORMAT.md 2.1): ``Anna`` is ``{name: Anna}``."""
    return {"name": value} if isinstance(value, str) else value


PlayerEntry = Annotated[PlayerSpec, BeforeValidator(_player_entry)]
# How many players a game may have (SCENARIO-FORMAT.md 2.9): two to four, in turn order.
PLAYER_COUNT = 2
MAX_PLAYER_COUNT = limits.MAX_PLAYERS


def _two_players(value: list[PlayerSpec]) -> list[PlayerSpec]:
    if len(value) > MAX_PLAYER_COUNT:
        raise ValueError(limits.players_message(len(value)))
    if len(value) < PLAYER_COUNT:
        raise ValueError(f"servono da {PLAYER_COUNT} a {MAX_PLAYER_COUNT} giocatori (ne sono indicati "
                         f"{len(value)})")
    return value


# An object of a zone list: a mapping, or a string naming a card of the library ("Grizzly Bears", or
# "3 Grizzly Bears" for three of them), read by the loader (SCENARIO-FORMAT.md 2.1, Card shorthand).
ObjectEntry = Annotated[
    Annotated[ObjectSpec, Tag("_dict")] | Annotated[str, Tag("_str")],
    Discriminator(_type_tag, custom_error_type="object_kind",
                  custom_error_message="un oggetto è una mappa (id, name, card, ...) o il nome di una carta della "
                                       "libreria («Grizzly Bears», «3 Grizzly Bears»)"),
]
ZoneList = list[ObjectEntry]
# A zone: a list, or a mapping from player name to a list (SCENARIO-FORMAT.md 2.1, Zones keyed by player).
ZoneByPlayer = dict[str, ZoneList]
# A library (SCENARIO-FORMAT.md 2.6): top first, objects and whole numbers (that many unknown cards), or one number.
LIBRARY_MAX = 1000
LibraryEntry = Annotated[
    Annotated[ObjectSpec, Tag("_dict")] | Annotated[str, Tag("_str")]
    | Annotated[int, Field(ge=0, le=LIBRARY_MAX), Tag("_int")],
    Discriminator(_type_tag, custom_error_type="library_entry_kind",
                  custom_error_message="una carta del grimorio è una mappa, il nome di una carta della libreria o un "
                                       "numero intero (quante carte sconosciute)"),
]


def _library_list(value: Any) -> Any:
    """``library: {Anna: 40}`` is ``[40]`` (2.6)."""
    return [value] if isinstance(value, int) and not isinstance(value, bool) else value


def _library_size(value: list[Any]) -> list[Any]:
    """A library of at most LIBRARY_MAX cards: a bigger one is a mistake, never minutes of work."""
    total = sum(e if isinstance(e, int) else 1 for e in value)
    if total > LIBRARY_MAX:
        raise ValueError(f"un grimorio di {total} carte è troppo grande: al massimo {LIBRARY_MAX}")
    return value


LibraryByPlayer = dict[str, Annotated[list[LibraryEntry], BeforeValidator(_library_list),
                                      AfterValidator(_library_size)]]
ZoneField = Annotated[
    Annotated[ZoneList, Tag("_list")] | Annotated[ZoneByPlayer, Tag("_dict")],
    Discriminator(_type_tag, custom_error_type="zone_kind",
                  custom_error_message="una zona è una lista di oggetti o una mappa giocatore: [oggetti]"),
]


class EffectInPlace(Operations):
    """A continuous effect already in place (``effects:``), created by a resolved spell or ability."""

    source: str | None = None
    affects: Selector | None = None
    controller: str | None = None
    duration: DurationName = "end_of_turn"
    # The object of the scenario that is the effect's source (SCENARIO-FORMAT.md 2.5).
    source_id: str | None = None
    timestamp: int | None = None
    # A replacement or prevention effect in place (SCENARIO-FORMAT.md 2.3), with ``id`` for replacement_order.
    replacement: ReplacementBody | None = None
    id: str | None = None

    @model_validator(mode="after")
    def _has_operation(self) -> EffectInPlace:
        if self.source is None:
            if self.source_id is None:
                raise ValueError("un effetto richiede «source» (il nome della sua fonte) o «source_id»")
            self.source = self.source_id
        if self.duration == "while_source_on_battlefield" and self.source_id is None:
            raise ValueError("«while_source_on_battlefield» richiede «source_id»: l'oggetto della cui permanenza sul "
                             "campo di battaglia dipende la durata (CR 611.2b)")
        if self.replacement is not None:
            if self.affects is not None or self.operation_names():
                raise ValueError("un effetto con «replacement» non ha «affects» né operazioni: ciò che riguarda "
                                 "si scrive in «replacement.of»")
            if self.replacement.of is None:
                raise ValueError("un effetto di sostituzione in «effects» deve dire «of» (id o un selettore)")
            return self
        if self.id is not None:
            raise ValueError("«id» vale solo per un effetto con «replacement» (per choices.replacement_order)")
        if self.affects is None:
            raise ValueError("un effetto richiede «affects» (a che cosa si applica)")
        if not self.operation_names():
            raise ValueError("un effetto deve avere almeno un'operazione (set_pt, modify_pt, ...)")
        if self.cda is not None:
            raise ValueError("«cda» vale solo per le abilità statiche dell'oggetto stesso (CR 604.3)")
        return self


def _x_value(value: int) -> int:
    if value < 0:
        raise ValueError(f"X non può essere negativo ({value}): si sceglie 0 o un numero positivo (CR 107.1b)")
    return value


def _mode_index(value: int) -> int:
    if value < 0:
        raise ValueError(f"indice di modo negativo ({value}): i modi si contano da 0 nell'ordine scritto")
    return value


def _divide_part(value: int) -> int:
    if value < 0:
        raise ValueError(f"una parte della divisione non può essere negativa ({value})")
    return value


class _Announced(StrictModel):
    """The choices a ``cast`` or ``activate`` action announces (SCENARIO-FORMAT.md 2.2, CR 601.2b-d): the modes
    (indexes from 0), X, and how an amount is divided (target -> part; its keys, in order, are the targets when
    ``targets`` is left out)."""

    targets: IdList = []
    modes: Annotated[list[Annotated[int, AfterValidator(_mode_index)]], BeforeValidator(_as_list)] | None = None
    x: Annotated[int, AfterValidator(_x_value)] | None = None
    divide: dict[str, Annotated[int, AfterValidator(_divide_part)]] | None = None
    # The objects that pay the costs (SCENARIO-FORMAT.md 2.8, Cost choices); ``tap`` in ``cast`` also convokes.
    sacrifice: IdList | None = None
    discard: IdList | None = None
    tap: IdList | None = None
    exile: IdList | None = None


class CastSpec(_Announced):
    """``cast``: an object of the scenario (``object``: its id or name, or an inline object) or a new one made
    from a card of the library (``card``, SCENARIO-FORMAT.md 2.1), with what is announced as it is cast."""

    object: str | ObjectSpec | None = None
    card: str | None = None
    controller: str | None = None

    @model_validator(mode="after")
    def _object_or_card(self) -> CastSpec:
        if (self.object is None) == (self.card is None):
            raise ValueError("«cast» richiede «object» (un oggetto dello scenario) oppure «card» (una carta della "
                             "libreria), non entrambi")
        return self


ACTIVATED_KEYWORDS = ("crew", "equip")


def _ability_ref(value: Any) -> Any:
    """``activate.ability``: an index from 0, or the name of an activated keyword (SCENARIO-FORMAT.md 2.8)."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0 or value in ACTIVATED_KEYWORDS:
        return value
    raise ValueError(f"«{value}» non è un'abilità: scrivi l'indice (da 0) tra le voci «activated:» dell'oggetto, "
                     f"oppure il nome di un'abilità chiave attivata ({', '.join(ACTIVATED_KEYWORDS)})")


class ActivateSpec(_Announced):
    source: str
    # An index among its ``activated:`` entries, or the name of an activated keyword (2.8).
    ability: Annotated[int | str, BeforeValidator(_ability_ref)] = 0


def _bare(value: Any) -> Any:
    return True if value is None else value


def _as_list_unless_mapping(value: Any) -> Any:
    return value if isinstance(value, dict) else _as_list(value)


class CastAction(StrictModel):
    # A string names an object of the scenario, or else a card of the library (SCENARIO-FORMAT.md 2.1).
    cast: Annotated[
        Annotated[CastSpec, Tag("_dict")] | Annotated[str, Tag("_str")],
        Discriminator(_type_tag, custom_error_type="cast_kind",
                      custom_error_message="«cast» è una mappa ({object: ...} o {card: ...}) o il nome di un "
                                           "oggetto o di una carta"),
    ]


class ActivateAction(StrictModel):
    activate: ActivateSpec


class ResolveAction(StrictModel):
    resolve: Annotated[Literal[True, "all"], BeforeValidator(_bare)] = True


class DeclareAttackersAction(StrictModel):
    # A mapping attacker -> what it attacks, or a list of attackers that attack the only opponent (2.1).
    declare_attackers: Annotated[dict[str, str] | list[str], BeforeValidator(_as_list_unless_mapping)]


class DeclareBlockersAction(StrictModel):
    declare_blockers: dict[str, Annotated[list[str], BeforeValidator(_as_list)]]


class AssignDamageAction(StrictModel):
    assign_damage: dict[str, dict[str, Annotated[int, Field(ge=0)]]]


class CombatDamageAction(StrictModel):
    combat_damage: Annotated[Literal[True, "all"], BeforeValidator(_bare)] = True


class NextStepAction(StrictModel):
    next_step: Annotated[Literal[True], BeforeValidator(_bare)] = True


class EndTurnAction(StrictModel):
    end_turn: Annotated[Literal[True], BeforeValidator(_bare)] = True


class StateBasedActionsAction(StrictModel):
    state_based_actions: Annotated[Literal[True], BeforeValidator(_bare)] = True


class NextTurnAction(StrictModel):
    next_turn: Annotated[Literal[True], BeforeValidator(_bare)] = True


class PassAction(StrictModel):
    pass_: Annotated[Literal[True], BeforeValidator(_bare)] = Field(default=True, alias="pass")


class PlayLandSpec(StrictModel):
    object: str


class PlayLandAction(StrictModel):
    play_land: PlayLandSpec


class CheckAction(StrictModel):
    """``check``: compares the state at that point with ``objects``/``players``/``counts`` as ``expect`` does,
    and changes nothing (SCENARIO-FORMAT.md 2.10). ``Expectations`` is defined below, with ``expect``."""

    check: Expectations


ACTION_KINDS = ("cast", "activate", "resolve", "declare_attackers", "declare_blockers", "assign_damage",
                "combat_damage", "next_step", "end_turn", "state_based_actions", "check", "next_turn", "pass",
                "play_land")


def _action_kind(value: Any) -> str | None:
    if isinstance(value, dict):
        keys = [k for k in value if k in ACTION_KINDS]
        return f"_{keys[0]}" if len(keys) == 1 and len(value) == 1 else None
    for key in ACTION_KINDS:
        fields = type(value).model_fields if isinstance(value, StrictModel) else {}
        if key in fields or f"{key}_" in fields:
            return f"_{key}"
    return None


def _action_before(value: Any) -> Any:
    """``resolve`` -> ``{resolve: None}``; unknown or several keys get a clear message."""
    if isinstance(value, str):
        value = {value: None}
    if isinstance(value, dict):
        unknown = [str(k) for k in value if k not in ACTION_KINDS]
        if unknown:
            said = limits.limit_message(unknown[0])
            if said:
                raise ValueError(said)
            from rapidfuzz import process

            near = process.extractOne(unknown[0], ACTION_KINDS, score_cutoff=60)
            extra = f" (forse intendevi «{near[0]}»?)" if near else f": ammesse {', '.join(ACTION_KINDS)}"
            raise ValueError(f"azione sconosciuta «{unknown[0]}»{extra}")
        if len(value) != 1:
            raise ValueError(f"un'azione ha una sola chiave, non {', '.join(str(k) for k in value)}: "
                             "scrivile come voci separate della lista")
    return value


Action = Annotated[Annotated[
    Annotated[CastAction, Tag("_cast")] | Annotated[ActivateAction, Tag("_activate")]
    | Annotated[ResolveAction, Tag("_resolve")] | Annotated[DeclareAttackersAction, Tag("_declare_attackers")]
    | Annotated[DeclareBlockersAction, Tag("_declare_blockers")]
    | Annotated[AssignDamageAction, Tag("_assign_damage")] | Annotated[CombatDamageAction, Tag("_combat_damage")]
    | Annotated[NextStepAction, Tag("_next_step")] | Annotated[EndTurnAction, Tag("_end_turn")]
    | Annotated[StateBasedActionsAction, Tag("_state_based_actions")] | Annotated[CheckAction, Tag("_check")]
    | Annotated[NextTurnAction, Tag("_next_turn")] | Annotated[PassAction, Tag("_pass")]
    | Annotated[PlayLandAction, Tag("_play_land")],
    Discriminator(_action_kind, custom_error_type="action_kind",
                  custom_error_message="azione sconosciuta: ammesse " + ", ".join(ACTION_KINDS)),
], BeforeValidator(_action_before)]


def action_kind(action: Any) -> str:
    kind = _action_kind(action)
    assert kind is not None
    return kind[1:]


_TAG_SEGMENT = re.compile(r"\._[a-z_]+(?=\.|\[|$)")


def clean_issues(issues: list[Any]) -> list[Any]:
    """Drop the union tag names (``._dict``, ``._static``...) that validation puts in key paths."""
    from dataclasses import replace

    return [replace(i, key=_TAG_SEGMENT.sub("", i.key)) if i.key else i for i in issues]


class ExpectObject(Characteristics):
    """What an object must look like in the final state; every field given is compared, null included."""

    zone: ZoneName | None = None
    controller: str | None = None
    owner: str | None = None
    damage: int | None = None
    counters: Counters | None = None
    abilities: IdList | None = None
    mana: Annotated[list[ManaSymbol], BeforeValidator(_as_list)] | None = None
    tapped: bool | None = None
    attached_to: str | None = None
    token: bool | None = None
    mana_value: int | None = None
    # SCENARIO-FORMAT.md 2.4 / 2.10: the "as enters" choice, the id of what it entered as a copy of.
    chosen: str | None = None
    copy_of: str | None = None


class ExpectPlayer(StrictModel):
    life: int | None = None
    poison: int | None = None
    lost: bool | None = None
    hand: int | None = Field(default=None, ge=0)
    library: int | None = Field(default=None, ge=0)


class ExpectError(StrictModel):
    rule: Annotated[list[RuleNumber], BeforeValidator(_as_list)]


def _expect_error(value: Any) -> Any:
    if isinstance(value, (list, str, int, float)) and not isinstance(value, bool):
        return {"rule": value}
    return value


def _no_source_words(sel: Any) -> None:
    """A count is evaluated on the state, not for a spell or ability: there is no "you" and no source."""
    if isinstance(sel, SelectorFilter):
        if sel.controller in ("you", "opponent"):
            raise ValueError(f"«controller: {sel.controller}» non ha senso in un conteggio: non c'è una magia o "
                             "un'abilità di cui essere il controllore; scrivi il nome del giocatore")
        if sel.other:
            raise ValueError("«other» non ha senso in un conteggio: non c'è una fonte da escludere")
        if sel.player:
            raise ValueError("un conteggio conta oggetti, non giocatori: per i giocatori usa «players»")
        for alt in sel.any or []:
            _no_source_words(alt)


class ExpectCount(StrictModel):
    """``{select: SELECTOR, is: N}``: exactly N objects of the state match the selector (SCENARIO-FORMAT.md
    2.10; zone ``battlefield`` by default, ``all`` for every zone but libraries)."""

    model_config = ConfigDict(extra="forbid", serialize_by_alias=True, validate_by_name=False)

    select: Selector
    is_: int = Field(alias="is", ge=0)

    @field_validator("select")
    @classmethod
    def _counts_objects(cls, value: Any) -> Any:
        _no_source_words(value)
        return value


class Expectations(StrictModel):
    """What ``expect`` and the ``check`` action compare with the state (SCENARIO-FORMAT.md "Expect", 2.10)."""

    objects: dict[str, ExpectObject] = {}
    players: dict[str, ExpectPlayer] = {}
    counts: list[ExpectCount] = []


class Expect(Expectations):
    error: Annotated[ExpectError, BeforeValidator(_expect_error)] | None = None


class Scenario(StrictModel):
    """A scenario file (SCENARIO-FORMAT.md, version 1, with the compact forms of 2.1: players by name, an
    optional heading, zones keyed by player, card names as objects)."""

    id: str | None = None
    title: str | None = None
    source: str | None = None
    players: Annotated[list[PlayerEntry], AfterValidator(_two_players)]
    active_player: str | None = None
    step: StepName = "main1"
    battlefield: ZoneField = []
    graveyard: ZoneByPlayer = {}
    hand: ZoneByPlayer = {}
    exile: ZoneField = []
    library: LibraryByPlayer = {}
    effects: list[EffectInPlace] = []
    actions: list[Action] = []
    choices: dict[str, Any] = {}
    expect: Expect | None = None
    # judgekit's extension: words to find the scenario by (``judgekit scenarios QUERY``); no effect on the replay.
    tags: Annotated[list[str], BeforeValidator(_as_list)] = []
    # An unknown key that names what version 2 does not model is refused saying so (limits.py, issue 13).
    unknown_key_message: ClassVar[Callable[[str], str | None]] = staticmethod(limits.limit_message)

    @field_validator("step")
    @classmethod
    def _starting_step(cls, value: str) -> str:
        if value in ("untap", "cleanup"):
            raise ValueError(f"«{value}» non è un punto di partenza: nessuno riceve priorità in quella sottofase "
                             "(CR 502.4, 514.3)")
        return value


# Forward references (operations contain abilities, abilities contain effects).
for _model in (Operations, StaticBody, StaticAbility, TriggeredAbility, ActivatedBody, ActivatedAbility, Then,
               ReplacementBody, ReplacementAbility, SearchLibrary, EffectEntry, CardFields, CopyExcept,
               EnterCopyExcept, CardFile, TokenSpec, ObjectSpec, EffectInPlace, CastSpec, CastAction, CheckAction,
               Mode, DelayedTriggerBody, Scenario):
    _model.model_rebuild()
