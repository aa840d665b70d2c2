package org.hadoopopt.inputformats.batch;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.hadoopopt.inputformats.record.Schema;

/**
 * The projection of the batch readers: which columns a page is decoded into. Columns not named
 * are stepped over in a binary page, and not copied out of a text line (a text line is still checked
 * by the whole row grammar). A pushed-down predicate's column is decoded as well, whether named or not.
 */
public final class BatchColumns {
  /**
   * {@code hadoopopt.input.batch.columns}: comma-separated columns of the table to decode into each
   * batch; default unset = every column. An unknown column fails at submission naming the key, the
   * column and the table's columns.
   */
  public static final String COLUMNS = "hadoopopt.input.batch.columns";
  /**
   * {@code hadoopopt.input.batch.rows}, default {@code 4096}: rows per batch of a text reader (a KVSF
   * batch is one page, whatever its row count); 16 .. 1048576, else it fails naming the key.
   */
  public static final String ROWS = "hadoopopt.input.batch.rows";
  static final int DEFAULT_ROWS = 4096;

  private BatchColumns() {}

  public static void set(Configuration conf, String... columns) {
    conf.setStrings(COLUMNS, columns);
  }

  /** The projected columns of SCHEMA (by field number), plus EXTRA (a predicate's column; -1 for none). */
  public static boolean[] get(Configuration conf, Schema schema, int extra) {
    String[] names = conf.getTrimmedStrings(COLUMNS);
    boolean[] p = new boolean[schema.fieldCount()];
    if (names.length == 0) {
      java.util.Arrays.fill(p, true);
      return p;
    }
    for (String n : names) {
      p[field(schema, n)] = true;
    }
    if (extra >= 0) {
      p[extra] = true;
    }
    return p;
  }

  public static int rows(Configuration conf) {
    String v = conf.getTrimmed(ROWS, Integer.toString(DEFAULT_ROWS));
    try {
      int n = Integer.parseInt(v);
      if (n >= 16 && n <= 1 << 20) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(ROWS + " must be a whole number from 16 to 1048576, not '" + v + "'");
  }

  private static int field(Schema schema, String column) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < schema.fieldCount(); i++) {
      if (schema.fieldName(i).equals(column)) {
        return i;
      }
      names.add(schema.fieldName(i));
    }
    throw new IllegalArgumentException(COLUMNS + " = '" + column + "': no such column in " + schema.name() + " " + names);
  }
}
