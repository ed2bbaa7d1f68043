"""The citing work: self-citations (names compared), versions joined (the id map, the report's
grouping), from plain values."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citeseeker_scrapy.matching.persons import same_person, shares_an_author
from citeseeker_scrapy.report.logs import RunReport, DocumentHit
from tests.support.works import write_logs
from citeseeker_scrapy.report.results import read_results
from citeseeker_scrapy.works.citing import mark_self_citations
from citeseeker_scrapy.works.identity import (
    WORKS_FILE, WorkIds, normalized_arxiv, normalized_doi, work_keys,
)

SAME_PERSON = [
    ("J. Smith", "John Smith", True),
    ("K. Smith", "John Smith", False),
    ("Smith", "Karl Smith", True),              # a surname alone: any given name
    ("Fiala, Dalibor", "D. Fiala", True),
    ("Fiala, Dalibor", "Daniel Fiala", False),  # two whole given names that differ
    ("Ježek", "KAREL JEZEK", True),             # diacritics and case folded
    ("Smith JA", "John A. Smith", True),        # Vancouver initials
    ("Smith JA", "John B. Smith", False),
    ("Zhang Wei", "Wei Zhang", True),           # a typed name read in either order
    ("van der Maaten", "Laurens van der Maaten", True),
    ("Dan Smith", "Daniel Smith", True),
    ("John Smith", "Jane Smith", False),
    ("J.-P. Dupont", "Jean-Pierre Dupont", True),
    ("J.-P. Dupont", "Jean-Marc Dupont", False),
    ("Smithson", "John Smith", False),
    ("Smith", "John Smithson", False),
    ("D. Fiala Jr.", "Dalibor Fiala", True),
    ("O'Brien", "Pat OBrien", True),
    ("Lee, Wei", "Wei LEE", True),              # a surname in capitals, not initials
    ("Dalibor Larsen", "Dalibor LEE", False),   # two unlikely readings make no match
]


@pytest.mark.parametrize(("typed", "printed", "same"), SAME_PERSON)
def test_same_person(typed: str, printed: str, same: bool) -> None:
    assert same_person(typed, printed) is same


def test_a_group_shares_an_author_when_any_of_its_authors_wrote_the_work() -> None:
    assert shares_an_author(["Fiala", "Jezek"], ["Ann Other", "Karel Ježek"])
    assert not shares_an_author(["D. Fiala", "Jezek"], ["Ann Other", "M. Fiala"])


GROUPS = [(("D. Fiala", "Jezek"), ("Retrieving citations on the web",)),
          (("Smith",), ("Another title",))]


def citation(author: str, publication: str, relation: str = "cites") -> dict:
    return {"member": "", "author": author, "publication": publication, "relation": relation}


def test_self_citations_are_judged_against_the_cited_group_only() -> None:
    citations = [citation("Jezek", "Retrieving citations on the web"),
                 citation("Smith", "Another title"),
                 citation("Fiala", "Retrieving citations on the web", relation="self")]
    mark_self_citations(citations, {"authors": ["Dalibor Fiala", "Ann Other"]}, GROUPS)
    # Fiala is in the first group (whose name Jezek was found): a self-citation; Smith's
    # group has no Fiala; the paper's own copy is no citation at all
    assert [c["self_citation"] for c in citations] == [True, False, False]


def test_a_work_without_authors_cites_no_self() -> None:
    citations = [citation("Jezek", "Retrieving citations on the web")]
    mark_self_citations(citations, None, GROUPS)
    assert citations[0]["self_citation"] is False


# --- versions ---------------------------------------------------------------------------------

PREPRINT = {"title": "Citation Indexing on the Web", "authors": ["Jana Novak", "P. Liu"],
            "arxiv": "arXiv:2101.00001v2", "doi": None}
PUBLISHED = {"title": "Citation indexing on the web.", "authors": ["J. Novák"],
             "doi": "https://doi.org/10.1000/ABC.1", "venue": "JASIST", "year": 2022}


def test_identifiers_are_normalised() -> None:
    assert normalized_doi("https://doi.org/10.1000/ABC.1") == "10.1000/abc.1"
    assert normalized_doi("doi: 10.1000/abc.1") == "10.1000/abc.1"
    assert normalized_arxiv("arXiv:2101.00001v2") == normalized_arxiv("2101.00001") \
        == "2101.00001"


def test_a_preprint_and_its_published_version_share_the_title_key() -> None:
    assert work_keys(PREPRINT)[0] == work_keys(PUBLISHED)[0] == \
        "title:citationindexingontheweb|novak"
    assert work_keys({"title": "Intro", "authors": ["A. B"]}) == []  # too short to tell
    assert work_keys({"title": "Citation indexing on the web"}) == []  # no first author


def test_versions_get_one_id_in_either_order(tmp_path: Path) -> None:
    first, second = WorkIds(), WorkIds()
    one = first.assign(work_keys(PREPRINT), "http://a/pre.pdf")
    assert first.assign(work_keys(PUBLISHED), "http://b/pub.pdf") == one
    two = second.assign(work_keys(PUBLISHED), "http://b/pub.pdf")
    assert second.assign(work_keys(PREPRINT), "http://a/pre.pdf") == two == one
    assert first.assign(work_keys({"title": "Something else entirely", "authors": ["J. Novak"]}),
                        "http://c/") != one


def test_a_later_version_joins_by_another_key_than_the_first_id_was_made_of() -> None:
    ids = WorkIds()
    renamed = {"title": "A different published title", "authors": ["J. Novak"],
               "arxiv": "2101.00001"}
    one = ids.assign(work_keys(PREPRINT), "http://a/pre.pdf")
    assert ids.assign(work_keys(renamed), "http://b/") == one


def test_a_document_without_metadata_is_a_work_of_its_own() -> None:
    ids = WorkIds()
    assert ids.assign([], "http://a/x.pdf") == ids.assign([], "http://a/x.pdf")
    assert ids.assign([], "http://a/x.pdf") != ids.assign([], "http://a/y.pdf")


def test_the_map_survives_a_kill_and_seeds_a_recrawl(tmp_path: Path) -> None:
    job, recrawl = tmp_path / "job", tmp_path / "recrawl"
    renamed = {"title": "A different published title", "authors": ["J. Novak"],
               "arxiv": "2101.00001"}
    one = WorkIds(job).assign(work_keys(PREPRINT), "http://a/pre.pdf")
    with open(job / WORKS_FILE, "a", encoding="utf-8") as handle:
        handle.write("title:cut")  # a kill in the middle of a line
    resumed = WorkIds(job)
    assert resumed.assign(work_keys(renamed), "http://b/") == one
    assert (job / WORKS_FILE).read_text().count("arxiv:2101.00001") == 1  # nothing doubled
    later = WorkIds(recrawl, previous_dir=job)
    assert later.assign(work_keys(renamed), "http://b/") == one
    assert WorkIds(tmp_path / "third", previous_dir=recrawl).ids == later.ids  # a series


# --- the report -------------------------------------------------------------------------------

def test_the_report_counts_works_and_self_citations(tmp_path: Path) -> None:
    ids = WorkIds()
    write_logs(tmp_path, [
        ("http://a/pre.pdf", ids.assign(work_keys(PREPRINT), "http://a/pre.pdf"), PREPRINT,
         ["Paper one"]),
        ("http://b/pub.pdf", ids.assign(work_keys(PUBLISHED), "http://b/pub.pdf"), PUBLISHED,
         ["Paper one"]),
        ("http://c/other.html", ids.assign([], "http://c/other.html"), {}, []),
    ])
    results = read_results(tmp_path)
    works = results.works()
    assert [sorted(w.urls) for w in works] == [["http://a/pre.pdf", "http://b/pub.pdf"],
                                               ["http://c/other.html"]]
    merged = works[0].work
    assert (merged["doi"], merged["arxiv"], merged["year"]) == \
        ("https://doi.org/10.1000/ABC.1", "arXiv:2101.00001v2", 2022)
    assert results.work_counts() == {"Paper one": (2, 1), "Paper two": (2, 0)}
    without = results.without_self_citations()
    assert without.work_counts() == {"Paper one": (1, 0), "Paper two": (2, 0)}


def test_versions_with_different_ids_are_joined_by_their_keys(tmp_path: Path) -> None:
    """Two runs that gave a preprint and its published version different ids (an older map,
    or ids from two jobs): the report still shows one work."""
    write_logs(tmp_path, [("http://a/pre.pdf", "w1", PREPRINT, []),
                          ("http://b/pub.pdf", "w2", PUBLISHED, [])])
    assert len(read_results(tmp_path).works()) == 1


def test_a_report_of_old_logs_without_works_has_one_work_per_document(tmp_path: Path) -> None:
    report = RunReport(tmp_path, debug=False)
    for where in ("http://a/1.pdf", "http://a/2.pdf"):
        report.success(where, "h", [DocumentHit("Fiala", "Paper one", "paper one", 1.0)])
    report.close()
    (tmp_path / "works.jsonl").unlink()
    results = read_results(tmp_path)
    assert results.work_counts() == {"Paper one": (2, 0)}


def test_a_cut_works_line_is_skipped(tmp_path: Path) -> None:
    write_logs(tmp_path, [("http://a/pre.pdf", "w1", PREPRINT, [])])
    with open(tmp_path / "works.jsonl", "a", encoding="utf-8") as handle:
        handle.write(json.dumps({"where": "http://a/x"})[:10])
    assert read_results(tmp_path).documents[0].work_id == "w1"


def test_an_archives_other_citing_members_are_works_of_their_own() -> None:
    """The item's work is its first citing member's: the second paper of a ZIP gets no self-
    citation from the first's authors and is not joined to its work."""
    from citeseeker_scrapy.document.item import DocumentItem
    from citeseeker_scrapy.works.citing import mark_item, work_records

    item = DocumentItem(url="http://a/two.zip", parts=[{"member": "a.pdf"}, {"member": "b.pdf"}],
                        citations=[{**citation("Jezek", "Retrieving citations on the web"),
                                    "member": member} for member in ("b.pdf", "a.pdf")],
                        work={"title": "Paper a", "authors": ["Dalibor Fiala"]},
                        work_id="w1")
    mark_item(item, GROUPS)
    assert {c["member"]: c["self_citation"] for c in item.citations} == \
        {"a.pdf": True, "b.pdf": False}
    records = {r["where"]: r for r in work_records(item)}
    assert records["http://a/two.zip/a.pdf"]["work_id"] == "w1"
    assert records["http://a/two.zip/b.pdf"]["work_id"] not in ("w1", "")
    assert records["http://a/two.zip/b.pdf"]["work"] == {}
