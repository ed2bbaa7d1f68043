"""Every format yields the planted citation, under the member name the thesis uses (Appendix E)."""

from __future__ import annotations

import gzip
from collections.abc import Callable
from pathlib import Path

import pytest

from citeseeker_scrapy.extraction import (
    ArchiveChecked,
    DocumentExtractor,
    ExtractedPart,
    ExtractionLimits,
    ExtractionProblem,
)
from tests.support import docgen
from tests.support.extraction_fixtures import extractor_fixture


extractor = extractor_fixture(workers=2)


@pytest.fixture(scope="module")
def paper_ps() -> bytes:
    return docgen.postscript(docgen.paper_pages())


@pytest.fixture(scope="module")
def paper_pdf(paper_ps: bytes) -> bytes:
    return docgen.ghostscript_pdf(paper_ps)


def cites(part: ExtractedPart) -> bool:
    return docgen.CITATION_KEY in docgen.normalized(part.text)


def parts_by_member(events: list) -> dict[str, ExtractedPart]:
    return {event.member: event for event in events if isinstance(event, ExtractedPart)}


Builder = Callable[[bytes, bytes], bytes]

#: (URL path, document built from (pdf, ps), {member: kind} of the parts expected to cite).
FORMATS: list[tuple[str, Builder, dict[str, str]]] = [
    ("/papers/paper.pdf", lambda pdf, ps: pdf, {"": "pdf"}),
    ("/papers/paper.ps", lambda pdf, ps: ps, {"": "ps"}),
    ("/papers/figure.eps", lambda pdf, ps: ps, {"": "ps"}),
    ("/wscg/a47.ps.gz", lambda pdf, ps: docgen.gzip_bytes(ps, "a47.ps"), {"a47.ps": "ps"}),
    ("/wscg/a48.ps.gz", lambda pdf, ps: docgen.gzip_bytes(ps), {"a48.ps": "ps"}),
    ("/wscg/g31.zip", lambda pdf, ps: docgen.zip_bytes({"g31.pdf": pdf}), {"g31.pdf": "pdf"}),
    (
        "/pub/x.tar.gz",
        lambda pdf, ps: docgen.tar_bytes(
            {"dir/y.pdf": pdf, "dir/index.html": docgen.html_page(docgen.CITATION)}, "gz"
        ),
        {"x.tar/dir/y.pdf": "pdf", "x.tar/dir/index.html": "html"},
    ),
    ("/pub/x.tgz", lambda pdf, ps: docgen.tar_bytes({"y.pdf": pdf}, "gz"), {"x.tar/y.pdf": "pdf"}),
    (
        "/pub/outer.tar.gz",
        lambda pdf, ps: docgen.tar_bytes({"inner.zip": docgen.zip_bytes({"paper.pdf": pdf})}, "gz"),
        {"outer.tar/inner.zip/paper.pdf": "pdf"},
    ),
    ("/pub/plain.tar", lambda pdf, ps: docgen.tar_bytes({"a/b.ps": ps}), {"a/b.ps": "ps"}),
    ("/old/paper.ps.Z", lambda pdf, ps: docgen.compress_lzw(ps), {"paper.ps": "ps"}),
    (
        "/old/all.taz",
        lambda pdf, ps: docgen.compress_lzw(docgen.tar_bytes({"p.ps": ps})),
        {"all.tar/p.ps": "ps"},
    ),
    ("/doc/paper.rtf", lambda pdf, ps: docgen.rtf(["Intro", docgen.CITATION]), {"": "rtf"}),
    ("/doc/paper.docx", lambda pdf, ps: docgen.docx(["Intro", docgen.CITATION]), {"": "docx"}),
    ("/doc/talk.pptx", lambda pdf, ps: docgen.pptx(["Intro", docgen.CITATION]), {"": "pptx"}),
    ("/doc/paper.odt", lambda pdf, ps: docgen.odt(["Intro", docgen.CITATION]), {"": "odt"}),
    ("/doc/paper.doc", lambda pdf, ps: docgen.word97_doc(f"Intro\n{docgen.CITATION}"), {"": "doc"}),
    (
        "/doc/talk.ppt",
        lambda pdf, ps: docgen.powerpoint97_ppt(["Intro", docgen.CITATION]),
        {"": "ppt"},
    ),
    ("/doc/list.txt", lambda pdf, ps: docgen.CITATION.encode(), {"": "text"}),
    ("/index.php", lambda pdf, ps: docgen.html_page(docgen.CITATION), {"": "html"}),
    (
        "/pub/office.zip",
        lambda pdf, ps: docgen.zip_bytes(
            {"p.docx": docgen.docx([docgen.CITATION]), "r.rtf": docgen.rtf([docgen.CITATION])}
        ),
        {"p.docx": "docx", "r.rtf": "rtf"},
    ),
]


@pytest.mark.parametrize(("path", "build", "expected"), FORMATS, ids=[row[0] for row in FORMATS])
def test_citation_found_in_each_format(
    extractor: DocumentExtractor,
    paper_pdf: bytes,
    paper_ps: bytes,
    path: str,
    build: Builder,
    expected: dict[str, str],
) -> None:
    events = list(extractor.extract(path, build(paper_pdf, paper_ps)))
    assert not [event for event in events if isinstance(event, ExtractionProblem)]
    parts = parts_by_member(events)
    assert {member: part.kind for member, part in parts.items()} == expected
    assert all(cites(part) for part in parts.values()), [part.text for part in parts.values()]


def test_appendix_e_member_names_and_archive_statistics(
    extractor: DocumentExtractor, paper_pdf: bytes, paper_ps: bytes
) -> None:
    gz_events = list(
        extractor.extract("/diplomka/wscg/papers_2002/a47.ps.gz", gzip.compress(paper_ps))
    )
    zip_events = list(
        extractor.extract(
            "/diplomka/wscg/papers_2002/g31.zip", docgen.zip_bytes({"g31.pdf": paper_pdf})
        )
    )
    assert [event.member for event in gz_events] == ["a47.ps", ""]
    assert gz_events[-1] == ArchiveChecked(member="", kind="gz", members=1)
    assert [event.member for event in zip_events] == ["g31.pdf", ""]
    assert zip_events[-1] == ArchiveChecked(member="", kind="zip", members=1)


def test_nested_archives_are_each_counted(extractor: DocumentExtractor, paper_pdf: bytes) -> None:
    inner = docgen.zip_bytes({"paper.pdf": paper_pdf, "skip.bin": b"\x00\x01"})
    events = list(
        extractor.extract(
            "/outer.tar.gz", docgen.tar_bytes({"inner.zip": inner, "readme.txt": b"hi"}, "gz")
        )
    )
    archives = [event for event in events if isinstance(event, ArchiveChecked)]
    assert archives == [
        ArchiveChecked(member="outer.tar/inner.zip", kind="zip", members=2),
        ArchiveChecked(member="", kind="tar.gz", members=2),
    ]


def test_html_gives_links_and_base(extractor: DocumentExtractor) -> None:
    page = (
        b'<html><head><base href="http://example.org/pub/"></head>'
        b'<body><a href="a.pdf">A</a> x</body></html>'
    )
    (part,) = extractor.extract("/index.html", page)
    assert part.links == ("a.pdf",)
    assert part.base == "http://example.org/pub/"


def test_pdf_and_ps_are_leaves_without_links(
    extractor: DocumentExtractor, paper_pdf: bytes
) -> None:
    (part,) = extractor.extract("/paper.pdf", paper_pdf)
    assert part.links == ()
    assert part.size == len(paper_pdf)
    assert part.seconds > 0


@pytest.mark.parametrize(
    ("body", "content_type", "encoding", "expected"),
    [
        ("Fiala: Vyhledávání".encode("cp1252"), None, None, "Fiala: Vyhledávání"),
        ("Fiala: Vyhledávání".encode(), None, None, "Fiala: Vyhledávání"),
        ("Fiala: Vyhledávání".encode("utf-16"), None, None, "Fiala: Vyhledávání"),
        (
            "Fiala: Vyhledávání".encode("iso-8859-2"),
            "text/plain; charset=iso-8859-2",
            None,
            "Fiala: Vyhledávání",
        ),
        ("Fiala: Vyhledávání".encode("iso-8859-2"), None, "iso-8859-2", "Fiala: Vyhledávání"),
    ],
)
def test_text_encodings(
    extractor: DocumentExtractor,
    body: bytes,
    content_type: str | None,
    encoding: str | None,
    expected: str,
) -> None:
    (part,) = extractor.extract("/notes.txt", body, content_type, encoding)
    assert part.text == expected


def test_html_meta_charset_and_cp1252_fallback(extractor: DocumentExtractor) -> None:
    declared = '<html><head><meta charset="iso-8859-2"></head><body>Žluťoučký kůň</body></html>'
    undeclared = "<html><body>café \u2013 Fiala</body></html>"
    (meta_part,) = extractor.extract("/a.html", declared.encode("iso-8859-2"))
    (fallback_part,) = extractor.extract("/b.html", undeclared.encode("cp1252"))
    assert "Žluťoučký kůň" in meta_part.text
    assert "café \u2013 Fiala" in fallback_part.text


def test_truncated_gzip_keeps_the_text_before_the_damage(extractor: DocumentExtractor) -> None:
    filler = [
        f"line {n} of a long first page with words to compress poorly {n * 7919}" for n in range(60)
    ]
    ps = docgen.postscript([[docgen.CITATION, *filler]] + [filler] * 30)
    packed = docgen.gzip_bytes(ps, "long.ps")
    events = list(extractor.extract("/long.ps.gz", packed[: len(packed) * 2 // 3]))
    problems = [event for event in events if isinstance(event, ExtractionProblem)]
    parts = parts_by_member(events)
    assert (
        len(problems) == 1
        and "searching the" in problems[0].reason
        and problems[0].member == "long.ps"
    )
    assert cites(parts["long.ps"])


def test_postscript_error_keeps_the_pages_before_it(extractor: DocumentExtractor) -> None:
    pages = [[docgen.CITATION], ["second page"], ["third page"]]
    part, problem = extractor.extract("/p.ps", docgen.postscript_with_error(pages))
    assert cites(part) and "second page" in part.text and "third page" not in part.text
    assert problem == ExtractionProblem(
        member="",
        kind="ps",
        reason="ghostscript failed: Error: /undefined in no_such_operator; "
        "text of the pages before it kept",
    )


def test_unknown_documents_yield_nothing(extractor: DocumentExtractor) -> None:
    assert (
        list(extractor.extract("/logo.png", b"\x89PNG\r\n\x1a\n" + b"\0" * 100, "image/png")) == []
    )


def test_unknown_archive_members_are_skipped_silently(extractor: DocumentExtractor) -> None:
    events = list(
        extractor.extract("/a.zip", docgen.zip_bytes({"logo.png": b"\x89PNG", "a.txt": b"text"}))
    )
    assert [type(event) for event in events] == [ExtractedPart, ArchiveChecked]
    assert events[-1].members == 2


def test_workdir_is_created(tmp_path: Path) -> None:
    workdir = tmp_path / "new" / "work"
    with DocumentExtractor(ExtractionLimits(), workdir, workers=1):
        assert workdir.is_dir()


def test_compressed_file_we_cannot_read_costs_a_sniff_not_an_unpack(
    extractor: DocumentExtractor,
) -> None:
    """A .tex.gz (TeX Live's docs ship hundreds) is recognised from its first bytes and left
    packed: a 1000:1 bomb of TeX source, refused when unpacked, passes quietly."""
    bomb = gzip.compress(b"%!TEX program = lualatex\n" + b"\\relax\n" * 3_000_000)
    assert list(extractor.extract("/doc/manual.tex.gz", bomb)) == [
        ArchiveChecked(member="", kind="gz", members=1)
    ]
    readable = gzip.compress(b"plain words\n" + b"\\relax\n" * 3_000_000)
    events = list(extractor.extract("/doc/notes.txt.gz", readable))
    assert any(isinstance(event, ExtractionProblem) for event in events)
