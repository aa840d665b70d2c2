package org.hadoopopt.bench.reproduce;
import org.hadoopopt.bench.results.ExperimentArgs;
import org.hadoopopt.bench.results.Findings;
import org.hadoopopt.bench.results.Finding;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.hadoopopt.bench.micro.WordCorpus;

/**
 * Lai et al.'s jobs their way: word count, grep and inverted index (C++ programs) over many files
 * of words from a 10,000-word vocabulary, the inverted index across the files as documents;
 * Streaming through pipes and through shm, alternated, on the LocalJobRunner with two map slots.
 * Every answer is checked: pipes and shm byte-equal, word count's total the words written, grep's
 * lines an independent count, the inverted index naming every document.
 *
 * <p>Usage: {@code LaiShmJobs --findings FILE [--quick] [--native DIR] [--mb MB] [--files N] [--rounds N] [--work DIR]}
 */
public final class LaiShmJobs {
  static final String PART = "lai-shm-jobs";
  /** A substring in about one line in 40 of the corpus: grep's output is small, as in the paper's grep. */
  static final String PATTERN = "qz";
  /** Section V-B: ShmStreaming's improvement over Streaming through pipes, per job, in percent. */
  static final double WORDCOUNT_PERCENT = 24;
  static final double GREP_PERCENT = 24;
  static final double INVERTED_INDEX_PERCENT = 22;
  private static final String PAPER_DATA = "4-20 GB of 10-20 words a line from the 10,000 most used English words"
      + " (inverted index: files of 64 MB)";

  private LaiShmJobs() {}

  public static void main(String[] args) throws Exception {
    Options own = LaiShm.options();
    own.addOption(Option.builder().longOpt("files").hasArg().argName("N").desc("input files (documents)").build());
    ExperimentArgs a = ExperimentArgs.parse("LaiShmJobs", args, own);
    List<Finding> findings;
    try (LaiShm x = new LaiShm(a)) {
      findings = run(x, LaiShm.mb(a, 8, 256), Integer.parseInt(a.line.getOptionValue("files", a.quick ? "4" : "64")));
    }
    Findings.write(a.findings, PART, findings);
  }

  static List<Finding> run(LaiShm x, long bytes, int files) throws Exception {
    Path in = x.work.resolve("docs");
    Files.createDirectories(in);
    long words = WordCorpus.write(FileSystem.getLocal(new Configuration()), new org.apache.hadoop.fs.Path(in.toUri()),
        bytes, files, 7, LaiShm.VOCABULARY);
    long grepLines = countLines(in, PATTERN);
    x.runs.set("mapreduce.local.map.tasks.maximum", "2"); // two map slots, as the machine has two cores
    x.warmUp(bytes);
    String setting = String.format(Locale.ROOT, "%.1f MB in %d files of %.1f MB, %,d-word vocabulary, rounds: %d,"
        + " LocalJobRunner, 2 map slots", bytes / 1048576.0, files, bytes / 1048576.0 / files, LaiShm.VOCABULARY, x.rounds);
    List<LaiShm.Channel> variants = Arrays.asList(LaiShm.Channel.pipes(), LaiShm.Channel.shm("shm", null, null));
    List<Finding> out = new ArrayList<>();

    LaiShm.Medians wc = x.alternate("wordcount", variants, in, x.program("wordcount", "map"),
        x.program("wordcount", "reduce"), 1);
    long counted = sumCounts(wc.output);
    if (counted != words) {
      throw new IllegalStateException("word count: the counts add up to " + counted + ", but " + words + " words were written");
    }
    out.add(finding("word count", WORDCOUNT_PERCENT, wc, setting, counted + " words counted, as written"));

    LaiShm.Medians grep = x.alternate("grep", variants, in, x.program("grep", PATTERN), null, 0);
    long lines = lineCount(grep.output);
    if (lines != grepLines) {
      throw new IllegalStateException("grep: " + lines + " lines out, but " + grepLines + " input lines contain " + PATTERN);
    }
    out.add(finding("grep", GREP_PERCENT, grep, setting, lines + " matching lines, as counted independently"));

    LaiShm.Medians ii = x.alternate("inverted index", variants, in, x.program("invindex", "map"),
        x.program("invindex", "reduce"), 1);
    int docs = documents(ii.output);
    if (docs != files) {
      throw new IllegalStateException("inverted index: " + docs + " documents named, but there are " + files);
    }
    out.add(finding("inverted index", INVERTED_INDEX_PERCENT, ii, setting, "across " + docs + " documents"));
    return out;
  }

  private static Finding finding(String task, double paperPercent, LaiShm.Medians m, String setting, String check) {
    double ratio = m.ratio("shm");
    String ours = String.format(Locale.ROOT, "%s; pipes %.2f s, shm %.2f s (medians)", setting, m.wall.get("pipes"),
        m.wall.get("shm"));
    String remark = String.format(Locale.ROOT, "%s; CPU pipes/shm %.2f; %s", LaiShm.verdictOnPipes(ratio),
        m.cpuRatio("shm"), check);
    System.out.printf(Locale.ROOT, "FINDING %-16s pipes/shm %.3f  (%s)%n", task, ratio, remark);
    return Finding.of(PART, LaiShm.PAPER, task + ": Streaming over shm beats pipes")
        .paper(String.format(Locale.ROOT, "section V-B (Figure 4): %s %.0f%% faster than Streaming over pipes (abstract:"
            + " 20-30%%); %s; %s", task, paperPercent, PAPER_DATA, LaiShm.PAPER_CLUSTER), LaiShm.fromPercent(paperPercent))
        .ours(ours, ratio).unit("x").measured(remark);
  }

  /** Lines of the input files containing {@code pattern}: grep's answer, computed here. */
  static long countLines(Path dir, String pattern) throws IOException {
    long n = 0;
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files.filter(p -> p.getFileName().toString().startsWith("part-"))::iterator) {
        try (BufferedReader r = Files.newBufferedReader(f, StandardCharsets.US_ASCII)) {
          for (String line = r.readLine(); line != null; line = r.readLine()) {
            if (line.contains(pattern)) {
              n++;
            }
          }
        }
      }
    }
    return n;
  }

  /** The number of lines (newline bytes) in a job's output. */
  static long lineCount(byte[] output) {
    long n = 0;
    for (byte b : output) {
      if (b == '\n') {
        n++;
      }
    }
    return n;
  }

  /** The sum of word count's counts (word TAB count lines). */
  static long sumCounts(byte[] output) {
    long sum = 0;
    for (String line : new String(output, StandardCharsets.US_ASCII).split("\n")) {
      if (!line.isEmpty()) {
        sum += Long.parseLong(line.substring(line.lastIndexOf('\t') + 1).trim());
      }
    }
    return sum;
  }

  /** The distinct documents the inverted index names (word TAB doc1,doc2,... lines). */
  static int documents(byte[] output) {
    Set<String> docs = new HashSet<>();
    for (String line : new String(output, StandardCharsets.US_ASCII).split("\n")) {
      int tab = line.indexOf('\t');
      if (tab >= 0) {
        docs.addAll(Arrays.asList(line.substring(tab + 1).trim().split(",")));
      }
    }
    return docs.size();
  }
}
