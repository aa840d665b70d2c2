package org.hadoopopt.directio.client;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.ReplicaAccessor;
import org.apache.hadoop.hdfs.ReplicaAccessorBuilder;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.hadoopopt.directio.protocol.EndpointDirectory;
import org.hadoopopt.directio.protocol.EndpointOwner;
import org.hadoopopt.directio.protocol.PathOwnership;
import org.hadoopopt.directio.protocol.FdPassing;
import org.hadoopopt.directio.protocol.LogText;
import org.hadoopopt.directio.protocol.PathReply;
import org.hadoopopt.directio.protocol.PathRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Client plugin ({@code dfs.client.replica.accessor.builder.classes}): for a block with a
 * finalized replica on this host, asks the local DataNode's {@code DirectIoDataNodePlugin} for
 * its files (sending the block access token), receives them as open descriptors and reads them
 * directly. In every other case it
 * returns null, and HDFS streams the block through a DataNode as usual: remote replicas, files
 * under construction, replicas whose direct read failed earlier, refusals, no plugin on the host.
 *
 * <p>HDFS does not tell the builder which DataNode it chose; any finalized local replica of the
 * same block and generation stamp holds the same bytes, so the builder asks the local DataNodes in
 * turn, skipping replicas whose direct read failed in this process (HDFS's retry then gets another
 * local replica, or streams). Successive reads of a block start at successive local DataNodes
 * ({@link ReplicaRotation}), so that, as with HDFS's own choice, re-reading a block meets (and gets
 * reported) every corrupt local replica. What a checksum error does is {@link ChecksumFailure}'s.
 */
public class DirectReplicaAccessorBuilder extends ReplicaAccessorBuilder {
  private static final Logger LOG = LoggerFactory.getLogger(DirectReplicaAccessorBuilder.class);

  /**
   * How block files are read: {@code buffered} (through the page cache, the default) or
   * {@code o_direct} (bypassing it, for cold scans that should not evict hot data). Read by the client.
   */
  public static final String IO_MODE = "hadoopopt.directio.client.io.mode";
  public static final String IO_MODE_DEFAULT = "buffered";
  /**
   * Bytes read (and checksum-verified) per disk read; default {@value #BUFFER_BYTES_DEFAULT} (256 KiB: the
   * window and a 128 KB caller buffer stay in a 512 KiB L2 cache between the checksum pass and the copy).
   * With O_DIRECT the default is {@value #BUFFER_BYTES_DEFAULT_O_DIRECT} (1 MiB): there every window is a
   * device request, and larger requests keep the device busy. Read by the client.
   */
  public static final String BUFFER_BYTES = "hadoopopt.directio.client.buffer.bytes";
  public static final int BUFFER_BYTES_DEFAULT = 256 * 1024;
  public static final int BUFFER_BYTES_DEFAULT_O_DIRECT = 1 << 20;

  /**
   * How the reader gets the replica's files: {@code descriptors} (the default: the DataNode opens
   * them and passes the open descriptors, so the reader needs no permission on the data
   * directories) or {@code paths} (the weaker mode: the DataNode names the files and the reader
   * opens them, which needs read permission on the data directories and a DataNode with
   * {@code hadoopopt.directio.datanode.serve.paths=true}). Read by the client.
   */
  public static final String HANDOFF = "hadoopopt.directio.client.handoff";
  public static final String HANDOFF_DEFAULT = "descriptors";
  /**
   * Milliseconds to wait for the DataNode's reply before streaming the block instead; default
   * {@value #TIMEOUT_MS_DEFAULT}. Read by the client.
   */
  public static final String TIMEOUT_MS = "hadoopopt.directio.client.timeout.ms";
  public static final int TIMEOUT_MS_DEFAULT = 10000;

  /** Socket folders found empty or missing, each warned about once per process. */
  private static final java.util.Set<Path> WARNED_NO_ENDPOINT = java.util.concurrent.ConcurrentHashMap.newKeySet();
  private static final AtomicBoolean WARNED_NO_NATIVE = new AtomicBoolean();
  /** Socket folders refused as not the DataNode's, each warned about once per process. */
  private static final java.util.Set<Path> WARNED_UNTRUSTED = java.util.concurrent.ConcurrentHashMap.newKeySet();
  private static final java.util.concurrent.ConcurrentMap<String, EndpointOwner> OWNERS =
      new java.util.concurrent.ConcurrentHashMap<>();
  private static final AtomicBoolean WARNED_REFUSED = new AtomicBoolean();
  /** Sockets answered by another host's DataNode, each warned about once per process. */
  private static final java.util.Set<Path> WARNED_FOREIGN = java.util.concurrent.ConcurrentHashMap.newKeySet();

  static {
    DirectIoStatistics.registerMBean();
  }

  private String fileName;
  private String blockPoolId;
  private long blockId;
  private long generationStamp;
  private boolean verifyChecksum = true;
  private boolean allowShortCircuit;
  private long visibleLength;
  private Configuration conf;
  private byte[] token;

  /** Sets {@link #IO_MODE}: true for O_DIRECT, false for buffered reads. */
  public static void setODirect(Configuration conf, boolean oDirect) {
    conf.set(IO_MODE, oDirect ? "o_direct" : "buffered");
  }

  public static void setBufferBytes(Configuration conf, int bytes) {
    conf.setInt(BUFFER_BYTES, bytes);
  }

  /** Switches the plugin on in a client configuration (appending to any builders already listed). */
  public static void enable(Configuration conf) {
    String key = HdfsClientConfigKeys.REPLICA_ACCESSOR_BUILDER_CLASSES_KEY;
    String old = conf.getTrimmed(key, "");
    if (!old.contains(DirectReplicaAccessorBuilder.class.getName())) {
      conf.set(key, old.isEmpty() ? DirectReplicaAccessorBuilder.class.getName()
          : old + "," + DirectReplicaAccessorBuilder.class.getName());
    }
  }

  /** True if {@link #IO_MODE} selects O_DIRECT; an invalid value fails naming the key. */
  public static boolean oDirect(Configuration conf) {
    String mode = conf.getTrimmed(IO_MODE, IO_MODE_DEFAULT).toLowerCase(Locale.ROOT);
    if (mode.equals("buffered")) {
      return false;
    }
    if (mode.equals("o_direct")) {
      return true;
    }
    throw new IllegalArgumentException(IO_MODE + " must be 'buffered' or 'o_direct', got '" + mode + "'");
  }

  /** Sets {@link #HANDOFF}: true for file paths (the weaker mode), false for descriptors. */
  public static void setPathHandoff(Configuration conf, boolean paths) {
    conf.set(HANDOFF, paths ? "paths" : "descriptors");
  }

  /** True if {@link #HANDOFF} selects descriptors; an invalid value fails naming the key. */
  public static boolean descriptorHandoff(Configuration conf) {
    String mode = conf.getTrimmed(HANDOFF, HANDOFF_DEFAULT).toLowerCase(Locale.ROOT);
    if (mode.equals("descriptors")) {
      return true;
    }
    if (mode.equals("paths")) {
      return false;
    }
    throw new IllegalArgumentException(HANDOFF + " must be 'descriptors' or 'paths', got '" + mode + "'");
  }

  static int timeoutMs(Configuration conf) {
    int ms = conf.getInt(TIMEOUT_MS, TIMEOUT_MS_DEFAULT);
    if (ms < 1) {
      throw new IllegalArgumentException(TIMEOUT_MS + " must be positive, got " + ms);
    }
    return ms;
  }

  static int bufferBytes(Configuration conf, boolean oDirect) {
    int bytes = conf.getInt(BUFFER_BYTES, oDirect ? BUFFER_BYTES_DEFAULT_O_DIRECT : BUFFER_BYTES_DEFAULT);
    if (bytes < 4096 || bytes > (256 << 20)) {
      throw new IllegalArgumentException(BUFFER_BYTES + " must be 4096..268435456, got " + bytes);
    }
    return bytes;
  }

  @Override
  public ReplicaAccessorBuilder setFileName(String fileName) {
    this.fileName = fileName;
    return this;
  }

  @Override
  public ReplicaAccessorBuilder setBlock(long blockId, String blockPoolId) {
    this.blockId = blockId;
    this.blockPoolId = blockPoolId;
    return this;
  }

  @Override
  public ReplicaAccessorBuilder setGenerationStamp(long genstamp) {
    this.generationStamp = genstamp;
    return this;
  }

  @Override
  public ReplicaAccessorBuilder setVerifyChecksum(boolean verifyChecksum) {
    this.verifyChecksum = verifyChecksum;
    return this;
  }

  @Override
  public ReplicaAccessorBuilder setClientName(String clientName) {
    return this;
  }

  @Override
  public ReplicaAccessorBuilder setAllowShortCircuitReads(boolean allowShortCircuit) {
    this.allowShortCircuit = allowShortCircuit;
    return this;
  }

  @Override
  public ReplicaAccessorBuilder setVisibleLength(long visibleLength) {
    this.visibleLength = visibleLength;
    return this;
  }

  @Override
  public ReplicaAccessorBuilder setConfiguration(Configuration conf) {
    this.conf = conf;
    return this;
  }

  @Override
  public ReplicaAccessorBuilder setBlockAccessToken(byte[] token) {
    this.token = token;
    return this;
  }

  @Override
  public ReplicaAccessor build() {
    // Configuration errors are thrown: HDFS logs them (naming the key) and streams.
    boolean oDirect = oDirect(conf);
    int bufferBytes = bufferBytes(conf, oDirect);
    boolean descriptors = descriptorHandoff(conf);
    int timeoutMs = timeoutMs(conf);
    Path dir = EndpointDirectory.dir(conf);
    ReplicaAccessor accessor = null;
    try {
      accessor = tryBuild(dir, EndpointDirectory.ofThisHost(conf), oDirect, bufferBytes, descriptors, timeoutMs);
    } catch (IOException | RuntimeException e) {
      LOG.debug("hadoopopt direct-I/O: streaming blk_{} of {}: {}", blockId, fileName, DirectReplicaAccessor.describe(e));
    }
    if (accessor == null) {
      DirectIoStatistics.decline();
    }
    return accessor;
  }

  /**
   * {@code dir} is the configured folder (with {@link EndpointDirectory#HOST_TOKEN} where it is one
   * per host), {@code hostDirs} this host's folders in it.
   */
  private ReplicaAccessor tryBuild(Path dir, List<Path> hostDirs, boolean oDirect, int bufferBytes, boolean descriptors,
      int timeoutMs) throws IOException {
    if (!allowShortCircuit) {
      return null; // HDFS forbids it for files under construction: their last block still changes
    }
    if (descriptors && !FdPassing.available()) {
      if (WARNED_NO_NATIVE.compareAndSet(false, true)) {
        LOG.warn("hadoopopt direct-I/O disabled: {}; reading through the DataNode instead (this warning is shown once)",
            FdPassing.loadError());
      }
      return null;
    }
    EndpointOwner owner = owner(conf);
    List<Path> sockets = new java.util.ArrayList<>();
    for (Path hostDir : hostDirs) {
      List<Path> here = EndpointDirectory.sockets(hostDir);
      if (here.isEmpty()) {
        continue;
      }
      String untrusted = PathOwnership.problem(hostDir, owner, PathOwnership.Kind.FOLDER);
      if (untrusted != null) {
        refuseUntrusted(hostDir, untrusted);
        continue;
      }
      sockets.addAll(here);
    }
    if (sockets.isEmpty()) {
      if (WARNED_NO_ENDPOINT.add(dir)) {
        LOG.warn("hadoopopt direct-I/O: no DataNode endpoint in {} ({}{}); is org.hadoopopt.directio.datanode."
            + "DirectIoDataNodePlugin in dfs.datanode.plugins of this host's DataNode? Reading through the DataNode"
            + " instead (this warning is shown once for this folder)", dir, EndpointDirectory.SOCKET_DIR,
            EndpointDirectory.perHost(conf) ? ", one folder per host; this host's addresses: "
                + org.hadoopopt.directio.protocol.HostAddresses.ofThisHost() : "");
      }
      return null;
    }
    PathRequest request = new PathRequest(descriptors ? PathRequest.Op.DESCRIPTORS : PathRequest.Op.PATHS, blockPoolId,
        blockId, generationStamp, token);
    for (Path socket : ReplicaRotation.order(blockPoolId + ":" + blockId + ":" + generationStamp, sockets)) {
      if (ReplicaExclusions.isExcluded(ReplicaExclusions.key(blockPoolId, blockId, generationStamp, socket))) {
        continue;
      }
      PathReply reply;
      try {
        reply = askWithOneRetry(socket, request, owner, timeoutMs);
      } catch (EndpointClient.UntrustedEndpointException e) {
        refuseUntrusted(dir, e.getMessage());
        continue;
      } catch (IOException e) {
        LOG.debug("hadoopopt direct-I/O: endpoint {} not answering ({}), e.g. left by a stopped DataNode", socket,
            e.toString());
        continue;
      }
      if (reply.status == PathReply.Status.REFUSED) {
        DirectIoStatistics.refusal();
        if (WARNED_REFUSED.compareAndSet(false, true)) {
          LOG.warn("hadoopopt direct-I/O: the DataNode refused blk_{}: {}; reading through the DataNode instead"
              + " (further refusals are logged at DEBUG)", blockId, reply.reason);
        } else {
          LOG.debug("hadoopopt direct-I/O: refused blk_{}: {}", blockId, reply.reason);
        }
        return null;
      }
      if (reply.status == PathReply.Status.FOUND && !reply.host.isEmpty()
          && !org.hadoopopt.directio.protocol.HostAddresses.isThisHost(reply.host)) {
        // A DataNode of another host answering in this host's folder (a folder shared by hosts, or
        // given the wrong name): its replica is not local, so it is streamed like any remote one.
        closeAll(reply.descriptors);
        refuseForeign(socket, reply.host);
        continue;
      }
      if (reply.status == PathReply.Status.FOUND) {
        ReplicaSource source = new ReplicaSource(fileName, blockPoolId, blockId, generationStamp, token, socket, sockets,
            owner, timeoutMs);
        ReplicaAccessor accessor = openFound(reply, source, oDirect, bufferBytes);
        if (accessor != null) {
          return accessor;
        }
        // that replica's files could not be opened: another local DataNode may hold the block
      }
    }
    return null;
  }

  /**
   * Asks {@code socket}, and once more on a new connection if the first ends without a reply: the
   * endpoint closes the oldest waiting connections of a user flooding it, which can be this
   * reader's own when the flood comes from its user; a new connection is the newest there.
   */
  private static PathReply askWithOneRetry(Path socket, PathRequest request, EndpointOwner owner, int timeoutMs)
      throws IOException {
    for (int attempt = 1;; attempt++) {
      try {
        return request.op == PathRequest.Op.DESCRIPTORS
            ? EndpointClient.askForDescriptors(socket, request, owner, timeoutMs)
            : EndpointClient.ask(socket, request, owner, timeoutMs);
      } catch (EndpointClient.UntrustedEndpointException e) {
        throw e;
      } catch (IOException e) {
        if (attempt == 2 || e instanceof java.io.InterruptedIOException // a timeout: not asked twice
            || !Files.exists(socket, LinkOption.NOFOLLOW_LINKS)) {
          throw e;
        }
        LOG.debug("hadoopopt direct-I/O: {} closed without a reply ({}); asking once more", socket, e.toString());
      }
    }
  }

  /** The DataNode user to trust, resolved once per distinct setting (it may look at the data directories). */
  private static EndpointOwner owner(Configuration conf) {
    String key = conf.getTrimmed(EndpointOwner.DATANODE_USER, "") + "\n"
        + conf.getTrimmed("dfs.datanode.data.dir", "");
    return OWNERS.computeIfAbsent(key, k -> EndpointOwner.from(conf));
  }

  private static void closeAll(java.io.FileDescriptor[] descriptors) {
    for (java.io.FileDescriptor d : descriptors) {
      FdPassing.closeQuietly(d);
    }
  }

  /** Counts a reply from another host's DataNode; warns once per socket, naming both hosts. */
  private static void refuseForeign(Path socket, String host) {
    DirectIoStatistics.foreignHost();
    if (WARNED_FOREIGN.add(socket)) {
      LOG.warn("hadoopopt direct-I/O: the DataNode answering on {} is on host {}, not this one ({}): hosts sharing a file"
          + " system need one socket folder each ({} ending in {}); its replicas are read through the DataNode instead"
          + " (this warning is shown once for this socket)", socket, LogText.of(host, 64),
          org.hadoopopt.directio.protocol.HostAddresses.ofThisHost(), EndpointDirectory.SOCKET_DIR,
          EndpointDirectory.HOST_TOKEN);
    } else {
      LOG.debug("hadoopopt direct-I/O: {} answered from host {}", socket, LogText.of(host, 64));
    }
  }

  /** Counts a socket folder or socket that is not the DataNode's; warns once per folder, saying why. */
  private static void refuseUntrusted(Path dir, String why) {
    DirectIoStatistics.untrusted();
    if (WARNED_UNTRUSTED.add(dir)) {
      LOG.warn("hadoopopt direct-I/O: not using the DataNode endpoints in {} ({}): {}; no block token is sent there,"
          + " blocks are read through the DataNode instead (this warning is shown once for this folder)", dir,
          EndpointDirectory.SOCKET_DIR, why);
    } else {
      LOG.debug("hadoopopt direct-I/O: not using {}: {}", dir, why);
    }
  }

  private ReplicaAccessor openFound(PathReply reply, ReplicaSource source, boolean oDirect, int bufferBytes) {
    try {
      DirectReplicaAccessor accessor = reply.descriptors.length > 0
          ? DirectReplicaAccessor.open(source, reply.descriptors[0], reply.descriptors[1], reply.length, visibleLength,
              verifyChecksum, oDirect, bufferBytes)
          : DirectReplicaAccessor.open(source, reply.dataPath, reply.metaPath, reply.length, visibleLength,
              verifyChecksum, oDirect, bufferBytes);
      DirectIoStatistics.directOpen();
      return accessor;
    } catch (IOException | RuntimeException e) {
      // Moved or deleted between the DataNode's answer and our open, or not readable by us.
      ReplicaExclusions.exclude(source.replicaKey(), source.socket);
      DirectIoStatistics.fallback();
      LOG.warn("hadoopopt direct-I/O: cannot open local {} ({}); reading through the DataNode instead",
          source.describe(), DirectReplicaAccessor.describe(e));
      return null;
    }
  }
}
