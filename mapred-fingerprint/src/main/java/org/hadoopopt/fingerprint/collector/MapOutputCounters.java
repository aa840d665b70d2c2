package org.hadoopopt.fingerprint.collector;

import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.Task.TaskReporter;
import org.apache.hadoop.mapreduce.TaskCounter;

/**
 * Hadoop's map-output task counters, which every collector of this package keeps as Hadoop's own
 * collector does: the records and bytes collected, the records spilled and the bytes of the final
 * output file.
 */
final class MapOutputCounters {
  final Counters.Counter records;
  final Counters.Counter bytes;
  final Counters.Counter materializedBytes;
  final Counters.Counter spilledRecords;

  MapOutputCounters(TaskReporter reporter) {
    records = reporter.getCounter(TaskCounter.MAP_OUTPUT_RECORDS);
    bytes = reporter.getCounter(TaskCounter.MAP_OUTPUT_BYTES);
    materializedBytes = reporter.getCounter(TaskCounter.MAP_OUTPUT_MATERIALIZED_BYTES);
    spilledRecords = reporter.getCounter(TaskCounter.SPILLED_RECORDS);
  }
}
