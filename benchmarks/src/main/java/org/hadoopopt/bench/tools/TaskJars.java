package org.hadoopopt.bench.tools;

import java.io.File;
import java.net.URISyntaxException;
import java.security.CodeSource;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;

/**
 * Ships the jars a variant's tasks need (what {@code -libjars} does: the {@code tmpjars} key),
 * found from where this JVM loaded the classes; {@code bin/hadoopopt} puts them on the client's
 * classpath. The local job runner shares the client's classpath and needs nothing.
 */
public final class TaskJars {
  /** Hadoop's key behind {@code -libjars}. */
  public static final String TMPJARS = "tmpjars";
  /** Mutable decoders and KeyValueSequenceFile, with the JE tuple and protobuf codecs they load. */
  public static final String[] INPUTFORMATS = {org.hadoopopt.inputformats.record.ByteSlice.class.getName(),
      com.sleepycat.bind.tuple.TupleInput.class.getName(), com.google.protobuf.Message.class.getName()};

  private TaskJars() {}

  public static void ship(Configuration conf, String... classNames) {
    if (Jobs.isLocalRunner(conf)) {
      return;
    }
    Set<String> jars = new LinkedHashSet<>(conf.getTrimmedStringCollection(TMPJARS));
    for (String name : classNames) {
      String jar = jarOf(name);
      if (jar != null) {
        jars.add(jar);
      }
    }
    conf.set(TMPJARS, String.join(",", jars));
  }

  /** The jar (as a file: URI) the class came from, or null if it is not in a jar or not loadable. */
  public static String jarOf(String className) {
    File f = location(className);
    return f != null && f.isFile() && f.getName().endsWith(".jar") ? f.toURI().toString() : null;
  }

  /** The jar or folder this JVM loads the class from, or null when it cannot load it (or it is the JVM's own). */
  public static File location(String className) {
    try {
      CodeSource src = Class.forName(className, false, TaskJars.class.getClassLoader())
          .getProtectionDomain().getCodeSource();
      return src == null || src.getLocation() == null ? null : new File(src.getLocation().toURI());
    } catch (ClassNotFoundException | LinkageError | URISyntaxException | IllegalArgumentException e) {
      return null;
    }
  }
}
