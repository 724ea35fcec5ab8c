"""Runs a command with its stderr on a pseudo-terminal (stdout to a file)
and prints what it wrote there, carriage returns shown as <CR>.

  stderr-on-tty.py STDOUT-FILE COMMAND ARGS...
"""
import os
import subprocess
import sys

master, slave = os.openpty()
with open(sys.argv[1], "wb") as out:
    proc = subprocess.Popen(sys.argv[2:], stdout=out, stderr=slave)
os.close(slave)
data = b""
while True:
    try:
        chunk = os.read(master, 4096)
    except OSError:  # EIO: the child closed the terminal
        break
    if not chunk:
        break
    data += chunk
proc.wait()
sys.stdout.write(data.decode().replace("\r\n", "\n").replace("\r", "<CR>"))
sys.exit(proc.returncode)
