package org.hadoopopt.bench.suite;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.util.ProgramDriver;
import org.apache.hadoop.util.Tool;
import org.hadoopopt.bench.pavlo.gen.PavloGenerator;
import org.hadoopopt.bench.pavlo.gen.PavloStats;
import org.hadoopopt.bench.pavlo.jobs.AggregationJob;
import org.hadoopopt.bench.pavlo.jobs.FloorJob;
import org.hadoopopt.bench.pavlo.jobs.GrepJob;
import org.hadoopopt.bench.pavlo.jobs.JoinJob;
import org.hadoopopt.bench.pavlo.jobs.SelectionJob;
import org.hadoopopt.bench.pavlo.jobs.UdfJob;
import org.hadoopopt.inputformats.loader.LoadJob;
import org.hadoopopt.inputformats.mapreduce.KvsfConvert;

/**
 * The benchmark jar's programs as {@link Tool} classes, read from the jar's driver ({@link #driver()}), so
 * the suite runs whatever programs and options the jar it ships in has (variants added by other
 * modules appear without a change here). ProgramDriver keeps its list package-private, hence the
 * reflection; it is the same in Hadoop 3.4 and 3.5.
 */
public final class Programs {
  private final Map<String, Class<?>> classes = new TreeMap<>();
  private final Map<String, String> descriptions = new TreeMap<>();

  private Programs() {}

  /**
   * The jar's programs as its driver lists them ({@code PavloDriver}, the Main-Class, runs this
   * driver). Each line is the program's own usage constant, so the list cannot fall behind the
   * programs; inputformats' text-to-KVSF conversion is offered too (a class name after the jar does
   * not reach it: the manifest's main class wins).
   */
  public static ProgramDriver driver() throws Throwable {
    ProgramDriver d = new ProgramDriver();
    d.addClass("gen", PavloGenerator.class, "Pavlo data generator: " + PavloGenerator.USAGE);
    d.addClass("stats", PavloStats.class, "statistics of a generated set against the targets: stats SET");
    d.addClass("grep", GrepJob.class, "Grep task: " + GrepJob.USAGE);
    d.addClass("selection", SelectionJob.class, "Selection task: " + SelectionJob.USAGE);
    d.addClass("aggregation", AggregationJob.class, "Aggregation task: " + AggregationJob.USAGE);
    d.addClass("join", JoinJob.class, "Join task: " + JoinJob.USAGE);
    d.addClass("udf", UdfJob.class, "UDF aggregation task (inlinks): " + UdfJob.USAGE);
    d.addClass("floor", FloorJob.class, "Hadoop's job floor, an empty job: " + FloorJob.USAGE);
    d.addClass("load", LoadJob.class, "partition, sort and index a table: " + LoadJob.USAGE);
    d.addClass("convert", KvsfConvert.class, "text table to KeyValueSequenceFile: convert " + KvsfConvert.USAGE);
    d.addClass("suite", SuiteTool.class, "the benchmark suite: " + SuiteTool.USAGE);
    d.addClass("summary", SummaryTool.class, "the results file of a run made in parts: " + SummaryTool.USAGE);
    return d;
  }

  /** The programs of {@link #driver()}. */
  public static Programs ofDriver() {
    try {
      return of(driver());
    } catch (Throwable t) {
      throw new IllegalStateException("cannot list the benchmark programs: " + t, t);
    }
  }

  static Programs of(ProgramDriver driver) throws ReflectiveOperationException {
    Programs p = new Programs();
    Field f = ProgramDriver.class.getDeclaredField("programs");
    f.setAccessible(true);
    for (Map.Entry<?, ?> e : ((Map<?, ?>) f.get(driver)).entrySet()) {
      Object desc = e.getValue();
      Field main = desc.getClass().getDeclaredField("main");
      main.setAccessible(true);
      Method m = (Method) main.get(desc);
      Method getDescription = desc.getClass().getMethod("getDescription");
      getDescription.setAccessible(true);
      p.classes.put((String) e.getKey(), m.getDeclaringClass());
      p.descriptions.put((String) e.getKey(), String.valueOf(getDescription.invoke(desc)));
    }
    return p;
  }

  public boolean has(String program) {
    return classes.containsKey(program);
  }

  /** The program's class (its jar is the program's job jar). */
  public Class<?> programClass(String program) {
    Class<?> c = classes.get(program);
    if (c == null) {
      throw new IllegalArgumentException("the benchmark jar has no program '" + program + "'");
    }
    return c;
  }

  /** A new instance of the program's Tool. */
  public Tool tool(String program) {
    Class<?> c = programClass(program);
    if (!Tool.class.isAssignableFrom(c)) {
      throw new IllegalArgumentException("program '" + program + "' (" + c.getName() + ") is not a Hadoop Tool");
    }
    try {
      return (Tool) c.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot create program '" + program + "': " + e, e);
    }
  }

  /**
   * What the program says about its options: its description and, for the Pavlo tools, their
   * usage line (a package-private method of {@code BaselineTool}).
   */
  public String usage(String program) {
    StringBuilder b = new StringBuilder(descriptions.getOrDefault(program, ""));
    Class<?> c = classes.get(program);
    for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
      try {
        Method u = k.getDeclaredMethod("usage");
        u.setAccessible(true);
        b.append(' ').append(u.invoke(tool(program)));
        break;
      } catch (NoSuchMethodException e) {
        continue; // look in the superclass
      } catch (ReflectiveOperationException | RuntimeException e) {
        break; // no usage line: the description is all we know
      }
    }
    return b.toString();
  }

  /** Whether the program's usage offers {@code --variant NAME}. */
  public boolean offersVariant(String program, String name) {
    return offers(usage(program), name);
  }

  /** Whether a usage line offers {@code --variant NAME} (as a whole word after "--variant"). */
  static boolean offers(String u, String name) {
    int at = u.indexOf("--variant");
    if (at < 0) {
      return false;
    }
    return u.substring(at).matches("(?s).*(?<![\\w-])" + java.util.regex.Pattern.quote(name) + "(?![\\w-]).*");
  }
}
