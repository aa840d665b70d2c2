package org.hadoopopt.fingerprint.key;

/**
 * The research's djb2 hash ({@code h = h * 33 + b}, seeded with 5381) over a key's serialized
 * bytes, as an unsigned 32-bit fingerprint. Equal keys serialize to equal bytes for Hadoop's
 * Writable types, so they hash equally; order between different hashes means nothing, which is
 * why hash mode needs {@link FingerprintHashComparator} as the job's sort comparator.
 */
public final class Djb2 implements KeyFingerprinter {
  public static final Djb2 INSTANCE = new Djb2();

  private Djb2() {}

  private static final int P2 = 33 * 33;
  private static final int P3 = 33 * 33 * 33;
  private static final int P4 = 33 * 33 * 33 * 33;

  /** @return djb2 of {@code bytes[start, start + length)} as a signed int */
  public static int hash(byte[] bytes, int start, int length) {
    int h = 5381;
    int i = start;
    int end = start + length;
    // Four steps of h * 33 + b at once (same value mod 2^32): the four products are independent,
    // so the dependency chain is a quarter as long as one multiply-add per byte.
    for (int stop = end - 3; i < stop; i += 4) {
      h = h * P4 + (bytes[i] & 0xff) * P3 + (bytes[i + 1] & 0xff) * P2 + (bytes[i + 2] & 0xff) * 33 + (bytes[i + 3] & 0xff);
    }
    for (; i < end; i++) {
      h = h * 33 + (bytes[i] & 0xff);
    }
    return h;
  }

  @Override
  public long fingerprint(byte[] bytes, int start, int length) {
    return hash(bytes, start, length) & 0xffffffffL;
  }

  @Override
  public boolean isExact() {
    return false;
  }

  @Override
  public int bits() {
    return 32;
  }

  @Override
  public String describe() {
    return "djb2";
  }
}
