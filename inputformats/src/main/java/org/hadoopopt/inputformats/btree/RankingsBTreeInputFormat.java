package org.hadoopopt.inputformats.btree;

import org.hadoopopt.inputformats.record.RankingsRecord;
import org.hadoopopt.inputformats.record.Schema;

/** {@link BTreeInputFormat} of Rankings trees. */
public class RankingsBTreeInputFormat extends BTreeInputFormat<RankingsRecord> {
  @Override
  protected Schema schema() {
    return Schema.RANKINGS;
  }
}
