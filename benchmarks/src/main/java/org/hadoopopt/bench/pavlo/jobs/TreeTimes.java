package org.hadoopopt.bench.pavlo.jobs;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.hadoopopt.inputformats.btree.BTreeCounter;

/** The B+-tree reader's time split of a finished bdbtree run, from its jobs' counters. */
final class TreeTimes {
  private TreeTimes() {}

  /** {stage ms, open ms, scan ms} per opened tree, trees opened, records read. */
  static double[] of(BaselineTool tool) throws IOException {
    long[] sum = new long[BTreeCounter.values().length];
    for (Job j : tool.jobs()) {
      Counters c = j.getCounters();
      for (BTreeCounter k : BTreeCounter.values()) {
        sum[k.ordinal()] += c.findCounter(k).getValue();
      }
    }
    double trees = sum[BTreeCounter.TREES_OPENED.ordinal()];
    double per = Math.max(1, trees) * 1e6;
    return new double[] {sum[BTreeCounter.STAGE_NANOS.ordinal()] / per, sum[BTreeCounter.OPEN_NANOS.ordinal()] / per,
        sum[BTreeCounter.SCAN_NANOS.ordinal()] / per, trees, sum[BTreeCounter.RECORDS_SCANNED.ordinal()]};
  }

  /** Element-wise medians. */
  static double[] medians(List<double[]> rows) {
    double[] m = new double[rows.get(0).length];
    for (int i = 0; i < m.length; i++) {
      List<Double> v = new ArrayList<>();
      for (double[] r : rows) {
        v.add(r[i]);
      }
      m[i] = org.hadoopopt.bench.tools.Stats.median(v);
    }
    return m;
  }
}
