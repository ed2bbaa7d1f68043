"""Fixtures shared by the test modules (helpers live in ``tests/support/``).

* ``redis_server`` — a real ``redis-server`` on a free 127.0.0.1 port, one per module that asks.
* ``paper_pdf`` — a generated paper citing ``docgen.CITATION``, as a PDF (modules that need a
  paper of their own topic define their own ``paper_pdf``, which wins).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

# The table tests' shared assertions report their values as a test module's would.
pytest.register_assert_rewrite("tests.support.matching")

from tests.support import docgen  # noqa: E402
from tests.support.children import tie_to_parent  # noqa: E402
from tests.support.redis_server import RedisServer  # noqa: E402


def pytest_configure(config: pytest.Config) -> None:
    """Ties an xdist worker to the controller process of its pytest run
    (``children.tie_to_parent``): a controller killed from outside (a runner's timeout, a
    killed ``make test``) takes its workers with it at once, and so the servers and crawls
    their tests started, instead of a worker running its test on alone."""
    if hasattr(config, "workerinput"):
        tie_to_parent()


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    with RedisServer(tmp_path_factory.mktemp("redis")) as server:
        yield server


@pytest.fixture(scope="module")
def paper_pdf() -> bytes:
    return docgen.pdf(docgen.paper_pages())
