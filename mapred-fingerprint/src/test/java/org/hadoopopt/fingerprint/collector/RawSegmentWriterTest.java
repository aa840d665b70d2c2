package org.hadoopopt.fingerprint.collector;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.IFile;
import org.junit.jupiter.api.Test;

/**
 * The table spill's raw segment writer against Hadoop's {@code IFile.Writer}: several segments
 * back to back in one stream (as a spill's partitions), empty ones, keys and values of every vint
 * width up to past the writer's buffer: the same bytes, raw and on-disk lengths, and record counts.
 */
class RawSegmentWriterTest {
  @Test
  void segmentsAreIFileWritersBytesAndLengths() throws Exception {
    Random r = new Random(42);
    int[][] sizes = {{}, {0}, {1, 127, 128, 255}, {}, {70_000, 3, 200_000}, {5, 5, 5, 5, 5, 5, 5, 5, 5, 5}};
    ByteArrayOutputStream stock = new ByteArrayOutputStream();
    ByteArrayOutputStream ours = new ByteArrayOutputStream();
    FSDataOutputStream stockOut = new FSDataOutputStream(stock, null);
    FSDataOutputStream ourOut = new FSDataOutputStream(ours, null);
    Counters counters = new Counters();
    Counters.Counter stockCount = counters.findCounter("t", "stock");
    Counters.Counter ourCount = counters.findCounter("t", "ours");
    Configuration conf = new Configuration(false);
    for (int[] segment : sizes) {
      IFile.Writer<Object, Object> w = new IFile.Writer<Object, Object>(conf, stockOut, null, null, null, stockCount);
      RawSegmentWriter raw = new RawSegmentWriter(ourOut);
      long stockStart = stockOut.getPos();
      for (int n : segment) {
        byte[] k = new byte[n];
        byte[] v = new byte[(n * 7) % 300];
        r.nextBytes(k);
        r.nextBytes(v);
        DataInputBuffer kb = new DataInputBuffer();
        DataInputBuffer vb = new DataInputBuffer();
        kb.reset(k, 0, k.length);
        vb.reset(v, 0, v.length);
        w.append(kb, vb);
        raw.append(k, 0, k.length, v, 0, v.length);
      }
      w.close();
      raw.close(ourCount);
      assertEquals(w.getRawLength(), raw.rawLength(), "raw length");
      assertEquals(w.getCompressedLength(), raw.onDiskLength(), "on-disk length");
      assertEquals(stockOut.getPos() - stockStart, raw.onDiskLength());
    }
    stockOut.flush();
    ourOut.flush();
    assertArrayEquals(stock.toByteArray(), ours.toByteArray());
    assertEquals(stockCount.getValue(), ourCount.getValue());
    assertEquals(18, ourCount.getValue());
  }
}
