"""Scenario loading (SCENARIO-FORMAT.md version 1): YAML -> validated, normalised, reference-checked data.

:func:`load_scenario` reads a file with :func:`judgekit.yamlio.load_yaml` (line numbers; aliases and oversized
documents refused), validates it with the pydantic models of :mod:`judgekit.scenario.models` (unknown keys
are errors, Italian aliases of game terms accepted), merges ``card:`` entries from the card library, and
checks every reference (ids, player names). Every problem is an :class:`~judgekit.errors.Issue`
``file:line key.path: message`` and they are raised together as :class:`~judgekit.errors.InvalidFileError`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from judgekit import paths
from judgekit.errors import InvalidFileError, Issue
from judgekit.scenario.loaded import LoadedScenario
from judgekit.yamlio import Loc, YamlDoc, load_yaml, load_yaml_text

OBJECT_ZONES = ("battlefield", "graveyard", "hand", "exile")
SELECTOR_WORDS = {"self", "enchanted", "equipped"}
TO_WORDS = {"self", "target", "targets", "you", "controller", "trigger_object", "opponent"}


def load_scenario(path: Path, *, cards_dir: Path | None = None) -> LoadedScenario:
    """Load and check a scenario file; raise InvalidFileError listing every problem.

    A file whose content was already validated (with the same card library, glossary and code) comes from
    the compiled-scenario cache (:mod:`judgekit.scenario.compiled`) without being parsed again.
    """
    from judgekit.scenario import compiled, terms

    probe = None if terms.glossary_overridden() else compiled.Probe(path, cards_dir)
    if probe is not None and probe.loaded is not None:
        return probe.loaded
    doc = load_yaml(path, name=paths.display_path(path))
    loaded = _load(doc, path.stem, path, cards_dir)
    if probe is not None:
        probe.store(loaded)
    return loaded


def load_scenario_text(text: str, name: str = "scenario.yaml", *, cards_dir: Path | None = None) -> LoadedScenario:
    """Load and check a scenario from a YAML string (tests)."""
    doc = load_yaml_text(text, name)
    return _load(doc, Path(name).stem, None, cards_dir)


def validate_file(path: Path) -> list[Issue]:
    """``judgekit check`` for a scenario file: every problem found, or an empty list."""
    try:
        load_scenario(path)
    except InvalidFileError as exc:
        return exc.issues
    return []


# ------------------------------------------------------------------------------------------------------


def _load(doc: YamlDoc, default_id: str, path: Path | None, cards_dir: Path | None) -> LoadedScenario:
    from pydantic import ValidationError

    from judgekit.scenario.models import Scenario, clean_issues
    from judgekit.validation import issues_from_validation

    if not isinstance(doc.data, dict):
        raise InvalidFileError([doc.issue((), "uno scenario deve essere una mappa con title, source e players")])
    try:
        model = Scenario.model_validate(doc.data)
    except ValidationError as exc:
        raise InvalidFileError(clean_issues(issues_from_validation(exc, doc, Scenario))) from None
    checker = _Checker(doc, model, cards_dir)
    data = checker.run()
    if checker.issues:
        raise InvalidFileError(checker.issues)
    return LoadedScenario(id=model.id or default_id, title=model.title, source=model.source, doc=doc, data=data,
                          path=path, objects=checker.objects, locs=checker.locs)


class _Checker:
    """Card merging and reference checks over the validated model."""

    def __init__(self, doc: YamlDoc, model: Any, cards_dir: Path | None) -> None:
        self.doc = doc
        self.model = model
        self.cards_dir = cards_dir
        self.issues: list[Issue] = []
        self.objects: dict[str, dict[str, Any]] = {}
        self.locs: dict[str, Loc] = {}
        self.players: list[str] = [p.name for p in model.players]
        self.ids: set[str] = set()

    def add(self, loc: Loc, message: str) -> None:
        self.issues.append(self.doc.issue(loc, message))

    # -- objects ----------------------------------------------------------------------------------------
    def merge(self, spec: Any, loc: Loc) -> dict[str, Any] | None:
        """The object's data: its card's fields overridden by the fields written in the scenario."""
        from judgekit.scenario import cards

        own = spec.model_dump(by_alias=True, exclude_unset=True)
        base: dict[str, Any] = {}
        if spec.card is not None:
            try:
                entry = cards.find(spec.card, self.cards_dir)
            except LookupError as exc:
                self.add((*loc, "card"), str(exc))
                return None
            except InvalidFileError as exc:
                for issue in exc.issues:
                    self.issues.append(issue)
                self.add((*loc, "card"), f"la carta «{spec.card}» della libreria non è valida")
                return None
            base = {k: v for k, v in (entry.data or {}).items() if k not in ("name_it", "text_it")}
            base["card_name_it"] = (entry.data or {}).get("name_it")
        merged = {**base, **{k: v for k, v in own.items() if k != "card"}}
        if spec.card is not None:
            merged["card"] = spec.card
        for key, default in (("damage", 0), ("deathtouch_damage", False), ("tapped", False),
                             ("summoning_sick", False), ("token", False)):
            merged.setdefault(key, default)
        from judgekit.engine import vocab

        for sub in merged.get("subtypes") or []:
            if vocab.subtype_kind(sub) is None and "Planeswalker" not in (merged.get("types") or []):
                self.add((*loc, "subtypes"), f"sottotipo sconosciuto «{sub}»")
        return merged

    def register(self, obj: dict[str, Any], loc: Loc) -> None:
        from judgekit.engine.vocab import RESERVED_WORDS
        from judgekit.scenario.terms import fold

        oid = obj.get("id")
        if oid is None:
            oid = fold(str(obj.get("name", "oggetto")))
            obj["id"] = oid
        if oid in RESERVED_WORDS:
            self.add((*loc, "id"), f"«{oid}» è una parola riservata e non può essere un id")
        elif oid in self.players:
            self.add((*loc, "id"), f"«{oid}» è il nome di un giocatore: gli id devono essere diversi")
        elif oid in self.ids:
            self.add((*loc, "id"), f"id ripetuto «{oid}»: ogni oggetto deve avere un id unico")
        self.ids.add(oid)
        self.objects[oid] = obj
        self.locs[oid] = loc

    def run(self) -> dict[str, Any]:
        m = self.model
        from judgekit.engine.vocab import RESERVED_WORDS

        for i, p in enumerate(self.players):
            if p in RESERVED_WORDS:
                self.add(("players", i, "name"), f"«{p}» è una parola riservata e non può essere un nome di giocatore")
        if len(set(self.players)) != len(self.players):
            self.add(("players",), "i due giocatori devono avere nomi diversi")
        if m.active_player is not None and m.active_player not in self.players:
            self.add(("active_player",), self._unknown_player(m.active_player))

        data: dict[str, Any] = {
            "id": m.id, "title": m.title, "source": m.source,
            "players": [p.model_dump() for p in m.players],
            "active_player": m.active_player or self.players[0], "step": m.step,
            "battlefield": [], "graveyard": {}, "hand": {}, "exile": [],
        }
        for i, spec in enumerate(m.battlefield):
            obj = self.merge(spec, ("battlefield", i))
            if obj is not None:
                self.register(obj, ("battlefield", i))
                data["battlefield"].append(obj)
        for zone in ("graveyard", "hand"):
            for player, specs in getattr(m, zone).items():
                if player not in self.players:
                    self.add((zone, player), self._unknown_player(player))
                    continue
                data[zone][player] = []
                for i, spec in enumerate(specs):
                    loc = (zone, player, i)
                    obj = self.merge(spec, loc)
                    if obj is None:
                        continue
                    if obj.get("owner") not in (None, player):
                        self.add((*loc, "owner"), f"l'oggetto è nella zona di {player} ma «owner» dice "
                                                   f"{obj['owner']}")
                    if obj.get("controller") is not None:
                        self.add((*loc, "controller"), "un oggetto fuori dal campo di battaglia e dalla pila non "
                                                        "ha un controllore (CR 108.4a)")
                    obj["owner"] = player
                    self.register(obj, loc)
                    data[zone][player].append(obj)
        for i, spec in enumerate(m.exile):
            obj = self.merge(spec, ("exile", i))
            if obj is not None and obj.get("controller") is not None:
                self.add(("exile", i, "controller"), "un oggetto fuori dal campo di battaglia e dalla pila non ha "
                                                      "un controllore (CR 108.4a): indica «owner»")
            if obj is not None:
                self.register(obj, ("exile", i))
                data["exile"].append(obj)
        actions: list[dict[str, Any]] = []
        for i, action in enumerate(m.actions):
            dumped = action.model_dump(by_alias=True, exclude_none=True)
            if "cast" in dumped and not isinstance(action.cast.object, str):
                obj = self.merge(action.cast.object, ("actions", i, "cast", "object"))
                if obj is not None:
                    self.register(obj, ("actions", i, "cast", "object"))
                    dumped["cast"]["object"] = obj
            actions.append(dumped)
        data["actions"] = actions
        data["effects"] = [e.model_dump(by_alias=True, exclude_none=True) for e in m.effects]
        data["choices"] = dict(m.choices)
        data["expect"] = m.expect.model_dump(exclude_unset=True) if m.expect is not None else None
        self.token_ids: set[str] = set()
        self._collect_tokens(data)
        self.check_references(data)
        return data

    def _unknown_player(self, name: str) -> str:
        return f"giocatore sconosciuto «{name}»: i giocatori sono {', '.join(self.players)}"

    # -- references -------------------------------------------------------------------------------------
    def _collect_tokens(self, data: dict[str, Any]) -> None:
        """Every ``create_token`` entry: its ``card:`` is taken from the card library now (the rules core reads
        no files), its base id is fixed (``id`` or the folded name) and the ids its tokens will get are known."""
        from judgekit.scenario import cards
        from judgekit.scenario.terms import fold

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
                            base_data = {k: v for k, v in (entry.data or {}).items() if k not in ("name_it", "text_it")}
                            merged = {**base_data, **{k: v for k, v in tok.items() if k != "card"}}
                            tok.clear()
                            tok.update(merged)
                    base = tok.get("id") or fold(str(tok.get("name") or "pedina"))
                    tok["id"] = base
                    self.token_ids.add(base)
                    for n in range(2, int(tok.get("count", 1)) + 1):
                        self.token_ids.add(f"{base}#{n}")
                for k, v in node.items():
                    walk(v, (*loc, k))
            elif isinstance(node, list):
                for i, v in enumerate(node):
                    walk(v, (*loc, i))

        walk(data, ())

    def known(self, ref: str) -> bool:
        return ref in self.ids or ref in self.token_ids

    def suggest(self, ref: str) -> str:
        from rapidfuzz import process

        near = process.extract(ref, sorted(self.ids | self.token_ids | set(self.players)), limit=2, score_cutoff=70)
        return f" (forse cercavi: {', '.join(n for n, _s, _i in near)})" if near else ""

    def check_id(self, ref: Any, loc: Loc, *, players: bool = False, words: set[str] | None = None) -> None:
        if not isinstance(ref, str):
            return
        if words and ref in words:
            return
        if self.known(ref) or (players and ref in self.players):
            return
        what = "id o giocatore sconosciuto" if players else "id sconosciuto"
        self.add(loc, f"{what} «{ref}»{self.suggest(ref)}")

    def check_player(self, ref: Any, loc: Loc, *, relative: bool = True) -> None:
        if not isinstance(ref, str):
            return
        if relative and ref in ("you", "opponent"):
            return
        if ref not in self.players:
            self.add(loc, self._unknown_player(ref))

    def check_selector(self, sel: Any, loc: Loc, *, to: bool = False) -> None:
        if isinstance(sel, str):
            words = SELECTOR_WORDS | (TO_WORDS if to else set())
            self.check_id(sel, loc, players=to, words=words)
        elif isinstance(sel, list):
            for i, ref in enumerate(sel):
                self.check_id(ref, (*loc, i), players=to)
        elif isinstance(sel, dict):
            if sel.get("controller") is not None:
                self.check_player(sel["controller"], (*loc, "controller"))
            for i, alt in enumerate(sel.get("any") or []):
                self.check_selector(alt, (*loc, "any", i))

    def check_value(self, value: Any, loc: Loc) -> None:
        if not isinstance(value, dict):
            return
        if value.get("count") is not None:
            self.check_selector(value["count"], (*loc, "count"))
        for key in ("power_of", "toughness_of"):
            if value.get(key) is not None:
                self.check_id(value[key], (*loc, key), words={"target", "trigger_object", "self"})
        for key in ("hand_size", "life"):
            if value.get(key) is not None:
                self.check_player(value[key], (*loc, key))

    def check_ops(self, ops: dict[str, Any], loc: Loc) -> None:
        if ops.get("copy_of") is not None:
            self.check_id(ops["copy_of"], (*loc, "copy_of"), words={"target", "trigger_object"})
        if ops.get("control") is not None:
            self.check_player(ops["control"], (*loc, "control"))
        for key in ("cda", "set_pt", "modify_pt"):
            if isinstance(ops.get(key), dict):
                for part in ("power", "toughness"):
                    self.check_value(ops[key].get(part), (*loc, key, part))
        for i, ab in enumerate(ops.get("add_abilities") or []):
            self.check_ability(ab, (*loc, "add_abilities", i))

    def check_effect_list(self, effects: list[dict[str, Any]], loc: Loc) -> None:
        for i, entry in enumerate(effects or []):
            eloc = (*loc, i)
            if "to" in entry:
                self.check_selector(entry["to"], (*eloc, "to"), to=True)
            self.check_ops(entry, eloc)
            for key in ("damage", "gain_life", "lose_life", "draw", "discard"):
                self.check_value(entry.get(key), (*eloc, key))
            if entry.get("fight") is not None:
                self.check_id(entry["fight"], (*eloc, "fight"), words={"target", "self", "trigger_object"})
            tok = entry.get("create_token")
            if isinstance(tok, dict):
                for j, ab in enumerate(tok.get("abilities") or []):
                    self.check_ability(ab, (*eloc, "create_token", "abilities", j))

    def check_modes(self, modes: list[dict[str, Any]] | None, loc: Loc) -> None:
        """The references in each mode of a modal spell or ability (its target selector and effect)."""
        for j, mode in enumerate(modes or []):
            if mode.get("target") is not None:
                self.check_selector(mode["target"], (*loc, j, "target"))
            self.check_effect_list(mode.get("effect") or [], (*loc, j, "effect"))

    def check_ability(self, ab: dict[str, Any], loc: Loc) -> None:
        if "static" in ab:
            body = ab["static"]
            self.check_selector(body.get("affects"), (*loc, "static", "affects"))
            if body.get("condition"):
                self.check_value(body["condition"], (*loc, "static", "condition"))
            self.check_ops(body, (*loc, "static"))
        elif "trigger" in ab:
            self.check_selector(ab["trigger"].get("of"), (*loc, "trigger", "of"))
            if ab.get("target") is not None:
                self.check_selector(ab["target"], (*loc, "target"))
            self.check_effect_list(ab.get("effect") or [], (*loc, "effect"))
            self.check_modes(ab.get("modes"), (*loc, "modes"))
        elif "activated" in ab:
            body = ab["activated"]
            if body.get("target") is not None:
                self.check_selector(body["target"], (*loc, "activated", "target"))
            self.check_effect_list(body.get("effect") or [], (*loc, "activated", "effect"))
            self.check_modes(body.get("modes"), (*loc, "activated", "modes"))

    def check_object(self, obj: dict[str, Any], loc: Loc, zone: str) -> None:
        if zone == "battlefield" or zone == "cast":
            for key in ("controller", "owner"):
                if obj.get(key) is not None:
                    self.check_player(obj[key], (*loc, key), relative=False)
        if obj.get("attached_to") is not None:
            self.check_id(obj["attached_to"], (*loc, "attached_to"))
            if zone != "battlefield":
                self.add((*loc, "attached_to"), "solo un permanente sul campo di battaglia può essere attaccato")
        for i, ab in enumerate(obj.get("abilities") or []):
            self.check_ability(ab, (*loc, "abilities", i))
        self.check_effect_list(obj.get("effect") or [], (*loc, "effect"))
        if obj.get("target") is not None:
            self.check_selector(obj["target"], (*loc, "target"))
        if obj.get("modes") is not None:
            self.check_modes(obj["modes"], (*loc, "modes"))
            if obj.get("effect") or obj.get("target") is not None:
                # The card gives one and the object the other (SCENARIO-FORMAT.md 2.2).
                self.add((*loc, "modes"), "«modes» sostituisce «target» ed «effect»: l'oggetto e la sua carta non "
                                          "possono dare gli uni e gli altri")

    def check_references(self, data: dict[str, Any]) -> None:
        for oid, obj in self.objects.items():
            loc = self.locs[oid]
            zone = "cast" if loc[0] == "actions" else str(loc[0])
            self.check_object(obj, loc, zone)
        for i, eff in enumerate(data["effects"]):
            eloc: Loc = ("effects", i)
            self.check_selector(eff["affects"], (*eloc, "affects"))
            if eff.get("controller") is not None:
                self.check_player(eff["controller"], (*eloc, "controller"), relative=False)
            self.check_ops(eff, eloc)
        for i, action in enumerate(data["actions"]):
            self.check_action(action, ("actions", i))
        self.check_choices(data["choices"])
        exp = data.get("expect")
        if exp:
            for oid in exp.get("objects", {}):
                self.check_id(oid, ("expect", "objects", oid))
                attached = exp["objects"][oid].get("attached_to")
                if attached is not None:
                    self.check_id(attached, ("expect", "objects", oid, "attached_to"))
                ctrl = exp["objects"][oid].get("controller")
                if ctrl is not None:
                    self.check_player(ctrl, ("expect", "objects", oid, "controller"), relative=False)
            for name in exp.get("players", {}):
                self.check_player(name, ("expect", "players", name), relative=False)

    def check_action(self, action: dict[str, Any], loc: Loc) -> None:
        if "cast" in action:
            spec = action["cast"]
            if isinstance(spec["object"], str):
                self.check_id(spec["object"], (*loc, "cast", "object"))
            if spec.get("controller") is not None:
                self.check_player(spec["controller"], (*loc, "cast", "controller"), relative=False)
                obj = spec["object"]
                if isinstance(obj, dict):
                    for key in ("controller", "owner"):
                        if obj.get(key) not in (None, spec["controller"]):
                            self.add((*loc, "cast", "object", key), f"«{key}» dell'oggetto ({obj[key]}) non "
                                     f"coincide con chi lancia la magia ({spec['controller']})")
            for j, ref in enumerate(spec.get("targets") or []):
                self.check_id(ref, (*loc, "cast", "targets", j), players=True)
            obj = spec["object"] if isinstance(spec["object"], dict) else self.objects.get(spec["object"])
            self.check_announced(spec, obj, (*loc, "cast"), ability=False)
        elif "activate" in action:
            spec = action["activate"]
            self.check_id(spec["source"], (*loc, "activate", "source"))
            for j, ref in enumerate(spec.get("targets") or []):
                self.check_id(ref, (*loc, "activate", "targets", j), players=True)
            source = self.objects.get(spec["source"])
            own = [ab["activated"] for ab in (source or {}).get("abilities") or [] if "activated" in ab]
            index = int(spec.get("ability", 0))
            # Granted abilities come after the object's own (their number is known only while replaying).
            self.check_announced(spec, own[index] if index < len(own) else None, (*loc, "activate"), ability=True)
        elif "declare_attackers" in action:
            for att, target in action["declare_attackers"].items():
                self.check_id(att, (*loc, "declare_attackers", att))
                self.check_id(target, (*loc, "declare_attackers", att), players=True)
        elif "declare_blockers" in action:
            for blk, atts in action["declare_blockers"].items():
                self.check_id(blk, (*loc, "declare_blockers", blk))
                for j, att in enumerate(atts):
                    self.check_id(att, (*loc, "declare_blockers", blk, j))
        elif "assign_damage" in action:
            for src, parts in action["assign_damage"].items():
                self.check_id(src, (*loc, "assign_damage", src))
                for dst in parts:
                    self.check_id(dst, (*loc, "assign_damage", src, dst), players=True)

    def check_announced(self, spec: dict[str, Any], body: dict[str, Any] | None, loc: Loc, *, ability: bool) -> None:
        """``modes``, ``x`` and ``divide`` of a cast or activate action (SCENARIO-FORMAT.md 2.2), against the
        spell or ability when it is known: a mode that doesn't exist, X without {X} in the cost, a division
        where nothing is divided, and ``divide`` naming other targets than ``targets``."""
        what = "l'abilità" if ability else "la magia"
        divide = spec.get("divide")
        for key in divide or {}:
            self.check_id(key, (*loc, "divide", key), players=True)
        if divide is not None and spec.get("targets") and set(spec["targets"]) != set(divide):
            self.add((*loc, "divide"), "«divide» e «targets» devono nominare gli stessi bersagli (le chiavi di "
                                       "«divide» sono i bersagli: «targets» si può omettere)")
        if body is None:
            return
        modes = body.get("modes")
        if spec.get("modes") is not None:
            if modes is None:
                self.add((*loc, "modes"), f"{what} non è modale: togli «modes»")
            else:
                for j, index in enumerate(spec["modes"]):
                    if index >= len(modes):
                        self.add((*loc, "modes", j), f"il modo {index} non esiste: {what} ha {len(modes)} modi, "
                                                     f"numerati da 0 a {len(modes) - 1} nell'ordine scritto")
        if spec.get("x") is not None:
            costs = [c.get("mana") for c in body.get("cost") or [] if isinstance(c, dict)] if ability \
                else [body.get("mana_cost")]
            if not any("{X}" in (c or "") for c in costs):
                self.add((*loc, "x"), f"{what} non ha {{X}} nel costo: togli «x»")
        if divide is not None and not any(e.get("divided") for e in body.get("effect") or []):
            self.add((*loc, "divide"), f"{what} non divide nessuna quantità tra i bersagli: togli «divide»")

    def check_choices(self, choices: dict[str, Any]) -> None:
        for key, value in choices.items():
            loc: Loc = ("choices", key)
            if key == "apnap_order":
                if not isinstance(value, dict):
                    self.add(loc, "deve essere una mappa giocatore: [id, ...]")
                    continue
                for player, ids in value.items():
                    self.check_player(player, (*loc, player), relative=False)
                    if not isinstance(ids, list):
                        self.add((*loc, player), "deve essere una lista di id")
                        continue
                    for j, ref in enumerate(ids):
                        self.check_id(ref, (*loc, player, j))
                continue
            self.check_id(key, loc)
            items = value if isinstance(value, list) else [value]
            for j, ref in enumerate(items):
                if not isinstance(ref, str):
                    self.add((*loc, j), "deve essere un id o il nome di un giocatore")
                    continue
                self.check_id(ref, (*loc, j) if isinstance(value, list) else loc, players=True)
