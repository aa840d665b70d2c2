package org.hadoopopt.inputformats.record;

/** Column types of the Pavlo tables, as mutable records hold them; their text syntax is {@link ColumnGrammar}'s. */
public enum FieldType {
  /** Bytes (ASCII in the generated data), held as a {@link ByteSlice}; never null, may be empty; any bytes but '|', LF, CR. */
  STRING,
  /** A 32-bit signed integer, {@code -?[0-9]{1,10}}; an empty text field is malformed (no NULLs). */
  INT,
  /** A calendar date yyyy-MM-dd, held as days since 1970-01-01; an empty text field is malformed. */
  DATE,
  /** A decimal number held exactly as a long count of millionths ({@link Decimals}); at most 2 decimals in text; an empty text field is malformed. */
  DECIMAL
}
