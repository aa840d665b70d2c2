package org.hadoopopt.bench.micro;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.hadoopopt.bench.tools.Json;
import org.hadoopopt.bench.tools.Stats;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@link ShmStreamingBenchmark}'s measurements over the parts (calls) of one run: every wall and CPU
 * sample per task and variant, each task's output digest, and per part its date, load average and
 * rounds. A run too long for one call is made in parts into one results file: a part continues the
 * run only with the same commit and the same input sizes, and a task's output must equal the one
 * the earlier parts saw. Written as JSON (the samples, medians, bests and ratios) and as tables.
 */
final class ShmBenchResults {
  /** One headline ratio: {@code over}'s median over {@code under}'s, with the target where it sets one. */
  static final class Target {
    final String what;
    final String over;
    final String under;
    final double goal;

    Target(String what, String over, String under, double goal) {
      this.what = what;
      this.over = over;
      this.under = under;
      this.goal = goal;
    }
  }

  private final String commit;
  private final Map<String, Integer> inputsMb;
  private final Map<String, List<Double>> wall = new LinkedHashMap<>();
  private final Map<String, List<Double>> cpu = new LinkedHashMap<>();
  private final Map<String, String> digests = new LinkedHashMap<>();
  private final Map<String, Integer> taskMb = new LinkedHashMap<>();
  private final ArrayNode parts = Json.MAPPER.createArrayNode();

  /** A new run of {@code commit} over inputs of {@code inputsMb} (name to MB). */
  ShmBenchResults(String commit, Map<String, Integer> inputsMb) {
    this.commit = commit;
    this.inputsMb = new LinkedHashMap<>(inputsMb);
  }

  /**
   * The run in {@code json} continued, or a new one where the file does not exist. A file of another
   * commit or other input sizes is refused, naming what differs.
   */
  static ShmBenchResults continueOrStart(File json, String commit, Map<String, Integer> inputsMb) throws IOException {
    ShmBenchResults r = new ShmBenchResults(commit, inputsMb);
    if (!json.isFile()) {
      return r;
    }
    JsonNode root = Json.MAPPER.readTree(json);
    String was = root.path("commit").asText();
    if (!was.equals(commit)) {
      throw new IllegalStateException(json + " holds a run of commit " + was + ", this is " + commit
          + ": parts of one run must measure the same code (write to another file, or remove it)");
    }
    for (Map.Entry<String, Integer> e : inputsMb.entrySet()) {
      int mb = root.path("inputs_mb").path(e.getKey()).asInt(-1);
      if (mb != e.getValue()) {
        throw new IllegalStateException(json + " holds a run with " + e.getKey() + " input of " + mb + " MB, this part "
            + e.getValue() + " MB: parts of one run must measure the same inputs");
      }
    }
    readSamples(root.path("samples_s"), r.wall);
    readSamples(root.path("cpu_samples_s"), r.cpu);
    root.path("output_digests").fields().forEachRemaining(e -> r.digests.put(e.getKey(), e.getValue().asText()));
    root.path("task_input_mb").fields().forEachRemaining(e -> r.taskMb.put(e.getKey(), e.getValue().asInt()));
    root.path("parts").forEach(p -> r.parts.add(p.deepCopy()));
    return r;
  }

  private static void readSamples(JsonNode node, Map<String, List<Double>> into) {
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      List<Double> xs = new ArrayList<>();
      e.getValue().forEach(v -> xs.add(v.asDouble()));
      into.put(e.getKey(), xs);
    }
  }

  /** Rounds the earlier parts recorded: a part's rounds continue the alternation where they left it. */
  int roundsSoFar() {
    int n = 0;
    for (JsonNode p : parts) {
      n += p.path("rounds").asInt();
    }
    return n;
  }

  /** The input of {@code task}, in MB. */
  void taskInput(String task, int mb) {
    taskMb.put(task, mb);
  }

  void add(String task, String variant, double wallSeconds, double cpuSeconds) {
    wall.computeIfAbsent(task + "|" + variant, k -> new ArrayList<>()).add(wallSeconds);
    cpu.computeIfAbsent(task + "|" + variant, k -> new ArrayList<>()).add(cpuSeconds);
  }

  /** Records a run's output digest; fails when it differs from the task's earlier outputs (any part). */
  void output(String task, String variant, String digest) {
    String first = digests.putIfAbsent(task, digest);
    if (first != null && !first.equals(digest)) {
      throw new IllegalStateException(task + " " + variant + ": output " + digest + " differs from the earlier runs' " + first);
    }
  }

  /** Closes one call's part. */
  void part(String date, String loadBefore, String loadAfter, int rounds, int warmup, List<String> tasks,
      List<String> variants) {
    ObjectNode p = parts.addObject().put("date", date).put("load_before", loadBefore).put("load_after", loadAfter)
        .put("rounds", rounds).put("warmup", warmup);
    tasks.forEach(p.putArray("tasks")::add);
    variants.forEach(p.putArray("variants")::add);
  }

  double median(String key) {
    return wall.containsKey(key) ? Stats.median(wall.get(key)) : Double.NaN;
  }

  /** The JSON: the samples, and medians_s, bests_s, cpu_medians_s, cpu_bests_s, ratios and targets computed from them. */
  ObjectNode json(List<Target> targets) {
    ObjectNode json = Json.object().put("commit", commit);
    inputsMb.forEach(json.putObject("inputs_mb")::put);
    taskMb.forEach(json.putObject("task_input_mb")::put);
    json.set("parts", parts.deepCopy());
    if (parts.size() > 0) {
      JsonNode last = parts.get(parts.size() - 1);
      json.put("date", last.path("date").asText()).put("load_before", parts.get(0).path("load_before").asText())
          .put("load_after", last.path("load_after").asText());
    }
    ObjectNode medians = json.putObject("medians_s");
    ObjectNode bests = json.putObject("bests_s");
    ObjectNode cpuMedians = json.putObject("cpu_medians_s");
    ObjectNode cpuBests = json.putObject("cpu_bests_s");
    ObjectNode ratios = json.putObject("ratios");
    for (String key : wall.keySet()) {
      Json.number(medians, key, Stats.median(wall.get(key)));
      Json.number(bests, key, Stats.best(wall.get(key)));
      Json.number(cpuMedians, key, Stats.median(cpu.get(key)));
      Json.number(cpuBests, key, Stats.best(cpu.get(key)));
      String task = task(key);
      String variant = variant(key);
      String pipes = task + "|pipes";
      if (!variant.equals("pipes") && wall.containsKey(pipes)) {
        ObjectNode r = ratios.with(task);
        Json.number(r, "pipes_over_" + variant, ratio(wall, pipes, key, false));
        Json.number(r, "best_pipes_over_" + variant, ratio(wall, pipes, key, true));
        Json.number(r, "cpu_pipes_over_" + variant, ratio(cpu, pipes, key, false));
        Json.number(r, "cpu_best_pipes_over_" + variant, ratio(cpu, pipes, key, true));
      }
    }
    ObjectNode t = json.putObject("targets");
    for (Target target : targets) {
      if (wall.containsKey(target.over) && wall.containsKey(target.under)) {
        Json.number(t, target.what, ratio(wall, target.over, target.under, false));
      }
    }
    ObjectNode samples = json.putObject("samples_s");
    wall.forEach((k, v) -> v.forEach(samples.withArray(k)::add));
    ObjectNode cpuSamples = json.putObject("cpu_samples_s");
    cpu.forEach((k, v) -> v.forEach(cpuSamples.withArray(k)::add));
    digests.forEach(json.putObject("output_digests")::put);
    return json;
  }

  /** The tables: the parts (date, load, rounds), per task every variant against pipes, the targets. */
  String markdown(List<Target> targets, int cores) {
    StringBuilder md = new StringBuilder("# ShmStreaming benchmark results\n\n");
    List<String> inputs = new ArrayList<>();
    inputsMb.forEach((k, v) -> inputs.add(k + " " + v + " MB"));
    md.append(String.format(Locale.ROOT, "Commit %s; LocalJobRunner, %d cores; inputs: %s. Each part (call) runs its tasks' "
        + "variants alternated within each round (the order rotated round by round), after its warm-up rounds, which are "
        + "not recorded. Seconds; \"x pipes\" is stock Streaming over pipes' time over the variant's (above 1: faster "
        + "than pipes), of the medians and of the bests, wall and CPU (CPU: this JVM plus the programs it reaped). "
        + "Every run's output is checked against the task's first (SHA-256 of the part files).%n%n",
        commit, cores, String.join(", ", inputs)));
    md.append("| part | date (UTC) | load average at the start (1, 5, 15 min) | at the end | rounds | warm-up | tasks |\n"
        + "|---:|---|---|---|---:|---:|---|\n");
    int i = 1;
    for (JsonNode p : parts) {
      List<String> tasks = new ArrayList<>();
      p.path("tasks").forEach(t -> tasks.add(t.asText()));
      md.append(String.format(Locale.ROOT, "| %d | %s | %s | %s | %d | %d | %s |%n", i++, p.path("date").asText(),
          p.path("load_before").asText(), p.path("load_after").asText(), p.path("rounds").asInt(), p.path("warmup").asInt(),
          String.join(", ", tasks)));
    }
    for (Map.Entry<String, List<String>> e : byTask().entrySet()) {
      String task = e.getKey();
      Integer mb = taskMb.get(task);
      md.append(String.format(Locale.ROOT, "%n## %s%s%n%n| variant | runs | wall median | wall best | CPU median | CPU best "
          + "| x pipes wall (median) | x pipes wall (best) | x pipes CPU (median) | x pipes CPU (best) |%n"
          + "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|%n", task, mb == null ? "" : " (input " + mb + " MB)"));
      String pipes = task + "|pipes";
      boolean has = wall.containsKey(pipes);
      for (String variant : e.getValue()) {
        String key = task + "|" + variant;
        md.append(String.format(Locale.ROOT, "| %s | %d | %.2f | %.2f | %.2f | %.2f | %s | %s | %s | %s |%n", variant,
            wall.get(key).size(), Stats.median(wall.get(key)), Stats.best(wall.get(key)), Stats.median(cpu.get(key)),
            Stats.best(cpu.get(key)), has ? two(ratio(wall, pipes, key, false)) : "", has ? two(ratio(wall, pipes, key, true)) : "",
            has ? two(ratio(cpu, pipes, key, false)) : "", has ? two(ratio(cpu, pipes, key, true)) : ""));
      }
    }
    md.append("\n## Against the targets\n\nRatios of medians (wall, and CPU beside it); a target is the issue's, on wall time.\n\n"
        + "| measure | wall | wall (bests) | CPU | target | met |\n|---|---:|---:|---:|---:|---|\n");
    for (Target t : targets) {
      if (!wall.containsKey(t.over) || !wall.containsKey(t.under)) {
        continue;
      }
      double w = ratio(wall, t.over, t.under, false);
      md.append(String.format(Locale.ROOT, "| %s | %.2f | %.2f | %.2f | %s | %s |%n", t.what, w, ratio(wall, t.over, t.under, true),
          ratio(cpu, t.over, t.under, false), t.goal > 0 ? two(t.goal) : "", t.goal > 0 ? (w >= t.goal ? "yes" : "no") : ""));
    }
    return md.toString();
  }

  /** Writes the JSON to {@code json} and the tables to {@code md}. */
  void write(File json, Path md, List<Target> targets, int cores) throws IOException {
    Json.write(json, json(targets));
    Files.write(md, markdown(targets, cores).getBytes(StandardCharsets.UTF_8));
  }

  /** The variants of each task in the order first measured, pipes first. */
  private Map<String, List<String>> byTask() {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (String key : wall.keySet()) {
      List<String> vs = out.computeIfAbsent(task(key), k -> new ArrayList<>());
      if (variant(key).equals("pipes")) {
        vs.add(0, "pipes");
      } else {
        vs.add(variant(key));
      }
    }
    return out;
  }

  private static double ratio(Map<String, List<Double>> xs, String over, String under, boolean best) {
    return best ? Stats.best(xs.get(over)) / Stats.best(xs.get(under))
        : Stats.median(xs.get(over)) / Stats.median(xs.get(under));
  }

  private static String two(double x) {
    return String.format(Locale.ROOT, "%.2f", x);
  }

  private static String task(String key) {
    return key.substring(0, key.indexOf('|'));
  }

  private static String variant(String key) {
    return key.substring(key.indexOf('|') + 1);
  }
}
