package org.hadoopopt.bench.pavlo.jobs;

import java.util.Arrays;

/**
 * The join's visits in range by URL, in memory: an open-addressing table of the distinct URLs'
 * bytes, each with the chain of its visits (sourceIP, revenue in millionths). A probe with a URL
 * given as bytes in a page allocates nothing (a Rankings scan probes once per row); the visits are
 * few (the join's week is 0.086% of UserVisits).
 */
final class UrlTable {
  private int[] slots = new int[1024]; // key number + 1; 0 free
  private byte[][] keys = new byte[512][];
  private int[] keyHash = new int[512];
  private int[] firstVisit = new int[512];
  private int keyCount;
  private String[] sourceIp = new String[512];
  private long[] micros = new long[512];
  private int[] nextVisit = new int[512];
  private int visitCount;

  /** Adds a visit of URL (the array is kept). */
  void add(byte[] url, String ip, long revenue) {
    int h = hash(url, 0, url.length);
    int k = find(url, 0, url.length, h);
    if (k < 0) {
      k = insert(url, h);
    }
    if (visitCount == micros.length) {
      int n = visitCount * 2;
      sourceIp = Arrays.copyOf(sourceIp, n);
      micros = Arrays.copyOf(micros, n);
      nextVisit = Arrays.copyOf(nextVisit, n);
    }
    int v = visitCount++;
    sourceIp[v] = ip;
    micros[v] = revenue;
    nextVisit[v] = firstVisit[k];
    firstVisit[k] = v;
  }

  /** The first visit of the URL {@code B[OFF, OFF + LEN)}, or -1. */
  int first(byte[] b, int off, int len) {
    int k = find(b, off, len, hash(b, off, len));
    return k < 0 ? -1 : firstVisit[k];
  }

  /** The first visit of the K-th distinct URL ({@link #keys()}). */
  int firstOfKey(int k) {
    return firstVisit[k];
  }

  /** The next visit of the same URL, or -1. */
  int next(int v) {
    return nextVisit[v];
  }

  String sourceIp(int v) {
    return sourceIp[v];
  }

  long micros(int v) {
    return micros[v];
  }

  /** The distinct URLs, by key number. */
  byte[][] keys() {
    return Arrays.copyOf(keys, keyCount);
  }

  private int find(byte[] b, int off, int len, int h) {
    int mask = slots.length - 1;
    for (int s = h & mask;; s = (s + 1) & mask) {
      int k = slots[s] - 1;
      if (k < 0) {
        return -1;
      }
      if (keyHash[k] == h && Arrays.equals(keys[k], 0, keys[k].length, b, off, off + len)) {
        return k;
      }
    }
  }

  private int insert(byte[] url, int h) {
    if (2 * (keyCount + 1) > slots.length) {
      grow();
    }
    if (keyCount == keys.length) {
      int n = keyCount * 2;
      keys = Arrays.copyOf(keys, n);
      keyHash = Arrays.copyOf(keyHash, n);
      firstVisit = Arrays.copyOf(firstVisit, n);
    }
    int k = keyCount++;
    keys[k] = url;
    keyHash[k] = h;
    firstVisit[k] = -1;
    place(k);
    return k;
  }

  private void place(int k) {
    int mask = slots.length - 1;
    int s = keyHash[k] & mask;
    while (slots[s] != 0) {
      s = (s + 1) & mask;
    }
    slots[s] = k + 1;
  }

  private void grow() {
    slots = new int[slots.length * 2];
    for (int k = 0; k < keyCount; k++) {
      place(k);
    }
  }

  /** FNV-1a over the bytes, its bits mixed (linear probing wants the low bits to vary). */
  private static int hash(byte[] b, int off, int len) {
    int h = 0x811C9DC5;
    for (int i = off; i < off + len; i++) {
      h = (h ^ (b[i] & 0xff)) * 0x01000193;
    }
    return h ^ (h >>> 16);
  }
}
