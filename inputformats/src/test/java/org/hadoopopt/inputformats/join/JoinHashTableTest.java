package org.hadoopopt.inputformats.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** The build-side hash table keeps every value under its key and fails clearly at its byte bound. */
class JoinHashTableTest {
  @Test
  void holdsValuesAndFailsNamingPartitionAndKeyWhenFull() throws IOException {
    Configuration conf = new Configuration(false);
    JoinHashTable.setMaxBytes(conf, 1000);
    JoinHashTable<Integer> t = new JoinHashTable<>(conf, "part-00003");
    int added = 0;
    IOException full = null;
    try {
      for (int i = 0; i < 1000; i++) {
        t.put("url" + (i % 3), i, 20);
        added++;
      }
    } catch (IOException e) {
      full = e;
    }
    assertTrue(full != null && added > 3 && added < 1000, "added " + added);
    assertTrue(full.getMessage().contains("part-00003") && full.getMessage().contains(JoinHashTable.MAX_BYTES), full.getMessage());
    assertTrue(t.bytes() <= 1000);
    assertEquals(added, t.entries());
    assertEquals(Arrays.asList(0, 3, 6), t.get("url0").subList(0, 3));
    assertTrue(t.get("absent").isEmpty());

    conf.set(JoinHashTable.MAX_BYTES, "lots");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new JoinHashTable<Integer>(conf, "p"));
    assertTrue(e.getMessage().contains(JoinHashTable.MAX_BYTES));
  }
}
