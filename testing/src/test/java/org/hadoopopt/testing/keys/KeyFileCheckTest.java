package org.hadoopopt.testing.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.hadoopopt.testing.keys.KeyConstants.Constant;
import org.hadoopopt.testing.keys.fixture.FixtureKeys;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The key-file check over a fixture class: a clean file passes, each kind of drift is reported. */
class KeyFileCheckTest {
  private static final String SOURCES = "class X { String k = \"mapreduce.job.maps\"; }";
  private static Map<String, List<Constant>> code;

  @BeforeAll
  static void scan() throws Exception {
    code = KeyConstants.of(FixtureKeys.class, "org.hadoopopt.testing.keys.fixture");
  }

  private static String property(String name, String value, String description, boolean hadoop) {
    return "<property><name>" + name + "</name><value>" + value + "</value>" + (hadoop ? "<tag>hadoop</tag>" : "")
        + "<description>" + description + "</description></property>";
  }

  private static final String PAGES = property("hadoopopt.fixture.pages", "4", "Pages a reader keeps.", false);
  private static final String PAGE_BYTES = property("hadoopopt.fixture.page.bytes", "4096", "Bytes per page.", false);
  private static final String SORT_MB = property("mapreduce.task.io.sort.mb", "", "Sizes the buffer.", true);

  private static List<String> problems(String... properties) throws Exception {
    String xml = "<configuration>" + String.join("", properties) + "</configuration>";
    return KeyFileCheck.problems(KeyFile.parse(xml), "fixture-default.xml", code, "hadoopopt.fixture.", SOURCES);
  }

  @Test
  void theScanFindsTheKeysAndTheirDefaults() {
    assertEquals("[hadoopopt.fixture.page.bytes, hadoopopt.fixture.pages, mapreduce.task.io.sort.mb]", code.keySet().toString());
    assertEquals("4", code.get("hadoopopt.fixture.pages").get(0).codeDefault);
  }

  @Test
  void aFileThatMatchesTheCodePasses() throws Exception {
    assertEquals("", String.join("\n", problems(PAGES, PAGE_BYTES, SORT_MB)));
  }

  @Test
  void aKeyConstantMissingFromTheFileIsReported() throws Exception {
    List<String> p = problems(PAGES, SORT_MB);
    assertEquals(List.of("hadoopopt.fixture.page.bytes (org.hadoopopt.testing.keys.fixture.FixtureKeys.PAGE_BYTES) "
        + "is missing from fixture-default.xml"), p);
  }

  @Test
  void aKeyAddedWithoutADescriptionIsReported() throws Exception {
    List<String> p = problems(PAGES, property("hadoopopt.fixture.page.bytes", "4096", "", false), SORT_MB);
    assertEquals(List.of("hadoopopt.fixture.page.bytes has no description in fixture-default.xml"), p);
  }

  @Test
  void aDocumentedKeyNoConstantNamesIsReported() throws Exception {
    List<String> p = problems(PAGES, PAGE_BYTES, SORT_MB, property("hadoopopt.fixture.gone", "1", "Removed.", false));
    assertEquals(List.of("hadoopopt.fixture.gone is in fixture-default.xml but no static final String of the code names it"), p);
  }

  @Test
  void aDefaultThatDiffersFromTheCodesIsReported() throws Exception {
    List<String> p = problems(property("hadoopopt.fixture.pages", "8", "Pages.", false), PAGE_BYTES, SORT_MB);
    assertEquals(List.of("hadoopopt.fixture.pages: the code's default (org.hadoopopt.testing.keys.fixture.FixtureKeys"
        + ".PAGES) is '4', fixture-default.xml says '8'"), p);
  }

  @Test
  void hadoopKeysAreTaggedAndNamedByTheCode() throws Exception {
    List<String> p = problems(PAGES, PAGE_BYTES, property("mapreduce.task.io.sort.mb", "", "Sizes.", false),
        property("mapreduce.job.reduces", "", "Never read here.", true), property("mapreduce.job.maps", "", "Read.", true));
    assertEquals(List.of("mapreduce.task.io.sort.mb is a stock Hadoop key: its entry in fixture-default.xml needs <tag>hadoop</tag>",
        "mapreduce.task.io.sort.mb in fixture-default.xml is not a key of ours: tag it <tag>hadoop</tag> if it is Hadoop's",
        "mapreduce.job.reduces is documented in fixture-default.xml as a Hadoop key the module uses, but its code never names it"), p);
  }

  @Test
  void aHadoopKeyNamedThroughAnImportedHadoopConstantCounts() throws Exception {
    String sources = "import org.apache.hadoop.mapreduce.MRJobConfig;\nclass X { int r = conf.getInt(MRJobConfig.NUM_REDUCES, 1); }";
    String xml = "<configuration>" + PAGES + PAGE_BYTES + SORT_MB + property("mapreduce.job.reduces", "", "Read.", true)
        + "</configuration>";
    assertEquals(List.of(), KeyFileCheck.problems(KeyFile.parse(xml), "fixture-default.xml", code, "hadoopopt.fixture.", sources));
  }

  @Test
  void aByteSizeWithoutTheBytesSuffixIsReported() throws Exception {
    List<String> p = problems(PAGES, PAGE_BYTES, SORT_MB, property("hadoopopt.fixture.pages", "4", "Bytes kept.", false));
    assertTrue(p.contains("hadoopopt.fixture.pages is documented twice in fixture-default.xml"), String.join("\n", p));
    assertTrue(p.contains("hadoopopt.fixture.pages is a size in bytes ('Bytes kept') but does not end in .bytes"), String.join("\n", p));
  }
}
