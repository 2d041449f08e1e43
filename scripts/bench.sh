#!/usr/bin/env bash
# Measures what one call of a bundle costs, as whole processes, and prints
# medians and ratios against their goals (see BENCHMARKS.md).
#
#   scripts/bench.sh [pairs]     # default 21 pairs, each in a random order, on one of 4 copies of the binaries
#
# It builds, without -race, cmd/file-tools, a minimal Go program that reads
# and prints a file (the floor), and testdata/testprog, whose bundle is one
# tool or 200 tools (TESTPROG_BUNDLE=small|large, 3 examples each). pairs
# then writes a 1 MiB text file and a tree of 2,000 files
# (internal/benchtree) for the large read_file and the search, which it
# compares with grep -rn -E and, when installed, ripgrep; search --glob
# with grep -rn -E --include, and list_files --pattern with find. Extra
# arguments after the number of pairs go to pairs, such as -only
# search,large,list.
set -euo pipefail
cd "$(dirname "$0")/.."

pairs=${1:-21}
shift || true
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT

go build -o "$bin/file-tools" ./cmd/file-tools
go build -o "$bin/floor" ./scripts/bench/floor
go build -o "$bin/testprog" ./testdata/testprog
go build -o "$bin/pairs" ./scripts/bench/pairs
printf 'hello\n' >"$bin/data.txt"

echo "$(date -u +%Y-%m-%d) on $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(go version)"
"$bin/pairs" -dir "$bin" -n "$pairs" "$@"

# What a model reads for file-tools: the golden SKILL.md, which a test keeps
# equal to a fresh export, and its part before the commands (frontmatter,
# title, the calling section and the pre-approval line).
skill=testdata/skills/file-tools/SKILL.md
printf 'file-tools SKILL.md: %d bytes (goal <= 4000, five commands), %d of them before "## Commands"\n' \
	"$(wc -c <"$skill")" "$(sed '/^## Commands$/,$d' "$skill" | wc -c)"

# What a model reads for the 200-tool bundle, past the budget: SKILL.md, the
# index of its commands, and beside it one reference per command.
TESTPROG_BUNDLE=large "$bin/testprog" export-skill "$bin/large" >/dev/null
large=$bin/large/testprog
printf 'testprog large SKILL.md: %d bytes (goal < 20000), %d lines (goal < 500), %d references\n' \
	"$(wc -c <"$large/SKILL.md")" "$(wc -l <"$large/SKILL.md")" "$(find "$large/references" -name '*.md' | wc -l)"
