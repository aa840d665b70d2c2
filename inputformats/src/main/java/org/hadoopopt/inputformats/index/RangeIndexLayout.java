package org.hadoopopt.inputformats.index;

import org.apache.hadoop.fs.Path;

/**
 * The layout of a range index file, in one place. A data file {@code DIR/NAME} sorted on one
 * column has its index in {@code DIR/_NAME.idx} (the leading '_' hides it from FileInputFormat, so
 * jobs that scan the directory see only data). Big-endian ({@code DataOutputStream}):
 *
 * <pre>
 * "RIDX", version (1 byte),
 * data format (1 byte: 0 = '|' text, 1 = KeyValueSequenceFile),
 * table (writeUTF: Schema.spec(), a Pavlo table's name or name(column:TYPE,...)), column name (writeUTF),
 * key type (1 byte: KeyType ordinal),
 * page size B (4), the data file's stamp ({@link DataFileStamp}: length, modification time, file id,
 *   file checksum or sampled CRC32C),
 * entry count (4), then per page in file order (= key order):
 *   first key, last key, page offset (8), page length (8)
 *   (INT and DATE keys: 8-byte long, DATE in days since 1970-01-01; STRING: 4-byte length + bytes)
 * CRC32C of every byte before it (4)
 * </pre>
 *
 * A text page is a run of whole lines of at most B bytes (or one longer line); a KVSF page is the
 * file's own page. The stamp tells whether the data changed since indexing.
 */
public final class RangeIndexLayout {
  private RangeIndexLayout() {}

  public static final byte[] MAGIC = {'R', 'I', 'D', 'X'};
  public static final int VERSION = 2;
  public static final int FORMAT_TEXT = 0;
  public static final int FORMAT_KVSF = 1;
  public static final String SUFFIX = ".idx";
  static final int MAX_KEY_BYTES = 1 << 20;

  /** Where the index of {@code data} lives. */
  public static Path indexPathFor(Path data) {
    return new Path(data.getParent(), "_" + data.getName() + SUFFIX);
  }

  public static String formatName(int format) {
    return format == FORMAT_KVSF ? "kvsf" : "text";
  }
}
