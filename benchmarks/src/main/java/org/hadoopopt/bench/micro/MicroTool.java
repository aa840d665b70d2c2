package org.hadoopopt.bench.micro;

import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.Tool;
import org.hadoopopt.bench.pavlo.HadoopOptKeys;
import org.hadoopopt.bench.tools.ToolArgs;

/**
 * The command line of the cluster micro-benchmarks ({@code PROGRAM [--option value].. [--rounds R]
 * [--out FILE.json] WORK}): each option only sets its key, so {@code -D} does the same; then the
 * program measures, writes its JSON result and prints its table. A usage error exits with 2.
 */
abstract class MicroTool extends Configured implements Tool {
  /** A program's measurement: with the configuration's keys, its data in the given folder. */
  interface Measure {
    MicroResult run(Configuration conf, Path data) throws Exception;
  }

  private final String name;
  private final String usage;
  private final Measure measure;
  private final Map<String, String> keys = new LinkedHashMap<>();
  private String[] needs;

  /**
   * @param name the program's name: its result file ({@code NAME.json}) and data folder
   * @param optionsAndKeys pairs of an option (without "--") and the key it sets; {@code --rounds}
   *     and {@code --out} are added
   */
  MicroTool(String name, String usage, Measure measure, String... optionsAndKeys) {
    this.name = name;
    this.usage = usage;
    this.measure = measure;
    for (int i = 0; i < optionsAndKeys.length; i += 2) {
      keys.put(optionsAndKeys[i], optionsAndKeys[i + 1]);
    }
    keys.put("rounds", MicroOptions.ROUNDS);
    keys.put("out", MicroOptions.OUT);
  }

  /** The program cannot run without CLASS_NAME (from WHERE), and says so naming WHAT it runs. */
  final void needs(String what, String className, String where) {
    needs = new String[] {what, className, where};
  }

  /** The folder under WORK the program keeps its data in. */
  Path data(Path work) {
    return new Path(work, name);
  }

  @Override
  public final int run(String[] args) throws Exception {
    Configuration conf = getConf();
    ToolArgs a;
    try {
      a = ToolArgs.parse(args, new ArrayList<>(keys.keySet()), ToolArgs.names(), 1);
    } catch (ToolArgs.UsageException e) {
      System.err.println(e.getMessage() + "\nusage: " + usage);
      return 2;
    }
    for (Map.Entry<String, String> k : keys.entrySet()) {
      if (a.get(k.getKey()) != null) {
        conf.set(k.getValue(), a.get(k.getKey()));
      }
    }
    String missing = needs == null ? null : HadoopOptKeys.missing(needs[1], needs[2]);
    if (missing != null) {
      throw new IllegalStateException("cannot run " + needs[0] + ": " + missing);
    }
    MicroResult result = measure.run(conf, data(new Path(a.positional(0))));
    File out = MicroOptions.out(conf, name);
    result.write(out);
    System.out.print(result.table());
    System.out.println("wrote " + out);
    return 0;
  }
}
