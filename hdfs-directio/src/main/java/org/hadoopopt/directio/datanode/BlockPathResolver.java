package org.hadoopopt.directio.datanode;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.Block;
import org.apache.hadoop.hdfs.protocol.BlockLocalPathInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.security.token.block.BlockPoolTokenSecretManager;
import org.apache.hadoop.hdfs.security.token.block.BlockTokenIdentifier;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.security.token.Token;
import org.hadoopopt.directio.protocol.PathReply;
import org.hadoopopt.directio.protocol.PathRequest;

/**
 * Decides one request on the DataNode: the caller's OS user must pass the {@link CallerPolicy},
 * its block access token must be valid for exactly this block (when tokens are on), and the
 * replica must be finalized here. Refusal reasons never contain paths.
 */
final class BlockPathResolver {
  private final DataNode dataNode;
  private final CallerPolicy policy;
  private final boolean tokensConfigured;

  BlockPathResolver(DataNode dataNode, CallerPolicy policy) {
    this.dataNode = dataNode;
    this.policy = policy;
    this.tokensConfigured = dataNode.getConf().getBoolean(DFSConfigKeys.DFS_BLOCK_ACCESS_TOKEN_ENABLE_KEY,
        DFSConfigKeys.DFS_BLOCK_ACCESS_TOKEN_ENABLE_DEFAULT);
  }

  PathReply resolve(PathRequest request, String osUser) {
    if (!policy.admits(osUser)) {
      return PathReply.refused("local user '" + osUser + "' is not in " + CallerPolicy.ALLOWED_USERS);
    }
    ExtendedBlock block = new ExtendedBlock(request.blockPoolId, request.blockId, 0, request.generationStamp);
    String tokenProblem = checkToken(request, block);
    if (tokenProblem != null) {
      return PathReply.refused(tokenProblem);
    }
    try {
      FsDatasetSpi<?> dataset = dataNode.getFSDataset();
      Block stored = dataset.getStoredBlock(request.blockPoolId, request.blockId);
      if (stored == null) {
        return PathReply.notHere("no replica of blk_" + request.blockId);
      }
      if (stored.getGenerationStamp() < request.generationStamp) {
        return PathReply.notHere("replica of blk_" + request.blockId + " is older than the client's");
      }
      block.setGenerationStamp(stored.getGenerationStamp());
      // Only finalized replicas: a replica being written changes length and checksums under the reader.
      if (!dataset.isValidBlock(block)) {
        return PathReply.notHere("replica of blk_" + request.blockId + " is not finalized");
      }
      BlockLocalPathInfo info = dataset.getBlockLocalPathInfo(block);
      long length = dataset.getLength(block);
      return PathReply.found(info.getBlockPath(), info.getMetaPath(), length, block.getGenerationStamp());
    } catch (IOException | RuntimeException e) {
      return PathReply.notHere("replica of blk_" + request.blockId + " unavailable: " + e.getClass().getSimpleName());
    }
  }

  /** Null if the token admits reading this block (or tokens are off), else why not. */
  private String checkToken(PathRequest request, ExtendedBlock block) {
    BlockPoolTokenSecretManager secrets = dataNode.getBlockPoolTokenSecretManager();
    // The NameNode decides whether tokens are on; the DataNode learns it at registration, which
    // registers the pool with the secret manager. Our own conf saying "on" also forces the check.
    boolean required = tokensConfigured || secrets.isBlockPoolRegistered(request.blockPoolId);
    if (!required) {
      return null;
    }
    if (request.token.length == 0) {
      return "no block access token for blk_" + request.blockId;
    }
    try {
      Token<BlockTokenIdentifier> token = new Token<>();
      token.readFields(new DataInputStream(new ByteArrayInputStream(request.token)));
      if (token.getIdentifier().length == 0) {
        return "empty block access token for blk_" + request.blockId;
      }
      secrets.checkAccess(token, null, block, BlockTokenIdentifier.AccessMode.READ);
      return null;
    } catch (IOException | RuntimeException e) {
      return "block access token rejected for blk_" + request.blockId + " (" + e.getClass().getSimpleName() + ")";
    }
  }
}
