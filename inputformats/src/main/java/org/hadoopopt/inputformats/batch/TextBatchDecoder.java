package org.hadoopopt.inputformats.batch;

import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.record.FieldType;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * '|' text lines into a {@link ColumnBatch}: each line is checked by the whole row grammar (the
 * allocation-free mutable decoder, so a malformed line fails or is skipped exactly as with the row
 * readers), then its projected fields are copied out: numbers and dates into their vectors, strings
 * into the batch's arena (the line buffer moves when it is refilled).
 */
public final class TextBatchDecoder {
  private final Schema schema;
  private final boolean[] projected;
  private final FieldType[] types;
  private final Row row;
  private final MutableTextDecoder decoder;

  public TextBatchDecoder(Schema schema, boolean[] projected) {
    this.schema = schema;
    this.projected = projected;
    this.types = new FieldType[schema.fieldCount()];
    for (int f = 0; f < types.length; f++) {
      types[f] = schema.type(f);
    }
    this.row = schema.newRow();
    this.decoder = new MutableTextDecoder(schema, row);
  }

  public Schema schema() {
    return schema;
  }

  /** Decodes one line (no line end) as the batch's next row; a malformed one throws, the batch unchanged. */
  public void add(byte[] b, int off, int len, String file, long lineOffset, ColumnBatch batch) throws MalformedRecordException {
    decoder.decodeLine(b, off, len, file, lineOffset);
    int r = batch.rows();
    batch.ensureCapacity(r + 1);
    for (int f = 0; f < types.length; f++) {
      if (!projected[f]) {
        continue;
      }
      switch (types[f]) {
        case STRING:
          batch.copyString(f, r, row.slice(f).bytes(), row.slice(f).offset(), row.slice(f).length());
          break;
        case DECIMAL:
          batch.longs(f)[r] = row.getMicros(f);
          break;
        default:
          batch.ints(f)[r] = (int) row.getNumber(f);
      }
    }
    batch.endRow();
  }
}
