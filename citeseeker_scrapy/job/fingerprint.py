"""What a job searches, remembered in JOBDIR, so that a resume cannot silently change it.

Why: a resume with another authors file, run silently, would search the dropped titles in half
of the crawl only while the job file still listed the first run's titles, so the report would
claim a search that did not happen. The first run writes :data:`INPUTS_FILE` (authors,
titles, start points, scope and the settings that change what is found); a resume compares
and, if anything differs, refuses (exit status 2) with what changed — unless the user set
``CITESEEKER_RESUME_CHANGED_INPUTS = True``: then the change is recorded in the inputs file's
history and in ``citeseeker-job.json`` (``input_changes``), and the new inputs are kept.

Who calls it: :meth:`citeseeker_scrapy.job.crawl_job.CrawlJob.from_settings`, with the job
directory's lock held. Pure: no Scrapy.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from citeseeker_scrapy.config import CrawlConfig
from citeseeker_scrapy.exceptions import InputError
from citeseeker_scrapy.job.inputs import CrawlInputs
from citeseeker_scrapy.report.logs import JOB_FILE

INPUTS_FILE = "citeseeker-inputs.json"
#: CrawlConfig fields that change what a crawl finds (their setting is CITESEEKER_<NAME>).
FINDING_FIELDS = ("method", "scheme", "fuzzy_limit", "part_length", "min_author_distance",
                  "permitted_formats", "keep_query", "max_depth", "max_docs_per_server",
                  "max_pending_docs", "max_url_length", "max_repeated_segments",
                  "header_length")


def job_inputs(config: CrawlConfig, inputs: CrawlInputs) -> dict[str, Any]:
    """The inputs of a job as plain JSON: what :func:`changes` compares."""
    settings = {}
    for name in FINDING_FIELDS:
        value = getattr(config, name)
        settings[f"CITESEEKER_{name.upper()}"] = sorted(value) if isinstance(value, frozenset) \
            else value
    return {
        "titles": [f"{' + '.join(g.authors)}: {title}" for g in inputs.groups
                   for title in g.publications],
        "start_points": list(inputs.start_points),
        "stay_within": list(inputs.stay_within),
        "forbidden": list(inputs.forbidden),
        "settings": settings,
    }


def changes(before: dict[str, Any], now: dict[str, Any]) -> list[str]:
    """One line per difference, as the user would say it."""
    lines = []
    for key in ("titles", "start_points", "stay_within", "forbidden"):
        old, new = before.get(key, []), now.get(key, [])
        added = [x for x in new if x not in old]
        dropped = [x for x in old if x not in new]
        label = key.replace("_", " ")
        if added:
            lines.append(f"{label} added: {'; '.join(added)}")
        if dropped:
            lines.append(f"{label} dropped: {'; '.join(dropped)}")
    old_settings, new_settings = before.get("settings", {}), now.get("settings", {})
    for name in sorted(set(old_settings) | set(new_settings)):
        if old_settings.get(name) != new_settings.get(name):
            lines.append(f"{name}: {old_settings.get(name)!r} -> {new_settings.get(name)!r}")
    return lines


def check_inputs(jobdir: Path, current: dict[str, Any], publications: list[str], *,
                 allow_changes: bool) -> list[str]:
    """Remember the inputs of a new job; compare a resumed one's. Returns the changes accepted
    (with ``allow_changes``); raises :class:`InputError` naming them otherwise."""
    path = jobdir / INPUTS_FILE
    if not path.exists():
        _write_json(path, {"inputs": current, "history": []})
        return []
    recorded = json.loads(path.read_text(encoding="utf-8"))
    found = changes(recorded["inputs"], current)
    if not found:
        return []
    if not allow_changes:
        raise InputError(f"JOBDIR {jobdir} was started with other inputs; this resume would "
                         f"change them: {' | '.join(found)}. Run it with the job's inputs, use "
                         "a new JOBDIR, or set CITESEEKER_RESUME_CHANGED_INPUTS=True to "
                         "continue with the new ones (the job file records both)")
    when = dt.datetime.now().isoformat(timespec="seconds")
    entry = {"when": when, "before": recorded["inputs"], "changes": found}
    _write_json(path, {"inputs": current, "history": [*recorded["history"], entry]})
    _note_in_job_file(jobdir / JOB_FILE, when, found, publications)
    return found


def _note_in_job_file(path: Path, when: str, found: list[str], publications: list[str]) -> None:
    """``citeseeker-job.json`` lists every change and the titles searched since; its
    ``publications`` keep the earlier titles too (the report shows what each run searched)."""
    job = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    job.setdefault("logs", [])
    known = job.get("publications", [])
    job["publications"] = known + [title for title in publications if title not in known]
    job.setdefault("input_changes", []).append({"when": when, "changes": found,
                                                "publications_since": publications})
    _write_json(path, job)


def _write_json(path: Path, data: dict[str, Any]) -> None:
    """Whole or not at all: a full disk leaves the previous file (rename is atomic)."""
    partial = path.with_name(path.name + ".part")
    partial.write_text(json.dumps(data, indent=1), encoding="utf-8")
    partial.replace(path)
