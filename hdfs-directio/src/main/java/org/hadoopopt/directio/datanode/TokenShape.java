package org.hadoopopt.directio.datanode;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import org.apache.hadoop.io.WritableUtils;

/**
 * Checks, before Hadoop parses a caller's block token, that every length and count inside it fits
 * in the bytes that are there. Hadoop's {@code Token.readFields} and
 * {@code BlockTokenIdentifier.readFields} allocate whatever a length field says (a 13-byte token
 * can ask for gigabytes) before reading, and the identifier is parsed before its signature is
 * checked; a local caller must not be able to make the DataNode allocate more than it sent.
 *
 * <p>Layouts walked (Hadoop 3.x): the token is vint-prefixed identifier and password, then two
 * {@code Text}s (kind, service), each vint-prefixed. A legacy identifier (first byte not positive)
 * is vlong expiry, vint key id, two strings (user, pool: int length, -1 for null), vlong block id,
 * vint count of access modes, each a {@code Text}, a vint count of storage types, each a
 * {@code Text}, a vint count of storage ids, each a string, and optionally a vint-prefixed
 * handshake secret. A protobuf identifier is left
 * to protobuf, whose parser checks lengths against the input.
 */
final class TokenShape {
  private TokenShape() {}

  /** Null if the token's lengths all fit, else what does not. */
  static String problem(byte[] token) {
    try {
      Walker t = new Walker(token, 0, token.length);
      int idLength = t.length("identifier length", false);
      int idStart = t.position();
      t.skip(idLength);
      t.skip(t.length("password length", false));
      t.skip(t.length("kind length", false));
      t.skip(t.length("service length", false));
      if (idLength > 0 && token[idStart] <= 0) {
        return legacyIdentifierProblem(new Walker(token, idStart, idLength));
      }
      return null;
    } catch (Malformed e) {
      return e.getMessage();
    } catch (IOException e) {
      return "block token ends early (" + token.length + " bytes)";
    }
  }

  private static String legacyIdentifierProblem(Walker id) throws IOException {
    try {
      id.vlong(); // expiry date
      id.vlong(); // key id
      id.skip(id.stringLength("user id length"));
      id.skip(id.stringLength("pool id length"));
      id.vlong(); // block id
      for (int i = id.count("access modes"); i > 0; i--) {
        id.skip(id.length("access mode length", false));
      }
      for (int i = id.count("storage types"); i > 0; i--) {
        id.skip(id.length("storage type length", false));
      }
      for (int i = id.count("storage ids"); i > 0; i--) {
        id.skip(id.stringLength("storage id length"));
      }
      if (id.remaining() > 0) {
        id.skip(id.length("handshake secret length", false));
      }
      return null;
    } catch (Malformed e) {
      return "block token identifier: " + e.getMessage();
    }
  }

  private static final class Malformed extends IOException {
    private static final long serialVersionUID = 1L;

    Malformed(String message) {
      super(message);
    }
  }

  /** Reads Hadoop's variable-length numbers from a slice of bytes, each length checked against what is left. */
  private static final class Walker {
    private final ByteArrayInputStream bytes;
    private final DataInputStream in;
    private final int end;
    private final int start;

    Walker(byte[] b, int offset, int length) {
      this.bytes = new ByteArrayInputStream(b, offset, length);
      this.in = new DataInputStream(bytes);
      this.start = offset;
      this.end = offset + length;
    }

    int remaining() {
      return bytes.available();
    }

    int position() {
      return end - bytes.available();
    }

    long vlong() throws IOException {
      return WritableUtils.readVLong(in);
    }

    /** A vint length field: 0..remaining bytes. */
    int length(String what, boolean nullable) throws IOException {
      return check(what, vlong(), nullable);
    }

    /** The int length of a {@code WritableUtils.writeString} string: -1 (null) or 0..remaining bytes. */
    int stringLength(String what) throws IOException {
      return check(what, in.readInt(), true);
    }

    private int check(String what, long n, boolean nullable) throws Malformed {
      if ((nullable && n == -1) || (n >= 0 && n <= remaining())) {
        return (int) Math.max(n, 0);
      }
      throw new Malformed(what + " " + n + " at byte " + (position() - start) + " with " + remaining() + " bytes left");
    }

    /** A count of items of at least one byte each: 0..remaining. */
    int count(String what) throws IOException {
      long n = vlong();
      if (n < 0 || n > remaining()) {
        throw new Malformed("count of " + what + " " + n + " with " + remaining() + " bytes left");
      }
      return (int) n;
    }

    void skip(int n) throws IOException {
      if (in.skipBytes(n) != n) {
        throw new java.io.EOFException();
      }
    }
  }
}
