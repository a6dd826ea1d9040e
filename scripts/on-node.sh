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
[ "$before" = "$after" ] || echo "on-node: node $before on PATH is not one package.json engines allows; running on the project's node $after (${ENSURE_NODE_BIN#"$PWD"/})" >&2
command=$1
shift
# The script's own arguments go after its command, as npm itself appends them.
exec bash -c "$command \"\$@\"" "$command" "$@"
