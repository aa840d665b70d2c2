package org.hadoopopt.bench.pavlo.jobs;

import java.math.BigDecimal;
import java.text.ParseException;
import java.text.SimpleDateFormat;
import java.util.Date;
import org.apache.hadoop.io.Text;
import org.hadoopopt.bench.pavlo.BadRecords;
import org.hadoopopt.bench.pavlo.PavloSchema;
import org.hadoopopt.bench.pavlo.RawText;
import org.hadoopopt.inputformats.record.ColumnGrammar;
import org.hadoopopt.inputformats.record.FieldType;
import org.hadoopopt.inputformats.record.MalformedRecordException;

/**
 * Decodes rows as the original benchmark's Hadoop code did: the line to a String,
 * {@code String.split}, then a new object per field ({@code Integer.valueOf}, a {@code Date} from
 * {@code SimpleDateFormat}, {@code BigDecimal} for adRevenue), so the baseline keeps that code's
 * cost. Two things differ, so that every variant answers alike: each value is first checked by the
 * grammar all readers share ({@link ColumnGrammar}: {@code Integer.valueOf} and
 * {@code SimpleDateFormat} alone accept {@code +50}, {@code 2001-2-3}, {@code 2001-02-03x}), and
 * the line is decoded one char per byte ({@link RawText}), so string columns leave the job as the
 * bytes they came in as. A malformed row goes to {@link BadRecords}: then the methods return null
 * (skipped) or throw its {@link MalformedRecordException} (file, row offset, column).
 */
public final class BaselineDecoder {
  private final BadRecords bad;
  private final SimpleDateFormat dates = PavloSchema.newDateFormat();

  public BaselineDecoder(BadRecords bad) {
    this.bad = bad;
  }

  /** The '|'-separated fields, or null (rejected) if there are not {@code columns.length} of them. */
  public String[] fields(long offset, Text line, String[] columns) throws MalformedRecordException {
    String[] f = RawText.string(line).split(PavloSchema.SEPARATOR_REGEX, -1);
    if (f.length != columns.length) {
      bad.reject(ColumnGrammar.fieldCountError(bad.file(), offset, columns, f.length));
      return null;
    }
    return f;
  }

  public Ranking ranking(long offset, Text line) throws MalformedRecordException {
    String[] c = PavloSchema.RANKINGS_COLUMNS;
    String[] f = fields(offset, line, c);
    if (f == null) {
      return null;
    }
    long rank = value(offset, f, c, PavloSchema.PAGE_RANK, FieldType.INT);
    long duration = rank == ColumnGrammar.INVALID ? rank : value(offset, f, c, PavloSchema.AVG_DURATION, FieldType.INT);
    if (duration == ColumnGrammar.INVALID) {
      return null;
    }
    return new Ranking(f[PavloSchema.PAGE_URL], Integer.valueOf(f[PavloSchema.PAGE_RANK]),
        Integer.valueOf(f[PavloSchema.AVG_DURATION]));
  }

  public UserVisit userVisit(long offset, Text line) throws MalformedRecordException {
    String[] c = PavloSchema.USERVISITS_COLUMNS;
    String[] f = fields(offset, line, c);
    if (f == null) {
      return null;
    }
    long day = value(offset, f, c, PavloSchema.VISIT_DATE, FieldType.DATE);
    long micros = day == ColumnGrammar.INVALID ? day : value(offset, f, c, PavloSchema.AD_REVENUE, FieldType.DECIMAL);
    long duration = micros == ColumnGrammar.INVALID ? micros : value(offset, f, c, PavloSchema.DURATION, FieldType.INT);
    if (duration == ColumnGrammar.INVALID) {
      return null;
    }
    // The values as the original code made them; for text the grammar accepted they equal its own.
    Date date;
    try {
      date = dates.parse(f[PavloSchema.VISIT_DATE]);
    } catch (ParseException e) {
      throw new IllegalStateException("SimpleDateFormat rejects a date the grammar accepts: " + f[PavloSchema.VISIT_DATE], e);
    }
    long revenue = new BigDecimal(f[PavloSchema.AD_REVENUE]).movePointRight(6).longValueExact();
    return new UserVisit(f, date, revenue, Integer.valueOf(f[PavloSchema.DURATION]));
  }

  /** Column {@code i} by the grammar, or {@link ColumnGrammar#INVALID} after rejecting the row (when skipping). */
  private long value(long offset, String[] f, String[] columns, int i, FieldType t) throws MalformedRecordException {
    byte[] b = RawText.bytes(f[i]);
    long v = ColumnGrammar.parse(t, b, 0, b.length);
    if (v == ColumnGrammar.INVALID) {
      bad.reject(new MalformedRecordException(bad.file(), offset, columns[i], ColumnGrammar.problem(t, b, 0, b.length)));
    }
    return v;
  }
}
