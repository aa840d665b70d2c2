package org.hadoopopt.testing.fuzz;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs fuzz cases, each on a worker thread under a time limit and an allocation bound, and tallies
 * what each ended in. A case returns the name of its accepted outcome ("same rows", "error", "skip
 * counted", ...) or throws: an {@link AssertionError} (the test's oracle found a wrong answer or an
 * error message that does not name the file and offset), any other throwable escaping the reader
 * (a RuntimeException or Error where an IOException was due), a time-out (a hang) and more bytes
 * allocated than the bound (an allocation bomb; the test JVMs' heap is bounded as well, so a bomb
 * that fails is an OutOfMemoryError, also a failure) all count as failures. Each failure's input is
 * written to {@code target/fuzz-failures/<format>/} so it can join the regression corpus.
 *
 * <p>Sizes: {@code -Dfuzz.cases=N} (per format; each test has a CI default of a few hundred to
 * a few thousand) and {@code -Dfuzz.seed=S} (default: a fixed seed per test, so CI is repeatable;
 * a long run passes a new one).
 */
public final class FuzzRun {
  /** System property: cases per format (default: the test's CI count). */
  public static final String CASES = "fuzz.cases";
  /** System property: the run's seed (default: the test's fixed seed). */
  public static final String SEED = "fuzz.seed";

  /** One case: mutate with {@code r}, read, judge; returns the outcome's name. */
  public interface Case {
    String run(int index, Random r, Input input) throws Exception;
  }

  /** What a case read, kept for the failure report. */
  public static final class Input {
    public byte[] bytes;
    public String what = "";
  }

  private final String format;
  private final long seed;
  private final int cases;
  private final long timeoutMs;
  private final long maxAllocatedBytes;
  private final Map<String, Integer> outcomes = new TreeMap<>();
  private final List<String> failures = new ArrayList<>();
  private ExecutorService worker = newWorker();

  public FuzzRun(String format, long defaultSeed, int defaultCases, long timeoutMs, long maxAllocatedBytes) {
    this.format = format;
    this.seed = Long.getLong(SEED, defaultSeed);
    this.cases = Integer.getInteger(CASES, defaultCases);
    this.timeoutMs = timeoutMs;
    this.maxAllocatedBytes = maxAllocatedBytes;
  }

  public long seed() {
    return seed;
  }

  public int cases() {
    return cases;
  }

  /** The random source of case {@code i}: replaying a case needs only the run's seed and its index. */
  public static Random caseRandom(long seed, int i) {
    return new Random(seed * 0x9E3779B97F4A7C15L + i);
  }

  /** Runs every case; returns this run for {@link #summary} and {@link #failures}. */
  public FuzzRun run(Case c) {
    for (int i = 0; i < cases; i++) {
      runOne(c, i);
    }
    worker.shutdownNow();
    return this;
  }

  private void runOne(Case c, int i) {
    Input input = new Input();
    Future<String> f = worker.submit(() -> {
      com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
      long tid = Thread.currentThread().getId();
      long before = mx.getThreadAllocatedBytes(tid);
      String outcome = c.run(i, caseRandom(seed, i), input);
      long used = mx.getThreadAllocatedBytes(tid) - before;
      if (used > maxAllocatedBytes) {
        throw new AssertionError("allocated " + used + " bytes reading " + (input.bytes == null ? "?" : input.bytes.length)
            + " bytes (bound " + maxAllocatedBytes + ")");
      }
      return outcome;
    });
    try {
      String outcome = f.get(timeoutMs, TimeUnit.MILLISECONDS);
      outcomes.merge(outcome, 1, Integer::sum);
    } catch (TimeoutException e) {
      f.cancel(true);
      worker.shutdownNow();
      worker = newWorker(); // the hung thread is abandoned (daemon)
      fail(i, input, "no answer within " + timeoutMs + " ms (hang)");
    } catch (ExecutionException e) {
      Throwable t = e.getCause();
      java.io.StringWriter sw = new java.io.StringWriter();
      t.printStackTrace(new java.io.PrintWriter(sw));
      String trace = sw.toString();
      fail(i, input, (t instanceof AssertionError ? "" : "escaped: ") + trace.substring(0, Math.min(1500, trace.length())));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  private void fail(int i, Input input, String why) {
    outcomes.merge("FAILED", 1, Integer::sum);
    String saved = "";
    if (input.bytes != null) {
      try {
        File dir = new File("target/fuzz-failures/" + format);
        dir.mkdirs();
        File out = new File(dir, "seed" + seed + "-case" + i + ".bin");
        Files.write(out.toPath(), input.bytes);
        saved = " (input saved as " + out + ")";
      } catch (IOException e) {
        saved = " (input not saved: " + e + ")";
      }
    }
    failures.add(format + " case " + i + " of seed " + seed + ": " + input.what + saved + ": " + why);
  }

  private static ExecutorService newWorker() {
    return Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "fuzz-case");
      t.setDaemon(true);
      return t;
    });
  }

  public Map<String, Integer> outcomes() {
    return outcomes;
  }

  public List<String> failures() {
    return failures;
  }

  /** One line for the test log: format, seed, cases and outcome counts. */
  public String summary() {
    return "fuzz " + format + ": seed " + seed + ", " + cases + " cases, outcomes " + outcomes;
  }

  /** Throws an AssertionError listing the first failures, if any. */
  public void assertNoFailures() {
    System.out.println(summary());
    for (String f : failures) {
      System.out.println("FUZZ FAILURE " + f.split("\n", 2)[0]);
    }
    if (!failures.isEmpty()) {
      StringBuilder sb = new StringBuilder(summary()).append('\n').append(failures.size()).append(" failures:\n");
      for (int i = 0; i < Math.min(10, failures.size()); i++) {
        sb.append(failures.get(i)).append('\n');
      }
      throw new AssertionError(sb.toString());
    }
  }
}
