package org.hadoopopt.fingerprint.key;

/**
 * Computes a 64-bit fingerprint of a serialized map-output key. Fingerprints are compared as
 * unsigned longs; two keys whose fingerprints differ must compare (under the job's sort
 * comparator) in the same order as their fingerprints, and equal keys must have equal
 * fingerprints. Keys with equal fingerprints are ordered by the real comparator.
 */
public interface KeyFingerprinter {
  /** @return the fingerprint of the key serialized in {@code bytes[start, start + length)} */
  long fingerprint(byte[] bytes, int start, int length);

  /**
   * @return true when equal fingerprints imply equal keys, so ties need no comparator call
   *     (fixed-width numeric keys)
   */
  boolean isExact();

  /**
   * @return how many low bits the fingerprints use; 32 or fewer lets the radix sort pack the
   *     fingerprint and the record number into one long
   */
  default int bits() {
    return 64;
  }

  /** @return a short name for log lines */
  String describe();

  /**
   * Deeper fingerprints, to split keys whose fingerprints tie: level 0 is
   * {@link #fingerprint}, level {@code k} must order keys exactly as the comparator does among
   * keys equal at all lower levels. The default has no deeper level.
   * @return whether the key has any bytes at {@code level} (if none of a tie's keys has, the
   *     comparator must decide)
   */
  default boolean reaches(byte[] bytes, int start, int length, int level) {
    return false;
  }

  /** @return the key's fingerprint at {@code level} (see {@link #reaches}) */
  default long fingerprintAt(byte[] bytes, int start, int length, int level) {
    return level == 0 ? fingerprint(bytes, start, length) : 0L;
  }

  /**
   * @return true when levels {@code 0 .. levels - 1} hold all of the key's bytes, so that among
   *     keys equal at all those levels the serialized length decides (equal lengths: equal keys;
   *     otherwise the shorter key first, as a byte-wise comparator orders a prefix before a
   *     longer key). The default never claims it, leaving such ties to the comparator.
   */
  default boolean coveredBy(byte[] bytes, int start, int length, int levels) {
    return false;
  }
}
