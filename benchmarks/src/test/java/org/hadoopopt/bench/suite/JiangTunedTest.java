package org.hadoopopt.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/** The +jiang modifier sets exactly conf/jiang-tuned-site.xml's keys, and combines with decoders. */
class JiangTunedTest {
  @Test
  void profileAndModifierAgree() {
    Configuration profile = new Configuration(false);
    profile.addResource(new Path(new File("../conf/jiang-tuned-site.xml").getAbsolutePath()));
    Map<String, String> inFile = new TreeMap<>();
    profile.forEach(e -> inFile.put(e.getKey(), e.getValue()));
    assertEquals(new TreeMap<>(JiangTuned.SETTINGS), inFile);

    Configuration job = Execution.configure(new Configuration(false), JobVariant.parse("jiang"));
    JiangTuned.SETTINGS.forEach((k, v) -> assertEquals(v, job.get(k), k));
    assertEquals("536870912", job.get("dfs.blocksize"));
    assertEquals("300", job.get("mapreduce.task.io.sort.factor"));
    assertEquals("mt+jiang", JobVariant.parse("mt+jiang").name());
    assertEquals(null, Execution.configure(new Configuration(false), JobVariant.parse("mt")).get("mapreduce.task.io.sort.factor"));
  }
}
