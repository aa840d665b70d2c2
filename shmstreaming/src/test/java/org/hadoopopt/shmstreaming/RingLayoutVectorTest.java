package org.hadoopopt.shmstreaming;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.hadoopopt.shmstreaming.ring.NativeShm;
import org.hadoopopt.shmstreaming.ring.Peer;
import org.hadoopopt.shmstreaming.ring.RingLayout;
import org.hadoopopt.shmstreaming.ring.RingProducer;
import org.junit.jupiter.api.Test;

/** The Java descriptor and the C header both agree with the one shared layout vector. */
class RingLayoutVectorTest {
  private static final Path VECTOR = NativeBuild.resource("ring-layout-vector.txt");

  @Test
  void javaDescriptorMatchesTheVector() throws Exception {
    int constants = 0;
    ByteBuffer seg = null;
    RingProducer producer = null;
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
            seg = NativeShm.create(path.toString(), Long.parseLong(f[1]), Integer.parseInt(f[2]));
            producer = new RingProducer("vector", seg, Peer.ALWAYS, 0);
            break;
          case "record":
            byte[] rec = f.length > 1 ? unhex(f[1] + (f.length > 2 ? f[2] : "")) : new byte[0];
            producer.claim(rec.length);
            producer.put(rec, 0, rec.length);
            producer.commit();
            break;
          case "record-pattern":
            byte[] pattern = new byte[Integer.parseInt(f[1])];
            for (int i = 0; i < pattern.length; i++) {
              pattern[i] = (byte) (i % 251);
            }
            producer.claim(pattern.length);
            // in three parts, so that piece boundaries fall inside a put
            int third = pattern.length / 3;
            producer.put(pattern, 0, third);
            producer.put(pattern, third, third);
            producer.put(pattern, 2 * third, pattern.length - 2 * third);
            producer.commit();
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

  private static byte[] unhex(String s) {
    String h = s.replaceAll("\\s", "");
    byte[] b = new byte[h.length() / 2];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
    }
    return b;
  }
}
