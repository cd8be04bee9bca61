"""Errors raised while a scenario is replayed.

:class:`IllegalAction` stops the replay: the action is not allowed by the rules; it names the CR rule
(``IllegalAction("attack.tapped", rule="508.1a", attacker="Grizzly Bears")``); the layer above turns its code and
parameters into the Italian message. The ruling reports it as ``error: {message, rule}``; ``expect.error`` may
say it is the intended outcome.

:class:`ScenarioProblem` is a mistake in the scenario file found only while replaying (a bare ``resolve``
on an empty stack, an ability index that doesn't exist): it becomes an
:class:`~judgekit.errors.InvalidFileError` pointing at the action's line (exit code 3).

:class:`GameOver` is raised at a priority point once a player has lost: the game ends at once (CR 104.1), so
the replay runs nothing more and reports the final state. It is not an error.
"""

from __future__ import annotations

from typing import Any


class IllegalAction(Exception):
    """An action the rules don't allow: ``code`` names it (the renderer gives the Italian message), ``rule`` is
    one CR number as a string (``"509.1b"``), ``params`` are the names and values the message needs, ``key``
    the key path of what the scenario wrote."""

    def __init__(self, code: str, rule: str | None = None, *, key: tuple[str | int, ...] = (), **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.rule = rule
        self.params = params
        # Where the scenario wrote what was illegal: a ``choices`` answer (``Decision.key``), else the action
        # being run (the driver fills it in).
        self.key = key


class ScenarioProblem(Exception):
    """A problem of the scenario file discovered during the replay: ``code`` and ``params`` as for
    :class:`IllegalAction`; ``key`` extends the action's key path."""

    def __init__(self, code: str, key: tuple[str | int, ...] = (), **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.key = key
        self.params = params


class GameOver(Exception):
    """A player has lost the game (CR 104.2a, 104.3b, 104.4a): the game is over, nothing else happens (104.1)."""
