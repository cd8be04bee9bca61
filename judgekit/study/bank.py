"""The question bank of ``judgekit studia``: every question, by topic and level, and how one is picked.

Board questions come from the shipped scenarios (:mod:`judgekit.study.board`), rules questions from the rules
corpus (:mod:`judgekit.study.rules_questions`), policy questions from the IPG, JAR and MTR data and the
situations of ``rules_it/studio/`` (:mod:`judgekit.study.policy_questions`). Picking is deterministic for a
given seed; questions due for review (spaced repetition) come first.
"""

from __future__ import annotations

import functools
import random

from judgekit.errors import NotFoundError
from judgekit.study.model import TOPICS, QuestionSpec


@functools.lru_cache(maxsize=1)
def all_specs() -> tuple[QuestionSpec, ...]:
    """Every question of the bank (ids unique), board questions first."""
    from judgekit.study.board import board_questions
    from judgekit.study.policy_questions import policy_questions
    from judgekit.study.rules_questions import rules_questions

    found: dict[str, QuestionSpec] = {}
    for spec in (*board_questions(), *rules_questions(), *policy_questions()):
        found.setdefault(spec.id, spec)
    return tuple(found.values())


def by_id(question_id: str) -> QuestionSpec:
    """The question with this id; an unknown id is an error that names the nearest ones."""
    for spec in all_specs():
        if spec.id == question_id:
            return spec
    from rapidfuzz import process

    near = [n for n, _s, _i in process.extract(question_id, [s.id for s in all_specs()], limit=3, score_cutoff=60)]
    raise NotFoundError(f"domanda sconosciuta «{question_id}»", near)


def topic_id(name: str | None) -> str | None:
    """The topic an option names: its id or its Italian name, ignoring case; unknown is an error."""
    if name is None:
        return None
    wanted = name.strip().casefold()
    for tid, title in TOPICS.items():
        if wanted in (tid, title.casefold()) or title.casefold().startswith(wanted):
            return tid
    from rapidfuzz import process

    near = [n for n, _s, _i in process.extract(wanted, list(TOPICS), limit=3, score_cutoff=50)]
    raise NotFoundError(f"argomento sconosciuto «{name}»: gli argomenti sono {', '.join(TOPICS)}", near)


def pick(count: int, *, topic: str | None = None, level: int | None = None, seed: int | None = None,
         due: list[str] | None = None) -> list[QuestionSpec]:
    """``count`` questions of ``topic`` and ``level`` (any when None): those due for review first, then a random
    sample (the same for the same ``seed``) of the others."""
    pool = [s for s in all_specs() if (topic is None or s.topic == topic) and (level is None or s.level == level)]
    if not pool:
        raise NotFoundError("nessuna domanda per questo argomento e livello", [])
    first = [s for s in pool if s.id in set(due or [])]
    order = {qid: i for i, qid in enumerate(due or [])}
    first.sort(key=lambda s: order[s.id])
    rest = [s for s in pool if s.id not in order]
    return (first + _mixed(rest, random.Random(seed)))[:count]


def _mixed(specs: list[QuestionSpec], rng: random.Random) -> list[QuestionSpec]:
    """The questions in random order, taking each source in turn (a board, a rule, a policy question...), so that
    the largest source does not fill a session; the order of the sources is random too."""
    sources: dict[str, list[QuestionSpec]] = {}
    for spec in specs:
        sources.setdefault(spec.id.split(":", 1)[0], []).append(spec)
    lists = list(sources.values())
    for items in lists:
        rng.shuffle(items)
    rng.shuffle(lists)
    out: list[QuestionSpec] = []
    while any(lists):
        for items in lists:
            if items:
                out.append(items.pop())
    return out


def counts() -> dict[str, int]:
    """How many questions each topic has, in the order of :data:`TOPICS`."""
    out = dict.fromkeys(TOPICS, 0)
    for spec in all_specs():
        out[spec.topic] = out.get(spec.topic, 0) + 1
    return out
