"""A Streaming program that echoes N records over shm, records its pid, then holds the channel
(ignoring SIGTERM) until something kills it, for the framework-kill tests.
usage: held.py CLIENT_DIR PID_DIR N"""
import os
import signal
import sys
import time

sys.path.insert(0, sys.argv[1])
from hadoopopt_smstream import SMStream  # noqa: E402

pid_dir, n = sys.argv[2], int(sys.argv[3])
# SIGTERM alone must not be what saves the test: the framework has to follow up with SIGKILL.
signal.signal(signal.SIGTERM, signal.SIG_IGN)
io = SMStream()
count = 0
for rec in io:
    io.write(rec)
    count += 1
    if count == n:
        io.flush()
        attempt = os.environ.get("mapreduce_task_attempt_id", "unknown")
        tmp = os.path.join(pid_dir, attempt + ".tmp")
        with open(tmp, "w") as f:
            f.write("%d %d\n" % (os.getpid(), os.getppid()))
        os.rename(tmp, os.path.join(pid_dir, attempt + ".pid"))
        while True:
            time.sleep(3600)
io.close()
