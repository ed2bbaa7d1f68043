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
