package org.hadoopopt.bench.micro;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hadoopopt.bench.decode.DecoderKind;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.codec.RecordDecoder;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.pavlo.data.SampleRows;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * The record-parsing experiment: decode {@value #RECORDS} in-memory Rankings or UserVisits records
 * with each of the seven decoders; the score is ns per record. The input of every decoder holds
 * the same rows, in that decoder's format, and every decoded field is read once ({@link Touch})
 * and consumed, so all decoders do the same work per record.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class DecodeBenchmark {
  public static final int RECORDS = 1_000;

  @Param({"rankings", "uservisits"})
  public String table;

  @Param({"TEXT_IMMUTABLE", "TEXT_MUTABLE", "WRITABLE_IMMUTABLE", "WRITABLE_MUTABLE", "PROTOBUF_IMMUTABLE",
      "PROTOBUF_MUTABLE", "TUPLE_MUTABLE"})
  public String decoder;

  private byte[] input;
  private RecordDecoder<?> dec;

  @Setup
  public void setUp() throws Exception {
    Schema schema = Schema.forName(table);
    String[] lines = schema == Schema.RANKINGS ? SampleRows.rankings(1, RECORDS) : SampleRows.userVisits(1, RECORDS);
    byte[] text = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
    List<Row> rows = new ArrayList<>();
    MutableTextDecoder parse = new MutableTextDecoder(schema);
    parse.reset(text, 0, text.length, table, 0);
    for (Row r = parse.next(); r != null; r = parse.next()) {
      Row copy = schema.newRow();
      copy.copyFrom(r);
      rows.add(copy);
    }
    DecoderKind kind = DecoderKind.valueOf(decoder);
    input = kind.format() == DecoderKind.Format.TEXT ? text : DecoderKind.encode(kind.format(), rows);
    dec = kind.newDecoder(schema);
  }

  @Benchmark
  @OperationsPerInvocation(RECORDS)
  public void decode(Blackhole bh) throws Exception {
    dec.reset(input, 0, input.length, table, 0);
    for (Object r = dec.next(); r != null; r = dec.next()) {
      bh.consume(Touch.record(r));
    }
  }
}
