"""Constants shared by the index builder and the query path, and compact string tables.

Kept free of heavy imports: the query path loads this module, never the index builder.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator

DOCS = ("cr", "ipg", "jar", "mtr", "manuale", "glossario")

FIELD_LABELS = {"title": "titolo", "alias": "alias", "en": "inglese", "section": "sezione", "lead": "prima frase",
                "text": "testo", "note": "nota", "questions": "domande tipiche", "text_en": "testo inglese",
                "history": "testo precedente"}

FLAG_SUPERSEDED = 1
FLAG_OUTDATED = 2
FLAG_SINTESI = 4
FLAG_SECTION = 8
FLAG_GLOSSARY = 16
FLAG_MANUAL = 32


def pack(strings: Iterable[str]) -> dict[str, object]:
    """Strings as one blob and their start offsets: unpickled in a blink, unlike a big dict of str."""
    blob_parts: list[str] = []
    starts = array("I", [0])
    total = 0
    for text in strings:
        blob_parts.append(text)
        total += len(text)
        starts.append(total)
    return {"blob": "".join(blob_parts), "starts": starts}


class Strings:
    """Read access to a packed string table; ``find`` is a binary search (the table must be sorted)."""

    __slots__ = ("_blob", "_starts", "_size")

    def __init__(self, packed: dict[str, object]) -> None:
        self._blob: str = packed["blob"]  # type: ignore[assignment]
        self._starts: array[int] = packed["starts"]  # type: ignore[assignment]
        self._size = len(self._starts) - 1

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, i: int) -> str:
        return self._blob[self._starts[i]:self._starts[i + 1]]

    def __iter__(self) -> Iterator[str]:
        for i in range(self._size):
            yield self[i]

    def find(self, key: str) -> int:
        lo, hi = 0, self._size
        blob, starts = self._blob, self._starts
        while lo < hi:
            mid = (lo + hi) // 2
            if blob[starts[mid]:starts[mid + 1]] < key:
                lo = mid + 1
            else:
                hi = mid
        if lo < self._size and blob[starts[lo]:starts[lo + 1]] == key:
            return lo
        return -1


class Table:
    """A sorted packed key table with a parallel packed value table, read like a dict of str."""

    __slots__ = ("keys", "values")

    def __init__(self, keys: dict[str, object], values: dict[str, object] | None = None) -> None:
        self.keys = Strings(keys)
        self.values = Strings(values) if values is not None else None

    def __contains__(self, key: str) -> bool:
        return self.keys.find(key) >= 0

    def __len__(self) -> int:
        return len(self.keys)

    def index(self, key: str) -> int | None:
        found = self.keys.find(key)
        return None if found < 0 else found

    def get(self, key: str, default: str | None = None) -> str | None:
        found = self.keys.find(key)
        if found < 0 or self.values is None:
            return default
        return self.values[found]
