#!/usr/bin/env bash
# Runs an npm script's command on a Node.js that package.json `engines` supports: the node on PATH when `engines`
# allows it, else the project's own pinned Node 24 (scripts/ensure-node.sh fetches it into .tools/ once). Every script
# in package.json that runs Node goes through here, so `npm ci && npm start` and `npm ci && npm test` work verbatim
# from a machine whose node is older (any Node from 20 on, whose npm installs the lockfile as it is): the scripts, and
# whatever they start through PATH (npm, tsx, vitest…), run on a supported Node, never on the machine's older one.
#
#   "scripts": { "x": "bash scripts/on-node.sh 'tsx scripts/x.ts'" }    # npm appends `npm run x -- …`'s arguments
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: bash scripts/on-node.sh '<command>' [arguments…]" >&2; exit 2; }
before=$(node --version 2>/dev/null || echo none)
# shellcheck source=ensure-node.sh
source "$(dirname "${BASH_SOURCE[0]}")/ensure-node.sh" supported || exit 1
after=$(node --version)

# The terminal session this runs in, as a key that a later session cannot reuse: the session's id and its leader's
# start time, from /proc (a fetched Node is Linux-only: ensure-node.sh), or empty without /proc.
_on_node_session() {
  local stat sid start=""
  [ -r /proc/$$/stat ] || return 0
  stat=$(</proc/$$/stat)
  stat=${stat##*) }
  read -r _ _ _ sid _ <<<"$stat"
  if [ -r "/proc/$sid/stat" ]; then
    stat=$(<"/proc/$sid/stat")
    stat=${stat##*) }
    read -r _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ start _ <<<"$stat"
  fi
  echo "$sid-$start"
}

# Said once per terminal session (every npm script of the session runs on the same node, and `npm test` or
# `npm start` run several): a marker per session and switch under the user's temporary directory. Without a session
# to key it by, said every time.
if [ "$before" != "$after" ]; then
  session=$(_on_node_session)
  marker="${TMPDIR:-/tmp}/on-node-$(id -u)/$session-$(printf '%s' "$before $after $ENSURE_NODE_BIN" | cksum | cut -d' ' -f1)"
  if [ -z "$session" ] || [ ! -e "$marker" ]; then
    echo "on-node: node $before on PATH is not one package.json engines allows; running on the project's node $after (${ENSURE_NODE_BIN#"$PWD"/}) for every npm script of this terminal session (said once per session)" >&2
    [ -z "$session" ] || { mkdir -p "$(dirname "$marker")" 2>/dev/null && : >"$marker"; } 2>/dev/null || true
  fi
fi
command=$1
shift
# The script's own arguments go after its command, as npm itself appends them.
exec bash -c "$command \"\$@\"" "$command" "$@"
