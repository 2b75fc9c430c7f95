# The repository's tasks, each one command of README.md or CONTRIBUTING.md (which say why).
# `make` alone lists them.

SWIFT ?= swift
PYTHON ?= /usr/bin/python3
# Extra arguments for the benchmarks, e.g. make bench ENGINE_FLAGS=--quick SEARCH_FLAGS="--rounds 5"
ENGINE_FLAGS ?=
SEARCH_FLAGS ?=

.DEFAULT_GOAL := help
.PHONY: help build test test-all lint bench wheel

help:
	@echo "make build      the release build: .build/release/zipgeo and libZipgeo.so"
	@echo "make test       the tests, offline (the default tier)"
	@echo "make test-all   every tier: also the tests that need PyPI or build another package"
	@echo "make lint       swift format lint --strict, and no measured figure in a source comment"
	@echo "make bench      the engine and search benchmarks on the release build (writes docs/benchmarks/results.md)"
	@echo "make wheel      the Python wheel, in dist/"
	@echo "make help       this list"

build:
	$(SWIFT) build -c release --static-swift-stdlib

test:
	ZIPGEO_OPTIMIZED_TESTS=1 $(SWIFT) test

test-all:
	ZIPGEO_OPTIMIZED_TESTS=1 ZIPGEO_TEST_TIERS=all $(SWIFT) test

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift
	scripts/check-comment-figures.sh

# Both scripts time zipgeo and the textbook R*Tree side by side in one run (docs/benchmarks.md).
bench: build
	$(PYTHON) scripts/bench-engine.py --prebuilt .build/release $(ENGINE_FLAGS)
	$(PYTHON) scripts/bench-search.py --prebuilt .build/release $(SEARCH_FLAGS)

wheel:
	scripts/build-wheel.sh
