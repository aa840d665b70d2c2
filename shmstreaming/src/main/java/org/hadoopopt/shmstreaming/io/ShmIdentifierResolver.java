package org.hadoopopt.shmstreaming.io;

import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.streaming.PipeMapper;
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
 * With {@link #TEXT_AS_BLOCKS} set cluster-wide, every job's {@code text} (also the default when a
 * job names no identifier) is carried as {@code textblocks}: the program sees the same pipe bytes.
 *
 * <p>The map input goes in blocks only when the mapper is a command ({@code PipeMapper}): a Java
 * mapper reads the input format's records itself. {@code StreamJob} resolves the map input before
 * it sets the mapper, and the map output after, so every resolve plans the input once the mapper
 * is known.
 */
public class ShmIdentifierResolver extends IdentifierResolver implements Configurable {
  /** The Streaming I/O identifier this resolver adds. */
  public static final String SHM_ID = "shm";
  /** Streaming's key naming the resolver class. */
  public static final String RESOLVER_KEY = "stream.io.identifier.resolver.class";
  /** Pipes, as {@code text}, with records read and written in blocks on the Java side. */
  public static final String TEXT_BLOCKS_ID = "textblocks";
  /**
   * Whether Streaming's own {@code text} identifier, also the default when a job names none, is
   * carried as {@code textblocks} (the same pipes and bytes; records read and written in blocks on
   * the Java side). Default {@value #DEFAULT_TEXT_AS_BLOCKS}.
   */
  public static final String TEXT_AS_BLOCKS = "stream.shm.text.blocks";
  public static final boolean DEFAULT_TEXT_AS_BLOCKS = false;
  private static final String MAPPER_KEY = "mapred.mapper.class";

  private Configuration conf;

  /** Makes {@code shm} available to the job. */
  public static void enable(Configuration conf) {
    conf.set(RESOLVER_KEY, ShmIdentifierResolver.class.getName());
  }

  @Override
  public void resolve(String identifier) {
    if (conf != null) {
      planInput();
      if (TEXT_ID.equalsIgnoreCase(identifier) && textAsBlocks(conf)) {
        identifier = TEXT_BLOCKS_ID;
      }
    }
    if (SHM_ID.equalsIgnoreCase(identifier)) {
      if (conf != null) {
        ShmChannel.validate(conf);
      }
      setInputWriterClass(ShmInputWriter.class);
      setOutputReaderClass(ShmOutputReader.class);
      setOutputKeyClass(Text.class);
      setOutputValueClass(Text.class);
    } else if (TEXT_BLOCKS_ID.equalsIgnoreCase(identifier)) {
      if (conf != null) {
        StreamBlocks.validate(conf);
      }
      setInputWriterClass(org.apache.hadoop.streaming.io.TextInputWriter.class);
      setOutputReaderClass(BlockTextOutputReader.class);
      setOutputKeyClass(Text.class);
      setOutputValueClass(Text.class);
    } else {
      super.resolve(identifier);
    }
  }

  /**
   * Map input through a ring or in blocks to a mapper command: the block input format, where it
   * is exact. Nothing until the mapper is set; nothing for a Java mapper.
   */
  private void planInput() {
    String in = conf.get("stream.map.input", TEXT_ID);
    boolean blocks = in.equalsIgnoreCase(SHM_ID) || in.equalsIgnoreCase(TEXT_BLOCKS_ID)
        || (in.equalsIgnoreCase(TEXT_ID) && textAsBlocks(conf));
    if (blocks && PipeMapper.class.getName().equals(conf.get(MAPPER_KEY))) {
      StreamBlocks.planInput(conf);
    }
  }

  /** {@link #TEXT_AS_BLOCKS}, checked. */
  static boolean textAsBlocks(Configuration conf) {
    String v = conf.getTrimmed(TEXT_AS_BLOCKS, String.valueOf(DEFAULT_TEXT_AS_BLOCKS));
    if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException(TEXT_AS_BLOCKS + "=" + v + " is not true or false");
    }
    return Boolean.parseBoolean(v);
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
