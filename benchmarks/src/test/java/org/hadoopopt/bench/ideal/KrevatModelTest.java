package org.hadoopopt.bench.ideal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.Test;

/**
 * Krevat et al.'s model against figures worked by hand from its terms (each phase its busiest
 * resource, phases added), and the probes that feed it.
 */
class KrevatModelTest {
  private static final double MB = 1e6;

  @Test
  void eachTermBoundsItsPhaseWhenItIsTheSlowest() {
    // n=4, D_r=100 MB/s, D_w=50 MB/s, N=25 MB/s, M=1 GB; i=8 GB, e_M=e_R=1, r=2: 2 GB per node.
    KrevatModel m = new KrevatModel(4, 100 * MB, 50 * MB, 25 * MB, 1e9);
    assertTrue(m.externalSort(8e9, 1.0));
    // phase 1: read 20 s, send 2 GB x 3/4 / 25 MB/s = 60 s, runs 2 GB / 50 MB/s = 40 s -> 60 s
    assertEquals(60.0, m.phase1Seconds(8e9, 1.0), 1e-9);
    // phase 2: read back 20 s, one replica sent 80 s, two copies written 80 s -> 80 s
    assertEquals(80.0, m.phase2Seconds(8e9, 1.0, 1.0, 2), 1e-9);
    assertEquals(140.0, m.seconds(8e9, 1.0, 1.0, 2), 1e-9);
  }

  @Test
  void theExternalSortTermAppliesOnlyWhenTheIntermediateDataExceedsMemory() {
    // N=100 MB/s so the disk terms bound: i=8 GB on 4 nodes, 2 GB each.
    KrevatModel small = new KrevatModel(4, 100 * MB, 50 * MB, 100 * MB, 1e9);
    KrevatModel large = new KrevatModel(4, 100 * MB, 50 * MB, 100 * MB, 4e9);
    assertFalse(large.externalSort(8e9, 1.0));
    // external: phase 1 max(20, 15, 40) = 40; phase 2 max(20, 20, 80) = 80
    assertEquals(120.0, small.seconds(8e9, 1.0, 1.0, 2), 1e-9);
    // in memory: phase 1 max(20, 15) = 20; phase 2 max(20, 80) = 80
    assertEquals(100.0, large.seconds(8e9, 1.0, 1.0, 2), 1e-9);
    // e_M halves the intermediate data: 1 GB a node fits in 1 GB of memory
    assertFalse(small.externalSort(8e9, 0.5));
  }

  @Test
  void replicationAddsWritesAndNetworkOneNodeHasNoShuffle() {
    KrevatModel one = new KrevatModel(1, 200 * MB, 100 * MB, 1000 * MB, 1e12);
    // n=1: nothing crosses the network in phase 1; r=1: output written once.
    assertEquals(5.0, one.phase1Seconds(1e9, 1.0), 1e-9);
    assertEquals(10.0, one.phase2Seconds(1e9, 1.0, 1.0, 1), 1e-9);
    // r=3 writes three copies: 30 s (two sent over the network: 2 s)
    assertEquals(30.0, one.phase2Seconds(1e9, 1.0, 1.0, 3), 1e-9);
    // map-only, 1 GB in, 10% out: reading bounds it
    assertEquals(5.0, one.mapOnlySeconds(1e9, 0.1, 1), 1e-9);
    // from counters: shuffle 0 means map-only with output/input as e_M
    assertEquals(5.0, one.secondsFromCounters(1_000_000_000L, 0, 100_000_000L, 1), 1e-9);
    // with a shuffle: e_M = 500/1000, e_R = 50/500: phase 1 5 s, phase 2 max(0, 0, 0.5 s)
    assertEquals(5.5, one.secondsFromCounters(1_000_000_000L, 500_000_000L, 50_000_000L, 1), 1e-9);
  }

  @Test
  void badTermsFailNamingThem() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new KrevatModel(0, 1, 1, 1, 1));
    assertTrue(e.getMessage().contains("(n)"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new KrevatModel(1, 1, 1, 0, 1));
    assertTrue(e.getMessage().contains("network (N)"), e.getMessage());
    KrevatModel m = new KrevatModel(1, 1, 1, 1, 1);
    e = assertThrows(IllegalArgumentException.class, () -> m.seconds(1, 1, 1, 0));
    assertTrue(e.getMessage().contains("replication (r)"), e.getMessage());
    HardwareProfile noKrevat = new HardwareProfile(1, 1, 1, 1, 1);
    assertFalse(noKrevat.hasKrevat());
    assertThrows(IllegalArgumentException.class, () -> KrevatModel.of(noKrevat, 1));
  }

  @Test
  void theColdReadComesFromTheDeviceAndTheLoopbackProbeMovesBytes() throws Exception {
    File dir = new File("target/test-work/" + TestFiles.perFork("krevat-cold")).getAbsoluteFile();
    dir.mkdirs();
    File f = new File(dir, "cold.bin");
    ByteBuffer buf = ByteBuffer.allocate(8 << 20);
    try (FileChannel ch = FileChannel.open(f.toPath(), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING)) {
      ch.write(buf);
      ch.force(true);
    }
    // the file was just written, so a buffered read would come from the page cache; O_DIRECT must not
    ColdRead.Result r = ColdRead.read(f);
    assertEquals(8 << 20, r.bytes);
    assertTrue(r.verified() && r.deviceBytes >= 0.9 * r.bytes, "device delivered " + r.deviceBytes);
    assertTrue(r.bytesPerSecond > 0);
    assertTrue(LoopbackProbe.measure(8 << 20, 1) > 0);
    TestFiles.deleteRecursively(dir);
  }
}
