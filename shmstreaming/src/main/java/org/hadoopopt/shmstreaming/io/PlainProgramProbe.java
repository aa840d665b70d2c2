package org.hadoopopt.shmstreaming.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Tells a program that does not use a client library from one still starting up, while it has
 * not mapped its shm input ring: a plain stdin/stdout program run with shm input reads its stdin
 * (Streaming's pipe, on which nothing comes) and waits there forever, where a client library never
 * reads fd 0 before it has opened the channel. Linux's {@code /proc/PID/task/TID/syscall} shows a
 * thread blocked in {@code read} on fd 0; seen for {@link #SETTLE_MS} in the program or a process
 * under it (a wrapper script's child), the program is plain. Where {@code /proc} cannot be read,
 * nothing is concluded (the attach timeout still applies).
 */
final class PlainProgramProbe {
  /** How long a read on stdin must last before the program counts as plain. */
  static final long SETTLE_MS = 1000;
  /** x86-64 system call numbers of read, pread64, readv. */
  private static final String[] READS = {"0", "17", "19"};

  private final Process process;
  private long readingSince = -1;

  PlainProgramProbe(Process process) {
    this.process = process;
  }

  /** Null, or the documented words of a program that reads its plain stdin instead of the ring. */
  String check() {
    boolean reading = readsStdin(process.pid()) || process.descendants().anyMatch(h -> readsStdin(h.pid()));
    long now = System.currentTimeMillis();
    if (!reading) {
      readingSince = -1;
      return null;
    }
    if (readingSince < 0) {
      readingSince = now;
    }
    if (now - readingSince < SETTLE_MS) {
      return null;
    }
    return "the external program (pid " + process.pid() + ") reads its plain stdin, on which shm input sends nothing, "
        + "and has not opened this shm channel: it does not use the smstream client library. Run it over pipes "
        + "(-io text, or stream.map.input/stream.reduce.input text), or build it against the smstream client (C, C++ or Python)";
  }

  /** Whether a thread of the process is blocked reading fd 0, and fd 0 is a pipe. */
  private static boolean readsStdin(long pid) {
    Path proc = Paths.get("/proc", Long.toString(pid));
    try {
      if (!Files.readSymbolicLink(proc.resolve("fd/0")).toString().startsWith("pipe:")) {
        return false;
      }
      try (DirectoryStream<Path> tasks = Files.newDirectoryStream(proc.resolve("task"))) {
        for (Path t : tasks) {
          String[] call = new String(Files.readAllBytes(t.resolve("syscall")), StandardCharsets.US_ASCII).trim().split(" ");
          if (call.length > 1 && call[1].equals("0x0")) {
            for (String r : READS) {
              if (call[0].equals(r)) {
                return true;
              }
            }
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      return false; // gone, or /proc not readable: conclude nothing
    }
    return false;
  }
}
