package org.hadoopopt.bench.suite;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarInputStream;
import org.apache.hadoop.mapred.JobConf;
import org.hadoopopt.bench.pavlo.HadoopOptKeys;
import org.hadoopopt.bench.tools.TaskJars;

/**
 * Whether YARN's containers get the classes a job's tasks load. A container has the cluster's
 * Hadoop, the job jar (the jar on the class path that holds its program's class, as
 * {@code Job.setJarByClass} finds it, with the jars in its {@code lib/}) and the jars shipped with
 * the job ({@link TaskJars}: the jar each named class came from on this client). A class this
 * client loads from a folder reaches no container unless the job jar holds it, and a program no
 * jar holds has no job jar at all. The suite asks before anything
 * runs, so that no job fails halfway on a missing class; the local job runner's tasks run in the
 * client's JVM and need none of this.
 */
final class ContainerClasses {
  private final Map<String, Set<String>> jarClasses = new HashMap<>();

  /**
   * The classes VARIANT's tasks load beyond the program's own: the ones whose jars
   * {@link Execution#configure(org.apache.hadoop.conf.Configuration, JobVariant)} ships (what
   * {@code -libjars} would), the decoders' and each modifier's plugin.
   */
  static List<String> of(JobVariant v) {
    List<String> out = new ArrayList<>();
    if (v.decoder() != JobVariant.Decoder.BASELINE) {
      out.addAll(List.of(TaskJars.INPUTFORMATS));
    }
    if (v.has(JobVariant.Modifier.FP) || v.has(JobVariant.Modifier.FPH)) {
      out.add(HadoopOptKeys.FINGERPRINT_COLLECTOR);
    }
    if (v.has(JobVariant.Modifier.HASH)) {
      out.add(HadoopOptKeys.HASH_GROUP_COLLECTOR);
    }
    if (v.has(JobVariant.Modifier.DIO)) {
      out.add(HadoopOptKeys.DIRECTIO_BUILDER);
    }
    if (v.has(JobVariant.Modifier.PFSH)) {
      out.add(HadoopOptKeys.HASH_COMPARATOR);
    }
    return out;
  }

  /**
   * Null when the jobs of PROGRAM (its class PROGRAM_CLASS) have a job jar, else why not (one line
   * naming the program, its class and the folder it comes from).
   */
  static String jobJarMissing(String program, Class<?> programClass) {
    if (jobJar(programClass) != null) {
      return null;
    }
    return "program '" + program + "' (" + programClass.getName() + ") is loaded from " + origin(programClass.getName())
        + " and no jar on the class path holds it, so its jobs have no job jar and YARN's containers would lack its"
        + " classes; run the suite from the"
        + " benchmarks jar (bin/hadoopopt bench, or hadoop jar hadoopopt-benchmarks-*.jar suite)";
  }

  /**
   * Null when every class of {@link #of VARIANT} reaches the containers of a job of PROGRAM_CLASS
   * (shipped from the jar it came from here, or held by the job jar), else what is missing.
   */
  String missing(JobVariant v, Class<?> programClass) {
    return missing(of(v), programClass);
  }

  /** {@link #missing(JobVariant, Class)} for the classes CLASS_NAMES. */
  String missing(List<String> classNames, Class<?> programClass) {
    String jobJar = jobJar(programClass);
    for (String c : classNames) {
      if (TaskJars.jarOf(c) != null || (jobJar != null && holds(jobJar, c))) {
        continue;
      }
      return "YARN's containers would lack " + c + ": this client loads it from " + origin(c)
          + ", not a jar, so it is not shipped with the job, and the job jar " + (jobJar == null ? "is missing"
          : new File(jobJar).getName() + " does not hold it");
    }
    return null;
  }

  /**
   * The job jar of a job of PROGRAM_CLASS, as {@code Job.setJarByClass} finds it (a jar on the
   * class path holding the class, also when the class itself was loaded from the folder
   * {@code hadoop jar} unpacks the jar into), or null when there is none.
   */
  static String jobJar(Class<?> programClass) {
    JobConf c = new JobConf(false);
    c.setJarByClass(programClass);
    return c.getJar();
  }

  /** Whether JAR (a path) holds CLASS, itself or in one of the jars in its lib/ (where Hadoop puts them on the task's class path). */
  boolean holds(String jar, String className) {
    return jarClasses.computeIfAbsent(jar, ContainerClasses::classesOf).contains(className.replace('.', '/') + ".class");
  }

  /** The class entries of JAR and of the jars in its lib/ (none when it cannot be read). */
  private static Set<String> classesOf(String jar) {
    Set<String> out = new HashSet<>();
    try (JarFile f = new JarFile(jar)) {
      Enumeration<JarEntry> entries = f.entries();
      while (entries.hasMoreElements()) {
        JarEntry e = entries.nextElement();
        if (e.getName().endsWith(".class")) {
          out.add(e.getName());
        } else if (e.getName().startsWith("lib/") && e.getName().endsWith(".jar")) {
          try (InputStream in = f.getInputStream(e); JarInputStream nested = new JarInputStream(in)) {
            for (JarEntry n = nested.getNextJarEntry(); n != null; n = nested.getNextJarEntry()) {
              if (n.getName().endsWith(".class")) {
                out.add(n.getName());
              }
            }
          }
        }
      }
    } catch (IOException | IllegalArgumentException e) {
      out.clear(); // unreadable: it holds nothing the check can rely on
    }
    return out;
  }

  /** Where this client loads CLASS from (a folder), or that it cannot load it. */
  static String origin(String className) {
    File f = TaskJars.location(className);
    return f == null ? "nowhere (it is not on this client's class path)" : f.toString();
  }
}
