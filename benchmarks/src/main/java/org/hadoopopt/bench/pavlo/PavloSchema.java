package org.hadoopopt.bench.pavlo;

import java.text.SimpleDateFormat;
import java.util.TimeZone;
import org.hadoopopt.inputformats.record.ColumnGrammar;
import org.hadoopopt.inputformats.record.FieldType;
import org.hadoopopt.inputformats.record.GrepRecord;
import org.hadoopopt.inputformats.record.RankingsRecord;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.inputformats.record.UserVisitsRecord;

/**
 * The four Pavlo tables as stored: '|'-separated text, one row a line. Their columns are defined
 * once, by inputformats' {@link Schema} (names, order and types) and its record classes (column
 * positions); this class names them for the benchmark's text-level code (baseline jobs, the
 * generator, the stats program, the SQL peers) and adds the text helpers every reader shares.
 */
public final class PavloSchema {
  private PavloSchema() {}

  public static final char SEPARATOR = '|';
  /** For {@code String.split}: the separator as a regular expression. */
  public static final String SEPARATOR_REGEX = "\\|";
  /** visitDate's format (SQL DATE). */
  public static final String DATE_PATTERN = "yyyy-MM-dd";

  /** Directory names under a generated set's root: the tables' names. */
  public static final String GREP = Schema.GREP.name();
  public static final String RANKINGS = Schema.RANKINGS.name();
  public static final String USERVISITS = Schema.USER_VISITS.name();
  public static final String DOCUMENTS = Schema.DOCUMENTS.name();

  // Grep(key, field): fixed 10 + 90 characters.
  public static final String[] GREP_COLUMNS = Schema.GREP.fieldNames();
  public static final int GREP_KEY = GrepRecord.KEY;
  public static final int GREP_FIELD = GrepRecord.FIELD;
  public static final int GREP_KEY_LENGTH = 10;
  public static final int GREP_FIELD_LENGTH = 90;

  // Rankings(pageURL, pageRank INT, avgDuration INT).
  public static final String[] RANKINGS_COLUMNS = Schema.RANKINGS.fieldNames();
  public static final int PAGE_URL = RankingsRecord.PAGE_URL;
  public static final int PAGE_RANK = RankingsRecord.PAGE_RANK;
  public static final int AVG_DURATION = RankingsRecord.AVG_DURATION;

  // UserVisits(sourceIP, destURL, visitDate DATE, adRevenue DECIMAL, userAgent, countryCode,
  //            languageCode, searchWord, duration INT).
  public static final String[] USERVISITS_COLUMNS = Schema.USER_VISITS.fieldNames();
  public static final int SOURCE_IP = UserVisitsRecord.SOURCE_IP;
  public static final int DEST_URL = UserVisitsRecord.DEST_URL;
  public static final int VISIT_DATE = UserVisitsRecord.VISIT_DATE;
  public static final int AD_REVENUE = UserVisitsRecord.AD_REVENUE;
  public static final int USER_AGENT = UserVisitsRecord.USER_AGENT;
  public static final int COUNTRY_CODE = UserVisitsRecord.COUNTRY_CODE;
  public static final int LANGUAGE_CODE = UserVisitsRecord.LANGUAGE_CODE;
  public static final int SEARCH_WORD = UserVisitsRecord.SEARCH_WORD;
  public static final int DURATION = UserVisitsRecord.DURATION;

  // Documents(url, html): the HTML is one line and the last column, so split with a limit of 2.
  public static final String[] DOCUMENTS_COLUMNS = Schema.DOCUMENTS.fieldNames();
  public static final int DOC_URL = Schema.DOCUMENTS.fieldIndex("url");
  public static final int DOC_HTML = Schema.DOCUMENTS.fieldIndex("html");

  /**
   * A strict (non-lenient, UTC) parser for visitDate on the proleptic Gregorian calendar (as
   * java.time and the other variants count days; the default calendar is Julian before 1582); not
   * thread-safe, so one per task. It accepts more than the grammar ({@code ColumnGrammar}), so
   * readers check the text by the grammar first.
   */
  public static SimpleDateFormat newDateFormat() {
    SimpleDateFormat f = new SimpleDateFormat(DATE_PATTERN, java.util.Locale.ROOT);
    java.util.GregorianCalendar calendar = new java.util.GregorianCalendar(TimeZone.getTimeZone("UTC"), java.util.Locale.ROOT);
    calendar.setGregorianChange(new java.util.Date(Long.MIN_VALUE));
    f.setCalendar(calendar);
    f.setLenient(false);
    return f;
  }

  /**
   * adRevenue in exact millionths ("123.45" is 123450000), as every reader holds a DECIMAL, by the
   * grammar every reader shares ({@code ColumnGrammar}: {@code -?[0-9]{1,12}(\.[0-9]{1,2})?}):
   * the sums of every variant must agree to the cent.
   *
   * @throws NumberFormatException if the text is not such a decimal
   */
  public static long parseMicros(String text) {
    byte[] b = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    long micros = ColumnGrammar.parseDecimal(b, 0, b.length);
    if (micros == ColumnGrammar.INVALID) {
      throw new NumberFormatException(ColumnGrammar.problem(FieldType.DECIMAL, b, 0, b.length));
    }
    return micros;
  }

  /** visitDate as days since 1970-01-01 by the shared grammar (yyyy-MM-dd, a real day), or {@link ColumnGrammar#INVALID}. */
  public static long epochDay(String text) {
    byte[] b = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    return ColumnGrammar.parseDate(b, 0, b.length);
  }
}
