package org.hadoopopt.bench.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The measurements of one task in one variant: a time per run, its answer, summed job counters,
 * and what it read: the generated text, or copies loaded beforehand (named as the loading steps
 * name what they made, {@link LoadStep#copy()}).
 */
public final class CellResult {
  /** What a cell read: the generated text (raw), or a copy made beforehand (loaded, converted, indexed). */
  public enum Storage {
    TEXT, LOADED;

    public String label() {
      return this == TEXT ? "text" : "loaded";
    }

    public static Storage of(String label) {
      return label != null && label.equalsIgnoreCase("loaded") ? LOADED : TEXT;
    }
  }

  private final String task;
  private final String variant;
  private Storage storage = Storage.TEXT;
  private final List<String> copies = new ArrayList<>();
  private final List<Double> seconds = new ArrayList<>();
  private final Map<String, Long> counters = new LinkedHashMap<>();
  private long answerLines = -1;
  private String answerSha256;
  private Boolean answerMatchesBaseline;
  private Double idealSeconds;
  private Double krevatSeconds;

  public CellResult(String task, String variant) {
    this.task = task;
    this.variant = variant;
  }

  public String task() {
    return task;
  }

  public String variant() {
    return variant;
  }

  /** Whether the cell read the text or a loaded copy (text until set). */
  public Storage storage() {
    return storage;
  }

  public void setStorage(Storage s) {
    this.storage = s;
  }

  /** The loaded copies the cell read ({@link LoadStep#copy()}), empty for the text. */
  public List<String> copies() {
    return copies;
  }

  public List<Double> seconds() {
    return seconds;
  }

  public void addSeconds(double s) {
    seconds.add(s);
  }

  /** The median of the runs' times; NaN before any run. */
  public double median() {
    return org.hadoopopt.bench.tools.Stats.median(seconds);
  }

  /** Counters of the last run (their sums over the program's jobs). */
  public Map<String, Long> counters() {
    return counters;
  }

  public long answerLines() {
    return answerLines;
  }

  public String answerSha256() {
    return answerSha256;
  }

  public void setAnswer(long lines, String sha256) {
    this.answerLines = lines;
    this.answerSha256 = sha256;
  }

  /** Null when not checked (no baseline answer to compare with). */
  public Boolean answerMatchesBaseline() {
    return answerMatchesBaseline;
  }

  public void setAnswerMatchesBaseline(Boolean matches) {
    this.answerMatchesBaseline = matches;
  }

  /**
   * The CPU-floor ideal of this job (the project's extension of Krevat et al.: disk or parsing on
   * every core, {@code IdealModel}), or null when not computed.
   */
  public Double idealSeconds() {
    return idealSeconds;
  }

  public void setIdealSeconds(Double s) {
    this.idealSeconds = s;
  }

  /** Krevat et al.'s model time of this job ({@code KrevatModel}), or null when not computed. */
  public Double krevatSeconds() {
    return krevatSeconds;
  }

  public void setKrevatSeconds(Double s) {
    this.krevatSeconds = s;
  }

  /** Krevat's ratio: measured median over the model's time (NaN when not computed). */
  public double krevatRatio() {
    return krevatSeconds == null ? Double.NaN : median() / krevatSeconds;
  }
}
