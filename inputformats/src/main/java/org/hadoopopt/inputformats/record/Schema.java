package org.hadoopopt.inputformats.record;

import java.util.Arrays;
import java.util.Locale;

/** The column layout of one Pavlo table; field {@code i} is text column {@code i} and protobuf field {@code i + 1}. */
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

  private final String name;
  private final String[] fieldNames;
  private final FieldType[] types;

  private Schema(String name, String[] fieldNames, FieldType[] types) {
    this.name = name;
    this.fieldNames = fieldNames;
    this.types = types;
  }

  /** {@code rankings} or {@code uservisits} (case-insensitive). */
  public static Schema forName(String name) {
    String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    if (n.equals(RANKINGS.name)) {
      return RANKINGS;
    }
    if (n.equals(USER_VISITS.name)) {
      return USER_VISITS;
    }
    throw new IllegalArgumentException("unknown table '" + name + "': expected rankings or uservisits");
  }

  public String name() {
    return name;
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

  /** A new mutable record of this table: a {@link RankingsRecord}, {@link UserVisitsRecord} or {@link GrepRecord}. */
  public Row newRow() {
    return this == RANKINGS ? new RankingsRecord() : this == GREP ? new GrepRecord() : new UserVisitsRecord();
  }

  /** The record class {@link #newRow()} returns. */
  public Class<? extends Row> rowClass() {
    return this == RANKINGS ? RankingsRecord.class : this == GREP ? GrepRecord.class : UserVisitsRecord.class;
  }

  @Override
  public String toString() {
    return name + Arrays.toString(fieldNames);
  }
}
