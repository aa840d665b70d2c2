"""Python client of HadoopOpt ShmStreaming: a Streaming program's records through shared memory.

    from hadoopopt_smstream import SMStream
    with SMStream() as io:
        for rec in io:                 # bytes, one input record (a line without its newline)
            io.write(rec)              # or io.write_kv(key, value)

    with SMStream() as io:             # the block API: many whole lines at a time
        for lines in io.blocks():      # bytes of whole lines, each ending in b"\n"
            io.write_block(lines)      # whole lines, each ending in b"\n"

Whether each direction is a shared-memory ring or the usual pipe comes from the environment
Hadoop Streaming gives the program (stream.map.input=shm etc.), so the same script runs both ways.
Records may have any size (one larger than half the ring travels in pieces). Records cross the
ring in blocks of many lines (stream.shm.blocks, on by default): the client splits input blocks
into records and gathers output records into blocks, so the record API gets the speed-up too. With shm input the end
of input is Streaming closing the program's stdin: stdin must be open when SMStream() is created
(the client then watches its own duplicate of it).
The ring layout and protocol are those of smstream_layout.h / RingLayout.java. Needs Linux on
x86-64: plain aligned 8-byte loads and stores through a memoryview are atomic there and ordered
as acquire/release; the full barriers and compare-and-swap the protocol needs are done by the
kernel with FUTEX_WAKE_OP, so no compiled code is needed.
"""
import ctypes
import errno
import itertools
import mmap
import os
import stat
import sys
import threading
import time

MAGIC = 0x52534F48
VERSION = 3
OFF_MAGIC = 0
OFF_VERSION = 4
OFF_CAPACITY = 8
OFF_BATCH = 16
OFF_ATTACHED = 20
OFF_TAIL = 64
OFF_HEAD = 128
OFF_CONSUMER_WAITING = 192
OFF_PRODUCER_WAITING = 256
OFF_PRODUCER_CLOSED = 320
OFF_CONSUMER_CLOSED = 324
CONSUMER_STDIN_CLOSED = 2
HEADER_SIZE = 512
RECORD_HEADER = 4
RECORD_ALIGN = 8
PADDING = 0xFFFFFFFF
MORE_PIECES = 0x80000000
BLOCK = 0x40000000
MIN_CAPACITY = 4096
MAX_CAPACITY = 1073741824

_SYS_FUTEX = 202  # x86-64
_FUTEX_WAIT = 0
_FUTEX_WAKE_OP = 5
_libc = ctypes.CDLL(None, use_errno=True)
_syscall = _libc.syscall
_syscall.restype = ctypes.c_long


class _Timespec(ctypes.Structure):
    _fields_ = [("tv_sec", ctypes.c_long), ("tv_nsec", ctypes.c_long)]


def _futex_op(op, oparg, cmp, cmparg):
    return (op << 28) | (cmp << 24) | (oparg << 12) | cmparg


# FUTEX_OP_SET = 0, FUTEX_OP_CMP_EQ = 0
_SET_1 = _futex_op(0, 1, 0, 0)
_SET_0_WAKE_IF_1 = _futex_op(0, 0, 0, 1)


class SMStreamError(IOError):
    pass


def _check_segment_file(path, st):
    """A segment is attached only if it is what the task creates: a plain file of this process's
    user, writable by nobody else, with one name, of a ring's size. Anything else at the segment's
    name was put there by someone else (the folder is shared, e.g. /dev/shm)."""
    if not stat.S_ISREG(st.st_mode):
        why = "is not a regular file (mode 0%o)" % st.st_mode
    elif st.st_uid != os.geteuid():
        why = ("belongs to uid %d, not to this process's user (uid %d): the task creates its segments as the "
               "program's user, so another local user made this one" % (st.st_uid, os.geteuid()))
    elif st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        why = "has mode 0%03o, writable by group or others (the task creates segments 0600)" % (st.st_mode & 0o7777)
    elif st.st_nlink != 1:
        why = "has %d names (hard links; the task creates segments with one)" % st.st_nlink
    elif not HEADER_SIZE + MIN_CAPACITY <= st.st_size <= HEADER_SIZE + MAX_CAPACITY:
        why = "has %d bytes: not a ring" % st.st_size
    else:
        return
    raise SMStreamError("shm segment %s %s: refused" % (path, why))


def _bad_position(p):
    """Positions count bytes ever written or consumed: 8-byte aligned, below 2^63 (Java's long)."""
    return p & (RECORD_ALIGN - 1) or p >> 63


def _check_header(path, u32, u64, size):
    """Checks every header field against the mapping before any is used (each read once); returns
    the capacity, batch size, head and tail."""
    magic, version, capacity, batch = u32[OFF_MAGIC // 4], u32[OFF_VERSION // 4], u64[OFF_CAPACITY // 8], u32[OFF_BATCH // 4]
    head, tail = u64[OFF_HEAD // 8], u64[OFF_TAIL // 8]
    if magic != MAGIC:
        why = "bad magic 0x%08x at offset %d" % (magic, OFF_MAGIC)
    elif version != VERSION:
        why = "ring version %d at offset %d, this client speaks version %d" % (version, OFF_VERSION, VERSION)
    elif (capacity < MIN_CAPACITY or capacity > MAX_CAPACITY or capacity & (capacity - 1)
          or capacity != size - HEADER_SIZE):
        why = ("bad capacity %d at offset %d (a power of two, the segment's %d bytes less the %d-byte header)"
               % (capacity, OFF_CAPACITY, size, HEADER_SIZE))
    elif batch == 0 or batch > 0x7FFFFFFF:
        why = "bad batch size %d at offset %d (1 to 2^31-1)" % (batch, OFF_BATCH)
    elif u32[OFF_ATTACHED // 4] > 1:
        why = "bad attached flag %d at offset %d (0 or 1)" % (u32[OFF_ATTACHED // 4], OFF_ATTACHED)
    elif _bad_position(head) or _bad_position(tail) or not head <= tail <= head + capacity:
        why = ("corrupt ring header, head %d (offset %d) and tail %d (offset %d): not aligned positions with "
               "0 <= tail - head <= capacity (%d)" % (head, OFF_HEAD, tail, OFF_TAIL, capacity))
    else:
        for off, top in ((OFF_CONSUMER_WAITING, 1), (OFF_PRODUCER_WAITING, 1), (OFF_PRODUCER_CLOSED, 2),
                         (OFF_CONSUMER_CLOSED, 2)):
            if u32[off // 4] > top:
                raise SMStreamError("%s: bad header word %d at offset %d (0 to %d)" % (path, u32[off // 4], off, top))
        return capacity, batch, head, tail
    raise SMStreamError("%s: %s" % (path, why))


class Ring(object):
    """One mapped ring, used from one side by one thread.

    Positions are published as the C and Java sides publish them (the shared test vector checks
    all three): a record or piece counts once it is written (producer) or released (consumer: at
    the next read, as the C client's pointer into the ring stays valid until then), and a side
    publishes its position, waking a sleeping peer, every batch-size records or quarter ring of
    bytes, before it sleeps, on a flush with something new and at the end.
    """

    def __init__(self, path, consumer_closed=0):
        self.path = path
        self.name = os.path.basename(path)
        # O_NOFOLLOW: a link at the segment's name is never followed; O_NONBLOCK: a FIFO there
        # cannot block the open (it is refused below as not a regular file).
        try:
            fd = os.open(path, os.O_RDWR | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError as e:
            if e.errno == errno.ELOOP:
                raise SMStreamError("shm segment %s is a symbolic link: refused (the task creates segments as plain "
                                    "files, so someone else put the link there)" % path)
            raise
        try:
            st = os.fstat(fd)
            _check_segment_file(path, st)
            size = st.st_size
            self.mm = mmap.mmap(fd, size, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
        finally:
            os.close(fd)
        mv = memoryview(self.mm)
        self.u32 = mv.cast("I")
        self.u64 = mv.cast("Q")
        self.capacity, self.batch, head, tail = _check_header(path, self.u32, self.u64, size)
        self.mask = self.capacity - 1
        self.max_whole = self.capacity // 2 - RECORD_HEADER  # larger records travel in pieces
        self.publish_bytes = self.capacity // 4  # unpublished bytes after which a side publishes anyway
        self._cbuf = ctypes.c_char.from_buffer(self.mm)
        self.addr = ctypes.addressof(self._cbuf)
        self.pos = head
        self.next = self.pos  # consumer: the end of the record handed out last, released at the next read
        self.head_published = self.pos
        self.head_cache = self.pos  # producer: the head last seen, re-read only when the ring looks full
        self.published = tail  # producer: the tail published; consumer: the tail last seen
        self.publish_at = self.pos + self.publish_bytes  # the position at which this side publishes, whatever the batch
        self.since = 0
        self.eof = None  # a threading.Event set when stdin closes (input ring)
        self.flush_before_wait = None  # a callable that sends our output before we wait for input
        self.pending = []  # consumer: the rest of the block being read record by record
        self.pending_at = 0
        self.parent = os.getppid()
        self.wait_ns = 200 * 1000000  # each futex wait's bound, after which the task's liveness is re-checked
        if consumer_closed:  # a consumer that cannot read says so before it shows itself attached
            self.u32[OFF_CONSUMER_CLOSED // 4] = consumer_closed
        self.u32[OFF_ATTACHED // 4] = 1

    def _corrupt(self, what):
        return SMStreamError("%s: corrupt ring%s" % (self.name, what))

    # --- futex and barrier primitives -------------------------------------------------------
    def _atomic_set_1(self, off):
        a = self.addr + off
        _syscall(_SYS_FUTEX, ctypes.c_void_p(a), _FUTEX_WAKE_OP, 0, ctypes.c_void_p(0), ctypes.c_void_p(a), _SET_1)

    def wake_if_waiting(self, off):
        """Atomically clears the waiting word and wakes the sleeper if it was 1 (a full barrier)."""
        a = self.addr + off
        _syscall(_SYS_FUTEX, ctypes.c_void_p(a), _FUTEX_WAKE_OP, 0, ctypes.c_void_p(1), ctypes.c_void_p(a),
                 _SET_0_WAKE_IF_1)

    def _sleep(self, off, ready):
        self._atomic_set_1(off)
        if not ready():
            ts = _Timespec(self.wait_ns // 1000000000, self.wait_ns % 1000000000)
            _syscall(_SYS_FUTEX, ctypes.c_void_p(self.addr + off), _FUTEX_WAIT, 1, ctypes.byref(ts),
                     ctypes.c_void_p(0), 0)
        self.u32[off // 4] = 0
        if os.getppid() != self.parent:
            raise SMStreamError("%s: the task JVM (pid %d) is gone" % (self.name, self.parent))

    # --- producer -------------------------------------------------------------------------
    def _load_head(self):
        """The consumer's head, checked before use: aligned, not ahead of what was written (that
        would free unread bytes), not more than a ring behind."""
        h = self.u64[OFF_HEAD // 8]
        if _bad_position(h) or h > self.pos or self.pos - h > self.capacity:
            raise self._corrupt(" header, head %d (offset %d) against the producer's position %d: not an aligned "
                                "position at most one capacity (%d) behind it" % (h, OFF_HEAD, self.pos, self.capacity))
        self.head_cache = h
        return h

    def _room(self, need):
        u64 = self.u64
        while self.capacity - (self.pos - self._load_head()) < need:
            code = self.u32[OFF_CONSUMER_CLOSED // 4]
            if code > 2:
                raise self._corrupt(" header, consumer-closed code %d at offset %d (1 or 2)" % (code, OFF_CONSUMER_CLOSED))
            if code:
                raise SMStreamError("%s: the consumer closed the ring" % self.name)
            self.flush()
            self._sleep(OFF_PRODUCER_WAITING, lambda: self.capacity - (self.pos - u64[OFF_HEAD // 8]) >= need)

    def write(self, rec):
        n = len(rec)
        if n > self.max_whole:
            self._write_pieces(rec)
            return
        self._write_whole(rec, n, n)

    def _write_whole(self, rec, n, word):
        """A record of n <= max_whole bytes, its length word being word (n, or n | BLOCK)."""
        span = (RECORD_HEADER + n + 7) & ~7
        off = self.pos & self.mask
        to_end = self.capacity - off
        need = to_end + span if span > to_end else span
        if self.capacity - (self.pos - self.head_cache) < need:
            self._room(need)
        if span > to_end:
            self.u32[(HEADER_SIZE + off) // 4] = PADDING
            self.pos += to_end
            off = 0
        base = HEADER_SIZE + off
        self.u32[base // 4] = word
        self.mm[base + RECORD_HEADER:base + RECORD_HEADER + n] = rec
        self.pos += span
        self.since += 1
        if self.since >= self.batch or self.pos >= self.publish_at:
            self._publish_tail()

    def write_block(self, lines):
        """One block record: 1 .. max_whole bytes of whole lines, each ending in a newline."""
        n = len(lines)
        if n == 0 or n > self.max_whole or lines[-1:] != b"\n":
            raise SMStreamError("a block must be 1 to %d bytes of whole lines ending in a newline (got %d bytes)"
                                % (self.max_whole, n))
        self._write_whole(lines, n, n | BLOCK)

    def _write_pieces(self, rec):
        """A record larger than half the ring, in pieces (see smstream_layout.h)."""
        view = memoryview(rec)
        done, total = 0, len(view)
        while done < total:
            off = self.pos & self.mask
            n = min(total - done, self.max_whole, self.capacity - off - RECORD_HEADER)
            span = (RECORD_HEADER + n + 7) & ~7
            if self.capacity - (self.pos - self.head_cache) < span:
                self._room(span)
            base = HEADER_SIZE + off
            self.u32[base // 4] = n | (MORE_PIECES if done + n < total else 0)
            self.mm[base + RECORD_HEADER:base + RECORD_HEADER + n] = view[done:done + n]
            done += n
            self.pos += span
            self.since += 1
            if self.since >= self.batch or self.pos >= self.publish_at:
                self._publish_tail()

    def flush(self):
        """Publishes what was written and wakes the consumer if it sleeps. With nothing new there
        is nothing to wake it for (and each wake-up check is a system call here)."""
        if self.published != self.pos:
            self._publish_tail()

    def _publish_tail(self):
        self.u64[OFF_TAIL // 8] = self.pos
        self.published = self.pos
        self.publish_at = self.pos + self.publish_bytes
        self.since = 0
        self.wake_if_waiting(OFF_CONSUMER_WAITING)

    def close_producer(self, code=1):
        self.flush()
        self.u32[OFF_PRODUCER_CLOSED // 4] = code
        self.wake_if_waiting(OFF_CONSUMER_WAITING)  # the close itself is news

    # --- consumer -------------------------------------------------------------------------
    def _publish_head(self):
        self.u64[OFF_HEAD // 8] = self.pos
        self.head_published = self.pos
        self.publish_at = self.pos + self.publish_bytes
        self.since = 0
        self.wake_if_waiting(OFF_PRODUCER_WAITING)

    def _release(self):
        """Frees the record or piece handed out last; publishes per batch or quarter ring."""
        if self.next != self.pos:
            self.pos = self.next
            self.since += 1
            if self.since >= self.batch or self.pos >= self.publish_at:
                self._publish_head()

    def _ended(self):
        return self.u32[OFF_PRODUCER_CLOSED // 4] or (self.eof is not None and self.eof.is_set())

    def read(self):
        """The next record as bytes, or None at the end of the stream."""
        pending = self.pending
        if self.pending_at < len(pending):
            rec = pending[self.pending_at]
            self.pending_at += 1
            return rec
        # The common case inline (a whole record already published); waits, padding, pieces and
        # corrupt lengths take _next_piece. The same rules as _release and _next_piece.
        pos = self.next
        if pos != self.pos:
            self.pos = pos
            self.since += 1
            if self.since >= self.batch or pos >= self.publish_at:
                self._publish_head()
        if self.published != pos:
            off = pos & self.mask
            n = self.u32[(HEADER_SIZE + off) >> 2]
            if n <= self.capacity - off - RECORD_HEADER:
                end = pos + ((RECORD_HEADER + n + 7) & ~7)
                if end <= self.published:
                    self.next = end
                    start = HEADER_SIZE + off + RECORD_HEADER
                    return self.mm[start:start + n]
        got = self._next_copied()
        if got is None:
            return None
        rec, block = got
        if block:
            lines = _lines(rec)
            self.pending = lines
            self.pending_at = 1
            return lines[0]
        return rec

    def _next_copied(self):
        """The next record or block copied out, pieces joined, as (bytes, is a block); None at the end."""
        piece = self._next_piece()
        if piece is None:
            return None
        start, n, more = piece
        rec = self.mm[start:start + n]
        if more == BLOCK:
            return rec, True
        return (self._join_pieces(rec) if more else rec), False

    def read_batch(self):
        """The next records as a list (a block's lines, or one record), or None at the end."""
        pending = self.pending
        if self.pending_at < len(pending):
            rest = pending[self.pending_at:] if self.pending_at else pending
            self.pending_at = len(pending)
            return rest
        got = self._next_copied()
        if got is None:
            return None
        rec, block = got
        return _lines(rec) if block else [rec]

    def read_block(self):
        """The next whole lines as bytes, each ending in a newline, or None at the end."""
        pending = self.pending
        if self.pending_at < len(pending):
            rest = pending[self.pending_at:]
            self.pending_at = len(pending)
            return b"\n".join(rest) + b"\n"
        got = self._next_copied()
        if got is None:
            return None
        rec, block = got
        return rec if block else rec + b"\n"

    def _next_piece(self):
        """Releases the last record or piece and returns the next one as (start, length, more),
        more being MORE_PIECES when further pieces follow, BLOCK for a block of lines, else 0; or
        None at the end of the stream."""
        if self.next != self.pos:
            self._release()
        u32 = self.u32
        while True:
            if self.published == self.pos:
                self.published = self._load_tail()
                if self.published == self.pos and not self._wait():
                    return None
            off = self.pos & self.mask
            n = u32[(HEADER_SIZE + off) // 4]
            if n == PADDING:
                if self.pos + self.capacity - off > self.published:
                    raise self._corrupt(", padding at data offset %d reaches past the tail %d (offset %d)"
                                        % (off, self.published, OFF_TAIL))
                self.pos += self.capacity - off  # published with the next records
                self.next = self.pos
                continue
            more = n & (MORE_PIECES | BLOCK)
            n &= ~(MORE_PIECES | BLOCK)
            if n > self.capacity - off - RECORD_HEADER:
                raise self._corrupt(", record length %d at data offset %d runs past the data area (%d bytes)"
                                    % (n, off, self.capacity))
            end = self.pos + ((RECORD_HEADER + n + 7) & ~7)
            if end > self.published:
                raise self._corrupt(", the record at data offset %d (%d bytes) ends after the tail %d (offset %d)"
                                    % (off, n, self.published, OFF_TAIL))
            start = HEADER_SIZE + off + RECORD_HEADER
            if more & BLOCK and (more != BLOCK or n == 0 or self.mm[start + n - 1] != 10):
                raise SMStreamError("%s: corrupt block, the block of %d bytes at data offset %d (stream position %d) %s"
                                    % (self.name, n, off, self.pos, "is in pieces" if more != BLOCK
                                       else "is empty" if n == 0 else "does not end with a newline: it ends inside a record"))
            self.next = end
            return start, n, more

    def _join_pieces(self, first):
        """The rest of a record in pieces: each copied out and released at the next read."""
        parts = [first]
        more = True
        while more:
            piece = self._next_piece()
            if piece is None:
                raise SMStreamError("%s: the stream ended inside a record, after %d of its bytes"
                                    % (self.name, sum(len(p) for p in parts)))
            start, n, more = piece
            if more & BLOCK:
                raise self._corrupt(", a block inside a record in pieces at data offset %d (stream position %d)"
                                    % (self.pos & self.mask, self.pos))
            parts.append(self.mm[start:start + n])
        return b"".join(parts)

    def _load_tail(self):
        """The producer's tail, checked before use: aligned, not behind this consumer's position,
        not more than a ring ahead (bytes past the published tail may not be written yet)."""
        t = self.u64[OFF_TAIL // 8]
        if _bad_position(t) or t < self.pos or t - self.pos > self.capacity:
            raise self._corrupt(" header, tail %d (offset %d) against the consumer's position %d: not an aligned "
                                "position at most one capacity (%d) ahead of it" % (t, OFF_TAIL, self.pos, self.capacity))
        return t

    def _wait(self):
        u64 = self.u64
        while True:
            self.published = self._load_tail()
            if self.published != self.pos:
                return True
            if self._ended():
                code = self.u32[OFF_PRODUCER_CLOSED // 4]
                if code > 2:
                    raise self._corrupt(" header, producer-closed code %d at offset %d (1 = ended, 2 = aborted)"
                                        % (code, OFF_PRODUCER_CLOSED))
                self.published = self._load_tail()
                if self.published != self.pos:
                    return True
                if code == 2:
                    raise SMStreamError("%s: the producer aborted the stream" % self.name)
                return False
            if self.flush_before_wait is not None:
                self.flush_before_wait()
            if self.head_published != self.pos:  # the ring is empty: publish all we consumed
                self._publish_head()
            else:
                self.wake_if_waiting(OFF_PRODUCER_WAITING)
            self._sleep(OFF_CONSUMER_WAITING, lambda: u64[OFF_TAIL // 8] != self.pos or self._ended())

    def close_consumer(self):
        self._release()
        if self.head_published != self.pos:
            self._publish_head()
        self.u32[OFF_CONSUMER_CLOSED // 4] = 1
        self.wake_if_waiting(OFF_PRODUCER_WAITING)


def _lines(block):
    """The records of a block: its lines without their newlines (a block ends in one)."""
    lines = block.split(b"\n")
    lines.pop()
    return lines


def _stdin_duplicate():
    """A duplicate of fd 0 if it is an open pipe (Streaming's stdin), else None."""
    try:
        if not stat.S_ISFIFO(os.fstat(0).st_mode):
            return None
        return os.dup(0)  # not inheritable (PEP 446)
    except OSError:
        return None


def _block_bytes(out):
    """stream.shm.block.bytes (default 65536) within the ring, or 0 with stream.shm.blocks=false."""
    if os.environ.get("stream_shm_blocks", "true").lower() == "false":
        return 0
    n = max(256, int(os.environ.get("stream_shm_block_bytes", "65536")))
    return min(n, out.max_whole)


def _attach(directory, attempt, suffix, consumer_closed=0):
    timeout = float(os.environ.get("stream_shm_attach_timeout_ms", "60000")) / 1000.0
    deadline = time.time() + timeout
    parent = os.getppid()
    step = 0.001
    while True:
        for pid in (os.getpid(), parent):
            path = "%s/hadoopopt-shm-%s-%d.%s" % (directory, attempt, pid, suffix)
            if os.path.lexists(path):  # a link there counts too: Ring refuses it, saying so
                try:
                    ring = Ring(path, consumer_closed)
                except FileNotFoundError:
                    continue  # gone between the check and the open: the task gave up; time out clearly
                try:
                    os.unlink(path)  # both sides have it mapped: nothing may stay in /dev/shm
                except FileNotFoundError:
                    pass  # the task saw us attach and unlinked it first (all input already written)
                return ring
        if time.time() > deadline or os.getppid() != parent:
            raise SMStreamError("no shm segment %s/hadoopopt-shm-%s-%d.%s appeared within %.0f ms "
                                "(stream_shm_attach_timeout_ms)" % (directory, attempt, os.getpid(), suffix,
                                                                    timeout * 1000))
        time.sleep(step)
        step = min(step * 2, 0.004)


class SMStream(object):
    """The channel of a Streaming program: input and output records, shm or pipe each."""

    def __init__(self):
        env = os.environ
        side = "map" if env.get("mapreduce_task_ismap", "true") != "false" else "reduce"
        self.shm_in = "ShmInputWriter" in env.get("stream_%s_input_writer_class" % side, "")
        self.shm_out = "ShmOutputReader" in env.get("stream_%s_output_reader_class" % side, "")
        for name, got in (("input", self.shm_in), ("output", self.shm_out)):
            if env.get("stream_%s_%s" % (side, name), "").lower() == "shm" and not got:
                raise SMStreamError("stream.%s.%s=shm but stream.io.identifier.resolver.class is '%s', not "
                                    "org.hadoopopt.shmstreaming.io.ShmIdentifierResolver"
                                    % (side, name, env.get("stream_io_identifier_resolver_class", "")))
        directory = env.get("stream_shm_dir") or "/dev/shm"
        attempt = env.get("mapreduce_task_attempt_id", "")
        # With shm input the end of input is Streaming closing our stdin, a pipe: it must be open
        # now. Checked before attaching (which opens files that would take a free fd 0); the
        # watcher then reads its own duplicate, so the program may close fd 0 afterwards.
        self._stdin_fd = _stdin_duplicate() if self.shm_in else None
        self.out = _attach(directory, attempt, "out") if self.shm_out else None
        stdin_closed = CONSUMER_STDIN_CLOSED if self.shm_in and self._stdin_fd is None else 0
        self.inp = _attach(directory, attempt, "in", stdin_closed) if self.shm_in else None
        if stdin_closed:
            # The input ring, marked when attached, tells the task why; the output ends normally
            # rather than aborted, so the task's output thread does not race that message.
            self.inp.wake_if_waiting(OFF_PRODUCER_WAITING)
            if self.out is not None:
                self.out.close_producer(1)
            raise SMStreamError("stdin (fd 0) is closed or is not the pipe Hadoop Streaming gave the program, but stdin "
                                "must stay open with stream.%s.input=shm: the client learns the end of the input from "
                                "Streaming closing it" % side)
        # Output records gathered for the next block (blocks on: _block_bytes > 0)
        self._block = []
        self._block_bytes = _block_bytes(self.out) if self.out is not None else 0
        self._block_room = self._block_bytes if self._block_bytes else -1  # -1: every write takes _write_rest
        if self.inp is not None:
            self.inp.eof = threading.Event()
            self.inp.flush_before_wait = self.flush if self.out is not None else None
            t = threading.Thread(target=self._watch_stdin, name="stdin-watcher")
            t.daemon = True
            t.start()
        self._stdin = sys.stdin.buffer
        self._stdout = sys.stdout.buffer
        self._carry = b""  # pipe input of the block API: the start of a line not yet ended

    def _watch_stdin(self):
        """Streaming closes our stdin when the task's input ends: that is our end of input."""
        fd = self._stdin_fd
        try:
            while os.read(fd, 4096):
                pass
        except OSError:
            pass
        self.inp.eof.set()
        self.inp.wake_if_waiting(OFF_CONSUMER_WAITING)

    def read(self):
        """One input record as bytes (no newline), or None at the end of input."""
        if self.inp is not None:
            return self.inp.read()
        line = self._stdin.readline()
        if not line:
            return None
        return line[:-1] if line.endswith(b"\n") else line

    def __iter__(self):
        if self.inp is not None:
            # Each block split once into a list, its records handed out by C iterators (chain over
            # the lists read_batch returns until it returns None): no Python frame resumed per record.
            return itertools.chain.from_iterable(iter(self.inp.read_batch, None))
        return self._pipe_records()

    def _pipe_records(self):
        if self.out is not None:
            self.out.flush()
        for line in self._stdin:
            yield line[:-1] if line.endswith(b"\n") else line

    def read_block(self):
        """Whole input lines as bytes, each ending in a newline, or None at the end of input."""
        if self.inp is not None:
            return self.inp.read_block()
        while True:
            chunk = self._stdin.read1(1 << 16)
            if not chunk:
                rest, self._carry = self._carry, b""
                return rest + b"\n" if rest else None
            data = self._carry + chunk if self._carry else chunk
            cut = data.rfind(b"\n") + 1
            if cut:
                self._carry = data[cut:]
                return data[:cut]
            self._carry = data

    def blocks(self):
        """Iterates over read_block() until the end of input."""
        return iter(self.read_block, None)

    def write(self, rec):
        # The common case in few steps: the record and its newline fit in the block being gathered.
        room = self._block_room - len(rec) - 1
        if room >= 0:
            self._block_room = room
            self._block.append(rec)
            return
        self._write_rest(rec)

    def _write_rest(self, rec):
        """A record that does not fit in the block being gathered, or with no blocks to gather."""
        if self._block_bytes:
            self._send_block()
            if len(rec) + 1 > self._block_bytes:  # longer than a block: a plain record of its own
                self.out.write(rec)
                return
            self._block.append(rec)
            self._block_room -= len(rec) + 1
        elif self.out is not None:
            self.out.write(rec)
        else:
            self._stdout.write(rec)
            self._stdout.write(b"\n")

    def write_kv(self, key, value):
        self.write(key + b"\t" + value)

    def write_block(self, lines):
        """Many output records at once: bytes of whole lines, each ending in a newline."""
        if not lines:
            return
        if lines[-1:] != b"\n":
            raise SMStreamError("write_block: the buffer (%d bytes) does not end with a newline: it must hold whole lines"
                                % len(lines))
        if self.out is None:
            self._stdout.write(lines)
            return
        if not self._block_bytes:
            for rec in lines[:-1].split(b"\n"):
                self.out.write(rec)
            return
        self._send_block()
        cap = self._block_bytes
        view = memoryview(lines)
        while len(view) > cap:
            cut = lines.rfind(b"\n", len(lines) - len(view), len(lines) - len(view) + cap) + 1
            if cut:
                n = cut - (len(lines) - len(view))
                self.out.write_block(view[:n])
            else:  # a line longer than a block: a plain record of its own
                end = lines.find(b"\n", len(lines) - len(view))
                n = end + 1 - (len(lines) - len(view))
                self.out.write(view[:n - 1])
            view = view[n:]
        if len(view):
            self.out.write_block(view)

    def _send_block(self):
        if self._block:
            block = self._block
            block.append(b"")
            self.out.write_block(b"\n".join(block))
            self._block = []
            self._block_room = self._block_bytes

    def flush(self):
        if self.out is not None:
            self._send_block()
            self.out.flush()
        else:
            self._stdout.flush()

    def close(self):
        if self.out is not None:
            self._send_block()
            self.out.close_producer(1)
        else:
            self._stdout.flush()
        if self.inp is not None:
            self.inp.close_consumer()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            self.close()
        elif self.out is not None:
            self.out.close_producer(2)
        return False
