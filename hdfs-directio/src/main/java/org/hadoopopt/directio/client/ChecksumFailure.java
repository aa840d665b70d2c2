package org.hadoopopt.directio.client;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.fs.ChecksumException;
import org.hadoopopt.directio.protocol.PathReply;
import org.hadoopopt.directio.protocol.PathRequest;

/**
 * What a direct read does when a chunk fails its checksum.
 *
 * <p>First it tells the DataNode whose replica it read (a {@code VERIFY} request with the block
 * token): that DataNode checks the chunk itself and, if it is bad, reports its replica to the
 * NameNode. This is needed because HDFS does not tell a {@code ReplicaAccessorBuilder} which
 * DataNode it chose, and on a {@link ChecksumException} HDFS reports the replica of the DataNode
 * <em>it</em> chose.
 *
 * <p>Then it picks the exception HDFS gets. A {@link ChecksumException} (HDFS marks the chosen
 * replica corrupt, reports it, and reads another) only when HDFS's choice is, as far as the client
 * can tell, the DataNode whose replica failed: no other local DataNode holds the block (HDFS's
 * NameNode sorts the client's own DataNode first, and the builder reads only local replicas), and
 * no direct read from that DataNode failed before in this process (a failure may have put it on
 * the stream's dead list, and HDFS would then choose a remote DataNode). Otherwise, and when the
 * DataNode finds the chunk intact, a plain {@link IOException}: HDFS re-reads its chosen replica
 * by streaming, which reports it with HDFS's own checks if that one is bad too.
 */
final class ChecksumFailure {
  private ChecksumFailure() {}

  static IOException toException(ReplicaSource source, long blockOffset) {
    boolean failedBefore = ReplicaExclusions.failedRecently(source.socket);
    PathReply verdict = ask(source, source.socket,
        PathRequest.verify(source.blockPoolId, source.blockId, source.generationStamp, blockOffset, source.token));
    String where = "checksum error in " + source.blockName() + " of " + source.fileName + " at block offset "
        + blockOffset + " (direct read of the replica at local DataNode " + source.dataNode() + ")";
    if (verdict != null && verdict.status == PathReply.Status.INTACT) {
      return new IOException(where + ", but that DataNode finds the chunk intact; HDFS reads the block again");
    }
    String told;
    if (verdict != null && verdict.status == PathReply.Status.CORRUPT) {
      DirectIoStatistics.corruptionConfirmed();
      told = "that DataNode confirmed it and reported its replica to the NameNode";
    } else {
      told = "that DataNode could not confirm it (" + (verdict == null ? "no answer" : verdict) + ")";
    }
    String otherHolder = otherLocalHolder(source);
    if (otherHolder == null && !failedBefore) {
      DirectIoStatistics.checksumException();
      return new ChecksumException(where + "; " + told, blockOffset);
    }
    String why = otherHolder != null ? otherHolder
        : "a direct read from " + source.dataNode() + " failed before, so HDFS may have set it aside";
    return new IOException(where + "; " + told + ". Passed on as a plain IOException: " + why
        + ", so HDFS may have chosen another DataNode and would blame its replica");
  }

  /** Null if every other local DataNode says it has no replica of the block, else which may have one. */
  private static String otherLocalHolder(ReplicaSource source) {
    PathRequest request = new PathRequest(PathRequest.Op.HAS, source.blockPoolId, source.blockId,
        source.generationStamp, source.token);
    for (Path other : source.localSockets) {
      if (other.equals(source.socket)) {
        continue;
      }
      PathReply reply = ask(source, other, request);
      if (reply == null || reply.status != PathReply.Status.NOT_HERE) {
        return "local DataNode " + other.getFileName() + (reply == null ? " did not answer and may hold the block too"
            : reply.status == PathReply.Status.FOUND ? " holds the block too" : " may hold the block too (" + reply + ")");
      }
    }
    return null;
  }

  private static PathReply ask(ReplicaSource source, Path socket, PathRequest request) {
    try {
      return EndpointClient.ask(socket, request, source.owner, source.timeoutMs);
    } catch (IOException e) {
      return null;
    }
  }
}
