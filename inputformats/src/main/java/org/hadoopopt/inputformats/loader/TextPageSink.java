package org.hadoopopt.inputformats.loader;

import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.io.Text;
import org.hadoopopt.inputformats.index.RangeIndexBuilder;

/** '|' text in pages: runs of whole lines of at most the page size (a longer line is a page alone). */
final class TextPageSink implements LoadedOutputFormat.PageSink {
  private final OutputStream out;
  private final int pageSize;
  private final RangeIndexBuilder index;
  private long offset;
  private long pageStart;
  private Object first;
  private Object last;

  TextPageSink(OutputStream out, int pageSize, RangeIndexBuilder index) {
    this.out = out;
    this.pageSize = pageSize;
    this.index = index;
  }

  @Override
  public void append(Object key, Text line) throws IOException {
    int len = line.getLength() + 1;
    if (first != null && offset - pageStart + len > pageSize) {
      endPage();
    }
    if (first == null) {
      first = key;
      pageStart = offset;
    }
    last = key;
    out.write(line.getBytes(), 0, line.getLength());
    out.write('\n');
    offset += len;
  }

  private void endPage() {
    index.addPage(first, last, pageStart, offset - pageStart);
    first = null;
  }

  @Override
  public void close() throws IOException {
    if (first != null) {
      endPage();
    }
    out.close();
  }
}
