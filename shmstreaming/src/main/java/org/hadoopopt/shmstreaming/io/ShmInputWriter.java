package org.hadoopopt.shmstreaming.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.TextInputFormat;
import org.apache.hadoop.streaming.PipeCombiner;
import org.apache.hadoop.streaming.PipeMapRed;
import org.apache.hadoop.streaming.PipeMapper;
import org.apache.hadoop.streaming.io.InputWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.hadoopopt.shmstreaming.ring.RingLayout;
import org.hadoopopt.shmstreaming.ring.RingProducer;
import org.hadoopopt.shmstreaming.ring.RingSide;

/**
 * Feeds the Streaming program's input through a shared-memory ring instead of its stdin. Each
 * record is what {@code TextInputWriter} would write as one line: the key, the input separator and
 * the value (the value alone where Streaming drops the key, as for TextInputFormat), and a
 * newline. Lines are gathered into blocks ({@link RingLayout#BLOCK}) of up to
 * {@code stream.shm.block.bytes}, which the client splits at newlines exactly as a program reading
 * the pipe would; a value from {@link LineBlockReader} is already many lines. A line longer than
 * a block crosses as one plain record (in pieces if needed). With {@code stream.shm.blocks=false}
 * every record is one plain ring record, copied once straight into the ring.
 */
public class ShmInputWriter extends InputWriter<Object, Object> {
  private static final Logger LOG = LoggerFactory.getLogger(ShmInputWriter.class);
  /**
   * Milliseconds the task waits for room in the ring while the program lives but reads nothing,
   * before it fails. Default {@value #DEFAULT_STALL_TIMEOUT_MS} (Hadoop's task timeout); 0 = forever.
   */
  public static final String STALL_TIMEOUT = "stream.shm.stall.timeout.ms";
  public static final long DEFAULT_STALL_TIMEOUT_MS = 600_000;

  private RingProducer ring;
  private Path path;
  private byte[] separator;
  private boolean ignoreKey;
  private Object key;
  private boolean finished;
  private long stall;
  private Process process;
  private Configuration conf;
  private TaskTurns turns;
  private long records;
  private boolean blocks;
  /** Lines gathered for the next block, and how many bytes of them. */
  private byte[] block;
  private int blockLen;
  private int blockLimit;
  private PipeMapRed pipeMapRed;
  private boolean counted;
  private org.hadoopopt.shmstreaming.ring.Peer peer;

  public static void setStallTimeout(Configuration conf, long millis) {
    if (millis < 0) {
      throw new IllegalArgumentException(STALL_TIMEOUT + "=" + millis + " must be >= 0");
    }
    conf.setLong(STALL_TIMEOUT, millis);
  }

  @Override
  public void initialize(PipeMapRed pipeMapRed) throws IOException {
    super.initialize(pipeMapRed);
    if (pipeMapRed instanceof PipeCombiner) {
      throw new IOException("stream.reduce.input=shm cannot serve a Streaming combiner (-combiner command); "
          + "use a Java combiner or stream.reduce.input=text");
    }
    conf = pipeMapRed.getConfiguration();
    stall = conf.getLong(STALL_TIMEOUT, DEFAULT_STALL_TIMEOUT_MS);
    if (stall < 0) {
      throw new IOException(STALL_TIMEOUT + "=" + stall + " must be >= 0");
    }
    process = ShmChannel.process(pipeMapRed);
    ShmChannel.programStarted(process);
    path = ShmChannel.path(conf, process.pid(), "in");
    peer = ShmChannel.inputPeer(process);
    ring = new RingProducer(path.toString(), ShmChannel.create(conf, path, process), peer, stall);
    ring.setAttachTimeout(ShmChannel.attachTimeout(conf));
    turns = ShmChannel.joinTurns(pipeMapRed);
    ring.setSleepHook(turns.aroundSleep());
    separator = pipeMapRed.getInputSeparator();
    if (pipeMapRed instanceof PipeMapper) {
      // The same rule PipeMapper applies to TextInputWriter (it cannot know we are one).
      boolean textInput = conf.getClass("mapred.input.format.class", TextInputFormat.class).getCanonicalName()
          .equals(TextInputFormat.class.getCanonicalName());
      ignoreKey = conf.getBoolean("stream.map.input.ignoreKey", textInput);
    }
    this.pipeMapRed = pipeMapRed;
    try {
      blocks = StreamBlocks.enabled(conf);
      blockLimit = (int) Math.min(StreamBlocks.blockBytes(conf), ring.maxWholeRecord());
    } catch (IllegalArgumentException e) {
      throw new IOException(e.getMessage(), e);
    }
    block = blocks ? new byte[blockLimit] : null;
    ShmChannel.onClientOutputClose(pipeMapRed, this::finish);
  }

  /** Once the task's reporter exists (with the first record): the record-path fallback, logged and counted. */
  private void countFallback() {
    counted = true;
    String why = conf.get(StreamBlocks.FALLBACK);
    if (why != null && pipeMapRed instanceof PipeMapper) {
      LOG.warn("{}: map input goes one record at a time, not in blocks: {}", path, why);
      ShmChannel.reporter(pipeMapRed).incrCounter(ShmCounter.RECORD_PATH_TASKS, 1);
    }
  }

  @Override
  public void writeKey(Object key) {
    if (!ignoreKey) {
      this.key = key; // written together with its value, as one record
    }
  }

  @Override
  public void writeValue(Object value) throws IOException {
    if (finished) {
      throw new IOException(path + ": the input channel is closed");
    }
    try {
      if (!counted) {
        countFallback();
      }
      turns.atRecord(++records);
      Bytes k = key == null ? null : Bytes.of(key);
      key = null;
      Bytes v = Bytes.of(value);
      if (blocks) {
        if (k == null) {
          addLines(v.bytes, 0, v.length);
        } else {
          addLine(k, v);
        }
        return;
      }
      if (k == null) {
        ring.claim(v.length);
        ring.put(v.bytes, 0, v.length);
      } else {
        ring.claim((long) k.length + separator.length + v.length);
        ring.put(k.bytes, 0, k.length);
        ring.put(separator, 0, separator.length);
        ring.put(v.bytes, 0, v.length);
      }
      ring.commit();
    } catch (IOException | RuntimeException e) {
      abort();
      throw e;
    }
  }

  /** Key, separator and value as one line. */
  private void addLine(Bytes k, Bytes v) throws IOException {
    long len = (long) k.length + separator.length + v.length;
    if (len + 1 > blockLimit) {
      sendBlock();
      ring.claim(len);
      ring.put(k.bytes, 0, k.length);
      ring.put(separator, 0, separator.length);
      ring.put(v.bytes, 0, v.length);
      ring.commit();
      return;
    }
    if (blockLen + len + 1 > blockLimit) {
      sendBlock();
    }
    System.arraycopy(k.bytes, 0, block, blockLen, k.length);
    blockLen += k.length;
    System.arraycopy(separator, 0, block, blockLen, separator.length);
    blockLen += separator.length;
    System.arraycopy(v.bytes, 0, block, blockLen, v.length);
    blockLen += v.length;
    block[blockLen++] = '\n';
  }

  /**
   * {@code b[off, off+len)} and a newline: one line, or several joined by newlines (a value of
   * {@link LineBlockReader}); cut at newlines where it does not fit a block.
   */
  private void addLines(byte[] b, int off, int len) throws IOException {
    while (true) {
      if (blockLen + len + 1 <= blockLimit) {
        System.arraycopy(b, off, block, blockLen, len);
        blockLen += len;
        block[blockLen++] = '\n';
        return;
      }
      // The longest run of whole lines that fits what is left of the block (or a fresh block).
      int room = blockLimit - blockLen;
      int cut = lastNewline(b, off, Math.min(len, room - 1));
      if (cut < 0 && blockLen > 0) {
        sendBlock();
        continue;
      }
      if (cut < 0) { // one line longer than a block: a plain record of its own
        int end = indexOfNewline(b, off, len);
        int n = end < 0 ? len : end - off;
        ring.claim(n);
        ring.put(b, off, n);
        ring.commit();
        if (end < 0) {
          return;
        }
        len -= n + 1;
        off = end + 1;
        continue;
      }
      int n = cut - off + 1; // lines and their newlines
      System.arraycopy(b, off, block, blockLen, n);
      blockLen += n;
      sendBlock();
      off += n;
      len -= n;
    }
  }

  /** The position of the last newline in {@code b[off, off+n)}, or -1. */
  private static int lastNewline(byte[] b, int off, int n) {
    for (int i = off + n - 1; i >= off; i--) {
      if (b[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  private static int indexOfNewline(byte[] b, int off, int n) {
    for (int i = off; i < off + n; i++) {
      if (b[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  private void sendBlock() throws IOException {
    if (blockLen > 0) {
      ring.putBlock(block, 0, blockLen);
      blockLen = 0;
    }
  }

  /**
   * End of input: the program also sees its stdin close right after this. Streaming gives this
   * hook no way to fail but an unchecked exception (it only logs an IOException from closing the
   * program's stdin), and then neither waits for nor stops the program: so a problem found here
   * stops the program and unlinks the output segment before it is thrown.
   */
  private void finish() {
    turns.give();
    if (!finished) {
      try {
        sendBlock();
      } catch (IOException | RuntimeException e) {
        abort();
        throw new UncheckedIOException(e instanceof IOException ? (IOException) e : new IOException(e));
      } finally {
        turns.give(); // the last block may have waited for room, and taken the turn back after
      }
      finished = true;
      ring.closeStream(1);
      // All input may fit in the ring before a slow-starting program maps it: the segment must
      // stay until the program has it (it unlinks it then), is gone, or the attach timeout passed.
      ring.awaitAttached();
      String problem = ring.attached() ? ring.consumerProblem() : notOpened();
      ring.close();
      ShmChannel.delete(path);
      if (problem != null) {
        ShmChannel.delete(ShmChannel.path(conf, process.pid(), "out"));
        ShmChannel.stopProgram(process);
        throw new UncheckedIOException(new IOException(path + ": " + problem));
      }
      ShmChannel.programFinished(process);
    }
  }

  /** Why the program never mapped its ring (all input was written, or it would have failed on room). */
  private String notOpened() {
    String plain = peer.notAClient();
    if (plain != null) {
      return plain;
    }
    String gone = ShmChannel.peer(process).whyGone();
    return RingSide.NOT_OPENED + (gone != null ? " (" + gone + " without mapping it)"
        : " within " + ShmChannel.attachTimeout(conf) + " ms (stream.shm.attach.timeout.ms)") + "; " + RingSide.USE_CLIENT;
  }

  /** The task fails: a program that stopped reading would otherwise keep it waiting forever. */
  private void abort() {
    turns.give();
    if (!finished) {
      finished = true;
      ring.closeStream(2);
      ring.close();
      ShmChannel.delete(path);
      // Streaming fails the task without waiting for its output thread, whose reader would
      // unlink an output segment the program never mapped only on its next wake-up: do it now
      // (the reader's mapping stays valid; a text-output task has no such file).
      ShmChannel.delete(ShmChannel.path(conf, process.pid(), "out"));
      ShmChannel.stopProgram(process); // with its children: a wrapper's program must not outlive the task
    }
  }

  /** A record part's bytes without copying where Streaming's types allow. */
  static final class Bytes {
    final byte[] bytes;
    final int length;

    private Bytes(byte[] bytes, int length) {
      this.bytes = bytes;
      this.length = length;
    }

    static Bytes of(Object o) {
      if (o instanceof Text) {
        Text t = (Text) o;
        return new Bytes(t.getBytes(), t.getLength());
      }
      if (o instanceof BytesWritable) {
        BytesWritable b = (BytesWritable) o;
        return new Bytes(b.getBytes(), b.getLength());
      }
      byte[] b = o.toString().getBytes(StandardCharsets.UTF_8);
      return new Bytes(b, b.length);
    }
  }
}
