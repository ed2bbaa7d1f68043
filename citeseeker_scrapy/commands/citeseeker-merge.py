"""``scrapy citeseeker-merge -o all.jsonl FEED...``: the workers' feeds as one result.

Why: each worker of a shared frontier writes its own feed (a local file, written through item
by item). After a takeover, a document the dead worker had reported but not yet flushed is
fetched again by the new owner and reported again. The merge keeps every citing document once,
with each citation once — the same key the workers count in Redis (document URL + archive
member + publication). JSON lines in, JSON lines out (the feed's own format); documents in the
order first seen; a broken last line (a worker killed mid-write) is skipped and counted.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from scrapy.commands import ScrapyCommand

BAD_INPUT_STATUS = 2


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


class Command(ScrapyCommand):
    requires_project = False
    default_settings = {"LOG_ENABLED": False}

    def syntax(self) -> str:
        return "-o OUTPUT FEED [FEED ...]"

    def short_desc(self) -> str:
        return "Merge the JSON-lines feeds of several workers, each citation once"

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        super().add_options(parser)
        parser.add_argument("-o", "--output", dest="output", required=True)

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        paths = [Path(arg) for arg in args]
        missing = [str(path) for path in paths if not path.is_file()]
        if not paths or missing:
            print(f"citeseeker-merge: error: no feed given or not found: {missing}")
            self.exitcode = BAD_INPUT_STATUS
            return
        documents, duplicates, broken = merge_feeds(paths)
        with open(opts.output, "w", encoding="utf-8") as output:
            for document in documents:
                output.write(json.dumps(document, ensure_ascii=False) + "\n")
        citations = sum(len(d["citations"]) for d in documents)
        print(f"citeseeker-merge: {len(documents)} documents, {citations} citations "
              f"({duplicates} duplicates dropped, {broken} broken lines skipped)")
