package org.hadoopopt.inputformats.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.hadoopopt.inputformats.codec.BinaryCodecs;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.kvsf.KvsfFileInfo;
import org.hadoopopt.inputformats.kvsf.KvsfWriter;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.inputformats.record.UserVisitsRecord;
import org.hadoopopt.pavlo.data.SampleRows;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** KvsfInputFormat moves FileInputFormat's splits to page boundaries; its readers then read every row once. */
class KvsfInputFormatSplitsTest {
  @TempDir
  File dir;

  @Test
  void splitsStartOnPagesAndTogetherReadEveryRow() throws Exception {
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    FileSystem fs = FileSystem.getLocal(conf).getRaw();
    String[] lines = SampleRows.userVisits(21, 400);
    Path file = new Path(dir.getAbsolutePath(), "uv.kvsf");
    try (KvsfWriter w = new KvsfWriter(fs.create(file), file.toString(), Schema.USER_VISITS, BinaryCodecs.forName("writable"), 1024)) {
      MutableTextDecoder d = new MutableTextDecoder(Schema.USER_VISITS);
      for (String line : lines) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        w.append(d.decodeLine(b, 0, b.length, "test", 0));
      }
    }
    long length = fs.getFileStatus(file).getLen();
    KvsfFileInfo info = KvsfFileInfo.read(fs.open(file), file.toString(), length);

    Job job = Job.getInstance(conf);
    FileInputFormat.addInputPath(job, file);
    FileInputFormat.setMaxInputSplitSize(job, 3000); // not a multiple of the page size
    UserVisitsKvsfInputFormat format = new UserVisitsKvsfInputFormat();
    List<InputSplit> splits = format.getSplits(job);
    assertTrue(splits.size() > 5, "splits: " + splits.size());
    long expectedStart = info.pageOffset(0);
    List<String> rows = new ArrayList<>();
    for (InputSplit s : splits) {
      FileSplit fsplit = (FileSplit) s;
      assertEquals(expectedStart, fsplit.getStart(), "splits are contiguous and start on a page");
      assertEquals(0, (fsplit.getStart() - info.headerLength()) % info.pageSize());
      expectedStart = fsplit.getStart() + fsplit.getLength();
      TaskAttemptContextImpl ctx = new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
      try (RecordReader<NullWritable, UserVisitsRecord> r = format.createRecordReader(s, ctx)) {
        r.initialize(s, ctx);
        while (r.nextKeyValue()) {
          rows.add(r.getCurrentValue().toText());
        }
      }
    }
    assertEquals(length, expectedStart, "the last split ends at the end of the file");
    assertEquals(Arrays.asList(lines), rows);
  }
}
