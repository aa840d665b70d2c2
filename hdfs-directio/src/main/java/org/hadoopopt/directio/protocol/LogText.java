package org.hadoopopt.directio.protocol;

/**
 * Caller-supplied text made safe for one log line: control characters, backslashes and
 * non-ASCII characters escaped ({@code \n}, {@code \\}, {@code \u00e9}), and cut to a bound with
 * the original length stated. A local caller chooses the block-pool id of its request; logged raw,
 * it could forge log lines or fill the log.
 */
public final class LogText {
  /** Characters of caller text a log line keeps by default. */
  public static final int DEFAULT_MAX_CHARS = 80;

  private LogText() {}

  /** {@link #of(String, int)} with {@link #DEFAULT_MAX_CHARS}. */
  public static String of(String text) {
    return of(text, DEFAULT_MAX_CHARS);
  }

  /** {@code text} escaped, at most {@code maxChars} of it kept ("null" for null). */
  public static String of(String text, int maxChars) {
    if (text == null) {
      return "null";
    }
    StringBuilder b = new StringBuilder(Math.min(text.length(), maxChars) + 16);
    int i = 0;
    for (; i < text.length() && i < maxChars; i++) {
      char c = text.charAt(i);
      if (c == '\\') {
        b.append("\\\\");
      } else if (c == '\n') {
        b.append("\\n");
      } else if (c == '\r') {
        b.append("\\r");
      } else if (c == '\t') {
        b.append("\\t");
      } else if (c < 0x20 || c > 0x7e) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    if (i < text.length()) {
      b.append("...(").append(text.length()).append(" chars)");
    }
    return b.toString();
  }
}
