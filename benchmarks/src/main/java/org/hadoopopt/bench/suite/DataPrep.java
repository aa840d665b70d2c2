package org.hadoopopt.bench.suite;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.gen.PavloGenerator;
import org.hadoopopt.inputformats.loader.LoadJob;
import org.hadoopopt.inputformats.mapreduce.CompleteOutput;
import org.hadoopopt.inputformats.mapreduce.KvsfConvert;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.bench.tools.TaskJars;
import org.hadoopopt.bench.results.LoadStep;
import org.hadoopopt.bench.results.SuiteResults;

/**
 * The data the suite reads, under WORK/data-s{scale}-seed{seed}: the generated text tables, and
 * on demand their KVSF conversion ({@code kvsf/}) and the loaded copies ({@code loaded-text/},
 * {@code loaded-kvsf/}, {@code loaded-bdbtree/}). Each is made into a hidden {@code _partial-NAME}
 * folder beside its place and renamed into place once its tool has written
 * {@link CompleteOutput}'s marker, last. A folder is reused only when {@link CompleteOutput#check}
 * passes for the parameters this run asks for; anything else (a partial folder left by a killed
 * run, a folder without a marker, with other parameters or with a file missing or cut short) is
 * discarded, saying so and why, and made again.
 */
final class DataPrep {
  /** Prefix of the folder a tool writes into before its output is renamed into place. */
  static final String PARTIAL = "_partial-";

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

  /** Where each step's seconds are recorded ({@link SuiteResults#loading()}). */
  void recordInto(SuiteResults r) {
    this.results = r;
  }

  /** The note of a folder's marker holding the seconds making it took. */
  static final String MADE_SECONDS = "made.seconds";

  private void record(LoadStep.Side side, String step, String copy, double seconds) {
    if (results != null) {
      results.loading().add(new LoadStep(side, step, copy, seconds, false));
    }
  }

  /**
   * Records STEP as reused from DIR, with the seconds its marker says making it took, unless this
   * run made it (a copy read by several variants).
   */
  private void recordReused(LoadStep.Side side, String step, String copy, Path dir) throws IOException {
    if (results == null || results.loading().stream().anyMatch(l -> step.equals(l.step()))) {
      return;
    }
    Properties marker = CompleteOutput.read(fs, dir);
    String made = marker == null ? null : CompleteOutput.note(marker, MADE_SECONDS);
    if (made == null) {
      // the reports say the time is unknown; the notice says how to have it measured
      results.notices().add(side.label() + ": " + dir + " was made by an earlier run that did not time it, so the time of '"
          + step + "' is unknown; delete the folder and the next run makes and times it");
    }
    results.loading().add(new LoadStep(side, step, copy, made == null ? Double.NaN : Double.parseDouble(made), true));
  }

  /** The name cells and loading steps give the copy of TABLE that INPUT reads (a folder under the set). */
  static String copyName(JobVariant.Input input, String table) {
    return folder(input) + "/" + table;
  }

  private static String folder(JobVariant.Input input) {
    switch (input) {
      case TEXT:
        return "text";
      case KVSF:
        return "kvsf";
      case LOADED_KVSF_BY_KEY:
        return "loaded-kvsf-by-key";
      default:
        return "loaded-" + loadFormat(input);
    }
  }

  private static String loadFormat(JobVariant.Input input) {
    return input == JobVariant.Input.LOADED_TEXT ? "text"
        : input == JobVariant.Input.LOADED_KVSF || input == JobVariant.Input.LOADED_KVSF_BY_KEY ? "kvsf" : "bdbtree";
  }

  /**
   * Bytes per page of the copies sorted and indexed on their key ({@link JobVariant.Input#LOADED_KVSF_BY_KEY}):
   * a lookup reads and decodes the one page that may hold its key, so pages are small.
   */
  static final int KEY_PAGE_BYTES = 8192;

  Path setDir() {
    return set;
  }

  FileSystem fs() {
    return fs;
  }

  /**
   * Generates the set unless a complete one of this scale and seed with all of TABLES is there (a
   * set with fewer tables is generated again with the union of both).
   */
  void ensureSet(Collection<String> tables) throws Exception {
    Set<String> have = tablesOfSet();
    if (have.containsAll(tables)) {
      progress.println("data: reusing " + set + " (complete, tables " + have + ")");
      recordReused(LoadStep.Side.SET, "generate " + String.join(", ", have), null, set);
      return;
    }
    Set<String> all = new TreeSet<>(have);
    all.addAll(tables);
    Configuration c = new Configuration(conf);
    PavloGenerator.setTables(c, all.toArray(new String[0]));
    try {
      record(LoadStep.Side.SET, "generate " + String.join(", ", all), null,
          make(set, "generating the Pavlo set (scale " + PavloGenerator.getScale(conf) + ", seed " + PavloGenerator.getSeed(conf)
          + ", " + String.join(", ", all) + ") in " + set, new PavloGenerator(System.err), c));
    } catch (Exception e) {
      // A half-written set (a full disk, a failed task) is never reused (it has no marker), and
      // removing it now gives its space back.
      fs.delete(partial(set), true);
      throw new IllegalStateException("generating the set in " + set + " failed, the partial set is removed: " + e, e);
    }
  }

  /**
   * The tables of the complete set in place with this scale and seed (none if there is none; an
   * incomplete one is discarded here, with its derived copies).
   */
  private Set<String> tablesOfSet() throws IOException {
    Set<String> tables = new TreeSet<>();
    Map<String, String> want = new TreeMap<>();
    want.put("scale", Double.toString(PavloGenerator.getScale(conf)));
    want.put("seed", Long.toString(PavloGenerator.getSeed(conf)));
    if (reusable(set, want)) {
      Properties marker = CompleteOutput.read(fs, set);
      tables.addAll(Arrays.asList(CompleteOutput.param(marker, "tables").split(",")));
    }
    return tables;
  }

  /** The copy of TABLE that INPUT names, made now if missing. */
  Path input(JobVariant.Input input, String table) throws Exception {
    Path text = new Path(set, table);
    switch (input) {
      case TEXT:
        return text;
      case KVSF: {
        Path out = new Path(set, copyName(input, table));
        Configuration c = new Configuration(conf);
        String step = "convert " + table + " to kvsf";
        if (!reusable(out, KvsfConvert.parameters(c, Schema.forName(table), text))) {
          TaskJars.ship(c, TaskJars.INPUTFORMATS);
          LoadSettings.apply(c);
          record(LoadStep.Side.HADOOPOPT, step, copyName(input, table),
              make(out, "converting " + table + " to KeyValueSequenceFiles", new KvsfConvert(), c, table, text.toString()));
        } else {
          recordReused(LoadStep.Side.HADOOPOPT, step, copyName(input, table), out);
        }
        return out;
      }
      case LOADED_TEXT:
      case LOADED_KVSF:
      case LOADED_KVSF_BY_KEY:
      case LOADED_BDBTREE: {
        String format = loadFormat(input);
        Path out = new Path(set, copyName(input, table));
        String partitions = Integer.toString(SuiteOptions.getPartitions(conf));
        Configuration c = new Configuration(conf);
        c.set(LoadJob.TABLE, table);
        c.set(LoadJob.PARTITIONS, partitions);
        c.set(LoadJob.FORMAT, format);
        String step = "load " + table + " (" + format + ", partitioned, indexed)";
        if (input == JobVariant.Input.LOADED_KVSF_BY_KEY) {
          String key = LoadJob.partitionColumn(c);
          c.set(LoadJob.INDEX_COLUMN, key);
          c.setInt(LoadJob.PAGE_SIZE, KEY_PAGE_BYTES);
          step = "load " + table + " (" + format + ", partitioned, sorted and indexed on " + key + ", "
              + KEY_PAGE_BYTES / 1024 + " KB pages)";
        }
        if (!reusable(out, LoadJob.parameters(c, text))) {
          TaskJars.ship(c, TaskJars.INPUTFORMATS);
          LoadSettings.apply(c);
          record(LoadStep.Side.HADOOPOPT, step, copyName(input, table),
              make(out, "loading " + table + " (" + format + ", " + partitions + " partitions, indexed on "
              + c.get(LoadJob.INDEX_COLUMN, "the default column") + ")", programs.tool("load"), c, text.toString()));
        } else {
          recordReused(LoadStep.Side.HADOOPOPT, step, copyName(input, table), out);
        }
        return out;
      }
      default:
        throw new IllegalArgumentException("no input " + input);
    }
  }

  /**
   * True if DIR is complete and made with PARAMS; otherwise it is deleted (with a partial folder
   * a killed run left for it), saying why.
   */
  private boolean reusable(Path dir, Map<String, String> params) throws IOException {
    Path partial = partial(dir);
    if (fs.exists(partial)) {
      progress.println("data: discarding " + partial + ", the partial output of a run that did not finish");
      fs.delete(partial, true);
    }
    if (!fs.exists(dir)) {
      return false;
    }
    String why = CompleteOutput.check(fs, dir, params);
    if (why == null) {
      return true;
    }
    progress.println("data: discarding " + dir + " and making it again: " + why);
    fs.delete(dir, true);
    return false;
  }

  private static Path partial(Path dir) {
    return new Path(dir.getParent(), PARTIAL + dir.getName());
  }

  /**
   * Runs TOOL with ARGS and the output folder last into DIR's partial folder, and renames it into
   * place; returns the tool's seconds.
   */
  private double make(Path dir, String what, Tool tool, Configuration c, String... args) throws Exception {
    Path partial = partial(dir);
    fs.delete(partial, true);
    fs.delete(dir, true);
    fs.mkdirs(dir.getParent());
    String[] all = Arrays.copyOf(args, args.length + 1);
    all[args.length] = partial.toString();
    double seconds = run(what, tool, c, all);
    if (CompleteOutput.read(fs, partial) == null) {
      throw new IllegalStateException(what + ": the tool finished without writing " + CompleteOutput.FILE + " into " + partial);
    }
    // a later run reusing the folder reports what making it took
    CompleteOutput.note(fs, partial, MADE_SECONDS, Double.toString(seconds));
    if (!fs.rename(partial, dir)) {
      throw new IOException("cannot rename " + partial + " to " + dir);
    }
    return seconds;
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
