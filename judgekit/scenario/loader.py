"""Scenario loading (SCENARIO-FORMAT.md version 1 and 2.1): YAML -> validated, normalised, reference-checked data.

:func:`load_scenario` reads a file with :func:`judgekit.yamlio.load_yaml` (line numbers; aliases and oversized
documents refused), validates it with the pydantic models of :mod:`judgekit.scenario.models` (unknown keys
are errors, Italian aliases of game terms accepted), merges ``card:`` entries from the card library, reads the
compact forms of 2.1 (zones keyed by player, card names as objects, automatic ids, ``cast: {card: ...}``,
attackers as a list, references by name: see :mod:`judgekit.scenario.compact`), and checks every reference
(ids, player names). Every problem is an :class:`~judgekit.errors.Issue`
``file:line key.path: message`` and they are raised together as :class:`~judgekit.errors.InvalidFileError`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from judgekit import paths
from judgekit.errors import InvalidFileError, Issue
from judgekit.scenario.loaded import LoadedScenario
from judgekit.scenario.references import References
from judgekit.yamlio import Loc, YamlDoc, load_yaml, load_yaml_text

# Fields of a card file that describe the card for people, never copied to a scenario's object.
CARD_ONLY_FIELDS = ("name_it", "text_it", "oracle")

OBJECT_ZONES = ("battlefield", "graveyard", "hand", "exile", "library")


def load_scenario(path: Path, *, cards_dir: Path | None = None, require_heading: bool = False) -> LoadedScenario:
    """Load and check a scenario file; raise InvalidFileError listing every problem.

    A file whose content was already validated (with the same card library, glossary and code) comes from
    the compiled-scenario cache (:mod:`judgekit.scenario.compiled`) without being parsed again.
    ``require_heading`` makes ``title`` and ``source`` required, as they are for the scenarios judgekit ships.
    """
    from judgekit.scenario import compiled, terms

    probe = None if terms.glossary_overridden() else compiled.Probe(path, cards_dir)
    if probe is not None and probe.loaded is not None:
        missing = _heading_issues(probe.loaded.doc) if require_heading else []
        if missing:
            raise InvalidFileError(missing)
        return probe.loaded
    doc = load_yaml(path, name=paths.display_path(path))
    heading = _heading_issues(doc) if require_heading else []
    try:
        loaded = _load(doc, path.stem, path, cards_dir)
    except InvalidFileError as exc:
        raise InvalidFileError(heading + exc.issues) from None
    if heading:
        raise InvalidFileError(heading)
    if probe is not None:
        probe.store(loaded)
    return loaded


def load_scenario_text(text: str, name: str = "scenario.yaml", *, cards_dir: Path | None = None) -> LoadedScenario:
    """Load and check a scenario from a YAML string (tests, standard input); never cached."""
    doc = load_yaml_text(text, name)
    return _load(doc, Path(name).stem, None, cards_dir)


STDIN_NAME = "stdin"


def load_scenario_bytes(raw: bytes, name: str = STDIN_NAME) -> LoadedScenario:
    """Load and check a scenario read from standard input (``judgekit ruling -``): shown as ``stdin``, its id
    and default title ``stdin`` (SCENARIO-FORMAT.md 2.1); never cached."""
    from judgekit.yamlio import MAX_BYTES

    if len(raw) > MAX_BYTES:
        raise InvalidFileError([Issue(name, None, "", f"testo troppo grande (massimo {MAX_BYTES} byte)")])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InvalidFileError([Issue(name, None, "", f"il testo non è in UTF-8 (byte {exc.start})")]) from None
    return _load(load_yaml_text(text, name), name, None, None)


def validate_file(path: Path) -> list[Issue]:
    """``judgekit check`` for a scenario file: every problem found, or an empty list. A scenario judgekit ships
    must have ``title`` and ``source``."""
    try:
        load_scenario(path, require_heading=is_shipped(path))
    except InvalidFileError as exc:
        return exc.issues
    return []


def is_shipped(path: Path) -> bool:
    """Whether ``path`` is a scenario of the shipped scenarios folder (not a card of its library)."""
    try:
        below = path.resolve().relative_to(paths.scenarios_dir().resolve()).parts
    except (ValueError, OSError, RuntimeError):
        return False
    return len(below) > 1 and below[0] != "cards"


# ------------------------------------------------------------------------------------------------------


def _heading_issues(doc: YamlDoc) -> list[Issue]:
    data = doc.data if isinstance(doc.data, dict) else {}
    return [doc.issue((), f"manca «{key}»: gli scenari forniti con judgekit devono avere title e source")
            for key in ("title", "source") if not isinstance(data.get(key), str)]


def _load(doc: YamlDoc, default_id: str, path: Path | None, cards_dir: Path | None) -> LoadedScenario:
    from pydantic import ValidationError

    from judgekit.scenario.models import Scenario, clean_issues
    from judgekit.validation import issues_from_validation

    if not isinstance(doc.data, dict):
        raise InvalidFileError([doc.issue((), "uno scenario deve essere una mappa con players (e, se vuoi, title "
                                              "e source)")])
    try:
        model = Scenario.model_validate(doc.data)
    except ValidationError as exc:
        raise InvalidFileError(clean_issues(issues_from_validation(exc, doc, Scenario))) from None
    checker = _Checker(doc, model, cards_dir)
    data = checker.run(default_id)
    if checker.issues:
        raise InvalidFileError(checker.issues)
    return LoadedScenario(id=model.id or default_id, title=data["title"], source=data["source"], doc=doc, data=data,
                          path=path, objects=checker.objects, locs=checker.locs)


class _Checker(References):
    """Card merging, automatic ids, names resolved to ids and reference checks over the validated model."""

    def __init__(self, doc: YamlDoc, model: Any, cards_dir: Path | None) -> None:
        self.doc = doc
        self.model = model
        self.cards_dir = cards_dir
        self.issues: list[Issue] = []
        self.objects: dict[str, dict[str, Any]] = {}
        self.locs: dict[str, Loc] = {}
        self.players: list[str] = [p.name for p in model.players]
        self.ids: set[str] = set()
        # The names of every object (its own, its card's English and Italian ones), by id(obj).
        self.names: dict[int, tuple[str | None, ...]] = {}
        self.token_ids: set[str] = set()
        self.choice_keys: dict[str, str] = {}
        self.ambiguous: set[str] = set()
        # How many unknown cards each player's library has (SCENARIO-FORMAT.md 2.6).
        self.library_unknown: dict[str, int] = {}

    # -- objects ----------------------------------------------------------------------------------------
    def merge(self, spec: Any, loc: Loc) -> dict[str, Any] | None:
        """The object's data: its card's fields overridden by the fields written in the scenario."""
        return self.merge_fields(spec.model_dump(by_alias=True, exclude_unset=True), loc, (*loc, "card"))

    def merge_fields(self, own: dict[str, Any], loc: Loc, card_loc: Loc, unknown: str = "") -> dict[str, Any] | None:
        """``merge`` for fields already dumped; ``unknown`` goes before the message of a card not found."""
        from judgekit.scenario import cards

        base: dict[str, Any] = {}
        card = own.get("card")
        names: tuple[str | None, ...] = (own.get("name"),)
        if card is not None:
            try:
                entry = cards.find(card, self.cards_dir)
            except cards.UnknownCardError as exc:  # near names and the inline object to write instead
                self.add(card_loc, unknown + exc.message(own))
                return None
            except LookupError as exc:
                self.add(card_loc, unknown + str(exc))
                return None
            except InvalidFileError as exc:
                for issue in exc.issues:
                    self.issues.append(issue)
                self.add(card_loc, f"la carta «{card}» della libreria non è valida")
                return None
            base = {k: v for k, v in (entry.data or {}).items() if k not in CARD_ONLY_FIELDS}
            base["card_name_it"] = (entry.data or {}).get("name_it")
            if entry.imported:
                base["card_unmodelled"] = list(entry.unmodelled)
            names = (own.get("name"), entry.name, entry.name_it)
        merged = {**base, **{k: v for k, v in own.items() if k != "card"}}
        if card is not None:
            merged["card"] = card
        for key, default in (("damage", 0), ("deathtouch_damage", False), ("tapped", False),
                             ("summoning_sick", False), ("token", False)):
            merged.setdefault(key, default)
        from judgekit.engine import vocab

        for sub in merged.get("subtypes") or []:
            if vocab.subtype_kind(sub) is None and "Planeswalker" not in (merged.get("types") or []):
                self.add((*loc, "subtypes"), f"sottotipo sconosciuto «{sub}»")
        as_enters = merged.get("as_enters")
        if merged.get("chosen") is not None and isinstance(as_enters, dict) and as_enters.get("choose"):
            from judgekit.scenario.models import chosen_value

            try:
                merged["chosen"] = chosen_value(str(as_enters["choose"]), str(merged["chosen"]))
            except ValueError as exc:
                self.add((*loc, "chosen"), f"{exc}: {merged.get('name') or card} sceglie {as_enters['choose']} "
                                           "mentre entra (SCENARIO-FORMAT.md 2.4)")
        self.names[id(merged)] = tuple(n for n in names if n) or (merged.get("name"),)
        return merged

    def expand(self, entry: Any, loc: Loc) -> list[dict[str, Any]]:
        """The objects of one zone list entry: a mapping, or a card name with an optional count (2.1)."""
        if not isinstance(entry, str):
            obj = self.merge(entry, loc)
            return [] if obj is None else [obj]
        from judgekit.scenario.compact import shorthand

        try:
            count, name = shorthand(entry, self.cards_dir)
        except ValueError as exc:
            self.add(loc, str(exc))
            return []
        found = []
        for _n in range(count):
            obj = self.merge_fields({"card": name}, loc, loc)
            if obj is None:
                return []
            found.append(obj)
        return found

    def register(self, obj: dict[str, Any], loc: Loc) -> None:
        """An object whose ``id`` is written in the file (checked) or was handed out automatically."""
        from judgekit.scenario.compact import RESERVED

        oid = obj["id"]
        if oid in RESERVED:
            self.add((*loc, "id"), f"«{oid}» è una parola riservata e non può essere un id")
        elif oid in self.players:
            self.add((*loc, "id"), f"«{oid}» è il nome di un giocatore: gli id devono essere diversi")
        elif oid in self.ids:
            self.add((*loc, "id"), f"id ripetuto «{oid}»: ogni oggetto deve avere un id unico")
        self.ids.add(oid)
        self.objects[oid] = obj
        self.locs[oid] = loc

    def zone_objects(self) -> list[tuple[dict[str, Any], Loc, str, str | None]]:
        """Every object of the zones, in the order written: (data, where, zone, the player it is listed under).

        Under a player key, a battlefield object is controlled by that player (and owned too unless it says
        otherwise); an object of another zone is owned by that player (SCENARIO-FORMAT.md 2.1)."""
        found: list[tuple[dict[str, Any], Loc, str, str | None]] = []
        for zone in OBJECT_ZONES:
            value = getattr(self.model, zone)
            groups = value.items() if isinstance(value, dict) else [(None, value)]
            for player, entries in groups:
                if player is not None and player not in self.players:
                    self.add((zone, player), self._unknown_player(player))
                    continue
                for i, entry in enumerate(entries):
                    loc: Loc = (zone, i) if player is None else (zone, player, i)
                    if isinstance(entry, int):
                        continue  # unknown cards of a library (SCENARIO-FORMAT.md 2.6)
                    for obj in self.expand(entry, loc):
                        self.zone_rules(obj, loc, zone, player)
                        found.append((obj, loc, zone, player))
        return found

    def zone_rules(self, obj: dict[str, Any], loc: Loc, zone: str, player: str | None) -> None:
        if zone == "battlefield":
            if player is not None:
                if obj.get("controller") not in (None, player):
                    self.add((*loc, "controller"), f"l'oggetto è elencato sotto {player} ma «controller» dice "
                                                    f"{obj['controller']}")
                obj["controller"] = player
                obj.setdefault("owner", player)
            return
        if obj.get("controller") is not None:
            self.add((*loc, "controller"), "un oggetto fuori dal campo di battaglia e dalla pila non ha un "
                                            "controllore (CR 108.4a): indica «owner»")
        if player is not None:
            if obj.get("owner") not in (None, player):
                self.add((*loc, "owner"), f"l'oggetto è nella zona di {player} ma «owner» dice {obj['owner']}")
            obj["owner"] = player

    def run(self, default_id: str) -> dict[str, Any]:
        from judgekit.scenario.compact import REF_KEYS, RESERVED, IdAllocator, NameResolver

        m = self.model
        for i, p in enumerate(self.players):
            if p in RESERVED:
                self.add(("players", i, "name"), f"«{p}» è una parola riservata e non può essere un nome di giocatore")
        if len(set(self.players)) != len(self.players):
            self.add(("players",), "i giocatori devono avere nomi diversi")
        if m.active_player is not None and m.active_player not in self.players:
            self.add(("active_player",), self._unknown_player(m.active_player))
        active = m.active_player or self.players[0]

        data: dict[str, Any] = {
            "id": m.id, "title": m.title if m.title is not None else default_id, "source": m.source or "",
            "players": [p.model_dump(exclude_none=True) for p in m.players],
            "active_player": active, "step": m.step,
            "battlefield": [], "graveyard": {}, "hand": {}, "exile": [],
        }
        for zone in ("graveyard", "hand"):
            for player in getattr(m, zone):
                if player in self.players:
                    data[zone][player] = []
        placed = self.zone_objects()
        inline: dict[int, dict[str, Any]] = {}
        for i, action in enumerate(m.actions):
            spec = getattr(action, "cast", None)
            if spec is not None and not isinstance(spec, str) and spec.object is not None \
                    and not isinstance(spec.object, str):
                obj = self.merge(spec.object, ("actions", i, "cast", "object"))
                if obj is not None:
                    inline[i] = obj

        # Ids (SCENARIO-FORMAT.md 2.1): first every id written, then the zones' objects without one, in order,
        # then the objects the casts create, in action order.
        ids = IdAllocator(self.players)
        for obj, loc, _zone, _player in placed:
            if obj.get("id") is not None:
                ids.take(obj["id"])
                self.register(obj, loc)
        for i, obj in inline.items():
            if obj.get("id") is not None:
                ids.take(obj["id"])
                self.register(obj, ("actions", i, "cast", "object"))
        for obj, loc, _zone, _player in placed:
            if obj.get("id") is None:
                obj["id"] = ids.auto(str(obj.get("name") or ""))
                self.register(obj, loc)
        for obj, _loc, zone, player in placed:
            if zone in ("graveyard", "hand"):
                data[zone][player].append(obj)
            elif zone != "library":
                data[zone].append(obj)
        data["library"] = self.libraries(placed)

        resolver = NameResolver(self.ids, self.players, self.add)
        for obj in self.objects.values():
            resolver.add_names(obj["id"], self.names.get(id(obj), ()))
        actions: list[dict[str, Any]] = []
        for i, action in enumerate(m.actions):
            # A check compares like expect: a field given as null is compared, so it is kept (exclude_unset).
            check = "check" in type(action).model_fields
            dumped = action.model_dump(by_alias=True, exclude_unset=check, exclude_none=not check)
            if "cast" in dumped:
                dumped["cast"] = self.cast(dumped["cast"], ("actions", i, "cast"), inline.get(i), ids, resolver,
                                           active)
            actions.append(dumped)

        # References by name (2.1): resolved now, so that the rules core only sees ids.
        resolver.ids = set(self.ids)
        for oid, obj in self.objects.items():
            for key, value in list(obj.items()):
                if isinstance(value, (dict, list)) or key in REF_KEYS:
                    obj[key] = resolver.tree({key: value}, self.locs[oid])[key]
        crossed = False     # after an action that may begin another turn, the rules core finds the opponent
        for i, action in enumerate(actions):
            kind = next(iter(action))
            action[kind] = resolver.action(kind, action[kind], ("actions", i))
            crossed = crossed or kind in ("next_turn", "next_step", "pass")
            if kind == "declare_attackers" and isinstance(action[kind], list) and not crossed:
                action[kind] = self.attack_the_opponent(action[kind], ("actions", i, kind), active)
        data["actions"] = actions
        data["effects"] = [resolver.tree(e.model_dump(by_alias=True, exclude_none=True), ("effects", i))
                           for i, e in enumerate(m.effects)]
        data["choices"] = resolver.choices(dict(m.choices))
        if len(data["choices"]) == len(m.choices):
            self.choice_keys = {str(new): str(old) for new, old in zip(data["choices"], m.choices, strict=True)
                                if new != old}
        expect = m.expect.model_dump(exclude_unset=True) if m.expect is not None else None
        data["expect"] = resolver.expect(expect, ("expect",)) if expect is not None else None
        self.ambiguous = resolver.ambiguous
        self._collect_tokens(data)
        self.check_references(data)
        data["library_named"] = self.library_named(data)
        return data

    def libraries(self, placed: list[tuple[dict[str, Any], Loc, str, str | None]]) -> dict[str, list[Any]]:
        """Each player's library, top first: the objects of the file and whole numbers (unknown cards); a player
        without an entry has none here (the rules core gives them 60 unknown cards, SCENARIO-FORMAT.md 2.6). The
        number of unknown cards of each player is kept for the references ``library-PLAYER-N``."""
        from judgekit.engine.library import DEFAULT_LIBRARY

        by_loc: dict[Loc, list[dict[str, Any]]] = {}
        for obj, loc, zone, _player in placed:
            if zone == "library":
                by_loc.setdefault(loc, []).append(obj)
        out: dict[str, list[Any]] = {}
        self.library_unknown = {p: DEFAULT_LIBRARY for p in self.players}
        for player, entries in self.model.library.items():
            if player not in self.players:
                continue
            cards: list[Any] = []
            for i, entry in enumerate(entries):
                cards += [entry] if isinstance(entry, int) else by_loc.get(("library", player, i), [])
            out[player] = cards
            self.library_unknown[player] = sum(e for e in cards if isinstance(e, int))
        return out

    def known(self, ref: str) -> bool:
        """An id of the file, one a token may get, or an unknown library card ``library-PLAYER-N`` (N from 1 to
        the number of unknown cards of that library, SCENARIO-FORMAT.md 2.6)."""
        if super().known(ref):
            return True
        from judgekit.engine.library import parse_unknown_id

        parsed = parse_unknown_id(ref)
        return parsed is not None and 1 <= parsed[1] <= self.library_unknown.get(parsed[0], 0)

    def library_named(self, data: dict[str, Any]) -> list[str]:
        """The unknown library cards the file names by id, in the order first named: they are objects from the
        start and are reported in ``final.objects`` (2.6)."""
        found: dict[str, None] = {}

        def walk(node: Any) -> None:
            if isinstance(node, dict):
                for k, v in node.items():
                    walk(k)
                    walk(v)
            elif isinstance(node, list):
                for v in node:
                    walk(v)
            elif isinstance(node, str) and node.startswith("library-") and node not in self.ids \
                    and self.known(node):
                found[node] = None

        walk({k: data.get(k) for k in ("actions", "effects", "choices", "expect")})
        walk([o for o in self.objects.values()])
        return list(found)

    def cast(self, spec: Any, loc: Loc, inline: dict[str, Any] | None, ids: Any, resolver: Any,
             active: str) -> dict[str, Any]:
        """One ``cast``: an object of the file (by id or name), an inline object (its automatic id now), or a
        new object made from a card of the library, owned by the caster, put into their hand and cast from
        there; the caster is then the active player unless ``controller`` says otherwise (SCENARIO-FORMAT.md
        2.1). ``cast: STRING`` is the first when STRING names an object of the file, else the last."""
        if isinstance(spec, str):
            named = resolver.ref(spec, loc)
            if named in self.ids or spec in resolver.ambiguous:
                return {"object": named, "targets": []}
            spec, card_loc, unknown = {"card": spec}, loc, f"«{spec}» non è un oggetto dello scenario: "
        else:
            card_loc, unknown = (*loc, "card"), ""
        if "card" in spec:
            rest = {k: v for k, v in spec.items() if k != "card"}
            caster = rest.get("controller") or active
            obj = self.merge_fields({"card": spec["card"]}, loc, card_loc, unknown)
            if obj is None:
                return {**rest, "object": None}
            obj["owner"] = caster
            self.new_object(obj, card_loc, ids, resolver)
            return {**rest, "object": obj, "controller": caster}
        if inline is not None:
            if inline.get("id") is None:
                self.new_object(inline, (*loc, "object"), ids, resolver)
            return {**spec, "object": inline}
        return dict(spec)

    def new_object(self, obj: dict[str, Any], loc: Loc, ids: Any, resolver: Any) -> None:
        """An object a cast creates: its automatic id, and its names for the references that follow."""
        obj["id"] = ids.auto(str(obj.get("name") or ""))
        self.register(obj, loc)
        resolver.ids.add(obj["id"])
        resolver.add_names(obj["id"], self.names.get(id(obj), ()))

    def attack_the_opponent(self, attackers: list[str], loc: Loc, active: str) -> dict[str, str]:
        """``declare_attackers`` as a list: each attacks the only opponent of the active player (2.1)."""
        opponents = [p for p in self.players if p != active]
        if len(opponents) != 1:
            self.add(loc, "con più di un avversario «declare_attackers» deve dire chi attacca ciascuna creatura "
                          "(attaccante: giocatore)")
            return {}
        out: dict[str, str] = {}
        for j, attacker in enumerate(attackers):
            if attacker in out:
                self.add((*loc, j), f"attaccante ripetuto «{attacker}»")
            out[attacker] = opponents[0]
        return out

    # -- references -------------------------------------------------------------------------------------
    def _collect_tokens(self, data: dict[str, Any]) -> None:
        """Every ``create_token`` entry: its ``card:`` is taken from the card library now (the rules core reads
        no files) and its id base is fixed (``id`` or the slug of its name): its tokens get the base and then
        ``BASE#2``, ``BASE#3``... across the game (SCENARIO-FORMAT.md 2.1, Token ids)."""
        from judgekit.engine.objects import slug
        from judgekit.scenario import cards

        def walk(node: Any, loc: Loc) -> None:
            if isinstance(node, dict):
                tok = node.get("create_token")
                if isinstance(tok, dict):
                    if tok.get("card"):
                        try:
                            entry = cards.find(str(tok["card"]), self.cards_dir)
                        except LookupError as exc:
                            self.add((*loc, "create_token", "card"), str(exc))
                        else:
                            base_data = {k: v for k, v in (entry.data or {}).items() if k not in CARD_ONLY_FIELDS}
                            merged = {**base_data, **{k: v for k, v in tok.items() if k != "card"}}
                            tok.clear()
                            tok.update(merged)
                    if tok.get("copy_of") is not None:
                        copies.append(tok.get("id"))  # a token copy: its base is known as it is created (2.7)
                    else:
                        base = tok.get("id") or slug(str(tok.get("name") or "")) or "token"
                        tok["id"] = base
                        self.token_ids.add(base)
                if node.get("copy_spell") not in (None, False):
                    copies.append(None)
                for key in ("id", "card", "name"):
                    if isinstance(node.get(key), str):
                        names.append(node[key])
                for k, v in node.items():
                    walk(v, (*loc, k))
            elif isinstance(node, list):
                for i, v in enumerate(node):
                    walk(v, (*loc, i))

        copies: list[Any] = []
        names: list[str] = []
        walk(data, ())
        if copies:
            # Token copies and spell copies (SCENARIO-FORMAT.md 2.7) take their id base from the object they copy:
            # any id or name slug of the file may be one.
            self.token_ids.update(c for c in copies if c)
            self.token_ids.update(s for s in (*names, *(slug(n) for n in names)) if s)
