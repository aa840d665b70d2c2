package org.hadoopopt.inputformats.loader;

/**
 * Which partition a partition-column value goes to. Fixed (not Hadoop's HashPartitioner over some
 * Writable) so that every table loaded with the same number of partitions puts equal values into
 * equally named files, which is what the map-side partition join relies on.
 */
public final class LoaderPartitions {
  private LoaderPartitions() {}

  /** The partition of the value {@code b[off, off+len)} among {@code n}: a 31-multiplier hash of the bytes, mod n. */
  public static int partitionOf(byte[] b, int off, int len, int n) {
    int h = 0;
    for (int i = off; i < off + len; i++) {
      h = 31 * h + (b[i] & 0xff);
    }
    return (h & Integer.MAX_VALUE) % n;
  }

  /** The file name of partition {@code p}: {@code part-00007}. */
  public static String fileName(int p) {
    return String.format(java.util.Locale.ROOT, "part-%05d", p);
  }
}
