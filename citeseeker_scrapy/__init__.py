"""CiteSeeker-Scrapy: crawl the web from start points and find who cites given publications.

The package is the core: input parsing, URL rules, the matcher, text extraction, the frontier
and the report files. It never imports the Scrapy components (``citeseeker_scrapy.spiders``,
``.pipelines``, ``.middlewares``, ``.extensions``); those are thin adapters that call into it.

Where the components live: a source checkout keeps them in the top-level folders ``spiders/``,
``pipelines/``, ``middlewares/`` and ``extensions/`` (the project's layout); installed (a wheel,
Scrapyd's egg) they are subpackages of this package (pyproject.toml maps the folders), so that
nothing of the project lands at the top level of site-packages where another project's
``spiders`` would collide with ours. Either way they are imported by the same names,
``citeseeker_scrapy.spiders`` and so on: in a checkout this package's search path also holds
the checkout's root, which is where those folders are.
"""

from importlib import resources
from pathlib import Path

__version__ = "0.1.0"

#: The Scrapy component packages, by their name under this package.
COMPONENT_PACKAGES = ("spiders", "pipelines", "middlewares", "extensions")


def _checkout_root() -> Path | None:
    """The source checkout holding this package when the components sit beside it (not
    inside it, as in an installed copy); None when installed."""
    if (resources.files(__name__) / COMPONENT_PACKAGES[0]).is_dir():
        return None
    root = Path(__file__).resolve().parent.parent
    if all((root / name / "__init__.py").is_file() for name in COMPONENT_PACKAGES):
        return root
    return None


_ROOT = _checkout_root()
if _ROOT is not None:
    __path__.append(str(_ROOT))  # noqa: F821 - a package's module search path
