package org.hadoopopt.bench.decode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.io.DataOutputBuffer;
import org.hadoopopt.inputformats.codec.BinaryCodec;
import org.hadoopopt.inputformats.codec.MutableProtobufDecoder;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.codec.MutableTupleDecoder;
import org.hadoopopt.inputformats.codec.MutableWritableDecoder;
import org.hadoopopt.inputformats.codec.ProtobufCodec;
import org.hadoopopt.inputformats.codec.RecordDecoder;
import org.hadoopopt.inputformats.codec.TupleCodec;
import org.hadoopopt.inputformats.codec.WritableCodec;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * The seven decoders of the decoding experiment: each format in an immutable (baseline) and a
 * mutable version, JE tuples mutable only. {@link #encode} builds the input each one reads.
 */
public enum DecoderKind {
  TEXT_IMMUTABLE(Format.TEXT, false),
  TEXT_MUTABLE(Format.TEXT, true),
  WRITABLE_IMMUTABLE(Format.WRITABLE, false),
  WRITABLE_MUTABLE(Format.WRITABLE, true),
  PROTOBUF_IMMUTABLE(Format.PROTOBUF, false),
  PROTOBUF_MUTABLE(Format.PROTOBUF, true),
  TUPLE_MUTABLE(Format.TUPLE, true);

  /** The byte formats records are stored in. */
  public enum Format { TEXT, WRITABLE, PROTOBUF, TUPLE }

  private final Format format;
  private final boolean mutable;

  DecoderKind(Format format, boolean mutable) {
    this.format = format;
    this.mutable = mutable;
  }

  public Format format() {
    return format;
  }

  public boolean mutable() {
    return mutable;
  }

  public RecordDecoder<?> newDecoder(Schema schema) {
    switch (this) {
      case TEXT_IMMUTABLE:
        return new ImmutableTextDecoder(schema);
      case TEXT_MUTABLE:
        return new MutableTextDecoder(schema);
      case WRITABLE_IMMUTABLE:
        return new ImmutableWritableDecoder(schema);
      case WRITABLE_MUTABLE:
        return new MutableWritableDecoder(schema);
      case PROTOBUF_IMMUTABLE:
        return new ImmutableProtobufDecoder(schema);
      case PROTOBUF_MUTABLE:
        return new MutableProtobufDecoder(schema);
      default:
        return new MutableTupleDecoder(schema);
    }
  }

  /** The rows stored back to back in {@code format}: text lines end with '\n'. */
  public static byte[] encode(Format format, Iterable<? extends Row> rows) throws IOException {
    DataOutputBuffer out = new DataOutputBuffer();
    BinaryCodec codec = format == Format.WRITABLE ? new WritableCodec()
        : format == Format.PROTOBUF ? new ProtobufCodec() : format == Format.TUPLE ? new TupleCodec() : null;
    for (Row row : rows) {
      if (codec == null) {
        out.write((row.toText() + "\n").getBytes(StandardCharsets.UTF_8));
      } else {
        codec.encode(row, out);
      }
    }
    byte[] bytes = new byte[out.getLength()];
    System.arraycopy(out.getData(), 0, bytes, 0, bytes.length);
    return bytes;
  }
}
