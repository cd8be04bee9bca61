"""The study situations (``rules_it/studio/situazioni.yaml``): short floor-judge stories, each with its IPG
infraction and penalty at Competitive REL and what the judge does at Regular REL (JAR), plus MTR questions.

The file is read with :func:`judgekit.yamlio.load_yaml` (which keeps the line of every key) and validated with
strict pydantic models; then every situation is checked against the compiled policy data (``rules_it/policy``,
loaded through the cache as ``judgekit infrazione`` loads it): the infraction must exist in the IPG, the JAR
case must exist and be one the IPG lists for that infraction, and the penalty written must be the one the IPG
gives (base penalty, an upgrade or downgrade of IPG 2-4 named by its number, the repetition rule of IPG 2, 3
and 4.1). Every problem is reported as ``file:line  key.path: message`` in one :class:`InvalidFileError`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from judgekit import paths
from judgekit.errors import InvalidFileError, Issue
from judgekit.yamlio import YamlDoc, load_yaml

SITUATIONS_FILE = Path("studio") / "situazioni.yaml"

_SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Situation:
    """One situation: ``infraction`` is the IPG section (``"2.4"``); ``penalty`` the one given at Competitive
    REL; ``upgrade``/``downgrade`` the 1-based number of the IPG condition that changes the base penalty;
    ``previous`` the penalties for the same infraction already given that day; ``regular`` the JAR case and
    ``fix`` what the judge does at Regular REL."""

    id: str
    level: int
    text: str
    infraction: str
    penalty: str
    regular: str
    fix: str
    upgrade: int | None = None
    downgrade: int | None = None
    previous: int = 0


@dataclass(frozen=True)
class MtrQuestion:
    """A question on one MTR section: the right ``answer`` and the ``wrong`` choices, written in the data."""

    id: str
    level: int
    section: str
    question: str
    answer: str
    wrong: tuple[str, ...]


@dataclass(frozen=True)
class StudyData:
    situations: tuple[Situation, ...]
    mtr: tuple[MtrQuestion, ...]


def default_path() -> Path:
    """The shipped file, in the rules folder in use (``JUDGEKIT_RULES_DIR`` changes it)."""
    return paths.rules_dir() / SITUATIONS_FILE


def shipped_policy() -> dict[str, Any]:
    """The compiled policy data (IPG, JAR, MTR) from the cache, as the policy commands read it."""
    from judgekit import cache

    part = cache.corpus().part("policy")
    return part if isinstance(part, dict) else {}


def _slug(value: str) -> str:
    if not _SLUG.match(value):
        raise ValueError(f"identificativo non valido «{value}»: solo minuscole, cifre e trattini")
    return value


def _clean(value: str) -> str:
    value = " ".join(value.split())
    if not value:
        raise ValueError("il testo non può essere vuoto")
    return value


@functools.cache
def _models() -> Any:
    """The pydantic models, built on first use (pydantic is imported only when a file is validated)."""
    from pydantic import Field, field_validator

    from judgekit.validation import StrictModel

    class SituationModel(StrictModel):
        id: str
        level: int = Field(ge=1, le=3)
        text: str
        infraction: str
        penalty: Literal["no_penalty", "warning", "game_loss", "match_loss", "disqualification"]
        upgrade: int | None = Field(default=None, ge=1)
        downgrade: int | None = Field(default=None, ge=1)
        previous: int = Field(default=0, ge=0, le=10)
        regular: str
        fix: str

        _check_id = field_validator("id")(_slug)
        _check_texts = field_validator("text", "fix")(_clean)

    class MtrQuestionModel(StrictModel):
        id: str
        level: int = Field(ge=1, le=3)
        section: str
        question: str
        answer: str
        wrong: list[str] = Field(min_length=3)

        _check_id = field_validator("id")(_slug)
        _check_texts = field_validator("question", "answer")(_clean)

        @field_validator("wrong")
        @classmethod
        def _wrong(cls, values: list[str]) -> list[str]:
            return [_clean(v) for v in values]

    class SituationsFile(StrictModel):
        document: Literal["situations"]
        situations: list[SituationModel] = Field(min_length=1)
        mtr: list[MtrQuestionModel] = Field(default_factory=list)

    return SituationsFile


def expected_penalty(entry: dict[str, Any], upgrade: int | None, downgrade: int | None, previous: int) -> str:
    """The penalty the IPG gives: the base one, or the one of the named upgrade or downgrade, then the
    repetition rule of the category or infraction (IPG 2, 3, 4.1) applied to ``previous`` earlier penalties."""
    from judgekit.policy.upgrade import apply_repeat

    penalty = str(entry["penalty"])
    if upgrade is not None:
        penalty = str(entry["upgrades"][upgrade - 1]["penalty"])
    if downgrade is not None:
        penalty = str(entry["downgrades"][downgrade - 1]["penalty"])
    return str(apply_repeat(entry.get("repeat"), penalty, previous)["penalty"])


def _check_situation(doc: YamlDoc, n: int, s: Any, policy: dict[str, Any]) -> list[Issue]:
    from judgekit.policy.upgrade import short_label

    issues: list[Issue] = []
    infractions = policy.get("infractions", {})
    jar = policy.get("jar", {})
    entry = infractions.get(s.infraction)
    if entry is None:
        known = ", ".join(infractions) or "nessuna"
        return [doc.issue(("situations", n, "infraction"),
                          f"infrazione IPG «{s.infraction}» inesistente in ipg.yaml (ammesse: {known})")]
    if s.regular not in jar:
        issues.append(doc.issue(("situations", n, "regular"), f"caso JAR «{s.regular}» inesistente in jar.yaml"))
    elif s.regular not in entry.get("regular", []):
        allowed = ", ".join(entry.get("regular", []))
        issues.append(doc.issue(("situations", n, "regular"),
                                f"il caso JAR «{s.regular}» non è tra quelli dell'IPG {s.infraction} ({allowed})"))
    if s.upgrade is not None and s.downgrade is not None:
        issues.append(doc.issue(("situations", n, "downgrade"), "indica «upgrade» oppure «downgrade», non tutti e due"))
        return issues
    for key, count in (("upgrade", len(entry.get("upgrades", []))), ("downgrade", len(entry.get("downgrades", [])))):
        number = getattr(s, key)
        if number is not None and number > count:
            issues.append(doc.issue(("situations", n, key),
                                    f"l'IPG {s.infraction} ha {count} condizion{'e' if count == 1 else 'i'} "
                                    f"«{key}s», non {number}"))
            return issues
    wanted = expected_penalty(entry, s.upgrade, s.downgrade, s.previous)
    if s.penalty != wanted:
        issues.append(doc.issue(("situations", n, "penalty"),
                                f"penalità «{s.penalty}» ({short_label(s.penalty)}) diversa da quella dell'IPG "
                                f"{s.infraction}: «{wanted}» ({short_label(wanted)})"))
    return issues


def _check_mtr(doc: YamlDoc, n: int, q: Any, policy: dict[str, Any]) -> list[Issue]:
    issues: list[Issue] = []
    if q.section not in policy.get("mtr", {}):
        issues.append(doc.issue(("mtr", n, "section"), f"sezione MTR «{q.section}» inesistente in mtr.yaml"))
    if q.answer in q.wrong:
        issues.append(doc.issue(("mtr", n, "wrong"), "la risposta giusta compare anche tra quelle sbagliate"))
    if len(set(q.wrong)) != len(q.wrong):
        issues.append(doc.issue(("mtr", n, "wrong"), "risposte sbagliate ripetute"))
    return issues


def _duplicates(doc: YamlDoc, key: str, ids: list[str]) -> list[Issue]:
    seen: dict[str, int] = {}
    issues: list[Issue] = []
    for n, ident in enumerate(ids):
        if ident in seen:
            issues.append(doc.issue((key, n, "id"), f"identificativo ripetuto «{ident}» "
                                                    f"(già alla riga {doc.line_of((key, seen[ident], 'id'))})"))
        else:
            seen[ident] = n
    return issues


def load_study_data(path: Path | None = None, policy: dict[str, Any] | None = None, *,
                    name: str | None = None) -> StudyData:
    """The situations and MTR questions of ``path`` (the shipped file by default), checked against ``policy``
    (the compiled policy data by default); raise :class:`InvalidFileError` with every problem found."""
    from judgekit.validation import validate_doc

    path = path or default_path()
    doc = load_yaml(path, name=name or paths.display_path(path))
    if doc.data is None:
        raise InvalidFileError([Issue(doc.name, None, "", "file vuoto")])
    model = validate_doc(_models(), doc)
    policy = shipped_policy() if policy is None else policy
    issues = _duplicates(doc, "situations", [s.id for s in model.situations])
    issues += _duplicates(doc, "mtr", [q.id for q in model.mtr])
    for n, s in enumerate(model.situations):
        issues += _check_situation(doc, n, s, policy)
    for n, q in enumerate(model.mtr):
        issues += _check_mtr(doc, n, q, policy)
    if issues:
        raise InvalidFileError(issues)
    situations = tuple(Situation(s.id, s.level, s.text, s.infraction, s.penalty, s.regular, s.fix, s.upgrade,
                                 s.downgrade, s.previous) for s in model.situations)
    mtr = tuple(MtrQuestion(q.id, q.level, q.section, q.question, q.answer, tuple(q.wrong)) for q in model.mtr)
    return StudyData(situations, mtr)


def validate_file(path: Path) -> list[Issue]:
    """Every problem of a study situations file (what ``judgekit check`` calls for ``rules_it/studio``)."""
    try:
        load_study_data(path)
    except InvalidFileError as exc:
        return list(exc.issues)
    return []
