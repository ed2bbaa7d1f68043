"""Answers kept per document text, for the readings of a name's entry asked again and again.

:func:`kept_per_text` wraps the readings that each search region cut around a name, and each
hit attributed to it, ask again (in ``author_lists``, ``ditto_entries``, ``attribution`` and
``entries_between``), the check of a hit's words that its substrings ask again (``verify``),
and answers about the whole text (``headers``, ``printed_words``, ``capitals``, ...);
:func:`kept_per_text_alone` the reference list's habits read with its printed capitals
(``capitals``), and the questions a text has been asked (``print_counts``).
:func:`forget_texts` drops every text's answers (the matcher benchmark, before
each timed search).
"""

from __future__ import annotations

from functools import wraps
from threading import Lock
from typing import Callable, TypeVar

Answer = TypeVar("Answer")
_TEXTS_KEPT = 4  # texts whose answers :func:`kept_per_text` keeps (the documents matched now)
_SAME_END = 64  # last characters compared first: texts of one length may differ only at the end
_UNKNOWN = object()  # no answer kept yet (a reading may answer None)
#: Each reading's kept texts and its lock (:func:`_texts_kept`), for :func:`forget_texts`.
_KEPT_TEXTS: list[tuple[list, Lock]] = []


def kept_per_text(read: Callable[..., Answer]) -> Callable[..., Answer]:
    """``read(text, *where)``, a reading of the text at a place, with its answers kept per
    text for the last ``_TEXTS_KEPT`` texts asked about. Why: a name's entry is read from
    its end again for each region cut around it and each hit attributed to it (its date
    after the author run, the entries of the same authors after it, where it ends), and a
    document is searched for many titles whose regions hold the same names. The text is
    known by identity (``DocumentText`` gives every query of a document the same text
    object), not by its hash: hashing a long text costs more than its few readings do in a
    document searched once. A text equal to a kept one but another object (the same document
    normalized again, for a second ``find``) takes over its answers and its place, and is
    then known by identity too. Wraps the readings of a name's entry that a document asks again
    most (in ``author_lists``, ``ditto_entries``, ``attribution`` and ``entries_between``),
    whether the printed title goes on past a hit's words (``verify``), asked again for each
    hit that takes the same words, and answers about the whole text (``headers``,
    ``printed_words``, ``capitals``, ``title_edges``, ``bare_surnames``); each such reading
    is marked by this decorator where it is defined, so no list here can go stale
    (:func:`kept_per_text_alone` for those that need the printed capitals too). Scrapy's
    thread pool matches several documents at once: the list of texts changes under a lock; a
    text's answers are the same in every thread."""
    known_for = _texts_kept()

    @wraps(read)
    def kept(text: str, *where: object) -> Answer:
        known = known_for(text)
        answer = known.get(where, _UNKNOWN)
        if answer is _UNKNOWN:
            answer = known[where] = read(text, *where)
        return answer

    return kept


def kept_per_text_alone(read: Callable[..., Answer]) -> Callable[..., Answer]:
    """``read(text, *given)``, a reading of the whole text, with its answer kept per text
    for the last ``_TEXTS_KEPT`` texts asked about, as :func:`kept_per_text` keeps its
    answers. ``given`` is what the text itself fixes (its printed capitals,
    ``word_edges.PrintedCase``): a new object for each query, so no part of the key. Why: a
    reference list's habit (``capitals.prints_titles_into_towns``,
    ``capitals.prints_in_before_containers``, ``capitals._towns_before_closing_publishers``,
    read with the print's paragraphs) is read once however many of a document's hits ask
    about it; the questions a text has been asked and its word index
    (``print_counts._asked``) are one record per text."""
    known_for = _texts_kept()

    @wraps(read)
    def kept(text: str, *given: object) -> Answer:
        known = known_for(text)
        if () not in known:
            known[()] = read(text, *given)
        return known[()]

    return kept


def forget_texts() -> None:
    """Drop every answer kept for every text: the next question about any text is read from
    the text again. Who calls it: ``bench/bench_matcher.py`` and its worker, before each timed
    search of a document, so that a search costs what a crawl's one search of a new document
    costs (the queries' own kept answers stay, as a crawl searches every document for the
    same queries). Not while another thread searches: its newest text is read without the
    lock."""
    for texts, lock in _KEPT_TEXTS:
        with lock:
            texts.clear()


def _texts_kept() -> Callable[[str], dict[tuple[object, ...], Answer]]:
    """The answers one reading keeps, found by text: the newest text by identity without the
    lock, any other through :func:`_answers_of` under it (Scrapy's thread pool matches several
    documents at once). Called by :func:`kept_per_text` and :func:`kept_per_text_alone`."""
    texts: list[tuple[str, dict[tuple[object, ...], Answer]]] = []  # the newest last
    lock = Lock()
    _KEPT_TEXTS.append((texts, lock))

    def known_for(text: str) -> dict[tuple[object, ...], Answer]:
        newest = texts[-1] if texts else None
        if newest is not None and newest[0] is text:
            return newest[1]
        with lock:
            return _answers_of(texts, text)

    return known_for


def _answers_of(texts: list[tuple[str, dict[tuple[object, ...], Answer]]], text: str
                ) -> dict[tuple[object, ...], Answer]:
    """The answers kept for ``text`` in ``texts`` (a :func:`kept_per_text` reading's), moved
    to the end as the newest, ``text`` now their key; a new empty set of answers if it has
    none (the oldest of more than ``_TEXTS_KEPT`` texts is then dropped). Holding each text
    keeps its identity from passing to another one. Another document's text is told from a
    kept one by its length or its last characters (``_SAME_END``), or else where they first
    differ: comparing costs little."""
    for index, (seen, answers) in enumerate(texts):
        if seen is text or (seen[-_SAME_END:] == text[-_SAME_END:] and seen == text):
            del texts[index]
            texts.append((text, answers))
            return answers
    fresh: dict[tuple[object, ...], Answer] = {}
    texts.append((text, fresh))
    del texts[:-_TEXTS_KEPT]
    return fresh
