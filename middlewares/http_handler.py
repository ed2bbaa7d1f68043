"""The crawl's HTTP(S) client: Scrapy's aiohttp download handler, lazy and with no hidden retry.

Why aiohttp: its HTTP parser is C (llhttp), where Twisted's client, Scrapy's default handler,
parses each response line and chunk in Python on the crawler's one event loop, which costs
the crawler CPU on every page (``bench_realdocs.py`` measures the crawl). The handler is
Scrapy's own (the one
Scrapy 2.19 uses when it runs without a reactor; its documentation calls it experimental), so
Scrapy's ``DOWNLOAD_MAXSIZE``/``WARNSIZE``, ``download_latency``, ``bytes_received`` and its
download exceptions (``DownloadConnectionRefusedError``, ...) behave as with Twisted's.

Two changes to it, each for a reason a user would see:

* **Lazy** (Scrapy's public ``lazy`` attribute): built at the first http(s) request. aiohttp
  opens a session when the handler is built, and a crawl refused before its first request
  (a mistyped argument: exit status 2) never closes its handlers: the session's "Unclosed
  client session" error would be the last line the user reads instead of what was wrong.
* **No hidden retry**: aiohttp sends a GET again, once, when the server closes the
  connection without an answer. The server then sees twice the attempts ``RETRY_TIMES``
  allows, and the adaptive concurrency (``middlewares/adaptive_concurrency.py``) never hears
  of a server that drops connections. Off, the drop reaches Scrapy (``DownloadFailedError``):
  its retry middleware decides, and the server gets fewer connections.

Installed for http and https by the CiteSeeker add-on; with rendering on, the browser's handler
(``middlewares/browser_handler.py``) sends every request without ``playwright`` meta here.
"""

from __future__ import annotations

from typing import Any

from citeseeker_scrapy.upstream import AiohttpDownloadHandler, without_hidden_retry


class HttpHandler(AiohttpDownloadHandler):
    """Scrapy's aiohttp handler; see the module docstring."""

    lazy = True
    #: Scrapy's handler calls itself experimental, and says so in a warning at every crawl's
    #: start, naming this class: the first line every user would read, about a choice that is
    #: ours (the module docstring says why), which no user setting could act on. The suite's
    #: crawls all run through it.
    experimental = False

    def __init__(self, crawler: Any) -> None:
        super().__init__(crawler)
        # a closed connection is Scrapy's to retry, never retried unseen (aiohttp has no
        # public switch: the fenced one is in citeseeker_scrapy/upstream.py)
        without_hidden_retry(self)
