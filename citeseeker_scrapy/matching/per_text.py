"""Answers kept per document text, found again by identity.

Why not ``functools.lru_cache``: it keeps the first object of a text as the key, so a later
object with the same characters (the same document normalized again: a second ``find`` on
the same raw text, as a caller that searches one document query by query does) is compared
with that key character by character on every call, megabytes each time. Here the newest
object of an equal text takes the key's place, and every later call with it is found by
identity. Who uses it: ``improved.headers`` (runs printed on every page) and
``improved.capitals`` (a list's habit of closing a book's title by a comma).
"""

from __future__ import annotations

import functools
import threading
from typing import Callable, TypeVar

Answer = TypeVar("Answer")


def kept_per_text(texts_kept: int) -> Callable[[Callable[[str], Answer]],
                                                Callable[[str], Answer]]:
    """Decorate a function of one text: its answers for the last ``texts_kept`` texts asked
    about are kept (texts equal to a kept one share its answer; a text whose hash collides
    with another's still gets its own)."""
    def decorate(function: Callable[[str], Answer]) -> Callable[[str], Answer]:
        kept: list[tuple[str, Answer]] = []  # the most recently asked last
        lock = threading.Lock()

        @functools.wraps(function)
        def answer_of(text: str) -> Answer:
            with lock:
                for index in range(len(kept) - 1, -1, -1):
                    key, answer = kept[index]
                    if key is text or key == text:
                        del kept[index]
                        kept.append((text, answer))
                        return answer
            answer = function(text)
            with lock:
                kept.append((text, answer))
                del kept[:-texts_kept]
            return answer

        answer_of.cache_clear = kept.clear  # type: ignore[attr-defined]
        return answer_of
    return decorate
