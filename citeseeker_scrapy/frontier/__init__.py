"""The crawl frontier (thesis §6): pure data structures plus pluggable storage."""

from .frontier import Frontier
from .model import ActiveServer, DocumentEntry, PendingServer
from .store import FrontierSnapshot, FrontierStore, MemoryStore

__all__ = ["ActiveServer", "DocumentEntry", "Frontier", "FrontierSnapshot", "FrontierStore",
           "MemoryStore", "PendingServer"]
