"""The one-shot verb ``attach`` (SCENARIO-FORMAT.md 2.7, One-shot verbs; CR 701.3).

``{attach: REF, to: OBJECT}`` attaches the Auras or Equipment that REF names (``true``: the source) to the
``to:`` object. An Equipment goes only on a creature other than itself, an Aura only on what its ``target``
selector allows and not on itself, and protection stops both (702.16c-d). If it can't be attached there, or is
already attached to it, nothing happens (701.3b). Otherwise it gets a new timestamp (701.3c, 613.7e) and keeps
its controller (301.5d).
"""

from __future__ import annotations

from collections.abc import Callable

from judgekit.engine.characteristics import chars
from judgekit.engine.selectors import SelectorContext, matches
from judgekit.engine.state import Computed, Game, GameObject
from judgekit.engine.vocab import Zone

# CR 702.16: the protection keyword of the second object whose quality the first has (effects.protected_from).
Protection = Callable[[Computed, Computed], "str | None"]


def attach_problem(game: Game, what: Computed, host: Computed, protected_from: Protection) -> str | None:
    """Why ``what`` can't be attached to ``host`` (701.3b), or None: ``itself``, ``not_creature`` (an Equipment,
    301.5), ``illegal_host`` (an Aura's ``target``, 303.4a), ``protection`` (702.16c-d), ``not_attachable``
    (neither an Aura nor an Equipment)."""
    if what.uid == host.uid:
        return "itself"
    if "Equipment" in what.subtypes:
        if not host.is_creature:
            return "not_creature"
    elif "Aura" in what.subtypes:
        if what.target is not None and not isinstance(what.target, str):
            ctx = SelectorContext(you=what.controller, source=what.uid, ids=game.ids,
                                  players=tuple(p.name for p in game.players))
            if not matches(what.target, host, ctx):
                return "illegal_host"
    else:
        return "not_attachable"
    if protected_from(what, host) is not None:
        return "protection"
    return None


def attach(game: Game, objs: list[GameObject], hosts: list[GameObject], protected_from: Protection) -> None:
    """CR 701.3a-c: attach each of ``objs`` still on the battlefield to the first of ``hosts`` on the battlefield."""
    hosts = [h for h in hosts if h.current and h.zone == Zone.BATTLEFIELD]
    for obj in objs:
        if not obj.current or obj.zone != Zone.BATTLEFIELD:
            continue
        what = chars(game, obj)
        if not hosts:
            game.record("effect", "costs.attach_nothing", "701.3b", objects=[obj.id], name=what.name)
            continue
        host = hosts[0]
        hc = chars(game, host)
        problem = "already" if obj.attached_to == host.uid else attach_problem(game, what, hc, protected_from)
        if problem is not None:
            rules = ["701.3b", *({"protection": ["702.16c", "702.16d"], "not_creature": ["301.5"],
                                  "illegal_host": ["303.4a"]}.get(problem, []))]
            game.record("effect", "costs.attach_fails", *rules, objects=[obj.id, host.id], name=what.name,
                        host=hc.name, reason=problem)
            continue
        obj.attached_to = host.uid
        obj.timestamp = game.new_timestamp()
        game.touch()
        game.record("effect", "costs.attached", "701.3a", "701.3c", "613.7e", "301.5d", objects=[obj.id, host.id],
                    name=what.name, host=hc.name, controller=what.controller, timestamp=obj.timestamp)
