package org.hadoopopt.directio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

import org.apache.hadoop.conf.Configuration;
import org.hadoopopt.directio.protocol.EndpointDirectory;
import org.hadoopopt.testing.Scripts;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.Test;

/**
 * End to end on {@code bin/cluster}: the DataNode is its own JVM with the plugin switched on by the
 * {@code conf/} DataNode snippet; {@code bin/hadoop}, configured with the client snippet, runs
 * {@code DirectIoCheck}, which reads a multi-block file directly (verified, unverified, O_DIRECT)
 * and must see the bytes written.
 *
 * <p>bin/cluster has no option for extra DataNode classpath or settings, so the test uses what it
 * leaves alone: the DataNode's conf folder is on its classpath (the plugin classes are copied
 * there) and Hadoop also reads {@code hdfs-rbf-site.xml} from it.
 */
class ClusterScriptDirectReadTest {
  static final String BASE_PORT = "19400";

  @Test
  void dataNodeProcessServesDirectReadsWithTheWrittenBytes() throws Exception {
    Path dir = Paths.get("target", "cl").toAbsolutePath();
    Scripts.run(600, "cluster", "stop", "--dir", dir.toString()); // a run killed earlier may have left daemons
    TestFiles.deleteRecursively(dir.toFile());
    Path sockets = dir.resolve("sock");
    Path dnConf = dir.resolve("conf/datanode-0");
    Files.createDirectories(dnConf);
    copyTree(Paths.get("target", "classes"), dnConf);
    Configuration dn = snippet("hdfs-directio-datanode-site.xml");
    EndpointDirectory.setSocketDir(dn, sockets.toString());
    write(dn, dnConf.resolve("hdfs-rbf-site.xml"));
    Configuration nn = new Configuration(false);
    nn.setBoolean("dfs.block.access.token.enable", true);
    write(nn, dir.resolve("conf/hdfs-rbf-site.xml"));

    Scripts.Result start = Scripts.run(400, "cluster", "start", "--dir", dir.toString(), "--base-port", BASE_PORT);
    try {
      assertEquals(0, start.exitCode, start.toString());
      // The client side as an operator sets it up: the cluster's conf plus the client snippet.
      Path clientConf = dir.resolve("client-conf");
      Files.createDirectories(clientConf);
      try (Stream<Path> files = Files.list(dir.resolve("conf"))) {
        for (Path f : (Iterable<Path>) files::iterator) {
          if (Files.isRegularFile(f)) {
            Files.copy(f, clientConf.resolve(f.getFileName()));
          }
        }
      }
      Configuration client = snippet("hdfs-directio-client-site.xml");
      EndpointDirectory.setSocketDir(client, sockets.toString());
      write(client, clientConf.resolve("hdfs-rbf-site.xml"));
      Map<String, String> env = new HashMap<>();
      env.put("HADOOP_CONF_DIR", clientConf.toString());
      env.put("HADOOP_CLASSPATH", Paths.get("target", "classes").toAbsolutePath().toString());
      String dnLog = new String(Files.readAllBytes(dir.resolve("logs/datanode-0.log")), StandardCharsets.UTF_8);
      assertTrue(dnLog.contains("direct-I/O endpoint listening on " + sockets), "plugin started in the DataNode process");

      byte[] data = DirectIoTesting.content(77, 3 * 1024 * 1024 + 4567);
      Path local = dir.resolve("input.bin");
      try (OutputStream o = Files.newOutputStream(local)) {
        o.write(data);
      }
      Scripts.Result put = Scripts.run(env, 120, "hadoop", "fs", "-D", "dfs.blocksize=1048576", "-put", local.toString(),
          "/dio.bin");
      assertEquals(0, put.exitCode, put.toString());
      String md5 = md5(data);
      Scripts.Result check = Scripts.run(env, 180, "hadoop", "org.hadoopopt.directio.tools.DirectIoCheck", "-all-modes",
          "/dio.bin");
      assertEquals(0, check.exitCode, check.toString());
      String[] lines = check.stdout.trim().split("\n");
      assertEquals(3, lines.length, check.toString());
      for (String line : lines) {
        String[] f = line.split("\t");
        assertEquals(7, f.length, check.toString());
        assertEquals(String.valueOf(data.length), f[2], "bytes read " + f[0]);
        assertEquals(md5, f[3], "content " + f[0]);
        assertEquals(String.valueOf(data.length), f[4], "all bytes read directly " + f[0]);
        assertEquals(String.valueOf(data.length), f[5], "HDFS counted them as short-circuit " + f[0]);
        assertEquals("0", f[6], "no fallback " + f[0]);
      }
    } finally {
      Scripts.Result stop = Scripts.run(120, "cluster", "stop", "--dir", dir.toString());
      assertEquals(0, stop.exitCode, stop.toString());
    }
    String dnLog = new String(Files.readAllBytes(dir.resolve("logs/datanode-0.log")), StandardCharsets.UTF_8);
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("endpoint stopped \\((\\d+) served, (\\d+) refused\\)")
        .matcher(dnLog);
    assertTrue(m.find(), "the DataNode stopped its plugin");
    assertEquals(3 * 4, Integer.parseInt(m.group(1)), "4 blocks resolved for each of 3 reads");
    assertEquals(0, Integer.parseInt(m.group(2)));
  }

  static Configuration snippet(String name) {
    Configuration c = new Configuration(false);
    c.addResource(new org.apache.hadoop.fs.Path(Scripts.root().resolve("conf").resolve(name).toUri()));
    c.size(); // load now, while the file is known to exist
    return c;
  }

  static void write(Configuration c, Path file) throws IOException {
    try (OutputStream o = Files.newOutputStream(file)) {
      c.writeXml(o);
    }
  }

  static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : (Iterable<Path>) s::iterator) {
        Path t = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(t);
        } else {
          Files.copy(p, t);
        }
      }
    }
  }

  static String md5(byte[] data) throws Exception {
    StringBuilder hex = new StringBuilder();
    for (byte b : MessageDigest.getInstance("MD5").digest(data)) {
      hex.append(String.format("%02x", b));
    }
    return hex.toString();
  }
}
