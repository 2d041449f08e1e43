#!/usr/bin/env bash
# The publishing rehearsal: publish the three modules of this repository, as
# git tracks them, into a module proxy in a temporary directory, then act as
# a user outside the repository would, offline, with nothing cached:
#   - go install the example bundle at the version and run its version command;
#   - create a module of its own that imports toolbundle (a two-tool bundle),
#     go get, tidy, vet and build it, call a tool, print help, export the skill;
#   - go mod verify.
# Usage, from anywhere in the repository:
#   scripts/rehearse.sh [vX.Y.Z]
# The version defaults to the one the root go.mod requires its siblings at,
# which is the version being prepared. The go command checks every file name
# of a module zip when it unpacks it, so a file that cannot be published fails
# here. Nothing outside the temporary directory is changed.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

version=${1:-$(awk '$1 == "github.com/agenttool/agenttool" { print $2 }' go.mod)}
if [ -z "$version" ]; then
	echo "rehearse: no version given and none found in go.mod" >&2
	exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/rehearse.XXXXXX")
cleanup() {
	GOMODCACHE="$work/modcache" go clean -modcache 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

go run ./scripts/publish -version "$version" -out "$work/proxy"

# From here on the go command sees only the proxy: no workspace, no network,
# no checksum database, an empty module cache.
export GOPROXY="file://$work/proxy" GOWORK=off GOFLAGS=-mod=mod GOSUMDB=off \
	GONOSUMDB='*' GOPRIVATE='' GOTOOLCHAIN=local \
	GOMODCACHE="$work/modcache" GOPATH="$work/gopath" GOBIN="$work/bin"

step() { echo "rehearse: $*"; }
fail() { echo "rehearse: FAIL: $*" >&2; exit 1; }

step "go install github.com/agenttool/toolbundle/cmd/file-tools@$version"
(cd "$work" && go install "github.com/agenttool/toolbundle/cmd/file-tools@$version")
got=$("$work/bin/file-tools" version)
[ "$got" = "file-tools $version" ] || fail "file-tools version printed \"$got\", want \"file-tools $version\""

step "a consumer module outside the repository"
mkdir "$work/consumer"
cp "$repo/scripts/publish/testdata/consumer/main.go" "$work/consumer/"
cd "$work/consumer"
go mod init example.com/greeter >/dev/null 2>&1
go get "github.com/agenttool/toolbundle@$version"
go mod tidy
go vet ./...
go build -o greeter .

got=$(./greeter greet --name Ada)
[ "$got" = "Hello, Ada!" ] || fail "greet printed \"$got\""
help=$(./greeter help)
case $help in *shout*) ;; *) fail "help does not list shout" ;; esac
./greeter export-skill "$work/skills" >/dev/null
grep -q '^allowed-tools: Bash(greeter greet \*)' "$work/skills/greeter/SKILL.md" ||
	fail "the exported skill does not pre-approve greet"
./greeter export-skill --check "$work/skills" >/dev/null || fail "export-skill --check of a fresh export failed"
go mod verify
step "ok: $version installs, and a module of its own builds and runs against it"
