package org.hadoopopt.bench.reproduce;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A CPU quota for a group of processes, through the kernel's CPU controller: cgroup v1
 * ({@code /sys/fs/cgroup/cpu}, {@code cpu.cfs_quota_us} over {@code cpu.cfs_period_us}) or v2
 * ({@code cpu.max} in a unified hierarchy whose root offers the {@code cpu} controller). A process
 * started through {@link #wrap} joins the group before it runs, and so do the processes it starts.
 * Needs the right to create a group (root, or a delegated subtree); {@link #unavailable} says why not.
 */
final class CpuLimit implements AutoCloseable {
  static final File V1 = new File("/sys/fs/cgroup/cpu");
  static final File V2 = new File("/sys/fs/cgroup");
  static final long PERIOD_US = 100_000;

  private final File dir;
  private final boolean v1;

  private CpuLimit(File dir, boolean v1) {
    this.dir = dir;
    this.v1 = v1;
  }

  /** Why no group can be made here, or null when one can. */
  static String unavailable() {
    if (new File(V1, "cpu.cfs_quota_us").isFile()) {
      return V1.canWrite() ? null : V1 + " is not writable (not root, no delegated cgroup)";
    }
    File controllers = new File(V2, "cgroup.controllers");
    if (controllers.isFile()) {
      try {
        String c = new String(Files.readAllBytes(controllers.toPath()), StandardCharsets.US_ASCII);
        if (!(" " + c.trim() + " ").contains(" cpu ")) {
          return "the cgroup v2 hierarchy at " + V2 + " does not offer the cpu controller";
        }
      } catch (IOException e) {
        return "cannot read " + controllers + ": " + e.getMessage();
      }
      return V2.canWrite() ? null : V2 + " is not writable (not root, no delegated cgroup)";
    }
    return "no CPU controller: neither " + V1 + "/cpu.cfs_quota_us (cgroup v1) nor " + controllers + " (cgroup v2)";
  }

  /** Makes the group {@code name} with no quota yet. */
  static CpuLimit create(String name) throws IOException {
    String why = unavailable();
    if (why != null) {
      throw new IOException("cannot limit CPU: " + why);
    }
    boolean v1 = new File(V1, "cpu.cfs_quota_us").isFile();
    File dir = new File(v1 ? V1 : V2, name);
    if (!dir.isDirectory() && !dir.mkdir()) {
      throw new IOException("cannot create the cgroup " + dir);
    }
    if (!v1) {
      // the children of the v2 root get the cpu controller only once the root's subtree enables it
      write(new File(V2, "cgroup.subtree_control"), "+cpu");
    }
    return new CpuLimit(dir, v1);
  }

  /** Limits the group to {@code cores} cores' time (e.g. 0.5: half of one core); 0 or less: no limit. */
  void setCores(double cores) throws IOException {
    long quota = cores <= 0 ? -1 : Math.max(1000, Math.round(cores * PERIOD_US));
    if (v1) {
      write(new File(dir, "cpu.cfs_period_us"), Long.toString(PERIOD_US));
      write(new File(dir, "cpu.cfs_quota_us"), Long.toString(quota));
    } else {
      write(new File(dir, "cpu.max"), (quota < 0 ? "max" : Long.toString(quota)) + " " + PERIOD_US);
    }
  }

  /**
   * The command that runs {@code command} inside the group: a shell that moves itself into it and
   * then becomes the command (so the command and every process it starts are limited from their start).
   */
  List<String> wrap(List<String> command) {
    List<String> c = new ArrayList<>();
    c.add("/bin/sh");
    c.add("-c");
    c.add("echo $$ > '" + new File(dir, "cgroup.procs").getPath() + "' && exec \"$@\"");
    c.add("cpu-limited");
    c.addAll(command);
    return c;
  }

  /** Periods in which the group used up its quota and waited (cpu.stat's nr_throttled). */
  long throttledPeriods() throws IOException {
    for (String l : Files.readAllLines(new File(dir, "cpu.stat").toPath(), StandardCharsets.US_ASCII)) {
      if (l.startsWith("nr_throttled ")) {
        return Long.parseLong(l.substring("nr_throttled ".length()).trim());
      }
    }
    return -1;
  }

  /** The processes in the group. */
  List<Long> pids() throws IOException {
    List<Long> p = new ArrayList<>();
    for (String l : Files.readAllLines(new File(dir, "cgroup.procs").toPath(), StandardCharsets.US_ASCII)) {
      if (!l.trim().isEmpty()) {
        p.add(Long.parseLong(l.trim()));
      }
    }
    return p;
  }

  String describe() {
    return (v1 ? "cgroup v1 cpu.cfs_quota_us" : "cgroup v2 cpu.max") + " (" + dir + ")";
  }

  /** Kills what is left in the group (processes this program started through {@link #wrap}) and removes it. */
  @Override
  public void close() throws IOException {
    for (int attempt = 0; attempt < 50; attempt++) {
      List<Long> left = pids();
      if (left.isEmpty() && dir.delete()) {
        return;
      }
      for (long pid : left) {
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    throw new IOException(String.format(Locale.ROOT, "cannot remove the cgroup %s (processes %s)", dir, pids()));
  }

  private static void write(File f, String value) throws IOException {
    Files.write(f.toPath(), value.getBytes(StandardCharsets.US_ASCII));
  }
}
