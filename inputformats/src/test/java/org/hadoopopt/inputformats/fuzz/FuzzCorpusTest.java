package org.hadoopopt.inputformats.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.inputformats.mapreduce.UserVisitsKvsfInputFormat;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.Test;

/**
 * Replays the fuzz cases that once failed, kept as files under {@code src/test/resources/fuzz-corpus/}
 * (one folder per format; each file is the whole mutated input, named after what was wrong). A
 * KVSF case is a whole file of the rows {@link KvsfFuzzTest} writes (any codec): read with and
 * without skipping it must fail naming the file and an offset, or give exactly those rows. A text
 * case is judged by {@link TextFuzzTest}'s reference parser. A range-index or B+-tree sidecar case
 * is put in place of the index (sidecar) and judged as in its fuzz test.
 */
class FuzzCorpusTest {
  static File[] corpus(String format) throws URISyntaxException {
    java.net.URL u = FuzzCorpusTest.class.getResource("/fuzz-corpus/" + format);
    if (u == null) {
      return new File[0];
    }
    File[] files = new File(u.toURI()).listFiles((d, n) -> n.endsWith(".bin"));
    Arrays.sort(files);
    return files;
  }

  @Test
  void kvsfCases() throws Exception {
    File work = new File("target/test-work/fuzz-corpus-kvsf").getAbsoluteFile();
    TestFiles.deleteRecursively(work);
    List<String> rows = KvsfFuzzTest.original("tuple", KvsfFuzzTest.baseRows()).rows;
    File[] cases = corpus("kvsf");
    assertTrue(cases.length > 0, "the KVSF corpus is on the class path");
    for (File c : cases) {
      Path f = FuzzReads.put(new File(work, c.getName()), "data.kvsf", Files.readAllBytes(c.toPath()));
      for (boolean skip : new boolean[] {false, true}) {
        try {
          List<String> got = FuzzReads.read(new UserVisitsKvsfInputFormat(), f.getParent(), FuzzReads.conf(skip),
              3L * KvsfFuzzTest.PAGE).rows;
          assertEquals(rows, got, c.getName());
        } catch (IOException e) {
          FuzzReads.assertClear(e, f);
        }
      }
    }
  }

  @Test
  void textCases() throws Exception {
    File work = new File("target/test-work/fuzz-corpus-text").getAbsoluteFile();
    TestFiles.deleteRecursively(work);
    for (File c : corpus("text")) {
      byte[] b = Files.readAllBytes(c.toPath());
      for (boolean skip : new boolean[] {false, true}) {
        TextFuzzTest.judge(b, skip, FuzzReads.put(new File(work, c.getName() + skip), "data.txt", b));
      }
    }
  }
}
