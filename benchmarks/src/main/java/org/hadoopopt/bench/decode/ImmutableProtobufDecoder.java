package org.hadoopopt.bench.decode;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import java.io.IOException;
import org.hadoopopt.bench.pavlo.format.PavloProtos;
import org.hadoopopt.inputformats.codec.RecordDecoder;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Schema;

/** The baseline protobuf decoder: a protoc-generated message per record via {@code parseFrom}. */
public final class ImmutableProtobufDecoder implements RecordDecoder<Message> {
  private final Parser<? extends Message> parser;
  private byte[] buf;
  private int pos;
  private int end;
  private int start;
  private String source;
  private long sourceOffset;

  public ImmutableProtobufDecoder(Schema schema) {
    this.parser = schema == Schema.RANKINGS ? PavloProtos.Rankings.parser() : PavloProtos.UserVisits.parser();
  }

  @Override
  public void reset(byte[] b, int off, int len, String src, long srcOffset) {
    buf = b;
    pos = off;
    start = off;
    end = off + len;
    source = src;
    sourceOffset = srcOffset;
  }

  @Override
  public Message next() throws IOException {
    if (pos >= end) {
      return null;
    }
    int at = pos;
    // The length prefix is a base-128 varint (what writeDelimitedTo writes).
    int size = 0;
    for (int shift = 0; ; shift += 7) {
      if (pos >= end || shift > 28) {
        throw new MalformedRecordException(source, sourceOffset + (at - start), null, "bad message length");
      }
      byte b = buf[pos++];
      size |= (b & 0x7f) << shift;
      if (b >= 0) {
        break;
      }
    }
    if (size < 0 || size > end - pos) {
      throw new MalformedRecordException(source, sourceOffset + (at - start), null,
          "message of " + size + " bytes, " + (end - pos) + " left");
    }
    try {
      Message m = parser.parseFrom(buf, pos, size);
      pos += size;
      return m;
    } catch (InvalidProtocolBufferException e) {
      throw new MalformedRecordException(source, sourceOffset + (at - start), null, "bad protobuf record: " + e.getMessage(), e);
    }
  }
}
