#!/usr/bin/env bash
# The GitHub Action's release (docs/github-action.md, "Releasing"): a commit on the local branch v1 (or $1) holding HEAD's
# tree plus the production bundles action.yml runs, which .gitignore keeps off main. It goes through a temporary index:
# the work tree, the index and HEAD are left as they are. Nothing is pushed or tagged here.
set -euo pipefail
cd "$(dirname "$0")/.."
branch="${1:-v1}"
if [ -n "$(git status --porcelain)" ]; then
  echo "release-action: commit or stash your changes first: the bundles are built from the work tree, the release holds HEAD" >&2
  exit 1
fi
node build.mjs --production
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export GIT_INDEX_FILE="$scratch/index"
git read-tree HEAD
# The action's bundle, the worker threads it starts beside itself (the lint's, the page read-ahead's), the HTTP bundle
# its `live` input loads beside itself (node/http/loadHttp.ts), and the bundled packages' licences.
git add -f dist/action.js dist/lintWorker.js dist/pageHeadWorker.js dist/http.js dist/THIRD-PARTY-NOTICES.md
tree="$(git write-tree)"
parents=(-p HEAD)
if previous="$(git rev-parse --verify -q "refs/heads/$branch")"; then parents+=(-p "$previous"); fi
version="$(node -p "require('./package.json').version")"
commit="$(git commit-tree "$tree" "${parents[@]}" -m "Release $branch: the GitHub Action's bundles of $version (from $(git rev-parse --short HEAD))")"
git update-ref "refs/heads/$branch" "$commit"
echo "release-action: $branch is $commit. Check it (git show --stat $branch), then publish: git push origin $branch (and a tag of the version at it, e.g. git tag v$version $branch)"
