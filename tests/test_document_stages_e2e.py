"""Documents in a real crawl: PDF, PostScript, archives (nested), office files, hostile files.

Every fixture is generated here (PostScript written by the test, PDF made by Ghostscript, archives
by the standard library), served on 127.0.0.1 and crawled by the real ``scrapy crawl``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import docgen
from tests.support.crawl import run_crawl
from tests.support.servers import SiteServer, write_site

TITLE = "Retrieving citations on the web"
SEARCH = ("-a", "authors=Fiala", "-a", f"publications={TITLE}")


@pytest.fixture(scope="module")
def paper_pdf() -> bytes:
    return docgen.pdf(docgen.paper_pages("document formats"))


@pytest.fixture(scope="module")
def paper_ps() -> bytes:
    return docgen.postscript(docgen.paper_pages("postscript"))


def document_site(pdf: bytes, ps: bytes) -> dict[str, bytes]:
    member_page = docgen.html_page("A page inside an archive", ["linked-from-archive.html"])
    return {
        "a11.pdf": pdf,
        "b02.ps": ps,
        "a47.ps.gz": docgen.gzip_bytes(ps, name="a47.ps"),
        "g31.zip": docgen.zip_bytes({"g31.pdf": pdf}),
        "bundle.tar.gz": docgen.tar_bytes({"papers/c07.pdf": pdf, "site/index.html": member_page},
                                          compression="gz"),
        "nested.zip": docgen.zip_bytes({"inner.tar": docgen.tar_bytes({"deep/d01.ps": ps})}),
        "old.ps.Z": docgen.compress_lzw(ps),
        "notes.rtf": docgen.rtf([docgen.CITATION]),
        "notes.docx": docgen.docx(["Reading list", docgen.CITATION]),
        "linked-from-archive.html": docgen.html_page(f"Fiala, D.: {TITLE}. Found via an archive."),
        "bomb.zip": docgen.zip_bomb(),
        "bomb.ps.gz": docgen.gzip_bomb(),
        "broken.pdf": pdf[: len(pdf) // 3],
        "loop.ps": docgen.looping_postscript(),
        "unsafe.tar": docgen.hostile_tar("safe/ok.pdf", pdf),
    }


def test_citations_in_every_format_and_hostile_files_do_not_stop_the_crawl(
        tmp_path: Path, paper_pdf: bytes, paper_ps: bytes) -> None:
    files = document_site(paper_pdf, paper_ps)
    links = [name for name in files if name != "linked-from-archive.html"]
    files["index.html"] = docgen.html_page("Papers", links)
    job = tmp_path / "job"
    with SiteServer(write_site(tmp_path / "site", files)) as site:
        result = run_crawl(tmp_path / "run", *SEARCH, "-a", f"startpoints={site.base}/index.html",
                           settings={"JOBDIR": str(job), "CITESEEKER_PS_TIMEOUT": "5",
                                     "CITESEEKER_MAX_UNPACKED_BYTES": str(20 * 1024 * 1024)},
                           timeout=300)
    assert result.returncode == 0, result.output[-3000:]
    found = {(item["url"].rsplit("/", 1)[1], item["member"]) for item in result.items}
    # the same paper in several formats is one result; its other copies are in duplicates.log
    copies = [line.split("\t")[0] for line in result.log("duplicates").splitlines()[1:]]
    found |= {_archive_and_member(where, site.base) for where in copies}
    assert len(result.items) + len(copies) == 11
    assert found == {
        ("a11.pdf", ""), ("b02.ps", ""), ("a47.ps.gz", "a47.ps"), ("g31.zip", "g31.pdf"),
        ("bundle.tar.gz", "bundle.tar/papers/c07.pdf"), ("nested.zip", "inner.tar/deep/d01.ps"),
        ("old.ps.Z", "old.ps"), ("notes.rtf", ""), ("notes.docx", ""),
        ("linked-from-archive.html", ""), ("unsafe.tar", "safe/ok.pdf"),
    }
    reported = result.log("success") + result.log("duplicates")  # one of them holds each copy
    assert f"{site.base}/a47.ps.gz/a47.ps\t" in reported
    assert f"{site.base}/g31.zip/g31.pdf\t" in reported
    errors = result.log("errors").splitlines()[1:]
    for name in ("bomb.zip", "bomb.ps.gz", "broken.pdf", "loop.ps", "unsafe.tar"):
        assert any(line.startswith(f"{site.base}/{name}") and "\t" in line for line in errors), name
    assert all(line.count("\t") == 1 for line in errors)
    stats = result.stats()
    assert stats["citeseeker/archives/checked"] >= 7
    assert stats["citeseeker/extraction/pdf/files"] >= 4
    assert stats["citeseeker/extraction/ps/files"] >= 4
    assert stats["citeseeker/errors/extraction"] >= 5
    summary = result.log("summary")
    assert "Archives checked:\t" in summary and "Average PS extraction time:\t" in summary
    assert not (job / "tmp").exists()


def _archive_and_member(where: str, base: str) -> tuple[str, str]:
    """``base/g31.zip/g31.pdf`` -> ``("g31.zip", "g31.pdf")`` (the site is flat)."""
    name, _, member = where[len(base) + 1:].partition("/")
    return name, member
