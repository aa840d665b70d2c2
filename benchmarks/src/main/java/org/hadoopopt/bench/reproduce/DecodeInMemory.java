package org.hadoopopt.bench.reproduce;
import org.hadoopopt.bench.results.ExperimentArgs;
import org.hadoopopt.bench.results.Findings;
import org.hadoopopt.bench.results.Finding;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.hadoopopt.bench.micro.Touch;
import org.hadoopopt.bench.tools.Stats;
import org.hadoopopt.bench.decode.DecoderKind;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.codec.RecordDecoder;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.pavlo.data.SampleRows;

/**
 * Jiang et al.'s decoding experiment in its own setting: 512 MB of UserVisits records (as text;
 * the same rows in Writable and protobuf encodings) held in memory and decoded whole, immutable
 * (an object per field, as the baseline) against mutable (one reused record), so the allocation
 * and garbage collection an object per field costs show, unlike in the micro-benchmark's 1,000
 * cache-resident rows. Every decoded field is read once ({@link Touch}). Decoders alternate within
 * a round after an untimed warm-up pass each; per pass the time, the bytes the thread allocated
 * and the collectors' time are recorded.
 *
 * <p>Usage: {@code DecodeInMemory --findings FILE [--quick] [--mb M] [--rounds R]} (full: 512 MB,
 * 3 rounds; quick: 32 MB, 1 round).
 */
public final class DecodeInMemory {
  static final String PART = "decode-512m";
  /** The paper: a mutable decoder is faster than an immutable one by about a factor of 10. */
  static final double PAPER_FACTOR = JiangPaper.DECODE_FACTOR;
  static final DecoderKind.Format[] FORMATS = {DecoderKind.Format.TEXT, DecoderKind.Format.WRITABLE, DecoderKind.Format.PROTOBUF};
  private static final int CHUNK = 10_000;

  private DecodeInMemory() {}

  /** One decoder's passes. */
  static final class Passes {
    final List<Double> seconds = new ArrayList<>();
    final List<Long> allocated = new ArrayList<>();
    final List<Long> gcMillis = new ArrayList<>();
    long records;
  }

  /** What was measured: the input sizes, the row count and every decoder's passes. */
  static final class Result {
    final Map<DecoderKind.Format, Long> inputBytes = new LinkedHashMap<>();
    final Map<DecoderKind, Passes> passes = new LinkedHashMap<>();
    long rows;
    int rounds;
  }

  public static void main(String[] args) throws Exception {
    Options own = new Options();
    own.addOption(Option.builder().longOpt("mb").hasArg().build());
    own.addOption(Option.builder().longOpt("rounds").hasArg().build());
    ExperimentArgs a = ExperimentArgs.parse("DecodeInMemory", args, own);
    int mb = Integer.parseInt(a.line.getOptionValue("mb", a.quick ? "32" : "512"));
    int rounds = Integer.parseInt(a.line.getOptionValue("rounds", a.quick ? "1" : "3"));
    Result r = run(mb, rounds);
    Findings.write(a.findings, PART, findings(mb, r));
  }

  static Result run(int mb, int rounds) throws Exception {
    Result res = new Result();
    res.rounds = rounds;
    Map<DecoderKind.Format, byte[]> inputs = build((long) mb << 20, res);
    List<DecoderKind> kinds = new ArrayList<>();
    for (DecoderKind k : DecoderKind.values()) {
      if (Arrays.asList(FORMATS).contains(k.format())) {
        kinds.add(k);
        res.passes.put(k, new Passes());
      }
    }
    for (DecoderKind k : kinds) {
      pass(k, inputs.get(k.format()), null); // warm-up: JIT, and every input touched once
    }
    for (int round = 0; round < rounds; round++) {
      List<DecoderKind> order = new ArrayList<>(kinds);
      java.util.Collections.rotate(order, round); // a different decoder first each round
      for (DecoderKind k : order) {
        Passes p = res.passes.get(k);
        pass(k, inputs.get(k.format()), p);
        if (p.records != res.rows) {
          throw new IllegalStateException(k + " decoded " + p.records + " records, expected " + res.rows);
        }
        System.out.printf(Locale.ROOT, "round %d  %-20s %7.3f s  %6.1f ns/record  %6.1f bytes allocated/record  GC %d ms%n",
            round + 1, k, last(p.seconds), last(p.seconds) * 1e9 / p.records, (double) last(p.allocated) / p.records,
            last(p.gcMillis));
      }
    }
    return res;
  }

  /** UserVisits text of about {@code bytes}, and the same rows in each binary format. */
  static Map<DecoderKind.Format, byte[]> build(long bytes, Result res) throws Exception {
    // Chunks first, then one exact array per format, one format at a time: a growing buffer would
    // need twice the input for a moment, which a 512 MB input cannot afford three times over.
    Map<DecoderKind.Format, List<byte[]>> chunks = new LinkedHashMap<>();
    for (DecoderKind.Format f : FORMATS) {
      chunks.put(f, new ArrayList<>());
    }
    MutableTextDecoder parse = new MutableTextDecoder(Schema.USER_VISITS);
    long seed = 1;
    long textBytes = 0;
    while (textBytes < bytes) {
      byte[] text = (String.join("\n", SampleRows.userVisits(seed++, CHUNK)) + "\n").getBytes(StandardCharsets.UTF_8);
      List<Row> rows = new ArrayList<>(CHUNK);
      parse.reset(text, 0, text.length, "sample", 0);
      for (Row r = parse.next(); r != null; r = parse.next()) {
        Row copy = Schema.USER_VISITS.newRow();
        copy.copyFrom(r);
        rows.add(copy);
      }
      res.rows += rows.size();
      textBytes += text.length;
      chunks.get(DecoderKind.Format.TEXT).add(text);
      for (DecoderKind.Format f : FORMATS) {
        if (f != DecoderKind.Format.TEXT) {
          chunks.get(f).add(DecoderKind.encode(f, rows));
        }
      }
    }
    Map<DecoderKind.Format, byte[]> in = new LinkedHashMap<>();
    for (DecoderKind.Format f : FORMATS) {
      List<byte[]> parts = chunks.remove(f);
      long total = 0;
      for (byte[] b : parts) {
        total += b.length;
      }
      byte[] all = new byte[Math.toIntExact(total)];
      int at = 0;
      for (byte[] b : parts) {
        System.arraycopy(b, 0, all, at, b.length);
        at += b.length;
      }
      parts.clear();
      in.put(f, all);
      res.inputBytes.put(f, total);
    }
    System.gc(); // the builders' garbage is not charged to the first timed pass
    return in;
  }

  /** Decodes all of {@code input} with a fresh decoder of {@code kind}; records into {@code p} unless null. */
  static void pass(DecoderKind kind, byte[] input, Passes p) throws Exception {
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long tid = Thread.currentThread().getId();
    long gc0 = gcMillis();
    long a0 = threads.getThreadAllocatedBytes(tid);
    long t0 = System.nanoTime();
    RecordDecoder<?> dec = kind.newDecoder(Schema.USER_VISITS);
    dec.reset(input, 0, input.length, "memory", 0);
    long n = 0;
    long h = 0;
    for (Object r = dec.next(); r != null; r = dec.next()) {
      h += Touch.record(r);
      n++;
    }
    double sec = (System.nanoTime() - t0) / 1e9;
    long alloc = threads.getThreadAllocatedBytes(tid) - a0;
    long gc = gcMillis() - gc0;
    sink ^= h;
    if (p != null) {
      p.seconds.add(sec);
      p.allocated.add(alloc);
      p.gcMillis.add(gc);
      p.records = n;
    }
  }

  static volatile long sink;

  private static long gcMillis() {
    long t = 0;
    for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
      t += Math.max(0, b.getCollectionTime());
    }
    return t;
  }

  private static <T> T last(List<T> l) {
    return l.get(l.size() - 1);
  }

  /**
   * Per format the immutable decoder's median time over the mutable one's, beside the paper's
   * factor; the mutable decoders within a factor of two of each other; the share of the immutable
   * text decoder's time the mutable one does without, beside the paper's 80-90% of CPU time in
   * object creation.
   */
  static List<Finding> findings(int mb, Result r) {
    String paper = "section 5.7: a stand-alone program decoding about 512 MB of records held in memory (4M UserVisits,"
        + " 8M Rankings rows), text, Writable, protocol buffers 2.3.0, Berkeley DB JE 4.0.9 tuples; " + JiangPaper.ONE_NODE;
    List<Finding> f = new ArrayList<>();
    double fastest = Double.NaN;
    double slowest = Double.NaN;
    StringBuilder mutable = new StringBuilder();
    for (DecoderKind.Format format : FORMATS) {
      DecoderKind imm = DecoderKind.valueOf(format + "_IMMUTABLE");
      DecoderKind mut = DecoderKind.valueOf(format + "_MUTABLE");
      Passes pi = r.passes.get(imm);
      Passes pm = r.passes.get(mut);
      double ti = Stats.median(pi.seconds);
      double tm = Stats.median(pm.seconds);
      String name = format.name().toLowerCase(Locale.ROOT);
      f.add(Finding.of(PART, JiangPaper.PAPER, "mutable decoding beats immutable decoding by about 10x (" + name + ")")
          .paper(paper + ": mutable faster than immutable \"by a factor up to ten\", whatever the format", PAPER_FACTOR)
          .ours(String.format(Locale.ROOT, "%d MB of UserVisits text (%,d rows; %s %.0f MB), %d round(s): %s %.0f vs %.0f"
              + " ns/record", mb, r.rows, name, r.inputBytes.get(format) / 1048576.0, r.rounds, name,
              ti * 1e9 / r.rows, tm * 1e9 / r.rows), ti / tm)
          .unit("x").measured(String.format(Locale.ROOT, "allocated %.0f vs %.0f bytes/record, GC %d vs %d ms per pass"
              + " (medians)", median(pi.allocated) / r.rows, median(pm.allocated) / r.rows, (long) median(pi.gcMillis),
              (long) median(pm.gcMillis))));
      fastest = Double.isNaN(fastest) ? tm : Math.min(fastest, tm);
      slowest = Double.isNaN(slowest) ? tm : Math.max(slowest, tm);
      mutable.append(String.format(Locale.ROOT, "%s%s %.0f", mutable.length() == 0 ? "" : ", ", name, tm * 1e9 / r.rows));
    }
    f.add(Finding.of(PART, JiangPaper.PAPER, "the mutable decoders are within a factor of two of each other")
        .paperBelow(paper + ": the mutable text decoder and the three binary ones \"within a factor of two\"",
            JiangPaper.MUTABLE_TEXT_WITHIN)
        .ours(String.format(Locale.ROOT, "%d MB of UserVisits, mutable text, Writable and protocol buffers, %d round(s):"
            + " slowest over fastest", mb, r.rounds), slowest / fastest)
        .unit("x").measured("ns/record: " + mutable + " (JE tuples are not in this experiment)"));
    double ti = Stats.median(r.passes.get(DecoderKind.TEXT_IMMUTABLE).seconds);
    double tm = Stats.median(r.passes.get(DecoderKind.TEXT_MUTABLE).seconds);
    f.add(Finding.of(PART, JiangPaper.PAPER, "immutable decoding spends most of its time creating objects (text)")
        .paper(paper + ": profiling, immutable decoding \"spends 80~90% time on object creations\" (midpoint)",
            JiangPaper.mid(JiangPaper.OBJECT_CREATION_PERCENT_LOW, JiangPaper.OBJECT_CREATION_PERCENT_HIGH))
        .ours(String.format(Locale.ROOT, "%d MB of UserVisits text, %d round(s): the share of the immutable decoder's time"
            + " the mutable one does without (%.0f vs %.0f ns/record)", mb, r.rounds, ti * 1e9 / r.rows,
            tm * 1e9 / r.rows), 100 * (1 - tm / ti))
        .unit("%").measured("not a profile: the time the object per field and its conversions cost, from the two"
            + " decoders' difference; the allocation per record is in the text row"));
    return f;
  }

  private static double median(List<Long> v) {
    List<Double> d = new ArrayList<>();
    v.forEach(x -> d.add((double) x));
    return Stats.median(d);
  }
}
