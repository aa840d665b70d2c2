package org.hadoopopt.compat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Records, for the one test class a forked JVM runs (surefire: {@code forkCount=1},
 * {@code reuseForks=false}), what each plugin did in that JVM and in the task containers it
 * started, into {@code <compat.activity.dir>/<class>.properties}. Registered through
 * {@code META-INF/services}, so Hadoop's tests run unchanged. Does nothing unless the system
 * property {@value #ACTIVITY_DIR} is set (the compat module's surefire executions set it).
 *
 * <p>What is observable without touching the plugins: task containers' syslogs (MapTask's
 * "Map output collector class = ..." line per attempt, polled while the class runs because some
 * tests delete their folders when they finish), direct I/O's JMX bean, and whether Streaming
 * instantiated the shm resolver (the class is loaded). Map tasks of the local job runner log to
 * this JVM's output, which {@link CompatTable} reads from surefire's per-class output file.
 */
public final class ActivityListener implements TestExecutionListener {
  /** System property: folder of this configuration's activity records (no default: off). */
  public static final String ACTIVITY_DIR = "compat.activity.dir";
  /** System property: the configuration's name, copied into the record. */
  public static final String CONFIG = "compat.config";

  /**
   * System property: surefire's {@code forkedProcessTimeoutInSeconds} for this JVM, the Maven property
   * {@code compat.class.timeout} (unset or 0: no
   * limit). Surefire 3.2.5 does not end a forked JVM at that timeout: the command it sends arrives
   * as a plain shutdown, so the JVM writes a thread dump ({@code *.dump} in the reports folder) and
   * runs on, and a hung class holds the whole build. This listener therefore halts the JVM itself
   * {@value #HALT_MARGIN_SECONDS} s after the timeout (surefire has flagged the timeout by then and
   * reports the class as timed out, not as a crashed fork), after writing the activity record.
   */
  public static final String CLASS_TIMEOUT = "compat.fork.timeout";

  /** Seconds after {@link #CLASS_TIMEOUT} at which the JVM halts itself. */
  static final long HALT_MARGIN_SECONDS = 60;

  /** Printed to standard output with the method's name (as surefire reports it) when a test starts. */
  public static final String METHOD_MARKER = "[compat] test started: ";

  private static final long POLL_SECONDS = 2;

  private final long startMillis = System.currentTimeMillis();
  private final AtomicBoolean written = new AtomicBoolean();
  private volatile String testClass;
  private volatile boolean halted;
  private ContainerLogScan scan;
  private ScheduledExecutorService poller;

  @Override
  public void testPlanExecutionStarted(TestPlan plan) {
    if (System.getProperty(ACTIVITY_DIR) == null) {
      return;
    }
    Path work = Paths.get(System.getProperty("user.dir"));
    try {
      // Some of Hadoop's tests write to "target/..." relative to the working folder, as in their
      // module's build (TestStreamingKeyValue); the configuration's fresh working folder has none.
      Files.createDirectories(work.resolve("target"));
    } catch (IOException e) {
      System.err.println("compat: cannot create " + work.resolve("target") + ": " + e);
    }
    scan = new ContainerLogScan(work, startMillis - 1000);
    poller = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "compat-activity-poller");
      t.setDaemon(true);
      return t;
    });
    poller.scheduleWithFixedDelay(scan::scan, POLL_SECONDS, POLL_SECONDS, TimeUnit.SECONDS);
    long timeout = Long.getLong(CLASS_TIMEOUT, 0L);
    if (timeout > 0) {
      poller.schedule(() -> halt(timeout), timeout + HALT_MARGIN_SECONDS, TimeUnit.SECONDS);
    }
    // Tests that end the JVM themselves still leave a record.
    Runtime.getRuntime().addShutdownHook(new Thread(this::write, "compat-activity-exit"));
  }

  @Override
  public void executionStarted(TestIdentifier id) {
    if (System.getProperty(ACTIVITY_DIR) == null) {
      return;
    }
    if (id.isTest()) {
      // Into the JVM's output, between the local job runner's log lines, so CompatTable can
      // tell which test method a map attempt belonged to.
      System.out.println(METHOD_MARKER + id.getLegacyReportingName());
      System.out.flush();
      return;
    }
    TestSource source = id.getSource().orElse(null);
    if (testClass == null && source instanceof ClassSource) {
      testClass = ((ClassSource) source).getClassName();
    }
  }

  @Override
  public void testPlanExecutionFinished(TestPlan plan) {
    write();
  }

  private void halt(long timeout) {
    System.err.println("compat: " + testClass + " still running " + HALT_MARGIN_SECONDS + " s after surefire's timeout ("
        + timeout + " s); halting its JVM");
    halted = true;
    write();
    // Task containers of a mini YARN cluster are this JVM's child processes; they would outlive it.
    ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    Runtime.getRuntime().halt(1);
  }

  private void write() {
    String dir = System.getProperty(ACTIVITY_DIR);
    if (dir == null || testClass == null || !written.compareAndSet(false, true)) {
      return;
    }
    if (poller != null && !halted) {
      poller.shutdownNow();
    }
    Properties p = new Properties();
    p.setProperty("class", testClass);
    p.setProperty("config", System.getProperty(CONFIG, ""));
    p.setProperty("millis", Long.toString(System.currentTimeMillis() - startMillis));
    if (halted) {
      p.setProperty("halted", "true");
    }
    synchronized (scan) {
      scan.scan();
      scan.counts().forEach((k, v) -> p.setProperty("yarn." + k, Long.toString(v)));
      p.setProperty("yarn.syslogs", Integer.toString(scan.files()));
    }
    JvmActivity.directIo().forEach((k, v) -> p.setProperty("dio." + k, Long.toString(v)));
    p.setProperty("shm.resolver.loaded", Boolean.toString(JvmActivity.loaded(JvmActivity.SHM_RESOLVER)));
    p.setProperty("shm.ring.loaded", Boolean.toString(JvmActivity.loaded(JvmActivity.SHM_WRITER)));
    try {
      Path out = Paths.get(dir);
      Files.createDirectories(out);
      try (OutputStream os = Files.newOutputStream(out.resolve(testClass + ".properties"))) {
        p.store(os, "compat activity of " + testClass);
      }
    } catch (IOException e) {
      System.err.println("compat: cannot write the activity record of " + testClass + ": " + e);
    }
  }
}
