package org.hadoopopt.bench.micro;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.tools.Jobs;
import org.hadoopopt.bench.pavlo.HadoopOptKeys;
import org.hadoopopt.bench.results.Answer;

/**
 * WordCount from Hadoop's examples jar (its mapper, combiner and reducer classes, the job set up as
 * its {@code main} does) on a generated corpus: stock, with the fingerprint collector in prefix mode
 * ({@code fp}) and in hash mode with its comparator ({@code fph}), and with the hash-grouping collector
 * ({@code hash}), alternated. Every run's output must equal the first stock run's: byte for byte
 * (stock, fp, hash), or as a sorted set of lines (fph groups keys
 * without ordering them); and the counts must add up to the words the generator wrote.
 *
 * <p>{@code wordcount [--input-size 256m] [--variants stock,fp,fph,hash] [--rounds R] [--out FILE.json] WORK}
 */
public final class WordCountBench extends MicroTool {
  /** Bytes of generated text (two files). Default {@code 256m}. */
  public static final String INPUT_SIZE = "hadoopopt.bench.wordcount.input.bytes";
  /** Comma-separated subset of {@code stock,fp,fph,hash}; stock is always run. Default {@code stock,fp,fph,hash}. */
  public static final String VARIANTS = "hadoopopt.bench.wordcount.variants";

  private static final String USAGE = "wordcount [--input-size 256m] [--variants stock,fp,fph,hash] [--rounds R]"
      + " [--out FILE.json] WORK";

  public WordCountBench() {
    super("wordcount", USAGE, WordCountBench::measure, "input-size", INPUT_SIZE, "variants", VARIANTS);
    needs("WordCount", ExampleTools.WORD_COUNT, ExampleTools.EXAMPLES_JAR);
  }

  public static void setInputSize(Configuration conf, long bytes) {
    conf.set(INPUT_SIZE, Long.toString(bytes));
  }

  public static void setVariants(Configuration conf, String... variants) {
    conf.set(VARIANTS, String.join(",", variants));
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new WordCountBench(), args));
  }


  static List<String> variants(Configuration conf) {
    List<String> vs = new ArrayList<>();
    vs.add("stock");
    for (String v : conf.getTrimmedStrings(VARIANTS, "stock", "fp", "fph", "hash")) {
      if (!Arrays.asList("stock", "fp", "fph", "hash").contains(v)) {
        throw new IllegalArgumentException(VARIANTS + ": unknown variant '" + v + "' (stock, fp, fph or hash)");
      }
      if (!vs.contains(v)) {
        vs.add(v);
      }
    }
    return vs;
  }

  static MicroResult measure(Configuration conf, Path base) throws Exception {
    long bytes = MicroOptions.parseSize(INPUT_SIZE, conf.getTrimmed(INPUT_SIZE, "256m"));
    List<String> variants = variants(conf);
    int rounds = MicroOptions.rounds(conf);
    MicroResult result = new MicroResult("wordcount", "WordCount (examples jar), " + MicroOptions.formatSize(bytes)
        + " of generated text; job wall time", "s", "stock");
    String fpMissing = HadoopOptKeys.missing(HadoopOptKeys.FINGERPRINT_COLLECTOR, "mapred-fingerprint jar");
    if (fpMissing != null) {
      variants.removeIf(v -> !v.equals("stock"));
      result.note("skipped fp, fph, hash: " + fpMissing);
    } else if (HadoopOptKeys.missing(HadoopOptKeys.HASH_GROUP_COLLECTOR, "mapred-fingerprint jar") != null) {
      variants.remove("hash");
      result.note("skipped hash: the mapred-fingerprint jar has no hash-grouping collector");
    }
    FileSystem fs = base.getFileSystem(conf);
    Path in = new Path(base, "in");
    fs.delete(base, true);
    long t0 = System.nanoTime();
    long words = WordCorpus.write(fs, in, bytes, 2, 42);
    System.err.printf(Locale.ROOT, "[wordcount] wrote %s (%,d words) in %.1f s%n", in, words, Rounds.since(t0));
    String[] reference = new String[1]; // the first stock run's output digest
    Rounds.run(variants, rounds, result, (v, r) -> {
      Configuration c = new Configuration(conf);
      if (v.equals("hash")) {
        HadoopOptKeys.hashGroup(c);
      } else if (!v.equals("stock")) {
        HadoopOptKeys.fingerprint(c, v.equals("fph"));
      }
      Path out = new Path(base, "out-" + v + "-" + r);
      Job job = job(c, in, out);
      long start = System.nanoTime();
      Jobs.run(job);
      double s = Rounds.since(start);
      List<String> lines = lines(fs, out);
      long total = 0;
      for (String l : lines) {
        total += Long.parseLong(l.substring(l.indexOf('\t') + 1));
      }
      if (total != words) {
        throw new IllegalStateException("WordCount " + v + ": the counts add up to " + total + ", the input has " + words);
      }
      if (!v.equals("fph")) {
        String digest = Answer.digest(lines);
        if (reference[0] == null && v.equals("stock")) {
          reference[0] = digest;
        } else if (reference[0] != null && !reference[0].equals(digest)) {
          throw new IllegalStateException("WordCount " + v + ": output differs from stock's (SHA-256 " + digest
              + " vs " + reference[0] + ")");
        }
      }
      List<String> sorted = new ArrayList<>(lines);
      Collections.sort(sorted);
      result.row(v).extra("outputSortedSha256", Answer.digest(sorted)).extra("outputLines", lines.size());
      if (v.equals("hash")) {
        result.row(v).extra("recordsHashed", HadoopOptKeys.recordsHashed(job.getCounters()));
      } else if (!v.equals("stock")) {
        result.row(v).extra("fingerprintRecordsSorted", HadoopOptKeys.fingerprintRecordsSorted(job.getCounters()));
      }
      fs.delete(out, true);
      return s;
    }, (v, r, s) -> System.err.printf(Locale.ROOT, "[wordcount] round %d/%d  %-6s %8.2f s%n", r + 1, rounds, v, s));
    checkSortedDigests(result);
    result.note("stock, fp and hash outputs byte-equal in every round; fph equal as sorted lines; counts sum to the "
        + words + " words written");
    return result;
  }

  /** Every variant's sorted output is the same set of lines (fph included). */
  private static void checkSortedDigests(MicroResult result) {
    Object first = null;
    for (MicroResult.Row r : result.rows()) {
      Object d = r.extras().get("outputSortedSha256");
      if (first == null) {
        first = d;
      } else if (!first.equals(d)) {
        throw new IllegalStateException("WordCount " + r.configuration() + ": sorted output differs from stock's");
      }
    }
  }

  /** The job as the examples' WordCount.main sets it up, from that jar's classes. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static Job job(Configuration conf, Path in, Path out) throws Exception {
    Class<?> wc = ExampleTools.load(ExampleTools.WORD_COUNT);
    Class<? extends Mapper> mapper = (Class<? extends Mapper>) ExampleTools.load(ExampleTools.WORD_COUNT + "$TokenizerMapper");
    Class<? extends Reducer> sum = (Class<? extends Reducer>) ExampleTools.load(ExampleTools.WORD_COUNT + "$IntSumReducer");
    Job job = Job.getInstance(conf, "word count");
    job.setJarByClass(wc);
    job.setMapperClass(mapper);
    job.setCombinerClass(sum);
    job.setReducerClass(sum);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(IntWritable.class);
    FileInputFormat.addInputPath(job, in);
    FileOutputFormat.setOutputPath(job, out);
    return job;
  }

  /** The lines of the part files, in file name order. */
  static List<String> lines(FileSystem fs, Path dir) throws Exception {
    List<String> out = new ArrayList<>();
    FileStatus[] parts = fs.listStatus(dir, p -> p.getName().startsWith("part-"));
    Arrays.sort(parts);
    for (FileStatus p : parts) {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(fs.open(p.getPath()), StandardCharsets.UTF_8))) {
        for (String l = r.readLine(); l != null; l = r.readLine()) {
          out.add(l);
        }
      }
    }
    return out;
  }
}
