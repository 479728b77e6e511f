# Sourced by the Scripts/bench/bench-* shell scripts: whatever the script prints also goes to
# docs/figures/NAME.txt, under a header saying when, at which commit and on which machine it was
# measured, so that no figure is ever copied into the documentation by hand. The file is replaced
# only when the script succeeds; a failed run leaves the previous figures.
#
#   source "$(dirname "${BASH_SOURCE[0]}")/figures.sh"; record_figures bench-cli "$@"

record_figures() {
    local name="$1"; shift
    local root
    root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
    FIGURES_FILE="$root/docs/figures/$name.txt"
    FIGURES_PARTIAL="$FIGURES_FILE.partial"
    mkdir -p "$(dirname "$FIGURES_FILE")"
    local commit
    commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
    # A figure is of a commit: one measured with uncommitted changes could never be made again.
    if [ -n "$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
        echo "$name: the tree has uncommitted changes; commit them first (docs/figures/$name.txt is left as it was)" >&2
        exit 1
    fi
    {
        # The script's path from the repository's root (Scripts/bench/bench-cli, Scripts/dev/fuzz).
        echo "# Written by $(cd "$root" && echo Scripts/*/"$name")${*:+ $(_figures_relative "$root" "$@")}: do not edit by hand; run the script again."
        echo "# date:    $(date -u +%Y-%m-%dT%H:%M:%SZ)"
        echo "# commit:  $commit"
        echo "# machine: $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//' || echo 'cpu unknown'), load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
        echo
    } > "$FIGURES_PARTIAL"
    # Standard output only: the figures and how they were made. Standard error (a build's log,
    # SwiftPM's warnings, with this machine's absolute paths) stays on the terminal.
    # The terminal's standard error, kept for what _figures_done has to say after it closes 2.
    exec {FIGURES_STDERR}>&2
    exec > >(tee -a "$FIGURES_PARTIAL")
    FIGURES_TEE=$!
    trap '_figures_done $?' EXIT
}

# The arguments as the header shows them: paths inside the repository relative to it, others by
# their file name only (a machine's /tmp folder says nothing to a reader).
_figures_relative() {
    local root="$1"; shift
    local out=() argument
    for argument in "$@"; do
        case "$argument" in
            "$root"/*) out+=("${argument#"$root"/}") ;;
            /*) out+=("…/${argument##*/}") ;;
            *) out+=("$argument") ;;
        esac
    done
    echo "${out[*]}"
}

# What never belongs in a figures file: a machine's paths, a build's or a tool's log lines.
FIGURES_NOISE='(/tmp/|/work/|/home/|/root/|/opt/|\.build/(debug|release)/[^ ]*\.(o|swiftmodule)|warning: |error: |^xargs: |Compiling |Build complete)'

_figures_done() {
    local status="$1"
    # Let tee write what it still holds before the file is moved.
    exec >&- 2>&-
    wait "$FIGURES_TEE" 2>/dev/null || true
    if [ "$status" -eq 0 ] && grep -nE "$FIGURES_NOISE" "$FIGURES_PARTIAL" >/dev/null; then
        echo "figures: $(basename "$FIGURES_FILE") would hold machine paths or log lines; it is left as it was:" >&"$FIGURES_STDERR"
        grep -nE "$FIGURES_NOISE" "$FIGURES_PARTIAL" >&"$FIGURES_STDERR"
        status=1
    fi
    if [ "$status" -eq 0 ]; then
        mv "$FIGURES_PARTIAL" "$FIGURES_FILE"
    else
        rm -f "$FIGURES_PARTIAL"
        exit "$status"
    fi
}
