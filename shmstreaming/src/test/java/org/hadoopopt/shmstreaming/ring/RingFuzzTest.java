package org.hadoopopt.shmstreaming.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.zip.CRC32;
import org.hadoopopt.testing.fuzz.FuzzRun;
import org.hadoopopt.testing.fuzz.Mutator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Fuzzes the shared-memory ring as each client meets it: the Java consumer and producer in this
 * JVM, the C client ({@code ring_fuzz}, libsmstream's ring built with AddressSanitizer) and the
 * Python client ({@code ring_fuzz.py}), all on the same cases.
 *
 * <p>A consumer case starts from a real ring (written by {@link RingProducer}, closed) of 40
 * records of random sizes, one larger than half the ring (so it travels in pieces), every fifth a
 * block of whole lines ({@link RingLayout#BLOCK}, handed out whole by every client), with the
 * bytes after the written ones filled with a marker; a producer case from a fresh ring. Each case
 * patches the segment before it is attached (the header, aimed at every field with boundary
 * values and blind flips, or a record's or piece's length word in the data area), or while it is
 * read or written (after K records: a header field, or the length word of a record not read yet).
 *
 * <p>Checkable, for every client: a consumer hands out a run of the written records in order,
 * then ends or fails with a clear error (naming the ring and the field's offset, or that the
 * peer is gone); the documented undetectable cases are counted apart (the tail moved back onto a
 * record boundary: a prefix; the head moved forward onto one: a suffix; the tail moved past the
 * end: the bytes after the written records; a length word changed: what follows it is misparsed
 * inside the published bytes). Never a record holding the marker (bytes past the published tail)
 * outside the tail-moved-forward case, never a crash (C: AddressSanitizer, and guard pages around
 * every mapping), never an escaping exception (Java: a RuntimeException; Python: anything but
 * SMStreamError), never a hang (Java: 5 s a case; C and Python: 600 s for all), never more than
 * 64 MB allocated by a Java case. The C and Python consumers hand out exactly the records the Java
 * consumer does and end or fail where it does. A producer writes its records or fails clearly,
 * never changes a header word that is the consumer's, and what it wrote reads back as the records
 * whenever the patches left every header field's value intact.
 *
 * <p>CI: {@value #CONSUME_CASES} consumer and {@value #PRODUCE_CASES} producer cases per client;
 * long run: {@code -Dtest=RingFuzzTest -Dfuzz.cases=N -Dfuzz.seed=S} (N consumer cases, N/2
 * producer cases).
 */
class RingFuzzTest {
  static final int CONSUME_CASES = 2000;
  static final int PRODUCE_CASES = 1000;
  /** Bytes a Java case may allocate: the records and their copies, far below an allocation bomb. */
  private static final long MAX_ALLOCATED = 64L << 20;
  private static final long CAPACITY = 1 << 17; // all records fit: no wrap, data offsets are positions
  private static final byte[] MARKER = "PAST-THE-TAIL".getBytes(StandardCharsets.US_ASCII);
  private static final List<byte[]> RECORDS = new ArrayList<>();
  /** Which of the records are blocks of lines. */
  private static final List<Boolean> BLOCKS = new ArrayList<>();
  private static final Map<Long, Integer> CRC_INDEX = new HashMap<>();
  /** Positions of the records' starts; of every frame (record or piece) and the record it belongs to. */
  private static final List<Long> STARTS = new ArrayList<>();
  private static final List<long[]> FRAMES = new ArrayList<>();
  private static Path path;
  private static ByteBuffer segment;
  private static byte[] consumeImage;
  private static byte[] produceImage;
  private static long end;

  @BeforeAll
  static void write() throws IOException {
    path = Paths.get("/dev/shm/hadoopopt-shm-fuzz-" + ProcessHandle.current().pid());
    segment = NativeShm.create(path.toString(), CAPACITY, 1).order(ByteOrder.LITTLE_ENDIAN);
    Files.deleteIfExists(path); // the mapping stays
    produceImage = new byte[segment.capacity()];
    segment.duplicate().get(produceImage);
    RingProducer p = new RingProducer("fuzz", segment, Peer.ALWAYS, 0);
    Random r = new Random(1919);
    for (int i = 0; i < 40; i++) {
      boolean block = i % 5 == 3;
      byte[] b = new byte[i == 7 ? (int) CAPACITY / 2 + 1000 + r.nextInt(5000) : block ? 1 + r.nextInt(700) : r.nextInt(700)];
      r.nextBytes(b);
      if (block) { // whole lines: a newline at the end and a few inside
        for (int j = 0; j < b.length; j++) {
          b[j] = b[j] == '\n' || r.nextInt(40) == 0 ? (byte) '\n' : b[j];
        }
        b[b.length - 1] = '\n';
      }
      RECORDS.add(b);
      BLOCKS.add(block);
      CRC_INDEX.put(crc(b), i);
    }
    for (int i = 0; i < RECORDS.size(); i++) {
      STARTS.add(p.getLong(RingLayout.OFF_TAIL));
      write(p, i);
    }
    p.closeStream(1);
    end = segment.getLong(RingLayout.OFF_TAIL);
    for (int i = 0; i < STARTS.size(); i++) {
      long pos = STARTS.get(i);
      long next = i + 1 < STARTS.size() ? STARTS.get(i + 1) : end;
      while (pos < next) { // the record's frames: itself, or its pieces
        FRAMES.add(new long[] {pos, i});
        pos += RingLayout.recordSpan(segment.getInt(RingLayout.HEADER_SIZE + (int) pos)
            & ~(RingLayout.MORE_PIECES | RingLayout.BLOCK));
      }
    }
    for (long at = end; at < CAPACITY; at++) {
      segment.put(RingLayout.HEADER_SIZE + (int) at, MARKER[(int) (at % MARKER.length)]);
    }
    consumeImage = new byte[segment.capacity()];
    segment.duplicate().get(consumeImage);
  }

  /** Record i as it was written: a block record or a plain one. */
  static void write(RingProducer p, int i) throws IOException {
    byte[] b = RECORDS.get(i);
    if (BLOCKS.get(i)) {
      p.putBlock(b, 0, b.length);
      return;
    }
    p.claim(b.length);
    p.put(b, 0, b.length);
    p.commit();
  }

  @AfterAll
  static void unmap() {
    NativeShm.unmap(segment);
  }

  static long crc(byte[] b) {
    return crc(b, 0, b.length);
  }

  static long crc(byte[] b, int off, int len) {
    CRC32 c = new CRC32();
    c.update(b, off, len);
    return c.getValue();
  }

  /** Bytes written at an offset of the segment. */
  static final class Patch {
    final int offset;
    final byte[] bytes;

    Patch(int offset, byte[] bytes) {
      this.offset = offset;
      this.bytes = bytes;
    }
  }

  /** One case: consumer or producer, patches before attaching and after K records. */
  static final class Case {
    final int id;
    final boolean produce;
    final int k;
    final List<Patch> init;
    final List<Patch> mid;
    final String what;
    /** The lowest record whose (or whose piece's) length word a patch changed, or MAX_VALUE. */
    int lengthWordFrom = Integer.MAX_VALUE;

    Case(int id, boolean produce, int k, List<Patch> init, List<Patch> mid, String what) {
      this.id = id;
      this.produce = produce;
      this.k = k;
      this.init = init;
      this.mid = mid;
      this.what = what;
    }

    byte[] image() {
      return produce ? produceImage : consumeImage;
    }

    /** The header after the initial patches, and also after the mid patch. */
    ByteBuffer header(boolean withMid) {
      byte[] h = Arrays.copyOf(image(), RingLayout.HEADER_SIZE);
      apply(h, init);
      if (withMid) {
        apply(h, mid);
      }
      return ByteBuffer.wrap(h).order(ByteOrder.LITTLE_ENDIAN);
    }

    String line() {
      return id + " " + (produce ? "produce" : "consume") + " " + k + " " + spec(init) + " " + spec(mid);
    }
  }

  static void apply(byte[] h, List<Patch> patches) {
    for (Patch p : patches) {
      for (int i = 0; i < p.bytes.length && p.offset + i < h.length; i++) {
        h[p.offset + i] = p.bytes[i];
      }
    }
  }

  static String spec(List<Patch> patches) {
    if (patches.isEmpty()) {
      return "-";
    }
    StringBuilder sb = new StringBuilder();
    for (Patch p : patches) {
      sb.append(sb.length() == 0 ? "" : ",").append(p.offset).append(':');
      for (byte b : p.bytes) {
        sb.append(String.format("%02x", b & 0xFF));
      }
    }
    return sb.toString();
  }

  static Mutator headerMutator(byte[] header) {
    Mutator m = new Mutator(header);
    m.field("magic", RingLayout.OFF_MAGIC, 4, false).field("version", RingLayout.OFF_VERSION, 4, false)
        .field("capacity", RingLayout.OFF_CAPACITY, 8, false).field("batch", RingLayout.OFF_BATCH, 4, false)
        .field("attached", RingLayout.OFF_ATTACHED, 4, false).field("tail", RingLayout.OFF_TAIL, 8, false)
        .field("head", RingLayout.OFF_HEAD, 8, false).field("consumer waiting", RingLayout.OFF_CONSUMER_WAITING, 4, false)
        .field("producer waiting", RingLayout.OFF_PRODUCER_WAITING, 4, false)
        .field("producer closed", RingLayout.OFF_PRODUCER_CLOSED, 4, false)
        .field("consumer closed", RingLayout.OFF_CONSUMER_CLOSED, 4, false);
    return m;
  }

  /** A header mutation as the bytes that differ (a shortened header keeps the rest). */
  static List<Patch> headerPatch(byte[] header, Random r, StringBuilder what) {
    Mutator.Mutation m = headerMutator(header).mutate(r);
    what.append(m.what);
    byte[] h = Arrays.copyOf(m.bytes, RingLayout.HEADER_SIZE);
    if (m.bytes.length < RingLayout.HEADER_SIZE) {
      System.arraycopy(header, m.bytes.length, h, m.bytes.length, RingLayout.HEADER_SIZE - m.bytes.length);
    }
    List<Patch> out = new ArrayList<>();
    for (int i = 0; i < h.length; i++) {
      if (h[i] != header[i]) {
        int j = i;
        while (j < h.length && h[j] != header[j]) {
          j++;
        }
        out.add(new Patch(i, Arrays.copyOfRange(h, i, j)));
        i = j;
      }
    }
    return out;
  }

  /** A frame's length word set to a boundary value; returns the record it belongs to. */
  static int lengthWordPatch(Random r, int fromRecord, List<Patch> out, StringBuilder what) {
    List<long[]> frames = new ArrayList<>();
    for (long[] f : FRAMES) {
      if (f[1] >= fromRecord) {
        frames.add(f);
      }
    }
    if (frames.isEmpty()) {
      return Integer.MAX_VALUE;
    }
    long[] f = frames.get(r.nextInt(frames.size()));
    int off = (int) f[0];
    int old = ByteBuffer.wrap(consumeImage).order(ByteOrder.LITTLE_ENDIAN).getInt(RingLayout.HEADER_SIZE + off);
    int len = old & ~(RingLayout.MORE_PIECES | RingLayout.BLOCK);
    int[] choices = {0, 1, len + 1, len - 1, len + 8, len - 8, len * 2, Integer.MAX_VALUE, old ^ RingLayout.MORE_PIECES,
        old ^ RingLayout.BLOCK, old ^ RingLayout.BLOCK ^ 1, (old & RingLayout.BLOCK) | (len - 1), RingLayout.BLOCK,
        RingLayout.PADDING, (int) CAPACITY / 2, (int) CAPACITY - off - 4, (int) CAPACITY - off - 3, (int) (end - off),
        (int) (end - off) - 4, r.nextInt(), old ^ (1 << r.nextInt(32))};
    int v = choices[r.nextInt(choices.length)];
    out.add(new Patch(RingLayout.HEADER_SIZE + off,
        ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array()));
    what.append("length word of record ").append(f[1]).append(" at data offset ").append(off).append(": ")
        .append(Integer.toHexString(old)).append(" := ").append(Integer.toHexString(v));
    return (int) f[1];
  }

  static List<Case> cases(long seed, int consume, int produce) {
    List<Case> out = new ArrayList<>();
    byte[] consumeHeader = Arrays.copyOf(consumeImage, RingLayout.HEADER_SIZE);
    byte[] produceHeader = Arrays.copyOf(produceImage, RingLayout.HEADER_SIZE);
    for (int i = 0; i < consume + produce; i++) {
      Random r = FuzzRun.caseRandom(seed, i);
      StringBuilder what = new StringBuilder();
      List<Patch> init = new ArrayList<>();
      List<Patch> mid = new ArrayList<>();
      int k = -1;
      int lengthFrom = Integer.MAX_VALUE;
      boolean produceCase = i >= consume;
      int kind = r.nextInt(10);
      if (!produceCase && kind < 4) {
        what.append("header at attach: ");
        init = headerPatch(consumeHeader, r, what);
      } else if (!produceCase && kind < 7) {
        what.append("at attach: ");
        lengthFrom = lengthWordPatch(r, 0, init, what);
      } else if (!produceCase) {
        k = r.nextInt(RECORDS.size() + 1);
        what.append("after ").append(k).append(" records read: ");
        if (r.nextBoolean()) {
          mid = headerPatch(consumeHeader, r, what);
        } else {
          lengthFrom = lengthWordPatch(r, k, mid, what);
        }
      } else if (kind < 5) {
        what.append("producer, header at attach: ");
        init = headerPatch(produceHeader, r, what);
      } else {
        k = r.nextInt(RECORDS.size());
        what.append("producer, after ").append(k).append(" records written: ");
        // the header as the producer has it then: its tail moved on
        byte[] h = produceHeader.clone();
        ByteBuffer.wrap(h).order(ByteOrder.LITTLE_ENDIAN).putLong(RingLayout.OFF_TAIL, STARTS.get(k));
        mid = headerPatch(h, r, what);
      }
      Case c = new Case(i, produceCase, k, init, mid, what.toString());
      c.lengthWordFrom = lengthFrom;
      out.add(c);
    }
    return out;
  }

  /** What a client did with one case. */
  static final class Result {
    String status; // end / error / attach-error (consumer); ok / error / attach-error (producer)
    int count;
    int marked;
    /** Records the consumer handed out as blocks of lines. */
    int blocks;
    List<Long> crcs = new ArrayList<>();
    boolean changed;
    String readBack = "-";
    String message = "";

    Result failed(String how, IOException e) {
      status = how;
      message = String.valueOf(e.getMessage());
      return this;
    }

    /** Consumer outcomes compared across clients: the records, and whether it ended or failed. */
    String normalized() {
      boolean ended = status.equals("end") || message.contains("exited") || message.contains("ended inside a record");
      return crcs + (ended ? " end" : " error");
    }
  }

  static Result parse(String line) {
    // @ID STATUS N MARKED CRCS CHANGED READBACK | MESSAGE
    String[] halves = line.split(" \\| ", 2);
    String[] f = halves[0].split(" ");
    Result res = new Result();
    res.status = f[1];
    res.count = Integer.parseInt(f[2]);
    res.marked = Integer.parseInt(f[3]);
    if (!f[4].equals("-")) {
      for (String c : f[4].split(",")) {
        res.crcs.add(Long.parseLong(c, 16));
      }
    }
    res.changed = f[5].equals("1");
    res.readBack = f[6];
    res.message = halves.length > 1 ? halves[1] : "";
    return res;
  }

  // ---- the Java clients ------------------------------------------------------------------

  private static void restore(Case c) {
    segment.clear();
    segment.put(c.image());
    for (Patch p : c.init) {
      segment.position(p.offset);
      segment.put(p.bytes, 0, Math.min(p.bytes.length, segment.capacity() - p.offset));
    }
    segment.clear();
  }

  private static void patchNow(List<Patch> patches) {
    for (Patch p : patches) {
      ByteBuffer s = segment.duplicate();
      s.position(p.offset);
      s.put(p.bytes, 0, Math.min(p.bytes.length, s.capacity() - p.offset));
    }
  }

  private static final Peer EXITED = () -> "the program exited (fuzz)";

  static Result javaConsume(Case c, int k, List<Patch> mid) {
    Result res = new Result();
    RingConsumer consumer;
    try {
      consumer = new RingConsumer("ring fuzz", segment.duplicate(), EXITED, 0);
    } catch (IOException e) {
      return res.failed("attach-error", e);
    }
    consumer.waitTimeoutMs = 1;
    res.status = "end";
    try {
      int n;
      while (true) {
        if (res.count == k) {
          patchNow(mid);
        }
        n = consumer.nextRecord();
        if (n < 0) {
          break;
        }
        byte[] b = consumer.buffer();
        res.crcs.add(crc(b, 0, n));
        res.blocks += consumer.block() ? 1 : 0;
        res.count++;
        if (indexOf(b, n, MARKER) >= 0) {
          res.marked++;
        }
        if (res.count > RECORDS.size() + CAPACITY / RingLayout.RECORD_ALIGN) {
          throw new AssertionError("more records than a ring of stale bytes can hold");
        }
      }
    } catch (IOException e) {
      res.failed("error", e);
    }
    return res;
  }

  static Result javaProduce(Case c) {
    Result res = new Result();
    RingProducer producer;
    try {
      producer = new RingProducer("ring fuzz", segment.duplicate(), EXITED, 0);
    } catch (IOException e) {
      return res.failed("attach-error", e);
    }
    producer.waitTimeoutMs = 1;
    res.status = "ok";
    try {
      for (int i = 0; i < RECORDS.size(); i++) {
        if (i == c.k) {
          patchNow(c.mid);
        }
        write(producer, i);
        res.count++;
      }
      producer.closeStream(1);
    } catch (IOException e) {
      res.failed("error", e);
    }
    ByteBuffer expected = c.header(c.k >= 0 && res.count >= c.k);
    for (int off = 0; off < RingLayout.HEADER_SIZE; off++) {
      if (segment.get(off) != expected.get(off) && !producerWord(off)) {
        res.changed = true;
      }
    }
    if (res.status.equals("ok")) {
      Result back = javaConsume(c, -1, List.of());
      res.readBack = back.status.equals("end") || back.message.contains("exited") ? hex(back.crcs) : "read-error";
    }
    return res;
  }

  /** Header words a producer writes: its tail, waiting word and closed code, and the consumer's waiting word it clears. */
  static boolean producerWord(int off) {
    return within(off, RingLayout.OFF_TAIL, 8) || within(off, RingLayout.OFF_ATTACHED, 4)
        || within(off, RingLayout.OFF_PRODUCER_WAITING, 4) || within(off, RingLayout.OFF_PRODUCER_CLOSED, 4)
        || within(off, RingLayout.OFF_CONSUMER_WAITING, 4);
  }

  private static boolean within(int off, int start, int n) {
    return off >= start && off < start + n;
  }

  static String hex(List<Long> crcs) {
    if (crcs.isEmpty()) {
      return "-";
    }
    StringBuilder sb = new StringBuilder();
    for (long c : crcs) {
      sb.append(sb.length() == 0 ? "" : ",").append(String.format("%08x", c));
    }
    return sb.toString();
  }

  static int indexOf(byte[] b, int n, byte[] what) {
    outer:
    for (int i = 0; i + what.length <= n; i++) {
      for (int j = 0; j < what.length; j++) {
        if (b[i + j] != what[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  // ---- the oracle -------------------------------------------------------------------------

  /** The outcome's name, or an AssertionError saying what is wrong. */
  static String judge(Case c, Result res, String ring) {
    if (!res.status.equals("end") && !res.status.equals("ok")) {
      String msg = res.message;
      boolean names = msg.contains(ring);
      boolean says = msg.contains("offset") || msg.contains("exited") || msg.contains("aborted")
          || msg.contains("ended inside a record") || msg.contains("gone") || msg.contains("closed")
          || msg.contains("no progress");
      if (!names || !says) {
        throw new AssertionError("unclear error: " + msg);
      }
    }
    return c.produce ? judgeProducer(c, res) : judgeConsumer(c, res);
  }

  private static String judgeProducer(Case c, Result res) {
    if (res.changed) {
      throw new AssertionError("the producer changed a header word that is not its own");
    }
    if (!res.status.equals("ok")) {
      return "producer: " + res.status;
    }
    boolean fieldsIntact = !touchesField(c.init) && !touchesField(c.mid);
    String all = hex(RECORDS.stream().map(RingFuzzTest::crc).collect(java.util.stream.Collectors.toList()));
    if (res.readBack.equals(all)) {
      return "producer: all records written and read back";
    }
    if (fieldsIntact) {
      throw new AssertionError("header fields intact, but the records read back are not those written: " + res.readBack);
    }
    return "producer: written with a changed header field (read back differs)";
  }

  /** Byte ranges of the header's fields. */
  private static final int[][] FIELDS = {{RingLayout.OFF_MAGIC, 24}, {RingLayout.OFF_TAIL, 8}, {RingLayout.OFF_HEAD, 8},
      {RingLayout.OFF_CONSUMER_WAITING, 4}, {RingLayout.OFF_PRODUCER_WAITING, 4}, {RingLayout.OFF_PRODUCER_CLOSED, 8}};

  /** Whether a patch lands on a header field (not only on the unused bytes between them). */
  private static boolean touchesField(List<Patch> patches) {
    for (Patch p : patches) {
      for (int[] f : FIELDS) {
        if (p.offset < f[0] + f[1] && p.offset + p.bytes.length > f[0]) {
          return true;
        }
      }
    }
    return false;
  }

  private static String judgeConsumer(Case c, Result res) {
    List<Integer> got = new ArrayList<>();
    for (long crc : res.crcs) {
      got.add(CRC_INDEX.getOrDefault(crc, -1));
    }
    long tailInit = c.header(false).getLong(RingLayout.OFF_TAIL);
    long tailMid = c.k >= 0 ? c.header(true).getLong(RingLayout.OFF_TAIL) : tailInit;
    long headInit = c.header(false).getLong(RingLayout.OFF_HEAD);
    boolean tailForward = tailInit > end || tailMid > end;
    boolean tailBackOnBoundary = tailInit != end && STARTS.contains(tailInit) || tailMid != end && STARTS.contains(tailMid);
    // A first record that is none of those written (a length word changed) is a mismatch at record 0.
    int first = got.isEmpty() ? 0 : Math.max(0, got.get(0));
    int matched = 0;
    while (first >= 0 && matched < got.size() && got.get(matched) == first + matched) {
      matched++;
    }
    if (res.marked > 0 && !tailForward) {
      throw new AssertionError(res.marked + " records hold bytes past the published tail");
    }
    boolean ended = res.status.equals("end");
    if (matched < got.size()) {
      if (first == 0 && matched == RECORDS.size() && tailForward) {
        return "tail moved forward: stale bytes after the written records handed out";
      }
      if (first + matched >= c.lengthWordFrom) {
        return "length word changed: misparsed after it, inside the published bytes";
      }
      throw new AssertionError("wrong answer: record " + matched + " handed out is not record " + (first + matched)
          + " written (" + res.status + " " + res.message + ")");
    }
    if (!ended) {
      return "error after " + (got.isEmpty() ? "no record" : "written records");
    }
    if (got.size() == RECORDS.size()) {
      return "all records";
    }
    if (first == 0 && tailBackOnBoundary) {
      return "prefix: tail moved back onto a record boundary";
    }
    if (first + got.size() == RECORDS.size() && headInit != 0 && STARTS.contains(headInit)) {
      return "suffix: head moved onto a record boundary";
    }
    if (first + got.size() >= c.lengthWordFrom) {
      return "length word changed: the stream ended early";
    }
    throw new AssertionError("wrong answer: records " + first + ".." + (first + got.size()) + " of " + RECORDS.size()
        + " and a clean end");
  }

  // ---- the run ----------------------------------------------------------------------------

  @Test
  void theIntactRingReadsEveryRecord() {
    Case c = new Case(-1, false, -1, List.of(), List.of(), "intact");
    restore(c);
    Result res = javaConsume(c, -1, List.of());
    assertEquals(RECORDS.size(), res.crcs.size(), res.status + " " + res.message);
    assertEquals(0, res.marked);
    assertEquals(BLOCKS.stream().filter(b -> b).count(), res.blocks, "block records read as blocks");
  }

  @Test
  void everyClientMeetsTheSameHostileRings() throws Exception {
    int consume = Integer.getInteger(FuzzRun.CASES, CONSUME_CASES);
    int produce = Integer.getInteger(FuzzRun.CASES, PRODUCE_CASES * 2) / 2;
    long seed = Long.getLong(FuzzRun.SEED, 37_0037L);
    List<Case> cases = cases(seed, consume, produce);

    // Java, in this JVM: each case on a worker thread (time limit, allocation bound, escaping exceptions).
    Map<Integer, Result> java = new HashMap<>();
    List<String> failures = new ArrayList<>();
    Map<String, Map<String, Integer>> outcomes = new TreeMap<>();
    Map<String, Integer> javaTally = new TreeMap<>();
    outcomes.put("java", javaTally);
    ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "ring-fuzz-case");
      t.setDaemon(true);
      return t;
    });
    for (Case c : cases) {
      String outcome;
      try {
        outcome = worker.submit(() -> {
          restore(c);
          com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
          long before = mx.getThreadAllocatedBytes(Thread.currentThread().getId());
          Result res = c.produce ? javaProduce(c) : javaConsume(c, c.k, c.mid);
          long used = mx.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
          if (used > MAX_ALLOCATED) {
            throw new AssertionError("allocated " + used + " bytes (an allocation bomb; bound " + MAX_ALLOCATED + ")");
          }
          java.put(c.id, res);
          return judge(c, res, "ring fuzz");
        }).get(5, TimeUnit.SECONDS);
      } catch (ExecutionException e) { // an AssertionError of the oracle, or an exception escaping a client
        outcome = "FAILED";
        failures.add("java case " + c.id + " (" + c.what + "; " + c.line() + "): " + e.getCause());
      } catch (TimeoutException e) {
        failures.add("java case " + c.id + " (" + c.what + "; " + c.line() + "): no answer within 5 s (a hang)");
        break; // the hung thread keeps the segment
      }
      javaTally.merge(outcome, 1, Integer::sum);
    }
    worker.shutdownNow();

    Path dir = Files.createDirectories(Paths.get("target", "ring-fuzz").toAbsolutePath());
    Path caseFile = dir.resolve("cases.txt");
    StringBuilder lines = new StringBuilder();
    for (Case c : cases) {
      lines.append(c.line()).append('\n');
    }
    Files.write(caseFile, lines.toString().getBytes(StandardCharsets.US_ASCII));
    ByteBuffer recs = ByteBuffer.allocate(4 + RECORDS.stream().mapToInt(b -> 4 + b.length).sum()).order(ByteOrder.LITTLE_ENDIAN);
    recs.putInt(RECORDS.size());
    for (int i = 0; i < RECORDS.size(); i++) { // a block's length with the ring's BLOCK bit
      byte[] b = RECORDS.get(i);
      recs.putInt(b.length | (BLOCKS.get(i) ? RingLayout.BLOCK : 0)).put(b);
    }
    Files.write(dir.resolve("records.bin"), recs.array());
    Files.write(dir.resolve("consume.seg"), consumeImage);
    Files.write(dir.resolve("produce.seg"), produceImage);

    String c = Paths.get(System.getProperty("shm.native.dir", "target/native"), "bin", "ring_fuzz").toAbsolutePath().toString();
    byte[] binary = Files.readAllBytes(Paths.get(c));
    assertTrue(indexOf(binary, binary.length, "__asan_init".getBytes(StandardCharsets.US_ASCII)) >= 0,
        c + " is built with AddressSanitizer");
    String pid = String.valueOf(ProcessHandle.current().pid());
    Map<Integer, Result> cRes = runClient("ring-c", new ProcessBuilder(c, caseFile.toString(), dir.resolve("records.bin").toString(),
        dir.resolve("consume.seg").toString(), dir.resolve("produce.seg").toString(), "/dev/shm/hadoopopt-shm-fuzz-c-" + pid),
        dir.resolve("c.out"));
    Map<Integer, Result> pyRes = runClient("ring-python", new ProcessBuilder(new java.io.File("/usr/bin/python3").canExecute() ? "/usr/bin/python3" : "python3",
        Paths.get("src/test/python/ring_fuzz.py").toAbsolutePath().toString(), caseFile.toString(),
        dir.resolve("records.bin").toString(), dir.resolve("consume.seg").toString(), dir.resolve("produce.seg").toString(),
        "/dev/shm/hadoopopt-shm-fuzz-py-" + pid,
        Paths.get(System.getProperty("shm.python.dir", "src/main/python")).toAbsolutePath().toString()), dir.resolve("python.out"));

    for (Map.Entry<String, Map<Integer, Result>> client : Map.of("c", cRes, "python", pyRes).entrySet()) {
      Map<String, Integer> tally = new TreeMap<>();
      outcomes.put(client.getKey(), tally);
      String ring = client.getKey().equals("c") ? "hadoopopt-shm-fuzz-c-" : "hadoopopt-shm-fuzz-py-";
      for (Case k : cases) {
        Result res = client.getValue().get(k.id);
        String outcome;
        try {
          if (res == null) {
            throw new AssertionError("no result (the client stopped before this case)");
          }
          outcome = judge(k, res, ring);
          Result j = java.get(k.id);
          if (!k.produce && j != null && !res.normalized().equals(j.normalized())) {
            throw new AssertionError("differs from the Java consumer: " + res.normalized() + " " + res.message
                + " against " + j.normalized() + " " + j.message);
          }
        } catch (AssertionError e) {
          outcome = "FAILED";
          failures.add(client.getKey() + " case " + k.id + " (" + k.what + "; " + k.line() + "): " + e.getMessage());
        }
        tally.merge(outcome, 1, Integer::sum);
      }
    }
    System.out.println("ring fuzz, seed " + seed + ": " + consume + " consumer and " + produce + " producer cases per client");
    outcomes.forEach((client, tally) -> System.out.println("  " + client + ": " + tally));
    failures.stream().limit(20).forEach(f -> System.out.println("RING FUZZ FAILURE " + f));
    if (!failures.isEmpty()) {
      throw new AssertionError(failures.size() + " failures, first: " + failures.get(0));
    }
  }

  private static Map<Integer, Result> runClient(String name, ProcessBuilder pb, Path out) throws Exception {
    pb.redirectErrorStream(true).redirectOutput(out.toFile());
    pb.environment().put("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=0:exitcode=86");
    Process p = pb.start();
    if (!p.waitFor(600, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError(name + " did not finish within 600 s (a hang); its output: " + out);
    }
    List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
    Map<Integer, Result> results = new HashMap<>();
    StringBuilder other = new StringBuilder();
    for (String line : lines) {
      if (line.startsWith("@")) {
        results.put(Integer.parseInt(line.substring(1, line.indexOf(' '))), parse(line));
      } else if (other.length() < 4000) {
        other.append(line).append('\n');
      }
    }
    assertEquals(0, p.exitValue(), name + " exit status (" + results.size() + " cases done); its other output:\n" + other);
    assertEquals("", other.toString(), name + " printed besides its results");
    return results;
  }
}
