package org.hadoopopt.fingerprint.collector;

import java.io.IOException;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.io.serializer.Deserializer;
import org.apache.hadoop.io.serializer.SerializationFactory;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.MapOutputCollector;

/**
 * The hash-grouping table's records handed to another collector when a task goes back to sorting
 * before any table spill: copied out compactly first, so that the caller can drop the table before
 * the other collector takes its memory, then collected there one by one.
 */
final class TableRecords {
  private TableRecords() {}

  /** The table's records as (partition, key length, key, value length, value), vints for the numbers. */
  static DataOutputBuffer copyOut(GroupTable table) throws IOException {
    DataOutputBuffer out = new DataOutputBuffer();
    ValueStore values = table.current;
    for (int e = 0; e < table.entries; e++) {
      for (int v = values.first(e); v >= 0; v = values.next(v)) {
        WritableUtils.writeVInt(out, table.index.partition(e));
        WritableUtils.writeVInt(out, table.index.keyLength(e));
        out.write(table.keys.data, table.index.keyStart(e), table.index.keyLength(e));
        WritableUtils.writeVInt(out, values.valueLength(v));
        out.write(values.arena.data, values.valueStart(v), values.valueLength(v));
      }
    }
    return out;
  }

  /**
   * Collects the copied records into INTO.
   * @return the records and their key and value bytes, which INTO counts again
   */
  static <K, V> long[] replay(DataOutputBuffer copied, JobConf job, Class<K> keyClass, Class<V> valClass,
      MapOutputCollector<K, V> into) throws IOException, InterruptedException {
    SerializationFactory serializations = new SerializationFactory(job);
    Deserializer<K> keys = serializations.getDeserializer(keyClass);
    Deserializer<V> values = serializations.getDeserializer(valClass);
    DataInputBuffer in = new DataInputBuffer();
    in.reset(copied.getData(), copied.getLength());
    DataInputBuffer keyIn = new DataInputBuffer();
    DataInputBuffer valueIn = new DataInputBuffer();
    keys.open(keyIn);
    values.open(valueIn);
    K k = null;
    V v = null;
    long n = 0;
    long bytes = 0;
    while (in.getPosition() < copied.getLength()) {
      int p = WritableUtils.readVInt(in);
      int kl = WritableUtils.readVInt(in);
      keyIn.reset(copied.getData(), in.getPosition(), kl);
      in.skip(kl);
      int vl = WritableUtils.readVInt(in);
      valueIn.reset(copied.getData(), in.getPosition(), vl);
      in.skip(vl);
      k = keys.deserialize(k);
      v = values.deserialize(v);
      into.collect(k, v, p);
      n++;
      bytes += kl + vl;
    }
    return new long[] {n, bytes};
  }
}
