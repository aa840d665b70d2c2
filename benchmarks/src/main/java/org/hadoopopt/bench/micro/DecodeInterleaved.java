package org.hadoopopt.bench.micro;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hadoopopt.bench.decode.DecoderKind;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.codec.RecordDecoder;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.pavlo.data.SampleRows;

/**
 * The decoding experiment measured side by side: round after round, each of the seven decoders
 * decodes the same rows once, and each keeps its fastest round. Interleaving exposes all decoders
 * to the same background load, which on a shared machine moves JMH's one-after-another numbers
 * more than the differences being measured. {@code DecodeInterleaved [ROUNDS]} (default 300).
 */
public final class DecodeInterleaved {
  /** Every decoded field is folded in here ({@link Touch}), so no decoder's output can be optimized away. */
  static volatile long sink;
  private static long sum;

  private DecodeInterleaved() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 300;
    System.out.println("Decoding " + DecodeBenchmark.RECORDS + " rows, interleaved, best of " + rounds
        + " rounds, ns/record (lower is better)");
    for (Schema schema : new Schema[] {Schema.RANKINGS, Schema.USER_VISITS}) {
      Map<DecoderKind, byte[]> inputs = inputs(schema);
      Map<DecoderKind, RecordDecoder<?>> decoders = new EnumMap<>(DecoderKind.class);
      Map<DecoderKind, Long> best = new EnumMap<>(DecoderKind.class);
      for (DecoderKind k : DecoderKind.values()) {
        decoders.put(k, k.newDecoder(schema));
        best.put(k, Long.MAX_VALUE);
      }
      for (int round = 0; round < rounds; round++) {
        for (DecoderKind k : DecoderKind.values()) {
          long t = decodeAll(decoders.get(k), inputs.get(k));
          if (round >= rounds / 5) { // the first fifth warms the JIT up
            best.put(k, Math.min(best.get(k), t));
          }
        }
      }
      sink = sum;
      System.out.println(schema.name() + ":");
      Map<DecoderKind, Double> ns = new EnumMap<>(DecoderKind.class);
      for (DecoderKind k : DecoderKind.values()) {
        ns.put(k, best.get(k) / (double) DecodeBenchmark.RECORDS);
        System.out.printf(Locale.ROOT, "  %-20s %10.1f%n", k, ns.get(k));
      }
      DecodeBenchmarkMain.printRatios(ns);
    }
  }

  private static long decodeAll(RecordDecoder<?> d, byte[] input) throws Exception {
    long start = System.nanoTime();
    d.reset(input, 0, input.length, "bench", 0);
    long h = 0;
    for (Object r = d.next(); r != null; r = d.next()) {
      h += Touch.record(r);
    }
    sum += h;
    return System.nanoTime() - start;
  }

  static Map<DecoderKind, byte[]> inputs(Schema schema) throws Exception {
    String[] lines = schema == Schema.RANKINGS ? SampleRows.rankings(1, DecodeBenchmark.RECORDS)
        : SampleRows.userVisits(1, DecodeBenchmark.RECORDS);
    byte[] text = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
    List<Row> rows = new ArrayList<>();
    MutableTextDecoder parse = new MutableTextDecoder(schema);
    parse.reset(text, 0, text.length, schema.name(), 0);
    for (Row r = parse.next(); r != null; r = parse.next()) {
      Row copy = schema.newRow();
      copy.copyFrom(r);
      rows.add(copy);
    }
    Map<DecoderKind, byte[]> inputs = new EnumMap<>(DecoderKind.class);
    for (DecoderKind k : DecoderKind.values()) {
      inputs.put(k, k.format() == DecoderKind.Format.TEXT ? text : DecoderKind.encode(k.format(), rows));
    }
    return inputs;
  }
}
