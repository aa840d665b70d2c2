package org.hadoopopt.bench.report;

/** The version of the Chart.js webjar benchmarks/pom.xml depends on (its resources are under this version). */
final class WebjarVersion {
  /** Keep equal to the org.webjars.npm:chart.js version in benchmarks/pom.xml. */
  static final String CHART_JS = "4.4.7";

  private WebjarVersion() {}
}
