package org.hadoopopt.bench.suite;

import java.io.File;
import java.net.URISyntaxException;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.VersionInfo;
import org.hadoopopt.bench.pavlo.HadoopOptKeys;
import org.hadoopopt.bench.tools.Jobs;

/**
 * Where hadoop-patches' classes are ({@code hadoop-patches/build.sh} writes
 * {@code hadoop-patches/target/VERSION/hadoop-patched-classes-VERSION.jar}) and whether the
 * {@code +patched}, {@code +pfs}, {@code +pfsh} variants can run here. Those jobs run on the local
 * job runner in a child JVM with that jar ahead of Hadoop's ({@link PatchedJvm}): the local runner
 * runs its tasks in the submitting JVM, so Hadoop's {@code MapTask} there is the patched one.
 */
final class PatchedClasses {
  /**
   * {@code hadoopopt.bench.suite.patched.jar}, default: {@code hadoop-patches/target/V/hadoop-patched-classes-V.jar}
   * (V the running Hadoop's version) in the checkout the suite's classes or classpath come from,
   * or in the working folder: the jar of patched Hadoop classes the patched variants run on.
   */
  public static final String JAR = "hadoopopt.bench.suite.patched.jar";

  private PatchedClasses() {}

  /** The configured or found jar (it may not exist; {@link #missing} says so). */
  static File jar(Configuration conf) {
    String set = conf.getTrimmed(JAR, "");
    if (!set.isEmpty()) {
      return new File(set).getAbsoluteFile();
    }
    String rel = "hadoop-patches/target/" + VersionInfo.getVersion() + "/hadoop-patched-classes-"
        + VersionInfo.getVersion() + ".jar";
    for (File root : roots()) {
      for (File d = root; d != null; d = d.getParentFile()) {
        File f = new File(d, rel);
        if (f.isFile()) {
          return f;
        }
      }
    }
    return new File(rel).getAbsoluteFile();
  }

  /** Null when VARIANT's patched run can happen here, else why not (with the command that fixes it). */
  static String missing(Configuration conf, JobVariant v) {
    if (!Jobs.isLocalRunner(conf)) {
      return "the patched variants run on the local job runner, in a JVM with the patched classes first (--cluster local)";
    }
    File jar = jar(conf);
    if (!jar.isFile()) {
      return "hadoop-patches' classes are not built (no " + jar + "): run hadoop-patches/build.sh "
          + VersionInfo.getVersion() + " (or set " + JAR + ")";
    }
    if (v.has(JobVariant.Modifier.PFSH) && HadoopOptKeys.missing(HadoopOptKeys.HASH_COMPARATOR, "mapred-fingerprint") != null) {
      return "the mapred-fingerprint jar (hash mode's comparator) is not on the classpath";
    }
    return null;
  }

  /** Folders to look upwards from: the working folder, and those of this class and of the classpath. */
  private static List<File> roots() {
    List<File> out = new ArrayList<>();
    out.add(new File("").getAbsoluteFile());
    File own = codeSource(PatchedClasses.class);
    if (own != null) {
      out.add(own);
    }
    for (String e : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
      if (!e.isEmpty()) {
        out.add(new File(e).getAbsoluteFile());
      }
    }
    return out;
  }

  /** The jar or folder a class was loaded from, or null. */
  static File codeSource(Class<?> c) {
    CodeSource src = c.getProtectionDomain().getCodeSource();
    if (src == null || src.getLocation() == null) {
      return null;
    }
    try {
      return new File(src.getLocation().toURI());
    } catch (URISyntaxException | IllegalArgumentException e) {
      return null;
    }
  }
}
