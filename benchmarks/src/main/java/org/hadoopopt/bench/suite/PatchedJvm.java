package org.hadoopopt.bench.suite;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Reader;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * One JVM, started once per suite run and reused by every patched execution, with hadoop-patches'
 * jar ahead of the suite's own classpath: the suite sends it a job (configuration, program,
 * arguments), it runs the program on the local job runner, times it as {@link Execution} times an
 * in-process run, and answers with the time, the counters and {@link PatchProof}'s verdict. One
 * JVM for all rounds, so its JIT warms up over the rounds as the suite's own JVM does. Its log
 * (Hadoop's, of the patched jobs) is OUT/patched-jvm/jvm.log.
 */
final class PatchedJvm implements Closeable {
  /** The child's answer line on its stdout (everything else it prints goes to the suite's stderr). */
  static final String DONE = "PATCHED-JVM-DONE ";

  /** What the child returns for one execution. */
  static final class Result {
    final double seconds;
    final Map<String, Long> counters;

    Result(double seconds, Map<String, Long> counters) {
      this.seconds = seconds;
      this.counters = counters;
    }
  }

  private final Process process;
  private final BufferedReader fromChild;
  private final Writer toChild;
  private final File dir;
  /** The child's stderr: Hadoop's log of the patched jobs. */
  private final File log;
  private int requests;

  PatchedJvm(File jar, File dir) throws IOException {
    this.dir = dir;
    FileUtil.fullyDelete(dir);
    if (!dir.mkdirs()) {
      throw new IOException("cannot create " + dir);
    }
    List<String> cmd = new ArrayList<>();
    cmd.add(new File(System.getProperty("java.home"), "bin/java").getPath());
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      // Same heap, module openings and Hadoop log properties as this JVM; no second debugger or recording.
      if (!a.startsWith("-agentlib") && !a.startsWith("-javaagent") && !a.startsWith("-Xrunjdwp")
          && !a.contains("FlightRecord")) {
        cmd.add(a);
      }
    }
    cmd.add("-cp");
    cmd.add(jar.getPath() + File.pathSeparator + classpath());
    cmd.add(PatchedJvm.class.getName());
    cmd.add(jar.getPath());
    log = new File(dir, "jvm.log");
    process = new ProcessBuilder(cmd).redirectError(log).start();
    fromChild = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    toChild = new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
  }

  /**
   * This JVM's classpath as a path list: the classpath property plus the URLs of the loaders
   * between this class and the system loader ({@code hadoop jar} loads the benchmark jar in its own).
   */
  private static String classpath() {
    Set<String> entries = new LinkedHashSet<>();
    List<String> loaderUrls = new ArrayList<>();
    for (ClassLoader l = PatchedJvm.class.getClassLoader(); l != null; l = l.getParent()) {
      if (l instanceof URLClassLoader) {
        List<String> own = new ArrayList<>();
        for (URL u : ((URLClassLoader) l).getURLs()) {
          if ("file".equals(u.getProtocol())) {
            own.add(new File(u.getPath()).getPath());
          }
        }
        loaderUrls.addAll(0, own); // parents' entries first, as the loaders delegate
      }
    }
    for (String e : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
      if (!e.isEmpty()) {
        entries.add(e);
      }
    }
    entries.addAll(loaderUrls);
    File own = PatchedClasses.codeSource(PatchedJvm.class);
    if (own != null) {
      entries.add(own.getPath());
    }
    return String.join(File.pathSeparator, entries);
  }

  /** Runs PROGRAM with ARGS and CONF (the variant's keys set) in the child; fails if the patch did not run. */
  Result run(Configuration conf, String program, List<String> args, JobVariant v) throws IOException {
    File req = new File(dir, "request-" + (++requests));
    if (!req.mkdirs()) {
      throw new IOException("cannot create " + req);
    }
    try (OutputStream o = Files.newOutputStream(new File(req, "conf.xml").toPath())) {
      conf.writeXml(o);
    }
    Properties p = new Properties();
    p.setProperty("program", program);
    p.setProperty("variant", v.name());
    p.setProperty("args", Integer.toString(args.size()));
    for (int i = 0; i < args.size(); i++) {
      p.setProperty("arg." + i, args.get(i));
    }
    try (Writer w = Files.newBufferedWriter(new File(req, "request.properties").toPath(), StandardCharsets.UTF_8)) {
      p.store(w, null);
    }
    toChild.write(req.getPath() + "\n");
    toChild.flush();
    String line;
    while ((line = fromChild.readLine()) != null && !line.startsWith(DONE)) {
      System.err.println(line);
    }
    if (line == null) {
      throw new IOException("the patched JVM ended (exit " + waitExit() + ") while running " + program + " in " + v
          + "; log " + log);
    }
    Properties r = new Properties();
    try (Reader in = Files.newBufferedReader(new File(req, "result.properties").toPath(), StandardCharsets.UTF_8)) {
      r.load(in);
    }
    if (r.getProperty("error") != null) {
      throw new IllegalStateException(program + " in variant " + v + " (patched JVM, log " + log + "): "
          + r.getProperty("error"));
    }
    Map<String, Long> counters = new LinkedHashMap<>();
    for (String k : r.stringPropertyNames()) {
      if (k.startsWith("counter.")) {
        counters.put(k.substring("counter.".length()), Long.parseLong(r.getProperty(k)));
      }
    }
    return new Result(Double.parseDouble(r.getProperty("seconds")), counters);
  }

  private int waitExit() {
    try {
      return process.waitFor(10, TimeUnit.SECONDS) ? process.exitValue() : -1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }

  @Override
  public void close() throws IOException {
    toChild.close(); // end of input: the child returns
    if (waitExit() == -1) {
      process.destroyForcibly();
    }
  }

  /** The child: ARGS = the patched jar; reads one request folder a line from stdin until end of input. */
  public static void main(String[] args) throws Exception {
    PrintStream protocol = System.out;
    System.setOut(System.err); // programs' own prints must not mix with the answer lines
    File jar = new File(args[0]).getAbsoluteFile();
    Programs programs = Programs.ofDriver();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      File req = new File(line);
      Properties result = new Properties();
      try {
        serve(programs, jar, req, result);
      } catch (Throwable t) {
        result.setProperty("error", String.valueOf(t));
        t.printStackTrace();
      }
      try (Writer w = Files.newBufferedWriter(new File(req, "result.properties").toPath(), StandardCharsets.UTF_8)) {
        result.store(w, null);
      }
      protocol.println(DONE + req);
      protocol.flush();
    }
  }

  private static void serve(Programs programs, File jar, File req, Properties result) throws Exception {
    Properties p = new Properties();
    try (InputStream s = Files.newInputStream(new File(req, "request.properties").toPath())) {
      p.load(s);
    }
    Configuration conf = new Configuration(false);
    conf.addResource(new Path(new File(req, "conf.xml").toURI()));
    List<String> args = new ArrayList<>();
    for (int i = 0; i < Integer.parseInt(p.getProperty("args")); i++) {
      args.add(p.getProperty("arg." + i));
    }
    JobVariant v = JobVariant.parse(p.getProperty("variant"));
    String program = p.getProperty("program");
    String notPatched = PatchProof.mapTaskFrom(jar);
    if (notPatched != null) {
      throw new IllegalStateException(notPatched);
    }
    Tool tool = programs.tool(program);
    long t0 = System.nanoTime();
    int rc = ToolRunner.run(conf, tool, args.toArray(new String[0]));
    double seconds = (System.nanoTime() - t0) / 1e9;
    if (rc != 0) {
      throw new IllegalStateException(program + " exited with " + rc + " (args " + args + ")");
    }
    String why = PatchProof.check(tool, v);
    if (why != null) {
      throw new IllegalStateException(why);
    }
    result.setProperty("seconds", String.format(Locale.ROOT, "%.6f", seconds));
    for (Map.Entry<String, Long> e : Execution.counters(tool).entrySet()) {
      result.setProperty("counter." + e.getKey(), Long.toString(e.getValue()));
    }
  }
}
