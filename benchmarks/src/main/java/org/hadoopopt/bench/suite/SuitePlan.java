package org.hadoopopt.bench.suite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hadoopopt.bench.pavlo.Task;

/**
 * Which variants run which task: every requested variant that applies to the task and can run
 * here; the rest become notices (one line per variant and reason).
 */
final class SuitePlan {
  private final Map<Task, List<JobVariant>> byTask = new LinkedHashMap<>();
  private final Map<String, List<String>> skipped = new LinkedHashMap<>();

  SuitePlan(List<Task> tasks, List<JobVariant> variants, Availability availability) {
    for (Task t : tasks) {
      List<JobVariant> vs = new ArrayList<>();
      for (JobVariant v : variants) {
        if (!Availability.applies(v, t)) {
          continue;
        }
        String why = availability.missing(v, t);
        if (why == null) {
          vs.add(v);
        } else {
          skipped.computeIfAbsent("skipped " + v + ": " + why, k -> new ArrayList<>()).add(t.name());
        }
      }
      byTask.put(t, vs);
    }
  }

  List<Task> tasks() {
    return new ArrayList<>(byTask.keySet());
  }

  /** The task's variants in run R's order: rotated by R, so each variant leads some round. */
  List<JobVariant> variants(Task t, int round) {
    List<JobVariant> vs = byTask.get(t);
    List<JobVariant> out = new ArrayList<>(vs.size());
    for (int i = 0; i < vs.size(); i++) {
      out.add(vs.get((i + round) % vs.size()));
    }
    return out;
  }

  List<JobVariant> variants(Task t) {
    return byTask.get(t);
  }

  /** The notices, e.g. "skipped dio: ... (tasks: grep, selection)". */
  List<String> notices() {
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, List<String>> e : skipped.entrySet()) {
      out.add(e.getKey() + " (tasks: " + String.join(", ", e.getValue()) + ")");
    }
    return out;
  }

  /**
   * The programs the plan's jobs run: the generator, each planned task's program, and the tools
   * that make the copies its variants read (the KVSF converter, the loader).
   */
  Set<String> programs() {
    Set<String> out = new LinkedHashSet<>();
    out.add("gen");
    for (Map.Entry<Task, List<JobVariant>> e : byTask.entrySet()) {
      for (JobVariant v : e.getValue()) {
        out.add(e.getKey().program());
        JobVariant.Input in = v.decoder().input();
        if (in == JobVariant.Input.KVSF) {
          out.add("convert");
        } else if (in.loaded()) {
          out.add("load");
        }
      }
    }
    return out;
  }

  int executionsPerRound() {
    int n = 0;
    for (List<JobVariant> vs : byTask.values()) {
      n += vs.size();
    }
    return n;
  }
}
