#!/usr/bin/env bash
# The newcomer check: the committed HEAD cloned into an ordinary 0755 folder (as a newcomer's
# `git clone` leaves it, not a private mktemp one), `npm install`, then `npm start` inside a network
# namespace of its own, where nothing of this machine's loopback is seen (no PostgreSQL on :5432, no
# NATS on :4222) and `nats-server` is hidden from PATH: the embedded PostgreSQL and the embedded NATS
# fallback run, as on a fresh machine. Then, over HTTP only (scripts/shopper-flow.mjs): home 200,
# products listed, a guest adds a line, signs in as the demo shopper and still has it, and a
# test-card checkout gives an order; then the store's after-sale day (scripts/after-sale-flow.mjs):
# a cancellation, a return received at another grade and an order lookup, each across the broker;
# then the intake desk (scripts/intake-flow.mjs): a listing found by its sku, inspected, photographed.
# Finally Ctrl-C (SIGINT to npm start's process group) must leave
# no process behind. Needs root (ip netns). Run by .ci/run; alone: bash scripts/newcomer-check.sh
set -euo pipefail
src="$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)"
ns="pl-newcomer-$$"
work="/tmp/pl-newcomer-$$"
clone="$work/shop"
start_pid=""

log() { echo "newcomer: $*"; }

leftovers() {
  # every process whose working directory or command line is inside the clone
  for p in /proc/[0-9]*; do
    pid="${p#/proc/}"
    [ "$pid" = "$$" ] && continue
    cwd="$(readlink "$p/cwd" 2>/dev/null || true)"
    cmd="$(tr '\0' ' ' 2>/dev/null <"$p/cmdline" || true)"
    case "$cwd $cmd" in *"$clone"*) echo "$pid $(echo "$cmd" | cut -c1-120)" ;; esac
  done
}

cleanup() {
  local rc=$?
  cd /
  if [ -n "$start_pid" ] && kill -0 "$start_pid" 2>/dev/null; then kill -INT -- "-$start_pid" 2>/dev/null || true; sleep 3; fi
  leftovers | while read -r pid _; do kill -9 "$pid" 2>/dev/null || true; done
  ip netns del "$ns" 2>/dev/null || true
  if [ "$rc" -ne 0 ] && [ -f "$work/start.log" ]; then echo "--- last lines of npm start's log"; tail -40 "$work/start.log"; fi
  rm -rf "$work"
  exit "$rc"
}
trap cleanup EXIT

[ "$(id -u)" = 0 ] || { log "needs root (it makes a network namespace)"; exit 1; }
mkdir -p "$work"
chmod 755 "$work"
git clone -q "$src" "$clone"
chmod 755 "$clone"
log "cloned $(git -C "$clone" rev-parse --short HEAD) into $clone (mode $(stat -c %a "$clone"))"

cd "$clone"
t0=$(date +%s)
npm install --no-audit --no-fund >"$work/install.log" 2>&1 || { tail -30 "$work/install.log"; log "npm install failed"; exit 1; }
log "npm install: $(( $(date +%s) - t0 )) s"

# PATH with every folder that holds nats-server replaced by links to everything else in it.
path=""
IFS=: read -r -a dirs <<<"$PATH"
for d in "${dirs[@]}"; do
  if [ -e "$d/nats-server" ]; then
    alt="$work/path${d//\//_}"
    mkdir -p "$alt"
    for f in "$d"/*; do [ "$(basename "$f")" = nats-server ] || ln -sf "$f" "$alt/"; done
    d="$alt"
  fi
  path="${path:+$path:}$d"
done

ip netns add "$ns"
ip netns exec "$ns" ip link set lo up
t0=$(date +%s)
# setsid: npm start leads a process group of its own, so SIGINT to the group is a terminal's Ctrl-C.
ip netns exec "$ns" env PATH="$path" setsid npm start >"$work/start.log" 2>&1 &
start_pid=$!
cd "$work" # nothing of this script may count as a process left in the clone
for _ in $(seq 1 300); do
  grep -q "is running at" "$work/start.log" && break
  kill -0 "$start_pid" 2>/dev/null || { log "npm start exited before the shop was running"; exit 1; }
  sleep 1
done
grep -q "is running at" "$work/start.log" || { log "npm start was not running after 300 s"; exit 1; }
log "npm start: running after $(( $(date +%s) - t0 )) s"
grep -E "^database:|^events:" "$work/start.log" | sed 's/^/newcomer:   /'
grep -q "EMBEDDED NATS FALLBACK" "$work/start.log" || { log "expected the embedded NATS fallback to run"; exit 1; }
grep -q "embedded PostgreSQL" "$work/start.log" || { log "expected the embedded PostgreSQL to run"; exit 1; }

if ! ip netns exec "$ns" node "$clone/scripts/shopper-flow.mjs" http://localhost:5000 | sed 's/^/newcomer:   /'; then
  log "the shopper's flow failed"
  exit 1
fi
if ! ip netns exec "$ns" node "$clone/scripts/after-sale-flow.mjs" http://localhost:5000 | sed 's/^/newcomer:   /'; then
  log "the store's after-sale flow failed"
  exit 1
fi
if ! ip netns exec "$ns" node "$clone/scripts/intake-flow.mjs" http://localhost:5000 | sed 's/^/newcomer:   /'; then
  log "the intake desk's flow failed"
  exit 1
fi

t0=$(date +%s)
kill -INT -- "-$start_pid"
for _ in $(seq 1 60); do
  [ -z "$(leftovers)" ] && break
  sleep 0.5
done
left="$(leftovers)"
if [ -n "$left" ]; then
  log "Ctrl-C left processes behind:"
  echo "$left"
  exit 1
fi
start_pid=""
log "Ctrl-C: every process stopped after $(( $(date +%s) - t0 )) s"
log "passed"
