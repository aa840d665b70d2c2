package org.hadoopopt.fingerprint.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.hadoopopt.fingerprint.sort.RadixRecordSorter;
import org.junit.jupiter.api.Test;

/** The buffer's memory budget and spill points, record by record. */
class RecordBufferTest {
  private final List<Integer> spills = new ArrayList<>();
  private RecordBuffer buffer;

  private RecordBuffer newBuffer(long budget, float spillPercent) {
    buffer = new RecordBuffer(budget, spillPercent, new RadixRecordSorter(), () -> spills.add(buffer.index().size()));
    return buffer;
  }

  /** Appends one record of the given sizes as the collector does; returns whether it was buffered. */
  private boolean add(int keyBytes, int valueBytes, long budget) throws IOException {
    RecordBuffer b = buffer;
    b.startRecord();
    try {
      b.write(new byte[keyBytes], 0, keyBytes);
      int keyLength = b.position() - b.recordStart();
      b.write(new byte[valueBytes], 0, valueBytes);
      if (b.commit(0, keyLength, 0L)) {
        b.spill();
      }
    } catch (RecordBuffer.RecordTooLargeException e) {
      b.dropRecord();
      return false;
    } finally {
      assertTrue(b.allocatedBytes() <= budget, "arrays of " + b.allocatedBytes() + " bytes over the budget " + budget);
    }
    return true;
  }

  @Test
  void firstSpillComesWhereHadoopsDoes() throws IOException {
    // Hadoop's TestJobCounters arithmetic: 1 MB at 50%, 16-byte records plus 16 bytes of metadata: 2^14 a spill
    long budget = 1 << 20;
    newBuffer(budget, 0.5f);
    for (int i = 0; i < 20480; i++) {
      assertTrue(add(12, 4, budget));
    }
    assertEquals(List.of(16384), spills);
  }

  @Test
  void mixedRecordsStayWithinTheBudget() throws IOException {
    long budget = 4 << 20;
    newBuffer(budget, 0.8f);
    Random r = new Random(7);
    int buffered = 0;
    for (int i = 0; i < 200_000; i++) {
      int phase = i / 50_000; // tiny records, then large, then tiny again, then mixed
      int value = phase == 0 || phase == 2 ? r.nextInt(8) : phase == 1 ? 2000 + r.nextInt(20000) : r.nextInt(3000);
      buffered += add(4 + r.nextInt(12), value, budget) ? 1 : 0;
    }
    assertEquals(200_000, buffered, "every record fits the budget");
    assertTrue(spills.size() > 10, "spills: " + spills.size());
  }

  @Test
  void largeRecordsGetRoomOrAreRefused() throws IOException {
    long budget = 4 << 20;
    newBuffer(budget, 0.8f);
    for (int i = 0; i < 1000; i++) {
      assertTrue(add(10, 10, budget));
    }
    assertTrue(add(10, 3 << 20, budget), "a 3 MB record fits a 4 MB buffer, as in Hadoop's");
    assertTrue(add(10, 10, budget));
    assertTrue(!add(10, 5 << 20, budget), "a 5 MB record is refused, to be written on its own");
    assertTrue(add(10, 10, budget), "records after it are buffered again");
    assertThrows(RecordBuffer.RecordTooLargeException.class, () -> {
      buffer.startRecord();
      buffer.write(new byte[5 << 20], 0, 5 << 20);
    });
  }
}
