"""Importing a full-size card file: time, peak memory, and the card lookup afterwards.

1. Writes an MTGJSON-shaped ``AtomicCards.json`` of about 100 MB in a temporary folder (by default 30,000
   cards, about one in ten with two faces, each with the fields of the real file: identifiers, printings,
   legalities, rulings, and for six cards in ten eight languages in ``foreignData``, Italian among them).
2. Imports it with ``judgekit import-cards FILE --json`` in a subprocess (a data folder of its own) and prints
   the wall time and the child's peak memory (``resource.getrusage(RUSAGE_CHILDREN).ru_maxrss``).
   Target: within a minute, at most 1 GB.
3. Looks up a card of the imported file with ``judgekit card NAME`` against ``python -c "import typer"``,
   alternately, and prints the ratio (as ``benchmarks/lookup.py`` does; target <= 1.5); then the time of a
   misspelt name (the fuzzy search over every name) and of a name that does not exist.

    python benchmarks/import_cards.py [--cards 30000] [--rounds 11] [--keep]
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lookup import alternate, bench_env, judgekit_command, report  # noqa: E402

TARGET_SECONDS = 60
TARGET_BYTES = 1 << 30
LOOKUP_TARGET = 1.5

_WORDS_TEXT = ("creature target damage player card library graveyard battlefield counter token spell ability "
               "control opponent each until end turn exile return hand draw discard sacrifice destroy attack block "
               "combat power toughness mana color enters leaves whenever instead may choose reveal search shuffle "
               "life flying trample haste vigilance lifelink deathtouch first strike double menace reach")
_WORDS = _WORDS_TEXT.split()
_PAROLE_TEXT = ("creatura bersaglio danno giocatore carta grimorio cimitero campo battaglia segnalino pedina "
                "magia abilità controllo avversario ogni fino fine turno esilia riprendi mano pesca scarta sacrifica "
                "distruggi attacca blocca combattimento forza costituzione mana colore entra lascia volta invece")
_PAROLE = _PAROLE_TEXT.split()
_LANGUAGES = ("German", "Spanish", "French", "Italian", "Japanese", "Portuguese (Brazil)", "Russian",
              "Chinese Simplified")
_FORMATS = ("alchemy", "brawl", "commander", "duel", "explorer", "future", "gladiator", "historic", "legacy",
            "modern", "oathbreaker", "pauper", "paupercommander", "penny", "pioneer", "predh", "premodern",
            "standard", "standardbrawl", "timeless", "vintage")


def _sentence(rng: random.Random, words: tuple[str, ...] | list[str], n: int) -> str:
    return " ".join(rng.choice(words) for _ in range(n)).capitalize() + "."


def _text(rng: random.Random, words: tuple[str, ...] | list[str], lines: int = 3) -> str:
    return "\n".join(_sentence(rng, words, rng.randint(6, 14)) for _ in range(rng.randint(1, lines)))


def _face(rng: random.Random, i: int, name: str, face_name: str | None, side: str | None) -> dict[str, object]:
    shown = face_name or name
    foreign = []
    for lang in _LANGUAGES if rng.random() < 0.6 else ():
        words = _PAROLE if lang == "Italian" else _WORDS
        entry: dict[str, object] = {
            "identifiers": {"multiverseId": str(100000 + i), "scryfallId": f"{i:08x}-0000-4000-8000-{i:012x}"},
            "language": lang, "multiverseId": 100000 + i, "name": f"{lang[:3]} {shown}",
            "text": _text(rng, words), "type": "Creatura — Prova"}
        if face_name:
            entry["faceName"] = f"{lang[:3]} {face_name}"
        foreign.append(entry)
    face: dict[str, object] = {
        "colorIdentity": ["G"], "colors": ["G"], "convertedManaCost": 3.0, "edhrecRank": i, "foreignData": foreign,
        "identifiers": {"scryfallOracleId": f"{i:08x}-1111-4000-8000-{i:012x}", "mtgjsonV4Id": f"{i:08x}-2222"},
        "layout": "transform" if face_name else "normal",
        "legalities": {f: rng.choice(("Legal", "Legal", "Banned")) for f in _FORMATS if rng.random() < 0.6},
        "manaCost": "{2}{G}", "manaValue": 3.0, "name": name, "power": rng.choice(("2", "3", "*", "1+*")),
        "printings": [f"S{n:02d}" for n in range(rng.randint(1, 12))],
        "purchaseUrls": {"cardKingdom": "https://mtgjson.invalid/links/x", "tcgplayer": "https://mtgjson.invalid/y"},
        "rulings": [{"date": f"20{rng.randint(10, 24)}-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}",
                     "text": _text(rng, _WORDS, 1)} for _ in range(rng.randint(0, 4))],
        "subtypes": ["Elf"], "supertypes": [], "text": _text(rng, _WORDS), "toughness": "3",
        "type": "Creature — Elf", "types": ["Creature"], "keywords": ["Trample"],
    }
    if face_name:
        face["faceName"] = face_name
        face["side"] = side
    return face


def write_file(path: Path, cards: int, seed: int = 14) -> int:
    """Write the MTGJSON-shaped file, card by card; return its size in bytes."""
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as out:
        out.write('{"meta": {"date": "2024-05-01", "version": "5.2.2+20240501"}, "data": {')
        for i in range(cards):
            if i % 10 == 9:
                front, back = f"Prova Fronte {i}", f"Prova Retro {i}"
                name = f"{front} // {back}"
                faces = [_face(rng, i, name, front, "a"), _face(rng, i, name, back, "b")]
            else:
                name = f"Carta di Prova {i}"
                faces = [_face(rng, i, name, None, None)]
            out.write(("," if i else "") + json.dumps(name) + ":" + json.dumps(faces, ensure_ascii=False))
        out.write("}}\n")
    return path.stat().st_size


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=30000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--keep", action="store_true", help="lascia la cartella temporanea")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="judgekit-import-"))
    try:
        file = folder / "AtomicCards.json"
        start = time.perf_counter()
        size = write_file(file, args.cards)
        print(f"file generato: {file} ({size / 1e6:.1f} MB, {args.cards} carte) in {time.perf_counter() - start:.1f} s")

        env = bench_env()
        env["JUDGEKIT_DATA_DIR"] = str(folder / "data")
        command = [*judgekit_command(), "import-cards", str(file), "--json"]
        start = time.perf_counter()
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
        seconds = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024  # kilobytes on Linux
        if done.returncode != 0:
            print(done.stderr)
            return 1
        result = json.loads(done.stdout)
        db = Path(result["database"])
        print(f"importazione: {seconds:.1f} s (obiettivo <= {TARGET_SECONDS} s); memoria di picco "
              f"{peak / 1e6:.0f} MB (obiettivo <= {TARGET_BYTES / 1e6:.0f} MB)")
        print(f"letto: {result['cards']} carte, {result['faces']} facce, {result['italian_names']} nomi italiani, "
              f"{result['rulings']} ruling; database {db.stat().st_size / 1e6:.1f} MB")

        name = "Prova Retro 19"
        card = [*judgekit_command(), "card", name]
        baseline = [sys.executable, "-c", "import typer"]
        card_ms, base_ms = alternate(card, baseline, env, args.rounds)
        print()
        ratio = report(f"judgekit card {name}", card_ms, base_ms, args.rounds, LOOKUP_TARGET)
        for label, query in (("nome con un refuso", "Carta di Prova 1234x"), ("nome inesistente", "Zzyzx Qwv")):
            runs = []
            for _ in range(5):
                begin = time.perf_counter()
                subprocess.run([*judgekit_command(), "card", query], env=env, capture_output=True, check=False)
                runs.append(time.perf_counter() - begin)
            print(f"judgekit card «{query}» ({label}): mediana {sorted(runs)[2] * 1000:.0f} ms")
        ok = seconds <= TARGET_SECONDS and peak <= TARGET_BYTES and ratio <= LOOKUP_TARGET
        return 0 if ok else 1
    finally:
        if args.keep:
            print(f"cartella lasciata: {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
