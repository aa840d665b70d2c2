package org.hadoopopt.bench.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.hadoopopt.bench.tools.Json;

/**
 * One finding of a paper beside ours: the paper and its finding, the paper's setting and figure,
 * ours, the verdict ({@link Verdict}) and why. Built with {@link #of}; a finding this machine
 * cannot reproduce carries the reason instead of our figure ({@link Builder#notReproducible}).
 */
public final class Finding {
  /** The experiment (part of {@code bin/hadoopopt reproduce}) that produced it. */
  public final String part;
  /** The paper, e.g. "Jiang et al., VLDB 2010". */
  public final String paper;
  /** What the paper found, in a few words. */
  public final String finding;
  public final String paperSetting;
  /** The paper's figure, NaN when it gives none. */
  public final double paperFigure;
  /**
   * How the paper states its figure: {@link Verdict#EXACT} (a value), {@link Verdict#ABOVE} or
   * {@link Verdict#BELOW} (a bound: "worse", "within 2x"), compared by {@link Verdict#compareBound}.
   */
  public final String paperBound;
  public final String ourSetting;
  /** Our figure, NaN when not measured here. */
  public final double ourFigure;
  /** The figures' unit: "x" for a factor (compared by effect, see {@link Verdict}), else "s", "%", "MB/s".. */
  public final String unit;
  public final Verdict verdict;
  /** Why the verdict, or a remark; always set for {@link Verdict#NOT_REPRODUCIBLE}. */
  public final String why;

  private Finding(Builder b, Verdict verdict, String why) {
    this.part = b.part;
    this.paper = b.paper;
    this.finding = b.finding;
    this.paperSetting = b.paperSetting;
    this.paperFigure = b.paperFigure;
    this.paperBound = b.paperBound;
    this.ourSetting = b.ourSetting;
    this.ourFigure = b.ourFigure;
    this.unit = b.unit;
    this.verdict = verdict;
    this.why = why;
  }

  /** Starts a finding of {@code part} (the experiment's name) from {@code paper}. */
  public static Builder of(String part, String paper, String finding) {
    return new Builder(part, paper, finding);
  }

  /** Ours over the paper's, as the verdict compares them (NaN when not comparable or the paper gives a bound). */
  public double ratio() {
    return paperBound.equals(Verdict.EXACT) ? Verdict.ratio(paperFigure, ourFigure, unit) : Double.NaN;
  }

  public ObjectNode toJson() {
    ObjectNode o = Json.object();
    o.put("part", part).put("paper", paper).put("finding", finding).put("paperSetting", paperSetting);
    Json.number(o, "paperFigure", paperFigure);
    if (!paperBound.equals(Verdict.EXACT)) {
      o.put("paperBound", paperBound);
    }
    o.put("ourSetting", ourSetting);
    Json.number(o, "ourFigure", ourFigure);
    o.put("unit", unit);
    Json.number(o, "ratio", ratio());
    o.put("verdict", verdict.name()).put("why", why);
    return o;
  }

  public static Finding fromJson(JsonNode o) {
    Builder b = of(o.path("part").asText(), o.path("paper").asText(), o.path("finding").asText())
        .paper(o.path("paperSetting").asText(), number(o.get("paperFigure")))
        .bound(o.path("paperBound").asText(Verdict.EXACT))
        .ours(o.path("ourSetting").asText(), number(o.get("ourFigure")))
        .unit(o.path("unit").asText());
    return new Finding(b, Verdict.valueOf(o.path("verdict").asText()), o.path("why").asText(""));
  }

  private static double number(JsonNode n) {
    return n == null || n.isNull() ? Double.NaN : n.asDouble();
  }

  /** Fills a finding; {@link #measured} or {@link #notReproducible} ends it. */
  public static final class Builder {
    private final String part;
    private final String paper;
    private final String finding;
    private String paperSetting = "";
    private double paperFigure = Double.NaN;
    private String paperBound = Verdict.EXACT;
    private String ourSetting = "";
    private double ourFigure = Double.NaN;
    private String unit = "x";

    private Builder(String part, String paper, String finding) {
      this.part = part;
      this.paper = paper;
      this.finding = finding;
    }

    public Builder paper(String setting, double figure) {
      this.paperSetting = setting;
      this.paperFigure = figure;
      return this;
    }

    /** The paper states only that its figure is above {@code figure} (e.g. "slower": above 1x). */
    public Builder paperAbove(String setting, double figure) {
      return paper(setting, figure).bound(Verdict.ABOVE);
    }

    /** The paper states only that its figure is at most {@code figure} (e.g. "within a factor of two"). */
    public Builder paperBelow(String setting, double figure) {
      return paper(setting, figure).bound(Verdict.BELOW);
    }

    private Builder bound(String b) {
      if (!b.equals(Verdict.EXACT) && !b.equals(Verdict.ABOVE) && !b.equals(Verdict.BELOW)) {
        throw new IllegalArgumentException("a paper's bound is '" + Verdict.ABOVE + "' or '" + Verdict.BELOW + "', not '"
            + b + "'");
      }
      this.paperBound = b;
      return this;
    }

    public Builder ours(String setting, double figure) {
      this.ourSetting = setting;
      this.ourFigure = figure;
      return this;
    }

    public Builder unit(String u) {
      this.unit = u;
      return this;
    }

    /** Both figures known: the verdict from {@link Verdict#compare} (or {@link Verdict#compareBound}); {@code remark} may be empty. */
    public Finding measured(String remark) {
      return new Finding(this, Verdict.compareBound(paperBound, paperFigure, ourFigure, unit), remark);
    }

    /** Cannot be measured on this machine, and why (never empty). */
    public Finding notReproducible(String why) {
      if (why == null || why.trim().isEmpty()) {
        throw new IllegalArgumentException("a finding not reproducible here needs the reason");
      }
      ourFigure = Double.NaN;
      return new Finding(this, Verdict.NOT_REPRODUCIBLE, why);
    }
  }
}
