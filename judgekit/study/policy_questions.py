"""Policy questions of ``judgekit studia``: IPG at Competitive REL, JAR at Regular REL, MTR.

Every question is made from data: the situations of ``rules_it/studio/situazioni.yaml`` (loaded and checked by
:mod:`judgekit.study.situations`) and the compiled policy data (``rules_it/policy``). For each situation:

- ``infraction`` (topic ``ipg``): which IPG infraction it is; the wrong choices are infractions of the same
  category, those the IPG names as related first (IPG 2-4);
- ``penalty`` (topic ``ipg``): the penalty at Competitive REL (IPG 1.1 names the penalties), the nearest
  penalties on the scale as wrong choices;
- ``fix`` (topic ``jar``): what the judge does at Regular REL; the wrong choices are the misreading of the REL
  (the Competitive penalty at Regular, or education for a Serious Problem) and the fixes of situations that fall
  under another JAR case.

The MTR questions (topic ``mtr``) ask which MTR section says what a section's summary says, and the questions
written in the situations file on one MTR section each. Ids: ``p:SITUATION:KIND``, ``m:SECTION:WHAT``.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from judgekit.policy.upgrade import PENALTIES, apply_repeat, short_label
from judgekit.study.model import Question, QuestionSpec, arrange, fixed
from judgekit.study.situations import MtrQuestion, Situation, StudyData, load_study_data, shipped_policy

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÀÈÉÌÒÙ«])")


def first_sentence(text: str) -> str:
    """The first sentence of a data text (summaries and definitions are written one sentence per fact)."""
    return _SENTENCE_END.split(text.strip(), maxsplit=1)[0]


def _lower_first(text: str) -> str:
    """A data sentence continued after a colon: its first letter in lower case, unless it starts an acronym."""
    if len(text) > 1 and text[1].isupper():
        return text
    return text[:1].lower() + text[1:]


def _spread(seed: str, items: list[str]) -> list[str]:
    """``items`` in an order fixed by ``seed``: different questions draw different wrong choices."""
    return sorted(items, key=lambda item: hashlib.sha256(f"{seed}|{item}".encode()).hexdigest())


# --- IPG: the infraction ------------------------------------------------------------------------------------


def _wrong_infractions(policy: dict[str, Any], iid: str) -> list[str]:
    """Other infractions a candidate may confuse with ``iid``: the related ones of the same category, the rest
    of the category, the related ones of other categories, then the nearest sections."""
    infractions = policy["infractions"]
    entry = infractions[iid]
    related = [r["id"] for r in entry.get("related", []) if r["id"] in infractions and r["id"] != iid]
    same = [i for i in infractions if i != iid and infractions[i]["category"] == entry["category"]]
    order = [i for i in related if i in same] + _spread(iid, [i for i in same if i not in related])
    order += [i for i in related if i not in order]
    rest = [i for i in infractions if i != iid and i not in order]
    order += sorted(rest, key=lambda i: abs(list(infractions).index(i) - list(infractions).index(iid)))
    return [infractions[i]["name_it"] for i in order]


def infraction_question(s: Situation, policy: dict[str, Any]) -> Question:
    """Which IPG infraction the situation is, at Competitive REL (IPG 2-4)."""
    entry = policy["infractions"][s.infraction]
    category = policy["categories"].get(entry["category"], {})
    qid = f"p:{s.id}:infraction"
    choices, answer = arrange(qid, entry["name_it"], _wrong_infractions(policy, s.infraction))
    where = f"IPG {s.infraction}, {category['name_it']}" if category else f"IPG {s.infraction}"
    explanation = f"È «{entry['name_it']}» ({where}): {_lower_first(first_sentence(entry['definition']))}"
    return Question(qid, "ipg", s.level, "infraction", f"{s.text}\n\nQuale infrazione è, a REL Competitivo?",
                    choices, answer, explanation, (f"IPG {s.infraction}",))


# --- IPG: the penalty ---------------------------------------------------------------------------------------


def _wrong_penalties(right: str) -> list[str]:
    """The other penalties of IPG 1.1, nearest on the scale first (the more severe first on a tie)."""
    at = PENALTIES.index(right)
    others = sorted((p for p in PENALTIES if p != right), key=lambda p: (abs(PENALTIES.index(p) - at),
                                                                          -PENALTIES.index(p)))
    return [short_label(p) for p in others]


def _penalty_explanation(s: Situation, policy: dict[str, Any]) -> tuple[str, tuple[str, ...]]:
    entry = policy["infractions"][s.infraction]
    name = f"«{entry['name_it']}» (IPG {s.infraction})"
    base = str(entry["penalty"])
    rules = [f"IPG {s.infraction}"]
    change = None
    if s.upgrade is not None:
        change = entry["upgrades"][s.upgrade - 1]
    elif s.downgrade is not None:
        change = entry["downgrades"][s.downgrade - 1]
    if change is None:
        text = f"{name} a REL Competitivo comporta «{short_label(base)}»."
        current = base
    else:
        current = str(change["penalty"])
        text = (f"{name} di base comporta «{short_label(base)}», qui «{short_label(current)}»: "
                f"{_lower_first(first_sentence(change['when']))}")
    if s.previous:
        repeat = apply_repeat(entry.get("repeat"), current, s.previous)
        if repeat["applied"]:
            where = entry["id"]
            if entry.get("repeat_from") == "category":
                where = policy["categories"][entry["category"]]["section"]
                rules.append(f"IPG {where}")
            given = "una penalità già data" if s.previous == 1 else f"{s.previous} penalità già date"
            text += (f" Con {given} oggi per la stessa infrazione diventa «{short_label(repeat['penalty'])}» "
                     f"(IPG {where}).")
    return text, tuple(rules)


def penalty_question(s: Situation, policy: dict[str, Any]) -> Question:
    """The penalty at Competitive REL: the IPG's base penalty, its upgrades and downgrades, repetitions."""
    qid = f"p:{s.id}:penalty"
    choices, answer = arrange(qid, short_label(s.penalty), _wrong_penalties(s.penalty))
    explanation, rules = _penalty_explanation(s, policy)
    return Question(qid, "ipg", s.level, "penalty", f"{s.text}\n\nQuale penalità, a REL Competitivo?",
                    choices, answer, explanation, rules)


# --- JAR: the fix at Regular --------------------------------------------------------------------------------


# The commonest mistake at Regular REL: applying the IPG and its penalty (JAR, introduction).
_COMPETITIVE_AT_REGULAR = {
    "warning": "un'Ammonizione",
    "game_loss": "una Partita persa",
    "match_loss": "un Incontro perso",
}
# The opposite mistake with a Serious Problem: treating it as a behaviour to educate.
_SERIOUS_AS_UNWANTED = ("Spiega al giocatore che il comportamento non è accettabile e lo lascia continuare a giocare, "
                        "senza penalità.")


def _misreading(s: Situation, policy: dict[str, Any]) -> str | None:
    """The plausible wrong fix of a situation at Regular REL: the Competitive penalty for a common issue or an
    unwanted behaviour met for the first time, the education of an unwanted behaviour for a Serious Problem."""
    group = policy["jar"][s.regular]["group"]
    if group == "serious":
        return _SERIOUS_AS_UNWANTED
    penalty = _COMPETITIVE_AT_REGULAR.get(s.penalty)
    if penalty is None or s.previous:
        return None
    return f"Applica la procedura del REL Competitivo: corregge come dice l'IPG e dà al giocatore {penalty}."


def _wrong_fixes(s: Situation, situations: tuple[Situation, ...], policy: dict[str, Any]) -> list[str]:
    """The wrong fixes at Regular REL: the misreading of the REL, then fixes of situations under another JAR case,
    those of the same IPG category first, then those of the same JAR group. Two Serious Problems are never each
    other's wrong choice (both end in a disqualification)."""
    jar = policy["jar"]
    infractions = policy["infractions"]
    group = jar[s.regular]["group"]
    category = infractions[s.infraction]["category"]
    same_category: list[str] = []
    same_group: list[str] = []
    rest: list[str] = []
    for other in situations:
        if other.regular == s.regular or other.fix == s.fix:
            continue
        other_group = jar[other.regular]["group"]
        if group == "serious" and other_group == "serious":
            continue
        if infractions[other.infraction]["category"] == category:
            same_category.append(other.fix)
        elif other_group == group:
            same_group.append(other.fix)
        else:
            rest.append(other.fix)
    seed = f"p:{s.id}:fix"
    misreading = _misreading(s, policy)
    first = [misreading] if misreading else []
    return first + _spread(seed, same_category) + _spread(seed, same_group) + _spread(seed, rest)


def fix_question(s: Situation, situations: tuple[Situation, ...], policy: dict[str, Any]) -> Question:
    """What the judge does at Regular REL (JAR): fix, educate, and when it becomes a Game Loss or a Serious
    Problem."""
    qid = f"p:{s.id}:fix"
    case = policy["jar"][s.regular]
    choices, answer = arrange(qid, s.fix, _wrong_fixes(s, situations, policy))
    explanation = (f"A REL Amatoriale vale il JAR, caso «{case['name_it']}»: "
                   f"{_lower_first(first_sentence(case['summary']))}")
    return Question(qid, "jar", s.level, "fix", f"{s.text}\n\nA REL Amatoriale, che cosa fa l'arbitro?",
                    choices, answer, explanation, (f"JAR {s.regular}", f"IPG {s.infraction}"))


# --- MTR --------------------------------------------------------------------------------------------------


def _mtr_label(sid: str, section: dict[str, Any]) -> str:
    return f"MTR, {section['name_it']}" if sid.isalpha() else f"MTR {sid} {section['name_it']}"


def _mtr_level(sid: str) -> int:
    """Chapters 2, 4 and 5 (the match, communication, conduct) are met first; 1 and 3 next; the rest last."""
    chapter = sid.split(".")[0]
    return 1 if chapter in ("2", "4", "5") else 2 if chapter in ("1", "3") else 3


def mtr_section_question(sid: str, policy: dict[str, Any]) -> Question:
    """Which MTR section says what its summary says; wrong choices: the nearest sections of the same chapter."""
    sections = policy["mtr"]
    order = list(sections)
    chapter = sid.split(".")[0]
    others = [o for o in order if o != sid]
    others.sort(key=lambda o: (o.split(".")[0] != chapter, abs(order.index(o) - order.index(sid))))
    qid = f"m:{sid}:sezione"
    choices, answer = arrange(qid, _mtr_label(sid, sections[sid]), [_mtr_label(o, sections[o]) for o in others])
    text = f"Quale sezione delle Regole dei tornei (MTR) dice questo?\n«{sections[sid]['summary']}»"
    explanation = f"Lo dice la sezione {sid} delle MTR, «{sections[sid]['name_it']}»."
    return Question(qid, "mtr", _mtr_level(sid), "mtr", text, choices, answer, explanation, (f"MTR {sid}",))


def mtr_fact_question(q: MtrQuestion, policy: dict[str, Any]) -> Question:
    """A question written in the situations file on one MTR section; the explanation is the section's summary."""
    section = policy["mtr"][q.section]
    qid = f"m:{q.section}:{q.id}"
    choices, answer = arrange(qid, q.answer, list(q.wrong))
    explanation = f"MTR {q.section} ({section['name_it']}): {_lower_first(section['summary'])}"
    return Question(qid, "mtr", q.level, "mtr", q.question, choices, answer, explanation, (f"MTR {q.section}",))


# --- the bank ---------------------------------------------------------------------------------------------


def policy_questions(data: StudyData | None = None, policy: dict[str, Any] | None = None) -> list[QuestionSpec]:
    """Every policy question: three per situation (infraction, penalty, fix), then the MTR questions."""
    policy = shipped_policy() if policy is None else policy
    data = load_study_data(policy=policy) if data is None else data
    questions: list[Question] = []
    for s in data.situations:
        questions += [infraction_question(s, policy), penalty_question(s, policy),
                      fix_question(s, data.situations, policy)]
    questions += [mtr_section_question(sid, policy) for sid in policy.get("mtr", {})]
    questions += [mtr_fact_question(q, policy) for q in data.mtr]
    return [fixed(q) for q in questions]
