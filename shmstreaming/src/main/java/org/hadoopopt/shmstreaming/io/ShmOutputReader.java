package org.hadoopopt.shmstreaming.io;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.streaming.PipeMapRed;
import org.apache.hadoop.streaming.io.OutputReader;
import org.hadoopopt.shmstreaming.ring.Peer;
import org.hadoopopt.shmstreaming.ring.RingConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the Streaming program's output records from a shared-memory ring instead of its stdout,
 * with {@code TextOutputReader}'s semantics: a record is one output line; the key is everything
 * before the {@code stream.num.*.output.key.fields}-th field separator, the value the rest (empty
 * if there is no separator). The ring already framed the record, so there is no line scanning:
 * the record is copied out of the ring in one piece, only the key is searched for the separator,
 * and key and value are set from that copy. A block of lines ({@code RingLayout.BLOCK}) is split
 * into records as {@code TextOutputReader} splits the pipe ({@link OutputLines}); where the job
 * writes them with the plain {@code TextOutputFormat} and nothing else sees single records (map
 * output without reducers, reduce output), the block goes to the output format in one write
 * ({@link DirectTextBlock}), its records counted as the output format's record counter would.
 */
public class ShmOutputReader extends OutputReader<Text, Object> {
  private static final Logger LOG = LoggerFactory.getLogger(ShmOutputReader.class);

  /**
   * What the task does when the program writes bytes to its plain stdout, which shm output does
   * not carry (over pipes they would be output records): {@code fail} (the default) fails the
   * task, {@code warn} logs a warning; both count the bytes in {@link ShmCounter#STDOUT_BYTES}.
   */
  public static final String STDOUT = "stream.shm.stdout";
  public static final String STDOUT_FAIL = "fail";
  public static final String STDOUT_WARN = "warn";
  /** How long the end of the output waits for the program's stdout to close after the program exited. */
  private static final long STDOUT_GRACE_MS = 2000;
  /**
   * A program still running that has not mapped its ring is taken for a plain program (one that
   * writes its records to stdout) once its stdout carried this much, or once this long passed
   * since its first stdout byte: a client may print a line before it maps the ring, and on a busy
   * host its start-up can take seconds.
   */
  private static final long PLAIN_PROGRAM_BYTES = 64 * 1024;
  private static final long PLAIN_PROGRAM_GRACE_MS = 5_000;

  private RingConsumer ring;
  private Path path;
  private byte[] separator;
  private int numKeyFields;
  private final Text key = new Text();
  private final Text value = new Text();
  private OutputBlocks blocks;
  /** Splits a plain record at its key's end, as a block's records are split. */
  private OutputLines lines;
  private boolean inBlock;
  private boolean finished;
  private boolean any;
  private TaskTurns turns;
  private long records;
  private PipeMapRed pipeMapRed;
  private Process process;
  private boolean failOnStdout;
  private Thread drain;
  private final AtomicLong stdoutBytes = new AtomicLong();
  /** When the first stdout byte came (0: none yet). */
  private volatile long firstStdoutAt;
  private final ByteArrayOutputStream stdoutStart = new ByteArrayOutputStream();

  public static void setStdout(Configuration conf, String policy) {
    conf.set(STDOUT, policy);
    checkStdout(conf);
  }

  /** The policy of {@link #STDOUT}, checked: true = fail. */
  static boolean checkStdout(Configuration conf) {
    String v = conf.getTrimmed(STDOUT, STDOUT_FAIL);
    if (v.equalsIgnoreCase(STDOUT_FAIL)) {
      return true;
    }
    if (v.equalsIgnoreCase(STDOUT_WARN)) {
      return false;
    }
    throw new IllegalArgumentException(STDOUT + "=" + v + " is not " + STDOUT_FAIL + " or " + STDOUT_WARN);
  }

  @Override
  public void initialize(PipeMapRed pipeMapRed) throws IOException {
    super.initialize(pipeMapRed);
    Configuration conf = pipeMapRed.getConfiguration();
    this.pipeMapRed = pipeMapRed;
    try {
      failOnStdout = checkStdout(conf);
    } catch (IllegalArgumentException e) {
      throw new IOException(e.getMessage(), e);
    }
    process = ShmChannel.process(pipeMapRed);
    path = ShmChannel.path(conf, process.pid(), "out");
    // No stall timeout: a program may rightly compute for long without output (grep, reduce).
    Peer gone = ShmChannel.peer(process);
    // A plain program over pipe input writes its records to stdout, not the ring: with the
    // default policy that fails the task anyway, so it fails as soon as the bytes come.
    Peer peer = new Peer() {
      @Override
      public String whyGone() {
        return gone.whyGone();
      }

      @Override
      public String notAClient() {
        long n = stdoutBytes.get();
        boolean plain = n >= PLAIN_PROGRAM_BYTES || !process.isAlive()
            || (n > 0 && System.currentTimeMillis() - firstStdoutAt >= PLAIN_PROGRAM_GRACE_MS);
        return n > 0 && failOnStdout && plain ? "the external program wrote " + n + " bytes to its plain stdout and has not opened "
            + "this shm channel: it does not use the smstream client library. Run it over pipes (-io text, or "
            + "stream.map.output/stream.reduce.output text), or build it against the smstream client (C, C++ or Python)" : null;
      }
    };
    ring = new RingConsumer(path.toString(), ShmChannel.create(conf, path, process), peer, 0);
    ring.setAttachTimeout(ShmChannel.attachTimeout(conf));
    turns = ShmChannel.joinTurns(pipeMapRed);
    ring.setSleepHook(turns.aroundSleep());
    separator = pipeMapRed.getFieldSeparator();
    numKeyFields = pipeMapRed.getNumOfKeyFields();
    blocks = new OutputBlocks(pipeMapRed);
    lines = new OutputLines(separator, numKeyFields);
    drainStdout(pipeMapRed.getClientInput());
  }

  /**
   * Reads the program's plain stdout, which shm output does not carry: prints there must not
   * fill the pipe and block the program, and are counted (and their start kept for the message).
   */
  private void drainStdout(java.io.DataInput stdout) {
    drain = new Thread(() -> {
      byte[] buf = new byte[8192];
      try {
        InputStream s = (InputStream) stdout;
        int n;
        while ((n = s.read(buf)) > 0) {
          if (stdoutBytes.get() < 64) {
            synchronized (stdoutStart) {
              stdoutStart.write(buf, 0, (int) Math.min(n, 64 - stdoutBytes.get()));
            }
          }
          if (firstStdoutAt == 0) {
            firstStdoutAt = System.currentTimeMillis();
          }
          stdoutBytes.addAndGet(n);
        }
      } catch (IOException | RuntimeException e) {
        // Streaming closes the stream when the task ends
      }
    }, "shm-stdout-drain");
    drain.setDaemon(true);
    drain.start();
  }

  /**
   * At the end of the output: waits for the program's stdout to close, as a pipe reader would
   * (bounded once the program has exited: a child it left may hold it), then counts what came
   * there and fails or warns.
   */
  private void endOfStdout() throws IOException {
    turns.give(); // the input thread may still have records to pass while this one waits
    try {
      while (drain.isAlive()) {
        drain.join(100);
        if (!process.isAlive()) {
          drain.join(STDOUT_GRACE_MS);
          break;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    long n = stdoutBytes.get();
    if (n == 0) {
      return;
    }
    ShmChannel.reporter(pipeMapRed).incrCounter(ShmCounter.STDOUT_BYTES, n);
    String start;
    synchronized (stdoutStart) {
      start = new String(stdoutStart.toByteArray(), StandardCharsets.UTF_8);
    }
    String what = path + ": the external program wrote " + n + " bytes to its plain stdout, starting \""
        + start.replace("\n", "\\n") + "\", which shm output does not carry (over pipes they would be output records)";
    if (failOnStdout) {
      throw new IOException(what + "; write output through the smstream client, or set " + STDOUT + "=" + STDOUT_WARN
          + " to only count them (counter " + ShmCounter.STDOUT_BYTES + ")");
    }
    LOG.warn("{}; they are ignored ({}={}) and counted in {}", what, STDOUT, STDOUT_WARN, ShmCounter.STDOUT_BYTES);
  }

  @Override
  public boolean readKeyValue() throws IOException {
    if (inBlock) {
      if (blocks.next()) {
        return true;
      }
      inBlock = false;
    }
    if (finished) {
      return false;
    }
    int len;
    try {
      // This thread comes back from collecting the last record (Hadoop's per-record code), or starts.
      turns.atRecord(++records);
      len = ring.nextRecord();
    } catch (IOException | RuntimeException e) {
      finish();
      throw e;
    }
    if (len < 0) {
      try {
        endOfStdout();
      } finally {
        finish();
      }
      return false;
    }
    any = true;
    if (ring.block()) {
      inBlock = true;
      return blocks.start(ring.buffer(), len);
    }
    inBlock = false;
    // One bulk copy out of the ring (nextRecord), then the separator search and the two Text
    // copies run on a heap array (per-byte ByteBuffer reads and a stream per Text cost more than
    // the extra copy). A record in pieces is joined there too.
    byte[] scratch = ring.buffer();
    int pos = lines.keyEnd(scratch, 0, len);
    if (pos < 0) {
      key.set(scratch, 0, len);
      value.clear();
    } else {
      key.set(scratch, 0, pos);
      value.set(scratch, pos + separator.length, len - pos - separator.length);
    }
    return true;
  }

  private void finish() {
    turns.give();
    if (!finished) {
      finished = true;
      LOG.info("{}: the task's two Streaming threads took turns {} times", path, turns.handoffs());
      ring.closeStream();
      ring.close();
      ShmChannel.delete(path);
    }
  }

  @Override
  public Text getCurrentKey() {
    return inBlock ? blocks.key() : key;
  }

  @Override
  public Object getCurrentValue() {
    return inBlock ? blocks.value() : value;
  }

  @Override
  public String getLastOutput() {
    if (!any) {
      return null;
    }
    if (inBlock) {
      return blocks.last();
    }
    return key + (value.getLength() > 0 ? new String(separator, StandardCharsets.UTF_8) + value : "");
  }
}
