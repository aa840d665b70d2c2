package org.hadoopopt.inputformats.btree;

import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.inputformats.record.TestSchemas;

/**
 * {@link BTreeInputFormat} of Rankings trees.
 * (A test fixture: the benchmark ships its own Pavlo formats; the plugin jar has only the generic ones.)
 */
public class RankingsBTreeInputFormat extends BTreeInputFormat<Row> {
  @Override
  protected Schema schema() {
    return TestSchemas.RANKINGS;
  }
}
