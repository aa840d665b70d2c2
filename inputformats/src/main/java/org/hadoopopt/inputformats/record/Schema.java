package org.hadoopopt.inputformats.record;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The column layout of one '|' text table; field {@code i} is text column {@code i} and protobuf
 * field {@code i + 1}. A table is given by its spec, {@code name(column:TYPE,...)} with the types of
 * {@link FieldType}: the job's keys name it, and every file header and sidecar records it whole, so
 * a file says what it holds. A job may give a table its own record class ({@link #withRecords}).
 */
public final class Schema {
  /** Most columns a table may have: {@link Row}'s null mask is one int. */
  public static final int MAX_FIELDS = 31;

  /** Parsed specs, so one spec always yields the same instance (rows and files compare schemas by identity). */
  private static final Map<String, Schema> PARSED = new ConcurrentHashMap<>();

  private final String name;
  private final String[] fieldNames;
  private final FieldType[] types;
  /** The record class {@link #newRow()} makes and how, once a job binds one ({@link #withRecords}); else plain rows. */
  private volatile Records<? extends Row> records;

  private Schema(String name, String[] fieldNames, FieldType[] types) {
    this.name = name;
    this.fieldNames = fieldNames;
    this.types = types;
  }

  private static final class Records<R extends Row> {
    final Class<R> type;
    final Supplier<R> make;

    Records(Class<R> type, Supplier<R> make) {
      this.type = type;
      this.make = make;
    }
  }

  /**
   * A table from its spec {@code name(column:TYPE,...)}: a name and 1 to {@value #MAX_FIELDS}
   * distinct columns, TYPE one of STRING, INT, DATE, DECIMAL (case-insensitive); letters, digits,
   * '_' and '-' in names. The same spec gives the same instance.
   *
   * @throws IllegalArgumentException naming the spec and what is wrong with it
   */
  public static Schema parse(String spec) {
    String s = spec == null ? "" : spec.trim();
    Schema known = PARSED.get(s);
    if (known != null) {
      return known;
    }
    int open = s.indexOf('(');
    if (open <= 0 || !s.endsWith(")")) {
      throw new IllegalArgumentException("table spec '" + spec + "' is not name(column:TYPE,...)");
    }
    String name = s.substring(0, open).trim();
    checkName(spec, "table name", name);
    String[] columns = s.substring(open + 1, s.length() - 1).split(",", -1);
    if (columns.length > MAX_FIELDS) {
      throw new IllegalArgumentException("table spec '" + spec + "' has " + columns.length + " columns, at most " + MAX_FIELDS);
    }
    String[] names = new String[columns.length];
    FieldType[] types = new FieldType[columns.length];
    for (int i = 0; i < columns.length; i++) {
      String[] nt = columns[i].split(":", -1);
      if (nt.length != 2) {
        throw new IllegalArgumentException("table spec '" + spec + "': column " + (i + 1) + " '" + columns[i].trim()
            + "' is not column:TYPE");
      }
      names[i] = nt[0].trim();
      checkName(spec, "column name", names[i]);
      for (int j = 0; j < i; j++) {
        if (names[j].equals(names[i])) {
          throw new IllegalArgumentException("table spec '" + spec + "' names column '" + names[i] + "' twice");
        }
      }
      try {
        types[i] = FieldType.valueOf(nt[1].trim().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("table spec '" + spec + "': column '" + names[i] + "' has type '" + nt[1].trim()
            + "', expected one of " + Arrays.toString(FieldType.values()));
      }
    }
    Schema parsed = new Schema(name, names, types);
    Schema prior = PARSED.putIfAbsent(parsed.spec(), parsed);
    parsed = prior != null ? prior : parsed;
    PARSED.putIfAbsent(s, parsed);
    return parsed;
  }

  private static void checkName(String spec, String what, String name) {
    if (!name.matches("[A-Za-z0-9_-]+")) {
      throw new IllegalArgumentException("table spec '" + spec + "': " + what + " '" + name
          + "' must be letters, digits, '_' or '-'");
    }
  }

  public String name() {
    return name;
  }

  /**
   * What {@link #parse} takes back to this table, {@code name(column:TYPE,...)}: what the keys, a
   * KeyValueSequenceFile header and the sidecars hold.
   */
  public String spec() {
    StringBuilder sb = new StringBuilder(name).append('(');
    for (int i = 0; i < types.length; i++) {
      sb.append(i > 0 ? "," : "").append(fieldNames[i]).append(':').append(types[i]);
    }
    return sb.append(')').toString();
  }

  public int fieldCount() {
    return types.length;
  }

  public FieldType type(int field) {
    return types[field];
  }

  public String fieldName(int field) {
    return fieldNames[field];
  }

  /** The column names in order (a copy). */
  public String[] fieldNames() {
    return fieldNames.clone();
  }

  /** The position of column {@code column}, or -1 when the table has none of that name. */
  public int fieldIndex(String column) {
    for (int i = 0; i < fieldNames.length; i++) {
      if (fieldNames[i].equals(column)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Makes {@link #newRow()} return {@code type}'s records for this table (a job's record class with
   * named accessors; its constructor passes this schema to {@link Row}). One spec is one instance,
   * so the binding holds wherever the table is parsed; binding another class fails.
   *
   * @return this table
   * @throws IllegalStateException if another record class is bound already
   */
  public <R extends Row> Schema withRecords(Class<R> type, Supplier<R> make) {
    synchronized (this) {
      Records<? extends Row> bound = records;
      if (bound != null && bound.type != type) {
        throw new IllegalStateException("table " + spec() + " has record class " + bound.type.getName()
            + " already, not " + type.getName());
      }
      records = new Records<>(type, make);
    }
    return this;
  }

  /** A new mutable record of this table: of the class bound by {@link #withRecords}, else a plain {@link Row}. */
  public Row newRow() {
    Records<? extends Row> r = records;
    if (r == null) {
      return new Row(this);
    }
    Row row = r.make.get();
    if (row.schema() != this) {
      throw new IllegalStateException(r.type.getName() + " holds rows of " + row.schema().spec() + ", not of " + spec());
    }
    return row;
  }

  /** The record class {@link #newRow()} returns. */
  public Class<? extends Row> rowClass() {
    Records<? extends Row> r = records;
    return r == null ? Row.class : r.type;
  }

  @Override
  public String toString() {
    return name + Arrays.toString(fieldNames);
  }
}
