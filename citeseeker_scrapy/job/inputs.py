"""The input files of the original (thesis §7.4.1, Appendix E) and their inline `-a` forms.

Formats are byte-compatible with CiteSeeker's INPUTS folder:

* ``searchstrings.txt`` — ``author=Name1 + Name2`` starts a group; the following lines, up to the
  next ``author=`` line, are that group's titles.
* ``startpoints.txt`` — one URL per line, protocol required.
* ``staywithindomains.txt`` / ``forbiddendomains.txt`` — URL prefixes or wildcard domains
  (``.edu``).

In every file a line starting with ``#`` (no white space before it) and blank lines are ignored.
Files are UTF-8 (with or without a BOM), UTF-16 with a BOM, or a legacy 8-bit code page that
:func:`decode_input` can tell apart (cp1250, cp1252, ISO 8859-2/-1); anything else is refused with
the file and line, never read with replacement characters.
Problems that make a run pointless raise :class:`InputError` naming the file and line; problems
that only lose one line are returned as warnings so the caller can log them and go on.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from importlib.abc import Traversable
from pathlib import Path

from citeseeker_scrapy.exceptions import InputError
from citeseeker_scrapy.extraction.decode import bom_encoding
from citeseeker_scrapy.matching import AuthorGroup

AUTHOR_PREFIX = "author="
SUPPORTED_SCHEMES = ("http://", "https://", "file://")


@dataclass(frozen=True)
class SourceLine:
    """One meaningful line of an input, with where it came from (for error messages)."""

    origin: str
    number: int
    text: str

    def where(self) -> str:
        return f"{self.origin}:{self.number}"


@dataclass(frozen=True)
class Parsed:
    """A parse result plus the warnings about lines that were skipped."""

    value: tuple
    warnings: tuple[str, ...] = field(default=())


def looks_like_file(value: str) -> bool:
    """An `-a` value names a file when it exists or ends in ``.txt`` (so a typo is reported)."""
    return os.path.isfile(value) or value.strip().lower().endswith(".txt")


def read_lines(path: str | os.PathLike | Traversable) -> list[SourceLine]:
    """Meaningful lines of an input file: comments (``#`` in column 1) and blank lines dropped.

    ``path`` may be a packaged resource (the default inputs inside scrapyd's zipped egg)."""
    try:
        raw = (Path(path) if isinstance(path, (str, os.PathLike)) else path).read_bytes()
    except OSError as error:
        raise InputError(f"{path}: cannot read input file: {error.strerror or error}") from error
    return _meaningful(str(path), decode_input(raw, str(path)).splitlines())


#: Legacy code pages an input file may be in, most likely first (the original ran on Windows
#: in Central Europe: its files were cp1250).
LEGACY_ENCODINGS = ("cp1250", "cp1252", "iso-8859-2", "iso-8859-1")
#: The non-ASCII letters of the languages whose names and titles the inputs hold; a legacy
#: decoding is plausible when one of these alphabets has every non-ASCII letter it produced
#: (cp1252 reads the cp1250 bytes of "Dvořák" as "Dvoøák": ø and á are in no one alphabet).
ALPHABETS = tuple(frozenset(letters) for letters in (
    "áäčďéěíĺľňóôŕřšťúůýž",       # Czech, Slovak
    "ąćęłńóśźż",                  # Polish
    "áéíóöőúüű",                  # Hungarian
    "čćđšž",                      # Slovene, Croatian, Serbian (Latin)
    "ăâîșțşţ",                    # Romanian
    "äöüß", "àâæçéèêëîïôœùûüÿ",   # German, French
    "áéíñóúü", "àèéìíòóù",         # Spanish, Italian
    "ãõáàâçéêíóôú", "åæøäöé",     # Portuguese, Scandinavian
))


def decode_input(raw: bytes, origin: str) -> str:
    """The text of an input file in the encoding it is in, or :class:`InputError` naming the
    file and line. Why: a cp1250 ``author=Ježek`` read as UTF-8 with replacement characters
    silently found nothing. Called by :func:`read_lines` for every input file."""
    marked = bom_encoding(raw)
    if marked is not None:
        return _strict(raw, marked, origin)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return _legacy(raw, origin, _line_of(raw, error.start))


def _strict(raw: bytes, codec: str, origin: str) -> str:
    try:
        return raw.decode(codec)
    except UnicodeDecodeError as error:
        raise InputError(f"{origin}: not valid {codec} although it starts with its byte-order "
                         f"mark (byte {error.start}); save it as UTF-8") from error


def _legacy(raw: bytes, origin: str, line: int) -> str:
    """The one plausible legacy decoding; none, or two that differ, is an InputError."""
    texts = dict.fromkeys(_decoded(raw, codec) for codec in LEGACY_ENCODINGS)
    plausible = [text for text in texts if text is not None and _plausible(text)]
    if len(plausible) == 1:
        return plausible[0]
    why = "its characters fit no one code page" if not plausible else \
        "it reads differently in several code pages (" + " or ".join(
            repr(_line(text, line)) for text in plausible[:2]) + ")"
    raise InputError(f"{origin}:{line}: not UTF-8 and {why}; save the file as UTF-8")


def _decoded(raw: bytes, codec: str) -> str | None:
    try:
        return raw.decode(codec)
    except UnicodeDecodeError:
        return None


def _plausible(text: str) -> bool:
    """Every non-ASCII character a letter of one alphabet (control and symbol characters such
    as the C1 controls of ISO 8859-1 or cp1257's "˛" are what a wrong code page produces)."""
    letters = {char for char in text.lower() if ord(char) > 127}
    return any(letters <= alphabet for alphabet in ALPHABETS)


def _line_of(raw: bytes, offset: int) -> int:
    return raw.count(b"\n", 0, offset) + 1


def _line(text: str, number: int) -> str:
    lines = text.splitlines()
    return lines[number - 1].strip() if 0 < number <= len(lines) else ""


def _meaningful(origin: str, lines: list[str]) -> list[SourceLine]:
    kept = []
    for number, line in enumerate(lines, start=1):
        if line.startswith("#") or not line.strip():
            continue
        kept.append(SourceLine(origin, number, line.strip()))
    return kept


# --- searchstrings ----------------------------------------------------------------------------


def parse_search_strings(lines: list[SourceLine], origin: str) -> Parsed:
    """Author groups from searchstrings lines; no valid group at all is an :class:`InputError`."""
    groups: list[AuthorGroup] = []
    warnings: list[str] = []
    authors: tuple[str, ...] | None = None
    titles: list[str] = []
    header: SourceLine | None = None
    for line in lines:
        if line.text.lower().startswith(AUTHOR_PREFIX):
            _close_group(groups, warnings, header, authors, titles)
            header, authors, titles = line, _split_authors(line, warnings), []
        elif authors is None:
            warnings.append(f"{line.where()}: ignored, no 'author=' line before it: {line.text!r}")
        else:
            titles.append(line.text)
    _close_group(groups, warnings, header, authors, titles)
    if not groups:
        raise InputError(
            f"{origin}: no valid author group: expected a line 'author=Name1 + Name2' "
            "followed by one or more publication titles"
        )
    return Parsed(tuple(groups), tuple(warnings))


def _split_authors(line: SourceLine, warnings: list[str]) -> tuple[str, ...]:
    """The names of an ``author=`` line; () marks a group skipped (its titles with it)."""
    names = tuple(n.strip() for n in line.text[len(AUTHOR_PREFIX):].split("+") if n.strip())
    if not names:
        warnings.append(f"{line.where()}: 'author=' line names no author; its group is skipped")
    return names


def _close_group(groups, warnings, header, authors, titles) -> None:
    if header is None or not authors:
        return
    if not titles:
        warnings.append(f"{header.where()}: group {' + '.join(authors)} has no publication; skipped")
        return
    groups.append(AuthorGroup(authors=authors, publications=tuple(titles)))


def search_strings_from_arguments(authors: str, publications: str | None) -> Parsed:
    """``-a authors=FILE`` or ``-a authors="A + B" -a publications="T1|T2"``."""
    if looks_like_file(authors):
        if publications:
            raise InputError("-a publications=... goes with inline authors, not with an authors file")
        return parse_search_strings(read_lines(authors), authors)
    if not publications or not publications.strip():
        raise InputError(
            f"-a authors={authors!r}: inline authors need -a publications=\"Title one|Title two\""
        )
    lines = [SourceLine("-a authors", 1, AUTHOR_PREFIX + authors)]
    lines += [SourceLine("-a publications", 1, t.strip()) for t in publications.split("|") if t.strip()]
    return parse_search_strings(lines, "-a authors/publications")


# --- start points and domains -----------------------------------------------------------------


def parse_start_points(lines: list[SourceLine], origin: str) -> Parsed:
    """Start URLs; one without a supported protocol is reported and skipped, unless none remain."""
    urls: list[str] = []
    warnings: list[str] = []
    for line in lines:
        if line.text.lower().startswith(SUPPORTED_SCHEMES):
            urls.append(line.text)
        else:
            warnings.append(
                f"{line.where()}: start point {line.text!r} skipped: it needs a protocol "
                "(http://, https:// or file://)"
            )
    if warnings and not urls:
        raise InputError(f"{origin}: no usable start point: " + "; ".join(warnings))
    return Parsed(tuple(dict.fromkeys(urls)), tuple(warnings))


def parse_domains(lines: list[SourceLine], origin: str) -> Parsed:
    """URL prefixes (with protocol) or wildcard domains starting with a dot."""
    rules: list[str] = []
    warnings: list[str] = []
    for line in lines:
        text = line.text
        if text.startswith(".") and len(text) > 1 and " " not in text:
            rules.append(text.lower())
        elif text.lower().startswith(SUPPORTED_SCHEMES):
            rules.append(text)
        else:
            warnings.append(
                f"{line.where()}: domain {text!r} skipped: use a URL with protocol or a "
                "wildcard domain starting with a dot, such as .edu"
            )
    return Parsed(tuple(dict.fromkeys(rules)), tuple(warnings))


def lines_from_argument(value: str, name: str) -> tuple[list[SourceLine], str]:
    """A file's lines when ``value`` names a file, else its white-space separated words."""
    if looks_like_file(value):
        return read_lines(value), value
    words = value.split()
    return [SourceLine(f"-a {name}", index, w) for index, w in enumerate(words, 1)], f"-a {name}"


# --- everything a crawl needs -------------------------------------------------------------------


@dataclass(frozen=True)
class CrawlInputs:
    """The parsed inputs of one crawl plus the warnings about lines that were skipped."""

    groups: tuple[AuthorGroup, ...]
    start_points: tuple[str, ...]
    stay_within: tuple[str, ...]
    forbidden: tuple[str, ...]
    warnings: tuple[str, ...]
    #: the file the searched titles came from when no ``-a authors`` was given (else None)
    default_search: str | None = None


def resolve_inputs(
    inputs_dir: Path | Traversable,
    *,
    authors: str | None = None,
    publications: str | None = None,
    startpoints: str | None = None,
    staywithin: str | None = None,
    forbidden: str | None = None,
) -> CrawlInputs:
    """Spider arguments where given, else the files of ``inputs_dir`` (as the original did)."""
    if isinstance(inputs_dir, (str, os.PathLike)):
        inputs_dir = Path(inputs_dir)
    searched = (
        search_strings_from_arguments(authors, publications)
        if authors is not None
        else _from_default_file(inputs_dir / "searchstrings.txt", parse_search_strings, True)
    )
    starts = _from_argument_or_file(startpoints, "startpoints", inputs_dir / "startpoints.txt",
                                    parse_start_points, required=True)
    stay = _from_argument_or_file(staywithin, "staywithin", inputs_dir / "staywithindomains.txt",
                                  parse_domains, required=False)
    banned = _from_argument_or_file(forbidden, "forbidden", inputs_dir / "forbiddendomains.txt",
                                    parse_domains, required=False)
    warnings = searched.warnings + starts.warnings + stay.warnings + banned.warnings
    default_search = str(inputs_dir / "searchstrings.txt") if authors is None else None
    return CrawlInputs(searched.value, starts.value, stay.value, banned.value, warnings,
                       default_search)


def _from_argument_or_file(value, name, default_file: Traversable, parse, *,
                           required: bool) -> Parsed:
    if value is None:
        return _from_default_file(default_file, parse, required)
    lines, origin = lines_from_argument(value, name)
    return parse(lines, origin)


def _from_default_file(path: Traversable, parse, required: bool) -> Parsed:
    if not path.is_file():
        if required:
            raise InputError(f"{path}: required input file is missing")
        return Parsed(())
    return parse(read_lines(path), str(path))
