package org.hadoopopt.shmstreaming.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.hadoopopt.testing.fuzz.FuzzRun;
import org.hadoopopt.testing.fuzz.Mutator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Fuzzes the shared-memory ring's header ({@link RingLayout}) as the Java side meets it: a real
 * segment (the JNI library's {@code create}) holding 40 records of random sizes, one of them
 * larger than half the ring (so it travels in pieces), written by {@link RingProducer} and closed;
 * then, per case, the segment is restored and its 512-byte header mutated ({@link Mutator}: the
 * magic, version, capacity, batch, attached flag, tail, head, both waiting words and both closed
 * codes aimed at with boundary values, plus blind flips and boundary bytes; moves and truncation
 * land in the header only, the segment's size is fixed), and a {@link RingConsumer} reads the
 * stream with a peer that has exited (so a wait for more ends at once in an error, as with a dead
 * program).
 *
 * <p>Checkable: the records written. A read that ends normally returns exactly them, or a
 * prefix of them when the tail was moved back onto an earlier record boundary, or a suffix when
 * the head (the consumer's own field, which the program never writes) was moved forward onto a
 * later one: the header holds no count to tell those apart, and they are counted apart. A read
 * that fails throws an IOException naming the ring and the field's offset, or that the program
 * is gone, after handing out only records written, in order. A tail moved past the written end
 * hands out what the data area holds there (stale bytes: the ring holds no count), counted apart
 * too. Never bytes past the published tail,
 * a RuntimeException, a hang (5 s per case) or more than 64 MB allocated.
 * Long run: {@code -Dtest=RingHeaderFuzzTest -Dfuzz.cases=100000 -Dfuzz.seed=S}.
 */
class RingHeaderFuzzTest {
  private static final long CAPACITY = 1 << 17; // all records fit: the producer never waits
  private static final List<byte[]> RECORDS = new ArrayList<>();
  private static final List<Long> STARTS = new ArrayList<>();
  private static Path path;
  private static ByteBuffer segment;
  private static byte[] pristine;
  private static long end;

  @BeforeAll
  static void write() throws IOException {
    path = Paths.get("/dev/shm/hadoopopt-shm-fuzz-" + ProcessHandle.current().pid());
    segment = NativeShm.create(path.toString(), CAPACITY, 1); // batch 1: the tail is published per record
    RingProducer p = new RingProducer("fuzz", segment, Peer.ALWAYS, 0);
    Random r = new Random(1919);
    long pos = 0;
    for (int i = 0; i < 40; i++) {
      byte[] b = new byte[i == 7 ? (int) CAPACITY / 2 + 1000 + r.nextInt(5000) : r.nextInt(700)];
      r.nextBytes(b);
      RECORDS.add(b);
    }
    for (byte[] b : RECORDS) {
      STARTS.add(pos);
      p.claim(b.length);
      p.put(b, 0, b.length);
      p.commit();
      pos = p.getLong(RingLayout.OFF_TAIL);
    }
    p.closeStream(1);
    end = segment.order(ByteOrder.LITTLE_ENDIAN).getLong(RingLayout.OFF_TAIL);
    pristine = new byte[segment.capacity()];
    segment.duplicate().get(pristine);
    Files.deleteIfExists(path); // the mapping stays
  }

  @AfterAll
  static void unmap() {
    NativeShm.unmap(segment);
  }

  static Mutator mutator(byte[] header) {
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

  @Test
  void theIntactRingReadsEveryRecord() throws Exception {
    segment.clear();
    segment.put(pristine);
    assertEquals(RECORDS.size(), readAll(null).size());
  }

  /** Reads every record; on an error, {@code got} keeps what came before it. */
  private static List<byte[]> readAll(List<byte[]> got) throws IOException {
    List<byte[]> out = got == null ? new ArrayList<>() : got;
    RingConsumer c = new RingConsumer("ring fuzz", segment.duplicate(), () -> "the program exited (fuzz)", 0);
    int n;
    while ((n = c.nextRecord()) >= 0) {
      out.add(Arrays.copyOf(c.buffer(), n));
      if (out.size() > RECORDS.size() + CAPACITY / RingLayout.RECORD_ALIGN) {
        throw new AssertionError("more records than a ring of stale bytes can hold");
      }
    }
    return out;
  }

  @Test
  void fuzz() {
    byte[] header = Arrays.copyOf(pristine, RingLayout.HEADER_SIZE);
    Mutator mutator = mutator(header);
    new FuzzRun("ring-header", 19_0005L, 2000, 5_000, 64L << 20).run((i, r, input) -> {
      Mutator.Mutation m = mutator.mutate(r);
      byte[] h = Arrays.copyOf(m.bytes, RingLayout.HEADER_SIZE);
      if (m.bytes.length < RingLayout.HEADER_SIZE) {
        System.arraycopy(header, m.bytes.length, h, m.bytes.length, RingLayout.HEADER_SIZE - m.bytes.length);
      }
      input.bytes = h;
      input.what = m.what;
      segment.clear();
      segment.put(pristine);
      segment.clear();
      segment.put(h);
      segment.clear();
      List<byte[]> got = new ArrayList<>();
      String outcome;
      try {
        readAll(got);
        outcome = null;
      } catch (IOException e) {
        String msg = String.valueOf(e.getMessage());
        // Names the ring, and the field's offset, or what the program did (exited, aborted its stream).
        if (!msg.startsWith("ring fuzz") || !msg.contains("offset") && !msg.contains("exited") && !msg.contains("aborted")) {
          throw new AssertionError("unclear error: " + e, e);
        }
        outcome = "error";
      }
      // Whatever was handed out is a run of written records, in order ...
      int first = got.isEmpty() ? 0 : indexOf(got.get(0));
      int matched = 0;
      while (first >= 0 && matched < got.size() && first + matched < RECORDS.size()
          && Arrays.equals(got.get(matched), RECORDS.get(first + matched))) {
        matched++;
      }
      ByteBuffer now = ByteBuffer.wrap(h).order(ByteOrder.LITTLE_ENDIAN);
      if (matched < got.size()) {
        // ... or all of them and then bytes past the end the program wrote, when the tail was moved past it:
        // the header holds no count that could tell, so they are counted apart.
        if (first == 0 && matched == RECORDS.size() && now.getLong(RingLayout.OFF_TAIL) > end) {
          return "tail moved forward: stale bytes after the written records handed out";
        }
        throw new AssertionError("wrong answer: record " + matched + " handed out is not record " + (first + matched)
            + " written (" + (outcome == null ? "no error" : outcome) + ")");
      }
      if (outcome != null) {
        return outcome;
      }
      boolean tailMoved = now.getLong(RingLayout.OFF_TAIL) != end;
      boolean headMoved = now.getLong(RingLayout.OFF_HEAD) != 0;
      if (got.size() == RECORDS.size()) {
        return "all records";
      }
      if (first == 0 && tailMoved && STARTS.contains(now.getLong(RingLayout.OFF_TAIL))) {
        return "prefix: tail moved back onto a record boundary";
      }
      if (first + got.size() == RECORDS.size() && headMoved && STARTS.contains(now.getLong(RingLayout.OFF_HEAD))) {
        return "suffix: head moved onto a record boundary";
      }
      throw new AssertionError("wrong answer: records " + first + ".." + (first + got.size()) + " of " + RECORDS.size()
          + " without an error");
    }).assertNoFailures();
  }

  private static int indexOf(byte[] rec) {
    for (int i = 0; i < RECORDS.size(); i++) {
      if (Arrays.equals(rec, RECORDS.get(i))) {
        return i;
      }
    }
    return -1;
  }
}
