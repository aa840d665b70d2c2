package org.hadoopopt.shmstreaming.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** The turns of a Streaming task's input and output threads, with real threads. */
class TaskTurnsTest {
  private static TaskTurns turns(boolean enabled, int sides) {
    Configuration conf = new Configuration(false);
    conf.setBoolean(TaskTurns.ENABLED, enabled);
    TaskTurns t = new TaskTurns(conf);
    for (int i = 0; i < sides; i++) {
      t.join();
    }
    return t;
  }

  /**
   * Each thread runs a section per record, as a task thread runs Hadoop's code between two of
   * our calls; a thread that finds the other inside its section counts an overlap.
   */
  @Test
  void twoThreadsNeverRunTheirSectionsAtOnceAndTakeTurns() throws Exception {
    TaskTurns t = turns(true, 2);
    int records = 5 * TaskTurns.STRETCH;
    AtomicInteger inside = new AtomicInteger();
    AtomicLong overlaps = new AtomicLong();
    AtomicLong sections = new AtomicLong();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Runnable side = () -> {
      try {
        for (long n = 1; n <= records; n++) {
          t.atRecord(n);
          if (inside.incrementAndGet() != 1) {
            overlaps.incrementAndGet();
          }
          sections.incrementAndGet();
          inside.decrementAndGet();
          if (n % 1000 == 0) { // now and then the thread sleeps on its ring, as the hook does
            t.give();
            Thread.onSpinWait();
            t.take();
          }
        }
        t.give(); // the stream ends
      } catch (Throwable e) {
        failure.set(e);
      }
    };
    assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
      Thread a = new Thread(side, "input");
      Thread b = new Thread(side, "output");
      a.start();
      b.start();
      a.join();
      b.join();
    });
    assertEquals(null, failure.get());
    assertEquals(0, overlaps.get(), "sections that ran at once");
    assertEquals(2L * records, sections.get());
    assertTrue(t.handoffs() >= 4, "the turn changed hands " + t.handoffs() + " times");
  }

  @Test
  void aTurnHeldByAThreadThatDiedIsFree() throws Exception {
    TaskTurns t = turns(true, 2);
    Thread dies = new Thread(() -> {
      try {
        t.atRecord(1); // takes the turn, then the thread ends without giving it (a failed collect)
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    });
    dies.start();
    dies.join();
    long before = t.handoffs();
    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> t.atRecord(1));
    assertEquals(before + 1, t.handoffs());
  }

  @Test
  void switchedOffOrWithOneShmSideTurnsNeverWait() throws Exception {
    for (TaskTurns t : new TaskTurns[] {turns(false, 2), turns(true, 1)}) {
      CountDownLatch holding = new CountDownLatch(1);
      CountDownLatch release = new CountDownLatch(1);
      Thread other = new Thread(() -> {
        try {
          t.atRecord(1);
          holding.countDown();
          release.await();
        } catch (Exception e) {
          throw new AssertionError(e);
        }
      });
      other.start();
      holding.await();
      assertTimeoutPreemptively(Duration.ofSeconds(5), () -> t.atRecord(1));
      assertEquals(0, t.handoffs());
      release.countDown();
      other.join();
    }
  }
}
