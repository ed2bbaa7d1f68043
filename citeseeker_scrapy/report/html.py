"""``report.html`` and the terminal table: the results as a reader wants them.

Who calls it: the report extension at the end of a crawl and the ``citeseeker-report``
command, with :class:`~citeseeker_scrapy.report.results.Results`. The page is one self-contained
file: inline CSS, an inline SVG bar chart, **no script at all** (``default-src 'none'`` in a
CSP meta: nothing can run or be loaded). Sorting and filtering of the citing papers are pure
CSS: radio buttons and check boxes, ``:has()`` selectors and the flex ``order`` of each entry
(its ranks are custom properties in its ``style``); they work offline, in any current browser.

What it shows: totals per author group and per author; a chart of the most cited
publications (at most :data:`CHART_BARS` bars, each a link to its section); one entry per
citing *work* (its versions' URLs joined: :mod:`.citing_works`; self-citations marked, and a
check box hides them); per publication "cited by N works (M self-citations)"; one entry per citing
paper with its title (``titles.tsv``) and every work it cites; a section per *cited*
publication (the titles never cited are one short list); self hits (a searched paper found
itself) apart; links to the job's CSV/JSONL exports. Its size follows the citations found, not
the titles searched. Everything that came from the web is HTML-escaped, and only ``http``,
``https`` and ``file`` URLs become links (a ``javascript:`` URL stays text).
"""

from __future__ import annotations

import datetime as dt
import re
from html import escape
from pathlib import Path
from typing import IO

from rich.table import Table

from ..matching.model import UNCERTAIN_END
from .citing_works import CitingDocument, CitingWork, Hit
from .results import Results
from .terminal import TerminalConsole

LINK_SCHEMES = ("http://", "https://", "file://")
#: The chart shows at most this many publications (the most cited); the rest are listed.
CHART_BARS = 30
#: The terminal table's rows per publication (its best citations; report.html has them all).
TABLE_ROWS = 20
#: Publications with no citing document named one per line in the terminal; the rest counted.
UNCITED_LINES = 10
#: The chart's geometry in SVG pixels: one bar's height, the labels' column, the whole width.
BAR_HEIGHT, LABEL_WIDTH, CHART_WIDTH = 22, 420, 760
#: Defence in depth: even a bug in escaping could not run a script or load anything.
_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
_STYLE = """
body{font-family:system-ui,sans-serif;margin:2em;max-width:80em;color:#222}
h1{font-size:1.6em}h2{font-size:1.25em;margin-top:2em}h3{font-size:1.05em;margin:.2em 0}
nav a{margin-right:1em}
table{border-collapse:collapse;width:100%;margin:.5em 0}
th,td{border:1px solid #ccc;padding:.3em .5em;text-align:left;vertical-align:top;font-size:.9em}
th{background:#f0f0f0}td.num{text-align:right;white-space:nowrap}tr.author td:first-child{padding-left:2em}
.count{color:#555;font-weight:normal}.ctx{max-width:40em}small{color:#555}
mark{background:#fff2a8}.also{font-size:.85em;color:#555}
.controls{background:#f6f6f6;padding:.5em;border:1px solid #ddd}.controls label{margin-right:1em}
.papers{display:flex;flex-direction:column;gap:.4em}
.paper{border:1px solid #ccc;padding:.4em .6em;order:var(--best)}
.paper ul{margin:.2em 0;padding-left:1.2em}.paper li{font-size:.9em}
.sim{font-variant-numeric:tabular-nums;color:#333}.refs{color:#2a6f2a}
details summary{cursor:pointer}
body:has(#sort-title:checked) .paper{order:var(--title)}
body:has(#sort-server:checked) .paper{order:var(--server)}
body:has(#sort-works:checked) .paper{order:var(--works)}
body:has(#only-refs:checked) .paper:not(.in-refs){display:none}
body:has(#hide-self:checked) .selfcite{display:none}
.selfmark,.uncertain{color:#8a4b00;font-size:.85em}.work-meta{color:#444;font-size:.9em}
"""


def render_html(results: Results, title: str = "CiteSeeker report") -> str:
    """The whole page."""
    table = results.by_publication()
    numbers = {publication: n for n, publication in enumerate(table, 1)}
    papers = results.citing_papers()
    generated = dt.datetime.now().strftime("%Y-%m-%d %H:%M:%S")
    groups = results.author_groups()
    cited = {p: rows for p, rows in table.items() if rows}
    works = results.works()
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f'<meta http-equiv="Content-Security-Policy" content="{_POLICY}">'
        f"<title>{escape(title)}</title><style>{_STYLE}{_group_filters(len(groups))}</style>"
        f"</head><body><h1>{escape(title)}</h1><p>Generated {generated}: "
        f"<span id=\"total-documents\">{len(results.documents)}</span> documents reported "
        f"({len(papers)} citing papers, <span id=\"total-works\">{len(works)}</span> citing works; "
        f"self hits apart), {len(cited)} of {len(table)} publications cited."
        f"{_exports(results.exports)}</p>{_NAV}"
        f'<h2 id="totals">Totals per author group and author</h2>{_totals(results, groups)}'
        f'<h2 id="chart">Citations per publication</h2>{bar_chart(table, numbers)}'
        f'<h2 id="works">Citing works</h2>{_works(works, numbers)}'
        f'<h2 id="papers">Citing papers</h2>{_papers(papers, groups, numbers)}'
        f'<h2 id="publications">Per publication</h2>'
        f"{_publication_sections(table, numbers, results.work_counts())}"
        f'<h2 id="self">Self hits</h2>{_self_hits(results)}'
        f"{_statistics(results)}</body></html>\n")


_NAV = ('<nav><a href="#totals">Totals</a><a href="#chart">Chart</a>'
        '<a href="#works">Citing works</a><a href="#papers">Citing papers</a><a href="#publications">Per publication</a>'
        '<a href="#self">Self hits</a><a href="#statistics">Statistics</a></nav>')


def _exports(exports: list[Path]) -> str:
    """Links to the job's feeds (relative URIs would break when the report is moved)."""
    links = [f'<a class="export" href="{escape(path.resolve().as_uri(), quote=True)}">'
             f"{escape(path.name)}</a>" for path in exports]
    return f" Exports: {', '.join(links)}." if links else ""


def _group_filters(count: int) -> str:
    """One CSS rule per author group: its radio button shows only its papers."""
    return "".join(f"body:has(#group-{n}:checked) .paper:not(.g{n}){{display:none}}"
                   for n in range(1, count + 1))


def _totals(results: Results, groups: list[tuple[tuple[str, ...], list[str]]]) -> str:
    rows = []
    works = results.works()
    for authors, titles in groups:
        cited, papers, citations = results.totals(authors, titles)
        counted = _work_cell(results.work_totals(authors, titles, works))
        rows.append(f'<tr class="group"><th>{escape(" + ".join(authors))}</th>'
                    f'<td class="num">{cited} of {len(titles)}</td><td class="num">{papers}</td>'
                    f'<td class="num">{citations}</td>{counted}</tr>')
        for author in authors if len(authors) > 1 else ():
            _, papers, citations = results.totals((author,), [])
            counted = _work_cell(results.work_totals((author,), [], works))
            rows.append(f'<tr class="author"><td>{escape(author)}</td><td></td>'
                        f'<td class="num">{papers}</td><td class="num">{citations}</td>'
                        f"{counted}</tr>")
    return ("<table><thead><tr><th>author group / author (where the name was found)</th>"
            "<th>publications cited</th><th>citing papers</th><th>citations</th>"
            "<th>citing works (self-citations)</th></tr></thead>"
            f"<tbody>{''.join(rows) or '<tr><td colspan=5>none</td></tr>'}</tbody></table>")


def _work_cell(counts: tuple[int, int]) -> str:
    return f'<td class="num works">{counts[0]} ({counts[1]})</td>'


def bar_chart(table: dict[str, list], numbers: dict[str, int] | None = None) -> str:
    """An inline SVG bar chart: distinct citing documents per publication, each bar a link to
    the publication's section. All searched titles while they are few; else the
    :data:`CHART_BARS` most cited (the chart stays small for 1,000 titles)."""
    numbers = numbers or {publication: n for n, publication in enumerate(table, 1)}
    shown = list(table.items())
    if len(shown) > CHART_BARS:
        shown = sorted((row for row in shown if row[1]),
                       key=lambda row: -len(_distinct(row[1])))[:CHART_BARS]
    most = max((len(_distinct(rows)) for _, rows in shown), default=0) or 1
    bars = [_bar(index, publication, len(_distinct(rows)), most, numbers[publication])
            for index, (publication, rows) in enumerate(shown)]
    height = max(len(shown), 1) * (BAR_HEIGHT + 6)
    more = len([rows for rows in table.values() if rows]) - len([r for _, r in shown if r])
    note = f"<p><small>and {more} less cited publications (below).</small></p>" if more > 0 \
        else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{CHART_WIDTH}" '
            f'height="{height}" aria-label="citing documents per publication">'
            f'{"".join(bars)}</svg>{note}')


def _bar(index: int, publication: str, count: int, most: int, number: int) -> str:
    y = index * (BAR_HEIGHT + 6)
    length = round((CHART_WIDTH - LABEL_WIDTH - 60) * count / most)
    label = publication if len(publication) <= 60 else publication[:59] + "…"
    target = f"#publication-{number}" if count else "#never-cited"
    return (f'<a href="{target}"><text x="{LABEL_WIDTH - 8}" y="{y + 15}" text-anchor="end" '
            f'font-size="12" fill="#1a4d8f">{escape(label)}</text>'
            f'<rect x="{LABEL_WIDTH}" y="{y}" width="{length}" height="{BAR_HEIGHT}" '
            f'fill="#4a78b5"><title>{escape(publication)}: {count}</title></rect>'
            f'<text x="{LABEL_WIDTH + length + 6}" y="{y + 15}" font-size="12">{count}</text></a>')


def _papers(papers: list[CitingDocument], groups: list[tuple[tuple[str, ...], list[str]]],
            numbers: dict[str, int]) -> str:
    """One entry per citing paper; the controls above sort and filter them (pure CSS)."""
    if not papers:
        return "<p>No citing paper found.</p>"
    group_of = {title: n for n, (_, titles) in enumerate(groups, 1) for title in titles}
    group_of.update({a: n for n, (authors, _) in enumerate(groups, 1) for a in authors})
    ranks = {key: _ranks(papers, order) for key, order in _ORDERS.items()}
    entries = "".join(_paper(index, paper, {k: r[index] for k, r in ranks.items()}, group_of,
                             numbers) for index, paper in enumerate(papers))
    return _controls(groups) + f'<div class="papers">{entries}</div>'


_ORDERS = {
    "best": lambda d: (-d.cites[0].similarity, d.where),
    "title": lambda d: ((d.title or d.header).lower(), d.where),
    "server": lambda d: (d.server, d.where),
    "works": lambda d: (-len({h.publication for h in d.cites}), d.where),
}


def _ranks(papers: list[CitingDocument], key) -> list[int]:
    order = sorted(range(len(papers)), key=lambda i: key(papers[i]))
    ranks = [0] * len(papers)
    for rank, index in enumerate(order):
        ranks[index] = rank
    return ranks


def _controls(groups: list[tuple[tuple[str, ...], list[str]]]) -> str:
    sorts = [("best", "best similarity"), ("title", "title"), ("server", "server"),
             ("works", "most works cited")]
    radios = "".join(f'<label><input type="radio" name="sort" id="sort-{key}"'
                     f'{" checked" if key == "best" else ""}> {label}</label>'
                     for key, label in sorts)
    choices = ['<label><input type="radio" name="group" id="group-all" checked> all</label>']
    choices += [f'<label><input type="radio" name="group" id="group-{n}"> '
                f'{escape(" + ".join(authors))}</label>'
                for n, (authors, _) in enumerate(groups, 1)]
    return (f'<div class="controls"><div>Sort by: {radios}</div>'
            f'<div>Show: {"".join(choices)} <label><input type="checkbox" id="only-refs"> '
            "only citations in a reference list</label></div></div>")


_HIDE_SELF = ('<div class="controls"><label><input type="checkbox" id="hide-self"> '
              "hide self-citations (the citing work is by an author of the cited group)"
              "</label></div>")


def _paper(index: int, paper: CitingDocument, ranks: dict[str, int], group_of: dict[str, int],
           numbers: dict[str, int]) -> str:
    groups = {group_of.get(h.publication) or group_of.get(h.author) for h in paper.cites}
    classes = " ".join(["paper", *(f"g{n}" for n in sorted(g for g in groups if g))]
                       + (["in-refs"] if any(h.in_references for h in paper.cites) else [])
                       + (["selfcite"] if all(map(paper.is_self_citation, paper.cites)) else []))
    style = ";".join(f"--{key}:{rank}" for key, rank in ranks.items())
    name = escape(paper.title or paper.header or paper.where)
    heading = (f'<a href="{escape(paper.url, quote=True)}">{name}</a>'
               if paper.url.lower().startswith(LINK_SCHEMES) else name)
    member = f" ({escape(paper.member)})" if paper.member else ""
    header = (f"<br><small>{escape(paper.header)}</small>"
              if paper.title and paper.header else "")
    works = "".join(_work(hit, numbers, paper.is_self_citation(hit)) for hit in paper.cites)
    also = ('<div class="also">also at: ' + ", ".join(map(_link, paper.also_at)) + "</div>"
            if paper.also_at else "")
    return (f'<article class="{classes}" id="paper-{index + 1}" style="{style}">'
            f"<h3>{heading}</h3><small>{escape(paper.server)}{member} · "
            f"{escape(paper.where)}</small>{header}<ul>{works}</ul>{also}</article>")


def _work(hit: Hit, numbers: dict[str, int], is_self: bool = False) -> str:
    refs = ' <span class="refs">in references</span>' if hit.in_references else ""
    mark = ' <span class="selfmark">self-citation</span>' if is_self else ""
    return (f'<li{_SELF_CLASS if is_self else ""}>'
            f'<a href="#publication-{numbers.get(hit.publication, 0)}">'
            f"{escape(hit.publication)}</a> <span class=\"sim\">{hit.similarity:.4f}</span>"
            f"{refs}{mark}{_end_mark(hit)}"
            f"<br><span class=\"ctx\">{_highlight(hit.context, hit.found)}</span></li>")


_SELF_CLASS = ' class="selfcite"'


def _works(works: list[CitingWork], numbers: dict[str, int]) -> str:
    """One entry per citing work: its metadata, every version's URL, what it cites."""
    if not works:
        return "<p>No citing work found.</p>"
    return _HIDE_SELF + "<ol>" + "".join(_citing_work(work, numbers) for work in works) + "</ol>"


def _citing_work(work: CitingWork, numbers: dict[str, int]) -> str:
    meta = work.work
    details = [", ".join(map(str, meta.get("authors") or ())), str(meta.get("year") or ""),
               str(meta.get("venue") or ""), f"DOI {meta['doi']}" if meta.get("doi") else "",
               f"arXiv {meta['arxiv']}" if meta.get("arxiv") else ""]
    cited = work.publications()
    items = "".join(f'<li{_SELF_CLASS if is_self else ""}>'
                    f'<a href="#publication-{numbers.get(p, 0)}">{escape(p)}</a>'
                    f'{" <span class=selfmark>self-citation</span>" if is_self else ""}</li>'
                    for p, is_self in cited.items())
    versions = "" if len(work.urls) < 2 else f" <small>({len(work.urls)} versions/copies)</small>"
    return (f'<li{_SELF_CLASS if all(cited.values()) else ""} id="work-{escape(work.work_id)}">'
            f"<strong>{escape(str(meta.get('title') or ''))}</strong>{versions}"
            f'<div class="work-meta">{escape(" · ".join(d for d in details if d))}</div>'
            f'<div class="also">{", ".join(map(_link, work.urls))}</div><ul>{items}</ul></li>')


def _publication_sections(table: dict[str, list], numbers: dict[str, int],
                          counts: dict[str, tuple[int, int]]) -> str:
    """A section per cited publication; the titles never cited as one list."""
    sections = [_publication_section(numbers[p], p, rows, counts.get(p, (0, 0)))
                for p, rows in table.items() if rows]
    never = [p for p, rows in table.items() if not rows]
    if never:
        items = "".join(f'<li data-count="0">{escape(p)}</li>' for p in never)
        sections.append(f'<details id="never-cited"><summary>{len(never)} publication'
                        f'{"" if len(never) == 1 else "s"} never cited</summary>'
                        f"<ul>{items}</ul></details>")
    return "".join(sections) or "<p>None searched.</p>"


def _publication_section(number: int, publication: str,
                         rows: list[tuple[CitingDocument, Hit]],
                         work_count: tuple[int, int]) -> str:
    count = len(_distinct(rows))
    header = (f'<h3 id="publication-{number}">{escape(publication)} '
              f'<span class="count" data-count="{count}">— {count} citing '
              f'document{"" if count == 1 else "s"}</span> '
              f'<span class="count works" data-works="{work_count[0]}" '
              f'data-self="{work_count[1]}">— {cited_by(*work_count)}</span></h3>')
    body = "".join(_row(document, hit, document.is_self_citation(hit))
                   for document, hit in rows)
    return (header + "<table><thead><tr><th>server</th><th>document</th><th>similarity</th>"
            "<th>context</th><th>in references</th></tr></thead>"
            f"<tbody>{body}</tbody></table>")


def _self_hits(results: Results) -> str:
    """Documents that are a searched paper itself: no citation, shown apart."""
    rows = "".join(_row(document, hit) for document in results.documents
                   for hit in document.self_hits)
    if not rows:
        return "<p>None: no searched paper was found itself.</p>"
    return ("<table><thead><tr><th>server</th><th>document</th><th>similarity</th>"
            f"<th>context</th><th>in references</th></tr></thead><tbody>{rows}</tbody></table>")


def cited_by(works: int, selves: int) -> str:
    """"cited by 3 works (1 self-citation)": the per-publication count of the report, the
    terminal table and the command."""
    return (f"cited by {works} work{'' if works == 1 else 's'} "
            f"({selves} self-citation{'' if selves == 1 else 's'})")


def _row(document: CitingDocument, hit: Hit, is_self: bool = False) -> str:
    member = f" <small>({escape(document.member)})</small>" if document.member else ""
    named = document.title or document.header
    header = f"<br><small>{escape(named)}</small>" if named else ""
    also = ""
    if document.also_at:
        also = '<div class="also">also at: ' + ", ".join(map(_link, document.also_at)) + "</div>"
    return (f"<tr{_SELF_CLASS if is_self else ''}><td>{escape(document.server)}</td>"
            f"<td>{_link(document.url)}{member}{header}{also}</td>"
            f'<td class="num">{hit.similarity:.4f}</td>'
            f'<td class="ctx">{_highlight(hit.context, hit.found)}{_end_mark(hit)}</td>'
            f"<td>{'yes' if hit.in_references else 'no'}</td></tr>")


#: What a hit whose title's end is uncertain says to the reader (``model.UNCERTAIN_END``).
END_UNCERTAIN_NOTE = ("title end uncertain: the word after the title could be part of it; "
                      "read the entry")


def _end_mark(hit: Hit) -> str:
    """The note beside a hit whose title's end the matcher marks uncertain, else nothing.
    Called by :func:`_work` and :func:`_row`."""
    if hit.title_end != UNCERTAIN_END:
        return ""
    return f' <span class="uncertain">{escape(END_UNCERTAIN_NOTE)}</span>'


def _link(url: str) -> str:
    if url.lower().startswith(LINK_SCHEMES):
        return f'<a href="{escape(url, quote=True)}">{escape(url)}</a>'
    return escape(url)


def _highlight(context: str, found: str) -> str:
    """The context, escaped, with the matched words marked (compared case-insensitively)."""
    start = context.lower().find(found.lower()) if found else -1
    if start < 0:
        return escape(context)
    end = start + len(found)
    return (f"{escape(context[:start])}<mark>{escape(context[start:end])}</mark>"
            f"{escape(context[end:])}")


def _statistics(results: Results) -> str:
    rows = "".join(f"<tr><th>{escape(label)}</th><td>{escape(str(value))}</td></tr>"
                   for label, value in results.summary.items())
    errors = "".join(f"<tr><th>{escape(kind)}</th><td class=\"num\">{count}</td></tr>"
                     for kind, count in results.errors_by_kind.most_common())
    return ('<h2 id="statistics">Crawl statistics</h2>'
            f"<table>{rows or '<tr><td>no summary.log block</td></tr>'}</table>"
            "<h2>Errors by kind</h2>"
            f"<table>{errors or '<tr><td>none</td></tr>'}</table>")


def _distinct(rows: list[tuple[CitingDocument, Hit]]) -> set[str]:
    return {document.where for document, _ in rows}


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _printable(text: str) -> str:
    """Text from the web without control characters (an escape sequence in a crawled
    document's header must not drive the user's terminal)."""
    return _CONTROL.sub("", text)


def print_table(results: Results, stream: IO[str], rows: int = TABLE_ROWS) -> None:
    """The per-publication table in the terminal (plain text when not a terminal).

    Who calls it: the report extension when a crawl ends, ``scrapy citeseeker-report``. Why
    bounded: a crawl of 100,000 pages may find 20,000 citations, and printing them all takes
    many seconds and doubles the crawler's memory at its close for a table nobody reads in a
    terminal. Each publication shows its best ``rows`` citing documents (0: all) and says how
    many more report.html lists; publications nobody cites are named up to :data:`UNCITED_LINES`.
    """
    console = TerminalConsole(file=stream, width=None if stream.isatty() else 160)
    uncited: list[str] = []
    counts = results.work_counts()
    for publication, hits in results.by_publication().items():
        if not hits:
            uncited.append(publication)
            continue
        console.print(_publication_table(publication, hits, rows, counts.get(publication, (0, 0))),
                      markup=False, highlight=False)
        hidden = len(hits) - rows if rows else 0
        if hidden > 0:
            console.print(f"... and {hidden} more citation{'' if hidden == 1 else 's'} of this "
                          "publication: see report.html", markup=False, highlight=False)
    for publication in uncited[:UNCITED_LINES]:
        console.print(f"{_printable(publication)}: 0 citing documents", markup=False,
                      highlight=False)
    if len(uncited) > UNCITED_LINES:
        console.print(f"... and {len(uncited) - UNCITED_LINES} more publications with 0 citing "
                      "documents: see report.html", markup=False, highlight=False)


def _publication_table(publication: str, hits: list[tuple[CitingDocument, Hit]],
                       rows: int, work_count: tuple[int, int]) -> Table:
    """One publication's citing documents, best first, at most ``rows`` of them (0: all)."""
    count = len(_distinct(hits))
    table = Table(title=f"{_printable(publication)}: {count} citing "
                        f"document{'' if count == 1 else 's'}, {cited_by(*work_count)}",
                  title_justify="left", show_lines=False, expand=False)
    for column in ("server", "document", "similarity", "in refs", "context"):
        table.add_column(column, overflow="fold")
    for document, hit in hits[:rows or None]:
        context = hit.context if len(hit.context) <= 90 else hit.context[:89] + "…"
        if hit.title_end == "uncertain":
            context = "[title end uncertain] " + context
        table.add_row(*map(_printable, (document.server, document.where,
                                        f"{hit.similarity:.4f}",
                                        "yes" if hit.in_references else "no", context)))
    return table
