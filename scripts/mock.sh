#!/usr/bin/env bash
# `npm run mock [-- --port N] [-- other prism mock options]`: the Prism mock of the bundle on http://127.0.0.1:N
# (default 4010). Prism takes one --port only (a second one crashes it at listen), so the port is chosen here and
# every other argument goes to `prism mock` as given. exec: Prism itself receives the signals that stop the script.
set -euo pipefail
port=4010
rest=()
while [ $# -gt 0 ]; do
  case $1 in
    --port)
      [ $# -ge 2 ] || { echo 'mock: --port needs a port number' >&2; exit 2; }
      port=$2
      shift 2
      ;;
    --port=*)
      port=${1#--port=}
      shift
      ;;
    *)
      rest+=("$1")
      shift
      ;;
  esac
done
[[ $port =~ ^[0-9]{1,5}$ ]] || { echo "mock: --port takes a port number, not '$port'" >&2; exit 2; }
exec prism mock generated/openapi.json --host 127.0.0.1 --port "$port" "${rest[@]}"
