package org.hadoopopt.bench.pavlo;

import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.inputformats.mapreduce.KvsfConvert;
import org.hadoopopt.inputformats.mapreduce.KvsfOutputFormat;

/** The benchmark jar's {@code convert}: inputformats' {@link KvsfConvert}, taking a Pavlo table by name ({@link PavloSchema#table}). */
public final class PavloConvert extends Configured implements Tool {
  /** The command line (after the driver's program name). */
  public static final String USAGE = "[-D " + KvsfOutputFormat.CODEC + "=tuple|writable|protobuf] [-D "
      + KvsfOutputFormat.PAGE_SIZE + "=BYTES] rankings|uservisits|'name(column:TYPE,...)' TEXT_IN KVSF_OUT";

  @Override
  public int run(String[] args) throws Exception {
    String[] a = args.clone();
    if (a.length == 3) {
      a[0] = PavloSchema.table(a[0]).spec();
    }
    KvsfConvert convert = new KvsfConvert();
    convert.setConf(getConf());
    return convert.run(a);
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new PavloConvert(), args));
  }
}
