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
 *
 * <p>Streaming creates the resolver with {@code ReflectionUtils.newInstance(class, jobConf)}, so
 * {@link #setConf} receives the job's own configuration, after {@code StreamJob} has set the input
 * format and before it sets the mapper: with map input {@code shm} the resolver switches the input
 * format to {@link LineBlockInputFormat} where that is exact ({@link StreamBlocks#planInput}).
 *
 * <p>{@code textblocks} is Streaming's {@code text} over pipes with the same Java-side block
 * handling (block input, block output reader): the comparison point for what the ring itself adds.
 */
public class ShmIdentifierResolver extends IdentifierResolver implements Configurable {
  /** The Streaming I/O identifier this resolver adds. */
  public static final String SHM_ID = "shm";
  /** Streaming's key naming the resolver class. */
  public static final String RESOLVER_KEY = "stream.io.identifier.resolver.class";
  /** Pipes, as {@code text}, with records read and written in blocks on the Java side. */
  public static final String TEXT_BLOCKS_ID = "textblocks";

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
        planInput();
      }
      setInputWriterClass(ShmInputWriter.class);
      setOutputReaderClass(ShmOutputReader.class);
      setOutputKeyClass(Text.class);
      setOutputValueClass(Text.class);
    } else if (TEXT_BLOCKS_ID.equalsIgnoreCase(identifier)) {
      if (conf != null) {
        StreamBlocks.validate(conf);
        planInput();
      }
      setInputWriterClass(org.apache.hadoop.streaming.io.TextInputWriter.class);
      setOutputReaderClass(BlockTextOutputReader.class);
      setOutputKeyClass(Text.class);
      setOutputValueClass(Text.class);
    } else {
      super.resolve(identifier);
    }
  }

  /** Map input through a ring or in blocks: the block input format, where it is exact. */
  private void planInput() {
    String in = conf.get("stream.map.input", "");
    if (in.equalsIgnoreCase(SHM_ID) || in.equalsIgnoreCase(TEXT_BLOCKS_ID)) {
      StreamBlocks.planInput(conf);
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
