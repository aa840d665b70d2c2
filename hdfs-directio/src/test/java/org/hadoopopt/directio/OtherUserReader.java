package org.hadoopopt.directio;

import org.hadoopopt.testing.LogCapture;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.Properties;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.hadoopopt.directio.client.DirectIoStatistics;
import org.hadoopopt.directio.client.DirectReplicaAccessorBuilder;
import org.hadoopopt.directio.client.EndpointClient;
import org.hadoopopt.directio.protocol.EndpointDirectory;
import org.hadoopopt.directio.protocol.PathReply;
import org.hadoopopt.directio.protocol.PathRequest;

/**
 * The reader {@link OtherUserTest} starts as another OS user (an unprivileged uid that cannot open
 * the DataNode's data directories). It reads the file through the client plugin, repeats many
 * positional reads and refused requests while counting its own open descriptors, sends raw
 * requests without a valid token, and tries to open the block files by path. Prints
 * {@code key=value} lines for the test to check.
 */
public final class OtherUserReader {
  private OtherUserReader() {}

  public static void main(String[] args) throws Exception {
    Properties p = new Properties();
    try (InputStream in = new FileInputStream(args[0])) {
      p.load(in);
    }
    out("uid", uid());
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", p.getProperty("nn"));
    DirectReplicaAccessorBuilder.enable(conf);
    EndpointDirectory.setSocketDir(conf, p.getProperty("sockets"));
    Path socket = Paths.get(p.getProperty("socket"));
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(p.getProperty("file"));
    byte[] expected = DirectIoTesting.content(Long.parseLong(p.getProperty("seed")), Integer.parseInt(p.getProperty("length")));
    int reads = Integer.parseInt(p.getProperty("reads"));
    int refusals = Integer.parseInt(p.getProperty("refusals"));
    if (args.length > 1 && args[1].equals("nonative")) {
      readWithoutLibrary(conf, file, expected);
      return;
    }
    try (FileSystem fs = FileSystem.newInstance(conf)) {
      out("user", org.apache.hadoop.security.UserGroupInformation.getCurrentUser().getShortUserName());
      long direct = DirectIoStatistics.directBytes();
      byte[] all = DirectIoTesting.readSequential(fs, file, 64 * 1024);
      out("whole.equal", Arrays.equals(expected, all));
      out("whole.md5", md5(all));
      out("whole.direct", DirectIoStatistics.directBytes() - direct);
      out("whole.length", all.length);

      ExtendedBlock b0 = block(p, "0");
      byte[] valid = Base64.getDecoder().decode(p.getProperty("token.valid"));
      PathRequest[] bad = {
          DirectIoTesting.descriptors(b0, new byte[0]),
          DirectIoTesting.descriptors(b0, Base64.getDecoder().decode(p.getProperty("token.other"))),
          DirectIoTesting.descriptors(b0, Base64.getDecoder().decode(p.getProperty("token.expired")))};
      String[] names = {"none", "other", "expired"};
      for (int i = 0; i < bad.length; i++) {
        DirectIoTesting.Answer a = DirectIoTesting.ask(socket, bad[i]);
        out("refuse." + names[i] + ".status", a.status());
        out("refuse." + names[i] + ".descriptors", a.descriptors);
        out("refuse." + names[i] + ".reason.path", a.reply.reason.contains("/"));
      }
      DirectIoTesting.Answer ok = DirectIoTesting.ask(socket, DirectIoTesting.descriptors(b0, valid));
      out("valid.status", ok.status());
      out("valid.descriptors", ok.descriptors);
      out("valid.bytes.equal", Arrays.equals(Arrays.copyOf(expected, ok.blockBytes.length), ok.blockBytes)
          && ok.blockBytes.length == DirectIoTesting.BLOCK);
      PathReply paths = EndpointClient.ask(socket, DirectIoTesting.request(PathRequest.Op.PATHS, b0,
          b0.getGenerationStamp(), valid));
      out("paths.status", paths.status);

      // By path: the block file, its meta file, the data directory.
      out("open.block", tryOpen(Paths.get(p.getProperty("block.file"))));
      out("open.meta", tryOpen(Paths.get(p.getProperty("meta.file"))));
      out("list.datadir", tryList(Paths.get(p.getProperty("data.dir"))));

      // Many reads, failed requests among them: this process's descriptors must not grow.
      int fdBefore = DirectIoTesting.openDescriptors();
      long directBefore = DirectIoStatistics.directBytes();
      Random r = new Random(11);
      int wrong = 0;
      try (FSDataInputStream in = fs.open(file)) {
        for (int i = 0; i < reads; i++) {
          int pos = r.nextInt(expected.length - 1);
          byte[] got = new byte[Math.min(expected.length - pos, 1 + r.nextInt(4096))];
          in.readFully(pos, got); // a positional read: a new block reader, a new descriptor request
          if (!Arrays.equals(Arrays.copyOfRange(expected, pos, pos + got.length), got)) {
            wrong++;
          }
        }
      }
      int refusedOk = 0;
      for (int i = 0; i < refusals; i++) {
        DirectIoTesting.Answer a = DirectIoTesting.ask(socket, bad[i % bad.length]);
        if (a.status() == PathReply.Status.REFUSED && a.descriptors == 0) {
          refusedOk++;
        }
      }
      out("loop.wrong", wrong);
      out("loop.direct", DirectIoStatistics.directBytes() - directBefore);
      out("loop.refused", refusedOk);
      out("fd.before", fdBefore);
      out("fd.after", DirectIoTesting.openDescriptors());
      out("fallbacks", DirectIoStatistics.fallbacks());
    }
    System.out.flush();
  }

  /** Started where the JNI library cannot load: the file must still read right, by streaming, with one warning. */
  static void readWithoutLibrary(Configuration conf, org.apache.hadoop.fs.Path file, byte[] expected) throws Exception {
    out("native.available", org.hadoopopt.directio.protocol.FdPassing.available());
    try (LogCapture log = LogCapture.of(DirectReplicaAccessorBuilder.class); FileSystem fs = FileSystem.newInstance(conf)) {
      long direct = DirectIoStatistics.directBytes();
      long declined = DirectIoStatistics.declined();
      out("whole.equal", Arrays.equals(expected, DirectIoTesting.readSequential(fs, file, 64 * 1024)));
      out("whole.direct", DirectIoStatistics.directBytes() - direct);
      out("declined", DirectIoStatistics.declined() - declined);
      String text = log.text();
      out("warnings", text.split("cannot load hdfs-directio's JNI library", -1).length - 1);
      out("warning.names.platform", text.contains("linux-x86_64 only"));
    }
    System.out.flush();
  }

  static ExtendedBlock block(Properties p, String i) {
    return new ExtendedBlock(p.getProperty("pool"), Long.parseLong(p.getProperty("block." + i + ".id")),
        Long.parseLong(p.getProperty("block." + i + ".length")), Long.parseLong(p.getProperty("block." + i + ".gs")));
  }

  static String tryOpen(Path path) {
    try (InputStream in = Files.newInputStream(path)) {
      return "opened:" + in.read();
    } catch (IOException e) {
      return e.getClass().getSimpleName();
    }
  }

  static String tryList(Path dir) {
    try (java.util.stream.Stream<Path> s = Files.list(dir)) {
      return "listed:" + s.count();
    } catch (IOException e) {
      return e.getClass().getSimpleName();
    }
  }

  static String uid() throws IOException {
    for (String line : Files.readAllLines(Paths.get("/proc/self/status"))) {
      if (line.startsWith("Uid:")) {
        return line.substring(4).trim().split("\\s+")[0];
      }
    }
    return "?";
  }

  static String md5(byte[] b) throws Exception {
    StringBuilder hex = new StringBuilder();
    for (byte x : MessageDigest.getInstance("MD5").digest(b)) {
      hex.append(String.format("%02x", x));
    }
    return hex.toString();
  }

  static void out(String key, Object value) {
    System.out.println("@" + key + "=" + value);
  }
}
