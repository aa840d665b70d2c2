package org.hadoopopt.inputformats.kvsf;

import java.io.IOException;

/** The writer refuses a record whose encoding does not fit in one page: records never span pages. */
public class RecordTooLargeException extends IOException {
  private static final long serialVersionUID = 1L;

  private final int recordBytes;
  private final int limit;
  private final int pageSize;

  /** {@code what} names the record (file and record number, or input file and offset). */
  public RecordTooLargeException(String what, int recordBytes, int limit, int pageSize) {
    super(what + " encodes to " + recordBytes + " bytes, more than the " + limit + " a page of " + pageSize
        + " bytes holds; records may not span pages, so raise the page size (hadoopopt.input.kvsf.page.bytes for jobs)");
    this.recordBytes = recordBytes;
    this.limit = limit;
    this.pageSize = pageSize;
  }

  /** The same refusal, said of {@code what} (e.g. the input row it came from). */
  public RecordTooLargeException about(String what) {
    RecordTooLargeException e = new RecordTooLargeException(what, recordBytes, limit, pageSize);
    e.initCause(this);
    return e;
  }

  public int recordBytes() {
    return recordBytes;
  }

  /** The most bytes a record may take: the page size less the page header. */
  public int limit() {
    return limit;
  }

  public int pageSize() {
    return pageSize;
  }
}
