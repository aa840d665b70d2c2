package org.hadoopopt.bench.pavlo.gen;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.tools.ConfValues;
import org.hadoopopt.bench.tools.Jobs;
import org.hadoopopt.bench.tools.ToolArgs;
import org.hadoopopt.inputformats.mapreduce.CompleteOutput;

/**
 * {@code gen [--scale S] [--seed N] [--maps M] [--tables t,...] [--stats] OUT}: writes OUT/grep,
 * OUT/rankings, OUT/uservisits and OUT/documents with a map-only job, one file per map and table
 * (file order = row order), plus OUT/_pavlo-set.properties describing the set, and last
 * {@link CompleteOutput}'s marker with {@link #parameters} and each table's rows: a set without
 * it was not finished.
 */
public final class PavloGenerator extends Configured implements Tool {
  /** {@code hadoopopt.bench.gen.scale}, default 0.001: 1.0 is one node of the original benchmark. */
  public static final String SCALE = "hadoopopt.bench.gen.scale";
  /** {@code hadoopopt.bench.gen.seed}, default 42: same seed and scale, same bytes. */
  public static final String SEED = "hadoopopt.bench.gen.seed";
  /** {@code hadoopopt.bench.gen.maps}, default 2: map tasks (= files per table). */
  public static final String MAPS = "hadoopopt.bench.gen.maps";
  /** {@code hadoopopt.bench.gen.tables}, default all four: a comma-separated subset to write. */
  public static final String TABLES = "hadoopopt.bench.gen.tables";
  /**
   * {@code hadoopopt.bench.gen.rankings.ranks}, default {@code pavlo}: how Rankings' pageRank is
   * drawn; {@code sweep} gives the research's selectivity sweep ({@code pageRank > 10, > 7, > 3, > 0}
   * select 0.2%, 2.6%, 23%, 100%; see {@link RankDistribution}).
   */
  public static final String RANKS = "hadoopopt.bench.gen.rankings.ranks";
  /** The set's description, written beside the tables (hidden from FileInputFormat by the '_'). */
  public static final String SET_FILE = "_pavlo-set.properties";

  private final PrintStream report;

  public PavloGenerator() {
    this(System.out);
  }

  /** @param report where the row counts (and --stats) are printed */
  public PavloGenerator(PrintStream report) {
    this.report = report;
  }

  public static final String USAGE = "gen [--scale S] [--seed N] [--maps M] [--tables grep,rankings,uservisits,documents] [--ranks pavlo|sweep] [--stats] OUT";

  public static void setScale(Configuration conf, double scale) {
    conf.set(SCALE, Double.toString(scale));
  }

  public static double getScale(Configuration conf) {
    String v = conf.getTrimmed(SCALE, "0.001");
    double s;
    try {
      s = Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(SCALE + " must be a number, not '" + v + "'");
    }
    if (!(s > 0) || Double.isInfinite(s)) {
      throw new IllegalArgumentException(SCALE + " must be positive, not " + v);
    }
    return s;
  }

  public static void setSeed(Configuration conf, long seed) {
    conf.setLong(SEED, seed);
  }

  public static long getSeed(Configuration conf) {
    return ConfValues.getLong(conf, SEED, 42, Long.MIN_VALUE);
  }

  public static void setMaps(Configuration conf, int maps) {
    conf.setInt(MAPS, maps);
  }

  public static int getMaps(Configuration conf) {
    return ConfValues.getInt(conf, MAPS, 2, 1);
  }

  public static void setRanks(Configuration conf, RankDistribution ranks) {
    conf.set(RANKS, ranks.name().toLowerCase(Locale.ROOT));
  }

  public static RankDistribution getRanks(Configuration conf) {
    return RankDistribution.parse(conf.get(RANKS, "pavlo"), RANKS);
  }

  public static void setTables(Configuration conf, String... tables) {
    conf.set(TABLES, String.join(",", tables));
  }

  public static List<String> getTables(Configuration conf) {
    String[] names = conf.getTrimmedStrings(TABLES, PavloTables.ALL.toArray(new String[0]));
    for (String n : names) {
      if (!PavloTables.ALL.contains(n)) {
        throw new IllegalArgumentException(TABLES + ": unknown table '" + n + "'; known: " + PavloTables.ALL);
      }
    }
    return Arrays.asList(names);
  }

  /**
   * About how many bytes TABLE takes as text at the configured scale (rows times the mean row
   * length of generated sets), for checking free space before generating; fails like the
   * generator when the scale is too small to give Rankings a row.
   */
  public static long estimateBytes(Configuration conf, String table) {
    double scale = getScale(conf);
    PavloTables.create(getSeed(conf), scale, Arrays.asList(table));
    switch (table) {
      case "grep":
        return PavloTables.rows(GrepTable.ROWS_AT_SCALE_1, scale) * 103;
      case "rankings":
        return PavloTables.rows(RankingsTable.ROWS_AT_SCALE_1, scale) * 59;
      case "uservisits":
        return PavloTables.rows(UserVisitsTable.ROWS_AT_SCALE_1, scale) * 143;
      case "documents":
        return PavloTables.rows(DocumentsTable.ROWS_AT_SCALE_1, scale) * 1546;
      default:
        throw new IllegalArgumentException(TABLES + ": unknown table '" + table + "'; known: " + PavloTables.ALL);
    }
  }

  static List<PavloTable> tables(Configuration conf) {
    return PavloTables.create(getSeed(conf), getScale(conf), getTables(conf), getRanks(conf));
  }

  /** What the set depends on, as recorded in its completeness marker (tables sorted, comma-separated). */
  public static Map<String, String> parameters(Configuration conf) {
    Map<String, String> p = new TreeMap<>();
    p.put("scale", Double.toString(getScale(conf)));
    p.put("seed", Long.toString(getSeed(conf)));
    p.put("maps", Integer.toString(getMaps(conf)));
    p.put("tables", String.join(",", new TreeSet<>(getTables(conf))));
    if (getRanks(conf) != RankDistribution.PAVLO) {
      p.put("rankings.ranks", getRanks(conf).name().toLowerCase(Locale.ROOT)); // absent for the default: old sets stay valid
    }
    return p;
  }

  @Override
  public int run(String[] args) throws Exception {
    ToolArgs a;
    try {
      a = ToolArgs.parse(args, ToolArgs.names("scale", "seed", "maps", "tables", "ranks"), ToolArgs.names("stats"), 1);
    } catch (ToolArgs.UsageException e) {
      System.err.println(e.getMessage() + "\nusage: " + USAGE);
      return 2;
    }
    Configuration conf = new Configuration(getConf());
    if (a.has("scale")) {
      conf.set(SCALE, a.get("scale"));
    }
    if (a.has("seed")) {
      conf.set(SEED, a.get("seed"));
    }
    if (a.has("maps")) {
      conf.set(MAPS, a.get("maps"));
    }
    if (a.has("tables")) {
      conf.set(TABLES, a.get("tables"));
    }
    if (a.has("ranks")) {
      conf.set(RANKS, a.get("ranks"));
    }
    List<PavloTable> tables = tables(conf); // validates every key before submitting
    Path out = new Path(a.positional(0));

    Job job = Job.getInstance(conf, String.format(Locale.ROOT, "pavlo-gen scale %s seed %d", getScale(conf), getSeed(conf)));
    job.setJarByClass(PavloGenerator.class);
    job.setInputFormatClass(GenInputFormat.class);
    job.setMapperClass(GenMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(NullWritable.class);
    job.setOutputValueClass(NullWritable.class);
    job.setSpeculativeExecution(false); // each attempt writes whole files; one is enough
    LazyOutputFormat.setOutputFormatClass(job, TextOutputFormat.class);
    FileOutputFormat.setOutputPath(job, out);
    Jobs.run(job);

    Properties p = new Properties();
    Map<String, Long> counts = new TreeMap<>();
    p.setProperty("scale", Double.toString(getScale(conf)));
    p.setProperty("seed", Long.toString(getSeed(conf)));
    p.setProperty("maps", Integer.toString(getMaps(conf)));
    if (getRanks(conf) != RankDistribution.PAVLO) {
      p.setProperty("rankings.ranks", getRanks(conf).name().toLowerCase(Locale.ROOT));
    }
    for (PavloTable t : tables) {
      p.setProperty(t.name() + ".rows", Long.toString(t.rows));
      counts.put(t.name() + ".rows", t.rows);
      report.printf(Locale.ROOT, "%-11s %,14d rows%n", t.name(), t.rows);
    }
    try (OutputStream o = out.getFileSystem(conf).create(new Path(out, SET_FILE), false)) {
      p.store(o, "Pavlo benchmark data set");
    }
    CompleteOutput.write(out.getFileSystem(conf), out, "gen", parameters(conf), counts);
    if (a.has("stats")) {
      PavloStats.measure(out.getFileSystem(conf), out).print(report);
    }
    return 0;
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new PavloGenerator(), args));
  }
}
