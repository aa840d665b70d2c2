package org.hadoopopt.inputformats.mapreduce;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;

/**
 * Several {@link IndexedSplit}s read by one task, one after another: {@link RangeIndexInputFormat}
 * packs its page runs into as many groups as map slots when {@link ScanSplits#SLOTS} is set, since an
 * indexed query reads so few pages that a task per run spends more on starting and committing than
 * on reading. Deliberately not a {@code FileSplit}: MapTask then skips its per-record walk of the
 * file-system statistics, and the reader counts {@code File Input Format} bytes read itself
 * ({@link TaskByteCount}).
 */
public class IndexedSplitGroup extends InputSplit implements Writable {
  private final List<IndexedSplit> parts = new ArrayList<>();
  private String[] hosts = new String[0];

  public IndexedSplitGroup() {}

  IndexedSplitGroup(List<IndexedSplit> parts, String[] hosts) {
    this.parts.addAll(parts);
    this.hosts = hosts;
  }

  /** The page runs, read in this order (file, then offset, as getSplits listed them). */
  public List<IndexedSplit> parts() {
    return parts;
  }

  /**
   * SPLITS packed into min(SLOTS, splits) groups of near-equal bytes (largest first, each to the
   * group with the fewest bytes so far); each group keeps the splits' order; a group's hosts are
   * those of its largest part.
   */
  static List<InputSplit> pack(List<IndexedSplit> splits, int slots) throws IOException {
    int n = Math.max(1, Math.min(slots, splits.size()));
    List<Integer> bySize = new ArrayList<>();
    for (int i = 0; i < splits.size(); i++) {
      bySize.add(i);
    }
    bySize.sort(Comparator.comparingLong((Integer i) -> splits.get(i).getLength()).reversed().thenComparing(i -> i));
    List<List<Integer>> groups = new ArrayList<>();
    long[] bytes = new long[n];
    for (int g = 0; g < n; g++) {
      groups.add(new ArrayList<>());
    }
    for (int i : bySize) {
      int least = 0;
      for (int g = 1; g < n; g++) {
        if (bytes[g] < bytes[least]) {
          least = g;
        }
      }
      groups.get(least).add(i);
      bytes[least] += splits.get(i).getLength();
    }
    List<InputSplit> out = new ArrayList<>();
    for (List<Integer> g : groups) {
      if (g.isEmpty()) {
        continue;
      }
      String[] hosts = splits.get(g.get(0)).getLocations(); // the largest part's (assigned first)
      Collections.sort(g);
      List<IndexedSplit> parts = new ArrayList<>();
      for (int i : g) {
        parts.add(splits.get(i));
      }
      out.add(new IndexedSplitGroup(parts, hosts));
    }
    return out;
  }

  @Override
  public long getLength() {
    long n = 0;
    for (IndexedSplit p : parts) {
      n += p.getLength();
    }
    return n;
  }

  @Override
  public String[] getLocations() {
    return hosts;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeInt(parts.size());
    for (IndexedSplit p : parts) {
      p.write(out);
    }
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    parts.clear();
    int n = in.readInt();
    if (n < 0) {
      throw new IOException("an indexed split group of " + n + " parts");
    }
    for (int i = 0; i < n; i++) {
      IndexedSplit p = new IndexedSplit();
      p.readFields(in);
      parts.add(p);
    }
    hosts = new String[0]; // as FileSplit: locations are for scheduling only
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder();
    for (IndexedSplit p : parts) {
      b.append(b.length() == 0 ? "" : ",").append(p);
    }
    return b.toString();
  }
}
