"""Everything a crawl tells its user: the original's log files and the reported/papers state
(``logs``, ``papers``), results read back (``results``), ``report.html`` (``html``) and the
live progress (``progress``)."""
