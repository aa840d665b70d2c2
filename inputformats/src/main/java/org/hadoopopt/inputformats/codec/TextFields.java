package org.hadoopopt.inputformats.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.hadoopopt.inputformats.record.ColumnGrammar;
import org.hadoopopt.inputformats.record.Dates;

/**
 * Fast paths of the text decoder's number and date parsing: the field's bytes are read as one
 * little-endian long, checked for digits and combined eight at a time (SWAR), with no loop and
 * no branch per byte. Each accepts a subset of {@link ColumnGrammar} (never more) and returns
 * {@link #NONE} for anything it does not handle (long or
 * malformed values, fields at the very end of the array): the decoder then takes its exact,
 * byte-by-byte path, which accepts the long values and words the error for the malformed ones.
 */
final class TextFields {
  static final long NONE = Long.MIN_VALUE;

  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ZEROS = 0x3030303030303030L;
  private static final long SIXES = 0x0606060606060606L;
  private static final long HIGH_NIBBLES = 0xF0F0F0F0F0F0F0F0L;
  private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;
  private static final long DOTS = 0x2E2E2E2E2E2E2E2EL;
  /** "0000-00-" little-endian: what yyyy-MM- xors to zero digits and dashes with. */
  private static final long DATE = 0x2D30302D30303030L;
  private static final long DATE_DASHES = 0xFF0000FF00000000L;
  private static final long[] POW10 = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000};

  /** Month table: days since 1970-01-01 of the first of each month, and the month's length. */
  private static final int FIRST_YEAR = 1900;
  private static final int YEARS = 300;
  private static final int[] MONTH_START = new int[YEARS * 12];
  private static final byte[] MONTH_DAYS = new byte[YEARS * 12];

  static {
    for (int i = 0; i < MONTH_START.length; i++) {
      int y = FIRST_YEAR + i / 12;
      int m = i % 12 + 1;
      MONTH_START[i] = Dates.toEpochDay(y, m, 1);
      MONTH_DAYS[i] = (byte) ((m == 12 ? Dates.toEpochDay(y + 1, 1, 1) : Dates.toEpochDay(y, m + 1, 1)) - MONTH_START[i]);
    }
  }

  private TextFields() {}

  /**
   * The value of the {@code len} (1..8) ASCII digits in the low bytes of {@code w} (first digit
   * lowest), or -1 if one of them is not a digit.
   */
  static long digits(long w, int len) {
    long x = (w ^ ZEROS) & (-1L >>> (64 - (len << 3)));
    // A digit byte is 0..9 after the xor: no bit in its high nibble, nor after adding 6.
    if (((x | (x + SIXES)) & HIGH_NIBBLES) != 0) {
      return -1;
    }
    x <<= (8 - len) << 3; // right-align: the vacated low bytes are leading zeros
    x = (x * 10 + (x >>> 8)) & 0x00FF00FF00FF00FFL;
    x = (x * 100 + (x >>> 16)) & 0x0000FFFF0000FFFFL;
    return (x * 10000 + (x >>> 32)) & 0xFFFFFFFFL;
  }

  /** INT {@code -?[0-9]+} at {@code b[p, q)}, {@code q > p}, of at most 8 characters; else {@link #NONE}. */
  static long parseInt(byte[] b, int p, int q) {
    return q - p <= 8 && p + 8 <= b.length ? intOf((long) LONGS.get(b, p), q - p) : NONE;
  }

  /** INT in the low {@code len} (0..8) bytes of {@code w}; else {@link #NONE}. */
  static long intOf(long w, int len) {
    int neg = (w & 0xff) == '-' ? 1 : 0;
    int n = len - neg;
    if (n < 1) {
      return NONE;
    }
    long v = digits(w >>> (neg << 3), n);
    if (v < 0) {
      return NONE;
    }
    return neg == 0 ? v : -v;
  }

  /** DECIMAL {@code -?[0-9]+(\.[0-9]{1,2})?} ({@link ColumnGrammar}) at {@code b[p, q)}, {@code q > p}, of at most 8 characters, as millionths; else {@link #NONE}. */
  static long parseDecimal(byte[] b, int p, int q) {
    return q - p <= 8 && p + 8 <= b.length ? decimalOf((long) LONGS.get(b, p), q - p) : NONE;
  }

  /** DECIMAL in the low {@code len} (0..8) bytes of {@code w}, as millionths; else {@link #NONE}. */
  static long decimalOf(long word, int len) {
    int neg = (word & 0xff) == '-' ? 1 : 0;
    long w = word >>> (neg << 3);
    int n = len - neg;
    if (n < 1) {
      return NONE;
    }
    long x = w ^ DOTS;
    long dots = ~(((x & LOW7) + LOW7) | x | LOW7) & (-1L >>> (64 - (n << 3)));
    long micros;
    if (dots == 0) {
      long v = digits(w, n);
      if (v < 0) {
        return NONE;
      }
      micros = v * POW10[6];
    } else {
      int k = Long.numberOfTrailingZeros(dots) >>> 3; // the first '.'
      int frac = n - k - 1;
      if (k == 0 || frac == 0 || frac > ColumnGrammar.DECIMAL_MAX_FRACTION_DIGITS) {
        return NONE;
      }
      long low = (1L << (k << 3)) - 1;
      long v = digits((w & low) | ((w >>> 8) & ~low), n - 1); // the digits without the '.'
      if (v < 0) {
        return NONE;
      }
      micros = v * POW10[6 - frac];
    }
    return neg == 0 ? micros : -micros;
  }

  /** DATE yyyy-MM-dd at {@code b[p, q)} in years 1900..2199, as days since 1970-01-01; else {@link #NONE}. */
  static long parseDate(byte[] b, int p, int q) {
    if (q - p != 10 || p + 8 > b.length) {
      return NONE;
    }
    long x = (long) LONGS.get(b, p) ^ DATE;
    if ((((x | (x + SIXES)) & HIGH_NIBBLES) | (x & DATE_DASHES)) != 0) {
      return NONE;
    }
    int year = (int) (x & 0xF) * 1000 + (int) (x >>> 8 & 0xF) * 100 + (int) (x >>> 16 & 0xF) * 10 + (int) (x >>> 24 & 0xF);
    int month = (int) (x >>> 40 & 0xF) * 10 + (int) (x >>> 48 & 0xF);
    int d1 = b[p + 8] - '0';
    int d2 = b[p + 9] - '0';
    int i = (year - FIRST_YEAR) * 12 + month - 1;
    if ((d1 | d2 | (9 - d1) | (9 - d2) | (month - 1) | (12 - month) | i | (MONTH_START.length - 1 - i)) < 0) {
      return NONE;
    }
    int day = d1 * 10 + d2;
    if (day < 1 || day > MONTH_DAYS[i]) {
      return NONE;
    }
    return MONTH_START[i] + day - 1;
  }
}
