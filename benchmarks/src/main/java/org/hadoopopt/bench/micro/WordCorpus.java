package org.hadoopopt.bench.micro;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * WordCount's input: lines of 8-16 words drawn from a fixed dictionary of 20,000 lowercase
 * pseudo-words with a skewed (roughly Zipf) frequency, as natural text has; deterministic per seed.
 */
final class WordCorpus {
  static final int DICTIONARY = 20_000;

  private WordCorpus() {}

  /** Writes {@code files} files of about {@code bytes} in total under {@code dir}; returns the words written. */
  static long write(FileSystem fs, Path dir, long bytes, int files, long seed) throws IOException {
    String[] dict = dictionary();
    SplittableRandom rnd = new SplittableRandom(seed);
    long words = 0;
    for (int f = 0; f < files; f++) {
      long target = bytes / files;
      try (OutputStream out = new BufferedOutputStream(fs.create(new Path(dir, "part-" + f), true), 1 << 16)) {
        long written = 0;
        StringBuilder line = new StringBuilder(200);
        while (written < target) {
          line.setLength(0);
          int n = 8 + rnd.nextInt(9);
          for (int i = 0; i < n; i++) {
            if (i > 0) {
              line.append(' ');
            }
            line.append(dict[skewed(rnd)]);
          }
          line.append('\n');
          byte[] b = line.toString().getBytes(StandardCharsets.US_ASCII);
          out.write(b);
          written += b.length;
          words += n;
        }
      }
    }
    return words;
  }

  /** An index biased to small values: the square of a uniform draw, so rank i has frequency ~ 1/sqrt(i). */
  private static int skewed(SplittableRandom rnd) {
    double u = rnd.nextDouble();
    return (int) (u * u * DICTIONARY);
  }

  static String[] dictionary() {
    SplittableRandom rnd = new SplittableRandom(20_000);
    String[] d = new String[DICTIONARY];
    for (int i = 0; i < d.length; i++) {
      StringBuilder w = new StringBuilder();
      int len = 3 + rnd.nextInt(8);
      for (int j = 0; j < len; j++) {
        w.append((char) ('a' + rnd.nextInt(26)));
      }
      d[i] = w.toString();
    }
    return d;
  }
}
