package org.hadoopopt.inputformats.codec;

import java.io.IOException;
import org.apache.hadoop.io.DataOutputBuffer;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * A self-delimiting binary record encoding, pluggable into KeyValueSequenceFile. Implementations
 * need a public no-argument constructor; files record the codec's {@link #name()}.
 */
public interface BinaryCodec {
  /** The name stored in file headers: at most 255 bytes of ASCII. */
  String name();

  /** Appends {@code row} to {@code out}; a decoder reading the bytes back finds where it ends. */
  void encode(Row row, DataOutputBuffer out) throws IOException;

  /** A decoder that fills one reused row. */
  RecordDecoder<Row> newMutableDecoder(Schema schema);
}
