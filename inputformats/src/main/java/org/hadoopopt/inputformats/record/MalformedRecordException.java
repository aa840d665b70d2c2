package org.hadoopopt.inputformats.record;

import java.io.IOException;

/** A record that does not follow its format; the message names the file, the byte offset and the field. */
public class MalformedRecordException extends IOException {
  private static final long serialVersionUID = 1L;
  private final String source;
  private final long offset;
  private final String field;

  public MalformedRecordException(String source, long offset, String field, String problem) {
    super(source + ", offset " + offset + (field == null ? "" : ", field " + field) + ": " + problem);
    this.source = source;
    this.offset = offset;
    this.field = field;
  }

  public MalformedRecordException(String source, long offset, String field, String problem, Throwable cause) {
    this(source, offset, field, problem);
    initCause(cause);
  }

  /** The file (or other source) the record came from. */
  public String source() {
    return source;
  }

  /** The byte offset in {@link #source()} of the bad field (or record, when no field is named). */
  public long offset() {
    return offset;
  }

  /** The field's name, or null when the record as a whole is bad. */
  public String field() {
    return field;
  }
}
