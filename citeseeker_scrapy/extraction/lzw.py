"""Decompression of Unix ``compress`` (.Z, .taz) files: the LZW format of ncompress.

Why our own: the one PyPI package for it (``unlzw3``) decodes the whole file into a Python list
in one call, so a small hostile .Z file (LZW reaches ratios of several thousand) cannot be
stopped before it exhausts memory. This decoder yields chunks, so the caller's size and ratio
limits stop it early. Table entries are kept as ``bytes``; each new entry is at most one byte
longer than output already produced, so the table never outgrows what the caller allowed.

Format (as written by ncompress and decoded by gzip's unlzw.c): a 3-byte header (1F 9D, flags
with the maximum code width and the "block mode" bit), then little-endian bit-packed codes of
9..max bits. Codes come in groups of eight; when the width changes or a CLEAR code (256, block
mode only) resets the table, the rest of the current group is padding.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..exceptions import ExtractionError

MAGIC = b"\x1f\x9d"
CLEAR_CODE = 256
FIRST_WIDTH = 9
MAX_WIDTH = 16
#: Output is handed out in chunks of about this many bytes.
CHUNK_BYTES = 256 * 1024


class _Reader:
    """Reads codes of the current width and skips group padding at width changes."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.total_bits = len(data) * 8
        self.group_start = 3  # byte where the current width started
        self.count = 0  # codes read at the current width
        self.width = FIRST_WIDTH

    def next_code(self) -> int | None:
        bit = self.group_start * 8 + self.count * self.width
        if bit + self.width > self.total_bits:
            return None
        start = bit >> 3
        value = int.from_bytes(self.data[start : start + 3], "little") >> (bit & 7)
        self.count += 1
        return value & ((1 << self.width) - 1)

    def change_width(self, width: int) -> None:
        groups = (self.count + 7) // 8
        self.group_start += groups * self.width
        self.count = 0
        self.width = width


def decompress_lzw(data: bytes) -> Iterator[bytes]:
    """Yield the decompressed bytes of a .Z file in chunks; raise ExtractionError if corrupt."""
    pending: list[bytes] = []
    size = 0
    for string in _Decoder(data).strings():
        pending.append(string)
        size += len(string)
        if size >= CHUNK_BYTES:
            yield b"".join(pending)
            pending, size = [], 0
    if pending:
        yield b"".join(pending)


class _Decoder:
    """The string table and the code stream of one .Z file."""

    def __init__(self, data: bytes) -> None:
        header_width, self.block_mode = _parse_header(data)
        # ncompress quirk: "-b9" really means 10-bit codes (gzip's unlzw.c does the same).
        self.max_width = max(header_width, FIRST_WIDTH + 1)
        self.capacity = 1 << self.max_width
        self.reader = _Reader(data)
        self.first_free = CLEAR_CODE + 1 if self.block_mode else CLEAR_CODE
        # in block mode the CLEAR code's slot is taken (by a string never output)
        self.table = [bytes([i]) for i in range(256)] + [b""] * (self.first_free - 256)

    def strings(self) -> Iterator[bytes]:
        """The string of each code, in order."""
        previous: bytes | None = None
        while (code := self._next_code()) is not None:
            if code == CLEAR_CODE and self.block_mode:
                self.reader.change_width(FIRST_WIDTH)
                del self.table[self.first_free :]
                previous = None
                continue
            string = _entry(self.table, code, previous)
            if previous is not None and len(self.table) < self.capacity:
                self.table.append(previous + string[:1])
            previous = string
            yield string

    def _next_code(self) -> int | None:
        """Widen codes once the table outgrows them, as the encoder did, then read one."""
        reader = self.reader
        if len(self.table) > (1 << reader.width) - 1 and reader.width < self.max_width:
            reader.change_width(reader.width + 1)
        return reader.next_code()


def _parse_header(data: bytes) -> tuple[int, bool]:
    """Return (maximum code width, block mode) from the 3-byte header."""
    if len(data) < 3 or not data.startswith(MAGIC):
        raise ExtractionError("not a .Z file (bad magic)")
    flags = data[2]
    max_width = flags & 0x1F
    if flags & 0x60 or not FIRST_WIDTH <= max_width <= MAX_WIDTH:
        raise ExtractionError(f"corrupt .Z header (flags {flags:#04x})")
    return max_width, bool(flags & 0x80)


def _entry(table: list[bytes], code: int, previous: bytes | None) -> bytes:
    """The string for ``code``; the one code not yet in the table is previous + its first byte."""
    if code < len(table) and (previous is not None or code < 256):
        return table[code]
    if code == len(table) and previous is not None:
        return previous + previous[:1]
    raise ExtractionError(f"corrupt .Z data (code {code}, table size {len(table)})")
