package org.hadoopopt.inputformats.mapreduce;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.hadoopopt.inputformats.index.KeyRange;
import org.hadoopopt.inputformats.index.KeyType;
import org.hadoopopt.inputformats.record.FieldType;
import org.hadoopopt.inputformats.record.Schema;

/**
 * A predicate pushed into the record readers of the mutable text, KVSF and range-index input
 * formats: rows that fail it are not handed to the mapper, so they cost neither a mapper call nor
 * the framework's per-record work around {@code nextKeyValue} (file-system statistics walks, the
 * key/value hand-over). Either a substring of a STRING column ({@link #CONTAINS}) or a range of an
 * INT, DATE or STRING column ({@link #LOWER}, {@link #UPPER}); unset {@link #COLUMN}: no pushdown.
 *
 * <p>Every row, also one the predicate rejects, is still checked by the row grammar
 * ({@code ColumnGrammar}) before it is dropped: a malformed row fails the task, or is skipped and
 * counted with {@link BadRows#SKIP_BAD}, exactly as without pushdown. The predicate thus saves the
 * hand-over and the mapper, not the grammar check (the allocation-free decoder's SWAR scan).
 *
 * <p>The input formats check these keys in {@code getSplits}, so a bad value fails the job at
 * submission, naming the key and the value. Counters: {@link PushdownCounter}.
 */
public final class Pushdown {
  /** {@code hadoopopt.input.pushdown.column}: the column tested (a column name of the table); default unset = no pushdown. */
  public static final String COLUMN = "hadoopopt.input.pushdown.column";
  /** {@code hadoopopt.input.pushdown.contains}: rows whose STRING column contains these bytes (UTF-8, non-empty); default unset. */
  public static final String CONTAINS = "hadoopopt.input.pushdown.contains";
  /** {@code hadoopopt.input.pushdown.lower}: lower bound (integer, yyyy-MM-dd or string, by the column's type); default unset = open. */
  public static final String LOWER = "hadoopopt.input.pushdown.lower";
  /** {@code hadoopopt.input.pushdown.upper}: upper bound; default unset = open. */
  public static final String UPPER = "hadoopopt.input.pushdown.upper";
  /** {@code hadoopopt.input.pushdown.lower.inclusive}: whether the lower bound is in the range; default true. */
  public static final String LOWER_INCLUSIVE = "hadoopopt.input.pushdown.lower.inclusive";
  /** {@code hadoopopt.input.pushdown.upper.inclusive}: whether the upper bound is in the range; default true. */
  public static final String UPPER_INCLUSIVE = "hadoopopt.input.pushdown.upper.inclusive";

  private static final String[] ALL = {COLUMN, CONTAINS, LOWER, UPPER, LOWER_INCLUSIVE, UPPER_INCLUSIVE};

  private Pushdown() {}

  /** Rows whose STRING column {@code column} contains {@code substring}. */
  public static void setContains(Configuration conf, String column, String substring) {
    clear(conf);
    conf.set(COLUMN, column);
    conf.set(CONTAINS, substring);
  }

  /** Rows whose INT column is in the range; a null bound is open. */
  public static void setIntRange(Configuration conf, String column, Integer lower, boolean lowerInclusive, Integer upper,
      boolean upperInclusive) {
    setRange(conf, column, lower == null ? null : lower.toString(), lowerInclusive, upper == null ? null : upper.toString(),
        upperInclusive);
  }

  /** Rows whose DATE column is in the range; a null bound is open. */
  public static void setDateRange(Configuration conf, String column, LocalDate lower, boolean lowerInclusive, LocalDate upper,
      boolean upperInclusive) {
    setRange(conf, column, lower == null ? null : lower.toString(), lowerInclusive, upper == null ? null : upper.toString(),
        upperInclusive);
  }

  /** Rows whose STRING column is in the range (unsigned order of the UTF-8 bytes); a null bound is open. */
  public static void setStringRange(Configuration conf, String column, String lower, boolean lowerInclusive, String upper,
      boolean upperInclusive) {
    setRange(conf, column, lower, lowerInclusive, upper, upperInclusive);
  }

  /** Removes every pushdown key. */
  public static void clear(Configuration conf) {
    for (String k : ALL) {
      conf.unset(k);
    }
  }

  private static void setRange(Configuration conf, String column, String lower, boolean lowerInclusive, String upper,
      boolean upperInclusive) {
    clear(conf);
    conf.set(COLUMN, column);
    if (lower != null) {
      conf.set(LOWER, lower);
    }
    if (upper != null) {
      conf.set(UPPER, upper);
    }
    conf.setBoolean(LOWER_INCLUSIVE, lowerInclusive);
    conf.setBoolean(UPPER_INCLUSIVE, upperInclusive);
  }

  /** The configured predicate on {@code schema}, or null if none; a bad value fails naming its key and value. */
  public static RowPredicate get(Configuration conf, Schema schema) {
    String column = conf.getTrimmed(COLUMN);
    String contains = conf.get(CONTAINS);
    String lo = conf.get(LOWER);
    String hi = conf.get(UPPER);
    if (column == null || column.isEmpty()) {
      if (contains != null || lo != null || hi != null) {
        throw new IllegalArgumentException(COLUMN + " is not set, but " + (contains != null ? CONTAINS + " = '" + contains + "'"
            : lo != null ? LOWER + " = '" + lo + "'" : UPPER + " = '" + hi + "'") + " is: name the column the predicate tests");
      }
      return null;
    }
    int field = fieldOf(schema, column);
    FieldType type = schema.type(field);
    if (contains != null) {
      if (lo != null || hi != null) {
        throw new IllegalArgumentException(CONTAINS + " = '" + contains + "' and " + (lo != null ? LOWER + " = '" + lo : UPPER
            + " = '" + hi) + "' are both set: push down a substring or a range, not both");
      }
      if (contains.isEmpty()) {
        throw new IllegalArgumentException(CONTAINS + " = '': the substring must not be empty");
      }
      if (type != FieldType.STRING) {
        throw new IllegalArgumentException(COLUMN + " = '" + column + "' is " + type + ": " + CONTAINS
            + " tests STRING columns only");
      }
      return RowPredicate.contains(field, contains.getBytes(StandardCharsets.UTF_8));
    }
    if (lo == null && hi == null) {
      throw new IllegalArgumentException(COLUMN + " = '" + column + "', but neither " + CONTAINS + " nor " + LOWER + "/" + UPPER
          + " is set");
    }
    KeyType kt;
    try {
      kt = KeyType.of(type, column);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(COLUMN + " = '" + column + "' is " + type + ": ranges are pushed down on INT, DATE"
          + " and STRING columns only");
    }
    KeyRange range = new KeyRange(column, kt, lo == null ? null : kt.parse(lo, LOWER), bool(conf, LOWER_INCLUSIVE),
        hi == null ? null : kt.parse(hi, UPPER), bool(conf, UPPER_INCLUSIVE), LOWER + "/" + UPPER);
    return RowPredicate.range(field, range);
  }

  /** The predicate of a task's job, or null. */
  static RowPredicate of(TaskAttemptContext ctx, Schema schema) {
    return get(ctx.getConfiguration(), schema);
  }

  private static boolean bool(Configuration conf, String key) {
    String v = conf.getTrimmed(key, "true");
    if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException(key + " must be true or false, not '" + v + "'");
    }
    return Boolean.parseBoolean(v);
  }

  private static int fieldOf(Schema schema, String column) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < schema.fieldCount(); i++) {
      if (schema.fieldName(i).equals(column)) {
        return i;
      }
      names.add(schema.fieldName(i));
    }
    throw new IllegalArgumentException(COLUMN + " = '" + column + "': no such column in " + schema.name() + " " + names);
  }
}
