package org.hadoopopt.bench.micro;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;

/**
 * The one run skeleton of the part programs ({@code micro}, {@code reproduce}): parses the common
 * options, runs the selected parts one after another, each in its own JVM from the built jars (log
 * in OUT/logs/PART.log; the cluster parts through {@code bin/hadoop} against one shared HDFS+YARN,
 * {@link MicroCluster}), records each as ok, skipped (with the reason) or failed in the program's
 * status file ({@link MicroStatus}), and ends with the program's summary. A failed part does not
 * stop the others; the exit code is then 1.
 */
public final class PartRunner {
  /** Writes a program's summary files from its results folder; returns the text to print. */
  public interface Summary {
    String write(File out) throws IOException;
  }

  /** A part program: its name, parts, default folders (relative to the checkout) and summary. */
  public static final class Program {
    public final String name;
    final String title;
    public final List<MicroPart> parts;
    public final String defaultOut;
    final String defaultClusterDir;
    public final String statusFile;
    final Summary summary;

    public Program(String name, String title, List<MicroPart> parts, String defaultOut, String defaultClusterDir,
        String statusFile, Summary summary) {
      this.name = name;
      this.title = title;
      this.parts = parts;
      this.defaultOut = defaultOut;
      this.defaultClusterDir = defaultClusterDir;
      this.statusFile = statusFile;
      this.summary = summary;
    }

    String usage() {
      return name + " [--only PART,..] [--quick] [--out DIR] [--cluster embedded|CONF_DIR] [--cluster-dir DIR]"
          + " --home HADOOPOPT_HOME";
    }
  }

  private PartRunner() {}

  static Options options() {
    Options o = new Options();
    o.addOption(Option.builder().longOpt("only").hasArg().argName("PART,..").desc("parts to run (default: all)").build());
    o.addOption(Option.builder().longOpt("quick").desc("small sizes, one round").build());
    o.addOption(Option.builder().longOpt("out").hasArg().argName("DIR").desc("results folder").build());
    o.addOption(Option.builder().longOpt("cluster").hasArg().argName("embedded|CONF_DIR").desc("the cluster parts' HDFS+YARN").build());
    o.addOption(Option.builder().longOpt("cluster-dir").hasArg().argName("DIR").desc("the embedded cluster's folder").build());
    o.addOption(Option.builder().longOpt("home").hasArg().argName("DIR").required().desc("the HadoopOpt checkout").build());
    o.addOption(Option.builder("h").longOpt("help").desc("this text").build());
    return o;
  }

  /** Runs the program with its command line; returns the exit code. */
  public static int run(Program prog, String[] args) throws Exception {
    CommandLine cl;
    try {
      cl = new DefaultParser().parse(options(), args);
    } catch (ParseException e) {
      System.err.println(prog.name + ": " + e.getMessage());
      new HelpFormatter().printHelp(prog.usage(), options());
      return 2;
    }
    if (cl.hasOption("help") || !cl.getArgList().isEmpty()) {
      new HelpFormatter().printHelp(prog.usage(), partsText(prog), options(), "");
      return cl.hasOption("help") ? 0 : 2;
    }
    File home = new File(cl.getOptionValue("home")).getAbsoluteFile();
    List<MicroPart> selected;
    try {
      selected = select(prog, cl.getOptionValue("only"));
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      return 1;
    }
    String cluster = cl.getOptionValue("cluster", "embedded");
    if (!cluster.equals("embedded") && !new File(cluster, "core-site.xml").isFile()) {
      System.err.println(prog.name + ": --cluster " + cluster + ": no core-site.xml there");
      return 1;
    }
    File out = new File(cl.getOptionValue("out", new File(home, prog.defaultOut).getPath())).getAbsoluteFile();
    File logs = new File(out, "logs");
    File work = new File(out, "work");
    if (!logs.isDirectory() && !logs.mkdirs() || !work.isDirectory() && !work.mkdirs()) {
      throw new IOException("cannot create " + logs + " and " + work);
    }
    File clusterDir = new File(cl.getOptionValue("cluster-dir", new File(home, prog.defaultClusterDir).getPath()))
        .getAbsoluteFile();
    MicroPart.Context ctx = new MicroPart.Context(home, out, cl.hasOption("quick"));
    MicroStatus status = new MicroStatus(new File(out, prog.statusFile));
    status.forget(selected.stream().map(p -> p.name).collect(Collectors.toList()));
    System.err.printf("%s (%s)%s; results in %s%n", prog.title,
        selected.stream().map(p -> p.name).collect(Collectors.joining(" ")), ctx.quick ? ", quick" : "", out);
    boolean failed = false;
    try (MicroCluster shared = new MicroCluster(home, cluster, clusterDir, new File(logs, "cluster.log"))) {
      int k = 0;
      for (MicroPart p : selected) {
        File log = new File(logs, p.name + ".log");
        System.err.printf("[%d/%d] %s (log: logs/%s.log)...%n", ++k, selected.size(), p.name, p.name);
        long t0 = System.nanoTime();
        String reason = p.skipReason(ctx);
        if (reason != null) {
          status.add(p.name, "skipped", reason);
          System.err.println("      skipped: " + reason);
          continue;
        }
        int rc;
        try {
          rc = launch(p, ctx, shared, work, log);
        } catch (IOException e) {
          Files.write(log.toPath(), (e + "\n").getBytes(StandardCharsets.UTF_8),
              StandardOpenOption.CREATE, StandardOpenOption.APPEND);
          rc = -1;
        }
        long secs = Math.round(Rounds.since(t0));
        if (rc == 0) {
          status.add(p.name, "ok", secs + "s");
          System.err.printf("      done in %d s%n", secs);
        } else {
          failed = true;
          status.add(p.name, "failed", String.format(Locale.ROOT, "exit %d after %ds, log logs/%s.log", rc, secs, p.name));
          System.err.printf("      FAILED (exit %d); last lines of logs/%s.log:%n", rc, p.name);
          for (String l : tail(log, 15)) {
            System.err.println("        " + l);
          }
        }
      }
    }
    System.out.print(prog.summary.write(out));
    System.err.printf("(load average: %s)%n", loadAverage());
    return failed ? 1 : 0;
  }

  /** The parts {@code --only} names, in the run order whatever order it lists them in; all without it. */
  public static List<MicroPart> select(Program prog, String only) {
    if (only == null) {
      return prog.parts;
    }
    List<String> names = Arrays.asList(only.split(","));
    List<String> known = prog.parts.stream().map(p -> p.name).collect(Collectors.toList());
    for (String n : names) {
      if (!known.contains(n)) {
        throw new IllegalArgumentException(prog.name + " --only: unknown part '" + n + "' (parts: "
            + String.join(" ", known) + ")");
      }
    }
    return prog.parts.stream().filter(p -> names.contains(p.name)).collect(Collectors.toList());
  }

  public static String partsText(Program prog) {
    StringBuilder b = new StringBuilder("Parts (default: all, in this order):\n");
    for (MicroPart p : prog.parts) {
      b.append(String.format(Locale.ROOT, "  %-10s %s%n", p.name, p.description));
    }
    return b.toString();
  }

  /** Runs one part to its end; returns its exit code. */
  private static int launch(MicroPart p, MicroPart.Context ctx, MicroCluster cluster, File work, File log)
      throws IOException, InterruptedException {
    List<List<String>> c = p.command(ctx);
    List<String> cmd = new ArrayList<>();
    ProcessBuilder pb = new ProcessBuilder();
    String classPath = System.getProperty("java.class.path");
    if (p.cluster) {
      File conf = cluster.confDir();
      Map<String, String> env = pb.environment();
      env.put("HADOOP_CONF_DIR", conf.getPath());
      env.put("HADOOP_CLASSPATH", classPath);
      env.putIfAbsent("HADOOP_HEAPSIZE_MAX", "1g");
      env.put("HADOOP_CLIENT_OPTS", String.join(" ", c.get(0)));
      cmd.add(new File(ctx.home, "bin/hadoop").getPath());
    } else {
      cmd.add(new File(System.getProperty("java.home"), "bin/java").getPath());
      cmd.addAll(jdkOpens());
      cmd.addAll(c.get(0));
      cmd.add("-cp");
      cmd.add(classPath);
    }
    cmd.add(p.mainClass);
    cmd.addAll(c.get(1));
    Files.write(log.toPath(), ("$ " + String.join(" ", cmd) + "\n").getBytes(StandardCharsets.UTF_8));
    Process proc = pb.command(cmd).directory(work).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log))
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    try {
      return proc.waitFor();
    } finally {
      proc.destroyForcibly();
    }
  }

  /** This JVM's JDK 17 opens (Hadoop's own test argLine, given by the script), for the parts' JVMs. */
  private static List<String> jdkOpens() {
    return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(a -> a.startsWith("--add-opens") || a.equals("-XX:+IgnoreUnrecognizedVMOptions"))
        .collect(Collectors.toList());
  }

  private static List<String> tail(File log, int n) {
    try {
      List<String> l = Files.readAllLines(log.toPath(), StandardCharsets.UTF_8);
      return l.subList(Math.max(0, l.size() - n), l.size());
    } catch (IOException e) {
      return Arrays.asList("(no log: " + e.getMessage() + ")");
    }
  }

  private static String loadAverage() {
    try {
      String[] f = new String(Files.readAllBytes(new File("/proc/loadavg").toPath()), StandardCharsets.US_ASCII).split(" ");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }
}
