"""Where a page on the public web must not send the crawl (``citeseeker_scrapy/addresses.py``).

Component calls only: the scope's verdict on URLs of private and public addresses, decided
from the URL alone; no test here opens a socket or resolves a name. The end-to-end crawl
(``test_private_links_followed_from_a_loopback_start``) stays on 127.0.0.0/8.
"""

from __future__ import annotations

import pytest

from citeseeker_scrapy.addresses import is_private_host
from citeseeker_scrapy.config import CrawlConfig
from citeseeker_scrapy.exceptions import ConfigError, UrlRejected
from citeseeker_scrapy.job.crawl_job import scope_of
from citeseeker_scrapy.job.inputs import resolve_inputs
from citeseeker_scrapy.urls import LinkPolicy
from tests.support.crawl import run_crawl
from tests.support.servers import SiteServer, write_site

FORMATS = frozenset({"html", "pdf"})
PUBLIC_PAGE = "http://www.example.org/papers/index.html"


@pytest.mark.parametrize("host, private", [
    ("127.0.0.1", True), ("127.8.9.10", True), ("localhost", True), ("LOCALHOST.", True),
    ("api.localhost", True), ("10.1.2.3", True), ("172.16.0.1", True), ("172.31.255.254", True),
    ("192.168.1.1", True), ("169.254.169.254", True), ("0.0.0.0", True), ("[::1]", True),
    ("::", True), ("fc00::1", True), ("fd00:ec2::254", True), ("fe80::1%eth0", True),
    ("::ffff:127.0.0.1", True), ("::ffff:a9fe:a9fe", True),
    ("2130706433", True), ("0x7f.1", True), ("127.1", True), ("017700000001", True),
    ("172.15.255.255", False), ("172.32.0.1", False), ("11.0.0.1", False),
    ("192.169.0.1", False), ("8.8.8.8", False), ("2001:db8::1", False),
    ("example.org", False), ("localhost.example.org", False), ("10.example.org", False),
    ("1e100.net", False), ("deadbeef", False),
])
def test_private_hosts(host: str, private: bool) -> None:
    assert is_private_host(host) is private


@pytest.mark.parametrize("link", [
    "http://127.0.0.1:6800/jobs", "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.5/admin/index.html", "http://[::1]/", "http://localhost:8080/",
    "https://192.168.0.1/", "http://2130706433/x.html",
])
def test_a_public_page_cannot_steer_the_crawl_inside(link: str) -> None:
    with pytest.raises(UrlRejected, match="private_address"):
        LinkPolicy(FORMATS).admit(link, referrer=PUBLIC_PAGE)


def test_private_links_are_followed_when_the_crawl_is_there_or_allows_them() -> None:
    link = "http://10.0.0.5/papers/a.pdf"
    assert LinkPolicy(FORMATS).admit(link) == link  # a start point: the user's own
    assert LinkPolicy(FORMATS).admit(link, referrer="http://10.0.0.5/") == link  # inside
    assert LinkPolicy(FORMATS, private_addresses=True).admit(link, referrer=PUBLIC_PAGE) == link
    assert LinkPolicy(FORMATS).admit(link, referrer="file:///home/me/papers.html") == link
    assert LinkPolicy(FORMATS).admit("http://www.example.org/a.pdf",
                                     referrer="http://10.0.0.5/") == "http://www.example.org/a.pdf"


@pytest.mark.parametrize("start_points, settings, allowed", [
    ("http://www.example.org/", {}, False),
    ("http://www.example.org/\nhttp://127.0.0.1:8000/", {}, True),
    ("http://www.example.org/", {"CITESEEKER_ALLOW_PRIVATE_ADDRESSES": "True"}, True),
])
def test_the_scope_allows_private_addresses_from_a_private_start(
        tmp_path, start_points: str, settings: dict, allowed: bool) -> None:
    config = CrawlConfig.from_settings(settings)
    inputs = resolve_inputs(config.inputs_dir, authors="Fiala",
                            publications="Retrieving citations on the web",
                            startpoints=start_points)
    assert scope_of(config, inputs).private_addresses is allowed


def test_the_setting_is_validated() -> None:
    with pytest.raises(ConfigError, match="CITESEEKER_ALLOW_PRIVATE_ADDRESSES must be True or"):
        CrawlConfig.from_settings({"CITESEEKER_ALLOW_PRIVATE_ADDRESSES": "sometimes"})


def test_private_links_followed_from_a_loopback_start(tmp_path) -> None:
    """A crawl started on 127.0.0.1 follows its pages' links to another loopback server, and a
    bad value of the setting refuses the crawl (exit status 2) naming it."""
    other = write_site(tmp_path / "other", {"paper.html": "<p>Fiala, D.: Retrieving citations "
                                            "on the web. 2003.</p>"})
    with SiteServer(other) as second:
        first = write_site(tmp_path / "first", {
            "index.html": f'<a href="{second.url("/paper.html")}">a paper</a>'})
        with SiteServer(first) as start:
            arguments = ("-a", "authors=Fiala", "-a", "publications=Retrieving citations on "
                         "the web", "-a", f"startpoints={start.url('/index.html')}")
            result = run_crawl(tmp_path / "run", *arguments)
            refused = run_crawl(tmp_path / "bad", *arguments,
                                settings={"CITESEEKER_ALLOW_PRIVATE_ADDRESSES": "sometimes"})
    assert result.returncode == 0, result.output[-2000:]
    assert {url for url, _ in result.hits()} == {second.url("/paper.html")}
    assert refused.returncode == 2
    assert "CITESEEKER_ALLOW_PRIVATE_ADDRESSES must be True or False" in refused.output
