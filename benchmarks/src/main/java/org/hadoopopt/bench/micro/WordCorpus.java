package org.hadoopopt.bench.micro;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * WordCount's input: lines of 8-16 words drawn from a fixed dictionary of lowercase pseudo-words
 * (20,000 by default) with a skewed (roughly Zipf) frequency, as natural text has; deterministic per seed.
 */
public final class WordCorpus {
  static final int DICTIONARY = 20_000;

  private WordCorpus() {}

  /** Writes {@code files} files of about {@code bytes} in total under {@code dir}; returns the words written. */
  static long write(FileSystem fs, Path dir, long bytes, int files, long seed) throws IOException {
    return write(fs, dir, bytes, files, seed, DICTIONARY);
  }

  /**
   * As {@link #write(FileSystem, Path, long, int, long)} with a dictionary of {@code words} words
   * (the same words for the same size); files are named {@code part-N}.
   */
  public static long write(FileSystem fs, Path dir, long bytes, int files, long seed, int words) throws IOException {
    String[] dict = dictionary(words);
    int size = dict.length;
    SplittableRandom rnd = new SplittableRandom(seed);
    long written = 0;
    for (int f = 0; f < files; f++) {
      long target = bytes / files;
      try (OutputStream out = new BufferedOutputStream(fs.create(new Path(dir, "part-" + f), true), 1 << 16)) {
        long fileBytes = 0;
        StringBuilder line = new StringBuilder(200);
        while (fileBytes < target) {
          line.setLength(0);
          int n = 8 + rnd.nextInt(9);
          for (int i = 0; i < n; i++) {
            if (i > 0) {
              line.append(' ');
            }
            line.append(dict[skewed(rnd, size)]);
          }
          line.append('\n');
          byte[] b = line.toString().getBytes(StandardCharsets.US_ASCII);
          out.write(b);
          fileBytes += b.length;
          written += n;
        }
      }
    }
    return written;
  }

  /** An index biased to small values: the square of a uniform draw, so rank i has frequency ~ 1/sqrt(i). */
  private static int skewed(SplittableRandom rnd, int size) {
    double u = rnd.nextDouble();
    return (int) (u * u * size);
  }

  static String[] dictionary() {
    return dictionary(DICTIONARY);
  }

  /** {@code size} distinct-enough pseudo-words of 3-10 letters, the same for the same size. */
  public static String[] dictionary(int size) {
    SplittableRandom rnd = new SplittableRandom(size);
    String[] d = new String[size];
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
