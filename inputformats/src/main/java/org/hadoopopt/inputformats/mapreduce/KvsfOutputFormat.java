package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.hadoopopt.inputformats.codec.BinaryCodec;
import org.hadoopopt.inputformats.codec.BinaryCodecs;
import org.hadoopopt.inputformats.kvsf.KvsfLayout;
import org.hadoopopt.inputformats.kvsf.KvsfWriter;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/** Writes the job's values (mutable rows) into one KeyValueSequenceFile per task; keys are ignored. */
public class KvsfOutputFormat extends FileOutputFormat<Object, Row> {
  /** Bytes per page; default 131072 (128 KB), allowed 64 .. 1073741824 (1 GiB) and at most half
   * the writing task's heap (a page is buffered whole). A record must fit in one page. */
  public static final String PAGE_SIZE = "hadoopopt.input.kvsf.page.bytes";
  /** Record encoding: {@code writable}, {@code protobuf}, {@code tuple} (default) or a BinaryCodec class name. */
  public static final String CODEC = "hadoopopt.input.kvsf.codec";
  /**
   * The table the rows belong to: {@code rankings}, {@code uservisits} or a spec
   * {@code name(column:TYPE,...)} ({@link Schema#parse}); no default, required.
   */
  public static final String SCHEMA = "hadoopopt.input.kvsf.schema";

  public static void setPageSize(Job job, int bytes) {
    job.getConfiguration().setInt(PAGE_SIZE, KvsfLayout.checkPageSize(bytes, PAGE_SIZE));
  }

  public static void setCodec(Job job, String codecName) {
    BinaryCodecs.forName(codecName); // fail now, not in the tasks
    job.getConfiguration().set(CODEC, codecName);
  }

  public static void setSchema(Job job, Schema schema) {
    job.getConfiguration().set(SCHEMA, schema.spec());
  }

  static int pageSize(Configuration conf) {
    return KvsfLayout.checkPageSize(conf.getInt(PAGE_SIZE, KvsfLayout.DEFAULT_PAGE_SIZE), PAGE_SIZE);
  }

  static BinaryCodec codec(Configuration conf) {
    try {
      return BinaryCodecs.forName(conf.get(CODEC, "tuple"));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(CODEC + ": " + e.getMessage(), e);
    }
  }

  static Schema schema(Configuration conf) {
    String s = conf.get(SCHEMA);
    if (s == null) {
      throw new IllegalArgumentException(SCHEMA + " is not set: KvsfOutputFormat needs the table (rankings, uservisits or a spec name(column:TYPE,...))");
    }
    try {
      return Schema.forName(s);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(SCHEMA + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void checkOutputSpecs(org.apache.hadoop.mapreduce.JobContext job) throws IOException {
    Configuration conf = job.getConfiguration();
    schema(conf);
    codec(conf);
    pageSize(conf);
    super.checkOutputSpecs(job);
  }

  @Override
  public RecordWriter<Object, Row> getRecordWriter(TaskAttemptContext ctx) throws IOException {
    Configuration conf = ctx.getConfiguration();
    Path file = getDefaultWorkFile(ctx, ".kvsf");
    FileSystem fs = file.getFileSystem(conf);
    int pageSize = KvsfLayout.checkPageFitsHeap(pageSize(conf), Runtime.getRuntime().maxMemory(), PAGE_SIZE);
    FSDataOutputStream out = fs.create(file, false);
    final KvsfWriter writer = new KvsfWriter(out, file.toString(), schema(conf), codec(conf), pageSize);
    return new RecordWriter<Object, Row>() {
      @Override
      public void write(Object key, Row value) throws IOException {
        writer.append(value);
      }

      @Override
      public void close(TaskAttemptContext context) throws IOException {
        writer.close();
      }
    };
  }
}
