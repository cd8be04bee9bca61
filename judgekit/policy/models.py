"""Pydantic models of the tournament policy files (``rules_it/policy/{ipg,jar,mtr}.yaml``).

Imported only when policy files are validated or compiled, never on the lookup path. Every model
forbids unknown keys, so a typo in a key is reported as ``file:line key.path: chiave sconosciuta``.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Literal

from pydantic import Field, field_validator, model_validator

from judgekit.validation import StrictModel

Penalty = Literal["no_penalty", "warning", "game_loss", "match_loss", "disqualification"]
Category = Literal["game_play_error", "tournament_error", "unsporting_conduct"]

_IPG_ID = re.compile(r"^\d(\.\d{1,2})?$")
_MTR_ID = re.compile(r"^(\d{1,2}\.\d{1,2}|[A-H])$")
_JAR_ID = re.compile(r"^[a-z]+\.[a-z_]+$")


def _text(value: str) -> str:
    value = value.strip()
    if not value:
        raise ValueError("il testo non può essere vuoto")
    return value


def _texts(values: list[str]) -> list[str]:
    return [_text(v) for v in values]


def _iso_date(value: str) -> str:
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        raise ValueError(f"deve essere una data AAAA-MM-GG, non «{value}»") from None
    return value


class Repeat(StrictModel):
    """What repeated penalties for the same infraction in the same day become (IPG 2, 3, 4.1; JAR)."""

    threshold: int | None = Field(default=None, ge=1)
    applies_to: Penalty | None = None
    penalty: Penalty | None = None
    never: bool = False
    text: str

    _check_text = field_validator("text")(_text)

    @model_validator(mode="after")
    def _consistent(self) -> Repeat:
        if self.never:
            if self.threshold is not None or self.penalty is not None:
                raise ValueError("con «never: true» non servono «threshold» né «penalty»")
        elif self.threshold is None or self.penalty is None:
            raise ValueError("servono «threshold» e «penalty» (oppure «never: true»)")
        return self


class Amount(StrictModel):
    """A quantity a description tells («dopo 12 minuti», «una trentina di secondi»): a number of ``unit`` (a
    unit of the lexicon) more than ``over`` or at most ``at_most``."""

    unit: str
    over: float | None = None
    at_most: float | None = None

    @model_validator(mode="after")
    def _one_bound(self) -> Amount:
        if (self.over is None) == (self.at_most is None):
            raise ValueError("serve uno solo tra «over» e «at_most»")
        return self


class Change(StrictModel):
    """A condition that upgrades or downgrades the base penalty. ``cues`` and ``amounts`` are how a
    description tells that the condition holds (cue phrases as in ``not_when``; quantities); ``unless``
    lists cues that say it does not."""

    when: str
    penalty: Penalty
    cues: list[str] = Field(default_factory=list)
    unless: list[str] = Field(default_factory=list)
    amounts: list[Amount] = Field(default_factory=list)
    # Whether a negation before a cue denies it («nessuno schema»). Not for a condition about what was left
    # undone (a missed trigger is told «non l'ha sacrificata»).
    negation_denies: bool = True
    # A trait of a library card the description names that tells the condition (``detrimental_trigger``: the
    # card has a trigger usually bad for its controller, read from its Oracle text).
    card_trait: Literal["detrimental_trigger"] | None = None

    _check_when = field_validator("when")(_text)
    _check_cues = field_validator("cues", "unless")(_texts)


class Related(StrictModel):
    id: str
    text: str

    _check_text = field_validator("text")(_text)


class NotWhen(StrictModel):
    """Cues that say a description is NOT this infraction and, with ``to``, which infraction it is instead.

    Each cue is a short phrase; a word written ``@nome`` stands for any phrase of the cue group ``nome`` of
    the lexicon (``rules_it/policy/lessico.yaml``). A cue is found when all its words are in the description.
    ``unless`` lists cues that cancel the rule when they are found too.
    """

    cues: list[str] = Field(min_length=1)
    unless: list[str] = Field(default_factory=list)
    to: str | None = None
    text: str

    _check_cues = field_validator("cues", "unless")(_texts)
    _check_text = field_validator("text")(_text)


class CategoryModel(StrictModel):
    id: Category
    section: str
    name_it: str
    name_en: str
    summary: str
    repeat: Repeat | None = None


class SectionModel(StrictModel):
    """A general section of a document (IPG 1.x) or an MTR section."""

    id: str
    name_it: str
    name_en: str
    aliases: list[str] = Field(default_factory=list)
    keywords: list[str] = Field(default_factory=list)
    summary: str
    verify: str | None = None

    _check_lists = field_validator("aliases", "keywords")(_texts)
    _check_summary = field_validator("summary", "name_it", "name_en")(_text)


class IpgSectionModel(SectionModel):
    """A general section of the IPG (1, 1.1, ...)."""

    @field_validator("id")
    @classmethod
    def _ipg_section_id(cls, value: str) -> str:
        if not _IPG_ID.match(value) or value[0] != "1":
            raise ValueError(f"numero di sezione generale non valido «{value}» (atteso 1 o 1.x)")
        return value


class MtrSectionModel(SectionModel):
    """A section (x.y) or appendix (a letter) of the MTR."""

    @field_validator("id")
    @classmethod
    def _mtr_section_id(cls, value: str) -> str:
        if not _MTR_ID.match(value):
            raise ValueError(f"numero di sezione MTR non valido «{value}» (atteso x.y o una lettera)")
        return value


class InfractionModel(StrictModel):
    """One IPG infraction (sections 2-4)."""

    id: str
    category: Category
    name_it: str
    name_en: str
    aliases: list[str] = Field(min_length=1)
    keywords: list[str] = Field(default_factory=list)
    phrases: list[str] = Field(default_factory=list)
    acts: list[str] = Field(default_factory=list)
    not_when: list[NotWhen] = Field(default_factory=list)
    definition: str
    examples: list[str] = Field(default_factory=list)
    philosophy: str
    penalty: Penalty
    penalty_professional: Penalty | None = None
    remedy: list[str] = Field(min_length=1)
    partial_fixes: list[str] = Field(default_factory=list)
    upgrades: list[Change] = Field(default_factory=list)
    downgrades: list[Change] = Field(default_factory=list)
    repeat: Repeat | None = None
    related: list[Related] = Field(default_factory=list)
    regular: list[str] = Field(min_length=1)
    mtr: list[str] = Field(default_factory=list)
    tell_players: str
    verify: str | None = None

    _check_lists = field_validator("aliases", "keywords", "phrases", "acts", "examples", "remedy",
                                   "partial_fixes")(_texts)
    _check_texts = field_validator("definition", "philosophy", "tell_players", "name_it", "name_en")(_text)

    @field_validator("id")
    @classmethod
    def _ipg_id(cls, value: str) -> str:
        if not _IPG_ID.match(value) or value[0] not in "234":
            raise ValueError(f"numero di infrazione non valido «{value}» (atteso 2.x, 3.x o 4.x)")
        return value


class IpgFile(StrictModel):
    document: Literal["ipg"]
    title_it: str
    title_en: str
    date: str
    categories: list[CategoryModel] = Field(min_length=1)
    sections: list[IpgSectionModel] = Field(default_factory=list)
    infractions: list[InfractionModel] = Field(min_length=1)

    _check_date = field_validator("date")(_iso_date)


class JarGroup(StrictModel):
    id: Literal["general", "common", "unwanted", "serious"]
    quick: str
    name_it: str
    name_en: str
    summary: str


class JarCase(StrictModel):
    """One case of the JAR (a common issue, an unwanted behaviour, a serious problem)."""

    id: str
    group: Literal["general", "common", "unwanted", "serious"]
    name_it: str
    name_en: str
    aliases: list[str] = Field(default_factory=list)
    keywords: list[str] = Field(default_factory=list)
    phrases: list[str] = Field(default_factory=list)
    summary: str
    penalty: Penalty
    remedy: list[str] = Field(min_length=1)
    escalation: list[str] = Field(default_factory=list)
    repeat: Repeat | None = None
    ipg: list[str] = Field(default_factory=list)
    tell_players: str
    verify: str | None = None

    _check_lists = field_validator("aliases", "keywords", "phrases", "remedy", "escalation")(_texts)
    _check_texts = field_validator("summary", "tell_players", "name_it", "name_en")(_text)

    @field_validator("id")
    @classmethod
    def _jar_id(cls, value: str) -> str:
        if not _JAR_ID.match(value):
            raise ValueError(f"identificativo non valido «{value}» (atteso gruppo.nome, per esempio common.trigger)")
        return value

    @model_validator(mode="after")
    def _group_prefix(self) -> JarCase:
        if self.id.split(".", 1)[0] != self.group:
            raise ValueError(f"l'identificativo «{self.id}» deve iniziare con il gruppo «{self.group}.»")
        return self


class JarFile(StrictModel):
    document: Literal["jar"]
    title_it: str
    title_en: str
    date: str
    groups: list[JarGroup] = Field(min_length=1)
    cases: list[JarCase] = Field(min_length=1)

    _check_date = field_validator("date")(_iso_date)


class MtrFile(StrictModel):
    document: Literal["mtr"]
    title_it: str
    title_en: str
    date: str
    sections: list[MtrSectionModel] = Field(min_length=1)

    _check_date = field_validator("date")(_iso_date)


class Measure(StrictModel):
    """A phrase that is an amount by itself: «quarto d'ora» is 15 minuti."""

    amount: float = Field(gt=0)
    unit: str


class LexiconFile(StrictModel):
    """How free descriptions are read (``rules_it/policy/lessico.yaml``): irregular word forms, synonyms, the
    words of a story that are not acts (``story``: they never decide a match on their own) and named groups
    of cue phrases (``cues``) that the ``not_when`` rules of the infractions refer to as ``@nome``."""

    document: Literal["lexicon"]
    forms: dict[str, str] = Field(default_factory=dict)
    synonyms: list[list[str]] = Field(default_factory=list)
    story: list[str] = Field(default_factory=list)
    cues: dict[str, list[str]] = Field(default_factory=dict)
    # How a description says that the same infraction was already penalised today: for a number of earlier
    # penalties (1, 2), the phrases that say it («seconda volta oggi», «già due ammonizioni»).
    repeats: dict[int, list[str]] = Field(default_factory=dict)
    # How quantities are told (the ``amounts`` of upgrade and downgrade conditions): number words
    # («dieci», «una trentina»), the words of each unit («minuto», «min»), phrases that are an amount by
    # themselves («quarto d'ora»).
    # The words that deny what follows them («nessuno schema», «no pattern»): a cue of an upgrade or downgrade
    # they deny is not told.
    negations: list[str] = Field(default_factory=list)
    numbers: dict[str, float] = Field(default_factory=dict)
    units: dict[str, list[str]] = Field(default_factory=dict)
    measures: dict[str, Measure] = Field(default_factory=dict)

    @field_validator("repeats")
    @classmethod
    def _repeat_phrases(cls, groups: dict[int, list[str]]) -> dict[int, list[str]]:
        for count, phrases in groups.items():
            if count < 1:
                raise ValueError(f"«{count}»: il numero di penalità precedenti è almeno 1")
            for phrase in phrases:
                _text(phrase)
        return groups

    @field_validator("story")
    @classmethod
    def _story_words(cls, words: list[str]) -> list[str]:
        for word in words:
            if len(word.split()) != 1:
                raise ValueError(f"«{word}»: le parole del racconto sono parole singole")
        return words

    @field_validator("cues")
    @classmethod
    def _cue_groups(cls, groups: dict[str, list[str]]) -> dict[str, list[str]]:
        for name, phrases in groups.items():
            if not re.match(r"^[a-z_]+$", name):
                raise ValueError(f"nome di gruppo di indizi non valido «{name}» (solo lettere minuscole e _)")
            if not phrases:
                raise ValueError(f"il gruppo di indizi «{name}» è vuoto")
            for phrase in phrases:
                _text(phrase)
                if "@" in phrase:
                    raise ValueError(f"«{phrase}»: un indizio del lessico non può richiamare un altro gruppo")
        return groups

    @field_validator("forms")
    @classmethod
    def _single_words(cls, forms: dict[str, str]) -> dict[str, str]:
        for word, lemma in forms.items():
            if len(word.split()) != 1 or len(lemma.split()) != 1:
                raise ValueError(f"«{word}: {lemma}»: forma e infinito devono essere parole singole")
        return forms

    @field_validator("synonyms")
    @classmethod
    def _groups(cls, groups: list[list[str]]) -> list[list[str]]:
        for group in groups:
            if len(group) < 2:
                raise ValueError(f"un gruppo di sinonimi ha bisogno di almeno due parole: {group}")
            for word in group:
                if len(word.split()) != 1:
                    raise ValueError(f"«{word}»: i sinonimi sono parole singole (le frasi vanno nelle keywords)")
        return groups


class StoryModel(StrictModel):
    """One situation as a judge or a player tells it, with the infraction and the penalty it gets at
    Competitive REL (IPG 1.1: the judge rules on what happened, not on the words used to tell it)."""

    ipg: str
    penalty: Penalty
    kind: Literal["storia", "frammento", "gergo", "domanda"]
    text: str
    not_: list[str] = Field(default_factory=list, alias="not")

    _check_text = field_validator("text")(_text)

    @field_validator("ipg")
    @classmethod
    def _ipg_id(cls, value: str) -> str:
        if not _IPG_ID.match(value):
            raise ValueError(f"numero di infrazione IPG non valido «{value}» (es. 2.3)")
        return value


class StoriesFile(StrictModel):
    """Example situations the infraction matcher compares a description with (``rules_it/policy/storie/``).
    Several files may hold them; together they are one bank."""

    document: Literal["stories"]
    stories: list[StoryModel] = Field(min_length=1)


DOCUMENT_MODELS: dict[str, type[IpgFile] | type[JarFile] | type[MtrFile] | type[LexiconFile] | type[StoriesFile]] = {
    "ipg": IpgFile,
    "jar": JarFile,
    "mtr": MtrFile,
    "lexicon": LexiconFile,
    "stories": StoriesFile,
}
