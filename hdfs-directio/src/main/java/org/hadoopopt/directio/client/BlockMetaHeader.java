package org.hadoopopt.directio.client;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import java.util.zip.Checksum;

/**
 * The header of a block's {@code .meta} file: version (short, 1), checksum type (byte: 0 none,
 * 1 CRC32, 2 CRC32C) and bytes per checksum (int); 4-byte checksums of each chunk follow.
 */
final class BlockMetaHeader {
  static final int LENGTH = 7;

  final int type;
  final int bytesPerChecksum;
  final int checksumSize;

  private BlockMetaHeader(int type, int bytesPerChecksum, int checksumSize) {
    this.type = type;
    this.bytesPerChecksum = bytesPerChecksum;
    this.checksumSize = checksumSize;
  }

  static BlockMetaHeader read(FileChannel meta, String metaName) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(LENGTH);
    while (b.hasRemaining()) {
      if (meta.read(b, b.position()) < 0) {
        throw new IOException("the meta file of " + metaName + " ends at offset " + b.position() + " inside its " + LENGTH
            + "-byte header");
      }
    }
    b.flip();
    short version = b.getShort();
    int type = b.get();
    int bpc = b.getInt();
    if (version != 1) {
      throw new IOException("the meta file of " + metaName + " offset 0: unsupported version " + version + " (expected 1)");
    }
    if (type < 0 || type > 2) {
      throw new IOException("the meta file of " + metaName + " offset 2: unknown checksum type " + type);
    }
    if (bpc <= 0 || bpc > (1 << 24)) {
      throw new IOException("the meta file of " + metaName + " offset 3: bad bytes-per-checksum " + bpc);
    }
    return new BlockMetaHeader(type, bpc, type == 0 ? 0 : 4);
  }

  boolean hasChecksums() {
    return checksumSize > 0;
  }

  Checksum newChecksum() {
    return type == 1 ? new CRC32() : new CRC32C();
  }
}
