package org.hadoopopt.inputformats.record;

/** Column types of the Pavlo tables, as mutable records hold them. */
public enum FieldType {
  /** Bytes (ASCII in the generated data), held as a {@link ByteSlice}; never null, may be empty. */
  STRING,
  /** A 32-bit signed integer; an empty text field is null. */
  INT,
  /** A calendar date yyyy-MM-dd, held as days since 1970-01-01; an empty text field is null. */
  DATE,
  /** A decimal number held exactly as a long count of millionths ({@link Decimals}); an empty text field is null. */
  DECIMAL
}
