package org.hadoopopt.bench.micro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.hadoopopt.bench.tools.Json;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run of the shm benchmark made in parts: samples add up across calls, and a part of other code or inputs is refused. */
class ShmBenchResultsTest {
  private static final List<ShmBenchResults.Target> TARGETS = Arrays.asList(
      new ShmBenchResults.Target("identity: shm x pipes", "id|pipes", "id|shm", 2),
      new ShmBenchResults.Target("count: shm x pipes", "wc|pipes", "wc|shm", 1.3));

  @TempDir
  Path dir;

  private static Map<String, Integer> inputs(int mb) {
    Map<String, Integer> m = new LinkedHashMap<>();
    m.put("100-byte lines", mb);
    m.put("word lines", 64);
    return m;
  }

  @Test
  void partsAddTheirRoundsIntoOneRunAndOneTable() throws Exception {
    File json = dir.resolve("r.json").toFile();
    Path md = dir.resolve("r.md");
    ShmBenchResults first = ShmBenchResults.continueOrStart(json, "abc1234", inputs(1024));
    assertEquals(0, first.roundsSoFar());
    first.taskInput("id", 1024);
    first.add("id", "shm", 4.0, 5.0);
    first.add("id", "pipes", 10.0, 16.0);
    first.add("id", "shm", 6.0, 7.0);
    first.add("id", "pipes", 12.0, 18.0);
    first.output("id", "pipes", "sha256:aa, 3 bytes");
    first.output("id", "shm", "sha256:aa, 3 bytes");
    first.part("2026-01-01T10:00:00Z", "1.00, 2.00, 3.00", "1.50, 2.00, 3.00", 2, 0, Arrays.asList("id"),
        Arrays.asList("pipes", "shm"));
    first.write(json, md, TARGETS, 2);

    ShmBenchResults second = ShmBenchResults.continueOrStart(json, "abc1234", inputs(1024));
    assertEquals(2, second.roundsSoFar());
    second.add("id", "pipes", 14.0, 20.0);
    second.add("id", "shm", 5.0, 6.0);
    second.add("id", "shm-block", 3.0, 4.0); // a variant the first part did not run
    second.add("wc", "pipes", 13.0, 13.0);
    second.add("wc", "shm", 10.0, 10.0);
    second.output("id", "shm-block", "sha256:aa, 3 bytes");
    second.part("2026-01-01T10:20:00Z", "4.00, 2.00, 3.00", "0.50, 2.00, 3.00", 1, 1, Arrays.asList("id", "wc"),
        Arrays.asList("pipes", "shm", "shm-block"));
    second.write(json, md, TARGETS, 2);

    JsonNode root = Json.MAPPER.readTree(json);
    assertEquals(3, root.path("samples_s").path("id|pipes").size());
    assertEquals(12.0, root.path("medians_s").path("id|pipes").asDouble(), 1e-9); // 10, 12, 14
    assertEquals(5.0, root.path("medians_s").path("id|shm").asDouble(), 1e-9); // 4, 5, 6
    assertEquals(4.0, root.path("bests_s").path("id|shm").asDouble(), 1e-9);
    assertEquals(6.0, root.path("cpu_medians_s").path("id|shm").asDouble(), 1e-9); // 5, 6, 7
    assertEquals(2.4, root.path("ratios").path("id").path("pipes_over_shm").asDouble(), 1e-9);
    assertEquals(2.5, root.path("ratios").path("id").path("best_pipes_over_shm").asDouble(), 1e-9);
    assertEquals(3.0, root.path("ratios").path("id").path("cpu_pipes_over_shm").asDouble(), 1e-9); // 18 / 6
    assertEquals(2, root.path("parts").size());
    assertEquals("abc1234", root.path("commit").asText());

    String text = new String(Files.readAllBytes(md), StandardCharsets.UTF_8);
    assertTrue(text.contains("Commit abc1234"), text);
    assertTrue(text.contains("| 1 | 2026-01-01T10:00:00Z | 1.00, 2.00, 3.00 | 1.50, 2.00, 3.00 | 2 | 0 | id |"), text);
    assertTrue(text.contains("| 2 | 2026-01-01T10:20:00Z | 4.00, 2.00, 3.00 | 0.50, 2.00, 3.00 | 1 | 1 | id, wc |"), text);
    assertEquals(1, text.split("## id ", -1).length - 1, "one table per task, also for a variant a later part added");
    assertTrue(text.contains("## id (input 1024 MB)"), text);
    int pipes = text.indexOf("| pipes | 3 | 12.00 | 10.00 |");
    int shm = text.indexOf("| shm | 3 | 5.00 | 4.00 | 6.00 | 5.00 | 2.40 | 2.50 | 3.00 |");
    int block = text.indexOf("| shm-block | 1 | 3.00 |");
    assertTrue(pipes > 0 && shm > pipes && block > shm, text);
    assertTrue(text.contains("| identity: shm x pipes | 2.40 | 2.50 | 3.00 | 2.00 | yes |"), text);
    assertTrue(text.contains("| count: shm x pipes | 1.30 | 1.30 | 1.30 | 1.30 | yes |"), text);
  }

  @Test
  void aPartOfOtherCodeOrOtherInputsIsRefused() throws Exception {
    File json = dir.resolve("r.json").toFile();
    ShmBenchResults r = new ShmBenchResults("abc1234", inputs(1024));
    r.add("id", "pipes", 1, 1);
    r.part("2026-01-01T10:00:00Z", "1", "1", 1, 0, Arrays.asList("id"), Arrays.asList("pipes"));
    r.write(json, dir.resolve("r.md"), TARGETS, 2);

    IllegalStateException commit = assertThrows(IllegalStateException.class,
        () -> ShmBenchResults.continueOrStart(json, "def5678", inputs(1024)));
    assertTrue(commit.getMessage().contains("commit abc1234") && commit.getMessage().contains("def5678"), commit.getMessage());
    IllegalStateException size = assertThrows(IllegalStateException.class,
        () -> ShmBenchResults.continueOrStart(json, "abc1234", inputs(256)));
    assertTrue(size.getMessage().contains("100-byte lines input of 1024 MB") && size.getMessage().contains("256 MB"),
        size.getMessage());
  }

  @Test
  void anOutputUnlikeTheTasksEarlierOnesFailsAlsoAcrossParts() throws Exception {
    File json = dir.resolve("r.json").toFile();
    ShmBenchResults r = new ShmBenchResults("abc1234", inputs(1024));
    r.add("id", "pipes", 1, 1);
    r.output("id", "pipes", "sha256:aa, 3 bytes");
    r.part("2026-01-01T10:00:00Z", "1", "1", 1, 0, Arrays.asList("id"), Arrays.asList("pipes"));
    r.write(json, dir.resolve("r.md"), TARGETS, 2);

    ShmBenchResults next = ShmBenchResults.continueOrStart(json, "abc1234", inputs(1024));
    next.output("id", "pipes", "sha256:aa, 3 bytes");
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> next.output("id", "shm", "sha256:bb, 3 bytes"));
    assertTrue(e.getMessage().contains("id shm") && e.getMessage().contains("sha256:aa"), e.getMessage());
  }

  @Test
  void outputDigestsAreTheBytesSha256AndLength() {
    // SHA-256 of "abc" (FIPS 180-2, appendix B.1)
    assertEquals("sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad, 3 bytes",
        StreamingJob.digest("abc".getBytes(StandardCharsets.US_ASCII)));
  }
}
