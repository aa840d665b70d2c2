package org.hadoopopt.shmstreaming.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.streaming.PipeMapRed;
import org.apache.hadoop.streaming.io.OutputReader;
import org.hadoopopt.shmstreaming.ring.RingConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the Streaming program's output records from a shared-memory ring instead of its stdout,
 * with {@code TextOutputReader}'s semantics: a record is one output line; the key is everything
 * before the {@code stream.num.*.output.key.fields}-th field separator, the value the rest (empty
 * if there is no separator). The ring already framed the record, so there is no line scanning:
 * the record is copied out of the ring in one piece, only the key is searched for the separator,
 * and key and value are set from that copy.
 */
public class ShmOutputReader extends OutputReader<Text, Text> {
  private static final Logger LOG = LoggerFactory.getLogger(ShmOutputReader.class);

  private RingConsumer ring;
  private Path path;
  private byte[] separator;
  private int numKeyFields;
  private final Text key = new Text();
  private final Text value = new Text();
  private boolean finished;
  private boolean any;
  private TaskTurns turns;
  private long records;

  @Override
  public void initialize(PipeMapRed pipeMapRed) throws IOException {
    super.initialize(pipeMapRed);
    Configuration conf = pipeMapRed.getConfiguration();
    Process process = ShmChannel.process(pipeMapRed);
    path = ShmChannel.path(conf, process.pid(), "out");
    // No stall timeout: a program may rightly compute for long without output (grep, reduce).
    ring = new RingConsumer(path.toString(), ShmChannel.create(conf, path), ShmChannel.peer(process), 0);
    ring.setAttachTimeout(ShmChannel.attachTimeout(conf));
    turns = ShmChannel.joinTurns(pipeMapRed);
    ring.setSleepHook(turns.aroundSleep());
    separator = pipeMapRed.getFieldSeparator();
    numKeyFields = pipeMapRed.getNumOfKeyFields();
    drainStdout(pipeMapRed.getClientInput());
  }

  /** Stray prints to stdout must not fill the pipe and block the program. */
  private void drainStdout(java.io.DataInput stdout) {
    Thread t = new Thread(() -> {
      byte[] buf = new byte[8192];
      long total = 0;
      try {
        InputStream s = (InputStream) stdout;
        int n;
        while ((n = s.read(buf)) > 0) {
          total += n;
        }
      } catch (IOException | RuntimeException e) {
        // Streaming closes the stream when the task ends
      }
      if (total > 0) {
        LOG.warn("the external program wrote {} bytes to stdout, which are ignored with shm output", total);
      }
    }, "shm-stdout-drain");
    t.setDaemon(true);
    t.start();
  }

  @Override
  public boolean readKeyValue() throws IOException {
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
      finish();
      return false;
    }
    any = true;
    // One bulk copy out of the ring (nextRecord), then the separator search and the two Text
    // copies run on a heap array (per-byte ByteBuffer reads and a stream per Text cost more than
    // the extra copy). A record in pieces is joined there too.
    byte[] scratch = ring.buffer();
    int pos = find(scratch, 0, len);
    for (int k = 1; k < numKeyFields && pos >= 0; k++) {
      pos = find(scratch, pos + separator.length, len);
    }
    if (pos < 0) {
      key.set(scratch, 0, len);
      value.clear();
    } else {
      key.set(scratch, 0, pos);
      value.set(scratch, pos + separator.length, len - pos - separator.length);
    }
    return true;
  }

  private int find(byte[] b, int from, int end) {
    byte first = separator[0];
    for (int i = from; i <= end - separator.length; i++) {
      if (b[i] == first) {
        int j = 1;
        while (j < separator.length && b[i + j] == separator[j]) {
          j++;
        }
        if (j == separator.length) {
          return i;
        }
      }
    }
    return -1;
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
    return key;
  }

  @Override
  public Text getCurrentValue() {
    return value;
  }

  @Override
  public String getLastOutput() {
    if (!any) {
      return null;
    }
    return key + (value.getLength() > 0 ? new String(separator, StandardCharsets.UTF_8) + value : "");
  }
}
