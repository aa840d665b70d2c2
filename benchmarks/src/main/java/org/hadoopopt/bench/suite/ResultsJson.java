package org.hadoopopt.bench.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.results.LoadStep;
import org.hadoopopt.bench.results.SuiteResults;

/**
 * results.json: {@code {"format": 2, "run": {...}, "hardware": {...}, "loading": [{"side", "step", "copy",
 * "seconds", "reused"}], "notices": [...],
 * "cells": [{"task", "variant", "storage" (text or loaded), "copies": [...], "loadSeconds" (of the copies),
 * "seconds": [...], "median", "speedup", "answerLines",
 * "answerSha256", "answerMatchesBaseline", "idealSeconds", "measuredOverIdeal" (the CPU-floor extension),
 * "krevatSeconds", "krevatRatio" (Krevat et al.'s model, measured over model), "counters"}]}}.
 * Median, speedup and measured/ideal are derived, written for readers, and recomputed on reading.
 */
public final class ResultsJson {
  public static final int FORMAT = 2;
  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ResultsJson() {}

  public static String write(SuiteResults r) throws IOException {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("format", FORMAT);
    ObjectNode run = root.putObject("run");
    for (Map.Entry<String, String> e : r.run().entrySet()) {
      run.put(e.getKey(), e.getValue());
    }
    ObjectNode hw = root.putObject("hardware");
    for (Map.Entry<String, Double> e : r.hardware().entrySet()) {
      hw.put(e.getKey(), e.getValue());
    }
    ArrayNode loading = root.putArray("loading");
    for (LoadStep l : r.loading()) {
      ObjectNode o = loading.addObject();
      o.put("side", l.side().label());
      o.put("step", l.step());
      o.put("copy", l.copy());
      putNumber(o, "seconds", l.seconds());
      o.put("reused", l.reused());
    }
    ArrayNode notices = root.putArray("notices");
    r.notices().forEach(notices::add);
    ArrayNode cells = root.putArray("cells");
    for (CellResult c : r.cells()) {
      ObjectNode o = cells.addObject();
      o.put("task", c.task());
      o.put("variant", c.variant());
      o.put("storage", c.storage().label());
      ArrayNode copies = o.putArray("copies");
      c.copies().forEach(copies::add);
      putNumber(o, "loadSeconds", r.loadSeconds(c));
      ArrayNode s = o.putArray("seconds");
      c.seconds().forEach(s::add);
      putNumber(o, "median", c.median());
      putNumber(o, "speedup", r.speedup(c));
      o.put("answerLines", c.answerLines());
      o.put("answerSha256", c.answerSha256());
      if (c.answerMatchesBaseline() == null) {
        o.putNull("answerMatchesBaseline");
      } else {
        o.put("answerMatchesBaseline", c.answerMatchesBaseline());
      }
      putNumber(o, "idealSeconds", c.idealSeconds() == null ? Double.NaN : c.idealSeconds());
      putNumber(o, "measuredOverIdeal", c.idealSeconds() == null ? Double.NaN : c.median() / c.idealSeconds());
      putNumber(o, "krevatSeconds", c.krevatSeconds() == null ? Double.NaN : c.krevatSeconds());
      putNumber(o, "krevatRatio", c.krevatRatio());
      ObjectNode counters = o.putObject("counters");
      for (Map.Entry<String, Long> e : c.counters().entrySet()) {
        counters.put(e.getKey(), e.getValue());
      }
    }
    return MAPPER.writeValueAsString(root);
  }

  /** JSON has no NaN: a missing number is null. */
  private static void putNumber(ObjectNode o, String key, double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      o.putNull(key);
    } else {
      o.put(key, v);
    }
  }

  public static SuiteResults read(String json) throws IOException {
    JsonNode root = MAPPER.readTree(json);
    if (root == null || !root.isObject()) {
      throw new IOException("results.json: not a JSON object");
    }
    if (root.path("format").asInt(-1) != FORMAT) {
      throw new IOException("results.json: format " + root.path("format") + ", expected " + FORMAT);
    }
    SuiteResults r = new SuiteResults();
    for (Iterator<Map.Entry<String, JsonNode>> it = root.path("run").fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      r.run().put(e.getKey(), e.getValue().asText());
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = root.path("hardware").fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      r.hardware().put(e.getKey(), e.getValue().asDouble());
    }
    for (JsonNode l : root.path("loading")) {
      r.loading().add(new LoadStep(LoadStep.Side.of(l.path("side").asText()), l.path("step").asText(),
          l.hasNonNull("copy") ? l.get("copy").asText() : null,
          l.hasNonNull("seconds") ? l.get("seconds").asDouble() : Double.NaN, l.path("reused").asBoolean(false)));
    }
    for (JsonNode n : root.path("notices")) {
      r.notices().add(n.asText());
    }
    int i = 0;
    for (JsonNode o : root.path("cells")) {
      if (!o.hasNonNull("task") || !o.hasNonNull("variant")) {
        throw new IOException("results.json: cell " + i + " has no task or variant");
      }
      CellResult c = r.cell(o.get("task").asText(), o.get("variant").asText());
      c.setStorage(CellResult.Storage.of(o.path("storage").asText("text")));
      for (JsonNode copy : o.path("copies")) {
        c.copies().add(copy.asText());
      }
      for (JsonNode s : o.path("seconds")) {
        if (!s.isNumber()) {
          throw new IOException("results.json: cell " + i + " (" + c.task() + "/" + c.variant() + "): seconds must be numbers, not " + s);
        }
        c.addSeconds(s.asDouble());
      }
      c.setAnswer(o.path("answerLines").asLong(-1), o.hasNonNull("answerSha256") ? o.get("answerSha256").asText() : null);
      c.setAnswerMatchesBaseline(o.hasNonNull("answerMatchesBaseline") ? o.get("answerMatchesBaseline").asBoolean() : null);
      c.setIdealSeconds(o.hasNonNull("idealSeconds") ? o.get("idealSeconds").asDouble() : null);
      c.setKrevatSeconds(o.hasNonNull("krevatSeconds") ? o.get("krevatSeconds").asDouble() : null);
      for (Iterator<Map.Entry<String, JsonNode>> it = o.path("counters").fields(); it.hasNext();) {
        Map.Entry<String, JsonNode> e = it.next();
        c.counters().put(e.getKey(), e.getValue().asLong());
      }
      i++;
    }
    return r;
  }
}
