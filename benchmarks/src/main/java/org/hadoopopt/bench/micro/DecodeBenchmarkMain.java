package org.hadoopopt.bench.micro;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.hadoopopt.bench.decode.DecoderKind;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs {@link DecodeBenchmark} and prints ns/record per decoder, the immutable/mutable ratio per
 * format and how mutable text compares with the fastest binary decoder. Arguments are JMH's
 * (e.g. {@code -wi 4 -i 3 -p table=uservisits}), plus {@code --rounds N}: instead of one JMH run
 * that measures the decoders one after another, N rounds in each of which every (table, decoder)
 * pair gets its own JMH run (own fork), so that slow drifts of the background load hit all
 * decoders alike.
 *
 * <p>The benchmark samples single invocations (1,000 records each, well within a scheduler time
 * slice); the figure per decoder is the median sample, which a loaded machine's preemptions (a
 * minority of the samples, but ones that inflate an average many times) leave alone. With
 * several rounds, the median of the rounds' medians.
 */
public final class DecodeBenchmarkMain {
  private DecodeBenchmarkMain() {}

  public static void main(String[] args) throws Exception {
    int rounds = 0;
    List<String> jmh = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--rounds") && i + 1 < args.length) {
        rounds = Integer.parseInt(args[++i]);
      } else {
        jmh.add(args[i]);
      }
    }
    CommandLineOptions cli = new CommandLineOptions(jmh.toArray(new String[0]));
    String include = DecodeBenchmark.class.getName() + ".decode";
    // table -> decoder -> per run: the median sample; and the fastest sample
    Map<String, Map<DecoderKind, List<Double>>> best = new TreeMap<>();
    Map<String, Map<DecoderKind, List<Double>>> fastest = new TreeMap<>();
    if (rounds <= 0) {
      for (RunResult r : new Runner(new OptionsBuilder().parent(cli).include(include).build()).run()) {
        add(best, fastest, r);
      }
    } else {
      Collection<String> tables = cli.getParameter("table").orElse(Arrays.asList("rankings", "uservisits"));
      Collection<String> decoders = cli.getParameter("decoder").orElse(names());
      for (int round = 1; round <= rounds; round++) {
        for (String table : tables) {
          for (String decoder : decoders) {
            ChainedOptionsBuilder o = new OptionsBuilder().parent(cli).include(include).param("table", table).param("decoder", decoder);
            if (!cli.verbosity().hasValue()) {
              o.verbosity(VerboseMode.SILENT);
            }
            RunResult r = new Runner(o.build()).runSingle();
            add(best, fastest, r);
            System.out.printf(Locale.ROOT, "round %d/%d  %-10s %-20s median %10.1f ns/record%n", round, rounds, table,
                decoder, r.getPrimaryResult().getStatistics().getPercentile(50));
          }
        }
      }
    }
    System.out.println();
    System.out.println("Decoding, ns/record (lower is better): median sample (median over runs); fastest sample of all runs");
    for (Map.Entry<String, Map<DecoderKind, List<Double>>> e : best.entrySet()) {
      System.out.println(e.getKey() + ":");
      Map<DecoderKind, Double> median = new EnumMap<>(DecoderKind.class);
      Map<DecoderKind, Double> fast = new EnumMap<>(DecoderKind.class);
      for (Map.Entry<DecoderKind, List<Double>> d : e.getValue().entrySet()) {
        List<Double> v = new ArrayList<>(d.getValue());
        Collections.sort(v);
        median.put(d.getKey(), v.size() % 2 == 1 ? v.get(v.size() / 2) : (v.get(v.size() / 2 - 1) + v.get(v.size() / 2)) / 2);
        fast.put(d.getKey(), Collections.min(fastest.get(e.getKey()).get(d.getKey())));
        System.out.printf(Locale.ROOT, "  %-20s %10.1f %10.1f%n", d.getKey(), median.get(d.getKey()), fast.get(d.getKey()));
      }
      System.out.println(" ratios of the medians:");
      printRatios(median);
      System.out.println(" ratios of the fastest samples:");
      printRatios(fast);
    }
  }

  private static List<String> names() {
    List<String> n = new ArrayList<>();
    for (DecoderKind k : DecoderKind.values()) {
      n.add(k.name());
    }
    return n;
  }

  private static void add(Map<String, Map<DecoderKind, List<Double>>> median, Map<String, Map<DecoderKind, List<Double>>> fastest,
      RunResult r) {
    String table = r.getParams().getParam("table");
    DecoderKind kind = DecoderKind.valueOf(r.getParams().getParam("decoder"));
    median.computeIfAbsent(table, t -> new EnumMap<>(DecoderKind.class)).computeIfAbsent(kind, k -> new ArrayList<>())
        .add(r.getPrimaryResult().getStatistics().getPercentile(50));
    fastest.computeIfAbsent(table, t -> new EnumMap<>(DecoderKind.class)).computeIfAbsent(kind, k -> new ArrayList<>())
        .add(r.getPrimaryResult().getStatistics().getMin());
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
