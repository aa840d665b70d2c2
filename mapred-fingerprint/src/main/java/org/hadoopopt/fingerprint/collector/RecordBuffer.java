package org.hadoopopt.fingerprint.collector;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import org.hadoopopt.fingerprint.sort.RecordIndex;

/**
 * The serialized-record buffer and its {@link RecordIndex}, within a memory budget
 * ({@code mapreduce.task.io.sort.mb}): the byte array plus the index's arrays never hold more
 * than the budget, except while one record larger than the whole budget passes through.
 * The key and value serializers write into it as an {@link OutputStream}; when it cannot grow,
 * it asks its owner to spill the complete records and moves the record in progress to the front.
 *
 * <p>Arrays start small and double, so small map outputs allocate little; after each spill both
 * are resized to the split that the spilled records' average size asks for.
 */
final class RecordBuffer extends OutputStream {
  /** Writes the complete (indexed) records to a spill; the buffer forgets them afterwards. */
  interface Spiller {
    void spillIndexed() throws IOException;
  }

  private static final int INITIAL_DATA = 256 * 1024;
  private static final int INITIAL_RECORDS = 4096;
  private static final int META = RecordIndex.BYTES_PER_RECORD;

  private final long budget;
  private final long softLimit;
  private final Spiller spiller;
  private final RecordIndex index;
  private byte[] data;
  private int pos;
  private int recordStart;

  RecordBuffer(long budget, float spillPercent, Spiller spiller) {
    this.budget = budget;
    this.softLimit = (long) (budget * (double) spillPercent);
    this.spiller = spiller;
    int records = (int) Math.min(INITIAL_RECORDS, Math.max(16, budget / (4 * META)));
    this.index = new RecordIndex(records);
    this.data = new byte[(int) Math.min(INITIAL_DATA, Math.max(64, budget / 4))];
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

  /**
   * Indexes the record in progress (key of {@code keyLength} bytes at {@link #recordStart()}).
   * @return true when the buffer has reached its soft limit and should be spilled
   */
  boolean commit(int partition, int keyLength, long fingerprint) throws IOException {
    if (index.size() == index.capacity() && !growIndex()) {
      spill();
      if (index.size() == index.capacity()) {
        index.grow(index.capacity() + 1); // only after a resize left no room: stay correct
      }
    }
    index.add(partition, recordStart, recordStart + keyLength, pos, fingerprint);
    recordStart = pos;
    return pos + (long) index.size() * META >= softLimit;
  }

  /**
   * Forgets the spilled records, keeps the record in progress (moved to the front), and resizes
   * the arrays to the split the spilled records ask for.
   */
  private void afterSpill() {
    int spilled = index.size();
    int spilledBytes = index.end();
    int partial = pos - recordStart;
    index.clear();
    long avgRecord = spilled == 0 ? 0 : Math.max(1, spilledBytes / spilled);
    if (avgRecord > 0) {
      long records = Math.max(16, budget / (META + avgRecord));
      if (index.capacity() < records * 3 / 4 || index.capacity() > records * 2) {
        index.grow((int) Math.min(records, Integer.MAX_VALUE - 16));
      }
    }
    long dataBudget = Math.max(partial, budget - (long) index.capacity() * META);
    byte[] target = data;
    if (data.length > dataBudget || (avgRecord > 0 && data.length < dataBudget * 3 / 4)) {
      // over budget after a huge record, or far below the split the records ask for
      target = new byte[(int) Math.min(Math.max(dataBudget, 64), Integer.MAX_VALUE - 16)];
    }
    System.arraycopy(data, recordStart, target, 0, partial);
    data = target;
    pos = partial;
    recordStart = 0;
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
    if (pos + (long) extra <= data.length) {
      return;
    }
    long need = pos + (long) extra;
    if (need > Integer.MAX_VALUE - 16) {
      throw new IOException("map output record of more than 2 GB cannot be buffered");
    }
    if (growData(need)) {
      return;
    }
    if (index.size() > 0) {
      spill();
      need = pos + (long) extra;
      if (need <= data.length || growData(need)) {
        return;
      }
    }
    // One record larger than the budget: let it grow past it; the owner spills it at commit.
    data = Arrays.copyOf(data, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(need, data.length * 2L)));
  }

  /** Spills the complete records and makes their room free for more. */
  void spill() throws IOException {
    spiller.spillIndexed();
    afterSpill();
  }

  private boolean growData(long need) {
    long avail = budget - (long) index.capacity() * META;
    long newCap = Math.min(Math.max(data.length * 2L, need), avail);
    if (newCap < need) {
      return false;
    }
    data = Arrays.copyOf(data, (int) newCap);
    return true;
  }

  private boolean growIndex() {
    long avail = (budget - data.length) / META;
    long newCap = Math.min(index.capacity() * 2L, avail);
    if (newCap <= index.capacity()) {
      return false;
    }
    index.grow((int) newCap);
    return true;
  }
}
