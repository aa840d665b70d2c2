package org.hadoopopt.inputformats.btree;

import com.sleepycat.je.Database;
import com.sleepycat.je.Environment;
import java.io.Closeable;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A tree file made openable inside a task: a local directory holding JE's log file 0 (the tree
 * file itself when it is on the local file system and the mode allows, else a copy) and the tail
 * from the sidecar, opened read-only. Errors name the tree file.
 */
final class LocalTree implements Closeable {
  final Environment env;
  final Database db;
  final long bytesCopied;
  final long stageNanos;
  final long openNanos;
  private final File dir;

  private LocalTree(File dir, Environment env, Database db, long bytesCopied, long stageNanos, long openNanos) {
    this.dir = dir;
    this.env = env;
    this.db = db;
    this.bytesCopied = bytesCopied;
    this.stageNanos = stageNanos;
    this.openNanos = openNanos;
  }

  static LocalTree open(Configuration conf, FileSystem fs, Path data, TreeMeta meta, boolean inPlace, boolean checksums)
      throws IOException {
    long t0 = System.nanoTime();
    File dir = TreeEnvironments.newLocalDir(conf, "bdbtree-read-");
    Environment env = null;
    try {
      File local = new File(dir, TreeLayout.jeFileName(TreeLayout.DATA_FILE_NUMBER));
      long copied = 0;
      if (inPlace && "file".equals(fs.getScheme())) {
        Files.createSymbolicLink(local.toPath(), new File(fs.makeQualified(data).toUri().getPath()).toPath());
      } else {
        copied = copy(fs, data, local);
        if (copied != meta.data.length()) {
          throw new IOException(data + ": copied " + copied + " bytes, the loader wrote " + meta.data.length());
        }
      }
      // CREATE_NEW: never through the link to the data file, whatever number the sidecar gives the tail.
      Files.write(new File(dir, TreeLayout.jeFileName(meta.tailFileNumber)).toPath(), meta.tail,
          java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE);
      long t1 = System.nanoTime();
      Database db;
      try {
        env = new Environment(dir, TreeEnvironments.reader(conf, checksums));
        db = env.openDatabase(null, TreeLayout.DATABASE, TreeEnvironments.database(false));
      } catch (RuntimeException e) {
        throw new IOException(data + ": JE cannot open the B+-tree (corrupt or not written by the loader): "
            + e.getMessage(), e);
      }
      return new LocalTree(dir, env, db, copied, t1 - t0, System.nanoTime() - t1);
    } catch (IOException | RuntimeException e) {
      closeQuietly(env);
      delete(dir);
      throw e;
    }
  }

  private static long copy(FileSystem fs, Path data, File local) throws IOException {
    long n = 0;
    byte[] buf = new byte[1 << 20];
    try (FSDataInputStream in = fs.open(data); OutputStream out = new FileOutputStream(local)) {
      int r;
      while ((r = in.read(buf)) > 0) {
        out.write(buf, 0, r);
        n += r;
      }
    }
    return n;
  }

  private static void closeQuietly(Environment env) {
    if (env != null) {
      try {
        env.close();
      } catch (RuntimeException e) {
        // an environment JE invalidated (e.g. after a checksum error) may refuse to close cleanly
      }
    }
  }

  private static void delete(File dir) {
    File[] fs = dir.listFiles();
    if (fs != null) {
      for (File f : fs) {
        f.delete(); // a link goes, not its target
      }
    }
    dir.delete();
  }

  @Override
  public void close() {
    try {
      db.close();
    } catch (RuntimeException e) {
      // see closeQuietly
    }
    closeQuietly(env);
    delete(dir);
  }

}
