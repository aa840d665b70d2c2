package org.hadoopopt.bench.tools;

import java.util.Arrays;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.MissingArgumentException;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.apache.commons.cli.UnrecognizedOptionException;

/**
 * The program arguments left after Hadoop's generic options: {@code --name value}, flags,
 * positionals; the benchmark programs' one command-line parser, Commons CLI underneath.
 */
public final class ToolArgs {
  /** A usage error: the program prints it with its usage line and exits with 2. */
  public static class UsageException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
      super(message);
    }
  }

  private final CommandLine line;

  private ToolArgs(CommandLine line) {
    this.line = line;
  }

  /**
   * Parsed by Commons CLI (on Hadoop's classpath), long options only and no abbreviations.
   *
   * @param valued option names (without "--") that take a value
   * @param flagNames option names that take none
   * @param positionals exactly how many positional arguments are required
   */
  public static ToolArgs parse(String[] args, List<String> valued, List<String> flagNames, int positionals) {
    Options options = new Options();
    valued.forEach(n -> options.addOption(Option.builder().longOpt(n).hasArg().build()));
    flagNames.forEach(n -> options.addOption(Option.builder().longOpt(n).build()));
    CommandLine line;
    try {
      line = new DefaultParser(false).parse(options, args);
    } catch (MissingArgumentException e) {
      throw new UsageException("--" + e.getOption().getLongOpt() + " needs a value");
    } catch (UnrecognizedOptionException e) {
      throw new UsageException("unknown option " + e.getOption());
    } catch (ParseException e) {
      throw new UsageException(e.getMessage());
    }
    List<String> positional = line.getArgList();
    if (positional.size() != positionals) {
      throw new UsageException("expected " + positionals + " paths, got " + positional.size() + ": " + positional);
    }
    return new ToolArgs(line);
  }

  public static List<String> names(String... names) {
    return Arrays.asList(names);
  }

  /** The value of a valued option, its last one when given twice; null when absent. */
  public String get(String name) {
    String[] v = line.getOptionValues(name);
    return v == null ? null : v[v.length - 1];
  }

  public boolean has(String name) {
    return line.hasOption(name);
  }

  public String positional(int i) {
    return line.getArgList().get(i);
  }
}
