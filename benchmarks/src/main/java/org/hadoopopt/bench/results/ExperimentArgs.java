package org.hadoopopt.bench.results;

import java.io.File;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;

/**
 * The arguments every experiment program takes: {@code --findings FILE} (required) and
 * {@code --quick}, plus the experiment's own options given to {@link #parse(String, String[], Options)}.
 */
public final class ExperimentArgs {
  public final File findings;
  public final boolean quick;
  /** The whole command line, for the experiment's own options. */
  public final CommandLine line;
  /** Arguments that are not options. */
  public final List<String> rest;

  private ExperimentArgs(CommandLine cl) {
    this.findings = new File(cl.getOptionValue("findings"));
    this.quick = cl.hasOption("quick");
    this.line = cl;
    this.rest = cl.getArgList();
  }

  public static ExperimentArgs parse(String program, String[] args) {
    return parse(program, args, new Options());
  }

  /** Parses {@code own} options beside the common ones; a bad command line exits 2 with the usage. */
  public static ExperimentArgs parse(String program, String[] args, Options own) {
    Options o = new Options();
    own.getOptions().forEach(o::addOption);
    o.addOption(Option.builder().longOpt("findings").hasArg().argName("FILE").required().desc("where the findings go").build());
    o.addOption(Option.builder().longOpt("quick").desc("small sizes, one round").build());
    try {
      return new ExperimentArgs(new DefaultParser().parse(o, args));
    } catch (ParseException e) {
      System.err.println(program + ": " + e.getMessage());
      new HelpFormatter().printHelp(program + " --findings FILE [--quick] ...", o);
      System.exit(2);
      throw new AssertionError();
    }
  }
}
