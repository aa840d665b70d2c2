package org.hadoopopt.directio.client;

import java.nio.file.Path;
import java.util.List;
import org.hadoopopt.directio.protocol.EndpointOwner;
import org.hadoopopt.directio.protocol.LogText;

/**
 * The local replica a direct read takes: the block as HDFS names it (pool, id, generation stamp),
 * the file, the block token, the endpoint of the DataNode that holds it, and every local endpoint
 * the builder saw. Descriptions name the block and the DataNode endpoint, never a block file.
 */
final class ReplicaSource {
  final String fileName;
  final String blockPoolId;
  final long blockId;
  final long generationStamp;
  final byte[] token;
  final Path socket;
  final List<Path> localSockets;
  /** Who must own the endpoints asked about this replica later (checksum errors). */
  final EndpointOwner owner;
  final int timeoutMs;

  ReplicaSource(String fileName, String blockPoolId, long blockId, long generationStamp, byte[] token, Path socket,
      List<Path> localSockets, EndpointOwner owner, int timeoutMs) {
    this.owner = owner;
    this.timeoutMs = timeoutMs;
    this.fileName = fileName;
    this.blockPoolId = blockPoolId;
    this.blockId = blockId;
    this.generationStamp = generationStamp;
    this.token = token;
    this.socket = socket;
    this.localSockets = localSockets;
  }

  /** {@code <pool>:blk_<id>_<genstamp>}, as HDFS writes a block. */
  String blockName() {
    return LogText.of(blockPoolId, 64) + ":blk_" + blockId + "_" + generationStamp;
  }

  /** The DataNode endpoint's file name ({@code dn-<xferPort>.sock}): names the DataNode. */
  String dataNode() {
    return socket.getFileName().toString();
  }

  /** Block, file and DataNode, for messages. */
  String describe() {
    return blockName() + " of " + fileName + " at local DataNode " + dataNode();
  }

  String replicaKey() {
    return ReplicaExclusions.key(blockPoolId, blockId, generationStamp, socket);
  }
}
