package org.hadoopopt.inputformats.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileNotFoundException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/** The per-file split work runs side by side, answers in the files' order, and rethrows a task's own exception. */
class PerFileTasksTest {
  private static List<FileStatus> files(int n) {
    List<FileStatus> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(new FileStatus(i, false, 1, 1, 0, new Path("/t/part-" + i)));
    }
    return out;
  }

  @Test
  void filesAreLookedAtSideBySideAndAnsweredInOrder() throws Exception {
    List<FileStatus> files = files(4);
    CountDownLatch all = new CountDownLatch(4); // returns only if the four run at the same time
    Set<String> threads = ConcurrentHashMap.newKeySet();
    List<String> got = PerFileTasks.run(files, 8, f -> {
      threads.add(Thread.currentThread().getName());
      all.countDown();
      try {
        assertTrue(all.await(20, TimeUnit.SECONDS), "the four files' tasks ran at once");
      } catch (InterruptedException e) {
        throw new java.io.InterruptedIOException();
      }
      return f.getPath().getName();
    });
    assertEquals(List.of("part-0", "part-1", "part-2", "part-3"), got);
    assertEquals(4, threads.size(), threads.toString());
    for (String t : threads) {
      assertTrue(t.startsWith("index-reads-"), t);
    }
  }

  @Test
  void oneThreadRunsOnTheCallersThread() throws Exception {
    String me = Thread.currentThread().getName();
    List<String> got = PerFileTasks.run(files(3), 1, f -> Thread.currentThread().getName() + ":" + f.getLen());
    assertEquals(List.of(me + ":0", me + ":1", me + ":2"), got);
  }

  @Test
  void aTasksExceptionIsRethrownAsItWas() {
    FileNotFoundException io = new FileNotFoundException("/t/part-2 is gone");
    IllegalArgumentException bad = new IllegalArgumentException("hadoopopt.input.index.column = 'x'");
    assertSame(io, assertThrows(FileNotFoundException.class, () -> PerFileTasks.run(files(4), 4, f -> {
      if (f.getLen() == 2) {
        throw io;
      }
      return f;
    })));
    assertSame(bad, assertThrows(IllegalArgumentException.class, () -> PerFileTasks.run(files(4), 4, f -> {
      throw bad;
    })));
  }
}
