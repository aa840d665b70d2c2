package org.hadoopopt.inputformats.record;

/**
 * Proleptic Gregorian dates as days since 1970-01-01, converted by arithmetic (no objects), using
 * the civil-calendar algorithms of H. Hinnant's "chrono-Compatible Low-Level Date Algorithms".
 */
public final class Dates {
  private Dates() {}

  /** Days since 1970-01-01 of year-month-day; the caller checks that the date exists. */
  public static int toEpochDay(int year, int month, int day) {
    int y = month <= 2 ? year - 1 : year;
    int era = Math.floorDiv(y, 400);
    int yoe = y - era * 400;
    int mp = (month + 9) % 12; // March = 0
    int doy = (153 * mp + 2) / 5 + day - 1;
    int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
  }

  public static boolean isValid(int year, int month, int day) {
    return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
  }

  static int daysInMonth(int year, int month) {
    switch (month) {
      case 2:
        boolean leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        return leap ? 29 : 28;
      case 4: case 6: case 9: case 11:
        return 30;
      default:
        return 31;
    }
  }

  /** Appends {@code epochDay} as yyyy-MM-dd (years 0..9999). */
  public static void format(int epochDay, StringBuilder out) {
    int z = epochDay + 719468;
    int era = Math.floorDiv(z, 146097);
    int doe = z - era * 146097;
    int yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int mp = (5 * doy + 2) / 153;
    int day = doy - (153 * mp + 2) / 5 + 1;
    int month = mp < 10 ? mp + 3 : mp - 9;
    int year = yoe + era * 400 + (month <= 2 ? 1 : 0);
    pad(year, 4, out);
    out.append('-');
    pad(month, 2, out);
    out.append('-');
    pad(day, 2, out);
  }

  private static void pad(int v, int width, StringBuilder out) {
    String s = Integer.toString(v);
    for (int i = s.length(); i < width; i++) {
      out.append('0');
    }
    out.append(s);
  }
}
