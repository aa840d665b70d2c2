package org.hadoopopt.bench;

import org.apache.hadoop.util.ProgramDriver;
import org.hadoopopt.bench.pavlo.IndexBench;
import org.hadoopopt.bench.pavlo.gen.PavloGenerator;
import org.hadoopopt.bench.pavlo.gen.PavloStats;
import org.hadoopopt.bench.pavlo.jobs.AggregationJob;
import org.hadoopopt.bench.pavlo.jobs.GrepJob;
import org.hadoopopt.bench.pavlo.jobs.JoinJob;
import org.hadoopopt.bench.pavlo.jobs.SelectionJob;
import org.hadoopopt.bench.pavlo.jobs.UdfJob;
import org.hadoopopt.bench.suite.SuiteTool;
import org.hadoopopt.inputformats.loader.LoadJob;

/** The benchmark jar's Main-Class: {@code hadoop jar hadoopopt-benchmarks-*.jar PROGRAM [-D...] ARGS}. */
public final class PavloDriver {
  private PavloDriver() {}

  public static ProgramDriver programs() throws Throwable {
    ProgramDriver d = new ProgramDriver();
    d.addClass("gen", PavloGenerator.class,
        "Pavlo data generator: gen [--scale S] [--seed N] [--maps M] [--tables t,..] [--stats] OUT");
    d.addClass("stats", PavloStats.class, "statistics of a generated set against the targets: stats SET");
    d.addClass("grep", GrepJob.class, "baseline Grep task: grep [--pattern XYZ] IN OUT");
    d.addClass("selection", SelectionJob.class, "baseline Selection task: selection [--min-rank 10] RANKINGS OUT");
    d.addClass("aggregation", AggregationJob.class,
        "baseline Aggregation task: aggregation [--prefix N] [--from D] [--to D] USERVISITS OUT");
    d.addClass("join", JoinJob.class, "baseline Join task: join [--from D] [--to D] RANKINGS USERVISITS OUT");
    d.addClass("udf", UdfJob.class, "baseline UDF aggregation task (inlinks): udf DOCUMENTS OUT");
    d.addClass("load", LoadJob.class, "partition, sort and index a table: load --table rankings|uservisits --partitions N"
        + " [--format text|kvsf] [--page-size B] [--partition-column C] [--index-column C] IN OUT");
    d.addClass("indexbench", IndexBench.class, "index benchmark (load, selection/aggregation mt vs mti, join baseline vs"
        + " partition, side by side): indexbench [--rounds R] [--join-rounds J] [--partitions N] SET WORK");
    d.addClass("suite", SuiteTool.class, "the benchmark suite: " + SuiteTool.USAGE);
    return d;
  }

  public static void main(String[] args) throws Throwable {
    System.exit(programs().run(args));
  }
}
