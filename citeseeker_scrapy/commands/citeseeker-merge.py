"""``scrapy citeseeker-merge -o all.jsonl FEED...``: the workers' feeds as one result.

Why: each worker of a shared frontier writes its own feed (a local file, written through item
by item). After a takeover, a document the dead worker had reported but not yet flushed is
fetched again by the new owner and reported again. The merge keeps every citing document once,
with each citation once — the same key the workers count in Redis (document URL + archive
member + publication). JSON lines in; out, the format the output's name says (as Scrapy's
``-o`` does): ``.jsonl``/``.jl`` JSON lines, ``.json`` one JSON array, ``.csv`` one row per
citation (the feed's CSV columns); another suffix is an error. Documents in the order first
seen; a broken last line (a worker killed mid-write) is skipped and counted.
"""

from __future__ import annotations

import argparse
import csv
import json
from pathlib import Path
from typing import IO, Callable

from scrapy.commands import ScrapyCommand

from citeseeker_scrapy.commands import listed

from citeseeker_scrapy.commands.errors import BAD_INPUT_STATUS, print_error
from citeseeker_scrapy.document.item import CITATION_COLUMNS, citation_rows


def merge_feeds(paths: list[Path]) -> tuple[list[dict], int, int]:
    """(documents, duplicate citations dropped, unreadable lines skipped)."""
    documents: dict[str, dict] = {}
    seen: set[tuple[str, str, str]] = set()
    duplicates = broken = 0
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            try:
                document = json.loads(line)
            except json.JSONDecodeError:
                broken += 1
                continue
            merged = documents.setdefault(document["url"], {**document, "citations": []})
            for citation in document.get("citations") or ():
                key = (document["url"], citation.get("member", ""), citation.get("publication"))
                if key in seen:
                    duplicates += 1
                    continue
                seen.add(key)
                merged["citations"].append(citation)
    return list(documents.values()), duplicates, broken


def write_json_lines(documents: list[dict], output: IO[str]) -> None:
    for document in documents:
        output.write(json.dumps(document, ensure_ascii=False) + "\n")


def write_json(documents: list[dict], output: IO[str]) -> None:
    json.dump(documents, output, ensure_ascii=False, indent=1)
    output.write("\n")


def write_csv(documents: list[dict], output: IO[str]) -> None:
    """One row per citation, the columns of the crawl's own CSV feed (status on a re-crawl)."""
    rows = [row for document in documents for row in citation_rows(document)]
    columns = CITATION_COLUMNS + (["status"] if any("status" in row for row in rows) else [])
    writer = csv.DictWriter(output, fieldnames=columns, extrasaction="ignore")
    writer.writeheader()
    writer.writerows(rows)


#: Output suffix -> writer (Scrapy's feed formats of the same names).
WRITERS: dict[str, Callable[[list[dict], IO[str]], None]] = {
    ".jsonl": write_json_lines, ".jl": write_json_lines, ".json": write_json, ".csv": write_csv,
}


class Command(ScrapyCommand):
    requires_project = False
    default_settings = {"LOG_ENABLED": False}

    def syntax(self) -> str:
        return "-o OUTPUT FEED [FEED ...]"

    def short_desc(self) -> str:
        return listed(self.long_desc())

    def long_desc(self) -> str:
        return "Merge the JSON-lines feeds of workers, each citation once"

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        super().add_options(parser)
        parser.add_argument("-o", "--output", dest="output", required=True,
                            help="the merged file: .jsonl, .jl, .json or .csv")

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        problem = self._problem(args, opts.output)
        if problem is not None:
            print_error(problem)
            self.exitcode = BAD_INPUT_STATUS
            return
        documents, duplicates, broken = merge_feeds([Path(arg) for arg in args])
        with open(opts.output, "w", encoding="utf-8", newline="") as output:
            WRITERS[Path(opts.output).suffix.lower()](documents, output)
        citations = sum(len(d["citations"]) for d in documents)
        print(f"citeseeker-merge: {len(documents)} documents, {citations} citations "
              f"({duplicates} duplicates dropped, {broken} broken lines skipped) -> {opts.output}")

    @staticmethod
    def _problem(feeds: list[str], output: str) -> str | None:
        """Bad input, before anything is written (an existing output is left as it was)."""
        if Path(output).suffix.lower() not in WRITERS:
            return (f"cannot tell the format of -o {output}: name it .jsonl, .jl, .json or .csv")
        missing = [feed for feed in feeds if not Path(feed).is_file()]
        if not feeds or missing:
            return f"no feed given, or not found: {' '.join(missing)}"
        return None
