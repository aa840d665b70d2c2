package org.hadoopopt.inputformats.loader;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.hadoopopt.inputformats.codec.BinaryCodecs;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.index.RangeIndexBuilder;
import org.hadoopopt.inputformats.kvsf.KvsfFileInfo;
import org.hadoopopt.inputformats.kvsf.KvsfWriter;
import org.hadoopopt.inputformats.mapreduce.KvsfOutputFormat;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Rows into a KeyValueSequenceFile whose pages are the index pages: the writer reports when a page
 * fills; page offsets come from the finished file's header (pages are at fixed offsets).
 */
final class KvsfPageSink implements LoadedOutputFormat.PageSink {
  private final FileSystem fs;
  private final Path file;
  private final KvsfWriter writer;
  private final MutableTextDecoder decoder;
  private final RangeIndexBuilder index;
  private final List<Object[]> pageKeys = new ArrayList<>();
  private Object first;
  private Object last;
  private long pagesSeen;

  KvsfPageSink(FileSystem fs, Path file, Schema schema, Configuration conf, int pageSize, RangeIndexBuilder index)
      throws IOException {
    this.fs = fs;
    this.file = file;
    this.index = index;
    Row row = schema.newRow();
    this.decoder = new MutableTextDecoder(schema, row);
    String codec = conf.get(KvsfOutputFormat.CODEC, "tuple");
    this.writer = new KvsfWriter(fs.create(file, false), file.toString(), schema, BinaryCodecs.forName(codec), pageSize);
  }

  @Override
  public void append(Object key, Text line) throws IOException {
    Row row = decoder.decodeLine(line.getBytes(), 0, line.getLength(), file.toString(), -1);
    writer.append(row);
    if (writer.pages() > pagesSeen) { // the previous page was written: this row opened a new one
      pageKeys.add(new Object[] {first, last});
      pagesSeen = writer.pages();
      first = null;
    }
    if (first == null) {
      first = key;
    }
    last = key;
  }

  @Override
  public void close() throws IOException {
    writer.close();
    if (first != null) {
      pageKeys.add(new Object[] {first, last});
    }
    KvsfFileInfo info;
    try (FSDataInputStream in = fs.open(file)) {
      info = KvsfFileInfo.read(in, file.toString(), fs.getFileStatus(file).getLen());
    }
    if (info.pageCount() != pageKeys.size()) {
      throw new IOException(file + ": wrote " + info.pageCount() + " pages but counted " + pageKeys.size());
    }
    for (int k = 0; k < pageKeys.size(); k++) {
      index.addPage(pageKeys.get(k)[0], pageKeys.get(k)[1], info.pageOffset(k), info.pageBytes(k));
    }
  }
}
