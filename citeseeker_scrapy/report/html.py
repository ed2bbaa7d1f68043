"""``report.html`` and the terminal table: the results as a reader wants them.

Who calls it: the report extension at the end of a crawl and the ``citeseeker-report``
command, with :class:`~citeseeker_scrapy.report.results.Results`. The page is one self-contained file:
inline CSS, an inline SVG bar chart, no script at all. Everything that came from the web
(titles, headers, contexts, URLs) is HTML-escaped, and only ``http``, ``https`` and ``file``
URLs become links (a ``javascript:`` URL stays text).
"""

from __future__ import annotations

import datetime as dt
import re
from html import escape
from typing import IO

from rich.console import Console
from rich.table import Table

from .results import CitingDocument, Hit, Results

LINK_SCHEMES = ("http://", "https://", "file://")
#: Defence in depth: even a bug in escaping could not run a script or load anything.
_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
_STYLE = """
body{font-family:system-ui,sans-serif;margin:2em;max-width:80em;color:#222}
h1{font-size:1.6em}h2{font-size:1.25em;margin-top:2em}
table{border-collapse:collapse;width:100%;margin:.5em 0}
th,td{border:1px solid #ccc;padding:.3em .5em;text-align:left;vertical-align:top;font-size:.9em}
th{background:#f0f0f0}td.num{text-align:right;white-space:nowrap}
.count{color:#555;font-weight:normal}.ctx{max-width:40em}
mark{background:#fff2a8}.also{font-size:.85em;color:#555}
"""


def render_html(results: Results, title: str = "CiteSeeker report") -> str:
    """The whole page."""
    table = results.by_publication()
    sections = "".join(_publication_section(number, publication, rows)
                       for number, (publication, rows) in enumerate(table.items(), 1))
    generated = dt.datetime.now().strftime("%Y-%m-%d %H:%M:%S")
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f'<meta http-equiv="Content-Security-Policy" content="{_POLICY}">'
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>"
        f"<h1>{escape(title)}</h1><p>Generated {generated}: "
        f"<span id=\"total-documents\">{len(results.documents)}</span> citing documents, "
        f"{len(table)} publications.</p>"
        f"<h2>Citations per publication</h2>{bar_chart(table)}"
        f"{sections}{_statistics(results)}</body></html>\n")


def bar_chart(table: dict[str, list]) -> str:
    """An inline SVG bar chart: distinct citing documents per publication."""
    bar_height, label_width, width = 22, 420, 760
    most = max((len(_distinct(rows)) for rows in table.values()), default=0) or 1
    bars = []
    for index, (publication, rows) in enumerate(table.items()):
        count = len(_distinct(rows))
        y = index * (bar_height + 6)
        length = round((width - label_width - 60) * count / most)
        label = publication if len(publication) <= 60 else publication[:59] + "…"
        bars.append(
            f'<text x="{label_width - 8}" y="{y + 15}" text-anchor="end" font-size="12">'
            f"{escape(label)}</text>"
            f'<rect x="{label_width}" y="{y}" width="{length}" height="{bar_height}" '
            f'fill="#4a78b5"><title>{escape(publication)}: {count}</title></rect>'
            f'<text x="{label_width + length + 6}" y="{y + 15}" font-size="12">{count}</text>')
    height = max(len(table), 1) * (bar_height + 6)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" '
            f'height="{height}" aria-label="citing documents per publication">'
            f'{"".join(bars)}</svg>')


def _publication_section(number: int, publication: str,
                         rows: list[tuple[CitingDocument, Hit]]) -> str:
    count = len(_distinct(rows))
    header = (f'<h2 id="publication-{number}">{escape(publication)} '
              f'<span class="count" data-count="{count}">— {count} citing '
              f'document{"" if count == 1 else "s"}</span></h2>')
    if not rows:
        return header + "<p>No citing document found.</p>"
    body = "".join(_row(document, hit) for document, hit in rows)
    return (header + "<table><thead><tr><th>server</th><th>document</th><th>similarity</th>"
            "<th>context</th><th>in references</th></tr></thead>"
            f"<tbody>{body}</tbody></table>")


def _row(document: CitingDocument, hit: Hit) -> str:
    member = f" <small>({escape(document.member)})</small>" if document.member else ""
    header = f"<br><small>{escape(document.header)}</small>" if document.header else ""
    also = ""
    if document.also_at:
        also = '<div class="also">also at: ' + ", ".join(map(_link, document.also_at)) + "</div>"
    return (f"<tr><td>{escape(document.server)}</td>"
            f"<td>{_link(document.url)}{member}{header}{also}</td>"
            f'<td class="num">{hit.similarity:.4f}</td>'
            f'<td class="ctx">{_highlight(hit.context, hit.found)}</td>'
            f"<td>{'yes' if hit.in_references else 'no'}</td></tr>")


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
    return ("<h2>Crawl statistics</h2>"
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


def print_table(results: Results, stream: IO[str]) -> None:
    """The per-publication table in the terminal (plain text when not a terminal)."""
    console = Console(file=stream, width=None if stream.isatty() else 160)
    for publication, rows in results.by_publication().items():
        count = len(_distinct(rows))
        table = Table(title=f"{publication}: {count} citing document{'' if count == 1 else 's'}",
                      title_justify="left", show_lines=False, expand=False)
        for column in ("server", "document", "similarity", "in refs", "context"):
            table.add_column(column, overflow="fold")
        for document, hit in rows:
            context = hit.context if len(hit.context) <= 90 else hit.context[:89] + "…"
            table.add_row(*map(_printable, (document.server, document.where,
                                            f"{hit.similarity:.4f}",
                                            "yes" if hit.in_references else "no", context)))
        console.print(table, markup=False, highlight=False)
