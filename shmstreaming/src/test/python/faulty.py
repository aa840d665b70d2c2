"""A Streaming program that misbehaves after N records, for the fault tests.
usage: faulty.py CLIENT_DIR exit|kill|stop N"""
import os
import signal
import sys
import time

sys.path.insert(0, sys.argv[1])
from hadoopopt_smstream import SMStream  # noqa: E402

mode, n = sys.argv[2], int(sys.argv[3])
io = SMStream()
count = 0
for rec in io:
    io.write(rec)
    count += 1
    if count == n:
        if mode == "exit":
            io.flush()
            os._exit(3)
        if mode == "kill":
            os.kill(os.getpid(), signal.SIGKILL)
        if mode == "stop":
            time.sleep(3600)
io.close()
