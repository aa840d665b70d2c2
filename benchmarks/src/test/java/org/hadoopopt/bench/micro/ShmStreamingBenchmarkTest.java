package org.hadoopopt.bench.micro;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/** The pipes-fp and shm-fp variants run with the plugins exactly as an operator turns them on with conf/. */
class ShmStreamingBenchmarkTest {
  @Test
  void fingerprintVariantsSetTheConfSnippetsKeys() {
    Configuration operator = new Configuration(false);
    operator.addResource(new Path(new File("../conf/mapred-hashgroup-site.xml").getAbsolutePath()));
    operator.addResource(new Path(new File("../conf/mapred-fingerprint-merge-site.xml").getAbsolutePath()));
    Map<String, String> props = ShmStreamingBenchmark.fingerprintPlugins();
    assertEquals(2, props.size(), props.toString());
    for (Map.Entry<String, String> e : props.entrySet()) {
      assertEquals(operator.get(e.getKey()), e.getValue(), e.getKey());
    }
  }
}
