"""Game terms in scenario files: canonical English values and their Italian aliases.

Values that name a game term (types, supertypes, subtypes, colours, keywords, steps, counters) are
canonical English; the Italian term is accepted as an alias. Names are compared *folded* (lowercase,
accents removed, spaces and hyphens turned into underscores). A small built-in table makes the engine
work on its own; terms it lacks are looked up in the project's glossary (``cache.corpus()["glossary"]``,
entries ``{it, en, category, canonical, aliases_it, aliases_en}``), loaded only on a miss.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any

from judgekit.engine import vocab

CATEGORIES = ("type", "supertype", "subtype", "color", "keyword", "step", "counter", "zone")


def fold(text: str) -> str:
    """``"Attacco improvviso"`` -> ``attacco_improvviso``; ``"Rapidità"`` -> ``rapidita``."""
    text = unicodedata.normalize("NFKD", str(text))
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.strip().lower().replace("’", "'")
    return re.sub(r"[\s\-]+", "_", text)


_CANONICAL: dict[str, list[str]] = {
    "type": [t.value for t in vocab.CardType],
    "supertype": [t.value for t in vocab.Supertype],
    "subtype": sorted(vocab.SUBTYPE_KINDS),
    "color": list(vocab.COLOR_ORDER),
    "keyword": [k.value for k in vocab.Keyword],
    "step": [s.value for s in vocab.Step],
    "zone": [z.value for z in vocab.Zone] + ["all"],
}

_BUILTIN_IT: dict[str, dict[str, str]] = {
    "type": {"artefatto": "Artifact", "battaglia": "Battle", "creatura": "Creature", "incantesimo": "Enchantment",
             "istantaneo": "Instant", "tribu": "Kindred", "tribale": "Kindred", "terra": "Land",
             "stregoneria": "Sorcery", "tribal": "Kindred"},
    "supertype": {"base": "Basic", "leggendario": "Legendary", "leggendaria": "Legendary", "neve": "Snow",
                  "mondo": "World"},
    "color": {"bianco": "white", "blu": "blue", "nero": "black", "rosso": "red", "verde": "green"},
    "keyword": {"volare": "flying", "raggiungere": "reach", "attacco_improvviso": "first_strike",
                "doppio_attacco": "double_strike", "travolgere": "trample", "tocco_letale": "deathtouch",
                "legame_vitale": "lifelink", "cautela": "vigilance", "rapidita": "haste", "difensore": "defender",
                "minacciare": "menace", "indistruttibile": "indestructible", "anti_malocchio": "hexproof",
                "antimalocchio": "hexproof", "velo": "shroud", "infettare": "infect", "avvizzire": "wither",
                "persistere": "persist", "immortale": "undying", "non_morto": "undying", "cangiante": "changeling",
                "mutaforma": "changeling"},
    "step": {"mantenimento": "upkeep", "acquisizione": "draw", "prima_fase_principale": "main1",
             "fase_principale": "main1", "inizio_combattimento": "beginning_of_combat",
             "inizio_del_combattimento": "beginning_of_combat",
             "dichiarazione_attaccanti": "declare_attackers", "dichiarazione_degli_attaccanti": "declare_attackers",
             "dichiarazione_bloccanti": "declare_blockers", "dichiarazione_dei_bloccanti": "declare_blockers",
             "danno_da_combattimento": "combat_damage", "fine_combattimento": "end_of_combat",
             "fine_del_combattimento": "end_of_combat", "seconda_fase_principale": "main2",
             "sottofase_finale": "end", "fine_turno": "end", "stap": "untap", "cancellazione": "cleanup"},
    "zone": {"campo_di_battaglia": "battlefield", "cimitero": "graveyard", "mano": "hand", "esilio": "exile",
             "grimorio": "library", "pila": "stack", "tutte": "all"},
    "counter": {"fedelta": "loyalty", "difesa": "defense"},
    "subtype": {
        "pianura": "Plains", "isola": "Island", "palude": "Swamp", "montagna": "Mountain", "foresta": "Forest",
        "deserto": "Desert", "portale": "Gate", "caverna": "Cave", "umano": "Human", "soldato": "Soldier",
        "vampiro": "Vampire", "elfo": "Elf", "guerriero": "Warrior", "scoiattolo": "Squirrel", "mago": "Wizard",
        "angelo": "Angel", "drago": "Dragon", "spirito": "Spirit", "orso": "Bear", "elementale": "Elemental",
        "bestia": "Beast", "chierico": "Cleric", "cavaliere": "Knight", "demone": "Demon", "uccello": "Bird",
        "gatto": "Cat", "lupo": "Wolf", "serpente": "Snake", "muro": "Wall", "illusione": "Illusion",
        "licantropo": "Werewolf", "fungo": "Fungus", "pianta": "Plant", "mutaforma": "Shapeshifter",
        "costrutto": "Construct", "idra": "Hydra", "ratto": "Rat", "sciamano": "Shaman", "furfante": "Rogue",
        "arciere": "Archer", "equipaggiamento": "Equipment", "veicolo": "Vehicle", "tesoro": "Treasure",
        "indizio": "Clue", "cibo": "Food", "maledizione": "Curse", "barbaro": "Barbarian", "berserker": "Berserker",
        "insetto": "Insect", "sfinge": "Sphinx", "gigante": "Giant", "nano": "Dwarf", "orco": "Ogre",
        "scheletro": "Skeleton", "zombi": "Zombie", "cane": "Dog", "cavallo": "Horse", "ninfa": "Nymph",
        "dio": "God", "avatar": "Avatar", "incarnazione": "Incarnation", "fenice": "Phoenix", "grifone": "Griffin",
        "pesce": "Fish", "granchio": "Crab", "tartaruga": "Turtle", "lucertola": "Lizard", "dinosauro": "Dinosaur",
        "gargoyle": "Gargoyle", "ombra": "Shade", "orrore": "Horror", "incubo": "Nightmare", "sirena": "Siren",
        "pirata": "Pirate", "monaco": "Monk", "mercenario": "Mercenary", "assassino": "Assassin", "nobile": "Noble",
        "consigliere": "Advisor", "artefice": "Artificer", "druido": "Druid", "esploratore": "Scout",
        "bambino": "Child", "cittadino": "Citizen", "eroe": "Hero", "ranger": "Ranger", "mistico": "Mystic",
        "fatato": "Faerie", "folletto": "Faerie", "ondina": "Merfolk", "tritone": "Merfolk", "silvano": "Dryad",
        "centauro": "Centaur", "minotauro": "Minotaur", "satiro": "Satyr", "unicorno": "Unicorn",
        "pegaso": "Pegasus", "ippogrifo": "Hippogriff", "scimmia": "Ape", "topo": "Mouse", "coniglio": "Rabbit",
        "volpe": "Fox", "rana": "Frog", "ragno": "Spider", "scorpione": "Scorpion", "lumaca": "Snail",
        "polpo": "Octopus", "squalo": "Shark", "balena": "Whale", "leviatano": "Leviathan", "kraken": "Kraken",
        "melma": "Ooze", "limo": "Ooze", "sanguisuga": "Leech", "verme": "Worm", "albero": "Treefolk",
        "silvantropo": "Treefolk", "golem": "Golem", "goblin": "Goblin", "saproling": "Saproling", "wurm": "Wurm",
        "sliver": "Sliver", "eldrazi": "Eldrazi", "thopter": "Thopter", "tottero": "Thopter", "servitore": "Servo",
        "germe": "Germ", "ruolo": "Role", "saga": "Saga", "classe": "Class", "santuario": "Shrine",
        "avventura": "Adventure", "arcano": "Arcane", "trappola": "Trap", "lezione": "Lesson", "assedio": "Siege",
    },
}

_PROTECTION_IT = re.compile(r"^protezione_(?:dal|dai|dalle|dagli|dallo|da|dall')_?(.+)$")
_PROTECTION_QUALITY_IT = {"creature": "creatures", "tutto": "everything", "ogni_cosa": "everything"}


@lru_cache(maxsize=1)
def _builtin_maps() -> dict[str, dict[str, str]]:
    maps: dict[str, dict[str, str]] = {}
    for cat in CATEGORIES:
        m: dict[str, str] = {}
        for value in _CANONICAL.get(cat, []):
            m[fold(value)] = value
        m.update(_BUILTIN_IT.get(cat, {}))
        maps[cat] = m
    return maps


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
            from judgekit.cache import corpus

            entries: Any = corpus()["glossary"]
        except Exception:  # the engine must work without a compiled glossary
            entries = []
        _GLOSSARY = _maps_from(entries)
    return _GLOSSARY


def set_glossary(entries: list[dict[str, Any]] | None) -> None:
    """Use these glossary entries for aliases (tests); ``None`` reloads the compiled glossary on next use."""
    global _GLOSSARY
    _GLOSSARY = None if entries is None else _maps_from(entries)


def canonical(value: Any, category: str) -> str | None:
    """The canonical English value of ``value`` in ``category``, or ``None`` if it is not a known term."""
    if not isinstance(value, str) or not value.strip():
        return None
    key = fold(value)
    builtin = _builtin_maps()[category]
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
    m = re.match(r"^puo_bloccare_(\d+)_creature_aggiuntive$", key)
    if m:
        return f"can_block_additional_{m.group(1)}"
    return None


def suggestions(value: Any, category: str, limit: int = 3) -> list[str]:
    """Near misses among canonical values and Italian aliases (for "forse cercavi")."""
    from rapidfuzz import process

    builtin = _builtin_maps()[category]
    choices = sorted(set(builtin) | set(_CANONICAL.get(category, [])))
    found = process.extract(fold(str(value)), choices, limit=limit, score_cutoff=75)
    out: list[str] = []
    for name, _score, _ in found:
        shown = builtin.get(name, name)
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
    raise ValueError(f"{CATEGORY_IT.get(category, category)} sconosciuto «{value}»{extra}")


@lru_cache(maxsize=1)
def _italian_subtypes() -> dict[str, str]:
    out: dict[str, str] = {}
    for folded, english in _BUILTIN_IT["subtype"].items():
        out.setdefault(english, folded.replace("_", " ").capitalize())
    return out


def italian_subtype(english: str) -> str | None:
    """The Italian display name of a subtype from the built-in table (``Human`` -> ``Umano``), if known."""
    return _italian_subtypes().get(english)
