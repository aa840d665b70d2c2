package org.hadoopopt.inputformats.batch;

import com.sleepycat.util.PackedInteger;
import java.io.IOException;
import org.hadoopopt.inputformats.codec.BinaryCodecs;
import org.hadoopopt.inputformats.codec.RecordDecoder;
import org.hadoopopt.inputformats.codec.TupleCodec;
import org.hadoopopt.inputformats.kvsf.KvsfFormatException;
import org.hadoopopt.inputformats.kvsf.KvsfLayout;
import org.hadoopopt.inputformats.record.ColumnGrammar;
import org.hadoopopt.inputformats.record.FieldType;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Decodes a whole KVSF page into a {@link ColumnBatch}: for the tuple codec (JE's packed integers,
 * the BDB variant's encoding) straight from the page's bytes, the projected columns into their
 * vectors and the others stepped over, strings pointing into the page; any other codec through its
 * row decoder, each projected field copied out. Every record must have no NULL (the grammar has
 * none), every projected DECIMAL and DATE must be one the text grammar allows, and the page's
 * counted records must end exactly at its payload's end; otherwise a
 * {@link MalformedRecordException} names file, the record's offset and the column, or a
 * {@link KvsfFormatException} the page. The rows before a bad record stay in the batch.
 */
public final class KvsfPageDecoder {
  private final Schema schema;
  private final boolean[] projected;
  private final FieldType[] types;
  private final RecordDecoder<Row> rows;

  public KvsfPageDecoder(Schema schema, boolean[] projected, String codec) {
    this.schema = schema;
    this.projected = projected;
    this.types = new FieldType[schema.fieldCount()];
    for (int f = 0; f < types.length; f++) {
      types[f] = schema.type(f);
    }
    this.rows = TupleCodec.NAME.equals(codec) ? null : BinaryCodecs.forName(codec).newMutableDecoder(schema);
  }

  /**
   * Decodes the COUNT records of PAYLOAD bytes after the page header of PAGE into B (cleared first).
   * FILE and PAGE_OFFSET place a record for messages; WHERE names the page.
   */
  public void decode(byte[] page, int payload, int count, ColumnBatch b, String file, long pageOffset, String where)
      throws IOException {
    b.clear();
    b.ensureCapacity(count);
    b.pointStringsAt(page);
    int start = KvsfLayout.PAGE_HEADER;
    int end = start + payload;
    if (rows != null) {
      decodeRows(page, start, payload, count, b, file, pageOffset, where);
      return;
    }
    int p = start;
    for (int r = 0; r < count; r++) {
      int at = p;
      int f = -1;
      try {
        if (p >= end) {
          throw new KvsfFormatException(where + ": fewer records than its header counts (" + count + ")");
        }
        int mask = PackedInteger.readInt(page, p);
        p += PackedInteger.getReadIntLength(page, p);
        if (mask != 0) {
          f = Integer.numberOfTrailingZeros(mask);
          throw new MalformedRecordException(file, pageOffset + at, f < types.length ? schema.fieldName(f) : null,
              "NULL value in a binary record (the grammar has no NULLs)");
        }
        for (f = 0; f < types.length; f++) {
          switch (types[f]) {
            case STRING: {
              int len = PackedInteger.readInt(page, p);
              p += PackedInteger.getReadIntLength(page, p);
              if (len < 0 || len > end - p) {
                throw new MalformedRecordException(file, pageOffset + at, schema.fieldName(f),
                    "bad tuple record: string of " + len + " bytes, " + (end - p) + " left in the page");
              }
              if (projected[f]) {
                b.starts(f)[r] = p;
                b.lengths(f)[r] = len;
              }
              p += len;
              break;
            }
            case DECIMAL: {
              if (projected[f]) {
                long v = PackedInteger.readLong(page, p);
                check(f, v, file, pageOffset + at);
                b.longs(f)[r] = v;
              }
              p += PackedInteger.getReadLongLength(page, p);
              break;
            }
            default: {
              if (projected[f]) {
                int v = PackedInteger.readInt(page, p);
                check(f, v, file, pageOffset + at);
                b.ints(f)[r] = v;
              }
              p += PackedInteger.getReadIntLength(page, p);
            }
          }
          if (p > end) {
            throw new MalformedRecordException(file, pageOffset + at, schema.fieldName(f),
                "bad tuple record: record runs past the end of its page");
          }
        }
      } catch (ArrayIndexOutOfBoundsException e) {
        throw new MalformedRecordException(file, pageOffset + at, f < 0 || f >= types.length ? "null mask" : schema.fieldName(f),
            "bad tuple record: record runs past the end of its page", e);
      }
      b.endRow();
    }
    if (p != end) {
      throw new KvsfFormatException(where + ": bytes left in the payload after its " + count + " counted records");
    }
  }

  private void check(int f, long v, String file, long offset) throws MalformedRecordException {
    if (types[f] != FieldType.INT) {
      String problem = ColumnGrammar.binaryValueProblem(types[f], v);
      if (problem != null) {
        throw new MalformedRecordException(file, offset, schema.fieldName(f), problem);
      }
    }
  }

  /** Another codec: its row decoder, each projected field copied out of the reused row. */
  private void decodeRows(byte[] page, int start, int payload, int count, ColumnBatch b, String file, long pageOffset,
      String where) throws IOException {
    rows.reset(page, start, payload, file, pageOffset + start);
    for (int r = 0; r < count; r++) {
      Row row = rows.next();
      if (row == null) {
        throw new KvsfFormatException(where + ": fewer records than its header counts (" + count + ")");
      }
      for (int f = 0; f < types.length; f++) {
        if (!projected[f]) {
          continue;
        }
        switch (types[f]) {
          case STRING:
            b.copyString(f, r, row.slice(f).bytes(), row.slice(f).offset(), row.slice(f).length());
            break;
          case DECIMAL:
            b.longs(f)[r] = row.getMicros(f);
            break;
          default:
            b.ints(f)[r] = row.getInt(f);
        }
      }
      b.endRow();
    }
    boolean more;
    try {
      more = rows.next() != null;
    } catch (MalformedRecordException e) {
      more = true;
    }
    if (more) {
      throw new KvsfFormatException(where + ": bytes left in the payload after its " + count + " counted records");
    }
  }
}
