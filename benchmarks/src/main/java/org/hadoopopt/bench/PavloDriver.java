package org.hadoopopt.bench;

import org.apache.hadoop.util.ProgramDriver;
import org.hadoopopt.bench.pavlo.jobs.IndexBench;
import org.hadoopopt.bench.pavlo.gen.PavloGenerator;
import org.hadoopopt.bench.pavlo.gen.PavloStats;
import org.hadoopopt.bench.pavlo.jobs.AggregationJob;
import org.hadoopopt.bench.pavlo.jobs.GrepJob;
import org.hadoopopt.bench.pavlo.jobs.JoinJob;
import org.hadoopopt.bench.pavlo.jobs.SelectionJob;
import org.hadoopopt.bench.pavlo.jobs.UdfJob;
import org.hadoopopt.bench.suite.SuiteTool;
import org.hadoopopt.inputformats.loader.LoadJob;
import org.hadoopopt.inputformats.mapreduce.KvsfConvert;

/**
 * The benchmark jar's Main-Class: {@code hadoop jar hadoopopt-benchmarks-*.jar PROGRAM [-D...] ARGS}.
 * Each program's line is its own usage constant, so the list cannot fall behind the programs. A
 * class name after the jar is not a way in (the manifest's main class wins): every program the jar
 * offers is listed here, the text-to-KVSF conversion of inputformats too.
 */
public final class PavloDriver {
  private PavloDriver() {}

  public static ProgramDriver programs() throws Throwable {
    ProgramDriver d = new ProgramDriver();
    d.addClass("gen", PavloGenerator.class, "Pavlo data generator: " + PavloGenerator.USAGE);
    d.addClass("stats", PavloStats.class, "statistics of a generated set against the targets: stats SET");
    d.addClass("grep", GrepJob.class, "Grep task: " + GrepJob.USAGE);
    d.addClass("selection", SelectionJob.class, "Selection task: " + SelectionJob.USAGE);
    d.addClass("aggregation", AggregationJob.class, "Aggregation task: " + AggregationJob.USAGE);
    d.addClass("join", JoinJob.class, "Join task: " + JoinJob.USAGE);
    d.addClass("udf", UdfJob.class, "UDF aggregation task (inlinks): " + UdfJob.USAGE);
    d.addClass("load", LoadJob.class, "partition, sort and index a table: " + LoadJob.USAGE);
    d.addClass("convert", KvsfConvert.class, "text table to KeyValueSequenceFile: convert " + KvsfConvert.USAGE);
    d.addClass("indexbench", IndexBench.class, "index benchmark (load, selection/aggregation mt vs mti, join baseline vs"
        + " partition, side by side): " + IndexBench.USAGE);
    d.addClass("suite", SuiteTool.class, "the benchmark suite: " + SuiteTool.USAGE);
    return d;
  }

  public static void main(String[] args) throws Throwable {
    System.exit(programs().run(args));
  }
}
