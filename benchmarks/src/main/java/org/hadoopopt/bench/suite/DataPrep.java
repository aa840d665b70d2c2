package org.hadoopopt.bench.suite;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.Collection;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.PavloSchema;
import org.hadoopopt.bench.pavlo.gen.PavloGenerator;
import org.hadoopopt.inputformats.mapreduce.KvsfConvert;
import org.hadoopopt.bench.pavlo.TaskJars;

/**
 * The data the suite reads, under WORK/data-s{scale}-seed{seed}: the generated text tables, and
 * on demand their KVSF conversion ({@code kvsf/}) and the loaded copies ({@code loaded-text/},
 * {@code loaded-kvsf/}, {@code loaded-bdbtree/}). Anything complete (a {@code _SUCCESS} or the set file) is reused.
 */
final class DataPrep {
  private final Configuration conf;
  private final Programs programs;
  private final FileSystem fs;
  private final Path set;
  private final PrintStream progress;
  private SuiteResults results;

  DataPrep(Configuration conf, Programs programs, Path work, PrintStream progress) throws IOException {
    this.conf = conf;
    this.programs = programs;
    this.fs = work.getFileSystem(conf);
    this.set = new Path(work, String.format(Locale.ROOT, "data-s%s-seed%d",
        Double.toString(PavloGenerator.getScale(conf)), PavloGenerator.getSeed(conf)));
    this.progress = progress;
  }

  /** Where each step's seconds are recorded ({@link SuiteResults#prep()}). */
  void recordInto(SuiteResults r) {
    this.results = r;
  }

  private void record(String step, double seconds) {
    if (results != null) {
      results.prep().put(step, seconds);
    }
  }

  /** Records STEP as reused, unless this run made it (a copy read by several variants). */
  private void recordReused(String step) {
    if (results != null && !results.prep().containsKey(step)) {
      results.prep().put(step + " (reused)", 0.0);
    }
  }

  Path setDir() {
    return set;
  }

  FileSystem fs() {
    return fs;
  }

  /**
   * Generates the set unless one of this scale and seed with all of TABLES is there (a set with
   * fewer tables is generated again with the union of both).
   */
  void ensureSet(Collection<String> tables) throws Exception {
    Set<String> have = tablesOfSet();
    if (have.containsAll(tables)) {
      progress.println("data: reusing " + set);
      record("generate " + String.join(", ", tables) + " (reused)", 0);
      return;
    }
    Set<String> all = new TreeSet<>(have);
    all.addAll(tables);
    fs.delete(set, true);
    Configuration c = new Configuration(conf);
    PavloGenerator.setTables(c, all.toArray(new String[0]));
    try {
      record("generate " + String.join(", ", all),
          run("generating the Pavlo set (scale " + PavloGenerator.getScale(conf) + ", seed " + PavloGenerator.getSeed(conf)
          + ", " + String.join(", ", all) + ") in " + set, new PavloGenerator(System.err), c, set.toString()));
    } catch (Exception e) {
      // A half-written set (a full disk, a failed task) is never reused (it has no set file), and
      // removing it now gives its space back.
      fs.delete(set, true);
      throw new IllegalStateException("generating the set in " + set + " failed, the partial set is removed: " + e, e);
    }
  }

  /** The tables of the set already in place with this scale and seed (none if there is none). */
  private Set<String> tablesOfSet() throws IOException {
    Set<String> tables = new TreeSet<>();
    Path file = new Path(set, PavloGenerator.SET_FILE);
    if (!fs.exists(file)) {
      return tables;
    }
    Properties p = new Properties();
    try (InputStream in = fs.open(file)) {
      p.load(in);
    }
    if (Double.toString(PavloGenerator.getScale(conf)).equals(p.getProperty("scale"))
        && Long.toString(PavloGenerator.getSeed(conf)).equals(p.getProperty("seed"))) {
      for (String t : new String[] {PavloSchema.GREP, PavloSchema.RANKINGS, PavloSchema.USERVISITS, PavloSchema.DOCUMENTS}) {
        if (p.getProperty(t + ".rows") != null && fs.exists(new Path(set, t))) {
          tables.add(t);
        }
      }
    }
    return tables;
  }

  /** The copy of TABLE that INPUT names, made now if missing. */
  Path input(Variant.Input input, String table) throws Exception {
    Path text = new Path(set, table);
    switch (input) {
      case TEXT:
        return text;
      case KVSF: {
        Path out = new Path(set, "kvsf/" + table);
        if (!complete(out)) {
          Configuration c = new Configuration(conf);
          TaskJars.ship(c, TaskJars.INPUTFORMATS);
          fs.delete(out, true);
          record("convert " + table + " to kvsf",
              run("converting " + table + " to KeyValueSequenceFiles", new KvsfConvert(), c, table, text.toString(), out.toString()));
        } else {
          recordReused("convert " + table + " to kvsf");
        }
        return out;
      }
      case LOADED_TEXT:
      case LOADED_KVSF:
      case LOADED_BDBTREE: {
        String format = input == Variant.Input.LOADED_TEXT ? "text" : input == Variant.Input.LOADED_KVSF ? "kvsf" : "bdbtree";
        Path out = new Path(set, "loaded-" + format + "/" + table);
        if (!complete(out)) {
          Configuration c = new Configuration(conf);
          TaskJars.ship(c, TaskJars.INPUTFORMATS);
          fs.delete(out, true);
          record("load " + table + " (" + format + ", partitioned, indexed)",
              run("loading " + table + " (" + format + ", " + SuiteOptions.getPartitions(conf) + " partitions, indexed)",
              programs.tool("load"), c, "--table", table, "--partitions", Integer.toString(SuiteOptions.getPartitions(conf)),
              "--format", format, text.toString(), out.toString()));
        } else {
          recordReused("load " + table + " (" + format + ", partitioned, indexed)");
        }
        return out;
      }
      default:
        throw new IllegalArgumentException("no input " + input);
    }
  }

  private boolean complete(Path dir) throws IOException {
    return fs.exists(new Path(dir, "_SUCCESS"));
  }

  /** Runs the tool, printing WHAT and the seconds it took; returns the seconds. */
  private double run(String what, Tool tool, Configuration c, String... args) throws Exception {
    progress.print(what + " ... ");
    progress.flush();
    long t0 = System.nanoTime();
    int rc = ToolRunner.run(c, tool, args);
    if (rc != 0) {
      progress.println("failed");
      throw new IllegalStateException(what + ": exited with " + rc + " (args " + Arrays.toString(args) + ")");
    }
    double s = (System.nanoTime() - t0) / 1e9;
    progress.printf(Locale.ROOT, "%.1f s%n", s);
    return s;
  }
}
