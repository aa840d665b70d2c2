package org.hadoopopt.bench.pavlo;

import java.text.SimpleDateFormat;
import java.util.TimeZone;
import org.hadoopopt.inputformats.record.ColumnGrammar;
import org.hadoopopt.inputformats.record.FieldType;

/**
 * The four Pavlo tables as stored: '|'-separated text, one row a line, columns in the order
 * declared here. Every reader of the data (baseline and optimized jobs, the stats program, tests)
 * takes column positions and the date format from this class.
 */
public final class PavloSchema {
  private PavloSchema() {}

  public static final char SEPARATOR = '|';
  /** For {@code String.split}: the separator as a regular expression. */
  public static final String SEPARATOR_REGEX = "\\|";
  /** visitDate's format (SQL DATE). */
  public static final String DATE_PATTERN = "yyyy-MM-dd";

  /** Directory names under a generated set's root. */
  public static final String GREP = "grep";
  public static final String RANKINGS = "rankings";
  public static final String USERVISITS = "uservisits";
  public static final String DOCUMENTS = "documents";

  // Grep(key, field): fixed 10 + 90 characters.
  public static final String[] GREP_COLUMNS = {"key", "field"};
  public static final int GREP_KEY = 0;
  public static final int GREP_FIELD = 1;
  public static final int GREP_KEY_LENGTH = 10;
  public static final int GREP_FIELD_LENGTH = 90;

  // Rankings(pageURL, pageRank INT, avgDuration INT).
  public static final String[] RANKINGS_COLUMNS = {"pageURL", "pageRank", "avgDuration"};
  public static final int PAGE_URL = 0;
  public static final int PAGE_RANK = 1;
  public static final int AVG_DURATION = 2;

  // UserVisits(sourceIP, destURL, visitDate, adRevenue, userAgent, countryCode, languageCode,
  //            searchWord, duration).
  public static final String[] USERVISITS_COLUMNS = {"sourceIP", "destURL", "visitDate", "adRevenue",
      "userAgent", "countryCode", "languageCode", "searchWord", "duration"};
  public static final int SOURCE_IP = 0;
  public static final int DEST_URL = 1;
  public static final int VISIT_DATE = 2;
  public static final int AD_REVENUE = 3;
  public static final int USER_AGENT = 4;
  public static final int COUNTRY_CODE = 5;
  public static final int LANGUAGE_CODE = 6;
  public static final int SEARCH_WORD = 7;
  public static final int DURATION = 8;

  // Documents(url, html): the HTML is one line and the last column, so split with a limit of 2.
  public static final String[] DOCUMENTS_COLUMNS = {"url", "html"};
  public static final int DOC_URL = 0;
  public static final int DOC_HTML = 1;

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
   * adRevenue in exact hundredths ("123.45" is 12345), by the grammar every reader shares
   * ({@code ColumnGrammar}: {@code -?[0-9]{1,12}(\.[0-9]{1,2})?}): the sums of every variant must
   * agree to the cent.
   *
   * @throws NumberFormatException if the text is not such a decimal
   */
  public static long parseCents(String text) {
    byte[] b = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    long micros = ColumnGrammar.parseDecimal(b, 0, b.length);
    if (micros == ColumnGrammar.INVALID) {
      throw new NumberFormatException(ColumnGrammar.problem(FieldType.DECIMAL, b, 0, b.length));
    }
    return micros / ColumnGrammar.DECIMAL_STEP;
  }

  /** visitDate as days since 1970-01-01 by the shared grammar (yyyy-MM-dd, a real day), or {@link ColumnGrammar#INVALID}. */
  public static long epochDay(String text) {
    byte[] b = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    return ColumnGrammar.parseDate(b, 0, b.length);
  }
}
