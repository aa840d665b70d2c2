package org.hadoopopt.bench.micro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The micro program's part list: selection order, refusal of unknown parts, skip reasons, statuses. */
class MicroTest {
  @TempDir
  File dir;

  @Test
  void selectionKeepsTheRunOrderAndRefusesUnknownParts() {
    List<String> names = Micro.select("terasort,sort,decode").stream().map(p -> p.name).collect(Collectors.toList());
    assertEquals(Arrays.asList("decode", "sort", "terasort"), names);
    assertEquals(MicroSummary.PARTS, Micro.select(null).stream().map(p -> p.name).collect(Collectors.toList()));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Micro.select("sort,teraflop"));
    assertTrue(e.getMessage().contains("unknown part 'teraflop'"), e.getMessage());
    for (String p : MicroSummary.PARTS) {
      assertTrue(e.getMessage().contains(p), e.getMessage());
      assertTrue(Micro.partsText().contains("  " + p + " "), Micro.partsText());
    }
  }

  @Test
  void partsThatNeedBuiltArtifactsSayWhyTheyAreSkipped() {
    MicroPart.Context empty = new MicroPart.Context(dir, dir, true);
    MicroPart patch = Micro.select("patchsort").get(0);
    String reason = patch.skipReason(empty);
    assertNotNull(reason);
    assertTrue(reason.contains("hadoop-patches/build.sh"), reason);
    String shm = Micro.select("shm").get(0).skipReason(empty);
    assertNotNull(shm);
    assertTrue(shm.contains("shmstreaming"), shm);
    assertNull(Micro.select("sort").get(0).skipReason(empty));
  }

  @Test
  void aRerunPartReplacesItsStatusLine() throws Exception {
    MicroStatus s = new MicroStatus(new File(dir, "micro-status.tsv"));
    s.add("sort", "ok", "3s");
    s.add("io", "failed", "exit 1");
    s.forget(Arrays.asList("io"));
    s.add("io", "skipped", "no\tgcc");
    assertEquals(Arrays.asList("sort\tok\t3s", "io\tskipped\tno gcc"),
        Files.readAllLines(new File(dir, "micro-status.tsv").toPath()));
  }
}
