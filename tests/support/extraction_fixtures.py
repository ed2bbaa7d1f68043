"""The running DocumentExtractor that extraction test modules share, one per module."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from citeseeker_scrapy.extraction import DocumentExtractor, ExtractionLimits


def extractor_fixture(limits: ExtractionLimits | None = None,
                      workers: int = 2) -> Callable[..., Iterator[DocumentExtractor]]:
    """A module-scoped ``extractor`` fixture: starting worker processes is the slow part."""

    @pytest.fixture(scope="module")
    def extractor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DocumentExtractor]:
        with DocumentExtractor(limits or ExtractionLimits(), tmp_path_factory.mktemp("work"),
                               workers=workers) as running:
            yield running

    return extractor
