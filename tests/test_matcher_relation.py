"""A paper is not its own citation: hits get ``relation`` "self" or "cites".

The documents are generated here (PostScript -> PDF by Ghostscript, a ZIP by the standard
library) and read by the project's real extractor, so the classifier sees the lines a crawl sees.
"""

from __future__ import annotations


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citeseeker_scrapy.extraction import ExtractedPart
from citeseeker_scrapy.matching import (
    CITES, SELF, AuthorGroup, CitationMatcher, MatcherSettings, citation_relation, normalize_text,
)
from citeseeker_scrapy.matching.relation import _first_lines
from tests.support.docgen import pdf, zip_bytes
from tests.support.extraction_fixtures import extractor_fixture

extractor = extractor_fixture(workers=1)

TITLE = "MapReduce: Simplified Data Processing on Large Clusters"
BODY = "Many tasks at Google process large amounts of raw data on thousands of machines."
REFERENCES = ["References", "[1] Ghemawat, S., Gobioff, H., Leung, S.: The Google file system.",
              "SOSP 2003."]


def the_paper_itself() -> list[list[str]]:
    """The MapReduce paper: a conference header, its title on two lines, its byline."""
    return [["To appear in OSDI 2004", "MapReduce: Simplified Data Processing",
             "on Large Clusters", "Jeffrey Dean and Sanjay Ghemawat",
             "jeff@google.com, sanjay@google.com", "Google, Inc.", "Abstract",
             *[BODY] * 12], [*[BODY] * 5, *REFERENCES]]


def a_paper_citing_it_in_its_first_paragraph() -> list[list[str]]:
    """Another paper whose first paragraph (no abstract, no heading) names the title and Dean."""
    return [["Batch Jobs on Small Clusters", "Anna Novak", "University of Pilsen",
             "Large data sets are often processed as described in the paper MapReduce:",
             "Simplified Data Processing on Large Clusters by Dean and Ghemawat, which",
             "we extend to clusters of a few machines.", *[BODY] * 10],
            ["References", "[1] Dean, J., Ghemawat, S.: MapReduce: Simplified Data Processing",
             "on Large Clusters. OSDI 2004."]]


def a_thesis_listing_the_authors_earlier_works() -> list[list[str]]:
    """A thesis by Dean whose title page lists his earlier works, one of them the title."""
    return [["Stanford University", "Doctoral Thesis", "Scalable Batch Processing",
             "Jeffrey Dean", "Earlier works of the author:",
             "[1] J. Dean and S. Ghemawat.", TITLE + ".", "In OSDI 2004.",
             "[2] J. Dean. Large-scale deep networks. NIPS 2012.", "Contents",
             *[BODY] * 10]]


def texts_of(extractor, path: str, body: bytes) -> list[str]:
    return [event.text for event in extractor.extract(path, body)
            if isinstance(event, ExtractedPart)]


def relations(text: str) -> list[tuple[str, str]]:
    matcher = CitationMatcher([AuthorGroup(("Dean",), (TITLE,))], MatcherSettings())
    return [(c.publication, c.relation) for c in matcher.find(text)]


def test_the_paper_itself_is_self_also_inside_an_archive(extractor) -> None:
    body = pdf(the_paper_itself())
    (alone,) = texts_of(extractor, "/mapreduce.pdf", body)
    (member,) = texts_of(extractor, "/papers.zip", zip_bytes({"osdi/mapreduce.pdf": body}))
    assert member == alone
    for text in (alone, member):
        assert relations(text) == [(TITLE, SELF)]  # (the original scheme reads no title block)
        assert citation_relation(text, TITLE, ["Dean"]) == SELF


def test_the_paper_itself_is_self_only_for_its_own_authors(extractor) -> None:
    (text,) = texts_of(extractor, "/mapreduce.pdf", pdf(the_paper_itself()))
    assert citation_relation(text, TITLE, ["Ghemawat"]) == SELF
    assert citation_relation(text, TITLE, ["Gobioff"]) == CITES  # not in the byline
    assert citation_relation(text, "The Google file system", ["Ghemawat"]) == CITES


def test_a_first_paragraph_naming_the_title_cites_it(extractor) -> None:
    (text,) = texts_of(extractor, "/batch.pdf", pdf(a_paper_citing_it_in_its_first_paragraph()))
    assert relations(text) == [(TITLE, CITES)]
    assert citation_relation(text, TITLE, ["Dean"]) == CITES


def test_a_thesis_title_page_listing_the_title_among_earlier_works_cites_it(extractor) -> None:
    (text,) = texts_of(extractor, "/thesis.pdf", pdf(a_thesis_listing_the_authors_earlier_works()))
    assert relations(text) == [(TITLE, CITES)]
    assert citation_relation(text, "Scalable Batch Processing", ["Dean"]) == SELF


def test_an_html_page_of_the_paper_is_self(extractor) -> None:
    page = (f"<html><head><title>{TITLE}</title></head><body><h1>{TITLE}</h1>"
            "<p>Jeffrey Dean, Sanjay Ghemawat</p><h2>Abstract</h2><p>MapReduce is a model.</p>"
            "</body></html>").encode()
    (text,) = texts_of(extractor, "/mapreduce.html", page)
    assert relations(text) == [(TITLE, SELF)]


def test_a_normalized_text_without_its_source_is_cites() -> None:
    text = "\n".join(the_paper_itself()[0])
    matcher = CitationMatcher([AuthorGroup(("Dean",), (TITLE,))], MatcherSettings())
    assert [c.relation for c in matcher.find(normalize_text(text), normalized=True)] == [CITES]
    assert [c.relation for c in matcher.find(normalize_text(text), normalized=True,
                                             source=text)] == [SELF]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["a", "title line", "\n", "\r\n", "\r", "\x0c", "\u2028",
                                 "x" * 5000, "y" * 40_000]), max_size=60),
       st.integers(0, 30))
def test_the_head_is_read_as_whole_lines_of_the_whole_text(pieces: list[str], count: int) -> None:
    # The head is split from a growing prefix of a long document: a cut inside "\r\n" or a
    # long line must change no line the head is made of.
    text = "".join(pieces)
    assert _first_lines(text, count) == text.splitlines()[:count]


HOMAGE = ("Typesetting Tables in Plain TeX\nAn homage to\nThe TeXbook\nJane Doe, after "
          "Donald Knuth\nAbstract\nWe typeset tables as The TeXbook taught us.\n1 Introduction\n"
          "Tables are hard to set well.\n")


def test_a_title_page_naming_a_work_its_bibliography_cites_is_no_self_hit() -> None:
    # The subtitle names the cited work and the byline a searched name, as a title page of the
    # work itself would; the reference list citing it shows that this paper is another one.
    doc = HOMAGE + ("References\n[1] D. E. Knuth. The TeXbook. Addison-Wesley, 1984.\n"
                    "[2] L. Lamport. LaTeX: a document preparation system. 1994.\n")
    [citation] = CitationMatcher([AuthorGroup(("Knuth",), ("The TeXbook",))],
                                 MatcherSettings()).find(doc)
    assert citation.relation == CITES
    assert normalize_text(doc)[citation.position - 13:citation.position] == "d. e. knuth. "


def test_the_works_own_title_page_with_a_bibliography_that_does_not_list_it_is_self() -> None:
    title = "Typesetting Tables with Plain TeX Macros"
    doc = (f"{title}\nDonald E. Knuth\nAbstract\nA manual of TeX.\n1 Introduction\nText.\n"
           "References\n[1] L. Lamport. LaTeX: a document preparation system. 1994.\n")
    [citation] = CitationMatcher([AuthorGroup(("Knuth",), (title,))],
                                 MatcherSettings()).find(doc)
    assert citation.relation == SELF


def test_the_works_running_header_on_its_reference_pages_keeps_it_self() -> None:
    title = "Typesetting Tables with Plain TeX Macros"
    doc = (f"{title}\nDonald E. Knuth\nAbstract\nA manual of TeX.\n1 Introduction\n"
           + f"{BODY}\n" * 6 + "References\n[1] L. Lamport. LaTeX: a document preparation "
           f"system. 1994.\n{title} 17\n"
           "[2] M. Goossens. The LaTeX companion. 1994.\n")
    [citation] = CitationMatcher([AuthorGroup(("Knuth",), (title,))],
                                 MatcherSettings()).find(doc)
    assert citation.relation == SELF


@pytest.mark.parametrize("first_entry", [
    "REFERENCES Knuth, D. E. The TeXbook. Addison-Wesley, 1984.",
    "Literatur D. E. Knuth. The TeXbook. Addison-Wesley, 1984.",
    "Bibliographie (1) Knuth, Donald E. The TeXbook. Addison-Wesley, 1984.",
])
def test_an_homage_citing_the_work_under_a_heading_on_its_first_entrys_line(
        first_entry: str) -> None:
    """The paper's subtitle names the cited work and its byline the work's author, as the
    work's own title page would; its reference list, whose heading shares a line with the
    first entry (text extracted from PDF, plain-text papers), cites the work: that entry is
    the citation. The paper's own title, searched for its own author, is its "self" hit."""
    own_title = "Typesetting Tables in Plain TeX: An homage to The TeXbook"
    doc = HOMAGE + f"{first_entry}\nLamport, L. LaTeX: a document preparation system. 1994.\n"
    matcher = CitationMatcher([AuthorGroup(("Knuth",), ("The TeXbook",)),
                               AuthorGroup(("Doe",), (own_title,))], MatcherSettings())
    cited, own = matcher.find(doc)
    assert (cited.publication, cited.relation) == ("The TeXbook", CITES)
    assert cited.position > normalize_text(doc).index(normalize_text(first_entry)[:12])
    assert (own.publication, own.relation) == (own_title, SELF)
