package org.hadoopopt.shmstreaming.io;

import java.io.IOException;
import java.io.InterruptedIOException;
import org.apache.hadoop.conf.Configuration;
import org.hadoopopt.shmstreaming.ring.SleepHook;

/**
 * Makes a Streaming task's two threads take turns at Hadoop's per-record code: the input thread
 * (record reader, then {@code writeValue}) and the output thread ({@code readKeyValue}, then
 * {@code collect}).
 *
 * <p>Why: for every record both threads enter {@code FileSystem.Statistics.visitAll}, which is
 * {@code synchronized} on the one Statistics object of the file system ({@code MapTask} asks it
 * for the bytes read and written before and after each record), and both update counters that
 * share cache lines in {@code PipeMapRed}. Run at once, on two cores, those lines and that monitor
 * move between the cores several times per record: measured on identity (150 MB, one short word a
 * line), Streaming used 37-42 s of CPU where the same work on one Java thread takes 18 s, and 23 s
 * with turns. Taking turns in stretches of {@link #STRETCH} records keeps them on one core per
 * stretch; the external program still runs beside whichever thread has the turn. The price is
 * that the two threads no longer overlap: alone on an idle machine the job takes longer.
 *
 * <p>A thread gives the turn away whenever it is about to sleep on its ring (so no wait can
 * depend on a thread that waits for the turn), and when its stream ends or fails. A turn held by
 * a thread that died is free.
 */
public final class TaskTurns {
  /**
   * Whether a task whose input and output both go through shm rings lets its two threads take
   * turns at Hadoop's per-record code (true) or run them at once (false). Default
   * {@value #DEFAULT_ENABLED}: alone on an idle machine, running at once finishes sooner; turns
   * use about a third less CPU, which is what counts where every core runs a container.
   */
  public static final String ENABLED = "stream.shm.turns";
  public static final boolean DEFAULT_ENABLED = false;

  /** Records a thread handles before it lets a waiting peer have the turn. */
  static final int STRETCH = 16384;

  private final boolean enabled;
  private int sides;
  private volatile boolean active;
  /** Written under the lock; read without it only by a thread asking whether it is itself the holder. */
  private volatile Thread holder;
  private int waiting;
  /** Mirrors {@code waiting > 0} for a lock-free check once per stretch. */
  private volatile boolean contended;
  private long handoffs;

  TaskTurns(Configuration conf) {
    this.enabled = conf.getBoolean(ENABLED, DEFAULT_ENABLED);
  }

  /** A side (input writer, output reader) joins; turns apply once both have. */
  synchronized void join() {
    sides++;
    active = enabled && sides >= 2;
  }

  /**
   * Called before each record: takes the turn, and once a stretch lets a waiting peer have it
   * first. {@code count} is the caller's own record count.
   */
  void atRecord(long count) throws InterruptedIOException {
    if (!active) {
      return;
    }
    if (holder == Thread.currentThread()) { // only this thread sets itself, or clears itself
      if (count % STRETCH == 0 && contended) {
        pass();
      }
      return;
    }
    take();
  }

  /** Waits until this thread has the turn. */
  synchronized void take() throws InterruptedIOException {
    Thread me = Thread.currentThread();
    if (!active || holder == me) {
      return;
    }
    waiting++;
    contended = true;
    try {
      while (holder != null && holder.isAlive()) {
        wait(100);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for the task's other Streaming thread");
    } finally {
      waiting--;
      contended = waiting > 0;
    }
    holder = me;
    handoffs++;
    notifyAll(); // a peer that passed waits to see the turn taken
  }

  /** Gives the turn up, if this thread has it. */
  synchronized void give() {
    if (holder == Thread.currentThread()) {
      holder = null;
      notifyAll();
    }
  }

  /** Lets a waiting peer have its turn, then waits to get it back. */
  private void pass() throws InterruptedIOException {
    synchronized (this) {
      if (holder == Thread.currentThread() && waiting > 0) {
        long seen = handoffs;
        holder = null;
        notifyAll();
        try {
          while (handoffs == seen && waiting > 0) {
            wait(100);
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("interrupted while handing over to the task's other Streaming thread");
        }
      }
    }
    take();
  }

  /** For a ring side: gives the turn away while its thread sleeps on the ring, takes it back after. */
  SleepHook aroundSleep() {
    return new SleepHook() {
      @Override
      public void beforeSleep() {
        give();
      }

      @Override
      public void afterSleep() throws IOException {
        take();
      }
    };
  }

  /** How often the turn changed hands, for the task log. */
  synchronized long handoffs() {
    return handoffs;
  }
}
