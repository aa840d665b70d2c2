package org.hadoopopt.bench.ideal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import org.hadoopopt.testing.TestFiles;
import org.hadoopopt.testing.VersionNeutral;
import org.junit.jupiter.api.Test;

/** The Krevat-style ideal: each phase bounded by its slowest resource, phases in sequence. */
@VersionNeutral
class IdealModelTest {
  // 100 MB/s read, 50 MB/s write, 1 GB/s memory, 20 MB/s parse per core, 2 cores.
  private final IdealModel model = new IdealModel(new HardwareProfile(100e6, 50e6, 1e9, 20e6, 2));

  @Test
  void readAndMapIsBoundByTheSlowerOfDiskAndParsing() {
    // 400 MB: disk 4 s, parsing 400/(20*2) = 10 s: CPU-bound.
    assertEquals(10.0, model.readMapSeconds(400_000_000L), 1e-9);
    // With fast parsing the disk bounds it.
    IdealModel fastCpu = new IdealModel(new HardwareProfile(100e6, 50e6, 1e9, 1e9, 2));
    assertEquals(4.0, fastCpu.readMapSeconds(400_000_000L), 1e-9);
  }

  @Test
  void phasesAdd() {
    // read/map 10 s + shuffle 200 MB / 1 GB/s = 0.2 s + write 25 MB / 50 MB/s = 0.5 s.
    assertEquals(10.7, model.idealSeconds(400_000_000L, 200_000_000L, 25_000_000L), 1e-9);
    assertEquals(0.0, model.idealSeconds(0, 0, 0), 0.0);
    assertThrows(IllegalArgumentException.class, () -> model.idealSeconds(-1, 0, 0));
  }

  @Test
  void profileRejectsNonsenseAndRoundTrips() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new HardwareProfile(0, 1, 1, 1, 1));
    assertTrue(e.getMessage().contains(HardwareProfile.DISK_READ), e.getMessage());
    HardwareProfile p = new HardwareProfile(1, 2, 3, 4, 5);
    HardwareProfile q = HardwareProfile.fromMap(p.toMap());
    assertEquals(2, q.diskWrite(), 0);
    assertEquals(5, q.cores());
  }

  @Test
  void probeMeasuresOnceAndCaches() throws Exception {
    File dir = new File("target/test-work/hardware-probe").getAbsoluteFile();
    TestFiles.deleteRecursively(dir);
    HardwareProfile p = HardwareProbe.loadOrMeasure(dir, 4L << 20);
    assertTrue(p.diskRead() > 0 && p.diskWrite() > 0 && p.memory() > 0 && p.parsePerCore() > 0);
    assertEquals(Runtime.getRuntime().availableProcessors(), p.cores());
    assertTrue(p.hasKrevat() && p.coldDiskRead() > 0 && p.network() > 0 && p.memoryBytes() > 0, p.toMap().toString());
    File cache = new File(dir, HardwareProbe.FILE);
    assertTrue(cache.isFile());
    // A cached file is used as it is (here edited by hand), not measured again.
    Files.write(cache.toPath(), ("{\"diskReadBytesPerSec\":1,\"diskWriteBytesPerSec\":2,\"memoryCopyBytesPerSec\":3,"
        + "\"parseBytesPerSecPerCore\":4,\"cores\":7,\"coldDiskReadBytesPerSec\":5,\"loopbackNetworkBytesPerSec\":6,"
        + "\"memoryBytes\":8}").getBytes("UTF-8"));
    assertEquals(7, HardwareProbe.loadOrMeasure(dir, 4L << 20).cores());
    assertEquals(6, HardwareProbe.loadOrMeasure(dir, 4L << 20).network(), 0);
    // one without the Krevat entries (an older file) is measured again
    Files.write(cache.toPath(), ("{\"diskReadBytesPerSec\":1,\"diskWriteBytesPerSec\":2,\"memoryCopyBytesPerSec\":3,"
        + "\"parseBytesPerSecPerCore\":4,\"cores\":7}").getBytes("UTF-8"));
    assertEquals(Runtime.getRuntime().availableProcessors(), HardwareProbe.loadOrMeasure(dir, 4L << 20).cores());
    Files.write(cache.toPath(), "{\"cores\":7}".getBytes("UTF-8"));
    Exception bad = assertThrows(java.io.IOException.class, () -> HardwareProbe.loadOrMeasure(dir, 4L << 20));
    assertTrue(bad.getMessage().contains("hardware.json") && bad.getMessage().contains("diskReadBytesPerSec"),
        bad.getMessage());
  }
}
