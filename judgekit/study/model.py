"""The questions of ``judgekit studia``: their topics, their shape and how their choices are ordered.

A :class:`Question` is what a candidate sees and answers: ``text``, ``choices`` (in the order shown), the index of
the right one (``answer``), the ``explanation`` shown after the answer and the ``rules`` to read next. Its ``id``
is stable across runs and versions: it is made from what the question is about (a scenario and the fact asked, a
rule number, an infraction), never from its position in the bank.

A :class:`QuestionSpec` is what the bank keeps: the id, topic, level and kind, and ``make``, which builds the
question when it is asked. Board questions are made by replaying their scenario then (the rules core computes
the right answer; it is never stored); the others are made from the rules and policy data.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

# The topics a Level 1 candidate is examined on: id -> Italian name, in the order they are listed.
TOPICS: dict[str, str] = {
    "turno": "Struttura del turno",
    "pila": "Pila e priorità",
    "innescate": "Abilità innescate",
    "sba": "Azioni generate dallo stato",
    "combattimento": "Combattimento",
    "layer": "Sistema dei layer",
    "parole_chiave": "Parole chiave",
    "sostituzione": "Effetti di sostituzione e prevenzione",
    "jar": "JAR (REL Amatoriale)",
    "ipg": "IPG (REL Competitivo)",
    "mtr": "Regole dei tornei (MTR)",
}

# What a question asks: ``board`` (a board replayed by the rules core), ``rule_number`` (which rule says this),
# ``true_false`` (on a rule's text), ``fill_number`` (a number of a rule), ``infraction``, ``penalty``,
# ``fix`` (the fix at Regular), ``mtr`` (a tournament rule).
KINDS = ("board", "rule_number", "true_false", "fill_number", "infraction", "penalty", "fix", "mtr")


@dataclass(frozen=True)
class Question:
    """One question as asked: ``choices`` in the order shown, ``answer`` the index of the right one (0-based)."""

    id: str
    topic: str
    level: int
    kind: str
    text: str
    choices: tuple[str, ...]
    answer: int
    explanation: str
    rules: tuple[str, ...]

    def public(self) -> dict[str, object]:
        """What ``studia domanda --json`` shows: everything but the answer and its explanation."""
        return {"id": self.id, "topic": self.topic, "level": self.level, "kind": self.kind, "text": self.text,
                "choices": list(self.choices)}


@dataclass(frozen=True)
class QuestionSpec:
    """A question of the bank before it is asked: ``make`` builds it (a board question replays its scenario)."""

    id: str
    topic: str
    level: int
    kind: str
    make: Callable[[], Question]


def arrange(question_id: str, right: str, wrong: list[str], most: int = 4) -> tuple[tuple[str, ...], int]:
    """The choices of a question in a fixed order that depends only on its id (so a question looks the same every
    time it is asked), and the index of the right one. Wrong choices equal to the right one or to each other are
    dropped; at most ``most`` choices in all."""
    seen = {right}
    others: list[str] = []
    for w in wrong:
        if w not in seen:
            seen.add(w)
            others.append(w)
    options = [right, *others[: most - 1]]
    options.sort(key=lambda c: hashlib.sha256(f"{question_id}|{c}".encode()).hexdigest())
    return tuple(options), options.index(right)


def fixed(question: Question) -> QuestionSpec:
    """The spec of a question made once, from data (not a board question)."""
    return QuestionSpec(question.id, question.topic, question.level, question.kind, lambda: question)
