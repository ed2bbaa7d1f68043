"""Typed errors of the core: adapters catch these at the boundary and log one line each."""


class CiteSeekerError(Exception):
    """Base of every error the core raises on purpose."""


class InputError(CiteSeekerError):
    """A broken input file or argument; the message names the file (and line) at fault."""


class ConfigError(CiteSeekerError):
    """A setting with a value that cannot work (wrong type, out of range)."""


class UrlRejected(CiteSeekerError):
    """A URL refused by a scope or loop-safety rule; ``reason`` is a short stats key."""

    def __init__(self, reason: str, url: str = "") -> None:
        super().__init__(f"{reason}: {url}" if url else reason)
        self.reason = reason
        self.url = url


class ExtractionError(CiteSeekerError):
    """Text could not be extracted from a document (malformed, unsupported, timed out)."""


class LimitError(ExtractionError):
    """A safety limit was hit (size, compression ratio, members, nesting, time, memory)."""


class StorageError(CiteSeekerError):
    """The disk refused a write the crawl cannot do without (the frontier in JOBDIR, a feed, a
    log file, the job's state, the scratch directory): the crawl stops, cleanly."""


class JobDirInUse(CiteSeekerError):
    """Another crawl holds the job directory's lock; the message names it and its process."""


#: errno values that mean "the storage failed", not "this document is bad".
STORAGE_ERRNOS = frozenset({28, 122, 5, 30})  # ENOSPC, EDQUOT, EIO, EROFS


def is_storage_failure(error: BaseException) -> bool:
    """An OSError of the disk itself (full, quota, I/O, read-only), or a StorageError."""
    if isinstance(error, StorageError):
        return True
    return isinstance(error, OSError) and error.errno in STORAGE_ERRNOS
