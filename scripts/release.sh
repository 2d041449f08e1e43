#!/usr/bin/env bash
# The mechanical part of a release (RELEASING.md has the whole procedure):
#   scripts/release.sh vX.Y.Z
# sets the root module's requirements of agenttool and agentskill, and the
# workspace's replacements, to vX.Y.Z; checks that CHANGELOG.md has a section
# for it; runs the publishing rehearsal; and prints the commit and the tags
# to create. It creates no commit and no tag, and never pushes.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -ne 1 ] || ! [[ $1 =~ ^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$ ]]; then
	echo "usage: scripts/release.sh vX.Y.Z" >&2
	exit 2
fi
version=$1
if [ -n "$(git status --porcelain)" ]; then
	echo "release: the working tree has changes; commit or stash them first" >&2
	exit 1
fi
if ! grep -q "^## \[${version#v}\]" CHANGELOG.md; then
	echo "release: CHANGELOG.md has no section \"## [${version#v}]\"; write it first" >&2
	exit 1
fi
for tag in "$version" "agenttool/$version" "agentskill/$version"; do
	if git rev-parse -q --verify "refs/tags/$tag" >/dev/null; then
		echo "release: tag $tag exists already" >&2
		exit 1
	fi
done

siblings=(github.com/agenttool/agenttool:agenttool github.com/agenttool/agentskill:agentskill)
for s in "${siblings[@]}"; do
	mod=${s%%:*} dir=${s#*:}
	old=$(awk -v m="$mod" '$1 == m { print $2 }' go.mod)
	go mod edit -require="$mod@$version"
	go work edit -dropreplace="$mod@$old" -replace="$mod@$version=./$dir"
done

bash scripts/rehearse.sh "$version"

cat <<EOT

release: $version is ready to tag. Review the change, then:

  git commit -am "Release $version"
  git tag -a agenttool/$version -m "agenttool $version"
  git tag -a agentskill/$version -m "agentskill $version"
  git tag -a $version -m "toolbundle $version"
  git push origin agenttool/$version agentskill/$version
  git push origin $version main
EOT
