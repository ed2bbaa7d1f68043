"""The private APIs of code the project does not own that it relies on, reached here only.

Why a fence: a private API changes without notice in its library's next release. Each one the
project needs (for a reason the caller's docstring gives) is reached in this one module, and
``tests/test_upstream.py`` fails when the upstream no longer has it, so a version bump of
Scrapy or aiohttp shows at once what to redo. ``tests/test_layout.py`` refuses a private
attribute or module of another package anywhere else.

Who calls it: ``middlewares/http_handler.py`` (the crawl's HTTP client).
"""

from __future__ import annotations

from typing import Any

# Scrapy's aiohttp download handler has no public module: Scrapy itself names it by this path
# (``scrapy.crawler``, ``scrapy.utils.test``) when it runs without a reactor.
from scrapy.core.downloader.handlers._aiohttp import AiohttpDownloadHandler

__all__ = ["AiohttpDownloadHandler", "without_hidden_retry"]

#: aiohttp's switch for its own silent second try of an idempotent request whose connection
#: closed without an answer (``ClientSession._request``); it has no public setter.
RETRY_SWITCH = "_retry_connection"


def without_hidden_retry(handler: AiohttpDownloadHandler) -> None:
    """Turn off aiohttp's hidden retry in ``handler``'s session, so that a dropped connection
    reaches Scrapy's retry middleware. Raises AttributeError if the upstream moved either the
    handler's session or the switch (rather than silently retrying behind Scrapy's back)."""
    session: Any = handler._session
    if not isinstance(getattr(session, RETRY_SWITCH, None), bool):
        raise AttributeError(f"aiohttp's ClientSession has no boolean {RETRY_SWITCH} any more")
    setattr(session, RETRY_SWITCH, False)
