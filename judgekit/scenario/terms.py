"""Game terms in scenario files: canonical English values and their Italian aliases.

Values that name a game term (types, supertypes, subtypes, colours, keywords, steps, counters, zones) are
canonical English: the values of :mod:`judgekit.engine.vocab`. Italian (and other English) names are aliases
read from one place only, the project's glossary (``rules_it/glossary.yaml``, compiled on its own by
``cache.glossary()``: the same entries as ``cache.corpus()["glossary"]``), whose compiler refuses a name that
would map to two values. Names are compared folded with :func:`judgekit.corpus.glossary.fold` (lowercase, no
accents, spaces and hyphens as underscores). Without a compiled glossary only the canonical values are accepted.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from judgekit.corpus.glossary import fold
from judgekit.engine import vocab

__all__ = ["CATEGORIES", "canonical", "fold", "glossary_overridden", "italian_name", "require", "set_glossary",
           "suggestions"]

CATEGORIES = ("type", "supertype", "subtype", "color", "keyword", "step", "counter", "zone")

_CANONICAL: dict[str, list[str]] = {
    "type": [t.value for t in vocab.CardType],
    "supertype": [t.value for t in vocab.Supertype],
    "subtype": sorted(vocab.SUBTYPE_KINDS),
    "color": list(vocab.COLOR_ORDER),
    "keyword": [k.value for k in vocab.Keyword],
    "step": [s.value for s in vocab.Step],
    "zone": [z.value for z in vocab.Zone] + ["all"],
}

_PROTECTION_IT = re.compile(r"^protezione_(?:dal|dai|dalle|dagli|dallo|dall|da)_(.+)$")
_PROTECTION_QUALITY_IT = {"creature": "creatures", "tutto": "everything", "ogni_cosa": "everything"}


@lru_cache(maxsize=1)
def _canonical_maps() -> dict[str, dict[str, str]]:
    """Folded canonical value -> canonical value, by category."""
    return {cat: {fold(value): value for value in _CANONICAL.get(cat, [])} for cat in CATEGORIES}


_GLOSSARY: dict[str, dict[str, str]] | None = None


def _category_of(raw: str) -> str | None:
    c = fold(raw)
    for cat in CATEGORIES:
        if c.startswith(cat) or c in {"card_type", "tipo"} and cat == "type":
            return cat
    aliases = {"colour": "color", "colore": "color", "abilita_chiave": "keyword", "keyword_ability": "keyword",
               "sottotipo": "subtype", "creature_type": "subtype", "land_type": "subtype", "supertipo": "supertype",
               "fase": "step", "sottofase": "step", "segnalino": "counter", "zona": "zone"}
    return aliases.get(c)


def _maps_from(entries: Any) -> dict[str, dict[str, str]]:
    """Folded it/en/aliases -> canonical, by category (and ``any``), from glossary entries."""
    maps: dict[str, dict[str, str]] = {cat: {} for cat in CATEGORIES}
    maps["any"] = {}
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, dict) or not entry.get("canonical"):
            continue
        canonical_value = str(entry["canonical"])
        cat = _category_of(str(entry.get("category") or "")) or "any"
        names = [entry.get("it"), entry.get("en"), *(entry.get("aliases_it") or []), *(entry.get("aliases_en") or [])]
        for name in names:
            if isinstance(name, str) and name:
                maps[cat].setdefault(fold(name), canonical_value)
                maps["any"].setdefault(fold(name), canonical_value)
    return maps


def _glossary_maps() -> dict[str, dict[str, str]]:
    """The compiled glossary's names, loaded on first use (empty if the corpus is unavailable)."""
    global _GLOSSARY
    if _GLOSSARY is None:
        try:
            from judgekit.cache import glossary

            entries: Any = glossary()
        except Exception:  # the engine must work without a compiled glossary
            entries = []
        _GLOSSARY = _maps_from(entries)
    return _GLOSSARY


_OVERRIDDEN = False


def set_glossary(entries: list[dict[str, Any]] | None) -> None:
    """Use these glossary entries for aliases (tests); ``None`` reloads the compiled glossary on next use."""
    global _GLOSSARY, _OVERRIDDEN
    _GLOSSARY = None if entries is None else _maps_from(entries)
    _OVERRIDDEN = entries is not None


def glossary_overridden() -> bool:
    """Whether :func:`set_glossary` replaced the compiled glossary (compiled scenarios are then not used)."""
    return _OVERRIDDEN


def canonical(value: Any, category: str) -> str | None:
    """The canonical English value of ``value`` in ``category``, or ``None`` if it is not a known term."""
    if not isinstance(value, str) or not value.strip():
        return None
    key = fold(value)
    builtin = _canonical_maps()[category]
    if key in builtin:
        return builtin[key]
    if category == "keyword":
        kw = _keyword_pattern(key)
        if kw:
            return kw
    if category == "counter":
        return value.strip()
    gloss = _glossary_maps()
    for table in (gloss.get(category, {}), gloss.get("any", {})):
        if key in table:
            found = fold(table[key])
            if found in builtin:
                return builtin[found]
            if category == "keyword":
                kw = _keyword_pattern(found)
                if kw:
                    return kw
    return None


def _keyword_pattern(key: str) -> str | None:
    m = vocab.PROTECTION_RE.match(key)
    if m:
        q = canonical(m.group(1), "color") or {"creature": "creatures", "creatures": "creatures",
                                                 "everything": "everything"}.get(m.group(1))
        return f"protection_from_{q}" if q else None
    m = _PROTECTION_IT.match(key)
    if m:
        raw = m.group(1).strip("_")
        q = _PROTECTION_QUALITY_IT.get(raw) or canonical(raw, "color")
        return f"protection_from_{q}" if q else None
    m = vocab.BLOCK_ADDITIONAL_RE.match(key)
    if m:
        return key
    if vocab.ACTIVATED_KEYWORD_RE.match(key):
        return key
    m = re.match(r"^puo_bloccare_(\d+)_creature_aggiuntive$", key)
    if m:
        return f"can_block_additional_{m.group(1)}"
    m = vocab.PARAM_KEYWORD_RE.match(key)
    if m:
        return key
    m = re.match(r"^(.+?)_(\d+)$", key)
    if m:
        # ``custodia_2`` -> ``ward_2``: the keyword's name from the glossary, then its number.
        base = _glossary_maps().get("keyword", {}).get(m.group(1))
        if base is not None and base in vocab.PARAM_KEYWORDS:
            return f"{base}_{m.group(2)}"
    return None


def suggestions(value: Any, category: str, limit: int = 3) -> list[str]:
    """Near misses among canonical values and Italian aliases (for "forse cercavi")."""
    from rapidfuzz import process

    names = {**_glossary_maps().get(category, {}), **_canonical_maps()[category]}
    found = process.extract(fold(str(value)), sorted(names), limit=limit, score_cutoff=75)
    out: list[str] = []
    for name, _score, _ in found:
        shown = names[name]
        if shown not in out:
            out.append(shown)
    return out


CATEGORY_IT = {"type": "tipo", "supertype": "supertipo", "subtype": "sottotipo", "color": "colore",
               "keyword": "abilità chiave", "step": "sottofase", "counter": "segnalino", "zone": "zona"}


def require(value: Any, category: str) -> str:
    """The canonical value, or a ``ValueError`` with an Italian message and suggestions."""
    found = canonical(value, category)
    if found is not None:
        return found
    hint = suggestions(value, category)
    extra = f" (forse cercavi: {', '.join(hint)})" if hint else ""
    what = CATEGORY_IT.get(category, category)
    unknown = "sconosciuta" if what in ("abilità chiave", "sottofase", "zona") else "sconosciuto"
    if category == "keyword":  # the nearest ones and where to see them all, or the whole list
        where = "l'elenco con i nomi italiani: judgekit formato abilita"
        extra = f" (forse cercavi: {', '.join(hint)}; {where})" if hint else \
            f": quelle ammesse sono {', '.join(_CANONICAL['keyword'])}, protection_from_<qualità> e " \
            f"can_block_additional_<n> ({where})"
    raise ValueError(f"{what} {unknown} «{value}»{extra}")


def italian_name(canonical_value: str) -> str | None:
    """The Italian name of a canonical game term from the glossary (``Human`` -> ``Umano``, ``flying`` ->
    ``Volare``), if the glossary has it: the only source of Italian game terms."""
    return _italian_names().get(canonical_value)


@lru_cache(maxsize=1)
def _italian_names() -> dict[str, str]:
    try:
        from judgekit.cache import glossary

        entries: Any = glossary()
    except Exception:  # display only: without a compiled glossary the English name is shown
        return {}
    names: dict[str, str] = {}
    for e in entries:
        if e.get("canonical") and e.get("it"):
            names.setdefault(str(e["canonical"]), str(e["it"]).split(" (")[0])
    return names
