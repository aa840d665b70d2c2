package org.hadoopopt.bench.pavlo;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.inputformats.loader.LoadJob;
import org.hadoopopt.inputformats.record.Schema;

/**
 * The benchmark jar's {@code load}: inputformats' {@link LoadJob}, taking a Pavlo table by name
 * ({@link PavloSchema#table}) and loading it on its own columns unless told: Rankings partitioned on
 * pageURL and indexed on pageRank, UserVisits on destURL and visitDate, so the two loaded with the
 * same n are co-partitioned on the join key; any other table on its first column.
 */
public final class PavloLoad extends Configured implements Tool {
  /** The command line, as the benchmark jar's driver lists it. */
  public static final String USAGE = "load --table rankings|uservisits|SPEC --partitions N [--format text|kvsf|bdbtree]"
      + " [--page-size B] [--partition-column C] [--index-column C] IN OUT";

  /**
   * Sets {@link LoadJob#TABLE} to the spec of the table it names and the partition and index
   * columns not set to the table's ({@link PavloSchema#partitionColumn}, {@link PavloSchema#indexColumn});
   * no table set is left to {@link LoadJob} to report.
   *
   * @throws IllegalArgumentException naming the key when the table is unknown
   */
  public static void configure(Configuration conf) {
    String name = conf.getTrimmed(LoadJob.TABLE);
    if (name == null || name.isEmpty()) {
      return;
    }
    Schema table;
    try {
      table = PavloSchema.table(name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(LoadJob.TABLE + ": " + e.getMessage(), e);
    }
    conf.set(LoadJob.TABLE, table.spec());
    if (conf.getTrimmed(LoadJob.PARTITION_COLUMN) == null) {
      conf.set(LoadJob.PARTITION_COLUMN, PavloSchema.partitionColumn(table));
    }
    if (conf.getTrimmed(LoadJob.INDEX_COLUMN) == null) {
      conf.set(LoadJob.INDEX_COLUMN, PavloSchema.indexColumn(table));
    }
  }

  @Override
  public int run(String[] args) throws Exception {
    Configuration conf = new Configuration(getConf());
    String[] a = args.clone();
    int tableAt = -1;
    for (int i = 0; i + 1 < a.length; i++) {
      if (a[i].equals("--table")) {
        tableAt = i + 1;
        conf.set(LoadJob.TABLE, a[tableAt]);
      }
    }
    configure(conf);
    if (tableAt >= 0) {
      a[tableAt] = conf.get(LoadJob.TABLE);
    }
    LoadJob load = new LoadJob();
    load.setConf(conf);
    return load.run(a);
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new PavloLoad(), args));
  }
}
