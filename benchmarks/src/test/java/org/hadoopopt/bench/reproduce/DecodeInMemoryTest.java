package org.hadoopopt.bench.reproduce;
import org.hadoopopt.bench.results.Verdict;
import org.hadoopopt.bench.results.Finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.hadoopopt.bench.tools.Stats;
import org.hadoopopt.bench.decode.DecoderKind;
import org.hadoopopt.testing.VersionNeutral;
import org.junit.jupiter.api.Test;

/**
 * The in-memory decoding experiment at 1 MB, one round: every decoder decodes every row built, the
 * immutable decoders allocate more per record than the mutable ones (what the experiment is
 * about), and each finding's figure is the ratio of the measured median times.
 */
@VersionNeutral
class DecodeInMemoryTest {
  @Test
  void decodesEveryRowAndReportsTheMeasuredFactors() throws Exception {
    DecodeInMemory.Result r = DecodeInMemory.run(1, 1);
    assertTrue(r.rows > 5_000, "rows " + r.rows);
    assertTrue(r.inputBytes.get(DecoderKind.Format.TEXT) >= 1 << 20);
    assertEquals(6, r.passes.size());
    r.passes.forEach((k, p) -> {
      assertEquals(r.rows, p.records, k.name());
      assertEquals(1, p.seconds.size(), k.name());
    });
    for (DecoderKind.Format f : DecodeInMemory.FORMATS) {
      long imm = r.passes.get(DecoderKind.valueOf(f + "_IMMUTABLE")).allocated.get(0);
      long mut = r.passes.get(DecoderKind.valueOf(f + "_MUTABLE")).allocated.get(0);
      assertTrue(imm > 2 * mut && imm > 50 * r.rows, f + ": immutable allocated " + imm + ", mutable " + mut);
    }
    List<Finding> findings = DecodeInMemory.findings(1, r);
    assertEquals(5, findings.size());
    for (int i = 0; i < 3; i++) {
      DecoderKind.Format f = DecodeInMemory.FORMATS[i];
      double want = Stats.median(r.passes.get(DecoderKind.valueOf(f + "_IMMUTABLE")).seconds)
          / Stats.median(r.passes.get(DecoderKind.valueOf(f + "_MUTABLE")).seconds);
      assertEquals(want, findings.get(i).ourFigure, 1e-12);
      assertEquals(DecodeInMemory.PAPER_FACTOR, findings.get(i).paperFigure, 0);
      assertTrue(findings.get(i).verdict != Verdict.NOT_REPRODUCIBLE);
    }
    double[] mutable = new double[3];
    for (int i = 0; i < 3; i++) {
      mutable[i] = Stats.median(r.passes.get(DecoderKind.valueOf(DecodeInMemory.FORMATS[i] + "_MUTABLE")).seconds);
    }
    java.util.Arrays.sort(mutable);
    Finding within = findings.get(3);
    assertEquals(Verdict.BELOW, within.paperBound);
    assertEquals(mutable[2] / mutable[0], within.ourFigure, 1e-12);
    Finding share = findings.get(4);
    double ti = Stats.median(r.passes.get(DecoderKind.TEXT_IMMUTABLE).seconds);
    double tm = Stats.median(r.passes.get(DecoderKind.TEXT_MUTABLE).seconds);
    assertEquals(100 * (1 - tm / ti), share.ourFigure, 1e-9);
    assertEquals(85, share.paperFigure, 0);
  }
}
