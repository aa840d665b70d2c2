package org.hadoopopt.inputformats.mapreduce;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.pavlo.data.SampleRows;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.Test;
import org.hadoopopt.testing.LogCapture;

/** The converter, on the local runner, refuses a row too large for a page naming the input file and the row's offset. */
class KvsfConvertTest {
  @Test
  void aRowTooLargeForAPageIsNamedByItsInputFileAndOffset() throws Exception {
    File work = new File("target/test-work/kvsf-convert").getAbsoluteFile();
    TestFiles.deleteRecursively(work);
    List<String> lines = new ArrayList<>(Arrays.asList(SampleRows.userVisits(4, 6)));
    StringBuilder url = new StringBuilder("http://big.example.com/");
    while (url.length() < 400) {
      url.append('x');
    }
    lines.add(3, "10.0.0.1|" + url + "|2000-01-01|1.50|ua|USA|en-US|w|1");
    long offset = 0;
    for (int i = 0; i < 3; i++) {
      offset += lines.get(i).getBytes(StandardCharsets.UTF_8).length + 1;
    }
    File in = new File(work, "in/data.txt");
    in.getParentFile().mkdirs();
    Files.write(in.toPath(), (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));

    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    conf.set("mapreduce.framework.name", "local");
    conf.setInt(KvsfOutputFormat.PAGE_SIZE, 256);
    String log = LogCapture.failedJob(KvsfConvert.createJob(conf, Schema.USER_VISITS, new Path(in.getParentFile().toURI()),
        new Path(new File(work, "out").toURI())));
    String want = new Path(in.toURI()) + ", offset " + offset + ": the row encodes to ";
    assertTrue(log.contains(want), "'" + want + "' in\n" + log);
    assertTrue(log.contains("a page of 256 bytes holds") && log.contains("hadoopopt.input.kvsf.page.bytes"), log);
  }
}
