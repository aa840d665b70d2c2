package org.hadoopopt.testing.keys;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.hadoopopt.testing.keys.KeyFile.Entry;

/**
 * Generates {@code docs/configuration.md} from the modules' key files, the one place each key is
 * described. {@code ConfigurationDocTest} (testing) fails when the committed file differs.
 */
public final class ConfigurationDoc {
  /** Where the reference lives, from the checkout's root. */
  public static final String OUTPUT = "docs/configuration.md";
  /** The command that rewrites {@link #OUTPUT} from the key files. */
  public static final String REGENERATE = "mvn -B -pl testing -am verify -Dtest=ConfigurationDocTest "
      + "-Dsurefire.failIfNoSpecifiedTests=false -Dcompat.skip=true -Dconfiguration.doc.write=true";

  /** One module's key file. */
  public static final class Source {
    public final String module;
    public final String keyFile;

    Source(String module, String keyFile) {
      this.module = module;
      this.keyFile = keyFile;
    }
  }

  /** Every key file, in the order of the reference; a new module with keys adds its file here. */
  public static final List<Source> SOURCES = Arrays.asList(
      new Source("hdfs-directio", "hdfs-directio/src/main/resources/hadoopopt-directio-default.xml"),
      new Source("mapred-fingerprint", "mapred-fingerprint/src/main/resources/hadoopopt-fingerprint-default.xml"),
      new Source("inputformats", "inputformats/src/main/resources/hadoopopt-input-default.xml"),
      new Source("shmstreaming", "shmstreaming/src/main/resources/hadoopopt-shmstreaming-default.xml"),
      new Source("benchmarks", "benchmarks/src/main/resources/hadoopopt-bench-default.xml"),
      new Source("hadoop-patches", "hadoop-patches/hadoopopt-patches-default.xml"));

  private ConfigurationDoc() {}

  /** The reference as generated from the key files under {@code root}. */
  public static String render(Path root) throws IOException {
    StringBuilder md = new StringBuilder();
    md.append("# Configuration reference\n\n")
        .append("Generated from the modules' key files (Hadoop's `*-default.xml` form); do not edit by hand.\n")
        .append("Each key is described once, in the key file of the module whose code reads it, which its jar\n")
        .append("ships; each module's `DefaultKeysTest` checks the file against the code's key constants, and\n")
        .append("`ConfigurationDocTest` (testing) checks this page and the `conf/` snippets against the files.\n")
        .append("After changing a key file, regenerate this page:\n\n")
        .append("```sh\n").append(REGENERATE).append("\n```\n\n")
        .append("| module | key file | keys of ours | stock Hadoop keys it reads or sets |\n|---|---|---:|---:|\n");
    for (Source s : SOURCES) {
      List<Entry> entries = KeyFile.read(root.resolve(s.keyFile));
      long hadoop = entries.stream().filter(e -> e.hadoop).count();
      md.append("| [").append(s.module).append("](#").append(s.module).append(") | `").append(s.keyFile).append("` | ")
          .append(entries.size() - hadoop).append(" | ").append(hadoop).append(" |\n");
    }
    for (Source s : SOURCES) {
      List<Entry> entries = KeyFile.read(root.resolve(s.keyFile));
      md.append("\n## ").append(s.module).append("\n\n")
          .append("From `").append(s.keyFile).append("`; the module: [").append(s.module).append("/README.md](../")
          .append(s.module).append("/README.md).\n");
      table(md, entries.stream().filter(e -> !e.hadoop).collect(Collectors.toList()), "default");
      List<Entry> hadoop = entries.stream().filter(e -> e.hadoop).collect(Collectors.toList());
      if (!hadoop.isEmpty()) {
        md.append("\nStock Hadoop keys ").append(s.module).append(" reads or sets (Hadoop's meaning; the value is the one our code\n")
            .append("sets or expects, empty where it varies):\n");
        table(md, hadoop, "value");
      }
    }
    return md.toString();
  }

  private static void table(StringBuilder md, List<Entry> entries, String valueHeading) {
    if (entries.isEmpty()) {
      return;
    }
    md.append("\n| key | ").append(valueHeading).append(" | description |\n|---|---|---|\n");
    for (Entry e : entries) {
      md.append("| `").append(e.name).append("` | ").append(e.value.isEmpty() ? "" : "`" + cell(e.value) + "`").append(" | ")
          .append(cell(e.description)).append(" |\n");
    }
  }

  private static String cell(String s) {
    return s.replace("|", "\\|");
  }

  /** Writes the reference: {@code ConfigurationDoc [ROOT]} (default: the working directory). */
  public static void main(String[] args) throws IOException {
    Path root = Paths.get(args.length > 0 ? args[0] : ".");
    Path out = root.resolve(OUTPUT);
    Files.createDirectories(out.getParent());
    Files.write(out, render(root).getBytes(StandardCharsets.UTF_8));
  }
}
