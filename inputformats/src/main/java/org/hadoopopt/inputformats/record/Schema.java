package org.hadoopopt.inputformats.record;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The column layout of one '|' text table; field {@code i} is text column {@code i} and protobuf
 * field {@code i + 1}. The Pavlo tables are defined here once, for the readers, the loader, the
 * benchmark's jobs and generator (and the benchmark's {@code pavlo.proto}, checked against them by a test). Any
 * other table is named by a spec, {@code name(column:TYPE,...)} with the types of {@link FieldType}.
 */
public final class Schema {
  public static final Schema RANKINGS = new Schema("rankings",
      new String[] {"pageURL", "pageRank", "avgDuration"},
      new FieldType[] {FieldType.STRING, FieldType.INT, FieldType.INT});

  public static final Schema USER_VISITS = new Schema("uservisits",
      new String[] {"sourceIP", "destURL", "visitDate", "adRevenue", "userAgent", "countryCode",
          "languageCode", "searchWord", "duration"},
      new FieldType[] {FieldType.STRING, FieldType.STRING, FieldType.DATE, FieldType.DECIMAL,
          FieldType.STRING, FieldType.STRING, FieldType.STRING, FieldType.STRING, FieldType.INT});

  /**
   * The Grep table ({@code key|field}, both strings). Read by the text input format only (scans with
   * a pushed-down substring); {@link #forName} does not name it, so the loader and converter do not take it.
   */
  public static final Schema GREP = new Schema("grep",
      new String[] {"key", "field"},
      new FieldType[] {FieldType.STRING, FieldType.STRING});

  /**
   * The Documents table of the UDF task ({@code url|html}): the HTML is the last column and may
   * hold '|', so it is read by splitting at the first separator only; no reader of this module takes it.
   */
  public static final Schema DOCUMENTS = new Schema("documents",
      new String[] {"url", "html"},
      new FieldType[] {FieldType.STRING, FieldType.STRING});

  /** Most columns a table may have: {@link Row}'s null mask is one int. */
  public static final int MAX_FIELDS = 31;

  /** Parsed specs, so one spec always yields the same instance (rows and files compare schemas by identity). */
  private static final Map<String, Schema> PARSED = new ConcurrentHashMap<>();

  private final String name;
  private final String[] fieldNames;
  private final FieldType[] types;
  private final boolean pavlo;

  private Schema(String name, String[] fieldNames, FieldType[] types) {
    this(name, fieldNames, types, true);
  }

  private Schema(String name, String[] fieldNames, FieldType[] types, boolean pavlo) {
    this.name = name;
    this.fieldNames = fieldNames;
    this.types = types;
    this.pavlo = pavlo;
  }

  /**
   * {@code rankings} or {@code uservisits} (case-insensitive), or any table as a spec
   * {@code name(column:TYPE,...)} (see {@link #parse}).
   */
  public static Schema forName(String name) {
    String n = name == null ? "" : name.trim();
    if (n.indexOf('(') >= 0) {
      return parse(n);
    }
    n = n.toLowerCase(Locale.ROOT);
    if (n.equals(RANKINGS.name)) {
      return RANKINGS;
    }
    if (n.equals(USER_VISITS.name)) {
      return USER_VISITS;
    }
    throw new IllegalArgumentException("unknown table '" + name
        + "': expected rankings, uservisits or a spec name(column:TYPE,...) with types STRING, INT, DATE, DECIMAL");
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
    Schema parsed = new Schema(name, names, types, false);
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
   * What {@link #forName} takes back to this table: the name of a Pavlo table, else the full
   * spec {@code name(column:TYPE,...)} (what a KeyValueSequenceFile header records).
   */
  public String spec() {
    if (pavlo) {
      return name;
    }
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
   * A new mutable record of this table: a {@link RankingsRecord}, {@link UserVisitsRecord} or
   * {@link GrepRecord} for those tables, a plain {@link Row} for any other.
   */
  public Row newRow() {
    return this == RANKINGS ? new RankingsRecord() : this == GREP ? new GrepRecord()
        : this == USER_VISITS ? new UserVisitsRecord() : new Row(this);
  }

  /** The record class {@link #newRow()} returns. */
  public Class<? extends Row> rowClass() {
    return this == RANKINGS ? RankingsRecord.class : this == GREP ? GrepRecord.class
        : this == USER_VISITS ? UserVisitsRecord.class : Row.class;
  }

  @Override
  public String toString() {
    return name + Arrays.toString(fieldNames);
  }
}
