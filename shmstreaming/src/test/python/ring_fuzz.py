"""The Python client under the ring fuzzer (RingFuzzTest), as ring_fuzz.c runs the C client.

usage: ring_fuzz.py CASES RECORDS CONSUME_IMAGE PRODUCE_IMAGE SCRATCH_SEGMENT CLIENT_DIR

Same case file, segment handling and output lines as ring_fuzz.c (see there). Any exception
other than SMStreamError escapes and fails the run: a hostile ring must give a clear error.
"""
import os
import struct
import sys
import threading
import zlib


def patch(fd, spec):
    if spec == "-":
        return
    for part in spec.split(","):
        off, hexbytes = part.split(":")
        os.pwrite(fd, bytes.fromhex(hexbytes), int(off))


def quick_waits(ring):
    ring.parent = -1  # not our parent: a wait for the peer ends at once, the peer is gone
    ring.wait_ns = 1000000


def consume(sm, path, k, fd, mid, limit):
    """CRCs of the records read, and the error (None at a clean end). Raises SMStreamError at attach."""
    ring = sm.Ring(path)
    quick_waits(ring)
    ring.eof = threading.Event()
    ring.eof.set()  # the task closed the program's stdin: the end once the ring is empty
    crcs = []
    consume.marked = 0
    try:
        while True:
            if len(crcs) == k and fd is not None:
                patch(fd, mid)
            pending = ring.pending
            rec = ring.read()
            if rec is None:
                return crcs, None
            if ring.pending is not pending:  # the first line of a block: the block whole, as the others hand it out
                rec = b"\n".join(ring.pending) + b"\n"
                ring.pending_at = len(ring.pending)
            if len(crcs) == limit:
                raise AssertionError("more records than a ring of stale bytes can hold")
            crcs.append(zlib.crc32(rec))
            if b"PAST-THE-TAIL" in rec:
                consume.marked += 1
    except sm.SMStreamError as e:
        return crcs, e


def own_word(off, sm):
    spans = ((sm.OFF_TAIL, 8), (sm.OFF_ATTACHED, 4), (sm.OFF_PRODUCER_WAITING, 4), (sm.OFF_PRODUCER_CLOSED, 4),
             (sm.OFF_CONSUMER_WAITING, 4))
    return any(start <= off < start + n for start, n in spans)


def main(cases, records, consume_image, produce_image, seg, client_dir):
    sys.path.insert(0, client_dir)
    import hadoopopt_smstream as sm

    raw = open(records, "rb").read()
    (count,) = struct.unpack_from("<I", raw, 0)
    recs, at = [], 4
    for _ in range(count):
        (n,) = struct.unpack_from("<I", raw, at)
        block = n & sm.BLOCK  # a block of lines
        n &= ~sm.BLOCK
        recs.append((raw[at + 4:at + 4 + n], block))
        at += 4 + n
    images = {"consume": open(consume_image, "rb").read(), "produce": open(produce_image, "rb").read()}
    limit = 20000
    out = sys.stdout
    for line in open(cases):
        f = line.split()
        if len(f) != 5:
            continue
        cid, mode, k, init, mid = f[0], f[1], int(f[2]), f[3], f[4]
        if os.path.lexists(seg):
            os.unlink(seg)
        fd = os.open(seg, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
        image = images[mode]
        os.write(fd, image)
        patch(fd, init)
        crc_text, back_text, changed, message, n, marked = "-", "-", 0, "", 0, 0
        if mode == "consume":
            try:
                crcs, err = consume(sm, seg, k, fd, mid, limit)
                status = "end" if err is None else "error"
                message = "" if err is None else str(err)
            except sm.SMStreamError as e:
                crcs, status, message = [], "attach-error", str(e)
                consume.marked = 0
            n, marked = len(crcs), consume.marked
            crc_text = ",".join("%08x" % c for c in crcs) or "-"
        else:
            try:
                ring = sm.Ring(seg)
            except sm.SMStreamError as e:
                ring, status, message = None, "attach-error", str(e)
            if ring is not None:
                quick_waits(ring)
                err = None
                try:
                    for i, (rec, block) in enumerate(recs):
                        if i == k:
                            patch(fd, mid)
                        if block:
                            ring.write_block(rec)
                        else:
                            ring.write(rec)
                        n += 1
                    ring.close_producer(1)
                except sm.SMStreamError as e:
                    err = e
                after = bytes(ring.mm[:sm.HEADER_SIZE])
                ring = None  # unmapped once unreferenced
                expected = bytearray(image[:sm.HEADER_SIZE])
                for spec in ([init] + ([mid] if 0 <= k < len(recs) and n >= k else [])):
                    if spec != "-":
                        for part in spec.split(","):
                            off, hexbytes = part.split(":")
                            b = bytes.fromhex(hexbytes)
                            off = int(off)
                            if off < sm.HEADER_SIZE:
                                expected[off:off + len(b)] = b[:sm.HEADER_SIZE - off]
                changed = int(any(after[o] != expected[o] and not own_word(o, sm) for o in range(sm.HEADER_SIZE)))
                status = "ok" if err is None else "error"
                message = "" if err is None else str(err)
                if err is None:
                    try:
                        back, berr = consume(sm, seg, -1, None, "-", limit)
                        back_text = ("read-error" if berr is not None else ",".join("%08x" % c for c in back) or "-")
                    except sm.SMStreamError:
                        back_text = "read-error"
        os.close(fd)
        os.unlink(seg)
        out.write("@%s %s %d %d %s %d %s | %s\n" % (cid, status, n, marked, crc_text, changed, back_text,
                                                  message.replace("\n", " ")))
        out.flush()


if __name__ == "__main__":
    main(*sys.argv[1:7])
