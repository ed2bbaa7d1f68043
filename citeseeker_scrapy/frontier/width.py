"""How many servers are crawled at once: as many as the responses being waited for need.

On the web a server answers in 50-500 ms, so a crawl's speed is the number of servers it keeps
busy, each within its own politeness limits (its connections, its delay). The right number
depends on the network and on the machine, so it is found, not set: every
:data:`TICK_SECONDS` the scheduler reports what the tick showed, and the width

* **grows** (by :data:`GROWTH`) when a pending server waited because every active server had
  all its documents out (the crawl waits on the network) and the machine had room: the
  crawl's process was busy less than :data:`BUSY_LIMIT` of the tick and the pipelines were
  not backed up;
* **shrinks** (by :data:`SHRINK`, never below :data:`FLOOR`) when the pipelines backed up (the
  parser processes' queue, the responses held in memory) or when the process was that busy
  and its reactor late by :data:`LAG_LIMIT` on average: the CPU or memory is the limit, and
  more servers would only queue more responses;
* otherwise holds. A reactor late while its process is not busy is other programs' load: no
  reason to crawl fewer servers.

A shrunk width activates no new server until active ones complete; it never stops a server
being crawled. ``ceiling`` (the user's ``CITESEEKER_CONCURRENT_SERVERS``) is a bound the width
never passes. Who calls it: :class:`citeseeker_scrapy.frontier.pacing.WidthPacer`, which
sets the frontier's ``max_active_servers`` to :attr:`CrawlWidth.servers`. Pure: no Scrapy.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Servers crawled at once at the start (the width grows from there within seconds).
START = 8
#: The width never shrinks below this.
FLOOR = 2
#: Grown by this factor (and at least one server) per tick that waited on the network.
GROWTH = 1.5
#: Shrunk by this factor per tick in which the CPU or memory was the limit.
SHRINK = 0.75
#: The scheduler reports one tick this often.
TICK_SECONDS = 0.5
#: The reactor late by more than this (seconds, on average over a tick) while its process is
#: busy means the process has no CPU to spare.
LAG_LIMIT = 0.1
#: CPU seconds per second of the crawl's process above which it has no room for more servers.
BUSY_LIMIT = 0.9


@dataclass(frozen=True)
class Tick:
    """What one tick showed: whether a pending server waited for room (``held_back``), the
    reactor's mean lateness (seconds), whether the pipelines were backed up, and the CPU
    seconds per second the crawl's process used (``busy``)."""

    held_back: bool
    lag: float
    backed_up: bool
    busy: float = 0.0


class CrawlWidth:
    """The number of servers crawled at once; see the module docstring."""

    def __init__(self, ceiling: int | None = None, start: int = START) -> None:
        self.ceiling = ceiling
        self.servers = self._bounded(start)

    def adjust(self, tick: Tick) -> int:
        """The width after ``tick``."""
        busy = tick.busy >= BUSY_LIMIT
        if tick.backed_up or (busy and tick.lag > LAG_LIMIT):
            self.servers = max(FLOOR, int(self.servers * SHRINK))
        elif tick.held_back and not busy:
            self.servers = max(self.servers + 1, int(self.servers * GROWTH))
        self.servers = self._bounded(self.servers)
        return self.servers

    def _bounded(self, servers: int) -> int:
        if self.ceiling is None:
            return servers
        return max(1, min(servers, self.ceiling))
