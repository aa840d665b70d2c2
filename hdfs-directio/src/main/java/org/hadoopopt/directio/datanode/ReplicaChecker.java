package org.hadoopopt.directio.datanode;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.BlockMetadataHeader;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;
import org.apache.hadoop.util.DataChecksum;
import org.hadoopopt.directio.protocol.PathReply;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The DataNode's own check of a replica chunk that a local client's direct read found bad. The
 * client's word is never enough: the DataNode reads the chunk and its checksum through its own
 * dataset and reports the replica to the NameNode ({@link DataNode#reportBadBlocks}, as its block
 * scanner does) only if it finds the mismatch itself, or finds the block or meta file ending
 * before the replica's length. HDFS reports only the DataNode a read chose; this is how the
 * DataNode whose replica a direct read actually took hears of it.
 */
final class ReplicaChecker {
  private static final Logger LOG = LoggerFactory.getLogger(ReplicaChecker.class);
  /** A replica reported once is not read and reported again for this long (many readers may hit it). */
  private static final long REMEMBER_MS = 10 * 60 * 1000L;
  private static final int MAX_REMEMBERED = 1024;

  private final DataNode dataNode;
  private final AtomicLong reportedCount = new AtomicLong();
  private final Map<String, Long> reported = new LinkedHashMap<String, Long>(16, 0.75f, false) {
    private static final long serialVersionUID = 1L;

    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
      return size() > MAX_REMEMBERED;
    }
  };

  ReplicaChecker(DataNode dataNode) {
    this.dataNode = dataNode;
  }

  /** Replicas this DataNode found corrupt and reported since start. */
  long reportedCount() {
    return reportedCount.get();
  }

  /**
   * Checks the chunk holding block offset {@code offset} of a finalized replica whose generation
   * stamp the caller already matched, {@code length} bytes long.
   */
  PathReply check(ExtendedBlock block, long length, long offset) {
    String name = "blk_" + block.getBlockId() + "_" + block.getGenerationStamp();
    if (offset < 0 || offset >= length) {
      return PathReply.refused("block offset " + offset + " is outside " + name + " (" + length + " bytes)");
    }
    String key = block.getBlockPoolId() + ":" + name;
    synchronized (reported) {
      Long at = reported.get(key);
      if (at != null && at + REMEMBER_MS > System.currentTimeMillis()) {
        return PathReply.corrupt(name + " was found corrupt and reported already");
      }
    }
    FsDatasetSpi<?> dataset = dataNode.getFSDataset();
    String problem;
    try (LengthInputStream metaIn = dataset.getMetaDataInputStream(block)) {
      if (metaIn == null) {
        return PathReply.notHere("no checksums for " + name);
      }
      DataInputStream meta = new DataInputStream(new BufferedInputStream(metaIn, 4096));
      DataChecksum sum = BlockMetadataHeader.readHeader(meta).getChecksum();
      int size = sum.getChecksumSize();
      if (size == 0) {
        return PathReply.intact(name + " has no checksums to check");
      }
      int bpc = sum.getBytesPerChecksum();
      long start = offset / bpc * bpc;
      problem = checkChunk(dataset, block, meta, sum, start, (int) Math.min(bpc, length - start));
    } catch (IOException | RuntimeException e) {
      return PathReply.notHere("could not check " + name + ": " + e.getClass().getSimpleName());
    }
    if (problem == null) {
      return PathReply.intact("the chunk of " + name + " at block offset " + offset + " matches its checksum");
    }
    try {
      dataNode.reportBadBlocks(block, dataset.getVolume(block));
    } catch (IOException | RuntimeException e) {
      return PathReply.notHere(name + " is corrupt (" + problem + ") but reporting it failed: " + e.getClass().getSimpleName());
    }
    synchronized (reported) {
      reported.put(key, System.currentTimeMillis());
    }
    reportedCount.incrementAndGet();
    LOG.warn("hadoopopt direct-I/O: a local direct read found {} of pool {} corrupt and this DataNode confirmed it ({});"
        + " reported to the NameNode", name, block.getBlockPoolId(), problem);
    return PathReply.corrupt(name + ": " + problem + "; reported to the NameNode");
  }

  /** Null if the chunk at {@code start} matches its checksum, else what is wrong (no paths). */
  private static String checkChunk(FsDatasetSpi<?> dataset, ExtendedBlock block, DataInputStream meta,
      DataChecksum sum, long start, int len) throws IOException {
    int size = sum.getChecksumSize();
    byte[] expected = new byte[size];
    try {
      org.apache.hadoop.io.IOUtils.skipFully(meta, start / sum.getBytesPerChecksum() * size);
      meta.readFully(expected);
    } catch (EOFException e) {
      return "meta file ends before the checksum of block offset " + start;
    }
    byte[] data = new byte[len];
    try (InputStream in = dataset.getBlockInputStream(block, start)) {
      new DataInputStream(in).readFully(data);
    } catch (EOFException e) {
      return "block file ends before block offset " + (start + len);
    }
    try {
      sum.verifyChunkedSums(ByteBuffer.wrap(data), ByteBuffer.wrap(expected), "blk_" + block.getBlockId(), start);
      return null;
    } catch (ChecksumException e) {
      return "checksum mismatch in the chunk at block offset " + start;
    }
  }
}
