"""The built distributions: exactly the project's packages, and extraction from inside a zip.

scrapyd puts the deployed egg (a zip) on ``sys.path``; a wheel and a zipapp are zips too. A PDF
and a PostScript file are read through each of them in a fresh interpreter that can import the
project only from that archive, so the parser workers must start from it as well.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
import zipapp
import zipfile
from pathlib import Path

import pytest

from tests.support import docgen
from tests.support.servers import SiteServer, write_site
from tests.support.packaging import (
    build_egg,
    build_wheel,
    clean_environment,
    copy_project,
    project_packages,
    shipped_packages,
)

#: Reads the two files named last on the command line with the project found on sys.path, and
#: prints where the package and its default inputs came from, and the texts.
EXTRACT = """
import json, sys, tempfile
import citeseeker_scrapy
from citeseeker_scrapy.config import CrawlConfig
from citeseeker_scrapy.extraction import DocumentExtractor, ExtractionLimits
from citeseeker_scrapy.job.inputs import resolve_inputs
config = CrawlConfig.from_settings({})
texts = []
with DocumentExtractor(ExtractionLimits(), tempfile.mkdtemp(), workers=1) as extractor:
    for path in sys.argv[-2:]:
        with open(path, "rb") as handle:
            texts += [getattr(e, "text", repr(e)) for e in extractor.extract(path, handle.read())]
print(json.dumps({"package": citeseeker_scrapy.__file__, "inputs": str(config.inputs_dir),
                  "groups": len(resolve_inputs(config.inputs_dir).groups), "texts": texts}))
"""
FROM_ARCHIVE = "import sys; sys.path.insert(0, sys.argv.pop(1)); " + EXTRACT


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("builds")
    project = copy_project(root / "project")
    egg = build_egg(project, root / "project.egg")
    wheel = build_wheel(project, root / "wheel")
    unpacked = root / "app"
    with zipfile.ZipFile(wheel) as opened:
        opened.extractall(unpacked)
    (unpacked / "__main__.py").write_text(EXTRACT, encoding="utf-8")
    app = root / "citeseeker.pyz"
    zipapp.create_archive(unpacked, app)
    shutil.rmtree(unpacked)
    return {"egg": egg, "wheel": wheel, "zipapp": app}


def test_the_egg_carries_bytecode_of_every_module_even_where_python_writes_none(
        builds) -> None:
    """Built with PYTHONDONTWRITEBYTECODE=1 (as on this machine and Debian's CI images),
    setuptools compiled nothing, and Scrapyd's jobs and their parser processes compiled every
    module from source at each start: nothing can write bytecode into a zip."""
    with zipfile.ZipFile(builds["egg"]) as opened:
        names = set(opened.namelist())
    sources = {name for name in names if name.endswith(".py")}
    assert len(sources) > 100
    assert {name for name in sources if name + "c" not in names} == set()


@pytest.mark.parametrize("kind", ["egg", "wheel"])
def test_distribution_holds_exactly_the_projects_packages(builds, kind: str) -> None:
    shipped = shipped_packages(builds[kind])
    assert shipped == project_packages()
    assert {name.split(".")[0] for name in shipped} == {"citeseeker_scrapy"}  # one top-level name
    with zipfile.ZipFile(builds[kind]) as opened:
        names = opened.namelist()
        entry_points = next(n for n in names if n.endswith("entry_points.txt"))
        assert "[scrapy]\nsettings = citeseeker_scrapy.settings" in opened.read(entry_points).decode()
    for sample in ("searchstrings.txt", "startpoints.txt", "staywithindomains.txt.sample"):
        assert f"citeseeker_scrapy/inputs/{sample}" in names


@pytest.fixture(scope="module")
def documents(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    root = tmp_path_factory.mktemp("documents")
    ps = docgen.postscript(docgen.paper_pages("packaging"))
    (root / "paper.pdf").write_bytes(docgen.ghostscript_pdf(ps))
    (root / "paper.ps").write_bytes(ps)
    return [root / "paper.pdf", root / "paper.ps"]


@pytest.mark.parametrize("kind", ["egg", "wheel", "zipapp"])
def test_pdf_and_postscript_are_read_with_the_project_inside_a_zip(
        builds, documents: list[Path], kind: str, tmp_path: Path) -> None:
    archive = builds[kind]
    if kind == "zipapp":
        argv = [sys.executable, "-I", str(archive), *map(str, documents)]
    else:
        argv = [sys.executable, "-I", "-c", FROM_ARCHIVE, str(archive), *map(str, documents)]
    done = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env=clean_environment())
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert report["package"].startswith(str(archive) + "/")
    assert report["inputs"].rstrip("/") == f"{archive}/citeseeker_scrapy/inputs"
    assert report["groups"] >= 1  # the packaged searchstrings.txt, read from inside the zip
    assert len(report["texts"]) == 2, report["texts"]
    for text in report["texts"]:
        assert docgen.CITATION_KEY in docgen.normalized(text), text[:300]


def test_installed_citeseeker_command_crawls_from_any_directory(builds, tmp_path: Path) -> None:
    """``pip install .`` then ``citeseeker -a ... -O out.jsonl`` in the user's own directory (no
    scrapy.cfg anywhere above it): the crawl runs, and feed and logs land where the user is."""
    venv = install_in_venv(builds["wheel"], tmp_path / "venv")
    user = tmp_path / "user"
    user.mkdir()
    with SiteServer(write_site(tmp_path / "site", {"index.html": CITING_PAGE})) as site:
        done = subprocess.run(
            [str(venv / "bin" / "citeseeker"), "-a", "authors=Fiala",
             "-a", "publications=Retrieving citations on the web",
             "-a", f"startpoints={site.base}/", "-O", "out.jsonl", "-s", "LOG_LEVEL=INFO"],
            cwd=user, capture_output=True, text=True, timeout=120, env=clean_environment())
    assert done.returncode == 0, done.stderr[-3000:]
    documents = [json.loads(line) for line in (user / "out.jsonl").read_text().splitlines()]
    assert [d["url"] for d in documents] == [f"{site.base}/"]
    assert (user / "logs" / "success.log").is_file()
    report = subprocess.run([str(venv / "bin" / "citeseeker"), "citeseeker-report", "logs"],
                            cwd=user, capture_output=True, text=True, timeout=60,
                            env=clean_environment())
    assert report.returncode == 0 and (user / "logs" / "report.html").is_file(), report.stderr


CITING_PAGE = "<html><body><p>[1] D. Fiala: Retrieving citations on the web.</p></body></html>"


def install_in_venv(wheel: Path, venv: Path) -> Path:
    """A fresh venv with the wheel installed as ``pip install`` would; its dependencies are
    those of the test's own environment (a .pth file: nothing is downloaded)."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    site_packages = next((venv / "lib").glob("python*/site-packages"))
    (site_packages / "test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"),
                    "install", "--quiet", "--no-deps", "--no-index", str(wheel)], check=True,
                   env=clean_environment(), timeout=120)
    where = subprocess.run([str(venv / "bin" / "python"), "-c", "import citeseeker_scrapy; "
                            "print(citeseeker_scrapy.__file__)"], cwd=venv, capture_output=True,
                           text=True, check=True, env=clean_environment()).stdout
    assert where.startswith(str(site_packages))  # the installed copy, not the checkout
    return venv
