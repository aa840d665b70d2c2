package org.hadoopopt.fingerprint.shuffle;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapred.IFile;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.Merger;
import org.apache.hadoop.mapred.RawKeyValueIterator;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.util.Progress;

/** Hadoop's {@code Merger} over the same records, written as real IFiles: the order to match. */
final class HadoopMerge {
  private HadoopMerge() {}

  /** One record as compared: the key's bytes, then the value's tag. */
  static byte[] record(byte[] key, long tag) {
    byte[] r = Arrays.copyOf(key, key.length + 8);
    for (int i = 0; i < 8; i++) {
      r[key.length + i] = (byte) (tag >>> (56 - 8 * i));
    }
    return r;
  }

  /**
   * Writes each segment's serialized keys (values tagged as {@code FingerprintMergeOrderTest} tags
   * them: segment * 1e6 + the IFile offset before the value) and merges them in one pass in list
   * order, as the map side's spill merge (up to {@code io.sort.factor} spills) and the reduce side's
   * merge of in-memory outputs call it.
   */
  static List<byte[]> records(Class<?> keyClass, List<List<byte[]>> segments, RawComparator<?> cmp) throws IOException {
    JobConf conf = new JobConf();
    FileSystem fs = FileSystem.getLocal(conf).getRaw();
    File dir = new File("target/hadoop-merge-" + ProcessHandle.current().pid());
    dir.mkdirs();
    List<Merger.Segment<Object, Object>> list = new ArrayList<>();
    try {
      for (int s = 0; s < segments.size(); s++) {
        Path p = new Path(new File(dir, "segment-" + s).getAbsolutePath());
        try (FSDataOutputStream out = fs.create(p, true)) {
          IFile.Writer<Object, Object> w = new IFile.Writer<>(conf, out, null, null, null, null);
          DataInputBuffer key = new DataInputBuffer();
          DataInputBuffer value = new DataInputBuffer();
          long offset = 0;
          for (byte[] k : segments.get(s)) {
            // the same tag as the in-memory IFile of the test: its length so far, key and lengths included
            offset += org.apache.hadoop.io.WritableUtils.getVIntSize(k.length)
                + org.apache.hadoop.io.WritableUtils.getVIntSize(8) + k.length;
            byte[] v = new byte[8];
            long tag = s * 1_000_000L + offset;
            for (int i = 0; i < 8; i++) {
              v[i] = (byte) (tag >>> (56 - 8 * i));
            }
            offset += 8;
            key.reset(k, k.length);
            value.reset(v, v.length);
            w.append(key, value);
          }
          w.close();
        }
        list.add(new Merger.Segment<Object, Object>(conf, fs, p, null, false));
      }
      @SuppressWarnings("unchecked")
      RawComparator<Object> c = (RawComparator<Object>) cmp;
      @SuppressWarnings("unchecked")
      Class<Object> k0 = (Class<Object>) keyClass;
      @SuppressWarnings({"unchecked", "rawtypes"})
      Class<Object> v0 = (Class) LongWritable.class;
      RawKeyValueIterator it = Merger.merge(conf, fs, k0, v0, null, list, list.size(),
          new Path(dir.getAbsolutePath(), "tmp"), c, Reporter.NULL, false, null, null, new Progress(), TaskType.MAP);
      List<byte[]> out = new ArrayList<>();
      while (it.next()) {
        DataInputBuffer k = it.getKey();
        DataInputBuffer v = it.getValue();
        byte[] key = Arrays.copyOfRange(k.getData(), k.getPosition(), k.getLength());
        out.add(record(key, WritableComparator.readLong(v.getData(), v.getPosition())));
      }
      it.close();
      return out;
    } finally {
      org.hadoopopt.testing.TestFiles.deleteRecursively(dir);
    }
  }
}
