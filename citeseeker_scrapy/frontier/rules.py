"""The outcomes of offering a URL to the frontier, and its admission rules, declared once.

A link (or a start point) to a server the frontier is not crawling goes through two ordered
lists of rules (thesis §6.2.2, step 2): the rules of its **server** first (a refusal drops the
link whole: the server is not referenced), then, the server pending and referenced, the rules
of its **document** (a refusal drops only the document). The first rule whose check holds
gives the outcome; when none holds, the document becomes one of the server's Pending
Documents. (A link to a server being crawled is decided by that server's stack:
``Frontier._push``.)

Why a table: the frontier's state lives in two kinds of store, and both must decide alike.
Who reads it: :class:`~citeseeker_scrapy.frontier.frontier.Frontier` evaluates it over its own
structures (in memory, or restored from SQLite); the shared frontier's sync sends the same
table to Redis as data (:func:`~citeseeker_scrapy.frontier.redis_backend.sync_arguments`),
where the script applies each check with a generic primitive, in the order given, and counts
refusals under the rule's outcome. A rule changed, reordered or dropped here is followed by
both.

A check looks at one structure the rule names (``of``):

* ``MEMBER`` — the server is one of ``of`` (a set of servers: ``COMPLETED_SERVERS``);
* ``HAS`` — the document is one of the server's ``of`` (``PENDING_DOCUMENTS``);
* ``AT_LEAST`` — the server's ``of`` number ``limit`` or more.

A server's rules use ``MEMBER`` only (the server is not pending yet: it has no documents).
"""

from __future__ import annotations

from dataclasses import dataclass

#: Outcomes of offering a URL, also the stats keys the scheduler counts.
ACCEPTED = "accepted"
DUPLICATE = "duplicate"
PROMOTED = "duplicate_moved_to_front"  # a site-search result already waiting on its stack
COMPLETED_SERVER = "completed_server"
TOO_DEEP = "too_deep"
SERVER_FULL = "server_full"
PENDING_FULL = "pending_full"
SKIPPED_SERVER = "skipped_server"

MEMBER = "member"
HAS = "has"
AT_LEAST = "at_least"
#: the structures a check can look at: the crawl's set of Completed Servers, and a pending
#: server's Pending Documents
COMPLETED_SERVERS = "completed_servers"
PENDING_DOCUMENTS = "pending_documents"
_CHECKS = {MEMBER: COMPLETED_SERVERS, HAS: PENDING_DOCUMENTS, AT_LEAST: PENDING_DOCUMENTS}


@dataclass(frozen=True)
class Rule:
    """Refuse with ``outcome`` when ``check`` holds over ``of`` (see the module docstring)."""

    outcome: str
    check: str
    of: str
    limit: int = 0

    def __post_init__(self) -> None:
        if _CHECKS.get(self.check) != self.of:
            raise ValueError(f"admission rule {self.outcome!r}: no check {self.check!r} "
                             f"over {self.of!r}")


@dataclass(frozen=True)
class AdmissionRules:
    """The two ordered lists of rules (see the module docstring)."""

    server: tuple[Rule, ...]
    document: tuple[Rule, ...]

    def __post_init__(self) -> None:
        if any(rule.check != MEMBER for rule in self.server):
            raise ValueError("a rule of the server looks at a set of servers (member), "
                             "not at its documents")


def admission_rules(max_pending_docs: int) -> AdmissionRules:
    """The crawl's rules: a link to a completed server is refused; a document already pending
    is a duplicate, even when its server is full; a new one past the server's
    ``CITESEEKER_MAX_PENDING_DOCS`` is refused as full."""
    return AdmissionRules(
        server=(Rule(COMPLETED_SERVER, MEMBER, COMPLETED_SERVERS),),
        document=(Rule(DUPLICATE, HAS, PENDING_DOCUMENTS),
                  Rule(PENDING_FULL, AT_LEAST, PENDING_DOCUMENTS, max_pending_docs)))
