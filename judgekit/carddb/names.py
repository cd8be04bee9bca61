"""Card names as lookup keys: folded like the rest of judgekit, punctuation left out.

``"Valki, God of Lies"``, ``"valki god of lies"`` and ``"VALKI – GOD OF LIES"`` are one key; so are
``"Fire // Ice"`` and ``"fire ice"``, ``"Lim-Dûl's Vault"`` and ``"lim duls vault"``, ``"Ajani's Pridemate"`` and
``"ajanis pridemate"``. Case and accents go with :func:`judgekit.italian.fold`, apostrophes are dropped, and what
is left are the runs of letters and digits, one space apart.
"""

from __future__ import annotations

import re
import unicodedata

from judgekit.italian import fold

_WORDS = re.compile(r"[^\W_]+")


def fold_name(name: str) -> str:
    """The lookup key of a card name (see the module docstring)."""
    if not unicodedata.is_normalized("NFC", name):
        name = unicodedata.normalize("NFC", name)
    return " ".join(_WORDS.findall(fold(name).replace("'", "")))
