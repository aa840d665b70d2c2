"""Identity through the Python client, misusing the process's plain I/O, for the tests.
usage: misuse.py CLIENT_DIR stdout|close-stdin-first|close-stdin-later
  stdout: also prints 16 bytes to plain stdout ("stray line\\n" first, then waits 1.5 s before it
    opens the channel, as a slow-starting client would; "done\\n" last)
  close-stdin-first / close-stdin-later: closes fd 0 before / after opening the channel"""
import os
import sys
import time

sys.path.insert(0, sys.argv[1])
from hadoopopt_smstream import SMStream  # noqa: E402

mode = sys.argv[2]
if mode == "stdout":
    sys.stdout.write("stray line\n")
    sys.stdout.flush()
    time.sleep(1.5)
if mode == "close-stdin-first":
    os.close(0)
with SMStream() as io:
    if mode == "close-stdin-later":
        os.close(0)
    for rec in io:
        io.write(rec)
if mode == "stdout":
    sys.stdout.write("done\n")
    sys.stdout.flush()
