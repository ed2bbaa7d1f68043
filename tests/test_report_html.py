"""report.html: written at the end of a real crawl and by ``scrapy citeseeker-report``, rendered
in real headless Chromium (Debian's ``chromium``): a screenshot, no console errors, the expected
counts, and a ``<script>`` from a crawled document shown as text, never run."""

from __future__ import annotations

import io
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from citeseeker_scrapy.report.results import parse_success_line, read_results
from citeseeker_scrapy.report.html import TABLE_ROWS, UNCITED_LINES, print_table, render_html
from citeseeker_scrapy.works.text_head import TITLE_HEAD_CHARS as HEAD_CHARS, title_of
from tests.support.crawl import PROJECT_ROOT, run_crawl
from tests.support.servers import SiteServer, write_site
from tests.support.docgen import page

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


def test_the_report_names_each_citing_paper_by_its_title(crawled) -> None:
    _, result, lab, _ = crawled
    titles = (result.log_dir / "titles.tsv").read_text(encoding="utf-8")
    assert f"{lab.url('/thesis.html')}\tThesis\n" in titles      # HTML: its <title>
    assert f"{lab.url('/a.txt')}\tA copied paper\n" in titles    # else: its first heading
    html = (result.log_dir / "report.html").read_text(encoding="utf-8")
    assert ">A copied paper</a></h3>" in html and ">Thesis</a></h3>" in html


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
    marked = original + ("\t[1] Fiala: T one.\ttrue\tcites\tcertain\tas in T tw.\tfalse\tcites"
                         "\tuncertain")
    document = parse_success_line(marked)
    assert [(h.in_references, h.relation, h.title_end) for h in document.hits] == \
        [(True, "cites", "certain"), (False, "cites", "uncertain")]
    recrawled = original + ("\tc1\ttrue\tcites\tcertain\tnew\tc2\tfalse\tself\tuncertain\tgone")
    assert [(h.relation, h.title_end, h.status) for h in parse_success_line(recrawled).hits] == \
        [("cites", "certain", "new"), ("self", "uncertain", "gone")]
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


def test_a_citation_whose_title_end_is_uncertain_says_so(tmp_path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "success.log").write_text(
        "*****\t1.1.2026 10:00:00\t*****\n"
        "1\thttp://a.org/x.pdf\th\tF: T one\tt one\t1.0000\tF: T two\tt two\t1.0000"
        "\t[1] F: T one Harbour Review, 3\ttrue\tcites\tuncertain"
        "\t[2] F: T two.\ttrue\tcites\tcertain\n", encoding="utf-8")
    results = read_results(logs, publications=["T one", "T two"])
    html = render_html(results)
    assert html.count("title end uncertain: the word after the title could be part of it") == 2
    stream = io.StringIO()
    print_table(results, stream)
    assert stream.getvalue().count("[title end uncertain]") == 1


# --- one entry per citing paper, sorting and filtering without script ---------------------

GROUPS = [(("Fiala", "Jezek"), ["T one", "T two"]), (("Kumagai",), ["T three"])]


def success_line(number: int, url: str, header: str,
                 hits: list[tuple[str, str, float, bool, str]]) -> str:
    """A success.log line: hits are (author, publication, similarity, in refs, relation)."""
    first = [f"{a}: {p}\t{p.lower()}\t{s:.4f}" for a, p, s, _, _ in hits]
    extra = [f"as in {p.lower()}.\t{'true' if r else 'false'}\t{rel}" for _, p, _, r, rel in hits]
    return "\t".join([str(number), url, header, *first, *extra])


def write_logs(logs: Path, lines: list[str], titles: dict[str, str]) -> Path:
    logs.mkdir(parents=True, exist_ok=True)
    (logs / "success.log").write_text("*****\t1.1.2026 10:00:00\t*****\n"
                                      + "".join(f"{line}\n" for line in lines), encoding="utf-8")
    (logs / "titles.tsv").write_text("".join(f"{w}\t{t}\n" for w, t in titles.items()),
                                     encoding="utf-8")
    return logs


def small_report(tmp_path: Path) -> Path:
    """Three citing papers (one citing two works of group 1, one citing group 2 outside a
    reference list, one both) and a searched paper found itself; a CSV export."""
    lines = [
        success_line(1, "http://a.org/p1.pdf", "January 2002 Standard stuff",
                     [("Fiala", "T one", 0.95, True, "cites"), ("Jezek", "T two", 1.0, True,
                                                                 "cites")]),
        success_line(2, "http://b.org/p2.html", "Zebra page",
                     [("Kumagai", "T three", 0.9, False, "cites")]),
        success_line(3, "http://c.org/x.zip/p3.pdf", "Another",
                     [("Fiala", "T one", 0.8, True, "cites"),
                      ("Kumagai", "T three", 0.85, True, "cites")]),
        success_line(4, "http://a.org/tone.pdf", "T one", [("Fiala", "T one", 1.0, False,
                                                              "self")]),
    ]
    logs = write_logs(tmp_path / "logs", lines, {"http://a.org/p1.pdf": "Standard distributions",
                                                 "http://c.org/x.zip/p3.pdf": "Alpha paper"})
    export = tmp_path / "citations.csv"
    export.write_text("url\n", encoding="utf-8")
    results = read_results(logs, publications=["T one", "T two", "T three"], groups=GROUPS,
                           exports=[export])
    report = tmp_path / "report.html"
    report.write_text(render_html(results), encoding="utf-8")
    return report


def articles(html: str) -> dict[str, str]:
    return {m.group(1): m.group(2) for m in
            re.finditer(r'<article class="[^"]*" id="(paper-\d+)"[^>]*>(.*?)</article>', html)}


def test_one_entry_per_citing_paper_with_titles_totals_exports_and_self_hits_apart(
        tmp_path) -> None:
    html = small_report(tmp_path).read_text(encoding="utf-8")
    papers = articles(html)
    assert len(papers) == 3                                   # the self hit is no citing paper
    first = next(body for body in papers.values() if "Standard distributions" in body)
    assert "T one" in first and "T two" in first              # all it cites, in one entry
    assert "January 2002 Standard stuff" in first             # the header under the title
    assert any(">Zebra page</a>" in body for body in papers.values())  # no title: its header
    # totals: group 1 has 2 of 2 titles cited by 2 papers (3 citations); Jezek's name in one
    assert re.search(r"Fiala \+ Jezek</th><td[^>]*>2 of 2</td><td[^>]*>2</td><td[^>]*>3<", html)
    assert re.search(r"<td>Jezek</td><td></td><td[^>]*>1</td><td[^>]*>1<", html)
    assert re.search(r"Kumagai</th><td[^>]*>1 of 1</td><td[^>]*>2</td><td[^>]*>2<", html)
    self_part = html[html.index('id="self"'):html.index('id="statistics"')]
    assert "http://a.org/tone.pdf" in self_part and "tone.pdf" not in "".join(papers.values())
    assert f'href="{(tmp_path / "citations.csv").resolve().as_uri()}"' in html
    # the chart's bars lead to the sections, which exist
    for target in re.findall(r'<a href="#(publication-\d+)"><text', html):
        assert f'id="{target}"' in html
    assert "<script" not in html and not re.search(r"<[^>]*\son\w+=", html)  # no handlers


def test_a_thousand_titles_make_a_small_page(tmp_path) -> None:
    """Before: 1,000 sections (998 empty) and a 28,000-pixel chart."""
    titles = [f"Publication number {n} on the topic of crawling" for n in range(1000)]
    lines = [success_line(1, "http://a.org/1.pdf", "h", [("Fiala", titles[5], 0.9, True,
                                                          "cites")]),
             success_line(2, "http://a.org/2.pdf", "h", [("Fiala", titles[7], 0.9, True,
                                                          "cites")])]
    logs = write_logs(tmp_path / "logs", lines, {})
    html = render_html(read_results(logs, publications=titles,
                                    groups=[(("Fiala",), titles)]))
    assert html.count('<h3 id="publication-') == 2
    assert html.count('<li data-count="0">') == 998           # one short list
    assert html.count("<rect") == 2
    assert int(re.search(r'<svg[^>]* height="(\d+)"', html).group(1)) <= 30 * 28
    assert len(html.encode()) < 120_000


def chromium_text(tmp_path: Path, html: Path) -> str:
    """What real Chromium prints of a page (hidden elements are not printed), as text."""
    import pypdfium2

    pdf = tmp_path / f"{html.stem}.pdf"
    done = chromium(tmp_path, html, f"--print-to-pdf={pdf}", "--no-pdf-header-footer")
    assert done.returncode == 0 and console_messages(done) == [], done.stderr[-2000:]
    document = pypdfium2.PdfDocument(str(pdf))
    return " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in document)


def test_sorting_and_filtering_work_in_chromium_without_script(tmp_path) -> None:
    report = small_report(tmp_path)
    html = report.read_text(encoding="utf-8")
    listing = lambda text: text[text.index("Citing papers", text.index("Statistics")):  # noqa
                                text.index("Per publication", text.index("Statistics") + 20)]
    shown = listing(chromium_text(tmp_path, report))
    assert shown.index("Standard distributions") < shown.index("Alpha paper")  # best first
    variants = {
        "by-title": html.replace('id="sort-title">', 'id="sort-title" checked>'),
        "group-2": html.replace('id="group-2">', 'id="group-2" checked>'),
        "refs": html.replace('id="only-refs">', 'id="only-refs" checked>'),
    }
    text = {}
    for name, variant in variants.items():
        path = tmp_path / f"{name}.html"
        path.write_text(variant, encoding="utf-8")
        text[name] = listing(chromium_text(tmp_path, path))
    assert text["by-title"].index("Alpha paper") < text["by-title"].index("Standard distrib")
    assert text["by-title"].index("Standard distrib") < text["by-title"].index("Zebra page")
    assert "Standard distributions" not in text["group-2"]    # cites group 1 only
    assert "Zebra page" in text["group-2"] and "Alpha paper" in text["group-2"]
    assert "Zebra page" not in text["refs"] and "Alpha paper" in text["refs"]
    shot = chromium(tmp_path, report, f"--screenshot={tmp_path / 'issue28.png'}",
                    "--window-size=1200,1800")
    assert shot.returncode == 0 and console_messages(shot) == []


@pytest.mark.parametrize("first_line_chars", [30, HEAD_CHARS // 10])
def test_a_title_is_read_from_the_head_of_any_text(first_line_chars: int) -> None:
    """Short lines: the title comes from the head alone; lines so long that the head holds
    fewer than the lines looked at: the whole text is split, and the answer is the same."""
    filler = ("7 " * (first_line_chars // 2) + "\n") * 11
    text = filler + "A Study of Citation Crawlers on Old Servers\n" + "body words here\n" * 50_000
    assert title_of(text, "pdf") == "A Study of Citation Crawlers on Old Servers"
    assert title_of(filler * 5 + "The Late Title Here\n", "pdf") == ""


def many_citations_report(tmp_path: Path) -> tuple[Path, list[str]]:
    """One publication cited by 30 documents (similarity falling with the number), 14 never."""
    cited = "Retrieving citations on the web"
    uncited = [f"Unread paper number {n}" for n in range(14)]
    lines = [success_line(n, f"http://a.org/{n:02}.pdf", "h",
                          [("Fiala", cited, 0.99 - n / 100, True, "cites")])
             for n in range(30)]
    return write_logs(tmp_path / "logs", lines, {}), [cited, *uncited]


def test_the_terminal_table_shows_the_best_rows_and_counts_the_rest(tmp_path) -> None:
    """A big crawl's table stays short: every citation and an empty table per uncited title
    would take many seconds to print and double the crawler's memory at its close."""
    logs, publications = many_citations_report(tmp_path)
    results = read_results(logs, publications=publications,
                           groups=[(("Fiala",), publications)])
    out = io.StringIO()
    print_table(results, out)
    text = out.getvalue()
    assert f"{publications[0]}: 30 citing documents" in text
    shown = re.findall(r"http://a\.org/(\d\d)\.pdf", text)
    assert shown == [f"{n:02}" for n in range(TABLE_ROWS)]  # the best, best first
    assert "and 10 more citations of this publication: see report.html" in text
    named = [p for p in publications[1:] if f"{p}: 0 citing documents" in text]
    assert named == publications[1:1 + UNCITED_LINES]
    assert "and 4 more publications with 0 citing documents" in text
    everything = io.StringIO()
    print_table(results, everything, rows=0)
    assert len(re.findall(r"http://a\.org/\d\d\.pdf", everything.getvalue())) == 30
    assert "more citations" not in everything.getvalue()


def test_the_report_command_prints_as_many_rows_as_asked(tmp_path) -> None:
    logs, _ = many_citations_report(tmp_path)
    command = [sys.executable, "-m", "scrapy", "citeseeker-report", str(logs), "--rows"]
    five = subprocess.run([*command, "5"], cwd=PROJECT_ROOT, capture_output=True, text=True,
                          timeout=60)
    assert five.returncode == 0, five.stderr
    assert len(re.findall(r"http://a\.org/\d\d\.pdf", five.stdout)) == 5
    assert "and 25 more citations" in five.stdout
    wrong = subprocess.run([*command, "all"], cwd=PROJECT_ROOT, capture_output=True, text=True,
                           timeout=60)
    assert wrong.returncode == 2 and "expected a number of rows" in wrong.stderr
