package org.hadoopopt.bench.micro;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.hadoopopt.inputformats.codec.ByteSearch;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The pushed-down substring test on Grep rows: search {@value #ROWS} 90-byte fields (the Pavlo
 * alphabet A-W0-9, "XYZ" in one row in 10,000, as the generator writes them) for "XYZ", with the
 * readers' SWAR search ({@link ByteSearch#indexOf}), the first-and-last-byte SWAR variant
 * ({@link ByteSearch#indexOfFirstLast}) and a plain first-byte loop
 * ({@link ByteSearch#indexOfPlain}); the score is ns per row. Run:
 * {@code java -cp BENCH_JAR:INPUTFORMATS_JAR:JMH org.hadoopopt.bench.micro.SubstringSearchBenchmark [-wi 3 -i 5]}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SubstringSearchBenchmark {
  public static final int ROWS = 10_000;
  private static final int FIELD = 90;
  private static final byte[] ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVW0123456789".getBytes(StandardCharsets.US_ASCII);

  /** The pattern: the benchmark's XYZ (first byte never in the alphabet), one whose first byte is common, a longer one. */
  @Param({"XYZ", "A0Z", "XYZXYZXYZ"})
  public String pattern;

  private byte[] rows;
  private byte[] p;

  @Setup
  public void setUp() {
    p = pattern.getBytes(StandardCharsets.US_ASCII);
    rows = new byte[ROWS * FIELD];
    SplittableRandom r = new SplittableRandom(42);
    for (int i = 0; i < rows.length; i++) {
      rows[i] = ALPHABET[r.nextInt(ALPHABET.length)];
    }
    System.arraycopy(p, 0, rows, 5000 * FIELD + 40, p.length); // the one matching row
  }

  @Benchmark
  @OperationsPerInvocation(ROWS)
  public int swar() {
    int found = 0;
    for (int off = 0; off < rows.length; off += FIELD) {
      found += ByteSearch.indexOf(rows, off, off + FIELD, p) >= 0 ? 1 : 0;
    }
    return found;
  }

  @Benchmark
  @OperationsPerInvocation(ROWS)
  public int swarFirstLast() {
    int found = 0;
    for (int off = 0; off < rows.length; off += FIELD) {
      found += ByteSearch.indexOfFirstLast(rows, off, off + FIELD, p) >= 0 ? 1 : 0;
    }
    return found;
  }

  @Benchmark
  @OperationsPerInvocation(ROWS)
  public int plain() {
    int found = 0;
    for (int off = 0; off < rows.length; off += FIELD) {
      found += ByteSearch.indexOfPlain(rows, off, off + FIELD, p) >= 0 ? 1 : 0;
    }
    return found;
  }

  public static void main(String[] args) throws Exception {
    new Runner(new OptionsBuilder().parent(new org.openjdk.jmh.runner.options.CommandLineOptions(args))
        .include(SubstringSearchBenchmark.class.getName()).build()).run();
  }
}
