package org.hadoopopt.bench.micro;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * Hadoop's own benchmark programs, loaded by name (they come from the jobclient tests jar and the
 * examples jar, runtime dependencies of this module) and run in this JVM with {@link ToolRunner}.
 */
final class ExampleTools {
  static final String TEST_DFSIO = "org.apache.hadoop.fs.TestDFSIO";
  static final String WORD_COUNT = "org.apache.hadoop.examples.WordCount";
  static final String TERA_GEN = "org.apache.hadoop.examples.terasort.TeraGen";
  static final String TERA_SORT = "org.apache.hadoop.examples.terasort.TeraSort";
  static final String TERA_VALIDATE = "org.apache.hadoop.examples.terasort.TeraValidate";
  static final String JOBCLIENT_TESTS_JAR = "hadoop-mapreduce-client-jobclient tests jar";
  static final String EXAMPLES_JAR = "hadoop-mapreduce-examples jar";

  private ExampleTools() {}

  static Class<?> load(String className) throws ClassNotFoundException {
    return Class.forName(className, true, ExampleTools.class.getClassLoader());
  }

  /** Runs the tool; a non-zero exit code becomes an exception naming the program and its arguments. */
  static void run(Configuration conf, String className, String... args) throws Exception {
    Tool tool = (Tool) load(className).getDeclaredConstructor().newInstance();
    int rc = ToolRunner.run(conf, tool, args);
    if (rc != 0) {
      throw new IllegalStateException(className + " " + String.join(" ", args) + " exited with " + rc);
    }
  }
}
