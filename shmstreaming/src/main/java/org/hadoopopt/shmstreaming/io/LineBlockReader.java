package org.hadoopopt.shmstreaming.io;

import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapreduce.TaskCounter;

/**
 * Gathers the lines of Hadoop's line reader into blocks: a record's value is up to
 * {@code blockBytes} of lines joined by newlines (no newline after the last), which is byte for
 * byte what {@code TextInputWriter} would write for those lines one at a time, and its key the
 * first line's offset. A line longer than a block is a block of its own. So Streaming's map loop,
 * {@code MapTask}'s byte-statistics walk and the ring's bookkeeping run once per block, not once
 * per line. {@code MAP_INPUT_RECORDS} still counts lines: {@code MapTask} counts one per block and
 * this reader adds the rest.
 */
final class LineBlockReader implements RecordReader<LongWritable, Text> {
  private final RecordReader<LongWritable, Text> lines;
  private final Reporter reporter;
  private final int blockBytes;
  private final LongWritable lineKey;
  private final Text line;
  /** A line read but not yet handed out (it did not fit the last block). */
  private boolean pending;

  LineBlockReader(RecordReader<LongWritable, Text> lines, Reporter reporter, int blockBytes) {
    this.lines = lines;
    this.reporter = reporter;
    this.blockBytes = blockBytes;
    this.lineKey = lines.createKey();
    this.line = lines.createValue();
  }

  @Override
  public boolean next(LongWritable key, Text block) throws IOException {
    block.clear();
    if (!pending && !lines.next(lineKey, line)) {
      return false;
    }
    pending = false;
    key.set(lineKey.get());
    block.append(line.getBytes(), 0, line.getLength());
    long count = 1;
    while (block.getLength() < blockBytes && lines.next(lineKey, line)) {
      if (block.getLength() + 1 + line.getLength() > blockBytes) {
        pending = true;
        break;
      }
      block.append(NEWLINE, 0, 1);
      block.append(line.getBytes(), 0, line.getLength());
      count++;
    }
    if (count > 1) {
      reporter.incrCounter(TaskCounter.MAP_INPUT_RECORDS, count - 1);
    }
    reporter.incrCounter(ShmCounter.INPUT_BLOCKS, 1);
    return true;
  }

  private static final byte[] NEWLINE = {'\n'};

  @Override
  public LongWritable createKey() {
    return new LongWritable();
  }

  @Override
  public Text createValue() {
    return new Text();
  }

  @Override
  public long getPos() throws IOException {
    return lines.getPos();
  }

  @Override
  public void close() throws IOException {
    lines.close();
  }

  @Override
  public float getProgress() throws IOException {
    return lines.getProgress();
  }
}
