"""Inverted index: 'map' emits word TAB document (the input file's name) per word; 'reduce' emits
word TAB doc1,doc2,... (distinct, sorted)."""
import os
import sys

import _path  # noqa: F401
from hadoopopt_smstream import SMStream


def map_(io):
    path = os.environ.get("mapreduce_map_input_file") or os.environ.get("map_input_file") or "unknown"
    doc = path.rsplit("/", 1)[-1].encode()
    write = io.write
    for line in io:
        for word in line.replace(b"\t", b" ").split(b" "):
            if word:
                write(word + b"\t" + doc)


def reduce_(io):
    current, docs = None, set()
    for rec in io:
        key, _, doc = rec.partition(b"\t")
        if key != current:
            if current is not None:
                io.write_kv(current, b",".join(sorted(docs)))
            current, docs = key, set()
        docs.add(doc)
    if current is not None:
        io.write_kv(current, b",".join(sorted(docs)))


with SMStream() as stream:
    (reduce_ if sys.argv[1:] == ["reduce"] else map_)(stream)
