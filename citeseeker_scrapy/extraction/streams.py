"""Size and ratio accounting for everything decompressed from one downloaded document.

Why count while reading instead of trusting sizes in headers: zip and gzip headers state sizes
that a hostile file can fake; only the bytes actually produced are real. Every decompressor
(zip member, gzip, .Z) is read through a :class:`BoundedReader`, so a bomb is stopped after
at most ``max_compression_ratio`` x its packed size, and a document after ``max_unpacked_bytes``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..exceptions import LimitError
from .model import MIB

#: Bytes asked from a decompressor at a time.
READ_CHUNK_BYTES = 1 * MIB
#: Below this many unpacked bytes no ratio is suspicious (a few KiB of blank lines compress
#: 1000:1); bombs only matter when they are big.
MIN_RATIO_CHECK_BYTES = 1 * MIB


class BudgetExceeded(LimitError):
    """The document's unpacked-bytes limit is used up: nothing more of it can be unpacked."""


class Budget:
    """Bytes that may still be unpacked from one downloaded document (one per job, one thread)."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.used = 0

    def take(self, size: int) -> None:
        """Account ``size`` more unpacked bytes; LimitError once the document's total is over."""
        self.used += size
        if self.used > self.max_bytes:
            raise BudgetExceeded(f"unpacked size over the limit of {self.max_bytes} bytes")

    @property
    def exhausted(self) -> bool:
        """True once the limit was crossed: nothing more from this document may be unpacked."""
        return self.used > self.max_bytes

    def fits(self, size: int) -> bool:
        """Whether ``size`` more bytes could still be unpacked."""
        return self.used + size <= self.max_bytes


class BoundedReader:
    """A file-like ``read`` over a decompressor that enforces the budget and the ratio.

    ``label`` names the format in error messages ("zip bomb: ...", "gzip bomb: ...").
    """

    def __init__(
        self,
        read: Callable[[int], bytes],
        *,
        packed_size: int,
        budget: Budget,
        max_ratio: float,
        label: str,
    ) -> None:
        self._read = read
        self._packed = max(packed_size, 1)
        self._budget = budget
        self._max_ratio = max_ratio
        self._label = label
        self.produced = 0

    def read(self, size: int = -1) -> bytes:
        """Read up to ``size`` bytes (all remaining when negative)."""
        if size is None or size < 0:
            return b"".join(iter(lambda: self.read(READ_CHUNK_BYTES), b""))
        chunk = self._read(min(size, READ_CHUNK_BYTES) if size else 0)
        self._account(len(chunk))
        return chunk

    def _account(self, size: int) -> None:
        self.produced += size
        check_ratio(self.produced, self._packed, self._max_ratio, self._label)
        self._budget.take(size)


def check_ratio(unpacked: int, packed: int, max_ratio: float, label: str) -> None:
    """LimitError when ``unpacked``/``packed`` marks a decompression bomb."""
    if unpacked < MIN_RATIO_CHECK_BYTES:
        return
    ratio = unpacked / max(packed, 1)
    if ratio > max_ratio:
        raise LimitError(f"{label} bomb: compression ratio {ratio:.0f} > {max_ratio:g}")


class ChunkStream:
    """Adapts an iterator of byte chunks (the LZW decoder) to ``read(size)``."""

    def __init__(self, chunks: Iterator[bytes]) -> None:
        self._chunks = chunks
        self._current = b""
        self._offset = 0

    def read(self, size: int) -> bytes:
        """Return up to ``size`` bytes; b"" at the end."""
        parts: list[bytes] = []
        while size > 0:
            if self._offset >= len(self._current):
                chunk = next(self._chunks, None)
                if chunk is None:
                    break
                self._current, self._offset = chunk, 0
                continue
            piece = self._current[self._offset : self._offset + size]
            self._offset += len(piece)
            size -= len(piece)
            parts.append(piece)
        return b"".join(parts)
