package org.hadoopopt.bench.ideal;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What this machine can do, in bytes per second: sequential disk read (as the page cache serves a
 * file that fits) and write, memory copy, and the rate one core splits '|' rows into fields; plus
 * its core count. For {@link KrevatModel}: the cold disk read (O_DIRECT, verified against the
 * device's count), the loopback network and the memory size. Measured by {@link HardwareProbe},
 * kept as hardware.json in the results folder.
 */
public final class HardwareProfile {
  public static final String DISK_READ = "diskReadBytesPerSec";
  public static final String DISK_WRITE = "diskWriteBytesPerSec";
  public static final String MEMORY = "memoryCopyBytesPerSec";
  public static final String PARSE = "parseBytesPerSecPerCore";
  public static final String CORES = "cores";
  public static final String COLD_DISK_READ = "coldDiskReadBytesPerSec";
  public static final String NETWORK = "loopbackNetworkBytesPerSec";
  public static final String MEMORY_BYTES = "memoryBytes";
  /** The Krevat entries; a profile without them (an older hardware.json) is measured again. */
  static final String[] KREVAT_KEYS = {COLD_DISK_READ, NETWORK, MEMORY_BYTES};

  private final double diskRead;
  private final double diskWrite;
  private final double memory;
  private final double parsePerCore;
  private final int cores;
  private final double coldDiskRead;
  private final double network;
  private final double memoryBytes;

  /** A profile for {@link IdealModel} only (no Krevat entries). */
  public HardwareProfile(double diskRead, double diskWrite, double memory, double parsePerCore, int cores) {
    this(diskRead, diskWrite, memory, parsePerCore, cores, Double.NaN, Double.NaN, Double.NaN);
  }

  /** A full profile: NaN for the Krevat entries leaves them out. */
  public HardwareProfile(double diskRead, double diskWrite, double memory, double parsePerCore, int cores,
      double coldDiskRead, double network, double memoryBytes) {
    check(DISK_READ, diskRead);
    check(DISK_WRITE, diskWrite);
    check(MEMORY, memory);
    check(PARSE, parsePerCore);
    check(CORES, cores);
    this.diskRead = diskRead;
    this.diskWrite = diskWrite;
    this.memory = memory;
    this.parsePerCore = parsePerCore;
    this.cores = cores;
    checkUnlessNaN(COLD_DISK_READ, coldDiskRead);
    checkUnlessNaN(NETWORK, network);
    checkUnlessNaN(MEMORY_BYTES, memoryBytes);
    this.coldDiskRead = coldDiskRead;
    this.network = network;
    this.memoryBytes = memoryBytes;
  }

  /** Whether the cold read, network and memory size are known (what {@link KrevatModel} needs). */
  public boolean hasKrevat() {
    return !Double.isNaN(coldDiskRead) && !Double.isNaN(network) && !Double.isNaN(memoryBytes);
  }

  /** Sequential read from the device, page cache bypassed (NaN when not measured). */
  public double coldDiskRead() {
    return coldDiskRead;
  }

  /** Loopback TCP bytes per second (NaN when not measured). */
  public double network() {
    return network;
  }

  /** Physical memory in bytes (NaN when not measured). */
  public double memoryBytes() {
    return memoryBytes;
  }

  private static void checkUnlessNaN(String name, double v) {
    if (!Double.isNaN(v)) {
      check(name, v);
    }
  }

  private static void check(String name, double v) {
    if (!(v > 0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException("hardware profile: " + name + " must be a positive number, not " + v);
    }
  }

  public double diskRead() {
    return diskRead;
  }

  public double diskWrite() {
    return diskWrite;
  }

  public double memory() {
    return memory;
  }

  public double parsePerCore() {
    return parsePerCore;
  }

  public int cores() {
    return cores;
  }

  public Map<String, Double> toMap() {
    Map<String, Double> m = new LinkedHashMap<>();
    m.put(DISK_READ, diskRead);
    m.put(DISK_WRITE, diskWrite);
    m.put(MEMORY, memory);
    m.put(PARSE, parsePerCore);
    m.put(CORES, (double) cores);
    if (hasKrevat()) {
      m.put(COLD_DISK_READ, coldDiskRead);
      m.put(NETWORK, network);
      m.put(MEMORY_BYTES, memoryBytes);
    }
    return m;
  }

  /** The inverse of {@link #toMap}; a missing or bad entry fails naming it (the Krevat entries are optional). */
  public static HardwareProfile fromMap(Map<String, Double> m) {
    return new HardwareProfile(get(m, DISK_READ), get(m, DISK_WRITE), get(m, MEMORY), get(m, PARSE),
        (int) get(m, CORES), m.getOrDefault(COLD_DISK_READ, Double.NaN), m.getOrDefault(NETWORK, Double.NaN),
        m.getOrDefault(MEMORY_BYTES, Double.NaN));
  }

  private static double get(Map<String, Double> m, String key) {
    Double v = m.get(key);
    if (v == null) {
      throw new IllegalArgumentException("hardware profile: no " + key);
    }
    return v;
  }
}
