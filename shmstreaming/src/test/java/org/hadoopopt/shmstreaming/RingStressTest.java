package org.hadoopopt.shmstreaming;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.hadoopopt.shmstreaming.ring.NativeShm;
import org.hadoopopt.shmstreaming.ring.Peer;
import org.hadoopopt.shmstreaming.ring.RingConsumer;
import org.hadoopopt.shmstreaming.ring.RingProducer;
import org.junit.jupiter.api.Test;

/**
 * The ring alone, across two processes: this JVM writes records of random sizes (some near
 * half the ring's size, so it wraps and fills, and a few up to 3.5 times the ring, which travel
 * in pieces both ways) into one ring, the C program ring_echo reads each and
 * writes it back through a second ring; both sides pause at random. Every echoed record must
 * equal what was sent, in order, and the C side's checksum must equal ours.
 *
 * <p>10^6 records by default; the long run is
 * {@code mvn -pl shmstreaming test -Dtest=RingStressTest -Dshm.stress.records=100000000}.
 */
class RingStressTest {
  private static final long RECORDS = Long.getLong("shm.stress.records", 1_000_000L);
  private static final int CAPACITY = 64 * 1024;
  private static final byte[] POOL = new byte[1 << 18];

  static {
    new SplittableRandom(1).nextBytes(POOL);
  }

  /** Record i's (offset in POOL, length), the same sequence on both sides of the test. */
  private static final class Records {
    private final SplittableRandom rnd = new SplittableRandom(42);
    int off;
    int len;

    void next() {
      int r = rnd.nextInt(1000);
      // one in 20,000 larger than half the ring (up to 3.5 rings): it travels in pieces
      len = r == 0 ? (rnd.nextInt(20) == 0 ? CAPACITY / 2 + rnd.nextInt(3 * CAPACITY) : rnd.nextInt(CAPACITY / 2))
          : r < 100 ? rnd.nextInt(2000) : rnd.nextInt(120);
      off = rnd.nextInt(POOL.length - len + 1);
    }
  }

  private static void maybePause(SplittableRandom rnd) throws InterruptedException {
    if (rnd.nextInt(5000) == 0) {
      TimeUnit.MICROSECONDS.sleep(rnd.nextInt(2000));
    }
  }

  @Test
  void twoProcessesExchangeRandomRecordsWithoutLossOrDeadlock() throws Exception {
    String stem = "/dev/shm/hadoopopt-shm-stress-" + ProcessHandle.current().pid();
    Path inPath = Paths.get(stem + ".in");
    Path outPath = Paths.get(stem + ".out");
    Process echo = null;
    RingProducer producer = null;
    RingConsumer consumer = null;
    try {
      ByteBuffer in = NativeShm.create(inPath.toString(), CAPACITY, 16);
      ByteBuffer out = NativeShm.create(outPath.toString(), CAPACITY, 16);
      echo = new ProcessBuilder(NativeBuild.bin("ring_echo"), inPath.toString(), outPath.toString(), "7", "5000", "2000")
          .redirectError(ProcessBuilder.Redirect.INHERIT).start();
      Process child = echo;
      Peer peer = () -> child.isAlive() ? null : "ring_echo exited with code " + child.exitValue();
      producer = new RingProducer("stress-in", in, peer, 0);
      consumer = new RingConsumer("stress-out", out, peer, 0);

      RingProducer p = producer;
      AtomicReference<Throwable> writerError = new AtomicReference<>();
      long[] sentSum = {0};
      Thread writer = new Thread(() -> {
        try {
          Records recs = new Records();
          SplittableRandom pauses = new SplittableRandom(3);
          long sum = 0xcbf29ce484222325L;
          for (long i = 0; i < RECORDS; i++) {
            recs.next();
            p.claim(recs.len);
            p.put(POOL, recs.off, recs.len / 2); // two parts: piece boundaries fall inside a put
            p.put(POOL, recs.off + recs.len / 2, recs.len - recs.len / 2);
            p.commit();
            for (int k = 0; k < recs.len; k++) {
              sum = (sum ^ (POOL[recs.off + k] & 0xFF)) * 0x100000001b3L;
            }
            sum = (sum ^ 0xFF) * 0x100000001b3L;
            maybePause(pauses);
          }
          p.closeStream(1);
          sentSum[0] = sum;
        } catch (Throwable t) {
          writerError.set(t);
        }
      }, "stress-writer");
      writer.start();

      Records expected = new Records();
      SplittableRandom pauses = new SplittableRandom(5);
      long received = 0;
      int len;
      long pieced = 0;
      while ((len = consumer.nextRecord()) >= 0) {
        expected.next();
        assertEquals(expected.len, len, "length of record " + received);
        pieced += len > CAPACITY / 2 - 4 ? 1 : 0;
        byte[] d = consumer.buffer();
        for (int k = 0; k < len; k++) {
          if (d[k] != POOL[expected.off + k]) {
            throw new AssertionError("record " + received + " differs at byte " + k);
          }
        }
        received++;
        maybePause(pauses);
      }
      writer.join();
      if (writerError.get() != null) {
        throw new AssertionError("writer failed", writerError.get());
      }
      assertEquals(RECORDS, received, "records echoed");
      assertTrue(pieced > 0 || RECORDS < 100_000, "some records travelled in pieces");
      assertTrue(echo.waitFor(60, TimeUnit.SECONDS), "ring_echo did not exit");
      String report = new String(echo.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      assertEquals(0, echo.exitValue(), report);
      assertEquals("records " + RECORDS + " checksum " + Long.toUnsignedString(sentSum[0]), report);
    } finally {
      if (echo != null) {
        echo.destroyForcibly();
        echo.waitFor();
      }
      if (producer != null) {
        producer.close();
      }
      if (consumer != null) {
        consumer.close();
      }
      NativeBuild.deleteQuietly(inPath);
      NativeBuild.deleteQuietly(outPath);
    }
  }
}
