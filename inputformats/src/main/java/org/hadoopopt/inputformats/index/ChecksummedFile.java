package org.hadoopopt.inputformats.index;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.CRC32C;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The framing of our small metadata files (range indexes, B+-tree sidecars): a 4-byte magic, a
 * version byte, the body, then a CRC32C of all that. Read whole; a damaged or foreign file fails
 * naming the path and {@code what} it should have been.
 */
public final class ChecksummedFile {
  private ChecksummedFile() {}

  /** A well-formed file of another version of its layout. */
  public static final class VersionException extends IOException {
    private static final long serialVersionUID = 1L;

    VersionException(String message) {
      super(message);
    }
  }

  /** Writes {@code content} (magic, version and body, as the caller laid them out) and its CRC32C. */
  public static void write(FileSystem fs, Path path, byte[] content) throws IOException {
    CRC32C crc = new CRC32C();
    crc.update(content, 0, content.length);
    try (FSDataOutputStream f = fs.create(path, true)) {
      f.write(content);
      f.writeInt((int) crc.getValue());
    }
  }

  /**
   * The body of a file {@link #read} returned, past its magic and version: a stream whose errors
   * name the file and the offset reached, as every reader of these files reports a bad field.
   */
  public static final class Body extends DataInputStream {
    private final Path path;
    private final String what;
    private final long end;

    private Body(Path path, String what, byte[] file, int end) {
      super(new ByteArrayInputStream(file, 0, end));
      this.path = path;
      this.what = what;
      this.end = end;
    }

    /** The offset in the file of the next byte to read. */
    public long offset() throws IOException {
      return end - available();
    }

    /** An error naming the file and the offset reached: {@code problem} is wrong there. */
    public IOException bad(String problem) throws IOException {
      return new IOException(path + ", offset " + offset() + ": " + problem);
    }

    /**
     * What a reader throws for {@code e}, raised while it read the body: an error that already names
     * the file as it is, an end of the body as a truncated file, anything else named with the offset.
     */
    public IOException failure(IOException e) throws IOException {
      if (e instanceof EOFException) {
        return bad("truncated " + what);
      }
      if (e.getMessage() != null && e.getMessage().startsWith(path.toString())) {
        return e;
      }
      return bad(e.getMessage());
    }
  }

  /**
   * Reads a file written by {@link #write}, checks its size (at least {@code minLen}, at most
   * {@code maxLen}), checksum, magic and version, and returns a stream over its body.
   */
  public static Body read(FileSystem fs, Path path, String what, byte[] magic, int version, long minLen,
      long maxLen) throws IOException {
    // Read to the end rather than asking the length first: on HDFS that is one NameNode call less.
    byte[] b;
    try (FSDataInputStream in = fs.open(path)) {
      b = readAtMost(in, maxLen + 1);
    }
    long len = b.length;
    if (len < minLen || len > maxLen) {
      throw new IOException(path + ": not a " + what + " (" + (len > maxLen ? "over " + maxLen : Long.toString(len))
          + " bytes: the file ends at offset " + (len > maxLen ? "past " + maxLen : Long.toString(len)) + ")");
    }
    CRC32C crc = new CRC32C();
    crc.update(b, 0, b.length - 4);
    if ((int) crc.getValue() != ByteBuffer.wrap(b, b.length - 4, 4).getInt()) {
      throw new IOException(path + ": " + what + " checksum mismatch (the CRC32C at offset " + (b.length - 4)
          + " over offsets 0.." + (b.length - 4) + ")");
    }
    Body d = new Body(path, what, b, b.length - 4);
    byte[] m = new byte[magic.length];
    d.readFully(m);
    if (!Arrays.equals(m, magic)) {
      throw new IOException(path + ": not a " + what + " (wrong magic at offset 0)");
    }
    int v = d.readByte();
    if (v != version) {
      throw new VersionException(path + ": a " + what + " of version " + v + " (offset " + magic.length
          + "), this reader reads version " + version
          + " only: load the table again");
    }
    return d;
  }

  /** The stream's bytes up to its end or LIMIT bytes, whichever comes first. */
  private static byte[] readAtMost(InputStream in, long limit) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
    byte[] buf = new byte[65536];
    long total = 0;
    int n;
    while (total < limit && (n = in.read(buf, 0, (int) Math.min(buf.length, limit - total))) >= 0) {
      out.write(buf, 0, n);
      total += n;
    }
    return out.toByteArray();
  }
}
