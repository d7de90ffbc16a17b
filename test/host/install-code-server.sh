#!/usr/bin/env bash
# Installs everything the real-host tests need, unattended and idempotently:
#   - Debian packages: libkrb5-dev ripgrep chromium fonts-dejavu-core (+ build tools)
#   - code-server 4.100.3 (= VS Code 1.100.3) and playwright-core into .cache/code-server/
#     (git-ignored), following /work/shared/notes/real-vscode-host.md steps 2-8.
# A stamp file (.cache/code-server/.installed) is written only after every step succeeded;
# when it matches, the script exits at once. An install without a matching stamp is removed
# and redone. Works from any current directory.
#
# Usage: test/host/install-code-server.sh [--force]
set -euo pipefail

CODE_SERVER_VERSION=4.100.3
# playwright-core whose bundled Chromium (156.0.8078.4) matches Debian 12's chromium
# (156.0.8078.79 from bookworm-security). The check phase warns when the majors drift apart.
PLAYWRIGHT_CORE_VERSION=1.64.1
REQUIRED_NODE_MAJOR=20
APT_PACKAGES=(libkrb5-dev ripgrep chromium fonts-dejavu-core)
CHROMIUM=/usr/bin/chromium

SCRIPT_PATH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")"
ROOT="$(cd "$(dirname "$SCRIPT_PATH")/../.." && pwd)"
CACHE_DIR="$ROOT/.cache/code-server"
STAMP="$CACHE_DIR/.installed"
CS_DIR="$CACHE_DIR/node_modules/code-server"
VSCODE_DIR="$CS_DIR/lib/vscode"
ENTRY="$CS_DIR/out/node/entry.js"

FORCE=0
for arg in "$@"; do
  case "$arg" in
    --force) FORCE=1 ;;
    -h|--help) sed -n '2,12p' "$SCRIPT_PATH"; exit 0 ;;
    *) echo "install-code-server: unknown argument: $arg" >&2; exit 2 ;;
  esac
done

log() { printf '[install-code-server] %s\n' "$*"; }
die() { printf '[install-code-server] ERROR: %s\n' "$*" >&2; exit 1; }

now() { echo "${EPOCHREALTIME/,/.}"; }
SCRIPT_START=$(now)
PHASE=""
PHASE_START=""
declare -a TIMINGS=()
phase_begin() { PHASE="$1"; PHASE_START=$(now); log "== $PHASE"; }
phase_end() {
  local secs
  secs=$(awk -v a="$PHASE_START" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')
  TIMINGS+=("$(printf '%-22s %7ss' "$PHASE" "$secs")")
  log "== $PHASE done in ${secs}s"
  PHASE=""
}
on_error() {
  local rc=$?
  if [[ -n "$PHASE" ]]; then
    echo "[install-code-server] FAILED in phase '$PHASE' (exit $rc). No stamp written; the next run removes $CACHE_DIR and starts over." >&2
  fi
  exit "$rc"
}
trap on_error ERR

# ---------------------------------------------------------------- node
command -v node >/dev/null 2>&1 || die "node is not on PATH (code-server $CODE_SERVER_VERSION needs Node $REQUIRED_NODE_MAJOR)."
command -v npm >/dev/null 2>&1 || die "npm is not on PATH."
NODE_VERSION="$(node -p 'process.versions.node')"
NODE_ABI="$(node -p 'process.versions.modules')"
[[ "${NODE_VERSION%%.*}" == "$REQUIRED_NODE_MAJOR" ]] ||
  die "code-server $CODE_SERVER_VERSION needs Node $REQUIRED_NODE_MAJOR, found Node $NODE_VERSION."

# ---------------------------------------------------------------- apt packages (cheap check first)
pkg_installed() {
  if command -v dpkg-query >/dev/null 2>&1; then
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
  else
    case "$1" in # no dpkg: look for what the package provides
      ripgrep) command -v rg >/dev/null 2>&1 ;;
      chromium) [[ -x "$CHROMIUM" ]] ;;
      libkrb5-dev) [[ -f /usr/include/gssapi/gssapi.h ]] ;;
      fonts-dejavu-core) compgen -G '/usr/share/fonts/**/DejaVuSans.ttf' >/dev/null || [[ -d /usr/share/fonts/truetype/dejavu ]] ;;
      *) command -v "$1" >/dev/null 2>&1 ;;
    esac
  fi
}

MISSING=()
for p in "${APT_PACKAGES[@]}"; do pkg_installed "$p" || MISSING+=("$p"); done
# Build tools for the native rebuilds (node-gyp): check the commands, not packages.
command -v make >/dev/null 2>&1 || MISSING+=(make)
command -v g++ >/dev/null 2>&1 || MISSING+=(g++)
command -v python3 >/dev/null 2>&1 || MISSING+=(python3)

phase_begin "apt"
if ((${#MISSING[@]})); then
  if [[ $EUID -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    log "installing missing Debian packages: ${MISSING[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q --no-install-recommends "${MISSING[@]}"
  else
    trap - ERR
    die "missing packages: ${MISSING[*]}. Install them with:
    sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y ${MISSING[*]}
then run $SCRIPT_PATH again."
  fi
else
  log "Debian packages present: ${APT_PACKAGES[*]}"
fi
[[ -x "$CHROMIUM" ]] || die "$CHROMIUM not found after installing chromium."
command -v rg >/dev/null 2>&1 || die "rg (ripgrep) not found after installing ripgrep."
phase_end

# ---------------------------------------------------------------- stamp check
SCRIPT_HASH="$(sha256sum "$SCRIPT_PATH" | cut -d' ' -f1)"
STAMP_CONTENT="code-server=$CODE_SERVER_VERSION
playwright-core=$PLAYWRIGHT_CORE_VERSION
node-abi=$NODE_ABI
script-sha256=$SCRIPT_HASH"

print_paths() {
  log "node entry: $ENTRY"
  log "chromium:   $CHROMIUM ($("$CHROMIUM" --version 2>/dev/null || echo 'version unknown'))"
  log "playwright: $CACHE_DIR/node_modules/playwright-core"
}

mkdir -p "$ROOT/.cache"
# Serialize concurrent runs (two test jobs on one machine).
if command -v flock >/dev/null 2>&1; then
  exec 9>"$ROOT/.cache/code-server.lock"
  flock 9
fi

if ((FORCE == 0)) && [[ -f "$STAMP" && -f "$ENTRY" ]] && [[ "$(cat "$STAMP")" == "$STAMP_CONTENT" ]]; then
  log "code-server $CODE_SERVER_VERSION already installed"
  print_paths
  exit 0
fi

# ---------------------------------------------------------------- fresh install
case "$CACHE_DIR" in */.cache/code-server) ;; *) die "refusing to remove unexpected path $CACHE_DIR" ;; esac
if [[ -e "$CACHE_DIR" ]]; then
  log "removing unfinished or outdated install in $CACHE_DIR"
  rm -rf -- "$CACHE_DIR"
fi
mkdir -p "$CACHE_DIR"

# node-gyp must not download Node headers (no network besides the npm registry): use the
# headers installed next to node when npm has no nodedir of its own.
if [[ -z "${npm_config_nodedir:-}" ]] && [[ "$(npm config get nodedir 2>/dev/null)" =~ ^(|undefined|null)$ ]]; then
  NODE_PREFIX="$(dirname "$(dirname "$(node -p 'process.execPath')")")"
  if [[ -f "$NODE_PREFIX/include/node/node_version.h" ]]; then
    export npm_config_nodedir="$NODE_PREFIX"
  fi
fi
NPM_FLAGS=(--no-audit --no-fund)

phase_begin "npm code-server"
cd "$CACHE_DIR"
cat >package.json <<EOF
{
  "name": "affiliate-links-test-host",
  "version": "0.0.0",
  "private": true,
  "description": "Real VS Code host for the tests; written by test/host/install-code-server.sh",
  "dependencies": {
    "code-server": "$CODE_SERVER_VERSION",
    "playwright-core": "$PLAYWRIGHT_CORE_VERSION"
  }
}
EOF
npm install "${NPM_FLAGS[@]}" --ignore-scripts --save-exact \
  "code-server@$CODE_SERVER_VERSION" "playwright-core@$PLAYWRIGHT_CORE_VERSION"
[[ -f "$ENTRY" ]] || die "code-server entry not found at $ENTRY"
phase_end

phase_begin "vscode deps"
cd "$VSCODE_DIR"
npm install --omit=dev --ignore-scripts "${NPM_FLAGS[@]}"
phase_end

phase_begin "native rebuilds"
cd "$VSCODE_DIR"
# npm_config_yes=true: node-pty's build script calls `npx node-gyp`.
npm_config_yes=true npm rebuild @parcel/watcher @vscode/deviceid @vscode/spdlog kerberos native-watchdog node-pty
mkdir -p node_modules/@vscode/ripgrep/bin
cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
ln -sfn node_modules node_modules.asar
cd "$CACHE_DIR"
npm_config_yes=true npm rebuild argon2
phase_end

phase_begin "extensions"
cd "$VSCODE_DIR/extensions"
npm install --omit=dev "${NPM_FLAGS[@]}"
phase_end

phase_begin "check"
# code-server writes a default config.yaml and logs under XDG dirs even for --version:
# keep them out of $HOME.
XDG_TMP="$(mktemp -d)"
VERSION_OUT="$(XDG_CONFIG_HOME="$XDG_TMP/config" XDG_DATA_HOME="$XDG_TMP/data" node "$ENTRY" --version 2>&1 || true)"
rm -rf -- "$XDG_TMP"
VERSION_LINE="$(grep -E "^$CODE_SERVER_VERSION " <<<"$VERSION_OUT" || true)"
[[ -n "$VERSION_LINE" ]] || die "unexpected 'code-server --version' output: $VERSION_OUT"
log "code-server --version: $VERSION_LINE"
(cd "$CACHE_DIR" && node -e "require('playwright-core'); require('argon2')") ||
  die "playwright-core or argon2 cannot be loaded from $CACHE_DIR"
(cd "$VSCODE_DIR" && node -e "for (const m of ['@parcel/watcher','@vscode/spdlog','node-pty','kerberos','native-watchdog','@vscode/deviceid']) require(m)") ||
  die "a native module of lib/vscode cannot be loaded"
PW_CHROMIUM="$(node -p "require('$CACHE_DIR/node_modules/playwright-core/browsers.json').browsers.find(b => b.name === 'chromium').browserVersion")"
DEB_CHROMIUM="$("$CHROMIUM" --version 2>/dev/null | grep -Eo '[0-9]+(\.[0-9]+)+' | head -n1 || true)"
log "chromium $DEB_CHROMIUM; playwright-core $PLAYWRIGHT_CORE_VERSION is built for chromium $PW_CHROMIUM"
if [[ "${DEB_CHROMIUM%%.*}" != "${PW_CHROMIUM%%.*}" ]]; then
  log "WARNING: chromium major ${DEB_CHROMIUM%%.*} differs from playwright-core's ${PW_CHROMIUM%%.*}; if driving the browser fails, pin the playwright-core release built for chromium ${DEB_CHROMIUM%%.*}."
fi
phase_end

printf '%s\n' "$STAMP_CONTENT" >"$STAMP.tmp"
mv "$STAMP.tmp" "$STAMP"

TOTAL=$(awk -v a="$SCRIPT_START" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')
log "code-server $CODE_SERVER_VERSION installed. Phase times:"
for t in "${TIMINGS[@]}"; do log "  $t"; done
log "  $(printf '%-22s %7ss' total "$TOTAL")"
print_paths
