# Cardsmith — every target works from a clean clone. Tools come from scripts/bootstrap;
# every command runs with scripts/env.sh sourced (node_modules/.bin and ~/.cargo/bin on
# PATH, CARGO_TARGET_DIR=~/.cache/cardsmith/target), so cargo-leptos finds tailwindcss,
# wasm-bindgen and wasm-opt locally and never tries to download them.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
STEP := scripts/step

.PHONY: help bootstrap run test dev e2e fuzz bench docs
help:
	@echo "make run        bootstrap, release build, serve on \$${CARDSMITH_BIND:-127.0.0.1:3000} (data in ./data)"
	@echo "make test       bootstrap, fmt, import circles, book and links, clippy (ssr + wasm32), cargo test, dev build, API fuzzing, browser tests"
	@echo "make dev        bootstrap, cargo leptos watch"
	@echo "make e2e        browser tests only, against the already-built dev binary"
	@echo "make fuzz       schemathesis against the already-built dev binary's /openapi.yaml (no 5xx, responses as documented)"
	@echo "make bench      figures (release), each with its reference: Range and card list vs nginx (wrk), upload → ready vs ffmpeg, RSS, bundle size, recording, memory, offline generators, object storage vs local folder, live players to 50 pages vs mosquitto, a 2-hour audiobook folder dropped vs ffmpeg"
	@echo "make docs       build the book (mdBook) into docs/book/ and check every link; open docs/book/index.html"
	@echo "make bootstrap  install/verify the toolchain (idempotent)"

bootstrap:
	@$(STEP) bootstrap scripts/bootstrap

# only the build and serve tools (the test tools would add 13+ minutes on a fresh machine)
run:
	@$(STEP) "bootstrap (run)" scripts/bootstrap run
	@$(STEP) "release build (server and site)" scripts/build --release
	@scripts/serve --release

test: bootstrap
	@scripts/test

dev:
	@$(STEP) "bootstrap (dev: cargo-leptos, wasm-bindgen-cli)" scripts/bootstrap dev
	@. scripts/env.sh && cargo leptos watch --split

bench: bootstrap
	@scripts/bench

e2e:
	@$(STEP) "browser tests (dev binary)" node end2end/run.mjs

fuzz:
	@$(STEP) "API fuzzing (dev binary)" scripts/fuzz

# the book (docs/); mdbook comes from scripts/bootstrap
docs:
	@$(STEP) "docs (mdBook, links)" bash -c 'mdbook build docs && scripts/docs-linkcheck'
