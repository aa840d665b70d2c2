package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Hands '|' text tables to mappers as one reused mutable row per task (key: the line's byte
 * offset), decoded in place by {@link org.hadoopopt.inputformats.codec.MutableTextDecoder}.
 * Splitting, compression and line handling are Hadoop's {@code LineRecordReader}'s. A subclass fixes
 * the table (the benchmark's Pavlo formats do); {@link SchemaTextInputFormat} reads any table named by a key.
 * A {@link Pushdown} predicate is applied in the reader.
 */
public abstract class MutableTextInputFormat<R extends Row> extends FileInputFormat<LongWritable, R> {
  protected abstract Schema schema();

  /** The table read with the job's configuration; {@link SchemaTextInputFormat} takes it from a key. */
  protected Schema schema(Configuration conf) {
    return schema();
  }

  /**
   * FileInputFormat's splits (of {@link ScanSplits#SPLIT_BYTES} if set), as {@link ScanSplit}s
   * unless {@link ScanSplits#OWN_SPLITS} is off, combined with {@link ScanSplits#COMBINE} or sized
   * to the map slots with {@link ScanSplits#SLOTS}, after
   * checking the {@link Pushdown} and split keys (a bad one fails the job at submission).
   */
  @Override
  public List<InputSplit> getSplits(JobContext job) throws IOException {
    Pushdown.get(job.getConfiguration(), schema(job.getConfiguration()));
    conf = job.getConfiguration();
    long size = ScanSplits.get(conf); // a bad split size fails the job at submission
    boolean own = ScanSplits.ownSplits(conf);
    boolean combine = ScanSplits.combine(conf);
    int slots = ScanSplits.slots(conf);
    List<InputSplit> splits = super.getSplits(job);
    if (!own) {
      return splits;
    }
    if (slots > 0) {
      return ScanSplits.sizedToSlots(splits, slots, size, path -> isSplitable(job, path));
    }
    long target = size;
    for (InputSplit s : splits) {
      target = Math.max(target, ((org.apache.hadoop.mapreduce.lib.input.FileSplit) s).getLength()); // unset: Hadoop's split size, its largest piece
    }
    return ScanSplits.toScanSplits(splits, combine, target);
  }

  private Configuration conf;

  /** As Hadoop's {@code TextInputFormat}: uncompressed files, or a codec that can split. */
  @Override
  protected boolean isSplitable(JobContext job, org.apache.hadoop.fs.Path file) {
    org.apache.hadoop.io.compress.CompressionCodec codec =
        new org.apache.hadoop.io.compress.CompressionCodecFactory(job.getConfiguration()).getCodec(file);
    return codec == null || codec instanceof org.apache.hadoop.io.compress.SplittableCompressionCodec;
  }

  /** {@link ScanSplits#SPLIT_BYTES} when set, else Hadoop's size. */
  @Override
  protected long computeSplitSize(long blockSize, long minSize, long maxSize) {
    long hadoops = super.computeSplitSize(blockSize, minSize, maxSize);
    return conf == null ? hadoops : ScanSplits.splitSize(conf, hadoops);
  }

  @Override
  public RecordReader<LongWritable, R> createRecordReader(InputSplit split, TaskAttemptContext ctx) {
    return new MutableTextRecordReader<R>(schema(ctx.getConfiguration()));
  }
}
