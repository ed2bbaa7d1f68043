"""Members of ZIP, TAR, GZIP and Unix-compress archives, read in memory under the safety limits.

Why in memory: nothing from an archive is ever written to disk, so ``../`` paths, absolute
paths and links cannot escape anywhere; they are still refused (one :class:`Skipped` each), since
a well-meant archive has none and their targets are not documents of the archive. Members are
read through :class:`~.streams.BoundedReader`, so a bomb costs at most the ratio limit x its
packed size. Corruption of one member skips that member; corruption of the archive's directory
raises :class:`ExtractionError` and the caller reports it (Algorithm 7.2: go on with the rest).
"""

from __future__ import annotations

import dataclasses
import gzip
import io
import posixpath
import re
import stat
import tarfile
import zipfile
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..exceptions import ExtractionError, LimitError
from .lzw import decompress_lzw
from .model import ExtractionLimits
from .streams import (
    READ_CHUNK_BYTES,
    BoundedReader,
    Budget,
    BudgetExceeded,
    ChunkStream,
    check_ratio,
)

#: Longest gzip FNAME header field we accept (real ones are short file names).
MAX_GZIP_NAME_BYTES = 1024
#: Exceptions the standard library raises on damaged compressed data.
CORRUPTION_ERRORS = (OSError, EOFError, zlib.error, ValueError, zipfile.BadZipFile)
_DRIVE = re.compile(r"^[A-Za-z]:")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_SUFFIX_RENAMES = ((".tgz", ".tar"), (".taz", ".tar"), (".gz", ""), (".z", ""))
_GZIP_FEXTRA, _GZIP_FNAME = 4, 8


@dataclass(frozen=True)
class Member:
    """A regular file read from an archive; ``name`` is its safe relative path.

    ``damage`` says why ``data`` is only the part before a corruption (truncated gzip/.Z):
    that part is still searched, since the text found in it is not lost with the rest.
    """

    name: str
    data: bytes
    damage: str = ""


@dataclass(frozen=True)
class Skipped:
    """A member refused or unreadable; ``name`` "" means the archive as a whole."""

    name: str
    reason: str


Entry = Member | Skipped
Read = Callable[[int], bytes]


def safe_member_name(raw: str) -> str | None:
    """The member's relative path, or None when it is absolute or climbs out with ``..``."""
    name = raw.replace("\\", "/")
    if name.startswith("/") or _DRIVE.match(name):
        return None
    parts = [part for part in name.split("/") if part not in ("", ".")]
    if ".." in parts or not parts:
        return None
    return printable("/".join(parts))


def printable(name: str) -> str:
    """``name`` with control characters replaced, so it fits in a URL and a log line."""
    return _CONTROL.sub("?", name)


def zip_members(
    data: bytes,
    budget: Budget,
    limits: ExtractionLimits,
    select: Callable[[str], bool] | None = None,
) -> Iterator[Entry]:
    """Files of a ZIP archive (directories skipped), at most ``max_archive_members`` of them."""
    archive = open_zip(data)
    with archive:
        infos = [info for info in archive.infolist() if not info.is_dir()]
        if select is not None:
            infos = [info for info in infos if select(info.filename)]
        for info in infos[: limits.max_archive_members]:
            yield _zip_member(archive, info, budget, limits)
        if len(infos) > limits.max_archive_members:
            yield _too_many(len(infos), limits)


def zip_names(data: bytes) -> list[str]:
    """Names in a ZIP's central directory (no member is decompressed)."""
    with open_zip(data) as archive:
        return archive.namelist()


def open_zip(data: bytes) -> zipfile.ZipFile:
    """The archive over ``data``; ExtractionError when its central directory is unreadable."""
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except CORRUPTION_ERRORS as e:
        raise ExtractionError(f"corrupt zip: {e}") from e


def _zip_member(
    archive: zipfile.ZipFile, info: zipfile.ZipInfo, budget: Budget, limits: ExtractionLimits
) -> Entry:
    name = safe_member_name(info.filename)
    if name is None:
        return Skipped(printable(info.filename), "unsafe member path (absolute or '..')")
    refusal = _zip_refusal(info, budget, limits)
    if refusal:
        return Skipped(name, refusal)
    try:
        with archive.open(info) as stream:
            reader = BoundedReader(
                stream.read,
                packed_size=info.compress_size,
                budget=budget,
                max_ratio=limits.max_compression_ratio,
                label="zip",
            )
            return Member(name, reader.read())
    except BudgetExceeded:
        raise
    except LimitError as e:
        return Skipped(name, str(e))
    except (*CORRUPTION_ERRORS, NotImplementedError, RuntimeError) as e:
        return Skipped(name, f"unreadable zip member: {e}")


def _zip_refusal(info: zipfile.ZipInfo, budget: Budget, limits: ExtractionLimits) -> str:
    """Why a member is refused before reading it ("" when it may be read)."""
    mode = info.external_attr >> 16
    if info.create_system == 3 and stat.S_ISLNK(mode):
        return "symbolic link member skipped"
    if info.create_system == 3 and stat.S_IFMT(mode) and not stat.S_ISREG(mode):
        return "special file member skipped (device, FIFO or socket)"
    if info.flag_bits & 0x1:
        return "encrypted member skipped"
    try:
        check_ratio(info.file_size, info.compress_size, limits.max_compression_ratio, "zip")
    except LimitError as e:
        return str(e)
    if not budget.fits(info.file_size):
        return f"member of {info.file_size} bytes over the unpacked size limit"
    return ""


def tar_members(read: Read, limits: ExtractionLimits) -> Iterator[Entry]:
    """Regular files of a TAR stream, read sequentially (works over a gzip or .Z stream)."""
    try:
        with tarfile.open(fileobj=_Readable(read), mode="r|") as archive:
            yield from _tar_entries(archive, limits)
    except tarfile.TarError as e:
        raise ExtractionError(f"corrupt tar: {e}") from e
    except (EOFError, zlib.error) as e:
        raise ExtractionError(f"truncated or corrupt tar: {e}") from e


def _tar_entries(archive: tarfile.TarFile, limits: ExtractionLimits) -> Iterator[Entry]:
    count = 0
    for info in archive:
        if info.isdir():
            continue
        count += 1
        if count > limits.max_archive_members:
            yield _too_many(count, limits, at_least=True)
            return
        yield _tar_member(archive, info, limits)


def _tar_member(archive: tarfile.TarFile, info: tarfile.TarInfo, limits: ExtractionLimits) -> Entry:
    name = safe_member_name(info.name)
    if name is None:
        return Skipped(printable(info.name), "unsafe member path (absolute or '..')")
    if info.issym() or info.islnk():
        return Skipped(name, f"link member skipped (-> {printable(info.linkname)})")
    if info.isdev():
        return Skipped(name, "special file member skipped (device or FIFO)")
    if not info.isreg():
        return Skipped(name, f"unsupported tar member type {info.type!r}")
    if info.size > limits.max_unpacked_bytes:
        return Skipped(name, f"member of {info.size} bytes over the unpacked size limit")
    stream = archive.extractfile(info)
    return Member(name, stream.read() if stream else b"")


def _too_many(count: int, limits: ExtractionLimits, at_least: bool = False) -> Skipped:
    over = "over " if at_least else ""
    return Skipped(
        "", f"too many members: {over}{count} > {limits.max_archive_members}; rest skipped"
    )


class _Readable(io.RawIOBase):
    """Minimal file object for ``tarfile`` stream mode over a ``read(size)`` function."""

    def __init__(self, read: Read) -> None:
        super().__init__()
        self._read = read

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        return self._read(size)


def gzip_reader(data: bytes, budget: Budget, limits: ExtractionLimits) -> BoundedReader:
    """A bounded reader of a gzip file's content (multi-member gzip files are joined).

    The ISIZE trailer is not trusted, not even for an early check: in a truncated file
    those four bytes are arbitrary compressed data.
    """
    stream = gzip.GzipFile(fileobj=io.BytesIO(data))
    return _bounded(_guarded(stream.read, "gzip"), len(data), budget, limits, "gzip")


def lzw_reader(data: bytes, budget: Budget, limits: ExtractionLimits) -> BoundedReader:
    """A bounded reader of a Unix-compress (.Z) file's content."""
    stream = ChunkStream(decompress_lzw(data))
    return _bounded(stream.read, len(data), budget, limits, "compress (.Z)")


def _bounded(
    read: Read, packed: int, budget: Budget, limits: ExtractionLimits, label: str
) -> BoundedReader:
    return BoundedReader(
        read, packed_size=packed, budget=budget, max_ratio=limits.max_compression_ratio, label=label
    )


def _guarded(read: Read, label: str) -> Read:
    """``read`` with the library's corruption errors turned into ExtractionError."""

    def guarded(size: int) -> bytes:
        try:
            return read(size)
        except CORRUPTION_ERRORS as e:
            raise ExtractionError(f"corrupt {label}: {e or type(e).__name__}") from e

    return guarded


def compressed_member_name(data: bytes, archive_name: str) -> str:
    """Name of the one file in a gzip/.Z file: gzip's FNAME header, else the archive's name
    without .gz/.z (.tgz/.taz become .tar), as the thesis names ``a47.ps.gz`` → ``a47.ps``."""
    stored = _gzip_stored_name(data)
    if stored:
        return stored
    name = posixpath.basename(archive_name) or "content"
    for suffix, replacement in _SUFFIX_RENAMES:
        if name.lower().endswith(suffix) and len(name) > len(suffix):
            return name[: -len(suffix)] + replacement
    return name


def _gzip_stored_name(data: bytes) -> str | None:
    """The FNAME field of a gzip header (its base name only), if any."""
    if len(data) < 10 or not data.startswith(b"\x1f\x8b") or not data[3] & _GZIP_FNAME:
        return None
    start = 10
    if data[3] & _GZIP_FEXTRA:
        start = 12 + int.from_bytes(data[10:12], "little")
    end = data.find(b"\x00", start, start + MAX_GZIP_NAME_BYTES)
    if end < 0:
        return None
    name = posixpath.basename(data[start:end].decode("latin-1").replace("\\", "/"))
    return printable(name) if name not in ("", ".", "..") else None


def single_member(name: str, head: bytes, reader: BoundedReader) -> Iterator[Entry]:
    """The one file of a gzip/.Z stream whose first bytes ``head`` were already read.

    Why a ``BytesIO``: it grows in place and ``getvalue`` hands over its buffer without a
    copy, so a 33 MB member costs 33 MB (joining a list of chunks would hold it twice at the end).
    """
    unpacked = io.BytesIO()
    unpacked.write(head)
    damage = ""
    try:
        while chunk := reader.read(READ_CHUNK_BYTES):
            unpacked.write(chunk)
    except BudgetExceeded:
        raise
    except LimitError as e:
        yield Skipped(name, str(e))
        return
    except ExtractionError as e:
        damage = f"{e}; searching the {unpacked.tell()} bytes before the damage"
    data = unpacked.getvalue()
    del unpacked
    yield Member(name, data, damage)


def tar_in_stream(
    name: str, head: bytes, reader: BoundedReader, limits: ExtractionLimits
) -> Iterator[Entry]:
    """Members of the TAR inside a gzip/.Z stream, named ``<name>/<path>`` ("x.tar/dir/y.pdf")."""
    for entry in tar_members(_Prepended(head, reader.read).read, limits):
        if entry.name:
            entry = dataclasses.replace(entry, name=f"{name}/{entry.name}")
        yield entry


class _Prepended:
    """``read`` that first returns bytes already taken from the stream (the sniffed head)."""

    def __init__(self, head: bytes, read: Read) -> None:
        self._head = head
        self._read = read

    def read(self, size: int = -1) -> bytes:
        if not self._head:
            return self._read(size)
        if size < 0:
            piece, self._head = self._head, b""
            return piece + self._read(-1)
        piece, self._head = self._head[:size], self._head[size:]
        return piece


def is_tar(head: bytes, name: str) -> bool:
    """Whether decompressed content is a TAR archive (ustar magic, or a .tar name)."""
    return head[257:262] == b"ustar" or name.lower().endswith(".tar")
