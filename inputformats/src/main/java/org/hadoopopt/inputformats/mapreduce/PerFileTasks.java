package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FileStatus;

/**
 * Runs one task per input file on up to N threads and returns the results in the files' order.
 * Split computation over indexed files waits on the file system for each file (open and read the
 * index, ask for the data file's checksum: on HDFS NameNode and DataNode round trips), so the
 * files are looked at side by side. An exception of any task is rethrown as it was thrown.
 */
final class PerFileTasks {
  /** The work done for one file. */
  interface Task<T> {
    T run(FileStatus file) throws IOException;
  }

  private static final AtomicInteger POOLS = new AtomicInteger();

  private PerFileTasks() {}

  static <T> List<T> run(List<FileStatus> files, int threads, Task<T> task) throws IOException {
    List<T> out = new ArrayList<>(files.size());
    int n = Math.min(threads, files.size());
    if (n <= 1) {
      for (FileStatus f : files) {
        out.add(task.run(f));
      }
      return out;
    }
    int pool = POOLS.incrementAndGet();
    AtomicInteger thread = new AtomicInteger();
    ExecutorService ex = Executors.newFixedThreadPool(n, r -> {
      Thread t = new Thread(r, "index-reads-" + pool + "-" + thread.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<T>> futures = new ArrayList<>(files.size());
      for (FileStatus f : files) {
        futures.add(ex.submit(() -> task.run(f)));
      }
      for (Future<T> fu : futures) {
        out.add(fu.get());
      }
      return out;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while reading the range indexes");
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof IOException) {
        throw (IOException) c;
      }
      if (c instanceof RuntimeException) {
        throw (RuntimeException) c;
      }
      if (c instanceof Error) {
        throw (Error) c;
      }
      throw new IOException(c);
    } finally {
      ex.shutdownNow();
    }
  }
}
