"""How the rules questions of ``judgekit studia`` change a rule's text: the numbers that can be blanked or changed,
and the one fact a false statement changes.

Every change is deterministic and explainable: a :class:`Change` says what the rule says (``before``) and what the
false statement says instead (``after``), so the explanation can quote both. The changes are chosen so that the
changed statement cannot still be true: a threshold that makes something happen (``dieci o più``) goes down, a
minimum (``almeno 1``) and a bound from above (``0 o meno``) go up, an exact count moves by one; a step is swapped
with another step of the turn (CR 500-514), ``può`` with ``non può``, a turn-based action that doesn't use the
stack with one that does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Italian number words the rules texts use as quantities ("sei" and "uno" are left out: "sei" is also a verb,
# "uno"/"una" are also articles).
WORDS: dict[str, int] = {"zero": 0, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sette": 7, "otto": 8,
                         "nove": 9, "dieci": 10, "venti": 20}
# Every number word, to write the nearby numbers of a number written in words.
_SPELLED = {0: "zero", 1: "uno", 2: "due", 3: "tre", 4: "quattro", 5: "cinque", 6: "sei", 7: "sette", 8: "otto",
            9: "nove", 10: "dieci", 11: "undici", 12: "dodici", 19: "diciannove", 20: "venti", 21: "ventuno",
            22: "ventidue"}

# A quantity: a number of one or two digits or a number word, never part of a rule number (``302.6``, ``7a``),
# of power and toughness (``1/1``, ``+1/+1``) or of a longer word.
_QUANTITY = re.compile(r"(?<![\w./+\-])(\d{1,2}|" + "|".join(WORDS) + r")(?![\w/]|[.,]\d)", re.IGNORECASE)


@dataclass(frozen=True)
class Quantity:
    """A number found in a text: where it is, how it is written and its value."""

    start: int
    end: int
    written: str
    value: int

    @property
    def spelled(self) -> bool:
        return not self.written.isdigit()


def quoted(text: str, at: int) -> bool:
    """True when position ``at`` of ``text`` is inside «...» or “...” (an example, not a rule)."""
    before = text[:at]
    return before.count("«") > before.count("»") or before.count("“") > before.count("”")


def counted(text: str, at: int) -> bool:
    """True when the number at ``at`` counts things the text has just listed ("fra questi due eventi")."""
    return re.search(r"\b(questi|queste|dei|delle|degli)\s+$", text[max(0, at - 12):at].lower()) is not None


def quantities(text: str) -> list[Quantity]:
    """The numbers of ``text`` that are quantities (rule numbers and P/T are not)."""
    found: list[Quantity] = []
    for match in _QUANTITY.finditer(text):
        written = match.group(1)
        value = int(written) if written.isdigit() else WORDS[written.lower()]
        found.append(Quantity(match.start(1), match.end(1), written, value))
    return found


def write_like(number: int, like: Quantity) -> str | None:
    """``number`` written the way ``like`` is (digits or words), or None when there is no word for it."""
    if not like.spelled:
        return str(number)
    word = _SPELLED.get(number)
    if word is None:
        return None
    return word.capitalize() if like.written[:1].isupper() else word


def nearby(q: Quantity) -> list[str]:
    """Wrong choices for a blanked number: the closest numbers first, never negative, written like it."""
    out: list[str] = []
    for delta in (1, -1, 2, -2, 3, 4):
        value = q.value + delta
        written = write_like(value, q) if value >= 0 else None
        if written is not None and written not in out:
            out.append(written)
    return out


@dataclass(frozen=True)
class Change:
    """One fact of a statement changed: ``before`` what the rule says, ``after`` what the false statement says."""

    start: int
    end: int
    before: str
    after: str

    def apply(self, text: str) -> str:
        return text[: self.start] + self.after + text[self.end:]


_SAFE_BEFORE = re.compile(r"\b(maggiore di|superiore a|più di|meno di|massimo|diversa da|dal|al)\s+(layer\s+)?$")


def _one(q: Quantity, after: str) -> str | None:
    """1 written like ``q`` ("una" before a feminine plural such as "magie", "uno" otherwise)."""
    if not q.spelled:
        return "1"
    noun = after.split()[2].strip(".,;:)»”") if len(after.split()) > 2 else ""
    word = "una" if noun.endswith("e") else "uno"
    return word.capitalize() if q.written[:1].isupper() else word


def _number_change(text: str) -> Change | None:
    """A quantity moved by one, in the direction that makes the statement false (see the module docstring).

    Left alone, because moving them could leave a true or a meaningless statement: numbers after "maggiore di",
    "più di", "al massimo", "diversa da", the ends of a range ("dal 2 al 6"), a count of things just listed ("fra
    questi due eventi"), numbers in a negative sentence ("non ... due volte") and numbers inside quotes (examples).
    """
    for q in quantities(text):
        after = text[q.end:q.end + 30]
        before = text[:q.start]
        sentence = re.split(r"[.;:]\s", before)[-1].lower()
        negative = re.search(r"\b(non|nessun\w*)\b", sentence) is not None
        if negative or counted(text, q.start) or quoted(text, q.start) or _SAFE_BEFORE.search(before[-25:].lower()):
            continue
        if after.startswith(" o più"):
            if q.value <= 1:
                continue  # "0 o più" would be true of everything
            value = q.value - 1
            written = _one(q, after) if value == 1 else write_like(value, q)
        else:
            value = q.value + 1  # exact counts, "almeno N", "N o meno"
            written = write_like(value, q)
        if written is not None:
            return Change(q.start, q.end, q.written, written)
    return None


# Steps of the turn swapped with another step (CR 500-514), first match wins.
_STEPS: list[tuple[str, str]] = [
    ("sottofase di mantenimento", "sottofase di acquisizione"),
    ("sottofase di acquisizione", "sottofase di mantenimento"),
    ("sottofase di stap", "sottofase di mantenimento"),
    ("sottofase di inizio combattimento", "sottofase di fine combattimento"),
    ("sottofase di fine combattimento", "sottofase di inizio combattimento"),
    ("sottofase di cancellazione", "sottofase finale"),
    ("sottofase finale", "sottofase di cancellazione"),
    ("dichiarazione delle creature attaccanti", "dichiarazione delle creature bloccanti"),
    ("dichiarazione delle creature bloccanti", "dichiarazione delle creature attaccanti"),
]

# Other swaps, in order of preference: (pattern, replacement). Each pattern has one group, the part replaced.
_SWAPS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(-1/-1)"), "+1/+1"),
    (re.compile(r"(\+1/\+1)"), "-1/-1"),
    (re.compile(r"\b(più vecchio)\b"), "più recente"),
    (re.compile(r"\b(contemporaneamente|simultaneamente)\b"), "uno alla volta"),
    (re.compile(r"\b(non usa la pila)\b"), "usa la pila"),
    (re.compile(r"\b(giocatore in difesa)\b"), "giocatore attivo"),
    (re.compile(r"\b(giocatore attivo)\b"), "giocatore non attivo"),
]

# "può" and "non può" swapped only in a sentence without words that would make the result ungrammatical
# ("non può ... né", "nessuno non può") or ambiguous ("solo ... può", "può anche").
_CAN_NOT = re.compile(r"\b(non può)\b")
_CAN = re.compile(r"(?<!non )(?<!\bsi )\b(può)\b(?! comunque| anche)|(?<!non )\b(si può)\b")
_NEGATIVE = re.compile(r"\b(né|alcun\w*|nessun\w*|nemmeno|neanche|mai|nulla|niente|solo|anche)\b", re.IGNORECASE)
_SENTENCE = re.compile(r"[^.;:]+")


def _can_change(text: str) -> Change | None:
    for sentence in _SENTENCE.finditer(text):
        part = sentence.group(0)
        if _NEGATIVE.search(part):
            continue
        for pattern, negate in ((_CAN_NOT, False), (_CAN, True)):
            match = pattern.search(part)
            if match is None:
                continue
            group = 1 if match.group(1) is not None else 2
            found = match.group(group)
            after = ("non si può" if found == "si può" else "non può") if negate else "può"
            start = sentence.start() + match.start(group)
            return Change(start, start + len(found), found, after)
    return None


def _step_change(text: str) -> Change | None:
    lowered = text.lower()
    best: Change | None = None
    for name, other in _STEPS:
        at = lowered.find(name)
        if at >= 0 and (best is None or at < best.start):
            end = at + len(name)
            if lowered[end:end + 1].isalpha():
                continue
            best = Change(at, end, text[at:end], other)
    return best


def _swap_change(text: str) -> Change | None:
    for pattern, replacement in _SWAPS:
        if replacement in text and replacement not in ("usa la pila", "giocatore attivo"):
            continue  # both sides already there ("+1/+1 e -1/-1"): swapping one would say nothing clear
        match = pattern.search(text)
        if match is not None:
            return Change(match.start(1), match.end(1), match.group(1), replacement)
    return None


def false_change(text: str) -> Change | None:
    """The one change that makes ``text`` false: a number, else a step of the turn, else "può"/"non può",
    else a swap; or None."""
    for finder in (_number_change, _step_change, _can_change, _swap_change):
        change = finder(text)
        if change is not None and change.apply(text) != text:
            return change
    return None


def context(text: str, start: int, end: int, words: int = 3) -> str:
    """``text[start:end]`` with up to ``words`` words on each side (to quote a change in an explanation)."""
    left = re.search(r"(?:\S+\s+){0,%d}\S*$".replace("%d", str(words)), text[:start])
    right = re.match(r"\S*(?:\s+\S+){0,%d}".replace("%d", str(words)), text[end:])
    return ((left.group(0) if left else "") + text[start:end] + (right.group(0) if right else "")).strip(" ,;:.")
