package org.hadoopopt.shmstreaming;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hadoopopt.shmstreaming.ring.NativeShm;
import org.hadoopopt.shmstreaming.ring.Peer;
import org.hadoopopt.shmstreaming.ring.RingConsumer;
import org.hadoopopt.shmstreaming.ring.RingLayout;
import org.hadoopopt.shmstreaming.ring.RingProducer;
import org.junit.jupiter.api.Test;

/**
 * The Java, C and Python clients all agree with the one shared vector of the ring's layout and of
 * its publication and wake points: a change to the protocol fails here until every client follows.
 */
class RingLayoutVectorTest {
  private static final Path VECTOR = NativeBuild.resource("ring-layout-vector.txt");

  @Test
  void javaDescriptorMatchesTheVector() throws Exception {
    int constants = 0;
    ByteBuffer seg = null;
    RingProducer producer = null;
    RingConsumer consumer = null;
    Path path = Paths.get("/dev/shm/hadoopopt-shm-layouttest-" + ProcessHandle.current().pid());
    try {
      for (String line : Files.readAllLines(VECTOR, StandardCharsets.UTF_8)) {
        String[] f = line.trim().split("\\s+", 3);
        if (line.startsWith("#") || line.trim().isEmpty()) {
          continue;
        }
        switch (f[0]) {
          case "constant":
            Field field = RingLayout.class.getField(f[1]);
            long want = Long.decode(f[2]);
            long got = ((Number) field.get(null)).longValue();
            if (field.getType() == int.class) {
              got &= 0xFFFFFFFFL; // PADDING is -1 as a Java int
              want &= 0xFFFFFFFFL;
            }
            assertEquals(want, got, "RingLayout." + f[1]);
            constants++;
            break;
          case "ring":
            if (producer != null) {
              producer.close();
            }
            Files.deleteIfExists(path); // a segment is never created over an existing name
            seg = NativeShm.create(path.toString(), Long.parseLong(f[1]), Integer.parseInt(f[2]));
            producer = new RingProducer("vector", seg, Peer.ALWAYS, 0);
            consumer = null; // shares the producer's mapping: only the producer unmaps it
            break;
          case "record":
            byte[] rec = f.length > 1 ? unhex(f[1] + (f.length > 2 ? f[2] : "")) : new byte[0];
            producer.claim(rec.length);
            producer.put(rec, 0, rec.length);
            producer.commit();
            break;
          case "block":
            byte[] lines = unhex(f[1] + (f.length > 2 ? f[2] : ""));
            producer.putBlock(lines, 0, lines.length);
            break;
          case "read-block":
            if (consumer == null) {
              consumer = new RingConsumer("vector-consumer", seg, Peer.ALWAYS, 0);
            }
            int blockLen = consumer.nextRecord();
            assertTrue(consumer.block(), line);
            assertArrayEquals(unhex(f[1] + (f.length > 2 ? f[2] : "")), Arrays.copyOf(consumer.buffer(), blockLen), line);
            break;
          case "record-pattern":
            byte[] pattern = pattern(Integer.parseInt(f[1]));
            for (int k = times(f); k > 0; k--) {
              producer.claim(pattern.length);
              // in three parts, so that piece boundaries fall inside a put
              int third = pattern.length / 3;
              producer.put(pattern, 0, third);
              producer.put(pattern, third, third);
              producer.put(pattern, 2 * third, pattern.length - 2 * third);
              producer.commit();
            }
            break;
          case "sleeping":
            seg.order(ByteOrder.LITTLE_ENDIAN).putInt(waitingWord(f[1]), 1);
            break;
          case "expect":
            long value = f[1].equals("tail") || f[1].equals("head")
                ? seg.order(ByteOrder.LITTLE_ENDIAN).getLong(f[1].equals("tail") ? RingLayout.OFF_TAIL : RingLayout.OFF_HEAD)
                : seg.order(ByteOrder.LITTLE_ENDIAN).getInt(waitingWord(f[1].replace("-waiting", "")));
            assertEquals(Long.parseLong(f[2]), value, line);
            break;
          case "read":
          case "read-pattern":
            if (consumer == null) {
              consumer = new RingConsumer("vector-consumer", seg, Peer.ALWAYS, 0);
            }
            byte[] want3 = f[0].equals("read") ? unhex(f.length > 1 ? f[1] + (f.length > 2 ? f[2] : "") : "")
                : pattern(Integer.parseInt(f[1]));
            for (int k = f[0].equals("read") ? 1 : times(f); k > 0; k--) {
              int len = consumer.nextRecord();
              assertArrayEquals(want3, Arrays.copyOf(consumer.buffer(), Math.max(0, len)), line);
            }
            break;
          case "close":
            assertEquals("consumer", f[1], line);
            consumer.closeStream();
            break;
          case "head":
            seg.order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(RingLayout.OFF_HEAD, Long.parseLong(f[1]));
            break;
          case "flush":
            producer.flush();
            break;
          case "header":
          case "data":
            int base = (f[0].equals("data") ? RingLayout.HEADER_SIZE : 0) + Integer.parseInt(f[1]);
            byte[] want2 = unhex(f[2]);
            byte[] got2 = new byte[want2.length];
            ByteBuffer d = seg.duplicate();
            d.position(base);
            d.get(got2);
            assertArrayEquals(want2, got2, "bytes at segment offset " + base);
            break;
          default:
            throw new AssertionError("bad vector line " + line);
        }
      }
    } finally {
      if (producer != null) {
        producer.close();
      }
      Files.deleteIfExists(path);
    }
    assertEquals(RingLayout.class.getFields().length, constants, "every RingLayout constant is in the vector");
  }

  @Test
  void cHeaderMatchesTheVector() throws Exception {
    String seg = "/dev/shm/hadoopopt-shm-layouttest-c-" + ProcessHandle.current().pid();
    String out = NativeBuild.run(new ProcessBuilder(NativeBuild.bin("layout_check"), VECTOR.toString(), seg), 60);
    assertEquals("OK\nexit=0", out.trim());
    assertTrue(!Files.exists(Paths.get(seg)));
  }

  @Test
  void pythonClientMatchesTheVector() throws Exception {
    String seg = "/dev/shm/hadoopopt-shm-layouttest-py-" + ProcessHandle.current().pid();
    Path check = Paths.get("src/test/python/layout_check.py").toAbsolutePath();
    String out = NativeBuild.run(new ProcessBuilder(Programs.PYTHON, "-B", check.toString(), VECTOR.toString(), seg,
        NativeBuild.python()), 60);
    assertEquals("OK\nexit=0", out.trim());
    assertTrue(!Files.exists(Paths.get(seg)));
  }

  private static int waitingWord(String side) {
    switch (side) {
      case "consumer":
        return RingLayout.OFF_CONSUMER_WAITING;
      case "producer":
        return RingLayout.OFF_PRODUCER_WAITING;
      default:
        throw new AssertionError("bad side " + side);
    }
  }

  private static int times(String[] f) {
    return f.length > 2 ? Integer.parseInt(f[2].trim()) : 1;
  }

  private static byte[] pattern(int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) (i % 251);
    }
    return b;
  }

  private static byte[] unhex(String s) {
    String h = s.replaceAll("\\s", "");
    byte[] b = new byte[h.length() / 2];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
    }
    return b;
  }
}
