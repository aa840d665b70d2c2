package org.hadoopopt.shmstreaming.io;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.streaming.PipeMapRed;
import org.apache.hadoop.streaming.PipeMapper;

/**
 * What an output reader hands Streaming for a block of program output: its records one at a time
 * ({@link OutputLines}), or, where the job writes them with the plain {@code TextOutputFormat}
 * and nothing else sees single records (map output without reducers, reduce output), the whole
 * block as one key with a null value ({@link DirectTextBlock}), its other records added to the
 * output format's record counter, which counts one per write.
 */
final class OutputBlocks {
  private final PipeMapRed pipeMapRed;
  private final OutputLines lines;
  private final DirectTextBlock direct;
  private final TaskCounter recordCounter;
  private final int separatorLength;
  private final Text key = new Text();
  private final Text value = new Text();
  private Text currentKey = key;
  private Object currentValue = value;
  private Reporter reporter;
  private byte[] buf;
  private boolean inBlock;

  OutputBlocks(PipeMapRed pipeMapRed) throws IOException {
    this.pipeMapRed = pipeMapRed;
    Configuration conf = pipeMapRed.getConfiguration();
    byte[] separator = pipeMapRed.getFieldSeparator();
    this.separatorLength = separator.length;
    this.lines = new OutputLines(separator, pipeMapRed.getNumOfKeyFields());
    boolean map = pipeMapRed instanceof PipeMapper;
    try {
      this.direct = StreamBlocks.directOutput(conf, map) ? new DirectTextBlock(StreamBlocks.textOutputSeparator(conf)) : null;
    } catch (IllegalArgumentException e) {
      throw new IOException(e.getMessage(), e);
    }
    this.recordCounter = map ? TaskCounter.MAP_OUTPUT_RECORDS : TaskCounter.REDUCE_OUTPUT_RECORDS;
  }

  /** A block of whole lines in {@code b[0, len)} (kept until used up): true, its first record or all of it current. */
  boolean start(byte[] b, int len) {
    if (reporter == null) {
      reporter = ShmChannel.reporter(pipeMapRed); // the output thread's, which exists once it reads
    }
    reporter.incrCounter(ShmCounter.OUTPUT_BLOCKS, 1);
    lines.reset(b, len);
    buf = b;
    if (direct != null) {
      currentKey = direct.rewrite(lines, b);
      currentValue = NullWritable.get();
      reporter.incrCounter(recordCounter, direct.records() - 1);
      reporter.incrCounter(ShmCounter.DIRECT_OUTPUT_BLOCKS, 1);
      return true;
    }
    currentKey = key;
    currentValue = value;
    inBlock = true;
    return next();
  }

  /** The block's next record current; false (and out of the block) when it is used up. */
  boolean next() {
    if (!inBlock || !lines.next()) {
      inBlock = false;
      return false;
    }
    int s = lines.start();
    int e = lines.end();
    int k = lines.keyEnd();
    if (k < 0) {
      key.set(buf, s, e - s);
      value.clear();
    } else {
      key.set(buf, s, k - s);
      value.set(buf, k + separatorLength, e - k - separatorLength);
    }
    return true;
  }

  boolean inBlock() {
    return inBlock;
  }

  Text key() {
    return currentKey;
  }

  Object value() {
    return currentValue;
  }

  /** The last record made current, as text (for Streaming's error context). */
  String last() {
    String k = currentKey.toString();
    if (currentKey != key) {
      return k.substring(k.lastIndexOf('\n') + 1);
    }
    return value.getLength() > 0 ? k + "\t" + value : k;
  }
}
