package org.hadoopopt.bench.suite;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.report.ResultsMarkdown;
import org.hadoopopt.bench.results.SuiteResults;

/**
 * {@code summary [--growth BASE.json,...] --out FILE.md PART.json...}: the results file of a run made
 * in parts (one suite call per group of tasks, each with its own results.json), as the suite writes
 * it for a run made in one call ({@link ResultsMarkdown}); with {@code --growth}, the results.json of
 * a run at another scale (in parts too, comma-separated), the file also shows how each column's
 * time grew between the two scales.
 */
public final class SummaryTool extends Configured implements Tool {
  public static final String USAGE = "summary [--growth BASE.json,...] --out FILE.md PART.json...";

  @Override
  public int run(String[] args) throws Exception {
    String out = null;
    List<String> growth = new ArrayList<>();
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--out") && i + 1 < args.length) {
        out = args[++i];
      } else if (args[i].equals("--growth") && i + 1 < args.length) {
        growth.addAll(List.of(args[++i].split(",")));
      } else if (args[i].startsWith("--")) {
        System.err.println("unknown option " + args[i] + "\nusage: " + USAGE);
        return 2;
      } else {
        parts.add(args[i]);
      }
    }
    if (out == null || parts.isEmpty()) {
      System.err.println("usage: " + USAGE);
      return 2;
    }
    SuiteResults base = growth.isEmpty() ? null : ResultsMarkdown.merge(read(growth));
    Files.write(new File(out).toPath(), ResultsMarkdown.render(read(parts), base).getBytes(StandardCharsets.UTF_8));
    System.out.println("summary: " + out);
    return 0;
  }

  private static List<SuiteResults> read(List<String> files) throws Exception {
    List<SuiteResults> r = new ArrayList<>();
    for (String f : files) {
      r.add(ResultsJson.read(new String(Files.readAllBytes(new File(f).toPath()), StandardCharsets.UTF_8)));
    }
    return r;
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new SummaryTool(), args));
  }
}
