"""Input files of thesis §7.4.1 / Appendix E and their inline forms."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from citeseeker_scrapy.exceptions import InputError
from citeseeker_scrapy.job.inputs import (
    lines_from_argument, parse_domains, parse_search_strings, parse_start_points, read_lines,
    resolve_inputs, search_strings_from_arguments,
)
from citeseeker_scrapy.matching import AuthorGroup

APPENDIX_E = """\
#2002

author=Bosch + Agarwal
Three-Dimensional Object Construction Using a Self-mixing Type Scanning Laser Range Finder
Approximating shortest paths on a convex polytope in three dimensions
author=Shen
Computer modeling, analysis, and synthesis of dressed human
#2001

author=Kokaram + Korotov + Kanade
Detection and Removal of Line Scratches in Degraded Motion Picture Restoration
 # an indented hash is not a comment: it is a title
Recognizing action units for facial expression analysis
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_appendix_e_searchstrings(tmp_path: Path) -> None:
    path = write(tmp_path, "searchstrings.txt", APPENDIX_E)
    parsed = parse_search_strings(read_lines(path), str(path))
    assert parsed.value == (
        AuthorGroup(("Bosch", "Agarwal"), (
            "Three-Dimensional Object Construction Using a Self-mixing Type Scanning Laser Range "
            "Finder", "Approximating shortest paths on a convex polytope in three dimensions")),
        AuthorGroup(("Shen",), ("Computer modeling, analysis, and synthesis of dressed human",)),
        AuthorGroup(("Kokaram", "Korotov", "Kanade"), (
            "Detection and Removal of Line Scratches in Degraded Motion Picture Restoration",
            "# an indented hash is not a comment: it is a title",
            "Recognizing action units for facial expression analysis")),
    )
    assert parsed.warnings == ()


def test_author_prefix_is_case_insensitive_and_crlf_and_bom_are_read(tmp_path: Path) -> None:
    path = tmp_path / "s.txt"
    path.write_bytes("\ufeffAUTHOR=Ježek\r\nTitle one\r\n\r\n".encode("utf-8"))
    parsed = parse_search_strings(read_lines(path), str(path))
    assert parsed.value == (AuthorGroup(("Ježek",), ("Title one",)),)


def test_lines_before_first_group_and_empty_groups_are_warned_not_fatal(tmp_path: Path) -> None:
    path = write(tmp_path, "s.txt", "2002\nauthor=A\nauthor= + \nT\nauthor=B\nTitle B\nauthor=C\n")
    parsed = parse_search_strings(read_lines(path), str(path))
    assert parsed.value == (AuthorGroup(("B",), ("Title B",)),)
    assert len(parsed.warnings) == 4
    assert parsed.warnings[0].startswith(f"{path}:1: ignored")
    assert any(w.startswith(f"{path}:2:") and "no publication" in w for w in parsed.warnings)
    assert any(w.startswith(f"{path}:3:") and "names no author" in w for w in parsed.warnings)


@pytest.mark.parametrize("text", ["", "# only a comment\n\n", "Title\nanother\n", "author=X\n"])
def test_no_valid_group_is_an_error_naming_the_file(tmp_path: Path, text: str) -> None:
    path = write(tmp_path, "s.txt", text)
    with pytest.raises(InputError, match=rf"^{path}: no valid author group"):
        parse_search_strings(read_lines(path), str(path))


def test_unreadable_file_is_an_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="nope.txt: cannot read input file"):
        read_lines(tmp_path / "nope.txt")
    with pytest.raises(InputError, match="cannot read input file"):
        read_lines(tmp_path)  # a directory


def test_inline_authors_and_publications() -> None:
    parsed = search_strings_from_arguments("Bosch + Agarwal", "Title one| Title two |")
    assert parsed.value == (AuthorGroup(("Bosch", "Agarwal"), ("Title one", "Title two")),)
    with pytest.raises(InputError, match="need -a publications"):
        search_strings_from_arguments("Bosch", None)
    with pytest.raises(InputError, match="no valid author group"):
        search_strings_from_arguments(" + ", "T")


def test_publications_argument_with_an_authors_file_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "s.txt", "author=A\nT\n")
    with pytest.raises(InputError, match="goes with inline authors"):
        search_strings_from_arguments(str(path), "T2")


def test_start_points_file_and_inline(tmp_path: Path) -> None:
    path = write(tmp_path, "startpoints.txt",
                 "#http://commented.out/\nhttp://www.acm.org\n\nhttps://a.b/x.html\n"
                 "file:///tmp/site/\nwww.no-protocol.org\nhttp://www.acm.org\n")
    parsed = parse_start_points(read_lines(path), str(path))
    assert parsed.value == ("http://www.acm.org", "https://a.b/x.html", "file:///tmp/site/")
    assert parsed.warnings == (f"{path}:6: start point 'www.no-protocol.org' skipped: it needs a "
                               "protocol (http://, https:// or file://)",)
    lines, origin = lines_from_argument("http://a/ http://b/x.html", "startpoints")
    assert parse_start_points(lines, origin).value == ("http://a/", "http://b/x.html")


def test_empty_start_points_file_is_allowed_but_only_bad_ones_is_an_error(tmp_path: Path) -> None:
    empty = write(tmp_path, "startpoints.txt", "# none yet\n")
    assert parse_start_points(read_lines(empty), str(empty)).value == ()
    bad = write(tmp_path, "bad.txt", "www.example.org\n")
    with pytest.raises(InputError, match=r"bad.txt: no usable start point: .*bad.txt:1"):
        parse_start_points(read_lines(bad), str(bad))


def test_domains_accept_prefixes_and_wildcards(tmp_path: Path) -> None:
    path = write(tmp_path, "forbiddendomains.txt",
                 ".com\n.UK\nhttp://wscg.zcu.cz\nhttp://www.math.psu.edu/dna/graphics.html\n"
                 ".stanford.edu\nnot a domain\n")
    parsed = parse_domains(read_lines(path), str(path))
    assert parsed.value == (".com", ".uk", "http://wscg.zcu.cz",
                            "http://www.math.psu.edu/dna/graphics.html", ".stanford.edu")
    assert len(parsed.warnings) == 1 and ":6:" in parsed.warnings[0]


def test_resolve_inputs_uses_the_inputs_folder_and_arguments_override(tmp_path: Path) -> None:
    write(tmp_path, "searchstrings.txt", "author=A\nT\n")
    write(tmp_path, "startpoints.txt", "http://a.example/\n")
    write(tmp_path, "staywithindomains.txt", ".edu\n")
    defaults = resolve_inputs(tmp_path)
    assert defaults.groups == (AuthorGroup(("A",), ("T",)),)
    assert defaults.start_points == ("http://a.example/",)
    assert defaults.stay_within == (".edu",) and defaults.forbidden == ()
    overridden = resolve_inputs(tmp_path, authors="B", publications="U",
                                startpoints="http://b.example/", forbidden=".com .org")
    assert overridden.groups == (AuthorGroup(("B",), ("U",)),)
    assert overridden.start_points == ("http://b.example/",)
    assert overridden.forbidden == (".com", ".org")


def test_missing_required_default_file_is_an_error(tmp_path: Path) -> None:
    write(tmp_path, "searchstrings.txt", "author=A\nT\n")
    with pytest.raises(InputError, match="startpoints.txt: required input file is missing"):
        resolve_inputs(tmp_path)


# --- encodings: read as written, or refused with the line; never replacement characters ------


CZECH = "author=Fiala + Ježek\nVyhledávání citací na webu\nDvořák a Čapek\n"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "cp1250"])
def test_input_files_are_read_in_the_encoding_they_are_in(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "s.txt"
    path.write_bytes(CZECH.encode(encoding))
    parsed = parse_search_strings(read_lines(path), str(path))
    assert parsed.value == (AuthorGroup(("Fiala", "Ježek"), (
        "Vyhledávání citací na webu", "Dvořák a Čapek")),)


def test_a_western_legacy_file_is_read_too(tmp_path: Path) -> None:
    path = tmp_path / "s.txt"
    path.write_bytes("author=Müller\nÜber die Größe\n".encode("cp1252"))
    assert [line.text for line in read_lines(path)] == ["author=Müller", "Über die Größe"]


def test_an_ambiguous_legacy_file_is_refused_with_its_line(tmp_path: Path) -> None:
    """ISO 8859-2 "ž" is cp1250 "ľ": both read as Slovak, so the file is refused, not guessed."""
    path = tmp_path / "s.txt"
    path.write_bytes("# names\nauthor=Ježek\nTitle\n".encode("iso-8859-2"))
    with pytest.raises(InputError, match=r"s\.txt:2: not UTF-8 .*save the file as UTF-8"):
        read_lines(path)


def test_bytes_that_fit_no_code_page_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.txt"
    path.write_bytes(b"author=A\nTitle \x81\x8d\x8f\x90\x9d\n")
    with pytest.raises(InputError, match=r"s\.txt:2: not UTF-8 and its characters fit no"):
        read_lines(path)


def test_a_broken_utf16_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.txt"
    path.write_bytes(codecs.BOM_UTF16_LE + "author=A\n".encode("utf-16-le") + b"\x00\xd8")
    with pytest.raises(InputError, match="not valid utf-16"):
        read_lines(path)
