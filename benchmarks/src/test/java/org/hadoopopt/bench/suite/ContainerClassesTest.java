package org.hadoopopt.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.Task;
import org.hadoopopt.bench.pavlo.jobs.GrepJob;
import org.hadoopopt.bench.tools.TaskJars;
import org.hadoopopt.inputformats.loader.LoadJob;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The check that YARN's containers get every class a job of the suite loads. Here the benchmark's
 * own classes come from a folder (target/classes) and the plugin modules from their jars, as
 * Maven puts them on the test class path: the first have no job jar, the others are shipped.
 */
class ContainerClassesTest {
  private static File dir;

  @BeforeAll
  static void setUp() throws IOException {
    dir = java.nio.file.Files.createTempDirectory("container-classes").toFile();
  }

  @AfterAll
  static void tearDown() {
    TestFiles.deleteRecursively(dir);
  }

  private static Configuration yarn() {
    Configuration c = new Configuration(false);
    c.set("mapreduce.framework.name", "yarn");
    return c;
  }

  /** The check's class list is what the suite's job configuration ships, for every variant it knows. */
  @Test
  void theListedClassesAreTheOnesEachVariantShips() {
    List<String> specs = new ArrayList<>(JobVariant.DEFAULTS);
    specs.addAll(JobVariant.QUICK);
    specs.addAll(Arrays.asList("mt+hash+dio", "bdbtree", "mtp", "bdbp+fp", "mt+fph", "pfsh", "mt+jiang"));
    for (JobVariant v : JobVariant.parseList(specs)) {
      Task task = Task.ALL.stream().filter(t -> Availability.applies(v, t)).findFirst().orElseThrow();
      Set<String> shipped = new TreeSet<>(Execution.configure(yarn(), task, v).getTrimmedStringCollection(TaskJars.TMPJARS));
      Set<String> listed = new TreeSet<>();
      for (String c : ContainerClasses.of(v)) {
        String jar = TaskJars.jarOf(c);
        assertTrue(jar != null, c + " comes from a jar on the test class path");
        listed.add(jar);
      }
      assertEquals(listed, shipped, v + " on " + task);
    }
  }

  @Test
  void pluginClassesInJarsReachTheContainers() {
    ContainerClasses check = new ContainerClasses();
    for (String v : JobVariant.QUICK) {
      assertNull(check.missing(JobVariant.parse(v), LoadJob.class), v);
    }
    assertNull(ContainerClasses.jobJarMissing("load", LoadJob.class), "the loader's job jar is the inputformats jar");
  }

  @Test
  void aClassFromAFolderIsMissingUnlessTheJobJarHoldsIt() throws IOException {
    ContainerClasses check = new ContainerClasses();
    String grep = GrepJob.class.getName();
    String why = check.missing(List.of(grep), LoadJob.class);
    assertTrue(why != null && why.contains(grep) && why.contains(TaskJars.location(grep).toString())
        && why.contains("hadoopopt-inputformats"), why);
    String noJobJar = ContainerClasses.jobJarMissing("grep", GrepJob.class);
    assertTrue(noJobJar != null && noJobJar.contains("'grep'") && noJobJar.contains(TaskJars.location(grep).toString()),
        noJobJar);

    File inLib = jarWithLib("in-lib.jar", grep.replace('.', '/') + ".class");
    File other = jarWithLib("other.jar", "org/example/Other.class");
    assertTrue(check.holds(inLib.toString(), grep), "lib/inner.jar holds it");
    assertFalse(check.holds(other.toString(), grep));
    assertTrue(check.holds(other.toString(), "org.example.Other"));
    assertFalse(check.holds(new File(dir, "no-such.jar").toString(), grep), "an unreadable jar holds nothing");
  }

  /** A YARN run whose programs come from class folders stops before anything is generated, naming the program and folder. */
  @Test
  void aYarnRunWithoutJobJarsStopsBeforeAnyJob() throws Exception {
    Configuration conf = yarn();
    conf.set("fs.defaultFS", "file:///");
    File work = new File(dir, "work");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream saved = System.err;
    int rc;
    System.setErr(new PrintStream(err, true, "UTF-8"));
    try {
      rc = ToolRunner.run(conf, new SuiteTool(new PrintStream(new ByteArrayOutputStream(), true, "UTF-8")),
          new String[] {"--cluster", "yarn-test", "--scale", "0.0003", "--tasks", "grep", "--variants", "mtp", "--peers",
              "none", "--no-ideal", "--out", new File(dir, "out").toString(), work.toString()});
    } finally {
      System.setErr(saved);
    }
    String printed = err.toString("UTF-8");
    assertEquals(2, rc, printed);
    assertTrue(printed.contains("program 'gen'") && printed.contains(TaskJars.location(GrepJob.class.getName()).toString()), printed);
    assertFalse(work.exists(), "nothing generated");
  }

  /** A jar whose lib/inner.jar holds an entry ENTRY. */
  private File jarWithLib(String name, String entry) throws IOException {
    File inner = new File(dir, name + ".inner");
    try (JarOutputStream j = new JarOutputStream(new FileOutputStream(inner))) {
      j.putNextEntry(new JarEntry(entry));
      j.write(new byte[] {(byte) 0xCA, (byte) 0xFE});
      j.closeEntry();
    }
    File outer = new File(dir, name);
    try (JarOutputStream j = new JarOutputStream(new FileOutputStream(outer))) {
      j.putNextEntry(new JarEntry("lib/inner.jar"));
      j.write(java.nio.file.Files.readAllBytes(inner.toPath()));
      j.closeEntry();
    }
    return outer;
  }
}
