"""The parser processes: a pool of long-lived workers (``pool``), the program each runs
(``worker_main``), and the limits every converter subprocess gets (``limits``)."""
