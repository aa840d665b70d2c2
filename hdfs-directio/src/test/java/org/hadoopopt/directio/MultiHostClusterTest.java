package org.hadoopopt.directio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hadoopopt.testing.Scripts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The host boundary on {@code bin/cluster --hosts 2 --hdfs-only}: two hosts, each a network
 * namespace with its own address, a DataNode with the plugin on each, socket folders per host
 * ({@code _HOST}). A client on one host ({@code bin/cluster exec}) reads its own host's replicas
 * directly and the other host's by streaming; a client on no host streams everything; a client
 * given the other host's socket folder streams, counted as replicas offered by another host. Then
 * {@code stop} leaves no namespace, link or process. Skipped, saying why, where namespaces cannot
 * be made (not root, no {@code ip}, no network namespaces).
 */
class MultiHostClusterTest {
  static final Path DIR = Paths.get("target", "mh").toAbsolutePath();
  static final Path CLASSES = Paths.get("target", "classes").toAbsolutePath();
  static final int BLOCK = 256 * 1024;
  static int base;
  static String prefix;
  static Path conf;
  static List<String> hostAddresses = new ArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    String missing = whyNoHosts();
    Assumptions.assumeTrue(missing == null, () -> "skipped: bin/cluster --hosts cannot run here: " + missing);
    Scripts.run(120, "cluster", "stop", "--dir", DIR.toString());
    DirectIoTesting.deleteTree(DIR);
    Scripts.Result started = null;
    for (int attempt = 0; attempt < 5; attempt++) {
      base = Scripts.freeBasePort(50);
      prefix = "hdt" + base;
      started = Scripts.run(400, "cluster", "start", "--hosts", "2", "--hdfs-only", "--dir", DIR.toString(),
          "--base-port", String.valueOf(base), "--net-prefix", prefix, "--extra-classpath", CLASSES.toString(),
          "--site", Scripts.root().resolve("conf/hdfs-directio-datanode-site.xml").toString(),
          "--set", "hadoopopt.directio.socket.dir=" + DIR.resolve("directio/_HOST"),
          "--set", "dfs.namenode.fs-limits.min-block-size=0", "--set", "dfs.blocksize=" + BLOCK,
          "--set", "dfs.replication=1");
      if (!started.stderr.contains("in use")) {
        break;
      }
    }
    assertEquals(0, started.exitCode, started.toString());
    Matcher m = Pattern.compile("^export HADOOP_CONF_DIR=(.+)$", Pattern.MULTILINE).matcher(started.stdout);
    assertTrue(m.find(), started.toString());
    conf = Paths.get(m.group(1).trim());
    Scripts.Result hosts = Scripts.run(60, "cluster", "hosts", "--dir", DIR.toString());
    Matcher h = Pattern.compile("^host (\\d+) (\\S+) (\\S+) (.*)$", Pattern.MULTILINE).matcher(hosts.stdout);
    while (h.find()) {
      hostAddresses.add(h.group(2));
    }
    assertEquals(2, hostAddresses.size(), hosts.toString());
  }

  @AfterAll
  static void stop() throws Exception {
    if (conf == null) {
      return;
    }
    Scripts.Result stop = Scripts.run(120, "cluster", "stop", "--dir", DIR.toString());
    assertEquals(0, stop.exitCode, stop.toString());
    assertTrue(stop.stdout.contains("removed network namespace " + prefix + "-h2"), stop.toString());
    assertFalse(Files.exists(DIR.resolve("hosts.state")), "the record of what was made is gone with it");
    String netns = output("ip", "netns", "list");
    assertFalse(netns.contains(prefix + "-"), netns);
    String links = output("ip", "-o", "link", "show");
    assertFalse(links.contains(prefix), links);
    assertEquals("", output("pgrep", "-f", DIR + "/").trim(), "no process of the cluster left");
    try (var sockets = Files.walk(DIR.resolve("directio"))) {
      assertEquals(0, sockets.filter(p -> p.getFileName().toString().endsWith(".sock")).count(), "no socket left");
    }
  }

  @Test
  void eachHostReadsOnlyItsOwnReplicasDirectly() throws Exception {
    byte[][] data = {DirectIoTesting.content(31, 3 * BLOCK + 100), DirectIoTesting.content(32, 2 * BLOCK + 7)};
    for (int k = 1; k <= 2; k++) { // each file written from its host: replication 1 puts its blocks there
      Path local = DIR.resolve("file" + k);
      Files.write(local, data[k - 1]);
      Scripts.Result put = Scripts.run(180, "cluster", "exec", "--dir", DIR.toString(), "--host", String.valueOf(k),
          Scripts.root().resolve("bin/hadoop").toString(), "fs", "-put", "-f", local.toString(), "/h" + k);
      assertEquals(0, put.exitCode, put.toString());
    }
    Map<String, String> md5 = Map.of("/h1", md5(data[0]), "/h2", md5(data[1]));
    Map<String, Integer> length = Map.of("/h1", data[0].length, "/h2", data[1].length);

    for (int k = 1; k <= 2; k++) {
      Map<String, String[]> rows = check(k, null);
      for (String file : List.of("/h1", "/h2")) {
        String[] f = rows.get(file);
        assertEquals(String.valueOf(length.get(file)), f[2], "host " + k + " " + file);
        assertEquals(md5.get(file), f[3], "host " + k + " " + file + ": the bytes written");
        boolean own = file.equals("/h" + k);
        assertEquals(own ? String.valueOf(length.get(file)) : "0", f[4],
            "host " + k + " reads " + file + (own ? " (its own host's) directly" : " (the other host's) by streaming"));
        assertEquals("0", f[7], "no other host's DataNode answered host " + k);
        assertEquals("0", f[8], "no direct open refused on host " + k);
      }
    }
    // A client on no host (this machine, outside the namespaces) has no local replica.
    Map<String, String> env = new HashMap<>();
    env.put("HADOOP_CONF_DIR", conf.toString());
    env.put("HADOOP_CLASSPATH", CLASSES.toString());
    Scripts.Result outside = Scripts.run(env, 180, "hadoop", "org.hadoopopt.directio.tools.DirectIoCheck", "/h1", "/h2");
    assertEquals(0, outside.exitCode, outside.toString());
    for (String line : outside.stdout.trim().split("\n")) {
      String[] f = line.split("\t");
      assertEquals(md5.get(f[1]), f[3], line);
      assertEquals("0", f[4], "streamed outside every host: " + line);
    }
    // Host 1 given host 2's socket folder (a wrong socket directory): host 2's DataNode answers, its
    // replica is refused as another host's, counted, and streamed; no byte is read directly.
    Map<String, String[]> wrong = check(1, DIR.resolve("directio").resolve(hostAddresses.get(1)).toString());
    assertEquals(md5.get("/h2"), wrong.get("/h2")[3]);
    assertEquals("0", wrong.get("/h2")[4], "nothing of host 2 read directly on host 1");
    assertEquals("3", wrong.get("/h2")[7], "each of /h2's 3 blocks offered by host 2's DataNode and refused");
    assertEquals(md5.get("/h1"), wrong.get("/h1")[3]);
    assertEquals("0", wrong.get("/h1")[4], "host 1's own DataNode is not in that folder");
  }

  @Test
  void noNamespacesWithoutIp() throws Exception {
    // A PATH with what bin/cluster needs before it makes a namespace, and no ip.
    Path bin = DIR.resolve("noip-bin");
    Files.createDirectories(bin);
    for (String tool : List.of("bash", "dirname", "basename", "mkdir", "id", "cat")) {
      Path link = bin.resolve(tool);
      if (!Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
        Files.createSymbolicLink(link, Paths.get(output("sh", "-c", "command -v " + tool).trim()));
      }
    }
    Map<String, String> env = new HashMap<>();
    env.put("PATH", bin.toString());
    Scripts.Result r = Scripts.run(env, 60, "cluster", "start", "--hosts", "2", "--dir", DIR.resolve("noip").toString(),
        "--base-port", String.valueOf(base), "--net-prefix", prefix + "x");
    assertNotEquals(0, r.exitCode);
    assertTrue(r.stderr.contains("--hosts needs the 'ip' command (iproute2"), r.toString());
    assertFalse(output("ip", "netns", "list").contains(prefix + "x"), "nothing made");
  }

  /**
   * What keeps {@code bin/cluster --hosts} from running on this machine (null: nothing): not root, no
   * {@code ip} or {@code pgrep}, or the kernel refusing a namespace, a bridge or a veth pair (a
   * container without CAP_SYS_ADMIN / CAP_NET_ADMIN). Each probe is removed again.
   */
  static String whyNoHosts() throws InterruptedException {
    if (!"root".equals(System.getProperty("user.name"))) {
      return "not root (network namespaces need root)";
    }
    for (String tool : List.of("ip", "pgrep")) {
      try {
        run(tool, "-V");
      } catch (IOException e) {
        return "no '" + tool + "' command (" + (tool.equals("ip") ? "iproute2" : "procps") + ")";
      }
    }
    String probe = "hdtp" + ProcessHandle.current().pid() % 100000;
    try {
      if (run("ip", "netns", "add", probe) != 0) {
        return "'ip netns add' refused (no network namespaces here)";
      }
      run("ip", "netns", "del", probe);
      if (run("ip", "link", "add", probe + "b", "type", "bridge") != 0) {
        return "'ip link add ... type bridge' refused";
      }
      run("ip", "link", "del", probe + "b");
      if (run("ip", "link", "add", probe + "v", "type", "veth", "peer", "name", probe + "w") != 0) {
        return "'ip link add ... type veth' refused";
      }
      run("ip", "link", "del", probe + "v");
    } catch (IOException e) {
      return "'ip' failed: " + e.getMessage();
    }
    return null;
  }

  /** DirectIoCheck on host K (optionally with another socket folder): file -> its tab-separated fields. */
  static Map<String, String[]> check(int host, String socketDir) throws Exception {
    List<String> args = new ArrayList<>(List.of("exec", "--dir", DIR.toString(), "--host", String.valueOf(host),
        "env", "HADOOP_CLASSPATH=" + CLASSES, Scripts.root().resolve("bin/hadoop").toString(),
        "org.hadoopopt.directio.tools.DirectIoCheck"));
    if (socketDir != null) {
      args.add("-D");
      args.add("hadoopopt.directio.socket.dir=" + socketDir);
    }
    args.add("/h1");
    args.add("/h2");
    Scripts.Result r = Scripts.run(180, "cluster", args.toArray(new String[0]));
    assertEquals(0, r.exitCode, r.toString());
    Map<String, String[]> rows = new HashMap<>();
    for (String line : r.stdout.trim().split("\n")) {
      String[] f = line.split("\t");
      assertEquals(9, f.length, line);
      rows.put(f[1], f);
    }
    assertEquals(2, rows.size(), r.toString());
    return rows;
  }

  static String md5(byte[] data) throws Exception {
    StringBuilder hex = new StringBuilder();
    for (byte b : MessageDigest.getInstance("MD5").digest(data)) {
      hex.append(String.format("%02x", b));
    }
    return hex.toString();
  }

  static int run(String... cmd) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    if (!p.waitFor(30, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      return -1;
    }
    return p.exitValue();
  }

  static String output(String... cmd) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    p.waitFor(30, TimeUnit.SECONDS);
    return out;
  }
}
