package org.hadoopopt.fingerprint.collector;

import java.io.IOException;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.serializer.Serializer;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.OutputCollector;
import org.apache.hadoop.mapred.RawKeyValueIterator;
import org.apache.hadoop.mapred.Task.CombinerRunner;
import org.apache.hadoop.util.Progress;

/**
 * One fold of the hash-grouping table: the job's combiner runs once over every entry holding two
 * or more values (each entry's values in a row, entries in table order; the combiner groups them
 * by equal key bytes), and its output becomes the entries' values in the spare store; entries
 * with one value are copied across. The combiner must give back the key it was handed: any other
 * key ends the fold with {@link KeyChanged}, the current store untouched.
 */
final class TableFold<K, V> implements RawKeyValueIterator, OutputCollector<K, V> {
  /** The combiner wrote a key other than the one it was combining. */
  static final class KeyChanged extends IOException {
    private static final long serialVersionUID = 1L;

    KeyChanged(String message) {
      super(message);
    }
  }

  /** The combiner's output did not fit the spare store (it grew the values). */
  static final class Overflow extends IOException {
    private static final long serialVersionUID = 1L;

    Overflow() {
      super("the combiner's output does not fit the table's spare value store");
    }
  }

  private final GroupTable table;
  private final ForwardingStream valueStream;
  private final Serializer<V> valueSerializer;
  private final Serializer<K> keySerializer;
  private final DataOutputBuffer outKey = new DataOutputBuffer();
  private final DataInputBuffer key = new DataInputBuffer();
  private final DataInputBuffer value = new DataInputBuffer();
  private final Counters.Counter combineOutput;
  private final String combinerName;
  private ValueStore from;
  private int entry;
  private int previous;
  private int v;
  private long groups;

  /**
   * @param valueSerializer the collector's, opened on {@code valueStream}, pointed at the spare
   *     store while folding
   * @param keySerializer a serializer of its own, opened here
   */
  TableFold(GroupTable table, ForwardingStream valueStream, Serializer<V> valueSerializer, Serializer<K> keySerializer,
      Counters.Counter combineOutput, String combinerName) throws IOException {
    this.table = table;
    this.valueStream = valueStream;
    this.valueSerializer = valueSerializer;
    this.keySerializer = keySerializer;
    this.combineOutput = combineOutput;
    this.combinerName = combinerName;
    keySerializer.open(outKey);
  }

  /** @return the number of key groups the combiner folded */
  long run(CombinerRunner<K, V> combiner) throws IOException, InterruptedException, ClassNotFoundException {
    from = table.current;
    ValueStore to = table.spare;
    try {
      copySingles(to);
      valueStream.target = to.arena;
      entry = -1;
      previous = -1;
      v = -1;
      groups = 0;
      combiner.combine(this, this);
    } catch (IOException | InterruptedException | ClassNotFoundException | RuntimeException e) {
      to.clear(table.entries);
      throw e;
    } finally {
      valueStream.target = from.arena;
    }
    table.swapStores();
    valueStream.target = table.current.arena;
    return groups;
  }

  private void copySingles(ValueStore to) throws IOException {
    for (int e = 0; e < table.entries; e++) {
      if (from.count[e] == 1) {
        int src = from.first(e);
        if (to.slotsFull()) {
          throw new Overflow();
        }
        int mark = to.mark();
        try {
          to.arena.append(from.arena.data, from.valueStart(src), from.valueLength(src));
        } catch (ByteArena.Full f) {
          throw new Overflow();
        }
        to.link(e, mark);
      }
    }
  }

  @Override
  public boolean next() {
    if (v >= 0) {
      int nv = from.next(v);
      if (nv >= 0) {
        v = nv;
        return true;
      }
    }
    int e = entry + 1;
    while (e < table.entries && from.count[e] < 2) {
      e++;
    }
    previous = entry;
    entry = e;
    if (e >= table.entries) {
      v = -1;
      return false;
    }
    groups++;
    v = from.first(e);
    return true;
  }

  @Override
  public DataInputBuffer getKey() {
    key.reset(table.keys.data, table.index.keyStart(entry), table.index.keyLength(entry));
    return key;
  }

  @Override
  public DataInputBuffer getValue() {
    value.reset(from.arena.data, from.valueStart(v), from.valueLength(v));
    return value;
  }

  @Override
  public Progress getProgress() {
    return null;
  }

  @Override
  public void close() {}

  /**
   * The combiner's output: the key must be the group's (the entry being read, or the previous
   * one when the combiner's context has already read ahead to the next group's first record).
   */
  @Override
  public void collect(K k, V val) throws IOException {
    outKey.reset();
    keySerializer.serialize(k);
    int target = sameKey(entry) ? entry : sameKey(previous) ? previous : -1;
    if (target < 0) {
      throw new KeyChanged("the combiner " + combinerName + " wrote the key '" + k
          + "', which is not the key it was combining");
    }
    ValueStore to = table.spare;
    if (to.slotsFull()) {
      throw new Overflow();
    }
    int mark = to.mark();
    try {
      valueSerializer.serialize(val);
    } catch (ByteArena.Full f) {
      to.rollback(mark);
      throw new Overflow();
    }
    to.link(target, mark);
    combineOutput.increment(1);
  }

  private boolean sameKey(int e) {
    if (e < 0 || e >= table.entries) {
      return false;
    }
    int len = outKey.getLength();
    return table.index.keyLength(e) == len && table.keys.equalsAt(table.index.keyStart(e), outKey.getData(), 0, len);
  }
}
