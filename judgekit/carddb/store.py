"""The imported cards: one SQLite file (``paths.cards_db()``), written whole by an import, read by lookups.

Tables:

- ``source_cards(ident, mtgjson, scryfall)``: each card as each source gave it (JSON compressed with zlib), keyed
  by its folded English name; kept so that the next import of the other source can be merged with it.
- ``cards(id, name, doc)``: each card merged (:func:`judgekit.carddb.formats.merge`), as JSON.
- ``names(key, card, kind, label)``: every folded name a card is found by, with the name as written: the
  English name (``kind`` 0), the English name of each face (1), the Italian name (2), the Italian name of each
  face (3).
- ``meta(key, value)``: ``schema`` and ``sources`` (per source: the file, its date, when it was imported and how
  many cards it had).

An import streams the file (:mod:`judgekit.carddb.jsonstream`) into a new database built in a temporary file in
the same folder, copies in the other source's cards from the previous database, merges, and renames the new file
over the old one (``os.replace``). A refused file leaves the previous database as it was. Memory holds the card
being read, a batch of rows and SQLite's page cache: the cards themselves go to the temporary file.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import sqlite3
import sys
import tempfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

import judgekit.carddb.formats as formats
from judgekit import paths
from judgekit.carddb.jsonstream import JsonStream
from judgekit.carddb.names import fold_name
from judgekit.errors import FileAccessError, InvalidFileError, Issue

SCHEMA = 1
_BATCH = 1000

_CREATE = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE source_cards (ident TEXT PRIMARY KEY, mtgjson BLOB, scryfall BLOB);
CREATE TABLE cards (id INTEGER PRIMARY KEY, name TEXT NOT NULL, doc TEXT NOT NULL);
CREATE TABLE names (key TEXT NOT NULL, card INTEGER NOT NULL, kind INTEGER NOT NULL, label TEXT NOT NULL,
                    PRIMARY KEY (key, card)) WITHOUT ROWID;
"""

FORMAT_LABELS = {"mtgjson": "MTGJSON AtomicCards", "scryfall": "Scryfall Oracle Cards"}


def _not_cards(name: str, detail: str) -> InvalidFileError:
    return InvalidFileError([Issue(name, None, "", (
        f"non è un file di carte: {detail}. judgekit importa AtomicCards.json di MTGJSON (versione 5) e il file "
        "«Oracle Cards» dei dati in blocco di Scryfall"))])


# -- reading the two formats -----------------------------------------------------------------------------------

class Counts:
    """What an import read."""

    def __init__(self) -> None:
        self.cards = 0
        self.faces = 0
        self.italian = 0
        self.rulings = 0
        self.skipped = 0

    def add(self, card: dict[str, Any]) -> None:
        self.cards += 1
        self.faces += len(card.get("faces") or [])
        if card.get("name_it") or any(f.get("name_it") for f in card.get("faces") or []):
            self.italian += 1
        self.rulings += len(card.get("rulings") or [])


def detect(stream: JsonStream) -> str:
    """``mtgjson`` or ``scryfall``, from the first characters of the file (raises for anything else)."""
    first = stream.peek()
    if not first:
        raise _not_cards(stream.name, "il file è vuoto")
    if first == "{":
        return "mtgjson"
    if first == "[":
        return "scryfall"
    raise _not_cards(stream.name, "non comincia con un oggetto né con una lista JSON")


def _read_mtgjson(stream: JsonStream, sink: Any, counts: Counts) -> dict[str, Any]:
    """Walk ``{"meta": {...}, "data": {name: [faces]}}`` card by card; return ``meta``."""
    stream.expect("{", "atteso un oggetto")
    meta: dict[str, Any] = {}
    seen_data = False
    first = True
    if stream.peek() == "}":
        raise _not_cards(stream.name, "l'oggetto JSON è vuoto")
    while True:
        key = stream.string("atteso il nome di una chiave tra virgolette")
        if first and key not in ("meta", "data"):
            raise _not_cards(stream.name, f"la prima chiave è «{key}», non «meta» né «data» di MTGJSON")
        first = False
        stream.expect(":", "attesi i due punti")
        if key == "data":
            if stream.peek() != "{":
                raise stream.error("«data» deve essere un oggetto: nome della carta -> lista delle facce", key="data")
            seen_data = True
            _read_data(stream, sink, counts)
        elif key == "meta":
            found = stream.value()
            if not isinstance(found, dict):
                raise stream.error("«meta» deve essere un oggetto (date, version)", key="meta")
            meta = found
        else:
            stream.value()  # a key this reader does not use
        if stream.expect(",}", "attesa una virgola o la fine dell'oggetto") == "}":
            break
    stream.end()
    if not seen_data:
        raise _not_cards(stream.name, "manca la chiave «data» con le carte")
    return meta


def _locate(stream: JsonStream, mark: int) -> Callable[[], int | None]:
    """The line of a card, found only when a message needs it."""
    return lambda: stream.line_of(mark)


def _read_data(stream: JsonStream, sink: Any, counts: Counts) -> None:
    stream.expect("{", "atteso un oggetto")
    if stream.peek() == "}":
        stream.pos += 1
        return
    while True:
        mark = stream.mark()
        name = stream.string("atteso il nome di una carta tra virgolette")
        stream.expect(":", "attesi i due punti")
        value = stream.value()
        where = formats.Where(stream.name, _locate(stream, mark), f"data.«{name}»")
        card = formats.from_mtgjson(name, value, where)
        counts.add(card)
        sink(card)
        if stream.expect(",}", "attesa una virgola o la fine di «data»") == "}":
            return


def _read_scryfall(stream: JsonStream, sink: Any, counts: Counts) -> None:
    """Walk ``[card, card, ...]`` card by card."""
    stream.expect("[", "attesa una lista")
    if stream.peek() == "]":
        stream.pos += 1
        stream.end()
        return
    index = 0
    while True:
        mark = stream.mark()
        value = stream.value()
        if index == 0 and not formats.scryfall_like(value):
            raise _not_cards(stream.name, "la lista non contiene carte di Scryfall (oggetti con name, type_line, "
                                          "oracle_text...)")
        where = formats.Where(stream.name, _locate(stream, mark), f"[{index}]")
        card = formats.from_scryfall(value, where)
        if card is None:
            counts.skipped += 1
        else:
            counts.add(card)
            sink(card)
        index += 1
        if stream.expect(",]", "attesa una virgola o la fine della lista") == "]":
            break
    stream.end()


def _scryfall_date(file: Path) -> tuple[str, str]:
    """The date of a Scryfall file: the one in its name as Scryfall gives it (``oracle-cards-20240101...``), else
    the day it was last modified (when it was downloaded). Returns (date, how it was found)."""
    found = re.search(r"(\d{4})(\d{2})(\d{2})\d{0,6}\.json$", file.name)
    if found:
        try:
            return dt.date(*(int(x) for x in found.groups())).isoformat(), "nome del file"
        except ValueError:
            pass
    stamp = dt.datetime.fromtimestamp(file.stat().st_mtime).date()
    return stamp.isoformat(), "data di modifica del file"


# -- building the database -------------------------------------------------------------------------------------

def _warn(text: str) -> None:
    try:
        sys.stderr.write(f"avviso: {text}\n")
    except (OSError, ValueError):
        pass


def name_rows(card_id: int, card: dict[str, Any]) -> list[tuple[str, int, int, str]]:
    """The rows of ``names`` for one card: (key, card, kind, label), one per distinct key (lowest kind kept)."""
    found: dict[str, tuple[str, int, int, str]] = {}
    faces = card.get("faces") or []
    labels = [(0, card.get("name")), *((1, f.get("name")) for f in faces), (2, card.get("name_it")),
              *((3, f.get("name_it")) for f in faces)]
    for kind, label in labels:
        if not label:
            continue
        key = fold_name(str(label))
        if key and key not in found:
            found[key] = (key, card_id, kind, str(label))
    return list(found.values())


def _pack(card: dict[str, Any]) -> bytes:
    return zlib.compress(json.dumps(card, ensure_ascii=False, separators=(",", ":")).encode("utf-8"), 1)


def _unpack(blob: bytes | None) -> dict[str, Any] | None:
    if blob is None:
        return None
    found = json.loads(zlib.decompress(blob).decode("utf-8"))
    return found if isinstance(found, dict) else None


class _Builder:
    """The new database in a temporary file beside the target."""

    def __init__(self, target: Path, source: str) -> None:
        self.target = target
        self.source = source
        self.other = "scryfall" if source == "mtgjson" else "mtgjson"
        self.rows: list[tuple[str, bytes]] = []
        self.kept: dict[str, Any] = {}
        self.total = 0
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
            os.close(fd)
        except OSError as exc:
            raise FileAccessError(f"impossibile scrivere in {target.parent}: {exc.strerror or exc}") from exc
        self.tmp = Path(tmp)
        self.conn = sqlite3.connect(tmp, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode=OFF")
        self.conn.execute("PRAGMA synchronous=OFF")
        self.conn.execute("BEGIN")
        for statement in _CREATE.strip().split(";"):
            if statement.strip():
                self.conn.execute(statement)
        self._keep_other()

    def _keep_other(self) -> None:
        """Copy the other source's cards (and their file's data) from the previous database."""
        if not self.target.is_file():
            return
        try:
            old = sqlite3.connect(self.target.resolve().as_uri() + "?mode=ro", uri=True)
            try:
                meta = dict(old.execute("SELECT key, value FROM meta").fetchall())
                if int(meta.get("schema", "0")) != SCHEMA:
                    _warn(f"il database delle carte {self.target} è di un'altra versione di judgekit: le carte "
                          f"importate prima non vengono unite a queste")
                    return
                self.kept = json.loads(meta.get("sources", "{}")).get(self.other) or {}
                cursor = old.execute(f"SELECT ident, {self.other} FROM source_cards WHERE {self.other} IS NOT NULL")
                while True:
                    batch = cursor.fetchmany(_BATCH)
                    if not batch:
                        break
                    self.conn.executemany(f"INSERT INTO source_cards (ident, {self.other}) VALUES (?, ?)", batch)
            finally:
                old.close()
        except (sqlite3.Error, ValueError, zlib.error) as exc:
            self.kept = {}
            self.conn.execute("DELETE FROM source_cards")
            _warn(f"il database delle carte {self.target} è danneggiato ({exc}): viene sostituito e le carte "
                  "importate prima non vengono unite a queste")

    def add(self, card: dict[str, Any]) -> None:
        self.rows.append((fold_name(card["name"]), _pack(card)))
        if len(self.rows) >= _BATCH:
            self._flush()

    def _flush(self) -> None:
        self.conn.executemany(
            f"INSERT INTO source_cards (ident, {self.source}) VALUES (?, ?) "
            f"ON CONFLICT(ident) DO UPDATE SET {self.source} = excluded.{self.source}", self.rows)
        self.rows = []

    def finish(self, info: dict[str, Any]) -> int:
        """Merge, write the indexes and the metadata, put the file in place; the number of cards."""
        self._flush()
        read = self.conn.cursor()
        read.execute("SELECT ident, mtgjson, scryfall FROM source_cards ORDER BY ident")
        card_id = 0
        cards: list[tuple[int, str, str]] = []
        names: list[tuple[str, int, int, str]] = []
        while True:
            batch = read.fetchmany(_BATCH)
            if not batch:
                break
            for _ident, mtgjson, scryfall in batch:
                card = formats.merge(_unpack(mtgjson), _unpack(scryfall))
                card_id += 1
                cards.append((card_id, card["name"], json.dumps(card, ensure_ascii=False, separators=(",", ":"))))
                names += name_rows(card_id, card)
            self.conn.executemany("INSERT INTO cards (id, name, doc) VALUES (?, ?, ?)", cards)
            self.conn.executemany("INSERT OR IGNORE INTO names (key, card, kind, label) VALUES (?, ?, ?, ?)", names)
            cards, names = [], []
        sources = {self.source: info}
        if self.kept:
            sources[self.other] = self.kept
        self.conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)",
                              [("schema", str(SCHEMA)), ("sources", json.dumps(sources, ensure_ascii=False))])
        self.conn.execute("COMMIT")
        self.conn.close()
        try:
            fd = os.open(self.tmp, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(self.tmp, self.target)
        except OSError as exc:
            raise FileAccessError(f"impossibile scrivere {self.target}: {exc.strerror or exc}") from exc
        self.total = card_id
        return card_id

    def abort(self) -> None:
        try:
            self.conn.close()
        except sqlite3.Error:
            pass
        try:
            self.tmp.unlink()
        except OSError:
            pass


def _open(file: Path) -> BinaryIO:
    from judgekit.fileio import access_error, check_regular

    check_regular(file)
    try:
        return open(file, "rb")  # noqa: SIM115 - closed by the caller
    except OSError as exc:
        raise access_error(file, exc) from None


def import_file(file: Path, target: Path | None = None) -> dict[str, Any]:
    """Import an MTGJSON or Scryfall card file into the card database; return what was read (see :func:`summary`)."""
    target = target or paths.cards_db()
    shown = paths.display_path(file)
    counts = Counts()
    with _open(file) as handle:
        stream = JsonStream(handle, shown)
        source = detect(stream)
        builder = _Builder(target, source)
        try:
            if source == "mtgjson":
                meta = _read_mtgjson(stream, builder.add, counts)
                date = meta.get("date") if isinstance(meta.get("date"), str) else None
                version = meta.get("version") if isinstance(meta.get("version"), str) else None
                date_from = "meta.date" if date else "assente"
            else:
                _read_scryfall(stream, builder.add, counts)
                date, date_from = _scryfall_date(file)
                version = None
            if counts.cards == 0:
                raise InvalidFileError([Issue(shown, None, "", "il file non contiene carte: l'importazione "
                                                               "precedente resta com'era")])
            info = {"file": str(file), "date": date, "date_from": date_from, "version": version,
                    "imported": dt.datetime.now().isoformat(timespec="seconds"), "cards": counts.cards}
            total = builder.finish(info)
        except BaseException:
            builder.abort()
            raise
    sources = read_sources(target)
    return {"format": source, "format_label": FORMAT_LABELS[source], "file": str(file), "date": date,
            "date_from": date_from, "version": version, "cards": counts.cards, "faces": counts.faces,
            "italian_names": counts.italian, "rulings": counts.rulings, "skipped": counts.skipped,
            "total_cards": total, "sources": sorted(sources), "database": str(target)}


def summary(result: dict[str, Any]) -> str:
    """What an import read, in Italian."""
    from judgekit.corpus.render_rule import italian_date

    date = italian_date(result["date"]) if result["date"] else "non indicata"
    how = f" ({result['date_from']})" if result["date"] and result["format"] == "scryfall" else ""
    version = f", versione {result['version']}" if result.get("version") else ""
    lines = [
        f"Importato {result['file']}: formato {result['format_label']}{version}; data del file: {date}{how}.",
        f"Letto: {result['cards']} carte, {result['faces']} facce di carte con più facce, {result['italian_names']} "
        f"carte con il nome italiano, {result['rulings']} ruling.",
    ]
    if result["skipped"]:
        lines.append(f"Saltate {result['skipped']} voci che non sono carte (pedine, emblemi, carte illustrazione).")
    other = [s for s in result["sources"] if s != result["format"]]
    merged = f", unite a quelle già importate da {', '.join(FORMAT_LABELS[s] for s in other)}" if other else ""
    lines.append(f"Nel database ora ci sono {result['total_cards']} carte{merged}: {result['database']}.")
    lines.append("Cerca una carta con «judgekit card NOME» (nome inglese o italiano, di qualunque faccia).")
    return "\n".join(lines)


# -- reading the database --------------------------------------------------------------------------------------

def connect(path: Path | None = None) -> sqlite3.Connection | None:
    """The card database opened read-only, or ``None`` when there is none (a damaged file is said once)."""
    path = path or paths.cards_db()
    if not path.is_file():
        return None
    try:
        conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
        row = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    except (sqlite3.Error, ValueError, OSError) as exc:
        _warn(f"il database delle carte {path} non si può leggere ({exc}): importa di nuovo i file delle carte")
        return None
    if row is None or row[0] != str(SCHEMA):
        _warn(f"il database delle carte {path} è di un'altra versione di judgekit: importa di nuovo i file delle carte")
        conn.close()
        return None
    return conn


def read_sources(path: Path | None = None) -> dict[str, Any]:
    """Per source, the data of the file imported (file, date, cards...)."""
    conn = connect(path)
    if conn is None:
        return {}
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'sources'").fetchone()
        found = json.loads(row[0]) if row else {}
        return found if isinstance(found, dict) else {}
    except (sqlite3.Error, ValueError):
        return {}
    finally:
        conn.close()


def imported_by_keys(keys: list[str]) -> dict[str, dict[str, Any]]:
    """The imported cards whose folded names (any face, English or Italian) are among ``keys``: one query on
    the index of names; ``{}`` without a database."""
    conn = connect()
    if conn is None or not keys:
        return {}
    out: dict[str, dict[str, Any]] = {}
    try:
        for start in range(0, len(keys), 500):
            chunk = keys[start:start + 500]
            marks = ",".join("?" * len(chunk))
            rows = conn.execute(f"SELECT n.key, c.doc FROM names n JOIN cards c ON c.id = n.card "
                                f"WHERE n.key IN ({marks}) ORDER BY n.kind, c.id", chunk).fetchall()
            for key, doc in rows:
                if key not in out:
                    card = json.loads(doc)
                    if isinstance(card, dict):
                        out[key] = card
    except sqlite3.Error:
        return {}
    finally:
        conn.close()
    return out
