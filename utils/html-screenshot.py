#!/usr/bin/env python3
"""Renders a loop-uarch-report HTML page in headless Chromium and saves a PNG.

  utils/html-screenshot.py report.html out.png [--width 1400] [--height 2000]
  utils/html-screenshot.py --report "ARGS..." out.png     # run the tool first

Needs Debian's `chromium` (apt-get install chromium); the test suite does
not (this is for looking at the page, docs/usage.md says how). With
--report, ARGS are passed to build/tools/loop-uarch-report/loop-uarch-report
with --format=html, and the page is written next to the PNG.
"""
import argparse
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, "build", "tools", "loop-uarch-report",
                    "loop-uarch-report")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("html", nargs="?", help="the page to render")
    ap.add_argument("png", help="the screenshot to write")
    ap.add_argument("--report", help="loop-uarch-report arguments: render "
                    "their --format=html page")
    ap.add_argument("--tool", default=TOOL)
    ap.add_argument("--width", type=int, default=1400)
    ap.add_argument("--height", type=int, default=2000)
    ap.add_argument("--chromium", default=shutil.which("chromium") or
                    shutil.which("chromium-browser") or "chromium")
    a = ap.parse_args()

    page = a.html
    if a.report:
        page = os.path.splitext(a.png)[0] + ".html"
        subprocess.run([a.tool] + shlex.split(a.report) +
                       ["--format=html", "-o", page], check=True)
    if not page:
        sys.exit("html-screenshot: give a page or --report")
    if not shutil.which(a.chromium):
        sys.exit("html-screenshot: Chromium not found (apt-get install "
                 "chromium)")
    with tempfile.TemporaryDirectory() as profile:
        cmd = [a.chromium, "--headless", "--no-sandbox", "--disable-gpu",
               "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--hide-scrollbars",
               "--user-data-dir=" + profile,
               "--screenshot=" + os.path.abspath(a.png),
               f"--window-size={a.width},{a.height}",
               "file://" + os.path.abspath(page)]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if r.returncode != 0 or not os.path.exists(a.png):
        sys.stderr.write(r.stderr)
        sys.exit(f"html-screenshot: chromium failed ({r.returncode})")
    print(f"{a.png}: {os.path.getsize(a.png)} bytes from {page}")


if __name__ == "__main__":
    main()
