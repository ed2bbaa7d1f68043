"""Hostile and broken files: each gives one clear problem, the rest is still extracted, nothing
is written outside the work directory and no converter process outlives its timeout."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from citeseeker_scrapy.extraction.processes.ghostscript import GhostscriptServer
from citeseeker_scrapy.extraction.streams import READ_CHUNK_BYTES
from citeseeker_scrapy.extraction import (
    ArchiveChecked,
    DocumentExtractor,
    ExtractedPart,
    ExtractionLimits,
    ExtractionProblem,
    postscript,
)
from tests.support import docgen
from tests.support.extraction_fixtures import extractor_fixture


extractor = extractor_fixture(ExtractionLimits(ps_timeout=1.0), workers=2)


def problems(events: list) -> list[ExtractionProblem]:
    return [event for event in events if isinstance(event, ExtractionProblem)]


def citing_members(events: list) -> list[str]:
    return [
        event.member
        for event in events
        if isinstance(event, ExtractedPart) and docgen.CITATION_KEY in docgen.normalized(event.text)
    ]


def assert_one_line(problem: ExtractionProblem) -> None:
    assert problem.reason and not any(char in problem.reason for char in "\t\r\n")


def test_zip_bomb_is_refused_and_the_other_members_extracted(
    extractor: DocumentExtractor, paper_pdf: bytes
) -> None:
    bomb = docgen.zip_bomb(50 * 1024 * 1024)
    archive = docgen.zip_bytes({"bomb.zip": bomb, "good.pdf": paper_pdf})
    events = list(extractor.extract("/a.zip", archive))
    (problem,) = problems(events)
    assert problem.member == "bomb.zip/bomb.txt" and problem.kind == "zip"
    assert problem.reason.startswith("zip bomb: compression ratio ") and problem.reason.endswith(
        " > 200"
    )
    assert citing_members(events) == ["good.pdf"]


def test_gzip_bomb_is_stopped_early(extractor: DocumentExtractor, paper_pdf: bytes) -> None:
    """Early: once the bytes unpacked pass the ratio limit, within one read of the
    decompressor. The problem's ratio is the bytes unpacked when the reader stopped over the
    bytes packed, so it counts the work done; a reader that unpacked the whole 100 MiB before
    it checked would say ~1000. Bytes, not seconds: a loaded machine stretches the time the
    same work takes, and unpacking 100 MiB of zeros is quick anyway."""
    max_ratio = ExtractionLimits().max_compression_ratio
    bomb = docgen.gzip_bomb(100 * 1024 * 1024)
    lying = bomb[:-4] + struct.pack("<I", 1000)  # the ISIZE trailer claims 1000 bytes
    for body in (bomb, lying):
        events = list(extractor.extract("/x/bomb.ps.gz", body))
        (problem,) = problems(events)
        assert problem.member == "bomb.ps" and problem.reason.startswith(
            "gzip bomb: compression ratio "
        )
        assert events[-1] == ArchiveChecked(member="", kind="gz", members=1)
        one_read_more = READ_CHUNK_BYTES / len(body)
        assert max_ratio < stopped_at_ratio(problem) <= max_ratio + one_read_more + 1, problem


def stopped_at_ratio(problem: ExtractionProblem) -> float:
    """The ratio a bomb's problem reports ("... compression ratio 206 > 200"): bytes unpacked
    when the reader stopped, over the packed size (rounded to a whole number)."""
    return float(problem.reason.split("compression ratio ")[1].split(" > ")[0])


def test_gzip_bomb_inside_a_zip(extractor: DocumentExtractor, paper_pdf: bytes) -> None:
    archive = docgen.zip_bytes(
        [("a.ps.gz", docgen.gzip_bomb(20 * 1024 * 1024)), ("b.pdf", paper_pdf)]
    )
    events = list(extractor.extract("/pub/both.zip", archive))
    assert [(p.member, p.kind) for p in problems(events)] == [("a.ps.gz/bomb.ps", "gz")]
    assert citing_members(events) == ["b.pdf"]


def test_unpacked_size_limit_per_document(tmp_path: Path) -> None:
    members = {f"m{n}.txt": os.urandom(400_000).hex().encode()[:400_000] for n in range(5)}
    members["m1.txt"] = docgen.CITATION.encode() + members["m1.txt"]
    limits = ExtractionLimits(max_unpacked_bytes=1_000_000)
    with DocumentExtractor(limits, tmp_path, workers=1) as extractor:
        events = list(extractor.extract("/big.zip", docgen.zip_bytes(members)))
    parts = [event.member for event in events if isinstance(event, ExtractedPart)]
    assert parts == ["m0.txt", "m1.txt"]
    assert citing_members(events) == ["m1.txt"]
    assert all("over the unpacked size limit" in p.reason for p in problems(events))
    assert [p.member for p in problems(events)] == ["m2.txt", "m3.txt", "m4.txt"]


def test_member_count_limit(tmp_path: Path) -> None:
    archive = docgen.zip_bytes({f"p{n}.html": docgen.html_page(f"page {n}") for n in range(5)})
    with DocumentExtractor(
        ExtractionLimits(max_archive_members=3), tmp_path, workers=1
    ) as extractor:
        events = list(extractor.extract("/many.zip", archive))
    assert [e.member for e in events if isinstance(e, ExtractedPart)] == [
        "p0.html",
        "p1.html",
        "p2.html",
    ]
    (problem,) = problems(events)
    assert problem.member == "" and problem.reason.startswith("too many members: 5 > 3")


def test_member_count_limit_in_a_tar_stream(tmp_path: Path) -> None:
    archive = docgen.tar_bytes({f"p{n}.txt": b"x" for n in range(5)}, "gz")
    with DocumentExtractor(
        ExtractionLimits(max_archive_members=3), tmp_path, workers=1
    ) as extractor:
        events = list(extractor.extract("/many.tar.gz", archive))
    assert len([e for e in events if isinstance(e, ExtractedPart)]) == 3
    assert problems(events)[0].reason.startswith("too many members: over 4 > 3")


def test_nesting_depth_limit(extractor: DocumentExtractor) -> None:
    archive = docgen.nested_zips(4, "deep.html", docgen.html_page(docgen.CITATION))
    events = list(extractor.extract("/level1.zip", archive))
    (problem,) = problems(events)
    assert problem.member == "level2.zip/level3.zip/level4.zip"
    assert problem.reason == "archive nested deeper than 3 levels"
    pages = [e.member for e in events if isinstance(e, ExtractedPart)]
    assert pages == ["level2.zip/level3.zip/page3.html", "level2.zip/page2.html", "page1.html"]


def test_hostile_tar_entries_are_refused_one_by_one(
    extractor: DocumentExtractor, paper_pdf: bytes
) -> None:
    events = list(extractor.extract("/evil.tar", docgen.hostile_tar("ok.pdf", paper_pdf)))
    reasons = {p.member: p.reason for p in problems(events)}
    assert reasons == {
        "../../escape.html": "unsafe member path (absolute or '..')",
        "/etc/evil.txt": "unsafe member path (absolute or '..')",
        "link.pdf": "link member skipped (-> /etc/passwd)",
        "hard.pdf": "link member skipped (-> ok.pdf)",
        "dev/sda": "special file member skipped (device or FIFO)",
        "dev/tty": "special file member skipped (device or FIFO)",
        "pipe": "special file member skipped (device or FIFO)",
    }
    assert citing_members(events) == ["ok.pdf"]
    assert events[-1] == ArchiveChecked(member="", kind="tar", members=8)


def test_hostile_zip_entries_are_refused(extractor: DocumentExtractor, paper_pdf: bytes) -> None:
    events = list(extractor.extract("/evil.zip", docgen.unsafe_zip("ok.pdf", paper_pdf)))
    reasons = {p.member: p.reason for p in problems(events)}
    assert reasons == {
        "../../escape.html": "unsafe member path (absolute or '..')",
        "/tmp/absolute.txt": "unsafe member path (absolute or '..')",
        "link.pdf": "symbolic link member skipped",
    }
    assert citing_members(events) == ["ok.pdf"]


@pytest.mark.parametrize(
    ("path", "cut", "reason_start"),
    [
        ("/broken.pdf", lambda pdf: pdf[: len(pdf) // 2], "unreadable PDF (pdfium: "),
        ("/garbage.pdf", lambda pdf: b"%PDF-1.4\n" + b"garbage " * 500, "unreadable PDF (pdfium: "),
        ("/broken.zip", lambda pdf: b"PK\x03\x04" + b"\x00" * 200, "corrupt zip: "),
        ("/broken.gz", lambda pdf: b"\x1f\x8b\x08\x00" + b"\xff" * 200, "corrupt gzip: "),
        ("/broken.Z", lambda pdf: b"\x1f\x9d\x90" + bytes(range(256)) * 4, "corrupt .Z data"),
        ("/broken.tar", lambda pdf: b"\x00" * 100 + b"ustar" + b"\x07" * 600, "corrupt tar: "),
        (
            "/bad.ps",
            lambda pdf: b"%!PS\nno_such_operator\n",
            "ghostscript failed: Error: /undefined in no_such_operator",
        ),
        ("/bad.doc", lambda pdf: docgen.ole2({"Other": b"x"}), "catdoc failed (exit "),
    ],
)
def test_corrupt_files_give_one_problem(
    extractor: DocumentExtractor, paper_pdf: bytes, path: str, cut, reason_start: str
) -> None:
    (problem, *_) = problems(list(extractor.extract(path, cut(paper_pdf))))
    assert problem.reason.startswith(reason_start), problem.reason
    assert_one_line(problem)


def test_corrupt_pdf_in_an_archive_does_not_stop_the_others(
    extractor: DocumentExtractor, paper_pdf: bytes
) -> None:
    archive = docgen.tar_bytes({"a.pdf": paper_pdf[:300], "b.pdf": paper_pdf}, "gz")
    events = list(extractor.extract("/p.tgz", archive))
    assert [(p.member, p.kind) for p in problems(events)] == [("p.tar/a.pdf", "pdf")]
    assert citing_members(events) == ["p.tar/b.pdf"]


def ghostscript_processes(marker: str) -> list[int]:
    """Live processes whose command line mentions ``marker`` (our scratch directory)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if marker in cmdline and " -dSAFER " in cmdline:
            found.append(int(entry.name))
    return found


@pytest.mark.alone
def test_looping_postscript_is_killed_at_the_timeout(tmp_path: Path) -> None:
    limits = ExtractionLimits(ps_timeout=1.0)
    with DocumentExtractor(limits, tmp_path, workers=1) as extractor:
        started = time.monotonic()
        events = list(extractor.extract("/loop.ps", docgen.looping_postscript()))
        elapsed = time.monotonic() - started
        assert ghostscript_processes(str(tmp_path)) == []
    assert events == [
        ExtractionProblem(member="", kind="ps", reason="ghostscript timed out after 1 s")
    ]
    assert 1.0 <= elapsed < 3.0


@pytest.mark.alone
def test_slow_figure_is_stopped_at_its_cpu_budget_and_the_archive_read_on(
    tmp_path: Path, paper_pdf: bytes
) -> None:
    """One declared page: 1 CPU second (CITESEEKER_PS_CPU_PER_PAGE 1.0), far below the 30 s
    timeout; the paper beside it in the archive is still read."""
    archive = docgen.zip_bytes({"plot.eps": docgen.slow_figure_postscript(), "ok.pdf": paper_pdf})
    limits = ExtractionLimits(ps_timeout=30.0, ps_cpu_per_page=1.0)
    with DocumentExtractor(limits, tmp_path, workers=1) as extractor:
        started = time.monotonic()
        events = list(extractor.extract("/figures.zip", archive))
        elapsed = time.monotonic() - started
        assert ghostscript_processes(str(tmp_path)) == []
    assert [(p.member, p.reason) for p in problems(events)] == [
        ("plot.eps", "ghostscript stopped at its CPU budget of 1 s (1 page declared)")
    ]
    assert citing_members(events) == ["ok.pdf"]
    assert elapsed < 20.0


def test_a_paper_that_declares_its_pages_is_read_within_its_budget(tmp_path: Path) -> None:
    """The budget costs a normal paper nothing: 2 pages, 2 CPU seconds, ~0.1 s needed."""
    ps = docgen.postscript(docgen.paper_pages())
    assert postscript.cpu_budget(ps, 1.0, 60.0) == 2
    with DocumentExtractor(ExtractionLimits(ps_cpu_per_page=1.0), tmp_path, workers=1) as extractor:
        events = list(extractor.extract("/paper.ps", ps))
    assert problems(events) == [] and citing_members(events) == [""]


def test_looping_postscript_in_an_archive(extractor: DocumentExtractor, paper_pdf: bytes) -> None:
    archive = docgen.zip_bytes({"loop.ps": docgen.looping_postscript(), "ok.pdf": paper_pdf})
    events = list(extractor.extract("/both.zip", archive))
    assert [(p.member, p.reason) for p in problems(events)] == [
        ("loop.ps", "ghostscript timed out after 1 s")
    ]
    assert citing_members(events) == ["ok.pdf"]


def test_nothing_is_written_outside_the_workdir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, paper_pdf: bytes
) -> None:
    cwd, tmp_root, workdir = tmp_path / "cwd", tmp_path / "tmp", tmp_path / "work"
    for directory in (cwd, tmp_root):
        directory.mkdir()
    monkeypatch.chdir(cwd)
    for variable in ("TMPDIR", "TEMP", "TMP"):
        monkeypatch.setenv(variable, str(tmp_root))
    monkeypatch.setattr(tempfile, "tempdir", None)  # tempfile re-reads TMPDIR
    ps = docgen.postscript(docgen.paper_pages())
    documents = {
        "/a.ps.gz": docgen.gzip_bytes(ps, "a.ps"),
        "/b.tar.gz": docgen.tar_bytes(
            {"x.pdf": paper_pdf, "y.doc": docgen.word97_doc(docgen.CITATION)}, "gz"
        ),
        "/c.ppt": docgen.powerpoint97_ppt([docgen.CITATION]),
        "/d.rtf": docgen.rtf([docgen.CITATION]),
        "/evil.tar": docgen.hostile_tar("ok.pdf", paper_pdf),
        "/evil.zip": docgen.unsafe_zip("ok.pdf", paper_pdf),
        "/loop.ps": docgen.looping_postscript(),
    }
    spawned = record_children(monkeypatch)
    with DocumentExtractor(ExtractionLimits(ps_timeout=0.5), workdir, workers=1) as extractor:
        for path, body in documents.items():
            list(extractor.extract(path, body))
            assert left_between_documents(workdir) == [], path
    assert list(cwd.iterdir()) == [] and list(tmp_root.iterdir()) == []
    assert list(workdir.iterdir()) == []
    programs = {
        Path(argv[argv.index("--") + 1] if "--" in argv else argv[0]).name for argv, _, _ in spawned
    }
    assert programs == {"gs", "catdoc", "catppt", Path(sys.executable).name}
    for (
        argv,
        cwd_used,
        env,
    ) in spawned:  # every child works and keeps its temporary files in workdir
        assert Path(cwd_used).is_relative_to(workdir), argv
        assert Path(env["TMPDIR"]).is_relative_to(workdir), argv


def left_between_documents(workdir: Path) -> list[Path]:
    """What a document left in ``workdir``: anything but a Ghostscript server's directory
    holding its idle output (``idle.pdf``) and Ghostscript's own files for it (``gs_*``)."""
    left = []
    for entry in workdir.iterdir():
        if not entry.name.startswith("gs-"):
            left.append(entry)
            continue
        left += [f for f in entry.iterdir() if f.name != "idle.pdf" and not f.name.startswith("gs_")]
    return left


def record_children(monkeypatch: pytest.MonkeyPatch) -> list[tuple[list[str], str, dict[str, str]]]:
    """Record (argv, cwd, env) of every process the extractor starts."""
    spawned: list[tuple[list[str], str, dict[str, str]]] = []
    real_popen = subprocess.Popen

    def popen(argv, *args, **kwargs):  # type: ignore[no-untyped-def]
        spawned.append((list(argv), str(kwargs.get("cwd")), dict(kwargs.get("env") or {})))
        return real_popen(argv, *args, **kwargs)

    monkeypatch.setattr(subprocess, "Popen", popen)
    return spawned


def test_scratch_files_exist_only_while_a_document_is_extracted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file to distill is in its Ghostscript server's directory while it is distilled, and
    gone with its PDF once the document is read; the servers' directories go at the close."""
    ps = docgen.postscript(docgen.paper_pages())
    seen: list[list[str]] = []
    real_send = GhostscriptServer._send

    def send_and_look(server: GhostscriptServer, command: str) -> None:
        if command.endswith("csk_distill\n"):
            seen.append(sorted(p.name for p in server.directory.iterdir() if p.name.startswith("job")))
        real_send(server, command)

    monkeypatch.setattr(GhostscriptServer, "_send", send_and_look)
    with DocumentExtractor(ExtractionLimits(), tmp_path, workers=1) as extractor:
        events = extractor.extract("/two.zip", docgen.zip_bytes({"a.ps": ps, "b.ps": ps}))
        assert left_between_documents(tmp_path) == []  # all done, nothing left, before iterating
    assert len(list(events)) == 3
    assert seen == [["job.ps"], ["job.ps"]]
    assert list(tmp_path.iterdir()) == []
