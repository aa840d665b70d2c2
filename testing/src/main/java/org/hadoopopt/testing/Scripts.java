package org.hadoopopt.testing;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Runs the project's own {@code bin/} scripts from tests, as a user would: a separate process,
 * exit code and output captured, a hard time limit.
 */
public final class Scripts {
  private Scripts() {}

  /** The exit code and combined stdout+stderr of a finished script. */
  public static final class Result {
    public final int exitCode;
    public final String stdout;
    public final String stderr;

    Result(int exitCode, String stdout, String stderr) {
      this.exitCode = exitCode;
      this.stdout = stdout;
      this.stderr = stderr;
    }

    public String all() {
      return stdout + stderr;
    }

    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
    }
  }

  /** The checkout's root: the {@code hadoopopt.root} property Surefire sets, else found upward. */
  public static Path root() {
    String prop = System.getProperty("hadoopopt.root");
    if (prop != null && Files.isRegularFile(Paths.get(prop, "bin", "hadoop"))) {
      return Paths.get(prop).toAbsolutePath();
    }
    Path p = Paths.get("").toAbsolutePath();
    while (p != null && !Files.isRegularFile(p.resolve("bin/hadoop"))) {
      p = p.getParent();
    }
    if (p == null) {
      throw new IllegalStateException("cannot find the checkout root (bin/hadoop) above " + Paths.get("").toAbsolutePath());
    }
    return p;
  }

  /** Runs {@code bin/<script> args...} with extra environment {@code env}; kills it after {@code timeoutSec}. */
  public static Result run(Map<String, String> env, long timeoutSec, String script, String... args)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(root().resolve("bin").resolve(script).toString());
    cmd.addAll(Arrays.asList(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(root().toFile());
    Map<String, String> penv = pb.environment();
    penv.putAll(env);
    penv.putIfAbsent("HADOOPOPT_HADOOP_VERSION", System.getProperty("hadoop.version", "3.4.2"));
    File out = File.createTempFile("script-out", ".txt");
    File err = File.createTempFile("script-err", ".txt");
    try {
      pb.redirectOutput(out).redirectError(err);
      Process p = pb.start();
      if (!p.waitFor(timeoutSec, TimeUnit.SECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        throw new IllegalStateException(String.join(" ", cmd) + " did not finish in " + timeoutSec + " s; stderr:\n"
            + Files.readString(err.toPath(), StandardCharsets.UTF_8));
      }
      return new Result(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
          Files.readString(err.toPath(), StandardCharsets.UTF_8));
    } finally {
      out.delete();
      err.delete();
    }
  }

  public static Result run(long timeoutSec, String script, String... args) throws IOException, InterruptedException {
    return run(new HashMap<>(), timeoutSec, script, args);
  }

  /**
   * A base port P for {@code bin/cluster --base-port} whose ports P..P+span-1 are all free now.
   * P is drawn at random below Linux's ephemeral range (32768 up), where the kernel hands out no
   * ports of its own, so concurrent runs of the same test and other mini clusters (all on
   * ephemeral ports) do not meet; a port taken between this check and the start makes
   * {@code bin/cluster} stop with "port N ... is in use", which callers answer by asking again.
   */
  public static int freeBasePort(int span) {
    for (int attempt = 0; attempt < 200; attempt++) {
      int base = ThreadLocalRandom.current().nextInt(20000, 32700 - span);
      if (allFree(base, span)) {
        return base;
      }
    }
    throw new IllegalStateException("no " + span + " consecutive free ports found in 20000..32700");
  }

  private static boolean allFree(int base, int span) {
    for (int p = base; p < base + span; p++) {
      try (ServerSocket s = new ServerSocket()) {
        s.bind(new InetSocketAddress(p));
      } catch (IOException e) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code bin/cluster start} failed because one of its ports was taken. */
  public static boolean portClash(Result start) {
    return start.exitCode != 0 && start.stderr.contains("is in use by another process");
  }
}
