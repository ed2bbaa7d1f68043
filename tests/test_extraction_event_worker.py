"""Small pages read and matched by a parser process the event loop feeds (no thread between).

Real worker processes on a real asyncio loop. Each test shows where the work went (the
worker's pid, a killed or stopped worker) and that the document comes out exactly as the
text and citation stages make it in the calling thread.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import time
from dataclasses import asdict
from pathlib import Path

import pytest

from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.document.stages import (
    find_citations, read_small_page, read_text, unpack_archives,
)
from citeseeker_scrapy.exceptions import ExtractionError
from citeseeker_scrapy.extraction import ExtractionLimits
from citeseeker_scrapy.extraction.extractor import DocumentExtractor
from citeseeker_scrapy.extraction.placement import WORKER_MIN_BYTES
from citeseeker_scrapy.extraction.processes.event_worker import (
    MAX_FAILURES, MAX_PENDING, EventWorker, FrameReader, frame,
)
from citeseeker_scrapy.extraction.shape import page_shape
from citeseeker_scrapy.matching.citations import CitationSearch, search_spec
from citeseeker_scrapy.matching.model import AuthorGroup, MatcherSettings
from tests.support.crawl import run_crawl, wait_for
from tests.support.docgen import html_page
from tests.support.servers import SiteServer, write_site

GROUPS = [AuthorGroup(("Fiala", "Jezek"), ("Retrieving citations on the web",
                                            "A system for citations retrieval on the web"))]
SPEC = search_spec(GROUPS, MatcherSettings(), 100)
SITE = "http://lab.example.org/people/"


def pages() -> dict[str, tuple[bytes, str]]:
    """Small HTML and text pages: citing (exact, with typos, in a reference list, in running
    text), not citing, relative links and a base, a charset declared by the server only."""
    entries = ["[1] D. Fiala: Retrieving citations on the web. Plzen, 2003.",
               "Fiala, D., Jezek, K.: A sytem for citatons retrieval on the web. 2003",
               "As Fiala showed in Retrieving citations on the web, crawling pays.",
               "Nothing here names the searched author at all."]
    found = {}
    for n in range(24):
        entry = entries[n % len(entries)]
        links = "".join(f"<a href='{'../' * (n % 3)}p{n}-{k}.html'>x</a>" for k in range(n % 5))
        base = "<base href='/docs/'>" if n % 7 == 0 else ""
        html = (f"<html><head>{base}<title>Paper {n}</title></head><body><h1>Paper {n}</h1>"
                f"<p>Je\u017eek {links}</p><h2>References</h2><p>{entry}</p></body></html>")
        found[f"p{n}.html"] = (html.encode("cp1250"), "windows-1250")
        found[f"t{n}.txt"] = (f"Paper {n}\n\nReferences\n{entry}\n".encode(), "utf-8")
    return found


def item_of(name: str, data: bytes, encoding: str) -> DocumentItem:
    kind = "html" if name.endswith(".html") else "text"
    item = DocumentItem(url=SITE + name, body=data, encoding=encoding, kind=kind)
    unpack_archives(item, ExtractionLimits())
    return item


def as_compared(item: DocumentItem) -> tuple:
    parts = [{k: v for k, v in part.items() if k != "seconds"} for part in item.parts]
    return parts, item.links, item.problems, item.citations, item.body, item.members


@pytest.fixture
def extractor(tmp_path: Path):
    with DocumentExtractor(ExtractionLimits(), tmp_path, workers=1) as extractor:
        yield extractor


async def ready(worker: EventWorker) -> None:
    """Wait until the worker has started and taken its setup (it starts on first use)."""
    for _ in range(300):
        if worker.available():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"the worker never became ready: {worker.last_failure}")


def test_a_small_page_read_and_matched_in_the_worker_is_the_one_read_here(extractor) -> None:
    search = CitationSearch.from_spec(SPEC)

    async def both() -> list[tuple[tuple, tuple]]:
        worker = extractor.page_worker(SPEC)
        await ready(worker)
        compared = []
        for name, (data, encoding) in pages().items():
            assert len(data) < WORKER_MIN_BYTES
            there, here = item_of(name, data, encoding), item_of(name, data, encoding)
            assert await read_small_page(there, extractor, worker), name
            read_text(here, extractor)
            find_citations(there, search)
            find_citations(here, search)
            compared.append((as_compared(there), as_compared(here)))
            # the trap watch's shape of an HTML page comes with it, as computed here
            expected = page_shape(here.parts[0]["text"]) if here.kind == "html" else None
            assert (there.shape, here.shape) == (expected, None), name
        assert worker.pid() not in (None, os.getpid())
        return compared

    results = asyncio.run(both())
    for there, here in results:
        assert there == here
    citing = sum(1 for there, _ in results if there[3])
    assert citing == 36 and all(there[0] for there, _ in results)  # 3 of 4 entries cite
    assert not extractor.pool.pids()  # small pages never went to the thread's pool


def test_pages_beyond_the_queue_are_left_to_the_caller_and_none_is_lost(extractor) -> None:
    documents = [(n, *data) for n, data in enumerate(pages().values())] * 2

    async def flood() -> tuple[list[bool], list[DocumentItem]]:
        worker = extractor.page_worker(SPEC)
        await ready(worker)
        items = [item_of(f"p{n}.html" if enc != "utf-8" else f"t{n}.txt", data, enc)
                 for n, data, enc in documents]
        taken = await asyncio.gather(*(read_small_page(item, extractor, worker)
                                       for item in items))
        return taken, items

    taken, items = asyncio.run(flood())
    assert sum(taken) == MAX_PENDING  # all given at once: the queue takes its share
    for item, was_taken in zip(items, taken):
        if was_taken:
            assert item.parts and item.body is None
        else:  # untouched: the text stage reads it in the calling thread
            assert not item.parts and item.members and item.body


def test_a_worker_that_ends_while_starting_counts_as_failed_when_closed_first(tmp_path) -> None:
    """Limited to 16 MiB, the worker cannot load its parsers and exits; closed before the event
    loop reads its pipe's end (a crawl that ends right then), it still counts as failed, with
    how it ended and its memory limit, for the crawl's log to say."""
    setup = {"task": "setup", "limits": asdict(ExtractionLimits()), "search": SPEC}

    async def closed_first() -> tuple[int, str]:
        worker = EventWorker(16 * 1024 * 1024, tmp_path, setup, timeout=30, max_reply=1 << 20)
        assert not worker.available()  # started, not ready
        pid = worker.pid()
        for _ in range(600):  # no await: the loop never sees the pipe close
            if has_exited(pid):
                break
            time.sleep(0.05)
        worker.close()
        return worker.failures, worker.last_failure

    failures, last = asyncio.run(closed_first())
    assert failures == 1
    assert re.fullmatch(r"parser process ended \((exit|signal) \w+; memory limit 16 MiB\)",
                        last), last


def test_a_killed_worker_fails_its_pages_and_a_new_one_takes_the_next(extractor) -> None:
    (name, (data, encoding)), *_ = pages().items()

    async def kill_midway() -> tuple[list[bool], int, int, bool]:
        worker = extractor.page_worker(SPEC)
        await ready(worker)
        first = worker.pid()
        items = [item_of(name, data, encoding) for _ in range(MAX_PENDING)]
        calls = [asyncio.ensure_future(read_small_page(i, extractor, worker)) for i in items]
        await asyncio.sleep(0)  # every page is written to the pipe
        os.killpg(first, signal.SIGKILL)
        done = await asyncio.gather(*calls)
        await ready(worker)
        again = item_of(name, data, encoding)
        return done, first, worker.pid(), await read_small_page(again, extractor, worker)

    done, first, second, again = asyncio.run(kill_midway())
    assert not all(done)  # at least the pages still in the pipe failed over to the caller
    assert second != first and again


@pytest.mark.alone
def test_a_page_that_takes_too_long_fails_over_and_the_worker_is_replaced(tmp_path) -> None:
    limits = ExtractionLimits(pdf_timeout=1.0)
    (name, (data, encoding)), *_ = pages().items()

    async def stall() -> tuple[bool, str, int, int]:
        with DocumentExtractor(limits, tmp_path, workers=1) as extractor:
            worker = extractor.page_worker(SPEC)
            await ready(worker)
            first = worker.pid()
            os.kill(first, signal.SIGSTOP)  # alive, never answering
            item = item_of(name, data, encoding)
            started = asyncio.get_running_loop().time()
            taken = await read_small_page(item, extractor, worker)
            waited = asyncio.get_running_loop().time() - started
            await ready(worker)
            return taken, worker.last_failure, waited, worker.pid() != first

    taken, failure, waited, replaced = asyncio.run(stall())
    assert not taken and "more than 1 s" in failure and 0.9 < waited < 5 and replaced


def test_a_worker_above_its_memory_bound_retires_and_a_fresh_one_follows(
        extractor, tmp_path) -> None:
    """Bound at 1 byte, the worker retires after every page: that page's answer counts, the
    pages queued behind it are read by the caller, the next worker starts, nothing fails."""
    (name, (data, encoding)), *_ = pages().items()
    setup = {"task": "setup", "limits": asdict(ExtractionLimits()), "search": SPEC}

    async def retiring() -> tuple[list[bool], int | None, int | None, int]:
        worker = EventWorker(ExtractionLimits().worker_memory_bytes, tmp_path, setup,
                             timeout=30, max_reply=1 << 20, retire_above_bytes=1)
        try:
            await ready(worker)
            first = worker.pid()
            items = [item_of(name, data, encoding) for _ in range(4)]
            taken = await asyncio.gather(*(read_small_page(i, extractor, worker)
                                           for i in items))
            await ready(worker)
            return taken, first, worker.pid(), worker.failures
        finally:
            worker.close()

    taken, first, second, failures = asyncio.run(retiring())
    assert taken == [True, False, False, False] and second != first and failures == 0


def test_a_page_written_after_the_retiring_worker_exited_keeps_that_workers_last_answer(
        extractor, tmp_path) -> None:
    """A race a loaded machine makes likely: the worker answers, retires and exits before the
    crawler has read the answer, and the next page's write finds the pipe broken. The answer
    still counts, the next page fails over to the caller, and a retirement is no failure (five
    failures turn the page worker off for the crawl)."""
    (name, (data, encoding)), *_ = pages().items()
    setup = {"task": "setup", "limits": asdict(ExtractionLimits()), "search": SPEC}

    async def write_after_exit() -> tuple[bool, bool, int]:
        worker = EventWorker(ExtractionLimits().worker_memory_bytes, tmp_path, setup,
                             timeout=30, max_reply=1 << 20, retire_above_bytes=1)
        try:
            await ready(worker)
            first = asyncio.ensure_future(
                read_small_page(item_of(name, data, encoding), extractor, worker))
            await asyncio.sleep(0)  # its request is written
            pid = worker.pid()
            wait_for(lambda: has_exited(pid), timeout=20)  # blocks the loop: answer unread
            second = await read_small_page(item_of(name, data, encoding), extractor, worker)
            return await first, second, worker.failures
        finally:
            worker.close()

    first, second, failures = asyncio.run(write_after_exit())
    assert first and not second and failures == 0


def has_exited(pid: int | None) -> bool:
    """Process ``pid`` has exited: a zombie nobody has reaped yet, or gone."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    return state in ("Z", "X")


def test_without_an_event_loop_the_worker_is_never_available(extractor) -> None:
    worker = extractor.page_worker(SPEC)
    assert not worker.available() and worker.closed and worker.pid() is None


def test_replies_are_cut_into_messages_and_an_oversized_one_is_refused() -> None:
    stream = frame(b'{"ok": true}') + frame("Ježek".encode()) + frame(b"")
    reader = FrameReader(max_bytes=1024)
    messages = [m for n in range(0, len(stream), 3) for m in reader.feed(stream[n:n + 3])]
    assert messages == [b'{"ok": true}', "Ježek".encode(), b""]
    with pytest.raises(ExtractionError, match="message of 4096 bytes"):
        FrameReader(max_bytes=1024).feed(frame(b"x" * 4096))


def test_a_crawl_whose_page_worker_cannot_start_reads_every_page_itself_and_says_so(
        tmp_path) -> None:
    """Parser processes limited to 16 MiB cannot even load their parsers (they need ~40): the
    small pages are read and matched in the crawler, every citation is found, and the log says
    why: how the process ended and its memory limit."""
    files = {"index.html": html_page("Lab", [f"p{n}.html" for n in range(60)])}
    for n in range(60):
        cites = n % 2 == 0
        files[f"p{n}.html"] = html_page(
            f"Paper {n}. References. [1] D. Fiala: "
            f"{'Retrieving citations on the web' if cites else 'Something else entirely'}. 2003")
    inputs = tmp_path / "searchstrings.txt"
    inputs.write_text("author=Fiala\nRetrieving citations on the web\n", encoding="utf-8")
    with SiteServer(write_site(tmp_path / "site", files)) as site:
        result = run_crawl(tmp_path / "run", "-a", f"authors={inputs}",
                           "-a", f"startpoints={site.url('/index.html')}",
                           settings={"CITESEEKER_WORKER_MEMORY": str(16 * 1024 * 1024),
                                     "DOWNLOAD_DELAY": "0.05"})  # time for it to fail
        expected = {(site.url(f"/p{n}.html"), "Retrieving citations on the web")
                    for n in range(0, 60, 2)}
    assert result.returncode == 0, result.output[-3000:]
    assert result.hits() == expected
    assert re.search(r"the parser process for small pages failed [1-5] time\(s\), last: "
                     r"parser process ended \((exit|signal) \w+; memory limit 16 MiB\)",
                     result.output), result.output[-3000:]


def test_a_worker_that_refuses_its_setup_is_never_available_and_says_why(tmp_path) -> None:
    """A setup the worker cannot take (here a search it cannot build) fails the start; after
    MAX_FAILURES starts the worker is given up, so the caller reads every page itself."""
    setup = {"task": "setup", "limits": asdict(ExtractionLimits()), "search": {"groups": 7}}

    async def starts() -> tuple[int, str, bool]:
        worker = EventWorker(ExtractionLimits().worker_memory_bytes, tmp_path, setup,
                             timeout=30, max_reply=1 << 20)
        try:
            for _ in range(600):
                if worker.available() or worker.failures >= MAX_FAILURES:
                    break
                await asyncio.sleep(0.05)
            return worker.failures, worker.last_failure, worker.available()
        finally:
            worker.close()

    failures, last, available = asyncio.run(starts())
    assert failures == MAX_FAILURES and not available
    assert last.startswith("parser process refused its setup: "), last
