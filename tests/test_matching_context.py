"""Each citation explains itself: ``context`` (the document's own words around the match) and
``in_references`` — unit tests on the mapping back from the normalized text, and a real crawl
of generated documents (a PDF with a reference list, running text, a page with no heading)
that checks the feed, the flat CSV and success.log's extra columns."""

from __future__ import annotations

import csv
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from citeseeker_scrapy.matching.citations import CitationSearch
from citeseeker_scrapy.matching.context import TextMap, explain
from citeseeker_scrapy.matching.folded_offsets import fold_with_offsets
from citeseeker_scrapy.matching import AuthorGroup, CitationMatcher, MatcherSettings, normalize_text
from tests.support import docgen
from tests.support.crawl import run_crawl
from tests.support.servers import SiteServer, write_site
from tests.support.docgen import page

TITLE = "Retrieving citations on the web"
SEARCH = CitationSearch(CitationMatcher([AuthorGroup(("Fiala",), (TITLE,))],
                                        MatcherSettings()), 100)

REFERENCE_LIST = ("Introduction\nWe crawl the web for papers. It works well.\n\nReferences\n"
                  "[1] Smith, J.: Another paper. Journal of Things, 1999\n"
                  "[2] Fiala, D., Ježek, K.: Retrieving Citations on the\nWeb. In: Proc. of "
                  "WSCG, Plzeň, 2003\n[3] Brown, A.: A third paper. 2001\n")
RUNNING_TEXT = ("Citation indexes are old. As Fiala [3] showed in Retrieving citations on the "
                "web, a crawler finds most citing papers. We go further here.\n\nReferences\n"
                "[3] D. Fiala. A thesis. 2003\n")
NO_HEADING = "Reading list for the seminar\n\nD. Fiala: Retrieving citations on the web (2003)"


def citation(text: str) -> dict:
    [found] = SEARCH.search("", text)
    return found


def test_a_citation_in_a_reference_list_gets_its_entry() -> None:
    found = citation(REFERENCE_LIST)
    assert found["context"] == ("[2] Fiala, D., Ježek, K.: Retrieving Citations on the Web. "
                                "In: Proc. of WSCG, Plzeň, 2003")
    assert found["in_references"] is True


def test_a_citation_in_running_text_gets_its_sentence() -> None:
    found = citation(RUNNING_TEXT)
    assert found["context"] == ("As Fiala [3] showed in Retrieving citations on the web, a "
                                "crawler finds most citing papers.")
    assert found["in_references"] is False


def test_a_document_without_a_references_heading() -> None:
    found = citation(NO_HEADING)
    assert found["context"] == "D. Fiala: Retrieving citations on the web (2003)"
    assert found["in_references"] is False


def test_an_appendix_ends_the_reference_list() -> None:
    text = REFERENCE_LIST + "\nAppendix A\nAs shown in Fiala: Retrieving citations on the web."
    text = text.replace("[2] Fiala, D., Ježek, K.: Retrieving Citations on the\nWeb.", "[2] X.")
    assert citation(text)["in_references"] is False


@pytest.mark.parametrize("heading", ["Appendix A", "APPENDIX", "Annex: Tables of the survey",
                                     "Anhang B. Fragebogen"])
def test_an_appendix_heading_of_each_print_ends_the_reference_list(heading: str) -> None:
    text = REFERENCE_LIST + f"\n{heading}\nAs shown in Fiala: Retrieving citations on the web."
    text = text.replace("[2] Fiala, D., Ježek, K.: Retrieving Citations on the\nWeb.", "[2] X.")
    assert citation(text)["in_references"] is False


def test_an_entry_s_line_opening_with_annex_and_a_lower_case_word_goes_on() -> None:
    # a report's title wrapped before "Annex to ...": the entry goes on, no appendix starts
    text = ("Introduction\nWe crawl the web for papers.\n\nReferences\nSmith, J.: Temporary "
            "migration programmes.\nAnnex to the Global Commission on Migration Report:\n"
            "New directions, 2005.\n\nFiala, D.: Retrieving citations on the web. Plzen, 2003\n")
    assert citation(text)["in_references"] is True
    assert citation(text.replace("Annex to the", "Annex The"))["in_references"] is False


def test_a_long_sentence_is_cut_to_300_characters_around_the_match() -> None:
    text = "word " * 300 + "Fiala: Retrieving citations on the web " + "more " * 300 + "."
    context = citation(text)["context"]
    assert len(context) <= 300
    assert context.startswith("…word") and context.endswith("more…")
    assert "Fiala: Retrieving citations on the web" in context


@pytest.mark.parametrize("seed", range(5))
def test_positions_map_back_through_accents_ligatures_hyphens_and_blanks(seed) -> None:
    rng = random.Random(seed)
    words = ["alpha", "Beta", "ga-\nmma", "Ježek", "ﬁle", "x.", "\n\n", "  \t", "[3]", "ÉCOLE"]
    text = " ".join(rng.choice(words) for _ in range(3000))
    normalized = normalize_text(text)
    assert fold_with_offsets(text)[0] == normalized
    text_map = TextMap(text, normalized)
    assert text_map.lined_up
    for _ in range(50):  # found, as the matcher gives it, starts and ends with whole words
        start = normalized.index(" ", rng.randrange(len(normalized) - 40)) + 1
        found = normalized[start:start + 30].rsplit(" ", 1)[0]
        low, high = text_map.span(start, found)
        assert normalize_text(text[low:high]) == found


def test_an_unmirrored_normalization_falls_back_to_searching_found() -> None:
    text = "Intro text. " * 50 + "Fiala: Retrieving citations on the web. " + "Tail. " * 50
    normalized = normalize_text(text)
    text_map = TextMap(text, normalized)
    text_map.lined_up = False  # as if a chunk did not line up
    why = explain(text, text_map, normalized.index("retrieving"), TITLE.lower())
    assert "Fiala: Retrieving citations on the web." in why.context


def test_the_crawl_reports_context_in_feed_csv_and_success_log(tmp_path) -> None:
    pdf = docgen.pdf([["A Paper on Crawling", "We crawl the web for papers.", "References",
                       "[1] Smith, J.: Another paper. 1999",
                       "[2] Fiala, D.: Retrieving citations on the web. Proc. 2003",
                       "[3] Brown, A.: A third paper. 2001"]])
    files = {"index.html": page("Home", "Papers.", ["paper.pdf", "running.html", "list.txt"]),
             "paper.pdf": pdf,
             "running.html": page("Essay", "Citation indexes are old. As Fiala [3] showed in "
                                  "Retrieving citations on the web, a crawler finds most citing "
                                  "papers. We go further."),
             "list.txt": NO_HEADING}
    with SiteServer(write_site(tmp_path / "site", files)) as site:
        arguments = ("-a", "authors=Fiala", "-a", f"publications={TITLE}",
                     "-a", f"startpoints={site.url('/index.html')}")
        result = run_crawl(tmp_path / "run", *arguments)
        csv_path = tmp_path / "run" / "citations.csv"
        csv_result = run_crawl(tmp_path / "csv", *arguments, "-O", str(csv_path))
    assert result.returncode == 0, result.output[-3000:]
    by_url = {row["url"].rsplit("/", 1)[1]: row for row in result.items}
    assert by_url["paper.pdf"]["context"] == \
        "[2] Fiala, D.: Retrieving citations on the web. Proc. 2003"
    assert by_url["paper.pdf"]["in_references"] is True
    assert by_url["running.html"]["context"] == ("As Fiala [3] showed in Retrieving citations "
                                                 "on the web, a crawler finds most citing papers.")
    assert by_url["running.html"]["in_references"] is False
    assert by_url["list.txt"]["context"] == "D. Fiala: Retrieving citations on the web (2003)"
    assert by_url["list.txt"]["in_references"] is False
    # success.log: the original's columns unchanged, then context, in_references, relation,
    # title_end
    lines = [line.split("\t") for line in result.log("success").splitlines() if line[:1].isdigit()]
    pdf_line = next(fields for fields in lines if fields[1].endswith("paper.pdf"))
    assert len(pdf_line) == 10
    assert pdf_line[3:6] == [f"Fiala: {TITLE}", TITLE.lower(), "1.0000"]
    assert pdf_line[6:] == ["[2] Fiala, D.: Retrieving citations on the web. Proc. 2003", "true",
                            "cites", "certain"]
    # CSV: the original's columns first, ours at the end
    assert csv_result.returncode == 0
    with open(csv_path, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert list(rows[0])[:8] == ["url", "member", "server", "header", "author", "publication",
                                 "found", "similarity"]
    assert list(rows[0])[8:] == ["relation", "context", "in_references", "title_end", "also_at",
                                 "self_citation", "work_id"]
    assert {r["url"].rsplit("/", 1)[1]: r["in_references"] for r in rows} == \
        {"paper.pdf": "True", "running.html": "False", "list.txt": "False"}


@pytest.mark.parametrize("seed", range(3))
def test_every_folded_character_points_at_the_character_it_came_from(seed) -> None:
    import unicodedata
    rng = random.Random(seed)
    pieces = ["ab", "Cd", " ", "\n", "\t", "-\n", "ﬁ", "é", "Ž", "\xa0", "\u00a8", "x\u0301",
              "ß", "–", "\x1c", ".", "12"]
    for _ in range(300):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 30)))
        folded, offsets = fold_with_offsets(text)
        assert len(folded) == len(offsets)
        assert all(a <= b for a, b in zip(offsets, offsets[1:]))
        for char, offset in zip(folded, offsets):
            source = unicodedata.normalize("NFKD", text[offset]).lower()
            assert char in source or (char == " " and not source.strip()), (text, offset)


@pytest.mark.parametrize("text", [
    # a numbered bibliography whose heading is not read as one (a figure caption, a
    # two-column layout put it elsewhere) or missing
    "Some text of the paper.\n\n[1] Smith, J.: Another paper. 1999\n[2] Fiala, D.: Retrieving "
    "citations on the web. In: Proc. of WSCG, 2003\n",
    "Text.\n\nList of works cited in the text\n[12] D. Fiala. Retrieving citations on\nthe web. "
    "Proc. of WSCG, 2003.\n",
    # an alphabetic style's labels, also after the entry's number, under a heading of its own
    "Text.\n\nTeX and LaTeX References\n[Knu91] D. E. Knuth. The TeXbook. 1991.\n[Fia03] D. "
    "Fiala. Retrieving citations on\nthe web. Proc. of WSCG, 2003.\n",
    "Text.\n\nWorks we draw on\n12. [FJ03] D. Fiala and K. Ježek. Retrieving citations on the "
    "web. Proc. of WSCG, 2003.\n",
    # small capitals split after their first letter
    "Text of the paper.\n\nR EFERENCES\nD. Fiala: Retrieving citations on the web (2003)\n",
    "Text of the paper.\n\nReferences and Notes\nD. Fiala: Retrieving citations on the web (2003)\n",
])
def test_labelled_entries_and_more_headings_are_in_the_references(text: str) -> None:
    assert citation(text)["in_references"] is True


@pytest.mark.parametrize("heading", [
    "Referências", "Literatúra", "Bibliografia", "Bibliografía", "Literatuur", "Lähteet",
    "Källor", "Kaynakça", "Litteratur", "Referenser", "Irodalom", "Odkazy", "Список литературы",
    "4. Zoznam literatúry", "Referências bibliográficas:", "LITERATURA", "Daftar Pustaka",
    "Referencie", "Riferimenti bibliografici",
])
def test_headings_in_other_languages_open_the_reference_list(heading: str) -> None:
    """The heading a paper in another language puts above its unnumbered bibliography,
    accented or not, in capitals or numbered, is read as one."""
    text = (f"Some text of the paper.\n\n{heading}\nSmith, J.: Another paper. 1999\n"
            "Fiala, D.: Retrieving citations on the web. In: Proc. of WSCG, 2003\n")
    assert citation(text)["in_references"] is True


@pytest.mark.parametrize("line", [
    "We list the literatura we read.", "Kaynakça and other words in a long sentence here",
    "The references of this paper", "Fontes e bibliografia consultadas pela autora em 2001",
])
def test_heading_words_inside_a_sentence_open_no_reference_list(line: str) -> None:
    text = f"Some text.\n{line}\nAs D. Fiala showed in Retrieving citations on the web, it works.\n"
    assert citation(text)["in_references"] is False


def test_a_paragraph_after_a_labelled_entry_is_not_in_it() -> None:
    text = ("[1] Smith, J.: Another paper. 1999\n\nAs D. Fiala showed in Retrieving citations on "
            "the web, crawlers find most citing papers.\n")
    assert citation(text)["in_references"] is False


ENTRY = "Fiala, D.: Retrieving citations on the web. In: Proc. of WSCG, 2003"


@pytest.mark.parametrize("line", [
    f"References {ENTRY}",
    f"REFERENCES 1. {ENTRY}",
    f"Literatur (1) {ENTRY}",
    f"Bibliographie 1) {ENTRY}",
    f"References [Fia03] {ENTRY}",
    "Referencias Fiala D, Ježek K. Retrieving citations on the web. WSCG 2003",
    "Литература Fiala D. Retrieving citations on the web. WSCG, 2003",
    "Literatura D. Fiala, K. Ježek: Retrieving citations on the web. WSCG 2003",
    "7 Bibliografia Dušan Fiala and Karel Ježek. Retrieving citations on the web. WSCG 2003",
    "References Fiala et al. (2003). Retrieving citations on the web. WSCG",
    "Kaynakça Fiala (2003) Retrieving citations on the web. WSCG",
    "Références van der Fiala, D. Retrieving citations on the web. WSCG 2003",
    "References Western Bohemia Citation Research Group, Fiala, D.: Retrieving citations on "
    "the web. 2003",
    "References Western Bohe-\nmia Citation Research Group, Fiala, D.: Retrieving citations on "
    "the web. 2003",
    "Bibliografia Western Bohemia Research Council (WBRC). 2003. Fiala, D.: Retrieving citations",
    "Referências Garcia Lopez J., Fiala D. Retrieving citations on the web. WSCG 2003",
    "References Retrieving citations on the web. Fiala D, Ježek K. WSCG 2003",
    "Literatur Retrieving citations on the web. D. Fiala, K. Ježek. WSCG 2003",
])
def test_a_heading_sharing_its_line_with_the_first_entry_opens_the_reference_list(
        line: str) -> None:
    """Text extracted from PDF and PostScript, plain-text papers and flattened HTML print the
    heading and the first entry on one line: the entry's start (a label, an author's name, an
    organisation) tells it from a sentence."""
    text = f"Some text of the paper.\n\n{line}\nSmith, J.: Another paper. 1999\n"
    assert citation(text)["in_references"] is True


@pytest.mark.parametrize("line", [
    "References to earlier work are given in the appendix, as Fiala, D. did.",
    "Literature on this topic is scarce; Fiala, D. is an exception.",
    "References [1] and [2] describe crawlers; Fiala, D. goes further.",
    "Literatur zu diesem Thema ist selten, sagt Fiala, D. in seiner Arbeit.",
    "Bibliographie de l'auteur: voir Fiala, D. pour le reste.",
    "Referencias a trabajos anteriores se dan en el anexo.",
    "Literature Review and Hypotheses",
    "Literature Review",
    "Sources of funding and Fiala, D. are listed here.",
    "Literatura 1. a 2. vydání jsou stejné.",
    "Literature Review and Hypotheses. As Fiala showed, crawlers find papers.",
])
def test_a_sentence_that_begins_with_a_heading_word_opens_no_reference_list(line: str) -> None:
    text = (f"Some text.\n{line}\nAs D. Fiala showed in Retrieving citations on the web, "
            "crawlers find most citing papers.\n")
    assert citation(text)["in_references"] is False


def test_the_heading_patterns_text_is_the_same_whatever_the_hash_seed() -> None:
    """Its names are a set: ordered by length alone, those of one length came in the set's
    order, which ``PYTHONHASHSEED`` changes from run to run."""
    show = "from citeseeker_scrapy.matching import context; print(context._HEADING.pattern)"
    root = Path(__file__).resolve().parent.parent
    texts = {subprocess.run([sys.executable, "-c", show], capture_output=True, text=True,
                            check=True, cwd=root,
                            env=dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=str(root))
                            ).stdout for seed in ("0", "1", "2")}
    [text] = texts
    assert "r ?eferences" in text


def test_a_long_spans_capitals_map_across_every_chunk_of_the_text() -> None:
    """``TextMap.printed_case`` over a span that crosses many small chunks and a big one, in
    a text whose folding moves offsets (a ligature, accents, soft hyphens): each word keeps
    the case it is printed in, so no position is mapped to another word's letter."""
    rng = random.Random(11)
    stems = ["ﬁnal", "éclair", "soft\u00adware", "harbour", "naïve", "towns"]
    words = [rng.choice(stems) for _ in range(30_000)]
    printed = [word.upper() if i % 2 else word.capitalize() for i, word in enumerate(words)]
    source = " ".join(printed)
    normalized = normalize_text(source)
    start = normalized.index(" ", 70_000) + 1
    end = normalized.index(" ", 140_000)
    cased = TextMap(source, normalized).printed_case(start, end)
    assert cased is not None and cased.lower() == normalized[start:end]
    shapes = [word.isupper() for word in cased.split(" ")]
    assert len(shapes) > 5_000 and all(a != b for a, b in zip(shapes, shapes[1:])), shapes[:20]
