"""Signals between the spider and the frontier scheduler (plain objects, as Scrapy's are).

The spider sends :data:`document_handled` when it has offered every link of a document (or the
document failed), so the scheduler knows when a server has nothing left in flight. The
scheduler sends :data:`server_completed` when a server becomes a skeleton (completed.log).
"""

document_handled = object()   # kwargs: request
server_completed = object()   # kwargs: server
