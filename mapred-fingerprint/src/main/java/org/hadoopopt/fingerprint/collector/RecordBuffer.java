package org.hadoopopt.fingerprint.collector;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import org.apache.hadoop.io.Text;
import org.hadoopopt.fingerprint.sort.RecordIndex;
import org.hadoopopt.fingerprint.sort.RecordSorter;

/**
 * The serialized-record buffer and its {@link RecordIndex}, held within the memory budget
 * ({@code mapreduce.task.io.sort.mb}) as Hadoop's collector holds it: the byte array, the
 * index's arrays and the sorter's scratch arrays ({@link RecordSorter#scratchBytesPerRecord()}
 * per record of index capacity) never add up to more than the budget, old arrays still live
 * during a copy included. The key and value serializers write into it as an
 * {@link OutputStream}; when it is full it asks its owner to spill the complete records and
 * moves the record in progress to the front.
 *
 * <p>Sizes: the arrays start small and double while they hold at most 1/64 of the budget, so a
 * small map output allocates little. Past that they are replaced, once, by arrays of the rest of
 * the budget (the small ones are live while their records are copied over), split between data
 * and index by the average record size so far. They never grow again: after a spill, when the
 * spilled records' average size asks for a split far from the present one, the arrays are
 * dropped and allocated anew, only the record in progress kept aside. A record that does not fit
 * in the empty buffer is not buffered: {@link RecordTooLargeException} tells the owner to write
 * it directly, as Hadoop does.
 *
 * <p>The soft limit ({@code mapreduce.map.sort.spill.percent} of the budget) counts the records
 * as Hadoop's collector does, serialized bytes plus 16 bytes each, so a spill starts where
 * Hadoop's first spill starts whenever the arrays have room for it.
 */
final class RecordBuffer extends OutputStream {
  /** Writes the complete (indexed) records to a spill; the buffer forgets them afterwards. */
  interface Spiller {
    void spillIndexed() throws IOException;
  }

  /** A record that does not fit in the empty buffer; the owner drops it here and writes it directly. */
  static final class RecordTooLargeException extends IOException {
    private static final long serialVersionUID = 1L;

    RecordTooLargeException(long bytes, long capacity) {
      super("record of at least " + bytes + " bytes, buffer of " + capacity + " bytes");
    }
  }

  /** Hadoop's MapOutputBuffer keeps four ints of metadata a record; the soft limit counts the same. */
  static final int STOCK_METADATA_BYTES = 16;
  private static final int INITIAL_DATA = 256 * 1024;
  private static final int INITIAL_RECORDS = 4096;
  private static final int MIN_RECORDS = 16;
  /** The arrays double while they hold at most 1/SMALL_SHARE of the budget. */
  private static final int SMALL_SHARE = 64;
  private static final long MAX_ARRAY = Integer.MAX_VALUE - 16;

  private final long budget;
  private final long softLimit;
  private final long smallLimit;
  /** Bytes a record of index capacity costs: the index plus the sorter's scratch. */
  private final int meta;
  private final RecordSorter sorter;
  private final Spiller spiller;
  private final RecordIndex index;
  private byte[] data;
  private int pos;
  private int recordStart;
  /** The arrays were sized from the whole budget: they do not grow any more. */
  private boolean full;

  RecordBuffer(long budget, float spillPercent, RecordSorter sorter, Spiller spiller) {
    this.budget = budget;
    this.softLimit = (long) (budget * (double) spillPercent);
    this.smallLimit = budget / SMALL_SHARE;
    this.meta = RecordIndex.BYTES_PER_RECORD + sorter.scratchBytesPerRecord();
    this.sorter = sorter;
    this.spiller = spiller;
    this.index = new RecordIndex((int) Math.min(INITIAL_RECORDS, Math.max(MIN_RECORDS, smallLimit / 2 / meta)));
    this.data = new byte[(int) Math.min(INITIAL_DATA, Math.max(64, smallLimit / 2))];
  }

  byte[] data() {
    return data;
  }

  RecordIndex index() {
    return index;
  }

  int position() {
    return pos;
  }

  int recordStart() {
    return recordStart;
  }

  void startRecord() {
    recordStart = pos;
  }

  /** Forgets the record in progress (after {@link RecordTooLargeException}). */
  void dropRecord() {
    pos = recordStart;
  }

  /** @return the bytes of the arrays this buffer and its sorter may hold at most now (for tests and logs) */
  long allocatedBytes() {
    return data.length + (long) index.capacity() * meta;
  }

  /**
   * Indexes the record in progress (key of {@code keyLength} bytes at {@link #recordStart()}).
   * @return true when the buffer has reached its soft limit and should be spilled
   */
  boolean commit(int partition, int keyLength, long fingerprint) throws IOException {
    if (index.size() == index.capacity() && !growIndex()) {
      spill(); // the record moves to the front
      if (index.size() == index.capacity()) {
        throw new IllegalStateException("record index of capacity " + index.capacity() + " still full after a spill");
      }
    }
    index.add(partition, recordStart, recordStart + keyLength, pos, fingerprint);
    recordStart = pos;
    return pos + (long) index.size() * STOCK_METADATA_BYTES >= softLimit;
  }

  /** Writes a Text key's bytes as {@code Text.write} gives them, without a DataOutputStream ({@link RawWrites}). */
  void writeText(Text t) throws IOException {
    int n = t.getLength();
    ensure(RawWrites.vIntSize(n) + n);
    pos += RawWrites.writeVInt(data, pos, n);
    System.arraycopy(t.getBytes(), 0, data, pos, n);
    pos += n;
  }

  /** Writes a LongWritable or IntWritable value's bytes ({@link RawWrites#writeFixed}). */
  void writeFixed(Object v) throws IOException {
    ensure(RawWrites.fixedWidth(v.getClass()));
    pos += RawWrites.writeFixed(v, data, pos);
  }

  @Override
  public void write(int b) throws IOException {
    ensure(1);
    data[pos++] = (byte) b;
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    ensure(len);
    System.arraycopy(b, off, data, pos, len);
    pos += len;
  }

  private void ensure(int extra) throws IOException {
    long need = pos + (long) extra;
    if (need <= data.length || growData(need)) {
      return;
    }
    if (index.size() > 0) {
      spill();
      need = pos + (long) extra;
      if (need <= data.length || growData(need)) {
        return;
      }
    }
    if (full && makeRoom(need)) {
      return;
    }
    throw new RecordTooLargeException(need - recordStart, data.length);
  }

  /**
   * Gives the empty buffer's data array room for one large record, taken from the index, as
   * Hadoop's buffer holds any record smaller than itself; the next spill sizes both anew.
   * @return false when the budget cannot hold {@code need} bytes and a minimal index
   */
  private boolean makeRoom(long need) {
    int partial = pos - recordStart;
    long total = budget - partial;
    if (index.size() != 0 || need + (long) MIN_RECORDS * meta > Math.min(total, MAX_ARRAY)) {
      return false;
    }
    long records = Math.max(MIN_RECORDS, Math.min(index.capacity(), (total - need) / meta));
    reallocate(total - records * meta, records);
    return true;
  }

  /** Spills the complete records and makes their room free for more. */
  void spill() throws IOException {
    spiller.spillIndexed();
    afterSpill();
  }

  /** Spills the complete records and drops the arrays (at flush: no more records come). */
  void spillLast() throws IOException {
    spiller.spillIndexed();
    index.clear();
    index.reallocate(0);
    data = new byte[0];
    pos = 0;
    recordStart = 0;
    sorter.release();
  }

  private boolean growData(long need) {
    if (full) {
      return false;
    }
    long doubled = Math.max(data.length * 2L, need);
    if (doubled + (long) index.capacity() * meta <= smallLimit) {
      data = Arrays.copyOf(data, (int) doubled);
      return true;
    }
    jumpToFull(need - recordStart);
    return need <= data.length;
  }

  private boolean growIndex() {
    if (full) {
      return false;
    }
    long doubled = index.capacity() * 2L;
    if (data.length + doubled * meta <= smallLimit) {
      index.grow((int) doubled);
      return true;
    }
    jumpToFull(pos - recordStart);
    return index.size() < index.capacity();
  }

  /**
   * Replaces the small arrays by arrays of the rest of the budget, keeping their contents (both
   * are live during the copy, so the new ones get the budget less the old ones).
   * @param current the size of the record in progress so far, the average's estimate if no record is complete
   */
  private void jumpToFull(long current) {
    full = true;
    sorter.release();
    long avail = budget - allocatedBytes();
    int n = index.size();
    long avg = Math.max(1, n > 0 ? recordStart / n : current);
    long[] split = split(avail, avg, pos, Math.max(n + 1, MIN_RECORDS));
    if (split == null) {
      return; // the budget holds no more than the small arrays: stay with them
    }
    data = Arrays.copyOf(data, (int) split[0]);
    index.grow((int) split[1]);
  }

  /**
   * Divides {@code total} bytes between data and index for records of {@code avg} bytes.
   * @return {data bytes, records}, or null when {@code total} cannot hold {@code minData} bytes
   *     and {@code minRecords} records
   */
  private long[] split(long total, long avg, long minData, long minRecords) {
    long records = Math.min(total / (avg + meta), MAX_ARRAY / 2);
    records = Math.max(records, minRecords);
    long dataBytes = Math.min(total - records * meta, MAX_ARRAY);
    if (dataBytes < minData) {
      dataBytes = minData;
      records = Math.min((total - dataBytes) / meta, MAX_ARRAY / 2);
    }
    return records < minRecords || dataBytes < minData ? null : new long[] {dataBytes, records};
  }

  /**
   * Forgets the spilled records and keeps the record in progress (moved to the front); when the
   * spilled records' average size asks for a split far from the present one, allocates the
   * arrays anew for it.
   */
  private void afterSpill() {
    int spilled = index.size();
    int spilledBytes = index.end();
    int partial = pos - recordStart;
    index.clear();
    if (full && spilled > 0 && partial <= smallLimit) {
      long avg = Math.max(1, spilledBytes / spilled);
      long want = budget / (avg + meta);
      int capacity = index.capacity();
      if (capacity < want * 3 / 4 || capacity > want * 2) {
        resplit(avg, partial);
        return;
      }
    }
    System.arraycopy(data, recordStart, data, 0, partial);
    pos = partial;
    recordStart = 0;
  }

  /** Drops the arrays and allocates them anew for records of {@code avg} bytes, keeping the record in progress. */
  private void resplit(long avg, int partial) {
    long[] split = split(budget - partial, avg, partial, MIN_RECORDS);
    if (split == null) {
      System.arraycopy(data, recordStart, data, 0, partial);
      pos = partial;
      recordStart = 0;
      return;
    }
    reallocate(split[0], split[1]);
  }

  /**
   * Drops the arrays and allocates {@code dataBytes} and {@code records} anew (the index is
   * empty), keeping the record in progress aside: old and new arrays are never live together.
   */
  private void reallocate(long dataBytes, long records) {
    sorter.release();
    byte[] kept = Arrays.copyOfRange(data, recordStart, pos);
    data = null;
    index.reallocate((int) records);
    data = new byte[(int) Math.min(dataBytes, MAX_ARRAY)];
    System.arraycopy(kept, 0, data, 0, kept.length);
    pos = kept.length;
    recordStart = 0;
  }
}
