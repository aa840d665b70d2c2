package org.hadoopopt.shmstreaming.io;

/** The task counters of shm Streaming (group {@code org.hadoopopt.shmstreaming.io.ShmCounter}). */
public enum ShmCounter {
  /**
   * Bytes the program wrote to its plain stdout while its output went through shm: not output
   * records (over pipes they would have been), so counted, and by default fatal
   * ({@link ShmOutputReader#STDOUT}).
   */
  STDOUT_BYTES,
  /** Blocks of input lines the task wrote into its input ring (see {@link StreamBlocks}). */
  INPUT_BLOCKS,
  /** Blocks of output lines the task read from its output ring. */
  OUTPUT_BLOCKS,
  /** Output blocks written to the output format in one write each (map-only or reduce output, text). */
  DIRECT_OUTPUT_BLOCKS,
  /** Map tasks whose input went the record path: the job could not be carried in blocks (logged once, with why). */
  RECORD_PATH_TASKS
}
