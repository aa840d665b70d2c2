"""A Streaming program that breaks the block framing, for the bad-input tests.
usage: blockfaults.py CLIENT_DIR unterminated|reporter
  unterminated: echoes the first record, then writes a block whose last line has no newline
  reporter: echoes every record and counts it on stderr (reporter:counter:blocks,seen,1)"""
import sys

sys.path.insert(0, sys.argv[1])
import hadoopopt_smstream as sm  # noqa: E402

mode = sys.argv[2]
io = sm.SMStream()
if mode == "unterminated":
    first = io.read()
    io.write(first)
    io.flush()
    ring = io.out
    # a block record of "ab\ncd": the framing says whole lines, the payload ends inside one
    payload = b"ab\ncd"
    off = ring.pos & ring.mask
    base = sm.HEADER_SIZE + off
    ring.u32[base // 4] = len(payload) | sm.BLOCK
    ring.mm[base + sm.RECORD_HEADER:base + sm.RECORD_HEADER + len(payload)] = payload
    ring.pos += (sm.RECORD_HEADER + len(payload) + 7) & ~7
    ring.flush()
    for rec in io:
        pass
    io.close()
else:
    for rec in io:
        io.write(rec)
        sys.stderr.write("reporter:counter:blocks,seen,1\n")
    io.close()
