package org.hadoopopt.inputformats.batch;

import java.util.Arrays;
import org.hadoopopt.inputformats.record.FieldType;
import org.hadoopopt.inputformats.record.Schema;

/**
 * The rows of one page (a KVSF page, or a run of text lines), decoded column by column into
 * vectors that are reused page after page: INT and DATE columns as {@code int}s (a date as days since
 * 1970-01-01), DECIMAL columns as {@code long} millionths, STRING columns as (bytes, start, length)
 * into an array the batch points at (the KVSF page itself; for text, an arena the decoder copies
 * into). Only the projected columns ({@link BatchColumns}) are filled. A pushed-down predicate
 * leaves its verdict in the selection vector: {@link #selected()} rows, their row numbers in
 * {@link #selection()}, ascending; a reader hands on only batches with at least one.
 *
 * <p>A mapper reads it like this, touching no object per row:
 * <pre>
 *   int[] sel = batch.selection();
 *   for (int i = 0, n = batch.selected(); i &lt; n; i++) {
 *     int row = sel[i];
 *     long cents = batch.longs(revenue)[row];
 *     ... batch.strings(ip), batch.starts(ip)[row], batch.lengths(ip)[row] ...
 *   }
 * </pre>
 */
public final class ColumnBatch {
  private final Schema schema;
  private final boolean[] projected;
  private int capacity;
  private int rows;
  private int[] selection;
  private int selected;
  private final int[][] ints;
  private final long[][] longs;
  private final byte[][] strings;
  private final int[][] starts;
  private final int[][] lengths;
  /** Where copied string bytes go (text rows), grown on demand. */
  private byte[] arena = new byte[0];
  private int arenaUsed;

  public ColumnBatch(Schema schema, boolean[] projected, int capacity) {
    this.schema = schema;
    this.projected = projected.clone();
    int n = schema.fieldCount();
    ints = new int[n][];
    longs = new long[n][];
    strings = new byte[n][];
    starts = new int[n][];
    lengths = new int[n][];
    this.capacity = 0;
    ensureCapacity(Math.max(16, capacity));
  }

  public Schema schema() {
    return schema;
  }

  /** Whether column F is decoded into the batch. */
  public boolean projected(int f) {
    return projected[f];
  }

  /** Rows decoded into the vectors (selected or not). */
  public int rows() {
    return rows;
  }

  /** Rows that passed the pushed-down predicate (all of them when there is none). */
  public int selected() {
    return selected;
  }

  /** Row numbers of the selected rows, ascending; valid up to {@link #selected()}. */
  public int[] selection() {
    return selection;
  }

  /** An INT or DATE column's values, by row number. */
  public int[] ints(int f) {
    return ints[f];
  }

  /** A DECIMAL column's values in millionths, by row number. */
  public long[] longs(int f) {
    return longs[f];
  }

  /** The array a STRING column's bytes lie in (the same for every row of this batch). */
  public byte[] strings(int f) {
    return strings[f];
  }

  /** A STRING column's first byte in {@link #strings(int)}, by row number. */
  public int[] starts(int f) {
    return starts[f];
  }

  /** A STRING column's length in bytes, by row number. */
  public int[] lengths(int f) {
    return lengths[f];
  }

  // ---- filling: the readers (KvsfPageDecoder, TextBatchDecoder, BatchFilter, the record readers) ----

  /** Empties the batch for the next page. */
  public void clear() {
    rows = 0;
    selected = 0;
    arenaUsed = 0;
  }

  /** Makes room for at least N rows (vectors grow, never shrink). */
  public void ensureCapacity(int n) {
    if (n <= capacity) {
      return;
    }
    int c = Math.max(n, capacity * 2);
    for (int f = 0; f < schema.fieldCount(); f++) {
      if (!projected[f]) {
        continue;
      }
      FieldType t = schema.type(f);
      if (t == FieldType.STRING) {
        starts[f] = starts[f] == null ? new int[c] : Arrays.copyOf(starts[f], c);
        lengths[f] = lengths[f] == null ? new int[c] : Arrays.copyOf(lengths[f], c);
      } else if (t == FieldType.DECIMAL) {
        longs[f] = longs[f] == null ? new long[c] : Arrays.copyOf(longs[f], c);
      } else {
        ints[f] = ints[f] == null ? new int[c] : Arrays.copyOf(ints[f], c);
      }
    }
    selection = selection == null ? new int[c] : Arrays.copyOf(selection, c);
    capacity = c;
  }

  public int capacity() {
    return capacity;
  }

  /** Points every STRING column at B (a page: strings are not copied). */
  public void pointStringsAt(byte[] b) {
    for (int f = 0; f < strings.length; f++) {
      if (projected[f] && schema.type(f) == FieldType.STRING) {
        strings[f] = b;
      }
    }
  }

  /** Ends a row: the next row number. */
  public void endRow() {
    rows++;
  }

  /** Selects every decoded row (no predicate). */
  public void selectAll() {
    for (int i = 0; i < rows; i++) {
      selection[i] = i;
    }
    selected = rows;
  }

  /** Sets the selection (the predicate's verdict), N rows of SEL. */
  public void select(int n) {
    selected = n;
  }

  /** Copies a string into the batch's arena (text rows, whose buffer moves); its column then points at the arena. */
  public void copyString(int f, int row, byte[] b, int off, int len) {
    if (arena.length - arenaUsed < len) {
      byte[] grown = Arrays.copyOf(arena, Math.max(arena.length * 2, Math.max(1 << 16, arenaUsed + len)));
      arena = grown;
      // rows copied before the growth keep their offsets: the arena grew in place of the old one
      for (int k = 0; k < strings.length; k++) {
        if (strings[k] != null && projected[k] && schema.type(k) == FieldType.STRING) {
          strings[k] = grown;
        }
      }
    }
    System.arraycopy(b, off, arena, arenaUsed, len);
    strings[f] = arena;
    starts[f][row] = arenaUsed;
    lengths[f][row] = len;
    arenaUsed += len;
  }
}
