package org.hadoopopt.bench.ideal;

/**
 * The hardware ideal of a job after Krevat et al. ("Applying performance models to understand
 * data-intensive computing efficiency"): the job's phases run one after the other and each is
 * bounded by its slowest resource, given the bytes the job actually moved:
 * <ul>
 *   <li>read and map: max(input / disk read, input / (parse rate x cores));
 *   <li>shuffle: shuffled bytes / memory copy bandwidth (one node: the "network" is a copy);
 *   <li>write: output / disk write.
 * </ul>
 * A job that beats it has measured something else (e.g. an index that skipped input, which the
 * input counter then shows).
 */
public final class IdealModel {
  private final HardwareProfile hw;

  public IdealModel(HardwareProfile hw) {
    this.hw = hw;
  }

  public double readMapSeconds(long inputBytes) {
    return Math.max(inputBytes / hw.diskRead(), inputBytes / (hw.parsePerCore() * hw.cores()));
  }

  public double shuffleSeconds(long shuffleBytes) {
    return shuffleBytes / hw.memory();
  }

  public double writeSeconds(long outputBytes) {
    return outputBytes / hw.diskWrite();
  }

  /** The ideal time of a job (or a chain of jobs: pass the sums) from its byte counters. */
  public double idealSeconds(long inputBytes, long shuffleBytes, long outputBytes) {
    if (inputBytes < 0 || shuffleBytes < 0 || outputBytes < 0) {
      throw new IllegalArgumentException("byte counts must not be negative: " + inputBytes + ", " + shuffleBytes
          + ", " + outputBytes);
    }
    return readMapSeconds(inputBytes) + shuffleSeconds(shuffleBytes) + writeSeconds(outputBytes);
  }
}
