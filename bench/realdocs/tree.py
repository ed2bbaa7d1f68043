"""The real document tree of bench_realdocs.py: Debian's TeX Live documentation packages.

Why these: hundreds of real PDF manuals (typeset by pdfTeX, LuaTeX, dvips + Ghostscript), HTML,
``.txt``, ``.tex.gz``/``.bib.gz`` sources, some ``.ps.gz``/``.eps.gz`` and ZIPs, exactly as a
documentation mirror serves them. The package is installed with apt-get (lock timeout 600 s:
other jobs use apt on this machine), and the site is a tree of symbolic links to the package's
files, split between two servers by top-level package directory. Other Debian documentation
packages work too (``python3.11-doc``: its HTML tree under ``/usr/share/doc/python3.11/html`` is
one package directory, on one server), alone or together with ``texlive-science-doc``.

The queries come from the same tree: the ``.bib`` files shipped with the manuals name works that
the manuals cite, so both crawlers have real citations to find (plus Knuth's and Lamport's books,
cited everywhere in TeX documentation).
"""

from __future__ import annotations

import gzip
import os
import re
import subprocess
from pathlib import Path

DOC_ROOT = "/usr/share/doc/texlive-doc/"
#: Where a package's files are taken from, the first that holds any of them: TeX Live's shared
#: root (its package directories are ``latex/pgfplots``, ...; the package's own changelog in
#: ``/usr/share/doc/<package>`` is left out, as before), else Debian's documentation root
#: (``python3.11/html``).
DOC_ROOTS = (DOC_ROOT, "/usr/share/doc/")
APT_GET = ["apt-get", "-o", "DPkg::Lock::Timeout=600", "install", "-y", "--no-install-recommends"]
TOOLS = {"wget": "wget", "pdftotext": "poppler-utils", "gs": "ghostscript"}
CLASSICS = (
    ("Knuth", ("The TeXbook", "Literate Programming", "The METAFONTbook")),
    ("Lamport", ("LaTeX: A Document Preparation System",)),
    ("Mittelbach + Goossens", ("The LaTeX Companion",)),
)
#: How many .bib entries become queries (deterministic choice, spread over the tree).
BIB_QUERIES = 60


def installed(package: str) -> bool:
    result = subprocess.run(["dpkg-query", "-W", "-f=${Status}", package],
                            capture_output=True, text=True)
    return result.returncode == 0 and "install ok installed" in result.stdout


def ensure_packages(packages: list[str]) -> None:
    """Install the document packages and the peer's tools unless they are there already."""
    missing = [p for p in packages if not installed(p)]
    missing += [pkg for tool, pkg in TOOLS.items() if not _on_path(tool) and pkg not in missing]
    if missing:
        print(f"installing {' '.join(missing)} with apt-get (large downloads) ...", flush=True)
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run([*APT_GET, *missing], check=True, env=env, stdout=subprocess.DEVNULL)


def _on_path(tool: str) -> bool:
    return any(os.access(os.path.join(d, tool), os.X_OK)
               for d in os.environ.get("PATH", "").split(os.pathsep))


def package_files(packages: list[str]) -> list[str]:
    """Regular files of the packages under the shared documentation root."""
    files: list[str] = []
    for package in packages:
        listing = subprocess.run(["dpkg", "-L", package], capture_output=True, text=True,
                                 check=True).stdout.splitlines()
        for root in DOC_ROOTS:
            found = [f for f in listing if f.startswith(root) and os.path.isfile(f)]
            if found:
                files += found
                break
    return sorted(set(files))


def _relative(path: str) -> str:
    """``path`` inside the first of :data:`DOC_ROOTS` that holds it."""
    root = next(root for root in DOC_ROOTS if path.startswith(root))
    return path[len(root):]


def build_sites(files: list[str], workdir: Path, servers: int) -> list[Path]:
    """``servers`` directories of symbolic links; package directories alternate between them."""
    roots = [workdir / f"site{i}" for i in range(servers)]
    packages = sorted({_package_dir(f) for f in files})
    site_of = {package: roots[i % servers] for i, package in enumerate(packages)}
    for source in files:
        target = site_of[_package_dir(source)] / _relative(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists():
            target.symlink_to(source)
    for root in roots:
        root.mkdir(parents=True, exist_ok=True)
    return roots


def _package_dir(path: str) -> str:
    """``latex/pgfplots`` for ``.../texlive-doc/latex/pgfplots/doc/x.pdf``, ``python3.11/html``
    for ``/usr/share/doc/python3.11/html/library/os.html``."""
    return "/".join(_relative(path).split("/")[:2])


# --- queries from .bib files ---------------------------------------------------------------

_ENTRY = re.compile(r"@(\w+)\s*\{\s*([^,\s]*)\s*,", re.ASCII)
_FIELD = re.compile(r"(\w+)\s*=\s*", re.ASCII)
_TEX_COMMAND = re.compile(r"\\[A-Za-z]+\*?|\\.")


def bib_entries(text: str) -> list[dict[str, str]]:
    """Fields of each ``@type{key, field = {value} | "value", ...}`` entry (enough for queries)."""
    entries = []
    for match in _ENTRY.finditer(text):
        if match.group(1).lower() in ("string", "preamble", "comment"):
            continue
        entries.append(_fields(text, match.end()))
    return entries


def _fields(text: str, position: int) -> dict[str, str]:
    fields: dict[str, str] = {}
    while True:
        match = _FIELD.match(text, _skip_space_and_commas(text, position))
        if not match:
            return fields
        value, position = _value(text, match.end())
        fields[match.group(1).lower()] = value


def _skip_space_and_commas(text: str, position: int) -> int:
    while position < len(text) and (text[position].isspace() or text[position] == ","):
        position += 1
    return position


def _value(text: str, position: int) -> tuple[str, int]:
    if position < len(text) and text[position] in "{\"":
        closing, depth, start = ("}" if text[position] == "{" else "\""), 0, position + 1
        for index in range(start, len(text)):
            char = text[index]
            if char == "{":
                depth += 1
            elif char == "}" and depth > 0:
                depth -= 1
            elif char == closing and depth == 0:
                return text[start:index], index + 1
        return text[start:], len(text)
    end = position
    while end < len(text) and text[end] not in ",}\n":
        end += 1
    return text[position:end].strip(), end


def plain(tex: str) -> str:
    """TeX markup out: commands, braces, ties; white space collapsed."""
    text = _TEX_COMMAND.sub("", tex).replace("~", " ")
    return " ".join(re.sub(r"[{}$^_]", "", text).split())


def surnames(authors: str) -> list[str]:
    """Family names of a BibTeX author list ("Last, First and First Last")."""
    names = []
    for person in re.split(r"\s+and\s+", plain(authors)):
        person = person.strip()
        if not person or person.lower() == "others":
            continue
        family = person.split(",")[0] if "," in person else person.split()[-1]
        if family.isalpha() and len(family) > 2:
            names.append(family)
    return names[:2]


def queries(files: list[str], limit: int = BIB_QUERIES) -> str:
    """A searchstrings file (thesis Appendix E format) from the tree's .bib entries."""
    candidates = {}
    for path in files:
        if not path.endswith((".bib", ".bib.gz")):
            continue
        raw = gzip.open(path).read() if path.endswith(".gz") else Path(path).read_bytes()
        for entry in bib_entries(raw.decode("utf-8", "replace")):
            title, names = plain(entry.get("title", "")), surnames(entry.get("author", ""))
            if names and 4 <= len(title.split()) <= 20 and title.isascii():
                candidates.setdefault(title.lower(), (names, title))
    chosen = sorted(candidates.values(), key=lambda c: c[1].lower())
    step = max(1, len(chosen) // limit)
    lines = ["# bench_realdocs.py: works from the tree's .bib files, and TeX classics"]
    for names, titles in CLASSICS:
        lines += [f"author={names}", *titles]
    for names, title in chosen[::step][:limit]:
        lines += [f"author={' + '.join(names)}", title]
    return "\n".join(lines) + "\n"
