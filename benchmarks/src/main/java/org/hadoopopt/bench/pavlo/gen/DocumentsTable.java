package org.hadoopopt.bench.pavlo.gen;

import java.util.SplittableRandom;
import org.hadoopopt.bench.pavlo.PavloSchema;
import org.hadoopopt.pavlo.data.Dictionaries;
import org.hadoopopt.pavlo.data.PageUrls;
import org.hadoopopt.pavlo.data.RowRandom;

/**
 * Documents(url, html): one-line HTML pages of about 1.5 KB with 1..20 links to uniformly drawn
 * Rankings pageURLs; one link in ten repeats an earlier link of the same page, so "pages linking
 * to a URL" and "links to a URL" differ.
 */
final class DocumentsTable extends PavloTable {
  /** Rows at scale 1.0: one page per ten Rankings rows (~2.7 GB). */
  static final long ROWS_AT_SCALE_1 = 1_800_000L;
  static final int MAX_LINKS = 20;

  private final long rankingsRows;

  DocumentsTable(long seed, long rows, long rankingsRows) {
    super(seed, rows);
    this.rankingsRows = rankingsRows;
  }

  @Override
  String name() {
    return PavloSchema.DOCUMENTS;
  }

  @Override
  int approxBytesPerRow() {
    return 1500;
  }

  @Override
  void appendRow(long i, StringBuilder out) {
    SplittableRandom r = RowRandom.of(seed, RowRandom.DOCUMENTS, i);
    PageUrls.append(seed, i % rankingsRows, out);
    out.append(PavloSchema.SEPARATOR).append("<html><head><title>");
    words(r, 2 + r.nextInt(4), out);
    out.append("</title></head><body>");
    int links = 1 + r.nextInt(MAX_LINKS);
    long[] targets = new long[links];
    for (int k = 0; k < links; k++) {
      targets[k] = k > 0 && r.nextInt(10) == 0 ? targets[r.nextInt(k)] : r.nextLong(rankingsRows);
      out.append("<p>");
      words(r, 3 + r.nextInt(10), out);
      out.append(" <a href=\"");
      PageUrls.append(seed, targets[k], out);
      out.append("\">");
      words(r, 1, out);
      out.append("</a></p>");
    }
    out.append("</body></html>");
  }

  private static void words(SplittableRandom r, int n, StringBuilder out) {
    for (int k = 0; k < n; k++) {
      out.append(k == 0 ? "" : " ").append(Dictionaries.pick(Dictionaries.SEARCH_WORDS, r));
    }
  }
}
