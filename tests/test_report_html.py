"""report.html: written at the end of a real crawl and by ``scrapy citeseeker-report``, rendered
in real headless Chromium (Debian's ``chromium``): a screenshot, no console errors, the expected
counts, and a ``<script>`` from a crawled document shown as text, never run."""

from __future__ import annotations

import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from citeseeker_scrapy.report.results import parse_success_line, read_results
from citeseeker_scrapy.report.html import render_html
from tests.crawl import PROJECT_ROOT, run_crawl
from tests.servers import SiteServer, write_site
from tests.test_crawl_e2e import page

FIALA = "Retrieving citations on the web"
THESIS = "A system for citations retrieval on the web"
NOBODY = "Nobody cites this one"
SEARCH = f"author=Fiala\n{FIALA}\n{THESIS}\n{NOBODY}\n"
HOSTILE = ('<script>console.error("pwned")</script><img src=x onerror="console.error(1)"> '
           "Crawling essays")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--enable-logging=stderr", "--v=0"]


def chromium(tmp_path: Path, html: Path, *mode: str) -> subprocess.CompletedProcess:
    """Real headless Chromium with a fresh profile; stdout is what ``mode`` asks for, and
    stderr carries the page's console messages (``CONSOLE`` lines)."""
    profile = tmp_path / f"profile-{len(list(tmp_path.glob('profile-*')))}"
    command = ["chromium", *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *mode,
               html.resolve().as_uri()]
    return subprocess.run(command, capture_output=True, text=True, timeout=90)


def console_messages(done: subprocess.CompletedProcess) -> list[str]:
    return [line for line in done.stderr.splitlines() if ":CONSOLE" in line]


@pytest.fixture(scope="module")
def crawled(tmp_path_factory):
    """One crawl: FIALA cited by three documents (one a copy on a mirror, one with a hostile
    header), THESIS by one, NOBODY by none; a 404 for the error statistics."""
    tmp_path = tmp_path_factory.mktemp("report")
    entry = f"References\n[1] Fiala, D.: {FIALA}. Proc. 2003\n"
    mirror_root = write_site(tmp_path / "mirror", {"copy.txt": "A copied paper\n\n" + entry})
    with SiteServer(mirror_root) as mirror:
        files = {"index.html": page("Lab", "Papers.", ["a.txt", "b.txt", "hostile.txt",
                                                        "thesis.html", "missing.html",
                                                        mirror.url("/copy.txt")]),
                 "a.txt": "A copied paper\n\n" + entry,
                 "b.txt": "Another paper\n\nAs Fiala showed in " + FIALA + ", it works.\n",
                 "hostile.txt": HOSTILE + "\n\n" + entry,
                 "thesis.html": page("Thesis", f"[4] D. Fiala: {THESIS}. Pilsen 2003.")}
        with SiteServer(write_site(tmp_path / "lab", files)) as lab:
            inputs = tmp_path / "searchstrings.txt"
            inputs.write_text(SEARCH, encoding="utf-8")
            result = run_crawl(tmp_path / "run", "-a", f"authors={inputs}",
                               "-a", f"startpoints={lab.url('/index.html')}",
                               settings={"CONCURRENT_REQUESTS": "1"})
    assert result.returncode == 0, result.output[-3000:]
    return tmp_path, result, lab, mirror


def counts(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'data-count="(\d+)"', html)]


def test_the_crawl_writes_report_html_and_prints_the_table(crawled) -> None:
    _, result, lab, mirror = crawled
    html = (result.log_dir / "report.html").read_text(encoding="utf-8")
    assert counts(html) == [3, 1, 0]  # the mirror's copy is not a fourth citing document
    assert 'id="total-documents">4<' in html
    assert "also at: " in html and mirror.url("/copy.txt") in html or \
        lab.url("/a.txt") in re.search(r"also at: (.*?)</div>", html).group(1)
    assert "<svg" in html and html.count("<rect") == 3
    assert "HTTP 404" in html  # errors by kind
    assert "Documents searched" in html and "Average PDF extraction time" in html
    assert "<script" not in html and "&lt;script&gt;" in html
    # the same table in the terminal output, per publication
    assert f"{FIALA}: 3 citing documents" in result.output
    assert f"{THESIS}: 1 citing document" in result.output
    assert f"{NOBODY}: 0 citing documents" in result.output


def test_chromium_renders_the_report_without_running_a_script(crawled, tmp_path) -> None:
    _, result, _, _ = crawled
    report = result.log_dir / "report.html"
    control = tmp_path / "control.html"
    control.write_text('<html><body><script>console.error("control")</script></body></html>')
    assert any("control" in line for line in console_messages(chromium(tmp_path, control,
                                                                       "--dump-dom")))
    dumped = chromium(tmp_path, report, "--dump-dom")
    assert dumped.returncode == 0, dumped.stderr[-2000:]
    assert console_messages(dumped) == []
    dom = dumped.stdout
    assert counts(dom) == [3, 1, 0]
    assert "<script" not in dom and "<img" not in dom  # the hostile header stayed text
    assert "&lt;script&gt;console.error(\"pwned\")&lt;/script&gt;" in dom
    screenshot = tmp_path / "report.png"
    shot = chromium(tmp_path, report, f"--screenshot={screenshot}", "--window-size=1280,1600")
    assert console_messages(shot) == []
    data = screenshot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (1280, 1600) and len(data) > 20_000


def test_the_command_writes_the_same_report_on_demand(crawled, tmp_path) -> None:
    _, result, _, _ = crawled
    output = tmp_path / "again.html"
    done = subprocess.run([sys.executable, "-m", "scrapy", "citeseeker-report",
                           str(result.log_dir), "-o", str(output)], cwd=PROJECT_ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert counts(output.read_text(encoding="utf-8"))[:2] == [3, 1]  # NOBODY: a log dir does
    assert f"{FIALA}: 3 citing documents" in done.stdout              # not know the queries
    missing = subprocess.run([sys.executable, "-m", "scrapy", "citeseeker-report",
                              str(tmp_path / "nothing")], cwd=PROJECT_ROOT,
                             capture_output=True, text=True, timeout=60)
    assert missing.returncode == 2 and "citeseeker: error:" in missing.stderr


def test_success_lines_of_both_formats_are_read() -> None:
    original = "3\thttp://a.org/x.pdf\tA paper\tFiala: T one\tt one\t1.0000\tFiala: T two\tt tw\t0.8000"
    document = parse_success_line(original)
    assert [(h.publication, h.similarity, h.context) for h in document.hits] == \
        [("T one", 1.0, ""), ("T two", 0.8, "")]
    ours = original + "\t[1] Fiala: T one.\ttrue\tas in T tw.\tfalse"
    document = parse_success_line(ours)
    assert [(h.context, h.in_references) for h in document.hits] == \
        [("[1] Fiala: T one.", True), ("as in T tw.", False)]
    member = parse_success_line("1\thttp://a.org/p/x.tar.gz/x/y.pdf\th\tF: T\tt\t1.0000\tc\tfalse")
    assert (member.url, member.member) == ("http://a.org/p/x.tar.gz", "x/y.pdf")


def test_javascript_urls_are_never_links(tmp_path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "success.log").write_text(
        "*****\t1.1.2026 10:00:00\t*****\n"
        "1\tjavascript:alert(1)\t<b>x</b>\tF: T\tt\t1.0000\t<i>c</i>\tfalse\n", encoding="utf-8")
    html = render_html(read_results(logs))
    assert "href=\"javascript" not in html and "&lt;b&gt;x&lt;/b&gt;" in html
    assert "&lt;i&gt;c&lt;/i&gt;" in html
