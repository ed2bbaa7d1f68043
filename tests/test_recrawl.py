"""The re-crawl's pure core: site splits of the seed paper, decisions, the state file."""

from __future__ import annotations

from pathlib import Path

import pytest

from citeseeker_scrapy.exceptions import ConfigError
from citeseeker_scrapy.recrawl import DocumentRecord, RecrawlPlan, RecrawlSettings, read_state
from citeseeker_scrapy.recrawl.plan import CONDITIONAL, FETCH, SKIP, WAIT, gone_citations, \
    new_citations
from citeseeker_scrapy.recrawl.sites import directory_of, split_sites
from citeseeker_scrapy.recrawl.state import StateWriter

H = "http://h"


def records(links: dict[str, list[str]], **validators: str) -> dict[str, DocumentRecord]:
    return {H + path: DocumentRecord(H + path, depth=0 if path == "/" else 1,
                                     links=[H + t for t in targets], **validators)
            for path, targets in links.items()}


#: The paper's figure 4: directory /x/ entered from / (A) and from /y/o.html (D, F, G).
FIGURE_4 = {
    "/": ["/x/a.html", "/y/o.html"],
    "/y/o.html": ["/x/d.html", "/x/f.html", "/x/g.html"],
    "/x/a.html": ["/x/b.html", "/x/c.html"], "/x/b.html": [], "/x/c.html": [],
    "/x/d.html": ["/x/e.html"], "/x/e.html": ["/x/f.html"], "/x/f.html": [],
    "/x/g.html": ["/x/h.html"], "/x/h.html": [],
}


def short(url: str) -> str:
    return url[len(H) + 3:-5]


def test_link_split_gives_the_sites_of_the_papers_figure_4() -> None:
    sites = {short(s.tops[0]): sorted(map(short, s.members))
             for s in split_sites(records(FIGURE_4), "links") if directory_of(s.tops[0]) == H + "/x/"}
    assert sites == {"a": ["a", "b", "c"], "d": ["d", "e"], "e": ["e", "f"], "g": ["g", "h"]}


def test_directory_split_takes_the_shallowest_pages_as_tops() -> None:
    sites = {s.key: s for s in split_sites(records(FIGURE_4), "directory")}
    assert sites[f"dir:{H}/x/"].tops == [H + "/x/a.html"]       # depth 2; d, f, g are 3
    assert len(sites[f"dir:{H}/x/"].members) == 8
    assert sites[f"dir:{H}/y/"].tops == [H + "/y/o.html"]


def test_sites_mode_skips_pages_of_unchanged_sites_and_waits_for_unknown_tops() -> None:
    plan = RecrawlPlan.of(records(FIGURE_4), "sites", "links")
    assert plan.decide(H + "/x/a.html") == CONDITIONAL          # a top is always asked
    assert plan.decide(H + "/x/b.html") == WAIT
    assert plan.unknown_tops(H + "/x/b.html") == [H + "/x/a.html"]
    plan.note_top(H + "/x/a.html", changed=False)
    assert plan.decide(H + "/x/b.html") == SKIP
    assert plan.decide(H + "/x/new.pdf") == FETCH               # never seen: fetched
    plan.note_top(H + "/x/d.html", changed=True)
    assert plan.decide(H + "/x/f.html") == WAIT                 # in (E,F): E not known yet
    plan.note_top(H + "/x/e.html", changed=False)
    assert plan.decide(H + "/x/f.html") == SKIP                 # (E,F) unchanged
    assert plan.decide(H + "/x/e.html") == CONDITIONAL          # E is a top (and in (D,E))
    assert plan.site_counts()["sites_changed"] == 1             # (D,E)


def test_exhaustive_asks_everything_and_hybrid_splits_only_servers_without_validators() -> None:
    exhaustive = RecrawlPlan.of(records(FIGURE_4), "exhaustive", "directory")
    assert exhaustive.decide(H + "/x/b.html") == CONDITIONAL
    with_validators = RecrawlPlan.of(records(FIGURE_4, etag='"1"'), "hybrid", "directory")
    assert with_validators.decide(H + "/x/b.html") == CONDITIONAL
    without = RecrawlPlan.of(records(FIGURE_4), "hybrid", "directory")
    assert without.decide(H + "/x/b.html") == WAIT
    pages = RecrawlPlan.of(records({**FIGURE_4, "/x/b.html": ["/x/b.pdf"], "/x/b.pdf": []}),
                           "pages", "directory")
    assert pages.decide(H + "/x/b.html") == CONDITIONAL         # a page: always asked
    assert pages.decide(H + "/x/b.pdf") == WAIT                 # a document: by its site


def test_auto_asks_documents_with_validators_and_decides_the_others_as_pages() -> None:
    """The default mode: a document revised in place is seen where the server gave
    validators (a conditional request); elsewhere documents go by their site, as in pages."""
    links = {**FIGURE_4, "/x/b.html": ["/x/b.pdf", "/x/c.pdf"], "/x/b.pdf": [], "/x/c.pdf": []}
    previous = records(links)
    previous[H + "/x/b.pdf"].etag = '"1"'
    auto = RecrawlPlan.of(previous, "auto", "directory")
    assert auto.decide(H + "/x/b.pdf") == CONDITIONAL           # validators: asked
    assert auto.decide(H + "/x/c.pdf") == WAIT                  # none: by its site
    assert auto.decide(H + "/x/b.html") == CONDITIONAL          # a page: always asked
    assert RecrawlSettings.from_settings({}).mode == "auto"


def test_the_session_hands_gone_citations_to_who_waits_for_the_document(tmp_path) -> None:
    from citeseeker_scrapy.recrawl import RecrawlSession
    from citeseeker_scrapy.recrawl.state import STATE_FILE

    cited = {"member": "", "publication": "T1", "header": "h"}
    first = tmp_path / "first"
    writer = StateWriter(first / STATE_FILE)
    for path in ("/a.pdf", "/b.pdf", "/c.pdf"):
        writer.write(DocumentRecord(H + path, citations=[cited]))
    writer.write(DocumentRecord(H + "/page.html"))
    writer.close()
    session = RecrawlSession(RecrawlSettings(first, "auto", "directory"), tmp_path / "now")
    assert sorted(r.url for r in session.citing_documents()) == [H + "/a.pdf", H + "/b.pdf",
                                                                 H + "/c.pdf"]
    heard = []
    session.expect_outcome(H + "/a.pdf", heard.append)
    session.record_document(H + "/a.pdf", depth=1, links=[], parts=[], citations=[])
    assert heard == [(H + "/a.pdf", [cited])]                   # no longer cites T1
    assert session.record_failed(H + "/b.pdf", 404) == [cited]  # nobody waits: kept
    assert session.take_gone(H + "/b.pdf") == [cited] and session.take_gone(H + "/b.pdf") == []
    assert session.record_failed(H + "/c.pdf", 503) == []       # says nothing of the document
    session.expect_outcome(H + "/never.pdf", heard.append)
    session.cancel_waiting()
    assert heard[-1] == (H + "/never.pdf", [])


def test_citation_diff_is_by_part_and_publication() -> None:
    old = [{"member": "", "publication": "T1"}, {"member": "a.pdf", "publication": "T2"}]
    now = [{"member": "", "publication": "T1"}, {"member": "", "publication": "T2"}]
    assert new_citations(now, old) == [{"member": "", "publication": "T2"}]
    assert gone_citations(now, old) == [{"member": "a.pdf", "publication": "T2"}]


def test_a_torn_last_line_is_skipped_and_the_last_record_of_a_url_wins(tmp_path: Path) -> None:
    path = tmp_path / "recrawl-state.jsonl"
    writer = StateWriter(path)
    writer.write(DocumentRecord(H + "/a", etag="1"))
    writer.write(DocumentRecord(H + "/a", etag="2"))
    writer.close()
    with open(path, "a", encoding="utf-8") as handle:
        handle.write('{"url": "http://h/b", "sta')             # killed while writing
    writer = StateWriter(path)                                 # a resumed run appends
    writer.write(DocumentRecord(H + "/c"))
    writer.close()
    state = read_state(path)
    assert set(state) == {H + "/a", H + "/c"} and state[H + "/a"].etag == "2"


@pytest.mark.parametrize("settings, message", [
    ({"CITESEEKER_RECRAWL": "all"}, "CITESEEKER_RECRAWL must be one of"),
    ({"CITESEEKER_RECRAWL_SPLIT": "dirs"}, "CITESEEKER_RECRAWL_SPLIT must be one of"),
])
def test_bad_settings_are_refused(settings: dict, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        RecrawlSettings.from_settings(settings)


def test_the_previous_jobdir_must_hold_a_state(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no recrawl-state.jsonl there"):
        RecrawlSettings.from_settings({"CITESEEKER_RECRAWL_FROM": str(tmp_path)})


def test_the_previous_jobdir_must_not_be_this_crawls_own(tmp_path: Path) -> None:
    (tmp_path / "recrawl-state.jsonl").write_text("")
    with pytest.raises(ConfigError, match="own JOBDIR"):
        RecrawlSettings.from_settings({"CITESEEKER_RECRAWL_FROM": str(tmp_path)}, str(tmp_path))


def test_a_recrawls_csv_feed_has_a_status_column() -> None:
    import io

    from citeseeker_scrapy.extensions.feeds import CitationCsvItemExporter
    from citeseeker_scrapy.document.item import DocumentItem
    from citeseeker_scrapy.recrawl.gone import GoneCitations

    out = io.BytesIO()
    exporter = CitationCsvItemExporter(out)
    exporter.start_exporting()
    citation = {"member": "", "header": "h", "author": "Fiala", "publication": "T1",
                "found": "t1", "similarity": 1.0, "status": "gone"}
    exporter.export_item({"url": H + "/a.pdf", "server": H, "citations": [citation]})
    exporter.finish_exporting()
    header, row = out.getvalue().decode().splitlines()
    assert header.endswith(",also_at,self_citation,work_id,status") and row.endswith(",gone")
    gone = GoneCitations(H + "/a.pdf", [citation])
    assert gone.server == H and gone.citations[0]["status"] == "gone"
    assert not hasattr(DocumentItem(url=H + "/a.pdf"), "status")  # only citations have one


def test_recrawl_argument_names_a_directory_or_a_named_crawl(tmp_path: Path) -> None:
    from citeseeker_scrapy.job.directories import apply_recrawl_argument

    class Settings(dict):
        def set(self, name, value, priority="project"):
            self[name] = value

    (tmp_path / "crawls" / "may").mkdir(parents=True)
    settings = Settings(CITESEEKER_CRAWLS_DIR=str(tmp_path / "crawls"))
    apply_recrawl_argument(settings, {"recrawl": "may"}, environ={})
    assert settings["CITESEEKER_RECRAWL_FROM"] == str(tmp_path / "crawls" / "may")
    apply_recrawl_argument(settings, {"recrawl": str(tmp_path)}, environ={})
    assert settings["CITESEEKER_RECRAWL_FROM"] == str(tmp_path)
    apply_recrawl_argument(settings, {"recrawl": "june"}, environ={})   # refused later, by name
    assert settings["CITESEEKER_RECRAWL_FROM"] == "june"
