package org.hadoopopt.bench.ideal;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What this machine can do, in bytes per second: sequential disk read and write, memory copy,
 * and the rate one core splits '|' rows into fields; plus its core count. Measured by
 * {@link HardwareProbe}, kept as hardware.json in the results folder.
 */
public final class HardwareProfile {
  public static final String DISK_READ = "diskReadBytesPerSec";
  public static final String DISK_WRITE = "diskWriteBytesPerSec";
  public static final String MEMORY = "memoryCopyBytesPerSec";
  public static final String PARSE = "parseBytesPerSecPerCore";
  public static final String CORES = "cores";

  private final double diskRead;
  private final double diskWrite;
  private final double memory;
  private final double parsePerCore;
  private final int cores;

  public HardwareProfile(double diskRead, double diskWrite, double memory, double parsePerCore, int cores) {
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
    return m;
  }

  /** The inverse of {@link #toMap}; a missing or bad entry fails naming it. */
  public static HardwareProfile fromMap(Map<String, Double> m) {
    return new HardwareProfile(get(m, DISK_READ), get(m, DISK_WRITE), get(m, MEMORY), get(m, PARSE),
        (int) get(m, CORES));
  }

  private static double get(Map<String, Double> m, String key) {
    Double v = m.get(key);
    if (v == null) {
      throw new IllegalArgumentException("hardware profile: no " + key);
    }
    return v;
  }
}
