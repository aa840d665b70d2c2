package org.hadoopopt.compat;

import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.TreeMap;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/** What the plugins show inside this JVM, read without calling their code. */
final class JvmActivity {
  /** Direct I/O's client counters (registered when its builder is first used). */
  static final String DIRECT_IO_BEAN = "Hadoop:service=HadoopOpt,name=DirectIoClient";
  /** Streaming's StreamJob instantiates the resolver named by stream.io.identifier.resolver.class. */
  static final String SHM_RESOLVER = "org.hadoopopt.shmstreaming.io.ShmIdentifierResolver";
  /** Loaded only when a task writes records into a shm ring. */
  static final String SHM_WRITER = "org.hadoopopt.shmstreaming.io.ShmInputWriter";

  private JvmActivity() {}

  /** Every numeric attribute of the direct-I/O bean; empty when it was never registered. */
  static Map<String, Long> directIo() {
    Map<String, Long> out = new TreeMap<>();
    try {
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      ObjectName name = new ObjectName(DIRECT_IO_BEAN);
      if (!server.isRegistered(name)) {
        return out;
      }
      for (MBeanAttributeInfo a : server.getMBeanInfo(name).getAttributes()) {
        Object v = server.getAttribute(name, a.getName());
        if (v instanceof Number) {
          out.put(a.getName(), ((Number) v).longValue());
        }
      }
    } catch (Exception e) {
      out.put("Unreadable", 1L);
    }
    return out;
  }

  /** Whether the application class loader has loaded (not merely can find) the class. */
  static boolean loaded(String className) {
    try {
      Method m = ClassLoader.class.getDeclaredMethod("findLoadedClass", String.class);
      m.setAccessible(true); // surefire's argLine opens java.lang, as Hadoop's tests need
      ClassLoader cl = ClassLoader.getSystemClassLoader();
      for (ClassLoader c = cl; c != null; c = c.getParent()) {
        if (m.invoke(c, className) != null) {
          return true;
        }
      }
      return false;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return false;
    }
  }
}
