package org.hadoopopt.shmstreaming.io;

/** The task counters of shm Streaming (group {@code org.hadoopopt.shmstreaming.io.ShmCounter}). */
public enum ShmCounter {
  /**
   * Bytes the program wrote to its plain stdout while its output went through shm: not output
   * records (over pipes they would have been), so counted, and by default fatal
   * ({@link ShmOutputReader#STDOUT}).
   */
  STDOUT_BYTES
}
