package org.hadoopopt.shmstreaming.ring;

import java.io.IOException;

/** What a ring side's owner does around a real sleep on the ring (not around every check). */
public interface SleepHook {
  /** Just before the thread sleeps waiting for its peer. */
  void beforeSleep();

  /** Once it woke, before it looks at the ring again. */
  void afterSleep() throws IOException;

  SleepHook NONE = new SleepHook() {
    @Override
    public void beforeSleep() {}

    @Override
    public void afterSleep() {}
  };
}
