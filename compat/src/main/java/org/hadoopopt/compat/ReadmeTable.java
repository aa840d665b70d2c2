package org.hadoopopt.compat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Puts the generated table into a README between two marker comments. */
final class ReadmeTable {
  static final String BEGIN = "<!-- compat-table -->";
  static final String END = "<!-- /compat-table -->";

  private ReadmeTable() {}

  static void replace(Path readme, String table) throws IOException {
    String text = new String(Files.readAllBytes(readme), StandardCharsets.UTF_8);
    int b = text.indexOf(BEGIN);
    int e = text.indexOf(END);
    if (b < 0 || e < b) {
      throw new IOException(readme + " has no " + BEGIN + " ... " + END + " section for the table");
    }
    String out = text.substring(0, b + BEGIN.length()) + "\n" + table + "\n" + text.substring(e);
    Files.write(readme, out.getBytes(StandardCharsets.UTF_8));
  }
}
