"""Oracle text made ready for the templates: reminder text removed, the card's own name written ``~``,
ability words dropped, one entry per ability with its modes.

- Reminder text (parenthesised, in italics on the card) has no rules meaning (CR 207.2a) and is removed.
- An object's text that refers to the object by name means that object only (CR 201.5); current Oracle wording
  also says "this creature", "this enchantment" and so on. All of these, and a legendary card's short name
  before its comma, become ``~``.
- An ability word (``Metalcraft —``, ``Fateful hour —``) has no rules meaning (CR 207.2c) and is dropped.
- A modal ability (``Choose one —`` followed by ``•`` lines) stays one entry with its modes (CR 700.2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_SELF_WORDS = ("creature", "enchantment", "artifact", "land", "permanent", "spell", "card", "aura", "equipment",
               "vehicle", "planeswalker", "battle", "token", "saga", "siege")
_SELF_RE = re.compile(r"\bthis (?:" + "|".join(_SELF_WORDS) + r")\b", re.IGNORECASE)
_REMINDER_RE = re.compile(r"\s*\([^()]*\)")
# The ability words of CR 207.2c: italic words that tie cards together and have no rules meaning. Any other word
# before a dash ("Boast —", "Max speed —") changes how the ability works and is kept.
ABILITY_WORDS = frozenset({
    "adamant", "addendum", "alliance", "battalion", "bloodrush", "celebration", "channel", "chroma", "cohort",
    "constellation", "converge", "corrupted", "council's_dilemma", "coven", "delirium", "descend_4",
    "descend_8", "domain", "eerie", "eminence", "enrage", "fateful_hour", "fathomless_descent", "ferocious",
    "flurry", "formidable", "grandeur", "hellbent", "heroic", "imprint", "inspired", "join_forces", "kinship",
    "landfall", "lieutenant", "magecraft", "metalcraft", "morbid", "pack_tactics", "paradox", "parley",
    "radiance", "raid", "rally", "revolt", "secret_council", "spell_mastery", "strive", "survival", "sweep",
    "tempting_offer", "threshold", "undergrowth", "valiant", "void", "will_of_the_council",
})
_ABILITY_WORD_RE = re.compile(r"^([A-Z][A-Za-z' 0-9-]{1,40}?) — (?=\S)")
_MODAL_RE = re.compile(r"(?:^|\s)choose (one|two|three|one or more|one or both|any number) —$", re.IGNORECASE)


@dataclass
class OracleLine:
    """One ability of the card: its Oracle text as printed, the text the templates read, and its modes."""

    oracle: str
    text: str
    modes: list[str] = field(default_factory=list)
    ability_word: str | None = None


def plain(text: str) -> str:
    """Typographic quotes and dashes made plain; the minus sign of a loyalty cost becomes ``-``."""
    return (text.replace("’", "'").replace("“", '"').replace("”", '"').replace("−", "-").replace("–", "-")
            .replace("\u00a0", " "))


def short_name(name: str) -> str | None:
    """``"Kalitas, Traitor of Ghet"`` -> ``"Kalitas"``: how Oracle names a legendary card after its first mention."""
    if ", " in name:
        return name.split(", ", 1)[0]
    return None


def self_reference(text: str, name: str) -> str:
    """Every way the card names itself becomes ``~`` (CR 201.5)."""
    out = text
    if name:
        out = out.replace(name, "~")
        short = short_name(name)
        if short:
            out = re.sub(r"\b" + re.escape(short) + r"\b", "~", out)
    return _SELF_RE.sub("~", out)


def lines(oracle: str, name: str) -> list[OracleLine]:
    """The card's abilities, in order: one :class:`OracleLine` per paragraph, with its ``•`` modes."""
    out: list[OracleLine] = []
    for raw in plain(oracle or "").split("\n"):
        printed = raw.strip()
        if not printed:
            continue
        text = _REMINDER_RE.sub("", printed).strip()
        if not text:
            continue  # reminder text alone (a basic land's mana ability, CR 305.6)
        text = self_reference(text, plain(name))
        if text.startswith("•") and out and _MODAL_RE.search(out[-1].text):
            out[-1].modes.append(text.lstrip("• ").strip())
            out[-1].oracle += "\n" + printed
            continue
        word = None
        m = _ABILITY_WORD_RE.match(text)
        if m and m.group(1).lower().replace(" ", "_") in ABILITY_WORDS:
            word, text = m.group(1), text[m.end():]
        out.append(OracleLine(oracle=printed, text=text, ability_word=word))
    return out


def modal_count(text: str) -> tuple[str, int | str | list[int]] | None:
    """``"… choose one —"`` -> (the text before it, how many modes: ``1``, ``2``, ``[1, 2]``; ``"one or more"`` and
    ``"any number"`` as written, since their maximum is the number of modes) (CR 700.2)."""
    m = _MODAL_RE.search(text)
    if not m:
        return None
    how = m.group(1).lower()
    count: int | str | list[int] = {"one": 1, "two": 2, "three": 3}.get(how, how)
    if how == "one or both":
        count = [1, 2]
    return text[: m.start()].strip(), count


def sentences(text: str) -> list[str]:
    """The sentences of an ability (split at ``. `` outside quotes), without their final full stop."""
    out: list[str] = []
    current = ""
    quoted = False
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == '"':
            quoted = not quoted
        if ch == "." and not quoted and (i + 1 == len(text) or text[i + 1] == " "):
            if current.strip():
                out.append(current.strip())
            current = ""
            i += 1
            continue
        current += ch
        i += 1
    if current.strip():
        out.append(current.strip())
    return out
