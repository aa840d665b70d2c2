package org.hadoopopt.bench.micro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The summary of a micro run from each part's result file (in the formats the parts write), with
 * speedups against hand-computed values; skipped, failed and unreadable parts are reported.
 */
class MicroSummaryTest {
  private static void write(File dir, String name, String text) throws Exception {
    Files.write(new File(dir, name).toPath(), text.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void everyPartFormatBecomesRowsWithSpeedupsOverStock() throws Exception {
    File dir = Files.createTempDirectory("micro-summary").toFile();
    write(dir, "micro-status.tsv", "decode\tok\t10s\nsort\tok\t5s\nio\tok\t9s\nshm\tskipped\tno gcc: C is needed\n"
        + "sched\tok\t50s\ndfsio\tfailed\texit 1 after 3s, log logs/dfsio.log\nwordcount\tok\t20s\n");
    write(dir, "decode-jmh.json", "[{\"benchmark\": \"x.DecodeBenchmark.decode\", \"params\": {\"table\": \"rankings\","
        + " \"decoder\": \"TEXT_IMMUTABLE\"}, \"primaryMetric\": {\"score\": 99, \"scorePercentiles\": {\"50.0\": 120.0}}},"
        + " {\"params\": {\"table\": \"rankings\", \"decoder\": \"TEXT_MUTABLE\"}, \"primaryMetric\": {\"score\": 50,"
        + " \"scorePercentiles\": {\"50.0\": 30.0}}}]");
    write(dir, "sort-phase.json", "{\"records\": 10, \"keySets\": {\"pavlo-sourceIP\": {\"stock-quicksort\":"
        + " {\"medianMs\": 100.0, \"speedup\": 1.00}, \"hash-radix\": {\"medianMs\": 10.0, \"speedup\": 10.00}}}}");
    write(dir, "io-modes.json", "{\"modes\": {\"streaming\": {\"f64m\": 0.5, \"f256m\": 0.25},"
        + " \"direct (verify)\": {\"f64m\": 1.0, \"f256m\": 0.75}, \"job: streaming, wall\": {\"f256m\": 0.2},"
        + " \"job: direct (verify), wall\": {\"f256m\": 0.3}}}");
    write(dir, "wordcount.json", "{\"benchmark\": \"wordcount\", \"unit\": \"s\", \"stock\": \"stock\", \"rows\": ["
        + "{\"configuration\": \"stock\", \"values\": [8, 10], \"median\": 9.0, \"speedup\": 1.0},"
        + "{\"configuration\": \"fp\", \"values\": [6], \"median\": 6.0, \"speedup\": 1.5}]}");
    write(dir, "sched.json", "{broken");

    String text = MicroSummary.write(dir);
    JsonNode root = new ObjectMapper().readTree(new File(dir, "micro-summary.json"));
    Map<String, JsonNode> parts = new HashMap<>();
    for (JsonNode p : root.get("parts")) {
      parts.put(p.get("part").asText(), p);
    }
    assertEquals(7, parts.size());
    JsonNode decode = parts.get("decode").get("rows");
    assertEquals("rankings TEXT_MUTABLE", decode.get(1).get("configuration").asText());
    assertEquals(30.0, decode.get(1).get("median").asDouble()); // the median sample, not JMH's mean score
    assertEquals(4.0, decode.get(1).get("speedup").asDouble(), 1e-9);
    assertEquals(10.0, parts.get("sort").get("rows").get(1).get("speedup").asDouble(), 1e-9);
    JsonNode io = parts.get("io").get("rows");
    assertEquals("direct (verify) (f256m)", io.get(1).get("configuration").asText()); // the largest file
    assertEquals(3.0, io.get(1).get("speedup").asDouble(), 1e-9);
    assertEquals(1.5, io.get(3).get("speedup").asDouble(), 1e-9); // job rows against the streaming job
    assertEquals(1.5, parts.get("wordcount").get("rows").get(1).get("speedup").asDouble(), 1e-9);
    assertEquals("skipped", parts.get("shm").get("status").asText());
    assertEquals("failed", parts.get("dfsio").get("status").asText());
    assertEquals("unreadable", parts.get("sched").get("status").asText());
    assertTrue(text.contains("shm: skipped (no gcc: C is needed)"), text);
    assertTrue(text.contains("dfsio: failed"), text);
    assertTrue(text.contains("sched: result unreadable"), text);
    assertTrue(text.contains("1.50x"), text);
    assertEquals(text, new String(Files.readAllBytes(new File(dir, "micro-summary.txt").toPath()), StandardCharsets.UTF_8));
  }

  @Test
  void ourResultFilesRoundTripWithMapCounts() throws Exception {
    MicroResult r = new MicroResult("sched", "scan", "s", "128m");
    r.row("64m").add(30).add(10).add(20).extra("maps", 16L);
    r.row("128m").add(10).add(12).extra("maps", 8L);
    File dir = Files.createTempDirectory("micro-ours").toFile();
    r.write(new File(dir, "sched.json"));
    write(dir, "micro-status.tsv", "sched\tok\t1s\n");
    MicroSummary.write(dir);
    JsonNode rows = new ObjectMapper().readTree(new File(dir, "micro-summary.json")).get("parts").get(0).get("rows");
    assertEquals("64m (16 maps)", rows.get(0).get("configuration").asText());
    assertEquals(20.0, rows.get(0).get("median").asDouble(), 1e-9);
    assertEquals(11.0 / 20.0, rows.get(0).get("speedup").asDouble(), 1e-9); // stock (128m) median 11
    assertEquals(1.0, rows.get(1).get("speedup").asDouble(), 1e-9);
  }
}
