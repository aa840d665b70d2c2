package org.hadoopopt.shmstreaming.io;

import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.streaming.io.IdentifierResolver;

/**
 * Adds the {@code shm} identifier to Streaming's {@code text}, {@code rawbytes},
 * {@code typedbytes} and {@code keyonlytext}: with
 * {@code -D stream.io.identifier.resolver.class=org.hadoopopt.shmstreaming.io.ShmIdentifierResolver},
 * {@code stream.map.input=shm}, {@code stream.map.output=shm}, {@code stream.reduce.input=shm}
 * and {@code stream.reduce.output=shm} (or {@code -io shm}) move records through shared memory.
 * The ring keys are checked here, at submission, so a bad value fails before any task runs.
 */
public class ShmIdentifierResolver extends IdentifierResolver implements Configurable {
  /** The Streaming I/O identifier this resolver adds. */
  public static final String SHM_ID = "shm";
  /** Streaming's key naming the resolver class. */
  public static final String RESOLVER_KEY = "stream.io.identifier.resolver.class";

  private Configuration conf;

  /** Makes {@code shm} available to the job. */
  public static void enable(Configuration conf) {
    conf.set(RESOLVER_KEY, ShmIdentifierResolver.class.getName());
  }

  @Override
  public void resolve(String identifier) {
    if (SHM_ID.equalsIgnoreCase(identifier)) {
      if (conf != null) {
        ShmChannel.validate(conf);
      }
      setInputWriterClass(ShmInputWriter.class);
      setOutputReaderClass(ShmOutputReader.class);
      setOutputKeyClass(Text.class);
      setOutputValueClass(Text.class);
    } else {
      super.resolve(identifier);
    }
  }

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
  }

  @Override
  public Configuration getConf() {
    return conf;
  }
}
