package org.hadoopopt.bench.micro;

import java.util.Collection;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.hadoopopt.inputformats.codec.DecoderKind;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs {@link DecodeBenchmark} (JMH options on the command line, e.g. {@code -wi 2 -i 3 -p
 * table=uservisits}) and prints ns/record per decoder, the immutable/mutable ratio per format and
 * how mutable text compares with the fastest binary decoder.
 */
public final class DecodeBenchmarkMain {
  private DecodeBenchmarkMain() {}

  public static void main(String[] args) throws Exception {
    Options opts = new OptionsBuilder().parent(new CommandLineOptions(args))
        .include(DecodeBenchmark.class.getName() + ".decode").build();
    Collection<RunResult> results = new Runner(opts).run();
    // Ratios use each decoder's fastest iteration: on a shared machine other processes only ever
    // add time, so the minimum is the least disturbed estimate; the mean is printed beside it.
    Map<String, Map<DecoderKind, Double>> ns = new TreeMap<>();
    Map<String, Map<DecoderKind, Double>> mean = new TreeMap<>();
    for (RunResult r : results) {
      String table = r.getParams().getParam("table");
      DecoderKind kind = DecoderKind.valueOf(r.getParams().getParam("decoder"));
      ns.computeIfAbsent(table, t -> new EnumMap<>(DecoderKind.class)).put(kind, r.getPrimaryResult().getStatistics().getMin());
      mean.computeIfAbsent(table, t -> new EnumMap<>(DecoderKind.class)).put(kind, r.getPrimaryResult().getScore());
    }
    System.out.println();
    System.out.println("Decoding, ns/record (lower is better): best iteration, mean");
    for (Map.Entry<String, Map<DecoderKind, Double>> e : ns.entrySet()) {
      Map<DecoderKind, Double> t = e.getValue();
      System.out.println(e.getKey() + ":");
      for (Map.Entry<DecoderKind, Double> d : t.entrySet()) {
        System.out.printf(Locale.ROOT, "  %-20s %10.1f %10.1f%n", d.getKey(), d.getValue(), mean.get(e.getKey()).get(d.getKey()));
      }
      printRatios(t);
    }
  }

  /** Immutable/mutable per format, and mutable text against the fastest binary decoder. */
  static void printRatios(Map<DecoderKind, Double> t) {
    ratio(t, "text", DecoderKind.TEXT_IMMUTABLE, DecoderKind.TEXT_MUTABLE);
    ratio(t, "writable", DecoderKind.WRITABLE_IMMUTABLE, DecoderKind.WRITABLE_MUTABLE);
    ratio(t, "protobuf", DecoderKind.PROTOBUF_IMMUTABLE, DecoderKind.PROTOBUF_MUTABLE);
    DecoderKind fastest = null;
    for (Map.Entry<DecoderKind, Double> d : t.entrySet()) {
      if (d.getKey().format() != DecoderKind.Format.TEXT && (fastest == null || d.getValue() < t.get(fastest))) {
        fastest = d.getKey();
      }
    }
    if (fastest != null && t.containsKey(DecoderKind.TEXT_MUTABLE)) {
      System.out.printf(Locale.ROOT, "  mutable text / fastest binary (%s): %.2f%n", fastest,
          t.get(DecoderKind.TEXT_MUTABLE) / t.get(fastest));
    }
  }

  private static void ratio(Map<DecoderKind, Double> t, String format, DecoderKind immutable, DecoderKind mutable) {
    if (t.containsKey(immutable) && t.containsKey(mutable)) {
      System.out.printf(Locale.ROOT, "  %s: immutable / mutable = %.2fx%n", format, t.get(immutable) / t.get(mutable));
    }
  }
}
