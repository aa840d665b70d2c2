package org.hadoopopt.directio.mapreduce;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.client.HdfsDataInputStream;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.hadoopopt.directio.client.DirectIoStatistics;

/**
 * The research's I/O micro-benchmark input: each record is one chunk of the split, read with
 * {@code FSDataInputStream.read(byte[])} (key = file offset, no value), so a no-op mapper measures
 * pure HDFS read cost. On close the reader adds {@link DirectIoCounter}s to the job.
 */
public class ScanInputFormat extends FileInputFormat<LongWritable, NullWritable> {
  /** Bytes per read; default {@value #CHUNK_BYTES_DEFAULT} (128 KB). Read by the record reader. */
  public static final String CHUNK_BYTES = "hadoopopt.directio.scan.chunk.bytes";
  public static final int CHUNK_BYTES_DEFAULT = 128 * 1024;

  public static void setChunkBytes(Job job, int bytes) {
    job.getConfiguration().setInt(CHUNK_BYTES, bytes);
  }

  static int chunkBytes(Configuration conf) {
    int n = conf.getInt(CHUNK_BYTES, CHUNK_BYTES_DEFAULT);
    if (n < 1) {
      throw new IllegalArgumentException(CHUNK_BYTES + " must be positive, got " + n);
    }
    return n;
  }

  @Override
  public RecordReader<LongWritable, NullWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
    return new ChunkReader();
  }

  static final class ChunkReader extends RecordReader<LongWritable, NullWritable> {
    private final LongWritable key = new LongWritable();
    private TaskAttemptContext context;
    private FSDataInputStream in;
    private byte[] chunk;
    private long start;
    private long pos;
    private long end;
    private long fallbacksAtStart;
    private long readNanos;

    @Override
    public void initialize(InputSplit split, TaskAttemptContext ctx) throws IOException {
      FileSplit fs = (FileSplit) split;
      context = ctx;
      chunk = new byte[chunkBytes(ctx.getConfiguration())];
      Path p = fs.getPath();
      start = fs.getStart();
      pos = start;
      end = start + fs.getLength();
      fallbacksAtStart = DirectIoStatistics.fallbacks();
      in = p.getFileSystem(ctx.getConfiguration()).open(p);
      in.seek(start);
    }

    @Override
    public boolean nextKeyValue() throws IOException {
      if (pos >= end) {
        return false;
      }
      int want = (int) Math.min(chunk.length, end - pos);
      int got = 0;
      long t0 = System.nanoTime();
      while (got < want) {
        int n = in.read(chunk, got, want - got);
        if (n < 0) {
          throw new IOException("split of " + context.getTaskAttemptID() + " ends early at offset " + (pos + got));
        }
        got += n;
      }
      readNanos += System.nanoTime() - t0;
      key.set(pos);
      pos += got;
      return true;
    }

    @Override
    public LongWritable getCurrentKey() {
      return key;
    }

    @Override
    public NullWritable getCurrentValue() {
      return NullWritable.get();
    }

    @Override
    public float getProgress() {
      return end == start ? 1f : (pos - start) / (float) (end - start);
    }

    @Override
    public void close() throws IOException {
      if (in == null) {
        return;
      }
      if (in instanceof HdfsDataInputStream) {
        HdfsDataInputStream h = (HdfsDataInputStream) in;
        long direct = h.getReadStatistics().getTotalShortCircuitBytesRead();
        context.getCounter(DirectIoCounter.DIRECT_BYTES).increment(direct);
        context.getCounter(DirectIoCounter.STREAMED_BYTES).increment(h.getReadStatistics().getTotalBytesRead() - direct);
      }
      context.getCounter(DirectIoCounter.FALLBACKS).increment(DirectIoStatistics.fallbacks() - fallbacksAtStart);
      context.getCounter(DirectIoCounter.READ_MICROS).increment(readNanos / 1000);
      in.close();
      in = null;
    }
  }
}
