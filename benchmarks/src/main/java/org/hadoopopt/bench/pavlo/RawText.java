package org.hadoopopt.bench.pavlo;

import java.nio.charset.StandardCharsets;
import org.apache.hadoop.io.Text;

/**
 * Strings that hold one char per byte (ISO-8859-1), for the baseline jobs' String handling: a
 * string column need not be UTF-8 ({@code ColumnGrammar}), and decoding it as UTF-8 would turn
 * invalid bytes into U+FFFD. Decoded and encoded this way, every byte comes out as it went in, as
 * it does from the mutable variants, which never leave bytes; '|' and TAB are single bytes either way.
 */
public final class RawText {
  private RawText() {}

  /** The Text's bytes as a String of one char per byte. */
  public static String string(Text t) {
    return new String(t.getBytes(), 0, t.getLength(), StandardCharsets.ISO_8859_1);
  }

  public static String string(byte[] b, int off, int len) {
    return new String(b, off, len, StandardCharsets.ISO_8859_1);
  }

  /** A string column's bytes as a String of one char per byte. */
  public static String string(org.hadoopopt.inputformats.record.ByteSlice s) {
    return string(s.bytes(), s.offset(), s.length());
  }

  /** A new Text holding the bytes of a {@link #string} String. */
  public static Text text(String s) {
    return new Text(s.getBytes(StandardCharsets.ISO_8859_1));
  }

  /** The bytes of a {@link #string} String. */
  public static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  /**
   * {@code s} split at its last {@code parts - 1} TABs: the first part may itself hold TABs (a
   * sourceIP is any bytes but '|', LF, CR), the others are numbers.
   */
  public static String[] splitLastTabs(String s, int parts) {
    String[] f = new String[parts];
    int end = s.length();
    for (int i = parts - 1; i > 0; i--) {
      int tab = s.lastIndexOf('\t', end - 1);
      if (tab < 0) {
        throw new IllegalArgumentException("expected " + parts + " TAB-separated parts in '" + s + "'");
      }
      f[i] = s.substring(tab + 1, end);
      end = tab;
    }
    f[0] = s.substring(0, end);
    return f;
  }
}
