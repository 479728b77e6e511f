"""The Python side of Scripts/bench/figures.sh: whatever a benchmark script prints also goes to
docs/figures/NAME.txt, under a header saying when, at which commit and on which machine it was
measured; the file is replaced only when the script ends without an error.

    import figures; figures.record("bench-web")
"""

import atexit
import glob
import os
import platform
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class _Tee:
    def __init__(self, stream, file):
        self.stream, self.file = stream, file

    def write(self, text):
        self.stream.write(text)
        self.file.write(text)
        return len(text)

    def flush(self):
        self.stream.flush()
        self.file.flush()


def _git(*args):
    try:
        return subprocess.run(["git", "-C", ROOT, *args], capture_output=True, text=True).stdout.strip()
    except OSError:
        return ""


# What never belongs in a figures file: a machine's paths, a build's or a tool's log lines
# (Scripts/bench/figures.sh has the same list).
NOISE = re.compile(r"(/tmp/|/work/|/home/|/root/|/opt/|\.build/(debug|release)/[^ ]*\.(o|swiftmodule)|warning: |error: |^xargs: |Compiling |Build complete)")


def _relative(argument):
    """An argument as the header shows it: inside the repository relative to it, another path by its name."""
    if argument.startswith(ROOT + "/"):
        return argument[len(ROOT) + 1:]
    return "…/" + os.path.basename(argument) if argument.startswith("/") else argument


def record(name):
    path = os.path.join(ROOT, "docs", "figures", f"{name}.txt")
    partial = path + ".partial"
    os.makedirs(os.path.dirname(path), exist_ok=True)
    # A figure is of a commit: one measured with uncommitted changes could never be made again.
    if _git("status", "--porcelain", "--untracked-files=no"):
        sys.exit(f"{name}: the tree has uncommitted changes; commit them first (docs/figures/{name}.txt is left as it was)")
    file = open(partial, "w", encoding="utf-8")
    try:
        load = " ".join(open("/proc/loadavg").read().split()[:3])
    except OSError:
        load = "unknown"
    args = " ".join(_relative(a) for a in sys.argv[1:])
    # The script's path from the repository's root (Scripts/bench/bench-web).
    script = next(iter(sorted(glob.glob(f"Scripts/*/{name}", root_dir=ROOT))), f"Scripts/{name}")
    file.write(f"# Written by {script}{' ' + args if args else ''}: do not edit by hand; run the script again.\n")
    file.write(f"# date:    {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}\n")
    file.write(f"# commit:  {_git('rev-parse', '--short', 'HEAD') or 'unknown'}\n")
    file.write(f"# machine: {platform.system()} {platform.release()} {platform.machine()}, {os.cpu_count()} cores, load {load}\n\n")
    sys.stdout = _Tee(sys.stdout, file)
    original_hook = sys.excepthook
    failed = []

    def hook(*info):
        failed.append(True)
        original_hook(*info)

    sys.excepthook = hook
    original_exit = sys.exit

    def exit(code=0):
        if code not in (0, None):
            failed.append(True)
        original_exit(code)

    sys.exit = exit

    tee = sys.stdout

    def done():
        tee.flush()
        sys.stdout = tee.stream
        file.close()
        if not failed:
            with open(partial, encoding="utf-8") as f:
                noise = [f"{n}: {line.rstrip()}" for n, line in enumerate(f, 1) if NOISE.search(line)]
            if noise:
                print(f"figures: {name}.txt would hold machine paths or log lines; it is left as it was:", *noise, sep="\n", file=sys.stderr)
                os.remove(partial)
                os._exit(1)
        if failed:
            print(f"figures not recorded: {partial}", file=sys.stderr)
        else:
            os.replace(partial, path)

    atexit.register(done)
