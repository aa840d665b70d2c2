package org.hadoopopt.inputformats.fuzz;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import org.hadoopopt.testing.fuzz.FuzzRun;
import org.hadoopopt.testing.fuzz.Mutator;

/**
 * What the fuzz tests of our checksummed sidecars (range indexes, B+-tree sidecars) share: the rows
 * written with their int keys, the CRC32C recomputed over a mutation, and the corruption loop. Each
 * case writes a mutated sidecar (in most cases with its CRC recomputed), reads a random key range
 * and judges: a read that succeeds returns the range's rows exactly, unless the re-checksummed
 * sidecar differs only in what no reader can check (key bounds: then pruning may drop rows, and the
 * rows returned must still be rows of the range, in order, none twice); a failure is a clear error,
 * or a refusal at submission naming the file.
 */
final class SidecarFuzz {
  /** How one sidecar is read and what its test accepts. */
  interface Target {
    FuzzReads.Read read(int lo, int hi) throws IOException, InterruptedException;

    /** Asserts that the error of a failed read names the file and where ({@link FuzzReads#assertClear}). */
    void assertClear(IOException e);

    /** Whether a refusal at submission is the one for a sidecar of another table or column. */
    boolean isRefusal(IllegalArgumentException e);

    /** Whether {@code mutated} differs from the original only in the key bounds (CRC aside). */
    boolean onlyBoundsChanged(byte[] mutated);

    /** Checks made after each judged case; none by default. */
    default void afterCase(String outcome) throws Exception {}
  }

  /** The rows written, in file order (= key order), as the reads return them ({@link FuzzReads#exactText}). */
  final List<String> rows = new ArrayList<>();
  private final List<Integer> keys = new ArrayList<>();

  void add(String row, int key) {
    rows.add(row);
    keys.add(key);
  }

  /** The rows whose key is in lo..hi, in file order: computed from what was written. */
  List<String> expected(int lo, int hi) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      if (keys.get(i) >= lo && keys.get(i) <= hi) {
        out.add(rows.get(i));
      }
    }
    return out;
  }

  static void fixCrc(byte[] b) {
    if (b.length >= 4) {
      CRC32C c = new CRC32C();
      c.update(b, 0, b.length - 4);
      ByteBuffer.wrap(b).putInt(b.length - 4, (int) c.getValue());
    }
  }

  /**
   * Runs {@code run}'s cases against {@code sidecar} (whose bytes are {@code original}), ranges
   * {@code lo = 0..99}, {@code hi = lo + 0..maxSpan-1}; restores the sidecar and fails on any failed case.
   */
  void fuzz(FuzzRun run, Mutator mutator, File sidecar, byte[] original, int maxSpan, Target target) {
    run.run((i, r, input) -> {
      Mutator.Mutation m = mutator.mutate(r);
      boolean fixed = r.nextInt(10) < 8;
      if (fixed) {
        fixCrc(m.bytes);
      }
      int lo = r.nextInt(100);
      int hi = lo + r.nextInt(maxSpan);
      input.bytes = m.bytes;
      input.what = m.what + (fixed ? ", CRC recomputed" : "") + ", key " + lo + ".." + hi;
      Files.write(sidecar.toPath(), m.bytes);
      String outcome = judge(target, m.bytes, fixed, lo, hi);
      target.afterCase(outcome);
      return outcome;
    });
    try {
      Files.write(sidecar.toPath(), original);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    run.assertNoFailures();
  }

  private String judge(Target target, byte[] mutated, boolean fixed, int lo, int hi) throws Exception {
    List<String> want = expected(lo, hi);
    FuzzReads.Read got;
    try {
      got = target.read(lo, hi);
    } catch (IOException e) {
      target.assertClear(e);
      return "error";
    } catch (IllegalArgumentException e) {
      if (!target.isRefusal(e)) {
        throw e;
      }
      return "refused: another table or column";
    }
    if (got.rows.equals(want)) {
      return "same rows";
    }
    int j = 0;
    for (String row : got.rows) {
      while (j < want.size() && !want.get(j).equals(row)) {
        j++;
      }
      if (j == want.size()) {
        throw new AssertionError("wrong answer: " + row + " is not a row of the range, or out of order");
      }
      j++;
    }
    if (!fixed || !target.onlyBoundsChanged(mutated)) {
      throw new AssertionError("wrong answer: " + got.rows.size() + " rows of " + want.size() + " without an error");
    }
    return "forged key bounds (valid CRC): pruned";
  }
}
