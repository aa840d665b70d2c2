package org.hadoopopt.inputformats.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.zip.CRC32C;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DataOutputBuffer;
import org.hadoopopt.inputformats.codec.BinaryCodec;
import org.hadoopopt.inputformats.codec.BinaryCodecs;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.kvsf.KvsfLayout;
import org.hadoopopt.inputformats.kvsf.KvsfWriter;
import org.hadoopopt.inputformats.mapreduce.UserVisitsKvsfInputFormat;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.testing.TestFiles;
import org.hadoopopt.testing.fuzz.FuzzRun;
import org.hadoopopt.testing.fuzz.Mutator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Fuzzes KeyValueSequenceFile headers, pages and end markers: small files of UserVisits rows in each
 * codec (tuple, writable, protobuf), pages of 512 bytes, mutated ({@link Mutator}: aimed at the
 * header fields, every page header field and the end marker, plus blind flips, boundary bytes,
 * truncation, page duplication/deletion/swap, inserted bytes), then, in most cases, every
 * checksum recomputed over the mutated bytes (header CRC, each page's CRC over the file id and page,
 * the end marker's), so that the mutation reaches the checks behind the CRCs. Each is read the
 * way a job reads it: {@link UserVisitsKvsfInputFormat#getSplits} with splits of three pages,
 * then its record reader over each split; a third of the cases with
 * {@code hadoopopt.input.skip.bad=true}.
 *
 * <p>What is checkable, and checked:
 * <ul>
 * <li>A read that succeeds returns exactly the rows written, in order, unless the checksums were
 *   recomputed and the bytes changed in place: then the file is a valid file with other content,
 *   and only the records whose bytes (located independently from the documented layout: the
 *   records, encoded by the codec, packed into pages in order) overlap the change may differ; all
 *   others must be the ones written, and their number the same. ("forged value")
 * <li>A read that fails throws an IOException whose message names the file and an offset.
 * <li>With skipping on, a read that succeeds returns the rows written with some left out (the
 *   pages or page rests skipped), never another row, and the skip counters are non-zero whenever a
 *   row is missing.
 * <li>Never a RuntimeException or Error, a hang (5 s per case) or more than 64 MB allocated per
 *   case (the files are about 10 KB).
 * </ul>
 * Long run: {@code mvn -o -B -pl inputformats -am verify -Dtest=KvsfFuzzTest
 * -Dsurefire.failIfNoSpecifiedTests=false -Dfuzz.cases=100000 -Dfuzz.seed=$RANDOM}.
 */
class KvsfFuzzTest {
  static final int PAGE = 512;
  private static final String[] CODECS = {"tuple", "writable", "protobuf"};
  private static final List<Original> ORIGINALS = new ArrayList<>();
  private static File work;

  /** One written file and where its parts lie. */
  static final class Original {
    final String codec;
    final byte[] bytes;
    final List<String> rows = new ArrayList<>();
    /** Per record: its first and last+1 byte offset in the file. */
    final List<long[]> ranges = new ArrayList<>();
    int headerLength;
    int pages;

    Original(String codec, byte[] bytes) {
      this.codec = codec;
      this.bytes = bytes;
    }
  }

  @BeforeAll
  static void write() throws IOException {
    work = new File("target/test-work/fuzz-kvsf").getAbsoluteFile();
    TestFiles.deleteRecursively(work);
    String[] lines = baseRows();
    for (String codec : CODECS) {
      ORIGINALS.add(original(codec, lines));
    }
  }

  /**
   * The 40 UserVisits lines every case is made from, fixed in {@code fuzz-corpus/kvsf/rows.txt} so
   * that saved cases replay against the rows they were made from.
   */
  static String[] baseRows() throws IOException {
    try (java.io.InputStream in = KvsfFuzzTest.class.getResourceAsStream("/fuzz-corpus/kvsf/rows.txt")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
    }
  }

  static Original original(String codecName, String[] lines) throws IOException {
    BinaryCodec codec = BinaryCodecs.forName(codecName);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    MutableTextDecoder d = new MutableTextDecoder(Schema.USER_VISITS);
    List<String> rows = new ArrayList<>();
    List<Integer> sizes = new ArrayList<>();
    DataOutputBuffer enc = new DataOutputBuffer();
    try (KvsfWriter w = new KvsfWriter(bytes, "mem", Schema.USER_VISITS, codec, PAGE)) {
      for (String l : lines) {
        byte[] b = l.getBytes(StandardCharsets.UTF_8);
        Row row = d.decodeLine(b, 0, b.length, "lines", 0);
        rows.add(FuzzReads.exactText(row));
        enc.reset();
        codec.encode(row, enc);
        sizes.add(enc.getLength());
        w.append(row);
      }
    }
    Original o = new Original(codecName, bytes.toByteArray());
    o.rows.addAll(rows);
    o.headerLength = (o.bytes[KvsfLayout.HEADER_LENGTH] & 0xff) << 8 | (o.bytes[KvsfLayout.HEADER_LENGTH + 1] & 0xff);
    // Records located from the documented layout: packed in order, a new page when one does not fit.
    int page = 0;
    int pos = KvsfLayout.PAGE_HEADER;
    for (int size : sizes) {
      if (pos + size > PAGE) {
        page++;
        pos = KvsfLayout.PAGE_HEADER;
      }
      long at = o.headerLength + (long) page * PAGE + pos;
      o.ranges.add(new long[] {at, at + size});
      pos += size;
    }
    o.pages = page + 1;
    assertEquals(o.bytes.length, o.headerLength + (long) page * PAGE + pos + KvsfLayout.TRAILER, "layout located");
    return o;
  }

  static Mutator mutator(Original o) {
    Mutator m = new Mutator(o.bytes);
    m.field("header length", KvsfLayout.HEADER_LENGTH, 2).field("page size", KvsfLayout.HEADER_PAGE_SIZE, 4)
        .field("file id", KvsfLayout.HEADER_FILE_ID, 8).field("version", KvsfLayout.HEADER_VERSION, 1)
        .field("schema name length", KvsfLayout.HEADER_NAMES, 1)
        .field("codec name length", KvsfLayout.HEADER_NAMES + 1 + o.bytes[KvsfLayout.HEADER_NAMES], 1);
    for (int k = 0; k < o.pages; k++) {
      int p = o.headerLength + k * PAGE;
      m.field("page " + k + " number", p + KvsfLayout.PAGE_NUMBER, 8)
          .field("page " + k + " first record number", p + KvsfLayout.PAGE_FIRST_RECORD_NUMBER, 8)
          .field("page " + k + " payload length", p + KvsfLayout.PAGE_PAYLOAD_LENGTH, 4)
          .field("page " + k + " record count", p + KvsfLayout.PAGE_RECORD_COUNT, 4)
          .field("page " + k + " first record offset", p + KvsfLayout.PAGE_FIRST_RECORD, 4)
          .field("page " + k + " last record offset", p + KvsfLayout.PAGE_LAST_RECORD, 4);
      m.cut(p).cut(p + KvsfLayout.PAGE_HEADER).cut(p + PAGE / 2);
      m.chunk(p, Math.min(p + PAGE, o.bytes.length - KvsfLayout.TRAILER));
    }
    int t = o.bytes.length - KvsfLayout.TRAILER;
    m.field("end marker page count", t + KvsfLayout.TRAILER_PAGE_COUNT, 8)
        .field("end marker record count", t + KvsfLayout.TRAILER_RECORD_COUNT, 8);
    m.cut(o.headerLength).cut(t).cut(KvsfLayout.HEADER_NAMES).cut(4);
    return m;
  }

  /**
   * Recomputes every checksum of {@code b} that its own header lets one find, from the documented
   * layout: header CRC32C, each page's CRC32C over the file id and bytes [4, 36 + payload), the end
   * marker's over the file id and its first 20 bytes.
   */
  static void fixChecksums(byte[] b) {
    if (b.length < KvsfLayout.HEADER_NAMES + 6) {
      return;
    }
    ByteBuffer bb = ByteBuffer.wrap(b);
    int hl = bb.getShort(KvsfLayout.HEADER_LENGTH) & 0xffff;
    if (hl < 8 || hl > b.length) {
      return;
    }
    bb.putInt(hl - 4, crc(null, b, 0, hl - 4));
    long id = bb.getLong(KvsfLayout.HEADER_FILE_ID);
    int pageSize = bb.getInt(KvsfLayout.HEADER_PAGE_SIZE);
    int end = b.length - KvsfLayout.TRAILER;
    if (pageSize >= KvsfLayout.MIN_PAGE_SIZE && end > hl) {
      for (long p = hl; p + KvsfLayout.PAGE_HEADER <= end; p += pageSize) {
        int payload = bb.getInt((int) p + KvsfLayout.PAGE_PAYLOAD_LENGTH);
        if (payload >= 0 && p + KvsfLayout.PAGE_HEADER + payload <= end) {
          bb.putInt((int) p, crc(id, b, (int) p + 4, KvsfLayout.PAGE_HEADER - 4 + payload));
        }
      }
    }
    if (end >= 0 && b[end] == 'K' && b[end + 1] == 'V' && b[end + 2] == 'S' && b[end + 3] == 'E') {
      bb.putInt(end + KvsfLayout.TRAILER_CRC, crc(id, b, end, KvsfLayout.TRAILER_CRC));
    }
  }

  private static int crc(Long id, byte[] b, int off, int len) {
    CRC32C c = new CRC32C();
    if (id != null) {
      c.update(ByteBuffer.allocate(8).putLong(0, id).array());
    }
    c.update(b, off, len);
    return (int) c.getValue();
  }

  @Test
  void intactFilesReadExactly() throws Exception {
    for (Original o : ORIGINALS) {
      Path f = FuzzReads.put(new File(work, "intact-" + o.codec), "data.kvsf", o.bytes);
      assertEquals(o.rows, FuzzReads.read(new UserVisitsKvsfInputFormat(), f.getParent(), FuzzReads.conf(false),
          3L * PAGE).rows, o.codec);
    }
  }

  @Test
  void fuzz() {
    List<Mutator> mutators = new ArrayList<>();
    for (Original o : ORIGINALS) {
      mutators.add(mutator(o));
    }
    File dir = new File(work, "case");
    FuzzRun run = new FuzzRun("kvsf", 19_0001L, 1500, 5_000, 64L << 20);
    run.run((i, r, input) -> {
      Original o = ORIGINALS.get(i % ORIGINALS.size());
      Mutator.Mutation m = mutators.get(i % ORIGINALS.size()).mutate(r);
      boolean fixed = r.nextInt(10) < 7;
      byte[] b = m.bytes;
      if (fixed) {
        fixChecksums(b);
      }
      boolean skip = r.nextInt(3) == 0;
      input.bytes = b;
      input.what = o.codec + ", " + m.what + (fixed ? ", checksums recomputed" : "") + (skip ? ", skipping" : "");
      return judge(o, m, fixed, skip, FuzzReads.put(dir, "data.kvsf", b));
    }).assertNoFailures();
  }

  /** Reads {@code f} (the mutated {@code o}) and judges the answer; returns the outcome's name. */
  static String judge(Original o, Mutator.Mutation m, boolean fixed, boolean skip, Path f) throws Exception {
    FuzzReads.Read got;
    try {
      got = FuzzReads.read(new UserVisitsKvsfInputFormat(), f.getParent(), FuzzReads.conf(skip), 3L * PAGE);
    } catch (IOException e) {
      FuzzReads.assertClear(e, f);
      return "error";
    }
    if (got.rows.equals(o.rows)) {
      if (got.rowsSkipped + got.pagesSkipped != 0) {
        throw new AssertionError("skips counted (" + got.rowsSkipped + " rows, " + got.pagesSkipped
            + " pages) but every row was read");
      }
      return "same rows";
    }
    // Records whose bytes the change touched may differ, if the checksums were recomputed over it.
    Set<Integer> forgeable = new HashSet<>();
    if (fixed && m.inPlace()) {
      for (int i = 0; i < o.ranges.size(); i++) {
        if (m.touches(o.ranges.get(i)[0], o.ranges.get(i)[1])) {
          forgeable.add(i);
        }
      }
    }
    int j = 0;
    int missing = 0;
    int forged = 0;
    for (String row : got.rows) {
      while (j < o.rows.size() && !row.equals(o.rows.get(j)) && !(forgeable.contains(j) && !skipAhead(o, row, j))) {
        if (!skip) {
          throw new AssertionError("wrong answer: row " + j + " is missing or replaced by " + row + "\nexpected " + o.rows.get(j));
        }
        missing++;
        j++;
      }
      if (j == o.rows.size()) {
        throw new AssertionError("wrong answer: a row not written: " + row);
      }
      if (!row.equals(o.rows.get(j))) {
        forged++;
      }
      j++;
    }
    missing += o.rows.size() - j;
    if (missing > 0 && !skip) {
      throw new AssertionError("wrong answer: " + missing + " rows missing without an error");
    }
    if (missing > 0 && got.rowsSkipped + got.pagesSkipped == 0) {
      throw new AssertionError("wrong answer: " + missing + " rows missing, no skip counted");
    }
    return (forged > 0 ? "forged value (valid checksums)" : "") + (missing > 0 ? (forged > 0 ? ", " : "") + "skip counted" : "");
  }

  /** Whether {@code row} equals a later original row (then the one at {@code j} was skipped, not forged). */
  private static boolean skipAhead(Original o, String row, int j) {
    return o.rows.subList(j + 1, o.rows.size()).contains(row);
  }

  static Random replay(long seed, int i) {
    return FuzzRun.caseRandom(seed, i);
  }
}
