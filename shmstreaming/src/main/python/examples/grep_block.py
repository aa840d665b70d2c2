"""Grep with the block API: the lines of each buffer that contain the pattern (first argument)."""
import sys

import _path  # noqa: F401
from hadoopopt_smstream import SMStream

pattern = sys.argv[1].encode()
with SMStream() as io:
    write_block = io.write_block
    for lines in io.blocks():
        if pattern in lines:
            hits = [line for line in lines.split(b"\n") if pattern in line]
            hits.append(b"")
            write_block(b"\n".join(hits))
