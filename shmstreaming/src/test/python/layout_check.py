"""Checks the Python client (hadoopopt_smstream) against the shared ring test vector, as
layout_check.c checks the C client and RingLayoutVectorTest the Java one.

usage: layout_check.py VECTOR_FILE SCRATCH_SEGMENT_PATH CLIENT_DIR; prints OK and exits 0, or the
mismatches and exits 1. The segment is created here (the task creates it in a job) and removed.
"""
import os
import struct
import sys


def pattern(n):
    return bytes(i % 251 for i in range(n))


def main(vector, seg, client_dir):
    sys.path.insert(0, client_dir)
    import hadoopopt_smstream as sm

    failures = []
    producer = consumer = None
    seen = set()
    fields = {"tail": (sm.OFF_TAIL, "Q"), "head": (sm.OFF_HEAD, "Q"),
              "consumer-waiting": (sm.OFF_CONSUMER_WAITING, "I"), "producer-waiting": (sm.OFF_PRODUCER_WAITING, "I")}

    def header_value(off, fmt):
        return struct.unpack_from("<" + fmt, producer.mm, off)[0]

    for number, raw in enumerate(open(vector), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        f = line.split()
        op = f[0]
        if op == "constant":
            want = int(f[2], 0)
            got = getattr(sm, f[1], None)
            seen.add(f[1])
            if got != want:
                failures.append("MISMATCH %s: hadoopopt_smstream says %r, vector says %d" % (f[1], got, want))
        elif op == "ring":
            capacity, batch = int(f[1]), int(f[2])
            with open(seg, "wb") as out:
                out.truncate(sm.HEADER_SIZE + capacity)
                out.write(struct.pack("<IIQI", sm.MAGIC, sm.VERSION, capacity, batch))
            producer = sm.Ring(seg)
            consumer = None
        elif op == "record":
            producer.write(bytes.fromhex("".join(f[1:])))
        elif op == "block":
            producer.write_block(bytes.fromhex("".join(f[1:])))
        elif op == "read-block":
            if consumer is None:
                consumer = sm.Ring(seg)
            want = bytes.fromhex("".join(f[1:]))
            piece = consumer._next_piece()
            got = None if piece is None else bytes(consumer.mm[piece[0]:piece[0] + piece[1]])
            if piece is None or piece[2] != sm.BLOCK or got != want:
                failures.append("MISMATCH line %d (%s): read %r" % (number, line, got))
        elif op == "record-pattern":
            for _ in range(int(f[2]) if len(f) > 2 else 1):
                producer.write(pattern(int(f[1])))
        elif op == "head":
            producer.u64[sm.OFF_HEAD // 8] = int(f[1])
        elif op == "flush":
            producer.flush()
        elif op == "sleeping":
            off = sm.OFF_CONSUMER_WAITING if f[1] == "consumer" else sm.OFF_PRODUCER_WAITING
            producer.u32[off // 4] = 1
        elif op == "expect":
            off, fmt = fields[f[1]]
            got = header_value(off, fmt)
            if got != int(f[2]):
                failures.append("MISMATCH line %d (%s): %s is %d" % (number, line, f[1], got))
        elif op in ("read", "read-pattern"):
            if consumer is None:
                consumer = sm.Ring(seg)  # attaches at the shared head, as the reading side does
            times = int(f[2]) if op == "read-pattern" and len(f) > 2 else 1
            for _ in range(times):
                want = pattern(int(f[1])) if op == "read-pattern" else bytes.fromhex("".join(f[1:]))
                got = consumer.read()
                if got != want:
                    failures.append("MISMATCH line %d (%s): read %r" % (number, line, None if got is None else got[:16]))
        elif op == "close" and f[1] == "consumer":
            consumer.close_consumer()
        elif op in ("header", "data"):
            base = (sm.HEADER_SIZE if op == "data" else 0) + int(f[1])
            want = bytes.fromhex("".join(f[2:]))
            got = bytes(producer.mm[base:base + len(want)])
            if got != want:
                failures.append("MISMATCH line %d: bytes at segment offset %d are %s" % (number, base, got.hex()))
        else:
            failures.append("BAD vector line %d: %s" % (number, line))
    names = [n for n in dir(sm) if n.isupper() and not n.startswith("_") and isinstance(getattr(sm, n), int)]
    for n in names:
        if n not in seen:
            failures.append("MISMATCH: the client's constant %s is not in the vector" % n)
    if os.path.exists(seg):
        os.unlink(seg)
    for f in failures:
        print(f)
    if not failures:
        print("OK")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.stderr.write("usage: layout_check.py VECTOR SEGMENT CLIENT_DIR\n")
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
