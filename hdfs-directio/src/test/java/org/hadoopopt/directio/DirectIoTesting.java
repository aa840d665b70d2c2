package org.hadoopopt.directio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.hadoopopt.directio.client.DirectReplicaAccessorBuilder;
import org.hadoopopt.directio.datanode.DirectIoDataNodePlugin;
import org.hadoopopt.directio.protocol.EndpointDirectory;

/** Shared set-up of the direct-I/O tests: cluster and client configurations, test data, readers. */
final class DirectIoTesting {
  static final int BLOCK = 256 * 1024;

  private DirectIoTesting() {}

  /** A fresh socket folder under target/ (short: Unix socket paths are limited to 107 bytes). */
  static Path socketDir(String name) {
    Path dir = Paths.get("target", "sock-" + name).toAbsolutePath();
    deleteTree(dir);
    return dir;
  }

  /**
   * Deletes {@code dir} and everything in it, symbolic links included (not followed): the tests
   * link to sockets that are gone once their DataNode stopped, and a dangling link does not "exist".
   */
  static void deleteTree(Path dir) {
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      List<Path> paths = all.sorted(Comparator.reverseOrder()).collect(Collectors.toList());
      for (Path p : paths) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + dir, e);
    }
  }

  /** Cluster configuration: small blocks, the plugin on every DataNode, tokens as asked. */
  static Configuration clusterConf(Path socketDir, boolean tokens) {
    Configuration conf = new HdfsConfiguration();
    conf.setLong("dfs.blocksize", BLOCK);
    conf.setLong("dfs.namenode.fs-limits.min-block-size", 0);
    conf.setBoolean("dfs.block.access.token.enable", tokens);
    conf.set("dfs.datanode.plugins", DirectIoDataNodePlugin.class.getName());
    EndpointDirectory.setSocketDir(conf, socketDir.toString());
    return conf;
  }

  /** A client configuration of {@code base} with the builder switched on. */
  static Configuration directClient(Configuration base, Path socketDir) {
    Configuration conf = new Configuration(base);
    DirectReplicaAccessorBuilder.enable(conf);
    EndpointDirectory.setSocketDir(conf, socketDir.toString());
    return conf;
  }

  static byte[] content(long seed, int length) {
    byte[] b = new byte[length];
    new Random(seed).nextBytes(b);
    return b;
  }

  static void write(FileSystem fs, org.apache.hadoop.fs.Path p, byte[] data, short replication) throws IOException {
    try (OutputStream out = fs.create(p, true, 4096, replication, BLOCK)) {
      out.write(data);
    }
  }

  /** Writes with every block on {@code node} (a DataNode's transfer address). */
  static void writeOn(DistributedFileSystem fs, org.apache.hadoop.fs.Path p, byte[] data, InetSocketAddress node)
      throws IOException {
    try (OutputStream out = fs.create(p, FsPermission.getFileDefault(), true, 4096, (short) 1, BLOCK, null,
        new InetSocketAddress[] {node})) {
      out.write(data);
    }
  }

  /** Reads the whole file sequentially in {@code chunk}-byte reads. */
  static byte[] readSequential(FileSystem fs, org.apache.hadoop.fs.Path p, int chunk) throws IOException {
    long len = fs.getFileStatus(p).getLen();
    byte[] all = new byte[(int) len];
    try (FSDataInputStream in = fs.open(p)) {
      int off = 0;
      while (off < all.length) {
        int n = in.read(all, off, Math.min(chunk, all.length - off));
        if (n < 0) {
          throw new IOException("early EOF at " + off + " of " + all.length);
        }
        off += n;
      }
      assertEquals(-1, in.read(), "read past the end of " + p);
    }
    return all;
  }

  /** Reads the whole file through {@code read(ByteBuffer)} into a direct buffer. */
  static byte[] readByteBuffers(FileSystem fs, org.apache.hadoop.fs.Path p, int chunk) throws IOException {
    long len = fs.getFileStatus(p).getLen();
    ByteBuffer all = ByteBuffer.allocate((int) len);
    ByteBuffer buf = ByteBuffer.allocateDirect(chunk);
    try (FSDataInputStream in = fs.open(p)) {
      while (all.hasRemaining()) {
        buf.clear();
        buf.limit(Math.min(chunk, all.remaining()));
        int n = in.read(buf);
        if (n < 0) {
          throw new IOException("early EOF at " + all.position());
        }
        buf.flip();
        all.put(buf);
      }
    }
    return all.array();
  }

  /** Flips one byte of a file (a replica's block file, to corrupt it on disk). */
  static void flipByte(java.io.File file, long offset) throws IOException {
    try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file.toPath(),
        java.nio.file.StandardOpenOption.READ, java.nio.file.StandardOpenOption.WRITE)) {
      ByteBuffer b = ByteBuffer.allocate(1);
      ch.read(b, offset);
      b.put(0, (byte) (b.get(0) ^ 0x5a)).rewind();
      ch.write(b, offset);
    }
  }

  /**
   * A socket folder of symbolic links to {@code sockets}, named so the client asks them in the
   * order given (it asks in name order): which local replica a direct read takes is then known.
   */
  static Path orderedSocketDir(String name, List<Path> sockets) throws IOException {
    Path dir = socketDir(name);
    Files.createDirectories(dir);
    Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
    for (int i = 0; i < sockets.size(); i++) {
      Files.createSymbolicLink(dir.resolve("dn-" + (i + 1) + ".sock"), sockets.get(i));
    }
    return dir;
  }

  /** The bytes HDFS hands a ReplicaAccessorBuilder as the block token of {@code b}. */
  static byte[] tokenBytes(org.apache.hadoop.hdfs.protocol.LocatedBlock b) throws IOException {
    return tokenBytes(b.getBlockToken());
  }

  /** Indexes of the DataNodes the NameNode records as holding a corrupt replica of {@code block}. */
  static java.util.Set<Integer> corruptReplicaRecords(org.apache.hadoop.hdfs.MiniDFSCluster cluster,
      org.apache.hadoop.hdfs.protocol.ExtendedBlock block) {
    org.apache.hadoop.hdfs.server.namenode.FSNamesystem fsn = cluster.getNamesystem();
    java.util.Collection<org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor> nodes;
    fsn.readLock();
    try {
      nodes = fsn.getBlockManager().getCorruptReplicas(block.getLocalBlock());
    } finally {
      fsn.readUnlock();
    }
    java.util.Set<Integer> indexes = new java.util.TreeSet<>();
    if (nodes != null) {
      for (org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor d : nodes) {
        indexes.add(dataNodeIndex(cluster, d.getXferPort()));
      }
    }
    return indexes;
  }

  static int dataNodeIndex(org.apache.hadoop.hdfs.MiniDFSCluster cluster, int xferPort) {
    for (int i = 0; i < cluster.getDataNodes().size(); i++) {
      if (cluster.getDataNodes().get(i).getXferPort() == xferPort) {
        return i;
      }
    }
    throw new AssertionError("no DataNode with transfer port " + xferPort);
  }

  /** Seeks and positional reads at random places (many across block boundaries), checked against {@code expected}. */
  static void checkRandomAccess(FileSystem fs, org.apache.hadoop.fs.Path p, byte[] expected, long seed) throws IOException {
    Random r = new Random(seed);
    try (FSDataInputStream in = fs.open(p)) {
      for (int i = 0; i < 12; i++) {
        int pos;
        if (i % 3 == 0) {
          // straddle a block boundary
          int boundary = BLOCK * (1 + r.nextInt(Math.max(1, expected.length / BLOCK)));
          pos = Math.max(0, Math.min(expected.length - 1, boundary - 1 - r.nextInt(2000)));
        } else {
          pos = r.nextInt(expected.length);
        }
        int len = Math.min(expected.length - pos, 1 + r.nextInt(3 * 4096 + BLOCK / 2));
        byte[] got = new byte[len];
        if (i % 2 == 0) {
          in.seek(pos);
          in.readFully(got);
        } else {
          in.readFully(pos, got);
        }
        byte[] want = java.util.Arrays.copyOfRange(expected, pos, pos + len);
        assertArrayEquals(want, got, (i % 2 == 0 ? "seek+read" : "pread") + " at " + pos + " len " + len + " of " + p);
      }
    }
  }

  // ---- raw requests to a DataNode endpoint (shared by the security, tokens-off and fault tests) ----

  /** The bytes HDFS hands a ReplicaAccessorBuilder as the block token ({@code Token.write}). */
  static byte[] tokenBytes(org.apache.hadoop.security.token.Token<?> token) throws IOException {
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    token.write(new java.io.DataOutputStream(b));
    return b.toByteArray();
  }

  /** A request of {@code op} for {@code block} with generation stamp {@code gs}. */
  static org.hadoopopt.directio.protocol.PathRequest request(org.hadoopopt.directio.protocol.PathRequest.Op op,
      org.apache.hadoop.hdfs.protocol.ExtendedBlock block, long gs, byte[] token) {
    return new org.hadoopopt.directio.protocol.PathRequest(op, block.getBlockPoolId(), block.getBlockId(), gs, token);
  }

  /** A descriptor request for {@code block} (its own generation stamp). */
  static org.hadoopopt.directio.protocol.PathRequest descriptors(org.apache.hadoop.hdfs.protocol.ExtendedBlock block,
      byte[] token) {
    return request(org.hadoopopt.directio.protocol.PathRequest.Op.DESCRIPTORS, block, block.getGenerationStamp(), token);
  }

  /**
   * What a DataNode answered to a descriptor request: the reply, how many descriptors came with
   * it, and (for a found replica) the block file's bytes read through the passed descriptor. The
   * descriptors are closed before this returns.
   */
  static final class Answer {
    final org.hadoopopt.directio.protocol.PathReply reply;
    final int descriptors;
    final byte[] blockBytes;
    final byte[] metaHead;

    Answer(org.hadoopopt.directio.protocol.PathReply reply, int descriptors, byte[] blockBytes, byte[] metaHead) {
      this.reply = reply;
      this.descriptors = descriptors;
      this.blockBytes = blockBytes;
      this.metaHead = metaHead;
    }

    org.hadoopopt.directio.protocol.PathReply.Status status() {
      return reply.status;
    }

    @Override
    public String toString() {
      return reply + " with " + descriptors + " descriptors";
    }
  }

  /** Sends a descriptor request to {@code socket}; reads what the descriptors give, then closes them. */
  static Answer ask(Path socket, org.hadoopopt.directio.protocol.PathRequest request) throws IOException {
    org.hadoopopt.directio.protocol.PathReply reply =
        org.hadoopopt.directio.client.EndpointClient.askForDescriptors(socket, request, 10_000);
    java.io.FileDescriptor[] fds = reply.descriptors;
    try {
      if (fds.length == 0) {
        return new Answer(reply, 0, null, null);
      }
      return new Answer(reply, fds.length, readAll(fds[0], reply.length), readAll(fds[1], 7));
    } finally {
      for (java.io.FileDescriptor fd : fds) {
        org.hadoopopt.directio.protocol.FdPassing.closeQuietly(fd);
      }
    }
  }

  /** Up to {@code max} bytes from offset 0 of a passed descriptor (positional: the descriptor is left as it was). */
  static byte[] readAll(java.io.FileDescriptor fd, long max) throws IOException {
    java.nio.channels.FileChannel ch = new java.io.FileInputStream(fd).getChannel();
    ByteBuffer b = ByteBuffer.allocate((int) Math.min(max, ch.size()));
    while (b.hasRemaining()) {
      if (ch.read(b, b.position()) < 0) {
        break;
      }
    }
    return java.util.Arrays.copyOf(b.array(), b.position());
  }

  /** The block and meta files of {@code block}'s replica on DataNode {@code dataNode} (test-side access as root). */
  static java.io.File[] replicaFiles(org.apache.hadoop.hdfs.MiniDFSCluster cluster, int dataNode,
      org.apache.hadoop.hdfs.protocol.ExtendedBlock block) {
    java.io.File data = cluster.getBlockFile(dataNode, block);
    java.io.File meta = cluster.getBlockMetadataFile(dataNode, block);
    if (data == null || meta == null) {
      throw new AssertionError("DataNode " + dataNode + " has no replica of " + block);
    }
    return new java.io.File[] {data, meta};
  }

  /** The index of the DataNode listening on the endpoint {@code socket} ({@code dn-<xferPort>.sock}). */
  static int dataNodeOf(org.apache.hadoop.hdfs.MiniDFSCluster cluster, Path socket) {
    String name = socket.getFileName().toString();
    return dataNodeIndex(cluster, Integer.parseInt(name.substring(3, name.length() - 5)));
  }

  /** Open descriptors of this JVM (DataNodes, NameNode and clients of an in-process cluster). */
  static int openDescriptors() throws IOException {
    try (Stream<Path> fds = Files.list(Paths.get("/proc/self/fd"))) {
      return (int) fds.count();
    }
  }

  /**
   * A block token for {@code block} signed with the NameNode's current key but already expired (a
   * minute ago): the secret manager's lifetime is set negative for this one token.
   */
  static org.apache.hadoop.security.token.Token<org.apache.hadoop.hdfs.security.token.block.BlockTokenIdentifier>
      expiredToken(org.apache.hadoop.hdfs.MiniDFSCluster cluster, org.apache.hadoop.hdfs.protocol.ExtendedBlock block) {
    org.apache.hadoop.hdfs.security.token.block.BlockTokenSecretManager secrets =
        cluster.getNamesystem().getBlockManager().getBlockTokenSecretManager();
    long lifetime = cluster.getConfiguration(0).getLong("dfs.block.access.token.lifetime", 600) * 60 * 1000;
    synchronized (secrets) {
      secrets.setTokenLifetime(-60_000);
      try {
        return secrets.generateToken("expired-token-user", block,
            java.util.EnumSet.of(org.apache.hadoop.hdfs.security.token.block.BlockTokenIdentifier.AccessMode.READ),
            new org.apache.hadoop.fs.StorageType[0], new String[0]);
      } finally {
        secrets.setTokenLifetime(lifetime);
      }
    }
  }
}
