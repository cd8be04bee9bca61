"""An incremental JSON reader: one value at a time from a file of any size.

The card files judges download are large (MTGJSON's ``AtomicCards.json`` is about 100 MB), so they are
never decoded whole. :class:`JsonStream` keeps a sliding text buffer fed by an incremental UTF-8 decoder
(1 MiB of bytes at a time, a leading BOM skipped) and walks the structure by hand: the punctuation of the
outer object or array is read character by character, and each inner value (one card, one key) is decoded
by :meth:`json.JSONDecoder.raw_decode` straight from the buffer. The part of the buffer already read is
dropped, so memory holds the value being read and at most a couple of chunks.

Errors are :class:`~judgekit.errors.InvalidFileError` with an Italian message: invalid UTF-8 names the byte
offset, invalid JSON the line and column, a file that ends in the middle of a value says it is truncated.
"""

from __future__ import annotations

import codecs
import json
import re
from typing import Any, BinaryIO

from judgekit.errors import InvalidFileError, Issue

CHUNK = 1 << 20
#: A single value (one card with all its languages and rulings) larger than this is refused.
MAX_VALUE_CHARS = 64 << 20

_WS = re.compile(r"[ \t\n\r]*")

# The decoder's English messages, in Italian.
_MESSAGES = (
    ("Expecting value", "atteso un valore"),
    ("Expecting ',' delimiter", "attesa una virgola"),
    ("Expecting ':' delimiter", "attesi i due punti"),
    ("Expecting property name enclosed in double quotes", "atteso il nome di una chiave tra virgolette"),
    ("Unterminated string starting at", "stringa non chiusa"),
    ("Invalid control character at", "carattere di controllo non ammesso dentro una stringa"),
    ("Invalid \\escape", "sequenza di escape non valida"),
    ("Invalid \\uXXXX escape", "sequenza \\u non valida"),
)


def _italian(message: str) -> str:
    for english, italian in _MESSAGES:
        if message.startswith(english):
            return italian
    return "JSON non valido"


def _maybe_incomplete(exc: json.JSONDecodeError, size: int) -> bool:
    """Whether more text could turn the failure into a value (the error sits at the end of the buffer)."""
    return exc.msg.startswith("Unterminated string") or exc.pos >= size - 16


class JsonStream:
    """A JSON text read from a binary file, one value or punctuation mark at a time."""

    def __init__(self, raw: BinaryIO, name: str, *, max_value: int = MAX_VALUE_CHARS) -> None:
        self._raw = raw
        self.name = name
        self._utf8 = codecs.getincrementaldecoder("utf-8")("strict")
        self._json = json.JSONDecoder()
        self._max_value = max_value
        self.buf = ""
        self.pos = 0
        self.eof = False
        self.bytes_read = 0
        self._lines_dropped = 0
        self._chars_dropped = 0
        self._first = True

    # -- errors -------------------------------------------------------------------------------------------

    def where(self, pos: int | None = None) -> tuple[int, int]:
        """(line, column), both from 1, of ``pos`` in the buffer (default: the current position)."""
        at = self.pos if pos is None else pos
        line = self._lines_dropped + self.buf.count("\n", 0, at) + 1
        column = at - (self.buf.rfind("\n", 0, at) + 1) + 1
        return line, column

    def line(self, pos: int | None = None) -> int:
        return self.where(pos)[0]

    def mark(self) -> int:
        """The position in the whole text of the next character that is not white space."""
        self.peek()
        return self._chars_dropped + self.pos

    def line_of(self, mark: int) -> int | None:
        """The line of a :meth:`mark`, while the buffer still holds it (``None`` after)."""
        at = mark - self._chars_dropped
        return self.line(at) if 0 <= at <= len(self.buf) else None

    def error(self, message: str, key: str = "", pos: int | None = None) -> InvalidFileError:
        line, column = self.where(pos)
        return InvalidFileError([Issue(self.name, line, key, f"{message} (colonna {column})")])

    def _truncated(self) -> InvalidFileError:
        return InvalidFileError([Issue(self.name, self.line(len(self.buf)), "",
                                       "il file è troncato: finisce a metà di un valore JSON (scaricalo di nuovo)")])

    # -- reading ------------------------------------------------------------------------------------------

    def _more(self) -> bool:
        """Append the next chunk of decoded text to the buffer; False at the end of the file."""
        if self.eof:
            return False
        data = self._raw.read(CHUNK)
        start = self.bytes_read
        self.bytes_read += len(data)
        if self._first:
            self._first = False
            if data.startswith(codecs.BOM_UTF8):
                data = data[len(codecs.BOM_UTF8):]
                start += len(codecs.BOM_UTF8)
        pending = len(self._utf8.getstate()[0])
        try:
            text = self._utf8.decode(data, final=not data)
        except UnicodeDecodeError as exc:
            offset = start - pending + exc.start
            bad = exc.object[exc.start] if exc.start < len(exc.object) else None
            what = f"il byte 0x{bad:02x}" if bad is not None and exc.reason != "unexpected end of data" else \
                "una sequenza interrotta"
            raise InvalidFileError([Issue(self.name, None, "",
                                          f"il file non è in UTF-8: {what} alla posizione {offset} (contando i "
                                          "byte da 0) non è UTF-8 valido. I file di MTGJSON e Scryfall sono in "
                                          "UTF-8: scaricalo di nuovo senza convertirlo")]) from None
        if not data:
            self.eof = True
        if self.pos >= CHUNK:
            self._lines_dropped += self.buf.count("\n", 0, self.pos)
            self._chars_dropped += self.pos
            self.buf = self.buf[self.pos:]
            self.pos = 0
        if text:
            self.buf += text
        return True

    def peek(self) -> str:
        """The next character that is not white space ("" at the end of the file); the position moves to it."""
        while True:
            match = _WS.match(self.buf, self.pos)
            self.pos = match.end() if match else self.pos
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self._more():
                return ""

    def expect(self, chars: str, what: str) -> str:
        """Consume one of ``chars`` (after white space) and return it; an error names ``what`` was expected."""
        char = self.peek()
        if not char or char not in chars:
            if not char:
                raise self._truncated()
            raise self.error(f"JSON non valido: {what}, trovato «{char}»")
        self.pos += 1
        return char

    def _grow(self) -> None:
        """Read until the text from the current position has at least doubled (or the file ends)."""
        have = len(self.buf) - self.pos
        if have > self._max_value:
            raise self.error(f"un singolo valore supera {self._max_value >> 20} milioni di caratteri: il file non "
                             "sembra un file di carte")
        want = have + max(CHUNK, have)
        while len(self.buf) - self.pos < want and self._more():
            pass

    def value(self) -> Any:
        """Decode the next value (after white space) and move past it."""
        if not self.peek():
            raise self._truncated()
        while True:
            start = self.pos
            try:
                found, end = self._json.raw_decode(self.buf, start)
            except json.JSONDecodeError as exc:
                if not self.eof and _maybe_incomplete(exc, len(self.buf)):
                    self._grow()
                    continue
                if self.eof and (exc.msg.startswith("Unterminated string") or exc.pos >= len(self.buf.rstrip())):
                    raise self._truncated() from None
                raise self.error(f"JSON non valido: {_italian(exc.msg)}", pos=exc.pos) from None
            except RecursionError:
                raise self.error("JSON non valido: valori annidati troppo in profondità", pos=start) from None
            if end == len(self.buf) and not self.eof and not isinstance(found, (dict, list, str)):
                self._grow()  # a number or a literal may go on in the next chunk
                continue
            self.pos = end
            return found

    def string(self, what: str) -> str:
        """The next value, which must be a string (a key)."""
        if self.peek() != '"':
            if not self.peek():
                raise self._truncated()
            raise self.error(f"JSON non valido: {what}")
        found = self.value()
        assert isinstance(found, str)
        return found

    def end(self) -> None:
        """Nothing but white space may follow the outer value."""
        char = self.peek()
        if char:
            raise self.error("JSON non valido: altro testo dopo la fine del documento")
