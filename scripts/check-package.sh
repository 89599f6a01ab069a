#!/usr/bin/env bash
# The npm package as a user gets it: packs it with `npm pack`, checks what the
# tarball holds, installs it into an empty folder (which fetches nothing: the
# CLI is the bundle, with no dependencies), and runs `citegate --version` and
# the seed walkthrough through the installed `citegate` and through `npx`,
# expecting the version, the reference output and exit 1. Run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
work=$(cd "$(mktemp -d)" && pwd -P)
trap 'rm -rf "$work"' EXIT
# A cache of its own: nothing is read from, or left in, the user's.
export npm_config_cache="$work/npm-cache" npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

fail() {
  echo "check-package: $*" >&2
  exit 1
}

version=$(node -p "require('./package.json').version")
tarball=$(npm pack --silent --pack-destination "$work")
tarball="$work/$tarball"
echo "check-package: packed $(basename "$tarball")"

# Only what the installed CLI needs: the bundle (and its package.json and the
# licenses of what it bundles), the README, the license and the changelog.
expected="package/CHANGELOG.md
package/LICENSE
package/README.md
package/dist/cli/index.js
package/dist/cli/licenses.txt
package/dist/cli/package.json
package/package.json"
held=$(tar -tzf "$tarball" | sort)
[ "$held" = "$expected" ] || fail "the tarball holds:
$held
not:
$expected"

app="$work/app"
mkdir "$app"
# A project of its own: without one, npm installs into the nearest folder above
# that has a package.json (a stray /tmp/package.json took the install once).
echo '{"private": true}' >"$app/package.json"
# --offline: an install that needed the registry would fail here.
(cd "$app" && npm install --offline --no-save --ignore-scripts "$tarball" >/dev/null)
[ ! -e "$app/node_modules/.package-lock.json" ] || [ "$(ls "$app/node_modules")" = "citegate" ] ||
  fail "installing it installed more than citegate: $(ls "$app/node_modules" | tr '\n' ' ')"
bin="$app/node_modules/.bin/citegate"
[ -x "$bin" ] || fail "no executable citegate in node_modules/.bin"

seed_expected='c1: located
c2: quote not found
c3: unknown source
c4: ambiguous quote
c5: empty quote
located=1/5'

# Runs one way of invoking citegate: --version, then the seed walkthrough from the repository.
check_runs() {
  local how=$1
  shift
  local out status
  out=$("$@" --version) || fail "$how: --version failed"
  [ "$out" = "citegate $version" ] || fail "$how: --version printed '$out', not 'citegate $version'"
  set +e
  out=$(cd "$repo" && "$@" check --manifest "$repo/__fixtures__/seed/citegate.yml" 2>"$work/stderr")
  status=$?
  set -e
  [ "$status" = 1 ] || fail "$how: the seed walkthrough exited $status, not 1"
  [ "$out" = "$seed_expected" ] || fail "$how: the seed walkthrough printed:
$out"
  [ ! -s "$work/stderr" ] || fail "$how: the seed walkthrough wrote to standard error: $(cat "$work/stderr")"
  echo "check-package: $how: --version and the seed walkthrough as expected"
}

check_runs "the installed bin" "$bin"
# npx as a user runs a package it fetches: here the tarball, with no registry.
# From the repository, whose own package is named citegate too: npx must run the packed one.
ran=$(cd "$repo" && npx --yes --offline --package "$tarball" -c \
  'node -e "console.log(require(\"fs\").realpathSync(process.argv[1]))" "$(command -v citegate)"')
case "$ran" in
  "$npm_config_cache"/*/node_modules/citegate/dist/cli/index.js) ;;
  *) fail "npx ran $ran, not the packed citegate" ;;
esac
check_runs "npx" npx --yes --offline --package "$tarball" citegate
