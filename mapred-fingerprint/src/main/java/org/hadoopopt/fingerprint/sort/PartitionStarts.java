package org.hadoopopt.fingerprint.sort;

/** The first step of a counting sort by partition, shared by the radix sorters. */
final class PartitionStarts {
  private PartitionStarts() {}

  /** Each partition's start in partition order, plus the end ({@code n}) as the last entry. */
  static int[] of(int[] part, int n) {
    int maxPart = 0;
    for (int i = 0; i < n; i++) {
      maxPart = Math.max(maxPart, part[i]);
    }
    int[] start = new int[maxPart + 2];
    for (int i = 0; i < n; i++) {
      start[part[i] + 1]++;
    }
    for (int p = 1; p < start.length; p++) {
      start[p] += start[p - 1];
    }
    return start;
  }
}
