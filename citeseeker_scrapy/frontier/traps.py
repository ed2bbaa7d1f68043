"""Crawler traps made of pages that say the same thing: a calendar (a page per day, each
linking to the next), a session id in every link (the same page under ever new URLs), a chain
of near-identical generated pages. Each page looks new to the frontier (a new URL), so neither
the duplicate check nor the depth limit stops them soon.

What is compared is a page's *shape* (:func:`~citeseeker_scrapy.extraction.shape.page_shape`:
its text without its numbers and spacing, hashed). A trap is a *chain* of such pages, each found on one before it (the next day, the next
session id), so its pages lie ever deeper: when :attr:`TrapWatch.alike_limit` HTML pages of one
server have one shape and lie over at least a quarter as many depths (links from the server's
first document), the server is a trap: the scheduler ends its crawl (its waiting documents
skipped) with one errors.log line. Many pages alike side by side (a generated site's thousands
of numbered pages, each linked from its section's index) are no chain: they are crawled.
Memory: three numbers per shape of the servers being crawled, released when a server
completes.

Pure (no Scrapy): who calls it is the scheduler's server watch (:mod:`.trouble`), for each
HTML document done.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..extraction.shape import page_shape


@dataclass
class TrapWatch:
    """Shapes of each server's pages; ``alike_limit`` is ``CITESEEKER_TRAP_PAGES``."""

    alike_limit: int
    #: server -> shape -> (its pages, the shallowest and the deepest one's depth); pages -1
    #: once the shape was told a trap
    shapes: dict[str, dict[int, tuple[int, int, int]]] = field(default_factory=dict)

    @property
    def chain_depths(self) -> int:
        """Depths a trap's pages lie over at least: a quarter of the limit (a page may link
        a few of the next pages alike, as a session id's links do)."""
        return max(1, self.alike_limit // 4)

    def is_trap(self, server: str, text: str, depth: int, *, shape: int | None = None) -> bool:
        """Count one page of ``server`` at ``depth``; True exactly once, when its shape makes
        a chain (see the module docstring). ``shape``: ``page_shape(text)`` when the parser
        process that read the page computed it (``DocumentItem.shape``), else computed here."""
        chains = self.shapes.setdefault(server, {})
        if shape is None:
            shape = page_shape(text)
        pages, shallowest, deepest = chains.get(shape, (0, depth, depth))
        if pages < 0:
            return False
        pages, shallowest, deepest = pages + 1, min(shallowest, depth), max(deepest, depth)
        trap = pages >= self.alike_limit and deepest - shallowest >= self.chain_depths
        chains[shape] = (-1 if trap else pages, shallowest, deepest)
        return trap

    def forget(self, server: str) -> None:
        self.shapes.pop(server, None)
