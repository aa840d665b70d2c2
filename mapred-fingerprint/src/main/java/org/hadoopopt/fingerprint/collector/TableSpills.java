package org.hadoopopt.fingerprint.collector;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.MapOutputFile;
import org.apache.hadoop.mapred.SpillRecord;
import org.hadoopopt.fingerprint.key.KeyFingerprinter;
import org.hadoopopt.fingerprint.sort.KeyComparison;
import org.hadoopopt.fingerprint.sort.RadixRecordSorter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hash-grouping table's spills: whenever the table is full its distinct keys are sorted in the
 * job's key order (the fingerprint collector's radix sort) and written as the next spill file; at
 * the end of the task the spills are merged into the map output ({@link OutputMerger}), or handed
 * to the fingerprint collector when the task goes back to sorting.
 */
final class TableSpills<K, V> {
  private static final Logger LOG = LoggerFactory.getLogger(HashGroupCollector.class);

  private final MapOutputFile files;
  private final KeyFingerprinter fingerprinter;
  private final KeyComparison keyComparison;
  private final RadixRecordSorter sorter = new RadixRecordSorter();
  private final TableSpillWriter<K, V> writer;
  private final int partitions;
  private final Counters.Counter tableSpills;
  private final List<Path> paths = new ArrayList<Path>();
  private final List<SpillRecord> indexes = new ArrayList<SpillRecord>();
  /** Keys written so far, a key spilled twice counted twice. */
  private long distinct;

  TableSpills(MapOutputFile files, KeyFingerprinter fingerprinter, KeyComparison keyComparison,
      TableSpillWriter<K, V> writer, int partitions, Counters.Counter tableSpills) {
    this.files = files;
    this.fingerprinter = fingerprinter;
    this.keyComparison = keyComparison;
    this.writer = writer;
    this.partitions = partitions;
    this.tableSpills = tableSpills;
  }

  /** Sorts the table's entries, writes them as the next spill and empties the table. */
  void write(GroupTable table) throws IOException {
    keyComparison.reset(table.keys.data, table.index);
    int[] order = sorter.sort(table.index, keyComparison, fingerprinter.isExact());
    Path file = files.getSpillFileForWrite(paths.size(),
        table.keys.size + table.current.arena.size + (long) table.current.size * 8 + (long) partitions * 150);
    indexes.add(writer.write(file, table, order, sorter));
    keyComparison.reset(null, null);
    paths.add(file);
    tableSpills.increment(1);
    distinct += table.entries;
    LOG.info("Finished table spill {} ({} keys, {} values)", paths.size() - 1, table.entries, table.current.size);
    table.clear();
  }

  boolean isEmpty() {
    return paths.isEmpty();
  }

  long distinctKeys() {
    return distinct;
  }

  List<Path> paths() {
    return paths;
  }

  List<SpillRecord> indexes() {
    return indexes;
  }

  /** Drops the sort's scratch arrays (no more spills). */
  void release() {
    sorter.release();
  }
}
