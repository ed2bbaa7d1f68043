"""``docs/settings.md`` written from the settings table: each ``CITESEEKER_*`` heading's first
paragraph (the one line of doc) and its closing list (type, default, example) come from
:data:`citeseeker_scrapy.settings_table.SETTINGS`; what lies between them, the section
headings and the page's introduction are hand-written and kept as they are.

Who calls it: ``tests/test_settings_table.py`` (the page must equal what this renders) and a
maintainer after changing the table::

    python -m citeseeker_scrapy.settings_doc      # rewrites docs/settings.md
"""

from __future__ import annotations

import re
import sys
import textwrap
from pathlib import Path

from .setting_kinds import Setting
from .settings_table import SETTINGS

DOC = Path(__file__).resolve().parent.parent / "docs" / "settings.md"
#: A heading of one of our settings, and everything up to the next heading.
SECTION = re.compile(r"^### `(CITESEEKER_[A-Z0-9_]+)`\n(.*?)(?=^### |^## |\Z)", re.S | re.M)
WIDTH = 96


def render(text: str) -> str:
    """``text`` (the page) with every setting's generated parts rewritten from the table.
    A setting of the table without a heading, or a heading of no setting, is a ValueError
    naming it: where a new setting goes on the page is a writer's choice."""
    named = SECTION.findall(text)
    headings = [name for name, _ in named]
    missing = [name for name in SETTINGS if name not in headings]
    unknown = [name for name in headings if name not in SETTINGS]
    if missing or unknown:
        raise ValueError(f"docs/settings.md: no section for {missing}; no setting {unknown}")
    return SECTION.sub(lambda match: section(SETTINGS[match.group(1)], match.group(2)), text)


def section(setting: Setting, body: str) -> str:
    """One setting's heading, doc line, the hand-written paragraphs of ``body``, its list."""
    paragraphs = [p for p in body.strip("\n").split("\n\n") if p.strip()]
    if paragraphs and paragraphs[-1].startswith("* Type:"):
        paragraphs.pop()
    prose = paragraphs[1:]  # the first is the doc line, written anew
    facts = (f"* Type: {setting.type_doc()}\n* Default: {setting.default_text()}\n"
             f"* Example: `{setting.example_text()}`")
    return "\n\n".join([f"### `{setting.name}`", wrap(setting.doc), *prose, facts]) + "\n\n"


def wrap(text: str) -> str:
    """``text`` in lines of at most :data:`WIDTH`, never breaking inside a `code span`."""
    kept = re.sub(r"`[^`]*`", lambda span: span.group().replace(" ", "\0"), text)
    lines = textwrap.fill(kept, WIDTH, break_long_words=False, break_on_hyphens=False)
    return lines.replace("\0", " ")


def main() -> int:
    DOC.write_text(render(DOC.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
