"""Reference checks of a loaded scenario (SCENARIO-FORMAT.md): every id, player name, selector, value,
ability, action, choice and expectation names something the scenario defines.

:class:`References` is mixed into the loader's checker, which gives it the state below (the ids and players it
found, the names of every object, the tokens effects will create) and ``add`` (one problem at a key path).
"""

from __future__ import annotations

from typing import Any

from judgekit.engine.specs import SELECTOR_WORDS
from judgekit.errors import Issue
from judgekit.yamlio import Loc, YamlDoc

TO_WORDS = {"self", "target", "targets", "you", "controller", "trigger_object", "opponent", "event_object",
            "event_player", "chosen", "trigger_spell", "defending_player", "created", "paid"}


class References:
    """The ``check_*`` methods of the loader: each reports what it cannot resolve, never raises."""

    doc: YamlDoc
    issues: list[Issue]
    objects: dict[str, dict[str, Any]]
    locs: dict[str, Loc]
    players: list[str]
    ids: set[str]
    names: dict[int, tuple[str | None, ...]]
    token_ids: set[str]
    ambiguous: set[str]

    # A ``choices`` key as resolved (an id) -> as the file wrote it (a name): problems name the written key.
    choice_keys: dict[str, str]

    def add(self, loc: Loc, message: str) -> None:
        if len(loc) > 1 and loc[0] == "choices" and str(loc[1]) in self.choice_keys:
            loc = ("choices", self.choice_keys[str(loc[1])], *loc[2:])
        self.issues.append(self.doc.issue(loc, message))

    def _unknown_player(self, name: str) -> str:
        return f"giocatore sconosciuto «{name}»: i giocatori sono {', '.join(self.players)}"

    def known(self, ref: str) -> bool:
        """An id of the file, or one a token may get: a base, or ``BASE#N`` (N from 2; how many tokens an
        effect makes during the replay is not known before it)."""
        if ref in self.ids or ref in self.token_ids:
            return True
        base, sep, number = ref.rpartition("#")
        return bool(sep) and base in self.token_ids and number.isdigit() and int(number) >= 2

    def suggest(self, ref: str) -> str:
        from rapidfuzz import process

        names = {str(n) for obj in self.objects.values() for n in self.names.get(id(obj), ()) if n}
        near = process.extract(ref, sorted(self.ids | self.token_ids | set(self.players) | names), limit=2,
                               score_cutoff=70)
        return f" (forse cercavi: {', '.join(n for n, _s, _i in near)})" if near else ""

    def check_id(self, ref: Any, loc: Loc, *, players: bool = False, words: set[str] | None = None) -> None:
        if not isinstance(ref, str):
            return
        if words and ref in words:
            return
        if ref in self.ambiguous:  # already reported with the ids it could mean
            return
        if self.known(ref) or (players and ref in self.players):
            return
        what = "id o giocatore sconosciuto" if players else "id sconosciuto"
        self.add(loc, f"{what} «{ref}»{self.suggest(ref)}")

    def check_player(self, ref: Any, loc: Loc, *, relative: bool = True) -> None:
        if not isinstance(ref, str):
            return
        if relative and ref in ("you", "opponent", "chosen"):
            return
        if ref not in self.players:
            self.add(loc, self._unknown_player(ref))

    def check_selector(self, sel: Any, loc: Loc, *, to: bool = False) -> None:
        if isinstance(sel, dict) and ("controller_of" in sel or "owner_of" in sel):
            # A player REF (SCENARIO-FORMAT.md 2.7): what it reads is any REF.
            for key in ("controller_of", "owner_of"):
                if sel.get(key) is not None:
                    self.check_selector(sel[key], (*loc, key), to=True)
            return
        if isinstance(sel, str):
            words = set(SELECTOR_WORDS) | (TO_WORDS if to else set())
            self.check_id(sel, loc, players=to, words=words)
        elif isinstance(sel, list):
            for i, ref in enumerate(sel):
                self.check_id(ref, (*loc, i), players=to)
        elif isinstance(sel, dict):
            for key in ("controller", "owner"):
                # ``any`` is the same as leaving the key out (SCENARIO-FORMAT.md 2.7, Costs).
                if sel.get(key) is not None and sel[key] != "any":
                    self.check_player(sel[key], (*loc, key))
            for i, alt in enumerate(sel.get("any") or []):
                self.check_selector(alt, (*loc, "any", i))

    def check_value(self, value: Any, loc: Loc) -> None:
        if not isinstance(value, dict):
            return
        if value.get("count") is not None:
            self.check_selector(value["count"], (*loc, "count"))
        for key in ("power_of", "toughness_of", "mana_value_of", "counters_on", "hand_size", "life"):
            if value.get(key) is not None:
                self.check_selector(value[key], (*loc, key), to=True)

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

    def check_replacement(self, body: dict[str, Any], loc: Loc) -> None:
        """The references of a ``replacement`` (SCENARIO-FORMAT.md 2.3): ``of``, ``from``, and in ``then`` the
        object to copy, the player who gets control, the counts and the ``instead`` entries."""
        for key in ("of", "from"):
            if body.get(key) is not None:
                self.check_selector(body[key], (*loc, key), to=key == "of")
        then = body.get("then") or {}
        if then.get("copy_of") is not None:
            self.check_selector(then["copy_of"], (*loc, "then", "copy_of"))
        if then.get("control") is not None:
            self.check_player(then["control"], (*loc, "then", "control"))
        for kind, value in (then.get("counters") or {}).items():
            self.check_value(value, (*loc, "then", "counters", kind))
        if then.get("instead") is not None:
            self.check_effect_list(then["instead"], (*loc, "then", "instead"))

    def check_effect_list(self, effects: list[dict[str, Any]], loc: Loc) -> None:
        for i, entry in enumerate(effects or []):
            eloc = (*loc, i)
            if entry.get("replacement") is not None:
                self.check_replacement(entry["replacement"], (*eloc, "replacement"))
                continue
            if "to" in entry:
                self.check_selector(entry["to"], (*eloc, "to"), to=True)
            self.check_ops(entry, eloc)
            for key in ("damage", "gain_life", "lose_life", "draw", "discard", "count"):
                self.check_value(entry.get(key), (*eloc, key))
            for key in ("add_counters", "remove_counters"):
                for kind, n in (entry.get(key) or {}).items() if isinstance(entry.get(key), dict) else ():
                    self.check_value(n, (*eloc, key, kind))
            if isinstance(entry.get("sacrifice"), (dict, list)):
                self.check_selector(entry["sacrifice"], (*eloc, "sacrifice"))
            if entry.get("attach") not in (None, True, False):
                self.check_selector(entry["attach"], (*eloc, "attach"), to=True)
            if entry.get("fight") is not None:
                self.check_id(entry["fight"], (*eloc, "fight"), words={"target", "self", "trigger_object"})
            delayed = entry.get("delayed_trigger")
            if isinstance(delayed, dict):
                self.check_delayed(delayed, (*eloc, "delayed_trigger"))
            tok = entry.get("create_token")
            if isinstance(tok, dict):
                for j, ab in enumerate(tok.get("abilities") or []):
                    self.check_ability(ab, (*eloc, "create_token", "abilities", j))

    def check_delayed(self, body: dict[str, Any], loc: Loc) -> None:
        """A ``delayed_trigger`` (SCENARIO-FORMAT.md 2.5): its ``of`` (a player filter for step and player events,
        otherwise a REF or a selector), its ``target`` and its effect list."""
        from judgekit.engine.turns import PLAYER_EVENTS, STEP_EVENTS

        of = body.get("of")
        if of is not None:
            if body["event"] in STEP_EVENTS or body["event"] in PLAYER_EVENTS:
                if isinstance(of, str) and of not in ("any", "you", "opponent"):
                    self.check_player(of, (*loc, "of"), relative=False)
            else:
                self.check_selector(of, (*loc, "of"), to=True)
        if body.get("target") is not None:
            self.check_selector(body["target"], (*loc, "target"))
        self.check_effect_list(body.get("effect") or [], (*loc, "effect"))

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
            trig = ab["trigger"]
            if trig.get("of") != "any":
                self.check_selector(trig.get("of"), (*loc, "trigger", "of"), to=True)
            for key in ("from", "targets"):
                if trig.get(key) is not None:
                    self.check_selector(trig[key], (*loc, "trigger", key), to=True)
            if ab.get("target") is not None:
                self.check_selector(ab["target"], (*loc, "target"))
            self.check_effect_list(ab.get("effect") or [], (*loc, "effect"))
            self.check_modes(ab.get("modes"), (*loc, "modes"))
        elif "replacement" in ab:
            self.check_replacement(ab["replacement"], (*loc, "replacement"))
        elif "activated" in ab:
            body = ab["activated"]
            self.check_costs(body.get("cost") or [], (*loc, "activated", "cost"))
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
        self.check_costs(obj.get("additional_cost") or [], (*loc, "additional_cost"))
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
            if eff.get("replacement") is not None:
                self.check_replacement(eff["replacement"], (*eloc, "replacement"))
            if eff.get("affects") is not None:
                self.check_selector(eff["affects"], (*eloc, "affects"))
            if eff.get("controller") is not None:
                self.check_player(eff["controller"], (*eloc, "controller"), relative=False)
            self.check_ops(eff, eloc)
        for i, action in enumerate(data["actions"]):
            self.check_action(action, ("actions", i))
        from judgekit.scenario.choices import check_choices

        # replacement_order names an ``effects:`` entry by its ``id``, or by its ``source`` when it has none (2.2).
        effect_ids = frozenset(str(e.get("id") or e["source"]) for e in data["effects"]
                               if e.get("replacement") is not None)
        check_choices(self, data["choices"], effect_ids)
        exp = data.get("expect")
        if exp:
            self.check_expectations(exp, ("expect",))

    def check_expectations(self, exp: dict[str, Any], loc: Loc) -> None:
        """The references of ``expect`` and of a ``check`` action: ids, players, selectors of ``counts``."""
        for oid in exp.get("objects", {}):
            self.check_id(oid, (*loc, "objects", oid))
            attached = exp["objects"][oid].get("attached_to")
            if attached is not None:
                self.check_id(attached, (*loc, "objects", oid, "attached_to"))
            ctrl = exp["objects"][oid].get("controller")
            if ctrl is not None:
                self.check_player(ctrl, (*loc, "objects", oid, "controller"), relative=False)
        for name in exp.get("players", {}):
            self.check_player(name, (*loc, "players", name), relative=False)
        for i, count in enumerate(exp.get("counts") or []):
            self.check_selector(count["select"], (*loc, "counts", i, "select"))

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
            self.check_paying(spec, (*loc, "cast"))
        elif "play_land" in action:
            self.check_id(action["play_land"]["object"], (*loc, "play_land", "object"))
        elif "activate" in action:
            spec = action["activate"]
            self.check_id(spec["source"], (*loc, "activate", "source"))
            for j, ref in enumerate(spec.get("targets") or []):
                self.check_id(ref, (*loc, "activate", "targets", j), players=True)
            source = self.objects.get(spec["source"])
            own = [ab["activated"] for ab in (source or {}).get("abilities") or [] if "activated" in ab]
            index = spec.get("ability", 0)
            # Granted abilities come after the object's own (their number is known only while replaying); a
            # keyword's ability (``crew``, ``equip``) is known only while replaying too.
            body = own[index] if isinstance(index, int) and index < len(own) else None
            self.check_announced(spec, body, (*loc, "activate"), ability=True)
            self.check_paying(spec, (*loc, "activate"))
        elif "declare_attackers" in action and isinstance(action["declare_attackers"], list):
            for j, att in enumerate(action["declare_attackers"]):
                self.check_id(att, (*loc, "declare_attackers", j))
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
        elif "check" in action:
            self.check_expectations(action["check"], (*loc, "check"))

    def check_paying(self, spec: dict[str, Any], loc: Loc) -> None:
        """The ids a cast or activate action lists as paying its costs (SCENARIO-FORMAT.md 2.8, Cost choices)."""
        for key in ("sacrifice", "discard", "tap", "exile"):
            for j, ref in enumerate(spec.get(key) or []):
                self.check_id(ref, (*loc, key, j))

    def check_costs(self, costs: list[Any], loc: Loc) -> None:
        """The selectors of the costs of 2.7 (``sacrifice``, ``tap_untapped``, ``exile_from_graveyard``)."""
        for i, cost in enumerate(costs or []):
            if isinstance(cost, dict):
                for key in ("sacrifice", "tap_untapped", "exile_from_graveyard"):
                    if cost.get(key) is not None:
                        self.check_selector(cost[key], (*loc, i, key))

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
