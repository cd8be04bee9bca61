"""The card library (``scenarios/cards/<kebab-english-name>.yaml``): one card per file.

A card file is a single mapping with the object fields that describe a card (name, types, supertypes,
subtypes, mana_cost, colors, power, toughness, loyalty, defense, keywords, abilities, effect, target) plus
``name_it`` and ``text_it``. Game-state fields are not allowed. A scenario object's ``card:`` matches the
English or Italian name, ignoring case and accents; near misses get "forse cercavi" together with the inline
object to write instead, ambiguous names are refused.

The user's own cards (``paths.user_cards_dir()``: ``JUDGEKIT_CARDS_DIR`` or ``<user data>/cards``) are read
beside the shipped ones on every run; a user card with the English or Italian name of a shipped card replaces
it (``judgekit cards`` says so).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judgekit import paths
from judgekit.errors import FileAccessError, InvalidFileError, Issue
from judgekit.fileio import read_bytes
from judgekit.scenario.terms import fold
from judgekit.yamlio import MAX_BYTES

GAME_STATE_FIELDS = ("id", "card", "controller", "owner", "counters", "damage", "attached_to", "timestamp", "token",
                     "summoning_sick", "deathtouch_damage", "tapped")


def kebab(name: str) -> str:
    """``"Kiki-Jiki, Mirror Breaker"`` -> ``kiki-jiki-mirror-breaker``; ``"Ajani's Pridemate"`` ->
    ``ajanis-pridemate``."""
    text = fold(name.replace("'", "").replace("’", ""))
    text = re.sub(r"[^a-z0-9]+", "-", text)
    return text.strip("-")


@dataclass
class CardEntry:
    name: str
    name_it: str | None
    path: Path
    data: dict[str, Any] | None = None
    # The file's YAML as read (``None`` when it could not be read): quick listings need no validation.
    raw: dict[str, Any] | None = None
    # A card of the user's folder, and the shipped cards it replaces (same English or Italian name).
    user: bool = False
    replaces: list[Path] = field(default_factory=list)
    # A card of the imported database (``judgekit import-cards``), and the Oracle lines it does not model.
    imported: bool = False
    unmodelled: list[str] = field(default_factory=list)

    def lookup_keys(self) -> set[str]:
        """The folded names the card is found by."""
        return {fold(self.name), fold(self.name_it or self.name)}


@dataclass
class CardLibrary:
    folder: Path
    entries: list[CardEntry] = field(default_factory=list)
    index: dict[str, list[CardEntry]] = field(default_factory=dict)

    def names(self) -> list[str]:
        out = []
        for e in self.entries:
            out.append(e.name)
            if e.name_it:
                out.append(e.name_it)
        return out


_LIBRARIES: dict[str, tuple[tuple[Any, ...], CardLibrary]] = {}


def _stamp(folder: Path) -> tuple[Any, ...]:
    try:
        files = sorted(folder.glob("*.yaml"))
        return tuple((f.name, f.stat().st_mtime_ns, f.stat().st_size) for f in files)
    except OSError:
        return ()


def folders() -> list[Path]:
    """The folders of the default library: the shipped cards, then the user's own (``paths.user_cards_dir``)."""
    return [paths.cards_dir(), paths.user_cards_dir()]


def _read_folder(folder: Path, *, user: bool) -> list[CardEntry]:
    from judgekit.yamlio import load_data_or_none

    entries = []
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        if path.name.startswith("."):
            continue
        try:
            raw = load_data_or_none(read_bytes(path, MAX_BYTES).decode("utf-8-sig"))
        except (FileAccessError, UnicodeDecodeError):
            raw = None
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
            entries.append(CardEntry(path.stem, None, path, user=user))
        else:
            name_it = raw.get("name_it") if isinstance(raw.get("name_it"), str) else None
            entries.append(CardEntry(raw["name"], name_it, path, raw=raw, user=user))
    return entries


def library(folder: Path | None = None) -> CardLibrary:
    """The card library of ``folder``, indexed by folded English/Italian name.

    Without ``folder``: the shipped library together with the user's card folder, read on every run (no
    reinstall). A user card with the English or Italian name of a shipped card replaces that card.
    """
    chosen = [folder] if folder is not None else folders()
    stamp = tuple((str(f), _stamp(f)) for f in chosen)
    key = str(folder) if folder is not None else "\0default"
    hit = _LIBRARIES.get(key)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    lib = CardLibrary(chosen[0])
    entries = _read_folder(chosen[0], user=False)
    if folder is None:
        mine = _read_folder(chosen[1], user=True)
        by_key: dict[str, list[CardEntry]] = {}
        for entry in mine:
            for k in entry.lookup_keys():
                by_key.setdefault(k, []).append(entry)
        kept = []
        for entry in entries:
            rivals = {id(u): u for k in entry.lookup_keys() for u in by_key.get(k, [])}
            for rival in rivals.values():
                rival.replaces.append(entry.path)
            if not rivals:
                kept.append(entry)
        entries = kept + mine
    for entry in entries:
        lib.entries.append(entry)
        for k in entry.lookup_keys():
            lib.index.setdefault(k, []).append(entry)
    _LIBRARIES[key] = (stamp, lib)
    return lib


def load_card(path: Path) -> dict[str, Any]:
    """Validate one card file and return its data (canonical values, plain dicts)."""
    from judgekit.scenario.models import CardFile, clean_issues
    from judgekit.validation import validate_doc
    from judgekit.yamlio import load_yaml

    doc = load_yaml(path, name=paths.display_path(path))
    issues = _pre_issues(doc.data, doc)
    if issues:
        raise InvalidFileError(issues)
    try:
        card = validate_doc(CardFile, doc)
    except InvalidFileError as exc:
        raise InvalidFileError(clean_issues(exc.issues)) from None
    return card.model_dump(by_alias=True, exclude_none=True)


def _pre_issues(data: Any, doc: Any) -> list[Issue]:
    if not isinstance(data, dict):
        return [doc.issue((), "una carta deve essere una mappa (chiave: valore)")]
    return [doc.issue((key,), f"«{key}» descrive lo stato di gioco e non è ammesso in una carta: indicalo "
                              "nell'oggetto dello scenario")
            for key in data if key in GAME_STATE_FIELDS]


class UnknownCardError(LookupError):
    """A ``card:`` name the library does not have: near names, and the inline object to write instead."""

    def __init__(self, name: str, near: list[CardEntry], user_folder: Path | None) -> None:
        self.name = name
        self.near = near
        self.user_folder = user_folder
        super().__init__(self.message())

    def message(self, written: dict[str, Any] | None = None) -> str:
        """The Italian message; ``written`` (the object's own fields) fills in the inline template."""
        where = "nella libreria delle carte" + (" né tra le tue carte" if self.user_folder is not None else "")
        if self.user_folder is not None:
            where += (" né tra le carte importate" if paths.cards_db().is_file()
                      else " (e non hai importato le carte: judgekit import-cards)")
        text = f"carta sconosciuta «{self.name}»: non c'è {where}"
        if self.near:
            text += f" (forse cercavi: {', '.join(_both_names(e) for e in self.near)})"
        text += (f". Se la carta manca, descrivila nell'oggetto al posto di «card» (adatta i valori): "
                 f"{inline_template(self.name, written)}. Le carte disponibili: judgekit cards")
        return text


def _both_names(entry: CardEntry) -> str:
    return f"{entry.name} / {entry.name_it}" if entry.name_it and entry.name_it != entry.name else entry.name


def yaml_scalar(text: str) -> str:
    """``text`` as a YAML scalar safe inside a flow mapping (quoted when it needs to be)."""
    import json

    plain = re.fullmatch(r"[^\W\d_][\w' .\-’]*", text) and not text.endswith((" ", "."))
    if plain and text.lower() not in ("true", "false", "yes", "no", "on", "off", "null", "y", "n"):
        return text
    return json.dumps(text, ensure_ascii=False)


def inline_template(name: str, written: dict[str, Any] | None = None) -> str:
    """``{name: NAME, types: [...], mana_cost: ..., power: ..., toughness: ...}``: the fields the object already
    has, example values for the others."""
    import json

    own = {k: v for k, v in (written or {}).items() if v not in (None, [], {}) and k != "card"}
    fields: dict[str, str] = {"name": yaml_scalar(str(own.pop("name", name)))}
    example: dict[str, Any] = {"types": ["Creature"], "mana_cost": "{2}{G}", "power": 2, "toughness": 2}
    for key in ("types", "supertypes", "subtypes", "mana_cost", "power", "toughness", "keywords"):
        value = own.get(key, example.get(key))
        if value is None:
            continue
        if isinstance(value, list):
            fields[key] = "[" + ", ".join(yaml_scalar(str(v)) for v in value) + "]"
        elif isinstance(value, str):
            fields[key] = json.dumps(value, ensure_ascii=False)
        else:
            fields[key] = str(value)
    return "{" + ", ".join(f"{k}: {v}" for k, v in fields.items()) + "}"


def near_entries(name: str, lib: CardLibrary, limit: int = 3, cutoff: float = 70,
                 spread: float = 100) -> list[CardEntry]:
    """The cards whose English or Italian name is nearest to ``name`` (typos, missing words), at most ``spread``
    points below the nearest one."""
    from rapidfuzz import fuzz, process

    choices: dict[str, list[CardEntry]] = {}
    for entry in lib.entries:
        for key in entry.lookup_keys():
            choices.setdefault(key, []).append(entry)
    found: dict[int, CardEntry] = {}
    hits = process.extract(fold(name), list(choices), scorer=fuzz.WRatio, limit=limit * 2, score_cutoff=cutoff)
    best = hits[0][1] if hits else 0
    for key, _score, _i in hits:
        if _score < best - spread:
            break
        for entry in choices[key]:
            found.setdefault(id(entry), entry)
    return list(found.values())[:limit]


def find(name: str, folder: Path | None = None) -> CardEntry:
    """The card named ``name`` (English or Italian). Raises ``LookupError`` with an Italian message
    (:class:`UnknownCardError` for a name the library does not have)."""
    lib = library(folder)
    hits = lib.index.get(fold(name), [])
    unique = {id(h): h for h in hits}
    if len(unique) > 1:
        names = ", ".join(sorted(f"{h.name} ({h.path.name})" for h in unique.values()))
        raise LookupError(f"nome di carta ambiguo «{name}»: corrisponde a {names}")
    if not unique:
        imported = _imported(name) if folder is None else None
        if imported is not None:
            return imported
        raise UnknownCardError(name, near_entries(name, lib), paths.user_cards_dir() if folder is None else None)
    entry = next(iter(unique.values()))
    if entry.data is None:
        entry.data = load_card(entry.path)
    return entry


def _imported(name: str) -> CardEntry | None:
    """The card ``name`` of the imported database as card data (:mod:`judgekit.scenario.imported`), or
    ``None`` (no database, or no card of that exact name)."""
    if not paths.cards_db().is_file():
        return None
    from judgekit.carddb.names import fold_name
    from judgekit.carddb.store import imported_by_keys
    from judgekit.scenario.imported import scenario_card

    found = imported_by_keys([fold_name(name)])
    if not found:
        return None
    card = next(iter(found.values()))
    shipped = library().index.get(fold(str(card.get("name") or "")), [])
    if len(shipped) == 1:  # asked by a name the library lacks (the Italian one): the hand-written card wins
        entry = shipped[0]
        if entry.data is None:
            entry.data = load_card(entry.path)
        return entry
    data, unmodelled = scenario_card(card, name)
    name_it = data.get("name_it") if isinstance(data.get("name_it"), str) else None
    return CardEntry(str(data["name"]), name_it, paths.cards_db(), data=data, raw=data, imported=True,
                     unmodelled=unmodelled)


def validate_file(path: Path) -> list[Issue]:
    """``judgekit check`` for a card file: schema, game-state fields, file name."""
    from judgekit.yamlio import load_yaml

    try:
        data = load_card(path)
    except InvalidFileError as exc:
        return exc.issues
    issues: list[Issue] = []
    expected = kebab(str(data.get("name", "")))
    if expected and path.stem != expected:
        doc = load_yaml(path, name=paths.display_path(path))
        issues.append(doc.issue(("name",), f"il file di questa carta dovrebbe chiamarsi «{expected}.yaml»"))
    lib = library(path.parent)
    for key in {fold(str(data.get("name", ""))), fold(str(data.get("name_it") or data.get("name", "")))}:
        others = [e for e in lib.index.get(key, []) if e.path.resolve() != path.resolve()]
        if others:
            doc = load_yaml(path, name=paths.display_path(path))
            issues.append(doc.issue(("name",), f"nome già usato da {others[0].path.name}: i nomi devono essere unici"))
    return issues


# -- listing and searching (``judgekit cards``) ------------------------------------------------------------

_TERM_FIELDS = (("types", "type"), ("supertypes", "supertype"), ("subtypes", "subtype"), ("keywords", "keyword"),
                ("colors", "color"))


def view(entry: CardEntry) -> dict[str, Any]:
    """What a listing shows of a card, from its file as read (no validation): game terms in canonical English
    where they are known, as written otherwise."""
    from judgekit.scenario.terms import canonical

    raw = entry.raw or {}
    out: dict[str, Any] = {"name": entry.name, "name_it": entry.name_it}
    for key, category in _TERM_FIELDS:
        value = raw.get(key)
        values = value if isinstance(value, list) else [] if value is None else [value]
        out[key] = [canonical(str(v), category) or str(v) for v in values]
    for key in ("mana_cost", "power", "toughness", "loyalty", "defense"):
        value = raw.get(key)
        out[key] = value if isinstance(value, (str, int)) and not isinstance(value, bool) else None
    out["type_line"] = type_line(out)
    out["file"] = str(entry.path)
    out["user"] = entry.user
    out["replaces"] = [str(p) for p in entry.replaces]
    out["readable"] = entry.raw is not None  # false: not a card mapping with a name (judgekit check says why)
    return out


def type_line(card: dict[str, Any]) -> str:
    """``Legendary Creature — Goblin Shaman`` (CR 205.1a: supertypes, card types, a long dash, subtypes)."""
    main = " ".join([*(card.get("supertypes") or []), *(card.get("types") or [])])
    subs = " ".join(card.get("subtypes") or [])
    return f"{main} — {subs}" if subs else main


def _haystack(entry: CardEntry, card: dict[str, Any]) -> str:
    """Every word a card is found by: its names, file name, types and keywords in English and Italian."""
    from judgekit.scenario.terms import italian_name

    words = [entry.name, entry.name_it or "", entry.path.stem]
    for key, _category in _TERM_FIELDS:
        for value in card.get(key) or []:
            words += [value, italian_name(value) or ""]
    return " ".join(fold(w) for w in words if w)


@dataclass
class SearchResult:
    entries: list[CardEntry]
    exact: bool = False               # the query is a card's English or Italian name
    read_as: dict[str, str] = field(default_factory=dict)   # a word of the query -> the word it was read as
    nearest: bool = False             # no card has every word: the nearest names instead


def search(query: str, lib: CardLibrary | None = None) -> SearchResult:
    """Cards by English or Italian name, type, subtype or keyword, ignoring case and accents.

    A card matches when every word of ``query`` is part of one of its names or terms; a word that is part of
    none is read as the nearest known word (typos); with no card left, the nearest names are given.
    """
    lib = lib or library()
    if not query.strip():
        return SearchResult(list(lib.entries))
    exact = {id(e): e for e in lib.index.get(fold(query), [])}
    if exact:
        return SearchResult(list(exact.values()), exact=True)
    stacks = [(e, _haystack(e, view(e))) for e in lib.entries]
    words = [fold(w) for w in query.split() if fold(w)]
    known = sorted({t for _e, h in stacks for t in re.split(r"[\s_]+", h) if len(t) >= 3})
    read_as: dict[str, str] = {}
    for i, word in enumerate(words):
        if len(word) >= 4 and not any(word in h for _e, h in stacks):
            from rapidfuzz import fuzz, process

            best = process.extractOne(word, known, scorer=fuzz.ratio, score_cutoff=75)
            if best is not None:
                read_as[word] = best[0]
                words[i] = best[0]
    found = [e for e, h in stacks if all(w in h for w in words)]
    if found:
        return SearchResult(found, read_as=read_as)
    return SearchResult(near_entries(query, lib, limit=5, cutoff=60, spread=10), nearest=True)
