"""The rules questions of ``judgekit studia``, made from the rules corpus judgekit ships (``rules_it/cr`` and
``rules_it/sintesi``, read through the compiled cache like ``judgekit rule`` does).

Three kinds, each with a stable id made from the rule number:

- ``r:NUMERO:rule_number``: which rule says this text (the wrong numbers are its siblings and neighbours);
- ``r:NUMERO:true_false`` (the rule's text, true) and ``r:NUMERO:true_false:falso`` (the same text with one fact
  changed, see :mod:`judgekit.study.rules_changes`);
- ``r:NUMERO:fill_number``: a number of the rule blanked, the nearby numbers as wrong choices.

Only rules whose topic is examined (see :data:`TOPIC_OF_SECTION`) are asked, and never a rule the corpus marks as
superseded or flags with a note: the Italian CR text of the seeds is older than the rules in force in places (the
damage assignment order removed in November 2024, the old numbering of 508 and 510), and those rules carry a note
saying so. Cross-references of the seed text (``vedi regola 116``) may follow an older numbering, so they are left
out of the statements.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from judgekit.corpus import ids
from judgekit.study import rules_changes as changes
from judgekit.study.model import TOPICS, Question, QuestionSpec, arrange, fixed

# Sections -> topic (CR 500-514 the turn, 506-511 combat, 117/405/601/602/608 stack and priority, 603 triggered
# abilities, 613 layers, 614-616 and 707 replacement, prevention and copy effects, 702 keywords, 704 SBAs).
TOPIC_OF_SECTION: dict[str, str] = {
    **{str(s): "turno" for s in (500, 501, 502, 503, 504, 505, 512, 513, 514)},
    **{str(s): "combattimento" for s in range(506, 512)},
    **{s: "pila" for s in ("117", "405", "601", "602", "608")},
    "603": "innescate", "704": "sba", "613": "layer", "702": "parole_chiave",
    **{s: "sostituzione" for s in ("614", "615", "616", "707")},
}

# Rules whose seed text is wrong even where it is current: never asked.
SKIP: dict[str, str] = {
    "509.1d": "the seed says the active player determines the cost to block (it is the defending player)",
    "509.1e": "the seed speaks of the cost to attack in the declare blockers step",
}

# Rules whose automatic false variant (see rules_changes) reads as nonsense or could be read as true, checked by
# hand: they are asked as true statements only.
NO_FALSE = frozenset({
    "117.1",  # "chi non può agire ... è stabilito dalla priorità" is true in a way
    "506.2",  # "una partita a tre giocatori ... il giocatore non attivo": ill-defined, not clearly false
    "506.7",  # a list of quoted moments of combat: changing one is not a rule
    "508.1c", "509.1b",  # the definition of a restriction with "può" reads as nonsense
    "508.1g", "508.5a",  # "non può pagare", "non si può applicare": nonsense rather than false
    "508.3f",  # the rule contrasts the two steps: swapping one says the same step twice
    "508.4", "508.5", "508.7d",  # "giocatore attivo" for "giocatore in difesa" in a multiplayer sentence
    "616.1e", "702.16a",  # "non può ... uno qualsiasi", "non può essere qualsiasi": could be read as true
})

# Words that mean the text is about the damage assignment order, which no longer exists (Foundations, 2024).
_OUTDATED = ("ordine di assegnazione",)

SHORTEST, LONGEST = 60, 400
_SEE_PAREN = re.compile(r"\s*\((?:[Vv]edi|[Ss]ee) [^()]*\)")
_SEE_SENTENCE = re.compile(r"\s*Vedi (?:la )?regol[ae] \d{3}(?:\.\d+[a-z]?)?[^.]*\.")
_SENTENCE_END = re.compile(r"(?<=[.;])\s+(?=[A-ZÀÈÉÌÒÙ«“\"(])")
_WORD = re.compile(r"\w+")
# Texts alike (one's words mostly in the other) are never each other's wrong choice; texts the same (sharing this
# share of all their words) are not asked as "which rule says this".
_ALIKE, _SAME = 0.7, 0.8


def topic_of(rule_id: str) -> str | None:
    """The topic of a rule from its section, or None when the section is not examined."""
    return TOPIC_OF_SECTION.get(ids.section_of(rule_id))


def usable(rule: dict[str, Any]) -> bool:
    """Italian, current, without a note (notes flag outdated or untranslated seed text), not about the damage
    assignment order, not known to be wrong."""
    text = str(rule.get("text") or "")
    return (rule.get("language") == "it" and rule.get("status") == "current" and not rule.get("note")
            and rule["id"] not in SKIP and not any(w in text.lower() for w in _OUTDATED))


def _tidy(text: str) -> str:
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r"\s+([,.;:])", r"\1", text)
    text = re.sub(r"(?<!\.)\.\.(?!\.)", ".", text)  # a period left before a removed "(Vedi ...)."
    return text.strip()


def statement(rule: dict[str, Any]) -> str | None:
    """What a question shows of a rule: its text without cross-references of the seed (CR text only), without
    parentheses citing its own number, cut at a sentence boundary to :data:`LONGEST` characters; None when what is
    left is shorter than :data:`SHORTEST` or still gives the rule's number away."""
    rid = str(rule["id"])
    text = str(rule["text"])
    if rule.get("kind") == "cr":
        text = _SEE_SENTENCE.sub("", _SEE_PAREN.sub("", text))
    text = re.sub(r"\s*\([^()]*" + re.escape(rid) + r"[^()]*\)", "", text)
    text = _tidy(text)
    if rid in text:
        return None
    if len(text) > LONGEST:
        kept = ""
        for sentence in _SENTENCE_END.split(text):
            if len(kept) + len(sentence) + 1 > LONGEST:
                break
            kept = f"{kept} {sentence}".strip()
        text = kept
    while text.endswith(":"):  # a sentence that introduces a list left out
        text = " ".join(_SENTENCE_END.split(text)[:-1])
    return text if len(text) >= SHORTEST else None


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text) if len(w) > 2}


def _alike(a: set[str], b: set[str]) -> bool:
    """True when most words of one are also in the other (a text repeated, or said again inside a longer one)."""
    return bool(a and b) and len(a & b) / min(len(a), len(b)) >= _ALIKE


def _same(a: set[str], b: set[str]) -> bool:
    """True when two texts have nearly the same words (which of them is which cannot be told)."""
    return bool(a and b) and len(a & b) / len(a | b) >= _SAME


# --------------------------------------------------------------------------- the three kinds

def _level(rule_id: str, base: int) -> int:
    """``base`` for a rule, one more for a subrule (``514.3a``), at most 3."""
    return min(3, base + (1 if rule_id[-1].isalpha() else 0))


def _about(rule: dict[str, Any]) -> str:
    """What a statement is about, shown with it: the section title (the topic when the title is just "Generale")."""
    title = str(rule["section_title"])
    return TOPICS[TOPIC_OF_SECTION[rule["section"]]] if title.lower() in ("", "generale") else title


def _where(rule: dict[str, Any]) -> str:
    return f"sezione {rule['section']}, «{rule['section_title']}»"


_parent = lru_cache(maxsize=None)(ids.parent_of)

# How far in CR order (among the rules asked) wrong rule numbers are looked for.
_NEAR = 25


def _wrong_numbers(rule_id: str, order: list[str], avoid: set[str]) -> list[str]:
    """Plausible wrong rule numbers: the nearest sibling, the parent rule, a neighbour (in the same section when
    there is one), then the others in order of distance (asked rules only, never a section nor ``avoid``)."""
    parent = ids.parent_of(rule_id)
    at = order.index(rule_id)
    near = sorted(range(max(0, at - _NEAR), min(len(order), at + _NEAR + 1)), key=lambda i: abs(i - at))
    by_distance = [order[i] for i in near if i != at]
    siblings = [r for r in by_distance if _parent(r) == parent]
    section = ids.section_of(rule_id)
    neighbours = sorted((r for r in by_distance if _parent(r) != parent),
                        key=lambda r: ids.section_of(r) != section)
    first: list[str] = siblings[:1]
    if parent is not None and "." in parent and parent in by_distance:
        first.append(parent)
    first += neighbours[:1]
    return [r for r in [*first, *siblings, *neighbours] if "." in r and r not in avoid]


def rule_number(rule: dict[str, Any], text: str, order: list[str], alike: set[str]) -> Question:
    """Which rule says this text; never offering as wrong a rule that ``text`` cites or one whose text is ``alike``."""
    rid = str(rule["id"])
    qid = f"r:{rid}:rule_number"
    wrong = _wrong_numbers(rid, order, set(ids.find_refs(text)) | alike)
    choices, answer = arrange(qid, rid, wrong)
    return Question(qid, TOPIC_OF_SECTION[rule["section"]], _level(rid, 2), "rule_number",
                    f"Quale regola dice questo?\n«{text}»", choices, answer,
                    f"La regola {rid} ({_where(rule)}) dice proprio questo.", (rid,))


_TRUE_FALSE = ("Vero", "Falso")


def true_statement(rule: dict[str, Any], text: str) -> Question:
    """A rule's text as it is: true."""
    rid = str(rule["id"])
    return Question(f"r:{rid}:true_false", TOPIC_OF_SECTION[rule["section"]], _level(rid, 1), "true_false",
                    f"Vero o falso? ({_about(rule)})\n«{text}»", _TRUE_FALSE, 0,
                    f"Vero: la regola {rid} ({_where(rule)}) dice proprio questo.", (rid,))


def false_statement(rule: dict[str, Any], text: str) -> Question | None:
    """A rule's text with one fact changed (:func:`rules_changes.false_change`): false; None when nothing can be
    changed safely."""
    rid = str(rule["id"])
    change = None if rid in NO_FALSE else changes.false_change(text)
    if change is None:
        return None
    changed = change.apply(text)
    said = changes.context(text, change.start, change.end)
    claimed = changes.context(changed, change.start, change.start + len(change.after))
    return Question(f"r:{rid}:true_false:falso", TOPIC_OF_SECTION[rule["section"]], _level(rid, 1), "true_false",
                    f"Vero o falso? ({_about(rule)})\n«{changed}»", _TRUE_FALSE, 1,
                    f"Falso: la regola {rid} dice «{said}», non «{claimed}».", (rid,))


def fill_number(rule: dict[str, Any], text: str, order: list[str]) -> Question | None:
    """A number of a rule blanked: a quantity whose value appears only once in the text; in our own summaries
    (whose cross-references follow the rules in force) a cited rule number when there is no quantity."""
    rid = str(rule["id"])
    qid = f"r:{rid}:fill_number"
    found = changes.quantities(text)
    values = [q.value for q in found]
    for q in found:
        if values.count(q.value) == 1 and not changes.quoted(text, q.start) and not changes.counted(text, q.start):
            start, end, right, wrong, level = q.start, q.end, q.written, changes.nearby(q), _level(rid, 1)
            break
    else:
        if rule.get("kind") != "sintesi":
            return None
        cited = [r for r in ids.find_refs(text) if "." in r and r in order and r != rid
                 and re.search(re.escape(r) + r"(?![\w])", text)]
        if not cited:
            return None
        right = cited[0]
        match = re.search(re.escape(right) + r"(?![\w])", text)
        assert match is not None
        start, end, level = match.start(), match.end(), 3
        wrong = [r for r in _wrong_numbers(right, order, {rid, *cited}) if ids.section_of(r) == ids.section_of(right)]
    choices, answer = arrange(qid, right, wrong)
    blanked = text[:start] + "___" + text[end:]
    return Question(qid, TOPIC_OF_SECTION[rule["section"]], level, "fill_number",
                    f"Quale numero manca? ({_about(rule)})\n«{blanked}»", choices, answer,
                    f"La regola {rid} dice «{changes.context(text, start, end)}».", (rid,))


# --------------------------------------------------------------------------- the bank

@lru_cache(maxsize=1)
def _questions() -> tuple[Question, ...]:
    from judgekit.corpus.lookup import rules_part

    part = rules_part()
    rules: dict[str, dict[str, Any]] = part["rules"]
    order = [r for r in part["order"] if topic_of(r) is not None and usable(rules[r])]
    texts = {rid: t for rid in order if (t := statement(rules[rid])) is not None}
    words = {rid: _words(t) for rid, t in texts.items()}
    by_topic: dict[str, list[str]] = {}
    for rid in texts:
        by_topic.setdefault(TOPIC_OF_SECTION[ids.section_of(rid)], []).append(rid)
    out: list[Question] = []
    for rid, text in texts.items():
        rule = rules[rid]
        # texts alike are looked for in the same topic: wrong choices are near in CR order, so in it too
        others = [other for other in by_topic[TOPIC_OF_SECTION[rule["section"]]] if other != rid]
        if not any(_same(words[rid], words[other]) for other in others):
            alike = {other for other in others if _alike(words[rid], words[other])}
            out.append(rule_number(rule, text, order, alike))
        out.append(true_statement(rule, text))
        made = [false_statement(rule, text), fill_number(rule, text, order)]
        out += [q for q in made if q is not None]
    return tuple(out)


def rules_questions() -> list[QuestionSpec]:
    """Every rules question of the bank, in CR order (about three per rule asked)."""
    return [fixed(q) for q in _questions()]
