package org.hadoopopt.bench.ideal;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.Map;

/**
 * Measures a {@link HardwareProfile} once and keeps it as DIR/hardware.json (delete the file to
 * measure again; one without the Krevat entries is measured again). The disk is probed through the
 * folder the results go to: a file written and fsynced, read back buffered (the page cache's rate
 * when the file fits in memory, as the benchmark's small data sets do too: {@link IdealModel}'s
 * read), and read cold with O_DIRECT ({@link ColdRead}, checked against the device's count: the
 * disk bandwidth of {@link KrevatModel}); the network is a loopback TCP transfer
 * ({@link LoopbackProbe}); memory the machine's physical memory.
 */
public final class HardwareProbe {
  /** The cache file in the results folder. */
  public static final String FILE = "hardware.json";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private HardwareProbe() {}

  /** The cached profile in DIR, or a new measurement with files of PROBE_BYTES (then cached). */
  public static HardwareProfile loadOrMeasure(File dir, long probeBytes) throws IOException {
    File cache = new File(dir, FILE);
    if (cache.isFile()) {
      HardwareProfile cached;
      try {
        cached = HardwareProfile.fromMap(MAPPER.readValue(cache, new TypeReference<Map<String, Double>>() {}));
      } catch (IOException | IllegalArgumentException e) {
        throw new IOException(cache + ": " + e.getMessage() + " (delete it to measure again)", e);
      }
      if (cached.hasKrevat()) {
        return cached;
      }
      System.err.println("hardware: " + cache + " predates the cold-read and network entries; measuring again");
    }
    HardwareProfile p = measure(dir, probeBytes);
    dir.mkdirs();
    MAPPER.writerWithDefaultPrettyPrinter().writeValue(cache, p.toMap());
    return p;
  }

  public static HardwareProfile measure(File dir, long probeBytes) throws IOException {
    dir.mkdirs();
    File f = File.createTempFile("probe", ".bin", dir);
    try {
      double write = diskWrite(f, probeBytes);
      double cold;
      double network;
      try {
        cold = ColdRead.read(f).bytesPerSecond;
        network = LoopbackProbe.measure(Math.max(probeBytes, 64L << 20), 3);
      } catch (IOException e) {
        // no verified cold read (or no loopback): the profile has no Krevat entries, and says why on stderr
        System.err.println("hardware: no Krevat entries: " + e.getMessage());
        cold = Double.NaN;
        network = Double.NaN;
      }
      double read = diskRead(f);
      return new HardwareProfile(read, write, memoryCopy(probeBytes), parsePerCore(),
          Runtime.getRuntime().availableProcessors(), cold, network, Double.isNaN(cold) ? Double.NaN : physicalMemory());
    } finally {
      Files.deleteIfExists(f.toPath());
    }
  }

  /** MemTotal of /proc/meminfo, else what the JVM reports of the machine. */
  static double physicalMemory() {
    try {
      for (String l : Files.readAllLines(new File("/proc/meminfo").toPath(), StandardCharsets.US_ASCII)) {
        if (l.startsWith("MemTotal:")) {
          return Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024.0;
        }
      }
    } catch (IOException | NumberFormatException e) {
      // below
    }
    java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean
        ? ((com.sun.management.OperatingSystemMXBean) os).getTotalPhysicalMemorySize() : Runtime.getRuntime().maxMemory();
  }

  private static double diskWrite(File f, long bytes) throws IOException {
    ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20);
    for (int i = 0; i < buf.capacity(); i++) {
      buf.put(i, (byte) (i * 31)); // not zeros: some file systems compress
    }
    long t0 = System.nanoTime();
    try (FileChannel ch = FileChannel.open(f.toPath(), StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
      for (long done = 0; done < bytes; done += buf.capacity()) {
        buf.clear();
        while (buf.hasRemaining()) {
          ch.write(buf);
        }
      }
      ch.force(true);
    }
    return f.length() / seconds(t0);
  }

  private static double diskRead(File f) throws IOException {
    ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20);
    long n = 0;
    long t0 = System.nanoTime();
    try (FileChannel ch = FileChannel.open(f.toPath(), StandardOpenOption.READ)) {
      for (int r; (r = ch.read(buf)) > 0; buf.clear()) {
        n += r;
      }
    }
    return n / seconds(t0);
  }

  /** Bytes copied per second between two arrays larger than the caches (best of a few passes). */
  private static double memoryCopy(long probeBytes) {
    int size = (int) Math.min(64L << 20, Math.max(8L << 20, probeBytes / 4));
    byte[] a = new byte[size];
    byte[] b = new byte[size];
    double best = 0;
    for (int pass = 0; pass < 6; pass++) {
      long t0 = System.nanoTime();
      System.arraycopy(a, 0, b, 0, size);
      System.arraycopy(b, 0, a, 0, size);
      best = Math.max(best, 2.0 * size / seconds(t0));
    }
    return best;
  }

  /**
   * One core's rate of the least any reader must do with a UserVisits row: find the field
   * boundaries and turn one integer field into a number (best of a few passes after warm-up).
   */
  static double parsePerCore() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; sb.length() < (8 << 20); i++) {
      sb.append("158.112.").append(i % 256).append('.').append(i % 199).append("|http://www.example.com/page")
          .append(i % 10007).append(".html|").append(1975 + i % 25).append("-0").append(1 + i % 9).append("-1")
          .append(i % 10).append('|').append(i % 1000).append('.').append(10 + i % 90)
          .append("|Mozilla/5.0 (X11; Linux x86_64)|USA|en-US|searchword").append(i % 97).append('|').append(i % 100)
          .append('\n');
    }
    byte[] data = sb.toString().getBytes(StandardCharsets.US_ASCII);
    double best = 0;
    long sink = 0;
    for (int pass = 0; pass < 8; pass++) {
      long t0 = System.nanoTime();
      sink += scan(data);
      best = Math.max(best, data.length / seconds(t0));
    }
    if (sink == 42) {
      System.err.print(""); // keeps the scan from being optimized away
    }
    return best;
  }

  private static long scan(byte[] d) {
    long sum = 0;
    int field = 0;
    int value = 0;
    for (byte c : d) {
      if (c == '|') {
        field++;
      } else if (c == '\n') {
        sum += value;
        field = 0;
        value = 0;
      } else if (field == 8) {
        value = value * 10 + (c - '0');
      }
    }
    return sum;
  }

  private static double seconds(long t0) {
    return Math.max(1e-9, (System.nanoTime() - t0) / 1e9);
  }
}
