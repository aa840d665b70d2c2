package org.hadoopopt.directio.datanode;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.FileInputStream;
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
import org.hadoopopt.directio.protocol.FdPassing;
import org.hadoopopt.directio.protocol.PathReply;
import org.hadoopopt.directio.protocol.PathRequest;

/**
 * Decides one request on the DataNode: the caller's OS user must pass the {@link CallerPolicy};
 * its block access token must be valid for exactly this block, and with tokens off the request is
 * refused unless {@link CallerPolicy#ALLOW_WITHOUT_BLOCK_TOKENS} is set; the replica must be
 * finalized here with exactly the caller's generation stamp. Then a {@code DESCRIPTORS} request
 * gets the replica's files opened by this DataNode (passed as descriptors, so the reader needs no
 * permission on the data directories), a {@code HAS} request "found", a {@code PATHS} request the
 * files' paths (only with {@link CallerPolicy#SERVE_PATHS}), a {@code VERIFY} request the
 * {@link ReplicaChecker}'s verdict. Reasons never contain paths.
 */
final class BlockPathResolver {
  private final DataNode dataNode;
  private final CallerPolicy policy;
  private final boolean tokensConfigured;
  private final ReplicaChecker checker;

  BlockPathResolver(DataNode dataNode, CallerPolicy policy) {
    this.dataNode = dataNode;
    this.policy = policy;
    this.tokensConfigured = dataNode.getConf().getBoolean(DFSConfigKeys.DFS_BLOCK_ACCESS_TOKEN_ENABLE_KEY,
        DFSConfigKeys.DFS_BLOCK_ACCESS_TOKEN_ENABLE_DEFAULT);
    this.checker = new ReplicaChecker(dataNode);
  }

  ReplicaChecker checker() {
    return checker;
  }

  /** True if requests for {@code blockPoolId} must carry a valid block token. */
  boolean tokensRequired(String blockPoolId) {
    // The NameNode decides whether tokens are on; the DataNode learns it at registration, which
    // registers the pool with the secret manager. Our own conf saying "on" also forces the check.
    return tokensConfigured || dataNode.getBlockPoolTokenSecretManager().isBlockPoolRegistered(blockPoolId);
  }

  PathReply resolve(PathRequest request, String osUser) {
    if (!policy.admits(osUser)) {
      return PathReply.refused("local user '" + osUser + "' is not in " + CallerPolicy.ALLOWED_USERS);
    }
    if (request.op == PathRequest.Op.PATHS && !policy.servesPaths()) {
      return PathReply.refused("this DataNode passes open descriptors, not block file paths (" + CallerPolicy.SERVE_PATHS
          + "=false); blk_" + request.blockId + " not served by path");
    }
    if (request.op == PathRequest.Op.DESCRIPTORS && !FdPassing.available()) {
      return PathReply.refused("this DataNode cannot pass descriptors: its JNI library did not load");
    }
    ExtendedBlock block = new ExtendedBlock(request.blockPoolId, request.blockId, 0, request.generationStamp);
    if (tokensRequired(request.blockPoolId)) {
      String tokenProblem = checkToken(request, block);
      if (tokenProblem != null) {
        return PathReply.refused(tokenProblem);
      }
    } else if (!policy.servesWithoutTokens()) {
      return PathReply.refused("block access tokens are off (" + DFSConfigKeys.DFS_BLOCK_ACCESS_TOKEN_ENABLE_KEY
          + "), so nothing proves the caller may read blk_" + request.blockId + "; set "
          + CallerPolicy.ALLOW_WITHOUT_BLOCK_TOKENS + "=true on the DataNode to serve local users anyway");
    }
    try {
      FsDatasetSpi<?> dataset = dataNode.getFSDataset();
      Block stored = dataset.getStoredBlock(request.blockPoolId, request.blockId);
      if (stored == null) {
        return PathReply.notHere("no replica of blk_" + request.blockId);
      }
      if (stored.getGenerationStamp() != request.generationStamp) {
        // Another generation has other bytes (or another length): never hand it out for this one.
        return PathReply.notHere("replica of blk_" + request.blockId + " has generation stamp "
            + stored.getGenerationStamp() + ", not " + request.generationStamp);
      }
      // Only finalized replicas: a replica being written changes length and checksums under the reader.
      if (!dataset.isValidBlock(block)) {
        return PathReply.notHere("replica of blk_" + request.blockId + " is not finalized");
      }
      // The replica's length as HDFS knows it, not its block file's size (FsDatasetSpi.getLength): a
      // block file cut short behind the DataNode's back must fail the client's open (it checks the
      // file against this length and reads another replica) and the chunk check, not read as a
      // shorter block, which HDFS takes for an unexpected end of stream.
      long length = stored.getNumBytes();
      if (request.op == PathRequest.Op.VERIFY) {
        return checker.check(block, length, request.offset);
      }
      if (request.op == PathRequest.Op.HAS) {
        return PathReply.foundHere(length, block.getGenerationStamp());
      }
      BlockLocalPathInfo info = dataset.getBlockLocalPathInfo(block);
      if (request.op == PathRequest.Op.DESCRIPTORS) {
        return openFiles(info, length, block.getGenerationStamp());
      }
      return PathReply.found(info.getBlockPath(), info.getMetaPath(), length, block.getGenerationStamp());
    } catch (IOException | RuntimeException e) {
      return PathReply.notHere("replica of blk_" + request.blockId + " unavailable: " + e.getClass().getSimpleName());
    }
  }

  /** Opens the replica's block and meta files as this DataNode's user; the plugin passes and closes them. */
  private static PathReply openFiles(BlockLocalPathInfo info, long length, long generationStamp) throws IOException {
    FileInputStream data = new FileInputStream(info.getBlockPath());
    try {
      return PathReply.foundOpen(data, new FileInputStream(info.getMetaPath()), length, generationStamp);
    } catch (IOException | RuntimeException e) {
      data.close();
      throw e;
    }
  }

  /** Null if the token admits reading this block, else why not. */
  private String checkToken(PathRequest request, ExtendedBlock block) {
    BlockPoolTokenSecretManager secrets = dataNode.getBlockPoolTokenSecretManager();
    if (request.token.length == 0) {
      return "no block access token for blk_" + request.blockId;
    }
    String shape = TokenShape.problem(request.token);
    if (shape != null) {
      return "malformed block access token for blk_" + request.blockId + ": " + shape;
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
