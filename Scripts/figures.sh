# Sourced by the Scripts/bench-* shell scripts: whatever the script prints also goes to
# docs/figures/NAME.txt, under a header saying when, at which commit and on which machine it was
# measured, so that no figure is ever copied into the documentation by hand. The file is replaced
# only when the script succeeds; a failed run leaves the previous figures.
#
#   source "$(dirname "${BASH_SOURCE[0]}")/figures.sh"; record_figures bench-cli "$@"

record_figures() {
    local name="$1"; shift
    local root
    root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
    FIGURES_FILE="$root/docs/figures/$name.txt"
    FIGURES_PARTIAL="$FIGURES_FILE.partial"
    mkdir -p "$(dirname "$FIGURES_FILE")"
    local commit dirty=""
    commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
    git -C "$root" diff --quiet HEAD 2>/dev/null || dirty=" (with uncommitted changes)"
    {
        echo "# Written by Scripts/$name${*:+ $*}: do not edit by hand; run the script again."
        echo "# date:    $(date -u +%Y-%m-%dT%H:%M:%SZ)"
        echo "# commit:  $commit$dirty"
        echo "# machine: $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//' || echo 'cpu unknown'), load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
        echo
    } > "$FIGURES_PARTIAL"
    # Standard output only: the figures and how they were made. Standard error (a build's log,
    # SwiftPM's warnings, with this machine's absolute paths) stays on the terminal.
    exec > >(tee -a "$FIGURES_PARTIAL")
    FIGURES_TEE=$!
    trap '_figures_done $?' EXIT
}

_figures_done() {
    local status="$1"
    # Let tee write what it still holds before the file is moved.
    exec >&- 2>&-
    wait "$FIGURES_TEE" 2>/dev/null || true
    if [ "$status" -eq 0 ]; then
        mv "$FIGURES_PARTIAL" "$FIGURES_FILE"
    else
        rm -f "$FIGURES_PARTIAL"
    fi
}
