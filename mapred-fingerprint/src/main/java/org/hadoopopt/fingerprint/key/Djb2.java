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

  /** @return djb2 of {@code bytes[start, start + length)} as a signed int */
  public static int hash(byte[] bytes, int start, int length) {
    int h = 5381;
    int end = start + length;
    for (int i = start; i < end; i++) {
      h = (h << 5) + h + (bytes[i] & 0xff);
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
