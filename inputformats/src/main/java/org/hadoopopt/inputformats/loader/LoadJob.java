package org.hadoopopt.inputformats.loader;

import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.inputformats.index.KeyType;
import org.hadoopopt.inputformats.kvsf.KvsfLayout;
import org.hadoopopt.inputformats.mapreduce.CompleteOutput;
import org.hadoopopt.inputformats.mapreduce.CountedOutputFormat;
import org.hadoopopt.inputformats.mapreduce.KvsfOutputFormat;
import org.hadoopopt.inputformats.record.Schema;

/**
 * The loader: hash-partitions a '|' text table on a partition column into n files
 * {@code OUT/part-00000..}, each sorted on an index column, written in pages ('|' text or
 * KeyValueSequenceFile) with its range index {@code OUT/_part-NNNNN.idx} beside it, or as one
 * Berkeley DB JE B+-tree per partition ({@code bdbtree}: {@code OUT/part-NNNNN.jdb}, see
 * {@link org.hadoopopt.inputformats.btree.TreeLayout}).
 *
 * <pre>load --table rankings|uservisits|SPEC --partitions N [--format text|kvsf|bdbtree] [--page-size B]
 *      [--partition-column C] [--index-column C] IN OUT</pre>
 *
 * SPEC is any other table, {@code name(column:TYPE,...)} ({@link Schema#parse}); the index and
 * sidecars record it, and the {@code Schema*InputFormat}s read it back under
 * {@code hadoopopt.input.schema}. Defaults: Rankings partitioned on pageURL, indexed on pageRank;
 * UserVisits on destURL and visitDate, so the two tables loaded with the same n are co-partitioned
 * on the join key; any other table on its first column.
 * When the job succeeds the tool writes {@link CompleteOutput}'s marker into OUT, last, with
 * {@link #parameters} and the rows read and written.
 */
public class LoadJob extends Configured implements Tool {
  /** The table loaded: {@code rankings}, {@code uservisits} or a spec {@code name(column:TYPE,...)}; no default, required. */
  public static final String TABLE = "hadoopopt.input.loader.table";
  /** Number of partitions = output files = reducers; no default, required, at least 1. */
  public static final String PARTITIONS = "hadoopopt.input.loader.partitions";
  /** Column hashed to choose the partition; default pageURL (Rankings), destURL (UserVisits), else the first column. */
  public static final String PARTITION_COLUMN = "hadoopopt.input.loader.partition.column";
  /** Column each file is sorted and indexed on; default pageRank (Rankings), visitDate (UserVisits), else the first column. */
  public static final String INDEX_COLUMN = "hadoopopt.input.loader.index.column";
  /**
   * Data format written: {@code text} ('|' lines, default), {@code kvsf} (KeyValueSequenceFile, codec
   * hadoopopt.input.kvsf.codec) or {@code bdbtree} (a Berkeley DB JE B+-tree per partition, no range index).
   */
  public static final String FORMAT = "hadoopopt.input.loader.format";
  /**
   * Bytes per index page (text pages hold whole lines; KVSF pages are the file's pages); default
   * 131072, 64 .. 1073741824 (1 GiB), suffixes k, m, g allowed ({@code 128m}: the research's pages).
   * A KVSF page must also fit in half the loading task's heap.
   */
  public static final String PAGE_SIZE = "hadoopopt.input.index.page.bytes";

  public static void setTable(Configuration conf, Schema table) {
    conf.set(TABLE, table.spec());
  }

  public static void setPartitions(Configuration conf, int n) {
    conf.setInt(PARTITIONS, n);
    getPartitions(conf);
  }

  public static void setFormat(Configuration conf, boolean kvsf) {
    conf.set(FORMAT, kvsf ? "kvsf" : "text");
  }

  /** The formats the loader writes. */
  public enum Format { TEXT, KVSF, BDBTREE }

  public static void setFormat(Configuration conf, Format format) {
    conf.set(FORMAT, format.name().toLowerCase(Locale.ROOT));
  }

  public static void setPageSize(Configuration conf, int bytes) {
    conf.setInt(PAGE_SIZE, bytes);
    getPageSize(conf);
  }

  public static void setColumns(Configuration conf, String partitionColumn, String indexColumn) {
    conf.set(PARTITION_COLUMN, partitionColumn);
    conf.set(INDEX_COLUMN, indexColumn);
  }

  static Schema getTable(Configuration conf) {
    String t = conf.getTrimmed(TABLE);
    if (t == null) {
      throw new IllegalArgumentException(TABLE + " is not set: the loader needs the table (rankings, uservisits or a spec name(column:TYPE,...))");
    }
    try {
      return Schema.forName(t);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(TABLE + ": " + e.getMessage(), e);
    }
  }

  static int getPartitions(Configuration conf) {
    String v = conf.getTrimmed(PARTITIONS);
    try {
      int n = Integer.parseInt(v);
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(PARTITIONS + " must be a whole number >= 1, not '" + v + "'");
  }

  static boolean isKvsf(Configuration conf) {
    return getFormat(conf) == Format.KVSF;
  }

  static Format getFormat(Configuration conf) {
    String f = conf.getTrimmed(FORMAT, "text");
    try {
      return Format.valueOf(f.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(FORMAT + " must be text, kvsf or bdbtree, not '" + f + "'");
    }
  }

  static int getPageSize(Configuration conf) {
    String v = conf.getTrimmed(PAGE_SIZE, Integer.toString(KvsfLayout.DEFAULT_PAGE_SIZE));
    long bytes = parseBytes(v);
    if (bytes < 0) {
      throw new IllegalArgumentException(PAGE_SIZE + " must be a number of bytes (suffix k, m or g allowed), not '" + v + "'");
    }
    if (bytes > KvsfLayout.MAX_PAGE_SIZE) {
      throw new IllegalArgumentException(PAGE_SIZE + " = " + v + ": a page size must be between "
          + KvsfLayout.MIN_PAGE_SIZE + " and " + KvsfLayout.MAX_PAGE_SIZE + " bytes");
    }
    return KvsfLayout.checkPageSize((int) bytes, PAGE_SIZE);
  }

  /** A whole number of bytes with an optional k/m/g suffix (powers of 1024); -1 if it is not one. */
  static long parseBytes(String v) {
    if (v == null || v.isEmpty()) {
      return -1;
    }
    char last = Character.toLowerCase(v.charAt(v.length() - 1));
    int shift = last == 'k' ? 10 : last == 'm' ? 20 : last == 'g' ? 30 : 0;
    String digits = shift == 0 ? v : v.substring(0, v.length() - 1);
    if (digits.isEmpty() || digits.length() > 12 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return -1;
    }
    return Long.parseLong(digits) << shift;
  }

  /** The column the table is partitioned on ({@link #PARTITION_COLUMN}, or the table's default). */
  public static String partitionColumn(Configuration conf) {
    Schema s = getTable(conf);
    return s.fieldName(partitionField(conf, s));
  }

  static int partitionField(Configuration conf, Schema s) {
    String pavlo = s == Schema.RANKINGS ? "pageURL" : s == Schema.USER_VISITS ? "destURL" : s.fieldName(0);
    return field(s, PARTITION_COLUMN, conf.getTrimmed(PARTITION_COLUMN, pavlo));
  }

  static int indexField(Configuration conf, Schema s) {
    String pavlo = s == Schema.RANKINGS ? "pageRank" : s == Schema.USER_VISITS ? "visitDate" : s.fieldName(0);
    int f = field(s, INDEX_COLUMN, conf.getTrimmed(INDEX_COLUMN, pavlo));
    try {
      KeyType.of(s.type(f), s.fieldName(f));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(INDEX_COLUMN + ": " + e.getMessage(), e);
    }
    return f;
  }

  private static int field(Schema s, String key, String column) {
    for (int i = 0; i < s.fieldCount(); i++) {
      if (s.fieldName(i).equals(column)) {
        return i;
      }
    }
    throw new IllegalArgumentException(key + " = '" + column + "': no such column in " + s);
  }

  /** Builds (does not submit) the load job; every key is checked here, before any task runs. */
  public static Job createJob(Configuration conf, Path in, Path out) throws IOException {
    Schema table = getTable(conf);
    int n = getPartitions(conf);
    partitionField(conf, table);
    indexField(conf, table);
    Format format = getFormat(conf);
    getPageSize(conf);
    org.hadoopopt.inputformats.mapreduce.BadRows.isSkipBad(conf); // a bad value fails here, naming the key
    Job job = Job.getInstance(conf, "load " + table.name() + " into " + n + " partitions");
    job.setJarByClass(LoadJob.class);
    job.setInputFormatClass(TextInputFormat.class);
    job.setMapperClass(LoadMapper.class);
    job.setPartitionerClass(LoadPartitioner.class);
    job.setNumReduceTasks(n);
    job.setMapOutputKeyClass(BytesWritable.class);
    job.setMapOutputValueClass(Text.class);
    job.setOutputKeyClass(BytesWritable.class);
    job.setOutputValueClass(Text.class);
    // Through CountedOutputFormat: the same files and committer, without ReduceTask's walk of the
    // file-system statistics around every row written (a tenth of the load's samples, profiled).
    CountedOutputFormat.wrap(job, format == Format.BDBTREE ? LoadedTreeOutputFormat.class : LoadedOutputFormat.class);
    FileInputFormat.addInputPath(job, in);
    FileOutputFormat.setOutputPath(job, out);
    return job;
  }

  /** What the output depends on, as recorded in its completeness marker (every key checked). */
  public static Map<String, String> parameters(Configuration conf, Path in) {
    Schema table = getTable(conf);
    Map<String, String> p = new TreeMap<>();
    p.put("table", table.name());
    p.put("input", in.toString());
    p.put("partitions", Integer.toString(getPartitions(conf)));
    p.put("format", getFormat(conf).name().toLowerCase(Locale.ROOT));
    p.put("page.size", Integer.toString(getPageSize(conf)));
    p.put("partition.column", table.fieldName(partitionField(conf, table)));
    p.put("index.column", table.fieldName(indexField(conf, table)));
    p.put("codec", conf.get(KvsfOutputFormat.CODEC, "tuple"));
    p.put("skip.bad", Boolean.toString(org.hadoopopt.inputformats.mapreduce.BadRows.isSkipBad(conf)));
    return p;
  }

  /** The command line, as the benchmarks jar's driver lists it. */
  public static final String USAGE = "load --table rankings|uservisits|SPEC --partitions N [--format text|kvsf|bdbtree] [--page-size B]"
      + " [--partition-column C] [--index-column C] IN OUT";

  @Override
  public int run(String[] args) throws Exception {
    Configuration conf = new Configuration(getConf());
    String[] paths = new String[2];
    int np = 0;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      String key = null;
      switch (a) {
        case "--table": key = TABLE; break;
        case "--partitions": key = PARTITIONS; break;
        case "--format": key = FORMAT; break;
        case "--page-size": key = PAGE_SIZE; break;
        case "--partition-column": key = PARTITION_COLUMN; break;
        case "--index-column": key = INDEX_COLUMN; break;
        default:
          if (a.startsWith("--") || np == 2) {
            System.err.println("unexpected argument " + a + "\nusage: " + USAGE);
            return 2;
          }
          paths[np++] = a;
      }
      if (key != null) {
        if (i + 1 >= args.length) {
          System.err.println(a + " needs a value\nusage: " + USAGE);
          return 2;
        }
        conf.set(key, args[++i]);
      }
    }
    if (np != 2) {
      System.err.println("expected IN and OUT\nusage: " + USAGE);
      return 2;
    }
    Path in = new Path(paths[0]);
    Path out = new Path(paths[1]);
    Job job = createJob(conf, in, out);
    if (!job.waitForCompletion(true)) {
      return 1;
    }
    Map<String, Long> counts = new TreeMap<>();
    counts.put("rows.read", job.getCounters().findCounter(TaskCounter.MAP_INPUT_RECORDS).getValue());
    counts.put("rows", job.getCounters().findCounter(TaskCounter.REDUCE_OUTPUT_RECORDS).getValue());
    CompleteOutput.write(out.getFileSystem(conf), out, "load", parameters(conf, in), counts);
    return 0;
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new LoadJob(), args));
  }
}
