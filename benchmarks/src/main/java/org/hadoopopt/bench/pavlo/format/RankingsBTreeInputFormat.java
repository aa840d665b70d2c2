package org.hadoopopt.bench.pavlo.format;

import org.hadoopopt.inputformats.btree.BTreeInputFormat;
import org.hadoopopt.inputformats.record.RankingsRecord;
import org.hadoopopt.inputformats.record.Schema;

/** {@link BTreeInputFormat} of Rankings trees. */
public class RankingsBTreeInputFormat extends BTreeInputFormat<RankingsRecord> {
  @Override
  protected Schema schema() {
    return Schema.RANKINGS;
  }
}
