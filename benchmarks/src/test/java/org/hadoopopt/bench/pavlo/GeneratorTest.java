package org.hadoopopt.bench.pavlo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.gen.PavloGenerator;
import org.hadoopopt.bench.pavlo.gen.PavloStats;
import org.junit.jupiter.api.Test;

/** The generator: deterministic bytes whatever the number of maps, and statistics on target. */
class GeneratorTest {
  private static final String[] TABLES = {"grep", "rankings", "uservisits", "documents"};

  @Test
  void sameSeedAndScaleGiveTheSameBytesWhateverTheMaps() throws Exception {
    File two = LocalSets.set(0.0003, 11);
    File three = LocalSets.work("gen-3-maps");
    File otherSeed = LocalSets.work("gen-other-seed");
    assertEquals(0, ToolRunner.run(LocalSets.conf(), new PavloGenerator(),
        new String[] {"--scale", "0.0003", "--seed", "11", "--maps", "3", three.toString()}));
    assertEquals(0, ToolRunner.run(LocalSets.conf(), new PavloGenerator(),
        new String[] {"--scale", "0.0003", "--seed", "12", "--maps", "2", "--tables", "rankings", otherSeed.toString()}));
    for (String t : TABLES) {
      assertEquals(3, parts(new File(three, t)).length, t);
      assertArrayEquals(concat(new File(two, t)), concat(new File(three, t)), t + " differs between 2 and 3 maps");
    }
    assertFalse(Arrays.equals(concat(new File(two, "rankings")), concat(new File(otherSeed, "rankings"))),
        "another seed must give other data");
    assertFalse(new File(otherSeed, "grep").exists(), "--tables limits what is written");
  }

  @Test
  void statisticsOfASmallSetAreWithinToleranceOfTheTargets() throws Exception {
    File set = LocalSets.set(0.0005, 5);
    FileSystem fs = FileSystem.getLocal(new Configuration());
    PavloStats.Report r = PavloStats.measure(fs, new Path(set.toString()));
    Reference ref = new Reference(fs, new Path(set.toString()));
    for (String t : TABLES) {
      assertEquals(r.target(t + ".rows"), r.measured(t + ".rows"), t + " rows");
      assertEquals(ref.rows(t).size(), (long) r.measured(t + ".rows"), t + " rows counted independently");
      assertWithin(r, t + ".bytes_per_row", 0.10 * r.target(t + ".bytes_per_row"));
    }
    assertEquals(102.0, r.measured("grep.bytes_per_row"), "Grep rows are fixed: 10 + 1 + 90 + newline");
    assertSelectivity(r, "grep.XYZ_selectivity", r.measured("grep.rows"));
    assertSelectivity(r, "rankings.pageRank>10_selectivity", r.measured("rankings.rows"));
    assertSelectivity(r, "uservisits.2000-01-15..22_selectivity", r.measured("uservisits.rows"));
    assertSelectivity(r, "uservisits.1984..1987_selectivity", r.measured("uservisits.rows"));
    double ips = r.measured("uservisits.distinct_sourceIPs");
    assertWithin(r, "uservisits.distinct_sourceIPs", 0.05 * r.target("uservisits.distinct_sourceIPs"));
    assertTrue(ips > 1000, "distinct IPs " + ips);
    assertEquals(2000.0, r.measured("uservisits.distinct_7char_prefixes"));
    assertEquals(1.0, r.measured("uservisits.destURL_in_rankings"), "every destURL is a Rankings pageURL");
    assertEquals(r.measured("rankings.rows"), r.measured("rankings.distinct_pageURLs"), "pageURLs are unique");
    assertWithin(r, "documents.links_per_page", 1.0);

    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    r.print(new PrintStream(printed, true, StandardCharsets.UTF_8.name()));
    assertTrue(printed.toString(StandardCharsets.UTF_8.name()).contains("rankings.pageRank>10_selectivity"), printed.toString());
  }

  /** Within 4 standard deviations of a binomial proportion with the target probability. */
  private static void assertSelectivity(PavloStats.Report r, String name, double rows) {
    double p = r.target(name);
    assertWithin(r, name, 4 * Math.sqrt(p * (1 - p) / rows));
  }

  private static void assertWithin(PavloStats.Report r, String name, double tolerance) {
    double m = r.measured(name);
    double t = r.target(name);
    assertTrue(Math.abs(m - t) <= tolerance, name + ": measured " + m + ", target " + t + ", tolerance " + tolerance);
  }

  private static File[] parts(File dir) {
    File[] f = dir.listFiles((d, n) -> n.startsWith("part-"));
    Arrays.sort(f);
    return f;
  }

  private static byte[] concat(File dir) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (File f : parts(dir)) {
      out.write(Files.readAllBytes(f.toPath()));
    }
    return out.toByteArray();
  }
}
