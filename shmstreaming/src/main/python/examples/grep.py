"""Grep: every input record containing the pattern (first argument)."""
import sys

import _path  # noqa: F401
from hadoopopt_smstream import SMStream

pattern = sys.argv[1].encode()
with SMStream() as io:
    write = io.write
    for rec in io:
        if pattern in rec:
            write(rec)
