"""The citing work: meta tags, PDF metadata and the first page, merged by trust."""

from __future__ import annotations

import json

import pytest

from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.document.stages import identify_work
from citeseeker_scrapy.extraction.html import parse_html
from citeseeker_scrapy.extraction.pdf import pdf_text
from citeseeker_scrapy.works.fields import clean_title, person_names, year_of
from citeseeker_scrapy.works.pdf_meta import info_candidate, pdf_candidates, xmp_candidate
from citeseeker_scrapy.works.work import merged_work
from tests.support.docgen import ghostscript_pdf, pdf_file, ps_string

HIGHWIRE = """<html><head><title>Record 17 | Lab repository</title>
<meta name="citation_title" content="Retrieving Citations on the Web">
<meta name="citation_author" content="Fiala, Dalibor">
<meta name="citation_author" content="Karel Ježek">
<meta name="citation_publication_date" content="2003/02/03">
<meta name="citation_conference_title" content="WSCG 2003">
<meta name="citation_doi" content="10.1000/XYZ.123">
<meta name="citation_pdf_url" content="https://repo.example/17/paper.pdf">
<meta name="DC.title" content="Another title">
</head><body><h1>Retrieving Citations on the Web</h1></body></html>"""


def page_work(html: str) -> dict:
    meta = parse_html(html).meta
    return merged_work(meta["candidates"] if meta else [])


def test_highwire_tags_give_the_whole_work_and_the_pdf_url() -> None:
    meta = parse_html(HIGHWIRE).meta
    work = merged_work(meta["candidates"])
    assert work["title"] == "Retrieving Citations on the Web"
    assert work["authors"] == ["Dalibor Fiala", "Karel Ježek"]
    assert (work["year"], work["venue"], work["doi"]) == (2003, "WSCG 2003", "10.1000/xyz.123")
    assert set(work["source"].values()) == {"highwire"}
    assert meta["pdf_url"] == "https://repo.example/17/paper.pdf"


def test_dublin_core_then_json_ld_then_the_heading() -> None:
    dublin = ('<html><head><meta name="DC.title" content="A Dublin Core Title">'
              '<meta name="DC.creator" content="Smith, John"><meta name="dcterms.issued" '
              'content="1999-05"></head><body></body></html>')
    assert page_work(dublin)["authors"] == ["John Smith"]
    assert page_work(dublin)["source"] == {"title": "dc", "authors": "dc", "year": "dc"}
    ld = {"@context": "https://schema.org", "@graph": [
        {"@type": "WebSite", "name": "Lab"},
        {"@type": "ScholarlyArticle", "headline": "Graph Walks for Citations",
         "author": [{"@type": "Person", "givenName": "Ana", "familyName": "Lopes"},
                    {"@type": "Person", "name": "Bo Chen"}],
         "datePublished": "2021-04-01", "isPartOf": {"name": "J. Graphs"},
         "sameAs": "https://doi.org/10.5555/abc"}]}
    html = (f'<html><head><title>Lab - Graph Walks for Citations</title></head><body>'
            f'<script type="application/ld+json">{json.dumps(ld)}</script>'
            f'<h1>Graph Walks for Citations</h1></body></html>')
    work = page_work(html)
    assert work["authors"] == ["Ana Lopes", "Bo Chen"]
    assert (work["year"], work["venue"], work["doi"]) == (2021, "J. Graphs", "10.5555/abc")
    assert work["source"]["title"] == "jsonld"
    tagged = page_work('<html><head><title>Lab | Notes on Graphs</title><meta name="DC.type" '
                       'content="Text"></head><body><h1>Notes on Graphs</h1></body></html>')
    assert (tagged["title"], tagged["source"]) == ("Notes on Graphs", {"title": "html-title"})


def test_a_page_without_scholarly_metadata_is_told_by_its_title() -> None:
    page = parse_html("<html><head><title>Lab | Notes on Graphs</title></head><body>"
                      "<h1>Notes on Graphs</h1><p>Jana Novak</p><p>(c) 2004</p></body></html>")
    assert page.meta is None  # nothing looked at but <meta> and the scripts
    item = citing_item([{"member": "", "kind": "html", "text": page.text, "meta": None,
                         "cites": 1}])
    identify_work(item)
    assert item.work == {"title": "Lab | Notes on Graphs", "authors": [], "year": None,
                         "venue": None, "doi": None, "arxiv": None,
                         "source": {"title": "html-title"}}


def test_broken_meta_never_breaks_the_page() -> None:
    html = ('<html><head><meta name="citation_title" content="doc1.docx">'
            '<meta name="citation_author" content="admin"></head><body>'
            '<script type="application/ld+json">{not json</script><p>Text</p></body></html>')
    page = parse_html(html)
    assert "Text" in page.text
    assert page.meta is None


@pytest.mark.parametrize("raw", ["Microsoft Word - draft3.doc", "untitled", "paper.dvi",
                                 "Proceedings of the 45th Annual Meeting", "AI Magazine",
                                 "6489122611071476 1..10", "doi:", ""])
def test_implausible_titles_are_dropped(raw: str) -> None:
    assert clean_title(raw) is None


@pytest.mark.parametrize("raw,names", [
    (["Georgiana Dinu ; Marco Baroni"], ["Georgiana Dinu", "Marco Baroni"]),
    (["Alekh Agarwal, Sahand Negahban, Martin J. Wainwright"],
     ["Alekh Agarwal", "Sahand Negahban", "Martin J. Wainwright"]),
    (["Zoltan Gyongyi, Hector Garcia-Molina (Stanford Univ.)"],
     ["Zoltan Gyongyi", "Hector Garcia-Molina"]),
    (["Smith, John; Doe, Jane"], ["John Smith", "Jane Doe"]),
    (["Maria Garcia, Wei Zhang"], ["Maria Garcia", "Wei Zhang"]),
    (["chrisq"], []), (["antons.jan-niklas"], []), (["IEEE"], []),
    (["Association for Computational Linguistics"], []), (["Nuala E. Tully {et al.}"], []),
])
def test_author_fields(raw: list[str], names: list[str]) -> None:
    assert person_names(raw) == names


def test_years() -> None:
    assert [year_of(v) for v in ("D:20070501120000Z", "May 2007", "2003/02/03", "3000", None)] \
        == [2007, 2007, 2003, None, None]


XMP = b"""<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"
 xmlns:prism="http://prismstandard.org/namespaces/basic/2.0/" prism:doi="10.1234/ABC.5">
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Sparse Walks in Citation Graphs</rdf:li></rdf:Alt></dc:title>
<dc:creator><rdf:Seq><rdf:li>Maria Garcia</rdf:li><rdf:li>Wei Zhang</rdf:li></rdf:Seq></dc:creator>
<prism:publicationName>Journal of Graphs</prism:publicationName>
<prism:coverDate>2019-03-01</prism:coverDate>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>"""


def test_xmp_packet() -> None:
    work = merged_work([xmp_candidate(b"%PDF-1.4 junk " + XMP + b" more")])
    assert work["title"] == "Sparse Walks in Citation Graphs"
    assert work["authors"] == ["Maria Garcia", "Wei Zhang"]
    assert (work["year"], work["venue"], work["doi"]) == (2019, "Journal of Graphs",
                                                          "10.1234/abc.5")
    assert xmp_candidate(b"%PDF-1.4 <x:xmpmeta broken") is None


def test_information_dictionary_counts_only_what_page_one_prints() -> None:
    page = "Sparse Walks in Citation Graphs\nMaria Garcia and Wei Zhang\nAbstract ..."
    good = info_candidate({"Title": "Sparse Walks in Citation Graphs",
                           "Author": "Maria Garcia, Wei Zhang"}, page)
    assert good["title"] and good["authors"] == ["Maria Garcia", "Wei Zhang"]
    assert info_candidate({"Title": "Microsoft Word - draft3.doc", "Author": "chrisq"}, page) \
        is None
    assert info_candidate({"Title": "A Title Not On The Page", "Author": "Ann Other"},
                          page + " words" * 50) is None


def typeset_first_page(title: list[str], authors: str, extra: list[str],
                       docinfo: str = "") -> bytes:
    """A paper's page 1 as a typesetter sets it: a 17 pt title (one or more lines), 12 pt
    authors, a 9 pt affiliation and venue line, then 10 pt two-column text."""
    out = ["%!PS-Adobe-3.0", "%%Title: paper.dvi", "%%Pages: 1", "%%EndComments", docinfo,
           "%%Page: 1 1", "/Times-Bold findfont 17 scalefont setfont"]
    out += [f"90 {720 - 20 * i} moveto {ps_string(line)} show" for i, line in enumerate(title)]
    top = 720 - 20 * len(title) - 10
    out += ["/Times-Roman findfont 12 scalefont setfont",
            f"150 {top} moveto {ps_string(authors)} show",
            "/Times-Roman findfont 9 scalefont setfont"]
    out += [f"150 {top - 14 - 11 * i} moveto {ps_string(line)} show"
            for i, line in enumerate(extra)]
    out += ["/Times-Roman findfont 10 scalefont setfont", f"72 {top - 80} moveto (Abstract) show"]
    body = "We study how citations are found on the web and report what we measured there."
    for row in range(30):
        out += [f"{x} {top - 100 - 12 * row} moveto {ps_string(body[:44])} show" for x in (72, 320)]
    out += ["showpage", "%%EOF"]
    return ("\n".join(out) + "\n").encode("latin-1")


def pdf_work(data: bytes) -> dict:
    """The work of a PDF as the crawl tells it: its worker's reading, judged."""
    header, text = pdf_text(data, work=True)
    return merged_work(pdf_candidates(header["work"], text))


def test_first_page_of_a_pdf_without_metadata() -> None:
    data = ghostscript_pdf(typeset_first_page(
        ["Finding Citations of Papers", "in the Grey Literature"],
        "Jana Novak, Petr Dvorak and Hana Svobodova",
        ["University of West Bohemia, Plzen", "Proc. of WSCG 2004. Copyright 2004 UNION",
         "doi:10.1111/wscg.2004.17"]))
    work = pdf_work(data)
    assert work["title"] == "Finding Citations of Papers in the Grey Literature"
    assert work["authors"] == ["Jana Novak", "Petr Dvorak", "Hana Svobodova"]
    assert (work["year"], work["doi"]) == (2004, "10.1111/wscg.2004.17")
    assert work["source"]["title"] == "first-page"
    assert "work" not in pdf_text(data)[0]  # asked for only


@pytest.mark.parametrize("title,author,source", [
    ("Finding Citations", "Jana Novak", "xmp"),  # Ghostscript writes XMP from DOCINFO
    ("Template Title Left In Word", "Jana Novak", "first-page"),  # page 1 does not print it
])
def test_pdf_metadata_wins_over_the_layout_only_when_page_one_prints_it(
        title: str, author: str, source: str) -> None:
    docinfo = f"[ /Title {ps_string(title)} /Author {ps_string(author)} /DOCINFO pdfmark"
    data = ghostscript_pdf(typeset_first_page(["Finding Citations"], "Jana Novak",
                                              ["arXiv:2101.01234v2 [cs.DL] 3 Jan 2021"],
                                              docinfo))
    work = pdf_work(data)
    assert work["title"] == "Finding Citations" and work["source"]["title"] == source
    assert work["authors"] == ["Jana Novak"]
    assert (work["arxiv"], work["year"]) == ("2101.01234", 2021)


def test_xmp_in_a_real_pdf() -> None:
    objects = [b"<< /Type /Catalog /Pages 2 0 R /Metadata 4 0 R >>",
               b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << >> >>",
               b"<< /Type /Metadata /Subtype /XML /Length %d >>\nstream\n" % len(XMP) + XMP
               + b"\nendstream"]
    work = pdf_work(pdf_file(objects))
    assert work["title"] == "Sparse Walks in Citation Graphs"
    assert work["source"]["title"] == "xmp"


def citing_item(parts: list[dict]) -> DocumentItem:
    item = DocumentItem(url="http://127.0.0.1/a.zip", body=None)
    item.parts = parts
    item.citations = [{"member": part["member"]} for part in parts if part.get("cites")]
    return item


def test_an_archive_gets_its_first_citing_members_work_and_bad_meta_is_a_problem() -> None:
    html = parse_html(HIGHWIRE)
    item = citing_item([
        {"member": "a.txt", "kind": "text", "text": "Unrelated Notes\n", "meta": None},
        {"member": "b.html", "kind": "html", "text": html.text, "meta": html.meta, "cites": 1},
    ])
    identify_work(item)
    assert item.work["title"] == "Retrieving Citations on the Web"
    broken = citing_item([{"member": "", "kind": "pdf", "text": "x", "cites": 1,
                           "meta": {"candidates": "not a list of candidates"}}])
    identify_work(broken)
    assert broken.work["title"] is None
    assert broken.problems and "work metadata" in broken.problems[0]["reason"]


def test_office_text_gets_its_work_from_the_head_of_its_text() -> None:
    item = citing_item([{"member": "", "kind": "doc", "meta": None, "cites": 1,
                         "text": "Citation Indexing on the Web\nJana Novak and Petr Dvorak\n"
                                 "Abstract\nWe study ... (c) 2005 the authors"}])
    identify_work(item)
    assert (item.work["title"], item.work["authors"], item.work["year"]) == (
        "Citation Indexing on the Web", ["Jana Novak", "Petr Dvorak"], 2005)
    assert item.work["source"]["title"] == "text-head"


@pytest.mark.parametrize("line,names", [
    ("Ed Chang and Avideh Zakhor, Member, IEEE", ["Ed Chang", "Avideh Zakhor"]),
    ("Kyle Lo†∗ Lucy Lu Wang†∗ Mark Neumann†", ["Kyle Lo", "Lucy Lu Wang", "Mark Neumann"]),
    ("Ross G. DOUGLAS∗1, Rajni K. SHARMA†1", ["Ross G. DOUGLAS", "Rajni K. SHARMA"]),
    ("CHEN SCHMIDT-LANGE AND AMARA PETROV", ["CHEN SCHMIDT-LANGE", "AMARA PETROV"]),
    ("Hiroshi J. van der Berg1", ["Hiroshi J. van der Berg"]),
    ("Muhammad Atif Iqbal   Dr. Saeed Murtaza", ["Muhammad Atif Iqbal", "Saeed Murtaza"]),
    ("Department of Computer Science, ETH Zurich", []),
    ("Institut Télécom; Télécom ParisTech; CNRS LTCI", []),
    ("Redmond WA 98052", []),
])
def test_one_author_line(line: str, names: list[str]) -> None:
    from citeseeker_scrapy.works.first_page import names_of_line

    assert names_of_line(line) == names


def test_tex_accents_are_put_on_their_letters() -> None:
    from citeseeker_scrapy.works.page_layout import accents_composed

    assert accents_composed("Jiˇr´ı Dvoˇr´ak, Pierre-Franc¸ois") == "Jiří Dvořák, Pierre-François"


@pytest.mark.parametrize("lines,year", [
    ([("Proceedings of the 30th VLDB Conference,", False), ("Toronto, Canada, 2004", False)],
     2004),
    ([("Accepted 2012 March 3. Received 2011 December 1", False),
      ("MNRAS 000, 1-10 (2012) Preprint 28 November 2026", False)], 2012),
    ([("978-1-6654-1234-1/11/$31.00 ©2011 IEEE", False), ("In 2019 we ...", False)], 2011),
    ([("as Smith and Lee showed in 2011", False)], None),
    ([("Journal header 2009 page 1", True)], 2009),
])
def test_the_printed_year_is_the_best_placed_one(lines: list, year: int | None) -> None:
    from citeseeker_scrapy.works.first_page import printed_year

    assert printed_year(lines) == year


def test_a_scan_and_a_failing_layout_reader_cost_no_text(monkeypatch) -> None:
    from citeseeker_scrapy.works import page_layout

    scan = pdf_file([b"<< /Type /Catalog /Pages 2 0 R >>",
                     b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                     b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"])
    header, text = pdf_text(scan, work=True)  # no text on page 1: nothing to tell, no error
    assert header["work"] == {"xmp": None, "info": {}, "lines": [], "page_chars": 0}
    assert pdf_candidates(header["work"], text) == []

    def broken(*args):
        raise ValueError("a layout PDFium cannot give")

    monkeypatch.setattr(page_layout, "page_lines", broken)
    data = ghostscript_pdf(typeset_first_page(["Finding Citations"], "Jana Novak", []))
    header, text = pdf_text(data, work=True)
    assert "Finding Citations" in text and "layout PDFium" in header["work"]["error"]
    item = citing_item([{"member": "", "kind": "pdf", "text": text, "meta": header["work"],
                         "cites": 1}])
    identify_work(item)
    assert "work metadata unreadable" in item.problems[0]["reason"]
