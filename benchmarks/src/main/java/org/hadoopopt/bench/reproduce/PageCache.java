package org.hadoopopt.bench.reproduce;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Takes files out of the page cache, as a cold read needs, with what this machine allows: with
 * password-less sudo, the kernel's whole cache ({@code /proc/sys/vm/drop_caches}); otherwise each
 * file's own pages, {@code posix_fadvise(POSIX_FADV_DONTNEED)} through coreutils' {@code dd
 * iflag=nocache count=0} (works on any file the user can open; dirty pages are written first with
 * {@code sync FILE}, since the kernel keeps those). {@link #residentBytes} (util-linux
 * {@code fincore}, i.e. mincore(2)) checks that the eviction took.
 */
final class PageCache {
  /** How files are evicted here. */
  enum Method { DROP_CACHES, FADVISE, NONE }

  final Method method;
  /** Why {@link Method#NONE}, else empty. */
  final String why;
  final boolean canVerify;

  private PageCache(Method method, String why, boolean canVerify) {
    this.method = method;
    this.why = why;
    this.canVerify = canVerify;
  }

  /** Finds what works here, trying it on {@code probe} (a file of ours). */
  static PageCache detect(File probe) {
    boolean fincore = run("fincore", "--version") == 0;
    if (run("sudo", "-n", "true") == 0) {
      return new PageCache(Method.DROP_CACHES, "", fincore);
    }
    if (run("dd", "if=" + probe.getPath(), "iflag=nocache", "count=0", "status=none") == 0) {
      return new PageCache(Method.FADVISE, "", fincore);
    }
    return new PageCache(Method.NONE, "no password-less sudo (to drop the page cache) and dd iflag=nocache"
        + " (posix_fadvise DONTNEED) failed on " + probe, fincore);
  }

  String describe() {
    switch (method) {
      case DROP_CACHES:
        return "page cache dropped (sudo, /proc/sys/vm/drop_caches)";
      case FADVISE:
        return "block files evicted with posix_fadvise(DONTNEED) (no root here: sudo -n fails)";
      default:
        return "cannot evict: " + why;
    }
  }

  /** Evicts {@code files}; returns false if a command failed. */
  boolean evict(List<File> files) {
    List<String> sync = new ArrayList<>(Arrays.asList("sync"));
    files.forEach(f -> sync.add(f.getPath()));
    if (run(sync.toArray(new String[0])) != 0) {
      return false;
    }
    if (method == Method.DROP_CACHES) {
      return run("sh", "-c", "echo 1 | sudo -n tee /proc/sys/vm/drop_caches > /dev/null") == 0;
    }
    if (method == Method.FADVISE) {
      for (File f : files) {
        if (run("dd", "if=" + f.getPath(), "iflag=nocache", "count=0", "status=none") != 0) {
          return false;
        }
      }
      return true;
    }
    return false;
  }

  /** Bytes of {@code files} in the page cache (mincore, through fincore); -1 if it cannot be told. */
  static long residentBytes(List<File> files) {
    long total = 0;
    for (File f : files) {
      List<String> out = new ArrayList<>();
      if (run(out, "fincore", "--bytes", "--noheadings", "--output", "RES", f.getPath()) != 0 || out.isEmpty()) {
        return -1;
      }
      try {
        total += Long.parseLong(out.get(0).trim());
      } catch (NumberFormatException e) {
        return -1;
      }
    }
    return total;
  }

  private static int run(String... cmd) {
    return run(null, cmd);
  }

  private static int run(List<String> stdout, String... cmd) {
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(stdout == null)
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
      byte[] b = p.getInputStream().readAllBytes();
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return -1;
      }
      if (stdout != null) {
        for (String l : new String(b, StandardCharsets.UTF_8).split("\n")) {
          if (!l.trim().isEmpty()) {
            stdout.add(l);
          }
        }
      }
      return p.exitValue();
    } catch (IOException e) {
      return -1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }
}
