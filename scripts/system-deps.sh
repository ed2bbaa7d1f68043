#!/usr/bin/env bash
# Installs the Debian packages the crawl and the tests use, when they are missing.
# Called by `make setup` (and so by `make demo` and `make test`); needs root or sudo for apt.
set -euo pipefail

need=()
command -v gs >/dev/null 2>&1 || need+=(ghostscript)          # PostScript -> PDF
command -v catdoc >/dev/null 2>&1 || need+=(catdoc)           # DOC and PPT (catppt) text
command -v prlimit >/dev/null 2>&1 || need+=(util-linux)      # memory limit of Ghostscript
command -v script >/dev/null 2>&1 || need+=(bsdutils)         # tests: a crawl on a pseudo-terminal
command -v chromium >/dev/null 2>&1 || need+=(chromium)       # JavaScript pages (scrapy-playwright); report.html tests
command -v redis-server >/dev/null 2>&1 || need+=(redis-server) # the shared frontier (and its tests)

if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing Debian packages: ${need[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
# Several users may run apt at once on a shared machine: wait for the lock instead of failing.
$SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq
$SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${need[@]}" >/dev/null
