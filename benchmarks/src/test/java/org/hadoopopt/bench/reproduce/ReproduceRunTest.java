package org.hadoopopt.bench.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Collections;
import java.util.Properties;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.hadoopopt.testing.VersionNeutral;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run made in parts: the code fingerprint, the marker that keeps stale parts out, a real two-call run. */
@VersionNeutral
class ReproduceRunTest {
  @TempDir
  File dir;

  private File jar(String name, String manifest, String classBytes) throws IOException {
    File f = new File(dir, name);
    assertTrue(f.getParentFile().isDirectory() || f.getParentFile().mkdirs());
    try (ZipOutputStream z = new ZipOutputStream(new FileOutputStream(f))) {
      z.putNextEntry(new ZipEntry("META-INF/MANIFEST.MF"));
      z.write(manifest.getBytes(StandardCharsets.UTF_8));
      z.putNextEntry(new ZipEntry("META-INF/maven/x/pom.properties"));
      z.write(("#" + manifest).getBytes(StandardCharsets.UTF_8));
      z.putNextEntry(new ZipEntry("org/x/A.class"));
      z.write(classBytes.getBytes(StandardCharsets.UTF_8));
    }
    return f;
  }

  @Test
  void theFingerprintFollowsTheCodeNotTheBuildTime() throws Exception {
    String a = ReproduceRun.codeFingerprint(dir.toPath(),
        Collections.singletonList(jar("one/x.jar", "Built: Monday", "code")));
    String rebuilt = ReproduceRun.codeFingerprint(dir.toPath(),
        Collections.singletonList(jar("two/x.jar", "Built: Monday", "code")));
    assertNotEquals(a, rebuilt, "the jar's path is part of it");
    String sameCodeLater = ReproduceRun.codeFingerprint(dir.toPath(),
        Collections.singletonList(jar("one/x.jar", "Built: Tuesday", "code")));
    assertEquals(a, sameCodeLater, "manifest and Maven descriptors are left out");
    String changed = ReproduceRun.codeFingerprint(dir.toPath(),
        Collections.singletonList(jar("one/x.jar", "Built: Monday", "code, changed")));
    assertNotEquals(a, changed);
    File classes = new File(dir, "classes/org/x");
    assertTrue(classes.mkdirs());
    Files.write(new File(classes, "A.class").toPath(), "code".getBytes(StandardCharsets.UTF_8));
    String folder = ReproduceRun.codeFingerprint(dir.toPath(), Collections.singletonList(new File(dir, "classes")));
    Files.write(new File(classes, "A.class").toPath(), "code!".getBytes(StandardCharsets.UTF_8));
    assertNotEquals(folder, ReproduceRun.codeFingerprint(dir.toPath(),
        Collections.singletonList(new File(dir, "classes"))));
  }

  @Test
  void aFolderWithOtherCodeOrScaleOrNoMarkerIsRefused() throws Exception {
    File out = new File(dir, "out");
    assertTrue(out.mkdirs());
    ReproduceRun full = new ReproduceRun("aaaaaaaaaaaaaaaa", "v1", false);
    assertNull(full.conflict(out), "an empty folder");
    Files.write(new File(out, ReproduceReport.STATUS).toPath(), Arrays.asList("energy\tok\t1s"), StandardCharsets.UTF_8);
    assertTrue(full.conflict(out).contains("without a run marker"), full.conflict(out));
    full.record(out, Arrays.asList("energy"), 0, 61_000, "1.0 1.0 1.0", "2.0 1.0 1.0");
    assertNull(full.conflict(out));
    String other = new ReproduceRun("bbbbbbbbbbbbbbbb", "v2", false).conflict(out);
    assertTrue(other.contains("other code") && other.contains("aaaaaaaaaaaa") && other.contains("v2"), other);
    String quick = new ReproduceRun("aaaaaaaaaaaaaaaa", "v1", true).conflict(out);
    assertTrue(quick.contains("full-scale run"), quick);
    Properties p = ReproduceRun.read(out);
    assertEquals("1970-01-01 00:00 UTC, 61 s (call of energy), load 1.0 1.0 1.0 -> 2.0 1.0 1.0", p.getProperty("part.energy"));
    ReproduceRun.clear(out);
    assertFalse(new File(out, ReproduceReport.STATUS).exists());
    assertNull(ReproduceRun.read(out));
  }

  @Test
  void callsAddToOneFolderAndAStaleScaleIsRefusedUnlessFresh() throws Exception {
    File out = new File(dir, "run");
    String[] full = {"--only", "energy", "--out", out.getPath(), "--home", dir.getPath()};
    assertEquals(0, Reproduce.run(full));
    assertEquals(0, Reproduce.run(full), "a second call of the same code and scale adds to the folder");
    Properties p = ReproduceRun.read(out);
    assertEquals("full", p.getProperty("scale"));
    assertTrue(p.getProperty("part.energy").contains("(call of energy)"), p.toString());
    String text = new String(Files.readAllBytes(new File(out, "reproduce.txt").toPath()), StandardCharsets.UTF_8);
    assertTrue(text.contains("run: full scale, code ") && text.contains("  energy: "), text);
    assertTrue(text.contains("1 findings: 0 reproduced"), text);

    String[] quick = {"--only", "energy", "--quick", "--out", out.getPath(), "--home", dir.getPath()};
    assertEquals(1, Reproduce.run(quick), "a quick call into a full run's folder");
    assertEquals("full", ReproduceRun.read(out).getProperty("scale"), "the refused call changed nothing");
    String[] fresh = {"--only", "energy", "--quick", "--fresh", "--out", out.getPath(), "--home", dir.getPath()};
    assertEquals(0, Reproduce.run(fresh));
    assertEquals("quick", ReproduceRun.read(out).getProperty("scale"));
  }
}
