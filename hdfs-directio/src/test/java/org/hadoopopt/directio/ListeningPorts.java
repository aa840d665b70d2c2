package org.hadoopopt.directio;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.hadoopopt.directio.protocol.PathReply;

/** The TCP ports this JVM listens on, from /proc (Linux), and a probe speaking our protocol to one. */
final class ListeningPorts {
  private ListeningPorts() {}

  static List<Integer> ofThisProcess() throws IOException {
    Set<String> inodes = new HashSet<>();
    try (DirectoryStream<Path> fds = Files.newDirectoryStream(Paths.get("/proc/self/fd"))) {
      for (Path fd : fds) {
        try {
          String target = Files.readSymbolicLink(fd).toString();
          if (target.startsWith("socket:[")) {
            inodes.add(target.substring(8, target.length() - 1));
          }
        } catch (IOException e) {
          // fd closed meanwhile
        }
      }
    }
    List<Integer> ports = new ArrayList<>();
    for (String table : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
      if (!Files.exists(Paths.get(table))) {
        continue;
      }
      for (String line : Files.readAllLines(Paths.get(table))) {
        String[] f = line.trim().split("\\s+");
        // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
        if (f.length > 9 && f[3].equals("0A") && inodes.contains(f[9])) {
          String local = f[1];
          ports.add(Integer.parseInt(local.substring(local.indexOf(':') + 1), 16));
        }
      }
    }
    return ports;
  }

  /** True if the TCP port answered {@code request} with a {@link PathReply.Status#FOUND}. */
  static boolean answersFound(int port, byte[] request) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
      s.setSoTimeout(2000);
      OutputStream out = s.getOutputStream();
      out.write(request);
      out.flush();
      // A whole reply, exactly: a protocol that merely starts with a zero byte does not count.
      java.io.ByteArrayOutputStream got = new java.io.ByteArrayOutputStream();
      byte[] buf = new byte[4096];
      try {
        for (int n; (n = s.getInputStream().read(buf)) > 0 && got.size() < (1 << 20);) {
          got.write(buf, 0, n);
        }
      } catch (java.net.SocketTimeoutException e) {
        // a server that keeps the connection open: judge what it sent
      }
      return PathReply.fromBytes(got.toByteArray()).status == PathReply.Status.FOUND;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }
}
