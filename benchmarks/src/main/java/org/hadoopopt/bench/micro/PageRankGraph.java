package org.hadoopopt.bench.micro;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A generated directed graph for the PageRank micro-benchmark, and PageRank's arithmetic, shared
 * by the MapReduce job ({@link PageRankJob}) and the independent in-memory computation.
 *
 * <p>Vertices {@code 0..n-1}; each has 1 to {@code 2 * avgDegree - 1} out-links (no dangling
 * vertex, so no rank is lost), targets drawn with a skew (the square of a uniform draw), so a few
 * vertices collect many in-links as web graphs do; the same seed gives the same graph. Ranks are
 * fixed-point integers ({@link #SCALE} = 1.0): a vertex passes {@code rank / outDegree} (integer
 * division) to each target, and the new rank is {@code (1 - d) * SCALE / n + d * sum} with
 * d = 0.85 computed as {@code 15 * SCALE / 100 / n + sum * 85 / 100}. Integer sums do not depend
 * on the order values reach a reducer, so every collector must give the same bytes.
 *
 * <p>Line form (text, one vertex a line): {@code id TAB rank TAB target,target,...}.
 */
public final class PageRankGraph {
  /** Fixed-point 1.0. */
  public static final long SCALE = 1_000_000_000_000_000L;

  private PageRankGraph() {}

  /** The out-links of every vertex. */
  public static int[][] generate(int n, int avgDegree, long seed) {
    if (n < 2 || avgDegree < 1) {
      throw new IllegalArgumentException("a PageRank graph needs at least 2 vertices and degree 1, not n=" + n
          + ", degree=" + avgDegree);
    }
    int[][] out = new int[n][];
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int v = 0; v < n; v++) {
      int degree = 1 + rnd.nextInt(2 * avgDegree - 1);
      out[v] = new int[degree];
      for (int k = 0; k < degree; k++) {
        double u = rnd.nextDouble();
        int t = (int) (u * u * n);
        out[v][k] = t == v ? (t + 1) % n : t;
      }
    }
    return out;
  }

  /** Writes the graph with every rank at 1/n, in {@code files} files under {@code dir}. */
  public static long write(FileSystem fs, Path dir, int[][] g, int files) throws IOException {
    long bytes = 0;
    long initial = SCALE / g.length;
    for (int f = 0; f < files; f++) {
      try (BufferedWriter w = new BufferedWriter(new OutputStreamWriter(
          fs.create(new Path(dir, String.format("part-%05d", f)), true), StandardCharsets.US_ASCII))) {
        StringBuilder line = new StringBuilder();
        for (int v = f; v < g.length; v += files) {
          line.setLength(0);
          line.append(v).append('\t').append(initial).append('\t');
          for (int k = 0; k < g[v].length; k++) {
            line.append(k == 0 ? "" : ",").append(g[v][k]);
          }
          line.append('\n');
          w.write(line.toString());
          bytes += line.length();
        }
      }
    }
    return bytes;
  }

  /** One vertex's new rank from the sum of its in-contributions. */
  public static long next(long sum, int n) {
    return 15 * SCALE / 100 / n + sum * 85 / 100;
  }

  /** {@code iterations} rounds of the same arithmetic in memory: the independent computation. */
  public static long[] ranks(int[][] g, int iterations) {
    int n = g.length;
    long[] rank = new long[n];
    java.util.Arrays.fill(rank, SCALE / n);
    for (int it = 0; it < iterations; it++) {
      long[] sum = new long[n];
      for (int v = 0; v < n; v++) {
        long share = rank[v] / g[v].length;
        for (int t : g[v]) {
          sum[t] += share;
        }
      }
      for (int v = 0; v < n; v++) {
        rank[v] = next(sum[v], n);
      }
    }
    return rank;
  }

  /** Floating-point PageRank (d = 0.85), to show the fixed-point ranks are PageRank's. */
  public static double[] ranksDouble(int[][] g, int iterations) {
    int n = g.length;
    double[] rank = new double[n];
    java.util.Arrays.fill(rank, 1.0 / n);
    for (int it = 0; it < iterations; it++) {
      double[] sum = new double[n];
      for (int v = 0; v < n; v++) {
        double share = rank[v] / g[v].length;
        for (int t : g[v]) {
          sum[t] += share;
        }
      }
      for (int v = 0; v < n; v++) {
        rank[v] = 0.15 / n + 0.85 * sum[v];
      }
    }
    return rank;
  }
}
