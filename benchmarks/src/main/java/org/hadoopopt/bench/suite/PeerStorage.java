package org.hadoopopt.bench.suite;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Properties;

/**
 * A peer's own storage of a set, made once from its text and reused (DuckDB's database file,
 * Spark's Parquet): a local folder OUT/peer-loaded/PEER-SET and its record {@value #RECORD} of,
 * per table, the text it was loaded from (each part file's name and length) and the seconds the
 * load took. A table is reused only when its text is the one recorded; the seconds then go with it,
 * so a loaded comparison always has the peer's loading time beside ours.
 */
final class PeerStorage {
  /** The record's name in the storage folder. */
  static final String RECORD = "_loaded.properties";

  private final File dir;
  private final Properties record = new Properties();

  PeerStorage(File out, String peer, String setName) throws IOException {
    this.dir = new File(new File(out, "peer-loaded"), peer + "-" + setName);
    if (!dir.isDirectory() && !dir.mkdirs()) {
      throw new IOException("cannot create " + dir);
    }
    File f = new File(dir, RECORD);
    if (f.isFile()) {
      try (InputStream in = Files.newInputStream(f.toPath())) {
        record.load(in);
      }
    }
  }

  File dir() {
    return dir;
  }

  /** The part files of a table of the set with their lengths, in name order: what a load read. */
  static String textOf(File set, String table) throws IOException {
    File[] parts = new File(set, table).listFiles((d, n) -> n.startsWith("part-"));
    if (parts == null || parts.length == 0) {
      throw new IOException("no part files in " + new File(set, table));
    }
    Arrays.sort(parts);
    StringBuilder b = new StringBuilder();
    for (File p : parts) {
      b.append(b.length() == 0 ? "" : ",").append(p.getName()).append(':').append(p.length());
    }
    return b.toString();
  }

  /** The seconds TABLE's load took, when it was loaded from TEXT ({@link #textOf}); else null. */
  Double loadedSeconds(String table, String text) {
    String had = record.getProperty(table + ".text");
    String s = record.getProperty(table + ".seconds");
    return text.equals(had) && s != null ? Double.valueOf(s) : null;
  }

  /** Records TABLE as loaded from TEXT in SECONDS (the record rewritten whole, then renamed into place). */
  void loaded(String table, String text, double seconds) throws IOException {
    record.setProperty(table + ".text", text);
    record.setProperty(table + ".seconds", Double.toString(seconds));
    store();
  }

  /** Forgets TABLE (before loading it again: a load cut short must not look complete). */
  void forget(String table) throws IOException {
    if (record.remove(table + ".text") != null | record.remove(table + ".seconds") != null) {
      store();
    }
  }

  private void store() throws IOException {
    File tmp = new File(dir, RECORD + ".tmp");
    try (OutputStream o = Files.newOutputStream(tmp.toPath())) {
      record.store(o, "the peer's own storage of the set: per table, the text it was loaded from and the seconds it took");
    }
    Files.move(tmp.toPath(), new File(dir, RECORD).toPath(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
