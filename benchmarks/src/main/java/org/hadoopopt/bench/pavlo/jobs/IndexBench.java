package org.hadoopopt.bench.pavlo.jobs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hadoopopt.bench.tools.ToolArgs;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.inputformats.loader.LoadJob;
import org.hadoopopt.inputformats.mapreduce.CompleteOutput;

/**
 * {@code indexbench [--rounds R] [--join-rounds J] [--partitions N] [--page-size B] [--from D] [--to D]
 * [--tasks selection,aggregation,join] [--with-bdbtree] [--aggregation-baseline] [--loaded DIR] SET WORK}: the
 * index benchmark, side by side in one process on the job's file system (use {@code -fs file:///
 * -jt local} for the local runner). Loads SET's rankings and uservisits as text into
 * {@code WORK/loaded} (once; timed), then R rounds, the order reversed every other round, of:
 * selection (pageRank > 10) baseline, mt, mti; date-range aggregation (default 2000-01-15..2000-01-22, the join's range)
 * mt, mti; and (J rounds) join baseline and partition. {@code --with-bdbtree} also loads both tables as
 * Berkeley DB JE B+-trees ({@code LOADED/*-bdbtree}, once, timed) and runs selection and aggregation
 * {@code bdbtree} ({@code --bdbtree-copy}: also with every tree copied to the task, as off a local file
 * system), reporting per tree the staging, open and scan times from the jobs' counters;
 * {@code --aggregation-baseline} adds the baseline aggregation (a full immutable-decoding scan: slow).
 * {@code --loaded DIR} puts the loaded copies in DIR instead of {@code WORK/loaded}. Every variant's
 * answer is compared with its task's first; prints medians and ratios and writes {@code WORK/indexbench.json}.
 */
public final class IndexBench extends Configured implements Tool {
  /** The command line, as the benchmarks jar's driver lists it. */
  public static final String USAGE = "indexbench [--rounds R] [--join-rounds J] [--partitions N] [--page-size B]"
      + " [--from yyyy-MM-dd] [--to yyyy-MM-dd] [--tasks selection,aggregation,join] [--with-bdbtree]"
      + " [--bdbtree-copy] [--aggregation-baseline] [--loaded DIR] SET WORK";

  /** The default date range: the Pavlo join's own visitDate predicate (8 of 9,300 days). */
  private static final String FROM = "2000-01-15";
  private static final String TO = "2000-01-22";
  /** Tasks copy each tree to their local directory, as they must when it is not on the local file system. */
  private static final String COPY = org.hadoopopt.inputformats.btree.BTreeInputFormat.OPEN_MODE + "=copy";

  private final Map<String, List<Double>> times = new LinkedHashMap<>();
  private final Map<String, List<String>> answers = new LinkedHashMap<>();
  /** Per bdbtree run name: {stage, open, scan} milliseconds per opened tree, and trees opened, per round. */
  private final Map<String, List<double[]>> treeTimes = new LinkedHashMap<>();

  @Override
  public int run(String[] args) throws Exception {
    ToolArgs opts;
    try {
      opts = ToolArgs.parse(args, ToolArgs.names("rounds", "join-rounds", "partitions", "page-size", "from", "to", "tasks",
          "loaded"), ToolArgs.names("with-bdbtree", "aggregation-baseline", "bdbtree-copy"), 2);
    } catch (ToolArgs.UsageException e) {
      System.err.println(e.getMessage() + "\nusage: " + USAGE);
      return 2;
    }
    int rounds = opts.has("rounds") ? Integer.parseInt(opts.get("rounds")) : 3;
    int joinRounds = opts.has("join-rounds") ? Integer.parseInt(opts.get("join-rounds")) : -1;
    String from = opts.has("from") ? opts.get("from") : FROM;
    String to = opts.has("to") ? opts.get("to") : TO;
    String partitions = opts.has("partitions") ? opts.get("partitions") : "4";
    String pageSize = opts.has("page-size") ? opts.get("page-size") : "131072";
    List<String> tasks = Arrays.asList((opts.has("tasks") ? opts.get("tasks") : "selection,aggregation,join").split(","));
    List<String> paths = Arrays.asList(opts.positional(0), opts.positional(1));
    boolean bdbtree = opts.has("with-bdbtree");
    boolean aggBaseline = opts.has("aggregation-baseline");
    boolean treeCopy = opts.has("bdbtree-copy");
    String loadedDir = opts.get("loaded");
    if (joinRounds < 0) {
      joinRounds = rounds;
    }
    Configuration conf = getConf();
    Path set = new Path(paths.get(0));
    Path work = new Path(paths.get(1));
    FileSystem fs = work.getFileSystem(conf);
    Path loaded = loadedDir == null ? new Path(work, "loaded") : new Path(loadedDir);
    Map<String, Double> loadSeconds = new LinkedHashMap<>();
    for (String t : new String[] {"rankings", "uservisits"}) {
      if (t.equals("uservisits") && !tasks.contains("aggregation") && !tasks.contains("join")) {
        continue;
      }
      for (String format : bdbtree ? new String[] {"text", "bdbtree"} : new String[] {"text"}) {
        Path dir = new Path(loaded, t + "-" + format);
        Configuration lc = new Configuration(conf);
        lc.set(LoadJob.TABLE, t);
        lc.set(LoadJob.PARTITIONS, partitions);
        lc.set(LoadJob.PAGE_SIZE, pageSize);
        lc.set(LoadJob.FORMAT, format);
        // reused only if complete and loaded with these settings (a killed load leaves no marker)
        String why = fs.exists(dir) ? CompleteOutput.check(fs, dir, LoadJob.parameters(lc, new Path(set, t))) : "absent";
        if (why != null) {
          if (!why.equals("absent")) {
            System.err.println("indexbench: discarding " + dir + " and loading it again: " + why);
          }
          fs.delete(dir, true);
          long s = System.nanoTime();
          check(ToolRunner.run(new Configuration(conf), new LoadJob(), new String[] {"--table", t, "--partitions", partitions,
              "--page-size", pageSize, "--format", format, new Path(set, t).toString(), dir.toString()}), "load " + t);
          loadSeconds.put(format.equals("text") ? t : t + "-" + format, (System.nanoTime() - s) / 1e9);
        }
      }
    }
    String brk = new Path(loaded, "rankings-bdbtree").toString();
    String buv = new Path(loaded, "uservisits-bdbtree").toString();
    String rk = new Path(set, "rankings").toString();
    String uv = new Path(set, "uservisits").toString();
    String lrk = new Path(loaded, "rankings-text").toString();
    String luv = new Path(loaded, "uservisits-text").toString();
    Path out = new Path(work, "out");
    for (int r = 0; r < Math.max(rounds, joinRounds); r++) {
      List<Object[]> runs = new ArrayList<>();
      if (r < rounds && tasks.contains("selection")) {
        runs.add(new Object[] {"selection", "baseline", new SelectionJob(), new String[] {rk}});
        runs.add(new Object[] {"selection", "mt", new SelectionJob(), new String[] {"--variant", "mt", rk}});
        runs.add(new Object[] {"selection", "mti", new SelectionJob(), new String[] {"--variant", "mti", lrk}});
        if (bdbtree) {
          runs.add(new Object[] {"selection", "bdbtree", new SelectionJob(), new String[] {"--variant", "bdbtree", brk}});
          if (treeCopy) {
            runs.add(new Object[] {"selection", "bdbtree-copy", new SelectionJob(),
                new String[] {"-D", COPY, "--variant", "bdbtree", brk}});
          }
        }
      }
      if (r < rounds && tasks.contains("aggregation")) {
        runs.add(new Object[] {"aggregation", "mt", new AggregationJob(), new String[] {"--from", from, "--to", to, "--variant", "mt", uv}});
        runs.add(new Object[] {"aggregation", "mti", new AggregationJob(), new String[] {"--from", from, "--to", to, "--variant", "mti", luv}});
        if (bdbtree) {
          runs.add(new Object[] {"aggregation", "bdbtree", new AggregationJob(),
              new String[] {"--from", from, "--to", to, "--variant", "bdbtree", buv}});
          if (treeCopy) {
            runs.add(new Object[] {"aggregation", "bdbtree-copy", new AggregationJob(),
                new String[] {"-D", COPY, "--from", from, "--to", to, "--variant", "bdbtree", buv}});
          }
        }
        if (aggBaseline) {
          runs.add(new Object[] {"aggregation", "baseline", new AggregationJob(), new String[] {"--from", from, "--to", to, uv}});
        }
      }
      if (r < joinRounds && tasks.contains("join")) {
        runs.add(new Object[] {"join", "baseline", new JoinJob(), new String[] {rk, uv}});
        runs.add(new Object[] {"join", "partition", new JoinJob(), new String[] {"--variant", "partition", lrk, luv}});
      }
      if (r % 2 == 1) {
        Collections.reverse(runs);
      }
      for (Object[] run : runs) {
        String task = (String) run[0];
        String name = task + " " + run[1];
        String[] a = (String[]) run[3];
        Path o = new Path(out, task + "-" + run[1] + "-" + r);
        fs.delete(o, true);
        String[] all = Arrays.copyOf(a, a.length + 1);
        all[a.length] = o.toString();
        long s = System.nanoTime();
        check(ToolRunner.run(new Configuration(conf), (Tool) run[2], all), name);
        double secs = (System.nanoTime() - s) / 1e9;
        times.computeIfAbsent(name, k -> new ArrayList<>()).add(secs);
        if (((String) run[1]).startsWith("bdbtree")) {
          treeTimes.computeIfAbsent(name, k -> new ArrayList<>()).add(TreeTimes.of((BaselineTool) run[2]));
        }
        List<String> answer = sortedLines(fs, o);
        List<String> first = answers.putIfAbsent(task, answer);
        if (first != null && !first.equals(answer)) {
          throw new IllegalStateException(name + " gave another answer than the first " + task + " run (" + answer.size()
              + " vs " + first.size() + " lines); outputs kept under " + out);
        }
        fs.delete(o, true);
        System.out.printf(Locale.ROOT, "round %d  %-22s %8.2f s  (%d lines)%n", r + 1, name, secs, answer.size());
      }
    }
    report(loadSeconds, rounds, joinRounds, work, fs);
    return 0;
  }

  private static void check(int rc, String what) {
    if (rc != 0) {
      throw new IllegalStateException(what + " exited with " + rc);
    }
  }

  private static List<String> sortedLines(FileSystem fs, Path dir) throws IOException {
    List<String> lines = new ArrayList<>();
    for (FileStatus st : fs.globStatus(new Path(dir, "part-*"))) {
      try (InputStream in = fs.open(st.getPath())) {
        byte[] b = IOUtils.readFullyToByteArray(new java.io.DataInputStream(in));
        for (String l : new String(b, StandardCharsets.UTF_8).split("\n")) {
          if (!l.isEmpty()) {
            lines.add(l);
          }
        }
      }
    }
    Collections.sort(lines);
    return lines;
  }

  private static double median(List<Double> v) {
    return org.hadoopopt.bench.tools.Stats.median(v);
  }

  private void report(Map<String, Double> loadSeconds, int rounds, int joinRounds, Path work, FileSystem fs)
      throws IOException {
    StringBuilder json = new StringBuilder("{\n  \"rounds\": " + rounds + ", \"joinRounds\": " + joinRounds + ",\n  \"loadSeconds\": {");
    String sep = "";
    for (Map.Entry<String, Double> e : loadSeconds.entrySet()) {
      json.append(sep).append(String.format(Locale.ROOT, "\"%s\": %.2f", e.getKey(), e.getValue()));
      sep = ", ";
    }
    json.append("},\n  \"medianSeconds\": {");
    sep = "";
    System.out.println("\nmedian seconds:");
    for (Map.Entry<String, List<Double>> e : times.entrySet()) {
      System.out.printf(Locale.ROOT, "  %-22s %8.2f  runs %s%n", e.getKey(), median(e.getValue()), e.getValue());
      json.append(sep).append(String.format(Locale.ROOT, "\"%s\": %.3f", e.getKey(), median(e.getValue())));
      sep = ", ";
    }
    json.append("},\n  \"bdbtreePerTree\": {");
    sep = "";
    if (!treeTimes.isEmpty()) {
      System.out.println("bdbtree, per opened tree (medians over rounds, ms): stage (link or copy), JE open, cursor scan");
    }
    for (Map.Entry<String, List<double[]>> e : treeTimes.entrySet()) {
      double[] m = TreeTimes.medians(e.getValue());
      System.out.printf(Locale.ROOT, "  %-22s stage %8.2f  open %8.2f  scan %9.2f  (%.0f trees opened, %.0f records)%n",
          e.getKey(), m[0], m[1], m[2], m[3], m[4]);
      json.append(sep).append(String.format(Locale.ROOT,
          "\"%s\": {\"stageMs\": %.3f, \"openMs\": %.3f, \"scanMs\": %.3f, \"treesOpened\": %.0f, \"records\": %.0f}",
          e.getKey(), m[0], m[1], m[2], m[3], m[4]));
      sep = ", ";
    }
    json.append("},\n  \"ratios\": {");
    String[][] pairs = {{"selection mt", "selection mti"}, {"selection baseline", "selection mti"},
        {"selection baseline", "selection bdbtree"}, {"selection mt", "selection bdbtree"}, {"selection mti", "selection bdbtree"}, {"selection mti", "selection bdbtree-copy"},
        {"aggregation mt", "aggregation mti"}, {"aggregation baseline", "aggregation mti"},
        {"aggregation baseline", "aggregation bdbtree"}, {"aggregation mt", "aggregation bdbtree"},
        {"aggregation mti", "aggregation bdbtree"}, {"aggregation mti", "aggregation bdbtree-copy"}, {"join baseline", "join partition"}};
    sep = "";
    System.out.println("ratios (median / median):");
    for (String[] p : pairs) {
      if (times.containsKey(p[0]) && times.containsKey(p[1])) {
        double ratio = median(times.get(p[0])) / median(times.get(p[1]));
        System.out.printf(Locale.ROOT, "  %-22s / %-22s %6.2fx%n", p[0], p[1], ratio);
        json.append(sep).append(String.format(Locale.ROOT, "\"%s / %s\": %.2f", p[0], p[1], ratio));
        sep = ", ";
      }
    }
    json.append("}\n}\n");
    Path file = new Path(work, "indexbench.json");
    try (java.io.OutputStream o = fs.create(file, true)) {
      o.write(json.toString().getBytes(StandardCharsets.UTF_8));
    }
    System.out.println("wrote " + fs.makeQualified(file));
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new IndexBench(), args));
  }
}
