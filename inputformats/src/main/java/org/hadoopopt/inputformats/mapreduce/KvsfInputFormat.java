package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.hadoopopt.inputformats.kvsf.KvsfFileInfo;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Hands the mutable rows of KeyValueSequenceFiles to mappers (key: NullWritable). Splits are
 * FileInputFormat's moved to page boundaries (one header read per file); a reader takes the pages
 * that start inside its split anyway, so a split of any shape is readable without scanning from
 * the file start. A subclass fixes the table (the benchmark's Pavlo formats do);
 * {@link SchemaKvsfInputFormat} reads any table named by a key.
 */
public abstract class KvsfInputFormat<R extends Row> extends FileInputFormat<NullWritable, R> {
  protected abstract Schema schema();

  /** The table read with the job's configuration; {@link SchemaKvsfInputFormat} takes it from a key. */
  protected Schema schema(org.apache.hadoop.conf.Configuration conf) {
    return schema();
  }

  @Override
  public List<InputSplit> getSplits(JobContext job) throws IOException {
    Pushdown.get(job.getConfiguration(), schema(job.getConfiguration())); // a bad pushdown key fails the job at submission
    conf = job.getConfiguration();
    ScanSplits.get(conf); // a bad split size too
    List<InputSplit> aligned = new ArrayList<>();
    Path infoOf = null;
    KvsfFileInfo info = null;
    for (InputSplit s : super.getSplits(job)) {
      FileSplit split = (FileSplit) s;
      Path path = split.getPath();
      if (!path.equals(infoOf)) {
        infoOf = path;
        info = readInfo(job, path);
      }
      if (info == null) {
        aligned.add(split); // unreadable header: the task reports it, naming the file
        continue;
      }
      long start = info.pageOffset(info.firstPageAtOrAfter(split.getStart()));
      long endPage = info.firstPageAtOrAfter(split.getStart() + split.getLength());
      long end = endPage >= info.pageCount() ? Math.max(start, fileLength(job, path)) : info.pageOffset(endPage);
      if (endPage > info.firstPageAtOrAfter(split.getStart())) {
        aligned.add(new FileSplit(path, start, end - start, split.getLocations()));
      }
    }
    return aligned;
  }

  private org.apache.hadoop.conf.Configuration conf;

  /** {@link ScanSplits#SPLIT_BYTES} when set, else Hadoop's size. */
  @Override
  protected long computeSplitSize(long blockSize, long minSize, long maxSize) {
    long hadoops = super.computeSplitSize(blockSize, minSize, maxSize);
    return conf == null ? hadoops : ScanSplits.splitSize(conf, hadoops);
  }

  private static KvsfFileInfo readInfo(JobContext job, Path path) {
    try {
      FileSystem fs = path.getFileSystem(job.getConfiguration());
      try (FSDataInputStream in = fs.open(path)) {
        return KvsfFileInfo.read(in, path.toString(), fs.getFileStatus(path).getLen());
      }
    } catch (IOException e) {
      return null;
    }
  }

  private static long fileLength(JobContext job, Path path) throws IOException {
    return path.getFileSystem(job.getConfiguration()).getFileStatus(path).getLen();
  }

  @Override
  public RecordReader<NullWritable, R> createRecordReader(InputSplit split, TaskAttemptContext ctx) {
    return new KvsfRecordReader<R>(schema(ctx.getConfiguration()));
  }
}
