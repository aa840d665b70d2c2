"""Word count: 'map' emits word TAB 1 per space/tab separated word; 'reduce' sums consecutive keys."""
import sys

import _path  # noqa: F401
from hadoopopt_smstream import SMStream


def map_(io):
    write = io.write
    for line in io:
        for word in line.replace(b"\t", b" ").split(b" "):
            if word:
                write(word + b"\t1")


def reduce_(io):
    current, total = None, 0
    for rec in io:
        key, _, value = rec.partition(b"\t")
        if key != current:
            if current is not None:
                io.write_kv(current, str(total).encode())
            current, total = key, 0
        total += int(value or 0)
    if current is not None:
        io.write_kv(current, str(total).encode())


with SMStream() as stream:
    (reduce_ if sys.argv[1:] == ["reduce"] else map_)(stream)
