package org.hadoopopt.fingerprint.collector;

import java.io.IOException;
import java.util.Set;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.MapOutputCollector;
import org.apache.hadoop.mapred.MapTask;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.util.ReflectionUtils;
import org.slf4j.Logger;

/**
 * A declining collector's way to hand the task on without throwing: MapTask logs every collector
 * whose {@code init} throws at WARN with the exception's stack trace, which a collector listed
 * cluster-wide would print for every map task of every job it does not serve. Instead the
 * declining collector initialises the collectors listed after it itself, in order, as MapTask
 * would (a collector that throws is logged as MapTask logs it and the next one tried), and
 * forwards every call to the first that accepts; the decline is one INFO line naming the reason
 * and the collector that took the task.
 */
final class NextCollector {
  /** Ends every decline line, followed by the class of the collector that took the task. */
  static final String TAKEN_BY = "; map output collector: ";

  private NextCollector() {}

  /**
   * @param declining the declining collector's class name as listed in {@code mapreduce.job.map.output.collector.class}
   * @param reason why it declines (for the log line)
   * @param skip collectors of the list known to decline this task already (not tried again)
   * @return the initialised collector that takes the task
   * @throws IOException when none listed after {@code declining} accepts it (MapTask then reports
   *     the task's collectors as it does for any list that none accepts)
   */
  static <K, V> MapOutputCollector<K, V> take(MapOutputCollector.Context context, String declining, String reason,
      Set<String> skip, Logger log) throws IOException {
    JobConf job = context.getJobConf();
    Class<?>[] listed = job.getClasses(MRJobConfig.MAP_OUTPUT_COLLECTOR_CLASS_ATTR, MapTask.MapOutputBuffer.class);
    int from = listed.length;
    for (int i = 0; i < listed.length; i++) {
      if (listed[i].getName().equals(declining)) {
        from = i + 1;
        break;
      }
    }
    Exception last = null;
    for (int i = from; i < listed.length; i++) {
      Class<?> c = listed[i];
      if (skip.contains(c.getName())) {
        continue;
      }
      if (!MapOutputCollector.class.isAssignableFrom(c)) {
        throw new IOException("Invalid output collector class: " + c.getName() + " (does not implement MapOutputCollector)");
      }
      try {
        @SuppressWarnings("unchecked")
        MapOutputCollector<K, V> next = (MapOutputCollector<K, V>) ReflectionUtils.newInstance(c, job);
        next.init(context);
        log.info("{} declines this task: {}{}{}", simpleName(declining), reason, TAKEN_BY, c.getName());
        return next;
      } catch (Exception e) {
        if (!(e instanceof CollectorDecline.Declined)) { // our collectors have logged their reason
          log.warn("Unable to initialize MapOutputCollector " + c.getName(), e);
        }
        last = e;
      }
    }
    throw new IOException(simpleName(declining) + " declines this task (" + reason + ") and no collector listed after it"
        + " in " + MRJobConfig.MAP_OUTPUT_COLLECTOR_CLASS_ATTR + " takes it", last);
  }

  private static String simpleName(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }
}
