package org.hadoopopt.shmstreaming.io;

import java.io.DataOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.streaming.PipeMapRed;
import org.hadoopopt.shmstreaming.RenamedKeys;
import org.hadoopopt.shmstreaming.ring.NativeShm;
import org.hadoopopt.shmstreaming.ring.Peer;
import org.hadoopopt.shmstreaming.ring.RingLayout;

/**
 * One direction of the channel between a task and its Streaming program: the segment's name,
 * its creation from the job's keys, and the task-side hooks Streaming offers no API for.
 *
 * <p>The segment is {@code <stream.shm.dir>/hadoopopt-shm-<attempt id>-<program pid>.<in|out>}:
 * Streaming builds the program's environment (which carries the attempt id) and starts it
 * before any writer exists, so the only name both sides can derive is one from the attempt and
 * the program's pid. The program unlinks the file once it has mapped it; the task unlinks it
 * too when the stream ends or fails, and at JVM exit, so nothing stays behind in /dev/shm.
 * A name anyone can derive is one another local user can plant first: the segment is created
 * under an unpredictable temporary name and renamed without replacing anything, so a planted
 * name fails the task, and the clients attach only a plain file of their own user ({@link NativeShm}).
 */
public final class ShmChannel {
  /** Bytes of each ring's data area (power of two, 4096 .. 2^30). Default {@value #DEFAULT_BUFFER_SIZE}. */
  public static final String BUFFER_SIZE = "stream.shm.buffer.bytes";
  public static final long DEFAULT_BUFFER_SIZE = 1 << 20;
  static {
    // the module's renamed keys stay readable under their old names
    RenamedKeys.register();
  }
  /** Records between wake-ups of a sleeping peer (> 0). Default {@value #DEFAULT_BATCH_SIZE}. */
  public static final String BATCH_SIZE = "stream.shm.batch.size";
  public static final int DEFAULT_BATCH_SIZE = 1024;
  /**
   * Directory of the segments, a tmpfs; it must belong to the task's user or root and, if others
   * may write to it, have the sticky bit (else the task fails naming this key). Default {@value #DEFAULT_DIR}.
   */
  public static final String DIR = "stream.shm.dir";
  public static final String DEFAULT_DIR = "/dev/shm";

  /**
   * Milliseconds the program's client library waits for its segment to appear (it reads the key
   * from its environment), and the task waits for the program to map it, before either fails
   * (> 0). Default {@value #DEFAULT_ATTACH_TIMEOUT_MS}.
   */
  public static final String ATTACH_TIMEOUT = "stream.shm.attach.timeout.ms";
  public static final long DEFAULT_ATTACH_TIMEOUT_MS = 60_000;

  /** Segments this JVM created and has not deleted, with the file key (device, inode) each had. */
  private static final Map<Path, Object> LIVE = new ConcurrentHashMap<>();
  /** One per running Streaming mapper or reducer whose sides use shm (a JVM may run several). */
  private static final Map<PipeMapRed, TaskTurns> TURNS = Collections.synchronizedMap(new WeakHashMap<>());

  /** Programs with an shm channel that has not ended yet: stopped with their children at JVM exit. */
  private static final Set<Process> PROGRAMS = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      // A task JVM told to stop (SIGTERM from a YARN kill or timeout) ends its programs itself
      // rather than rely on the container's process-group kill, which a program may have left.
      PROGRAMS.forEach(ShmChannel::stopProgram);
      LIVE.keySet().forEach(ShmChannel::delete);
    }, "shm-segment-cleanup"));
  }

  /** Registers a program whose channel is open, for the JVM-exit clean-up. */
  static void programStarted(Process p) {
    PROGRAMS.add(p);
  }

  /** The program's channel ended normally: nothing to stop at JVM exit. */
  static void programFinished(Process p) {
    PROGRAMS.remove(p);
  }

  /**
   * Kills the program and every process under it (SIGKILL). A Streaming command is often a shell
   * or wrapper script running the real program: killing only the process Streaming started
   * would leave that program running, orphaned, still holding its rings. The descendants are
   * listed before the parent dies, since they are re-parented (and no longer found) after.
   */
  static void stopProgram(Process p) {
    PROGRAMS.remove(p);
    java.util.List<ProcessHandle> tree = new java.util.ArrayList<>();
    p.descendants().forEach(tree::add);
    p.destroyForcibly();
    tree.forEach(ProcessHandle::destroyForcibly);
  }

  private ShmChannel() {}

  public static void setBufferSize(Configuration conf, long bytes) {
    conf.setLong(BUFFER_SIZE, RingLayout.checkCapacity(bytes, BUFFER_SIZE));
  }

  public static void setBatchSize(Configuration conf, int records) {
    conf.setInt(BATCH_SIZE, checkBatch(records));
  }

  public static void setAttachTimeout(Configuration conf, long millis) {
    conf.setLong(ATTACH_TIMEOUT, checkAttachTimeout(millis));
  }

  static long checkAttachTimeout(long millis) {
    if (millis <= 0) {
      throw new IllegalArgumentException(ATTACH_TIMEOUT + "=" + millis + " must be > 0");
    }
    return millis;
  }

  /** The attach timeout of the job, checked. */
  static long attachTimeout(Configuration conf) {
    try {
      return checkAttachTimeout(conf.getLong(ATTACH_TIMEOUT, DEFAULT_ATTACH_TIMEOUT_MS));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(ATTACH_TIMEOUT + "=" + conf.get(ATTACH_TIMEOUT) + " is not a number of milliseconds");
    }
  }

  public static void setDir(Configuration conf, String dir) {
    conf.set(DIR, dir);
  }

  static int checkBatch(int records) {
    if (records <= 0) {
      throw new IllegalArgumentException(BATCH_SIZE + "=" + records + " must be > 0");
    }
    return records;
  }

  /** Validates the keys; throws IllegalArgumentException naming the bad key. */
  public static void validate(Configuration conf) {
    long size;
    int batch;
    try {
      size = conf.getLong(BUFFER_SIZE, DEFAULT_BUFFER_SIZE);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(BUFFER_SIZE + "=" + conf.get(BUFFER_SIZE) + " is not a number of bytes");
    }
    try {
      batch = conf.getInt(BATCH_SIZE, DEFAULT_BATCH_SIZE);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(BATCH_SIZE + "=" + conf.get(BATCH_SIZE) + " is not a number of records");
    }
    RingLayout.checkCapacity(size, BUFFER_SIZE);
    checkBatch(batch);
    attachTimeout(conf);
    ShmOutputReader.checkStdout(conf);
    StreamBlocks.validate(conf);
    String turns = conf.getTrimmed(TaskTurns.ENABLED);
    if (turns != null && !turns.equalsIgnoreCase("true") && !turns.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException(TaskTurns.ENABLED + "=" + turns + " is not true or false");
    }
  }

  static Path path(Configuration conf, long pid, String suffix) {
    String attempt = conf.get("mapreduce.task.attempt.id");
    if (attempt == null) {
      throw new IllegalStateException("mapreduce.task.attempt.id is not set: shm streaming runs only inside a task");
    }
    return Paths.get(conf.get(DIR, DEFAULT_DIR), "hadoopopt-shm-" + attempt + "-" + pid + "." + suffix);
  }

  /**
   * Creates and maps the segment of {@code program}'s channel; it is deleted at JVM exit at the
   * latest. If it cannot be made (a bad key, a name already taken, an unsafe folder), the program
   * is stopped: it would otherwise wait for its segment until the attach timeout.
   */
  static ByteBuffer create(Configuration conf, Path path, Process program) throws IOException {
    ByteBuffer segment;
    try {
      validate(conf);
      segment = NativeShm.create(path.toString(), conf.getLong(BUFFER_SIZE, DEFAULT_BUFFER_SIZE),
          conf.getInt(BATCH_SIZE, DEFAULT_BATCH_SIZE));
    } catch (IllegalArgumentException | IOException e) {
      stopProgram(program);
      throw e instanceof IOException ? (IOException) e : new IOException(e.getMessage(), e);
    }
    Object key = fileKey(path);
    if (key != null) { // null: the program attached and unlinked it already
      LIVE.put(path, key);
    }
    return segment;
  }

  private static Object fileKey(Path path) {
    try {
      return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * Deletes the segment this JVM created at {@code path}, if it is still there: once the program
   * has unlinked it, the name is free, and whatever another user put there since is not ours to delete.
   */
  static void delete(Path path) {
    Object key = LIVE.get(path);
    if (key == null) {
      return;
    }
    try {
      if (key.equals(fileKey(path))) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      // nothing better to do; the shutdown hook tries again
      return;
    }
    LIVE.remove(path);
  }

  /** The turns of this mapper's or reducer's two threads; each shm side joins once. */
  static TaskTurns joinTurns(PipeMapRed pipeMapRed) {
    TaskTurns turns = TURNS.computeIfAbsent(pipeMapRed, p -> new TaskTurns(p.getConfiguration()));
    turns.join();
    return turns;
  }

  /** The Streaming program's process (PipeMapRed keeps it in a package-private field). */
  static Process process(PipeMapRed pipeMapRed) throws IOException {
    return (Process) field(pipeMapRed, "sim");
  }

  /**
   * The task's Reporter, for counters: Streaming hands it only to its output thread, whose
   * field this reads (from that thread, once it runs); Reporter.NULL where there is none.
   */
  static Reporter reporter(PipeMapRed pipeMapRed) {
    try {
      Object thread = field(pipeMapRed, "outThread_");
      if (thread != null) {
        Field f = thread.getClass().getDeclaredField("reporter");
        f.setAccessible(true);
        Object r = f.get(thread);
        if (r instanceof Reporter) {
          return (Reporter) r;
        }
      }
    } catch (IOException | ReflectiveOperationException | RuntimeException e) {
      // no counters then; the warning or failure still says it
    }
    return Reporter.NULL;
  }

  static Peer peer(Process p) {
    return () -> p.isAlive() ? null : "the external program (pid " + p.pid() + ") exited with code " + p.exitValue();
  }

  /**
   * The program as the peer of an shm ring on the side that feeds it input: also found out at
   * once if it reads its plain stdin instead of mapping the ring ({@link PlainProgramProbe}).
   */
  static Peer inputPeer(Process p) {
    PlainProgramProbe probe = new PlainProgramProbe(p);
    Peer gone = peer(p);
    return new Peer() {
      @Override
      public String whyGone() {
        return gone.whyGone();
      }

      @Override
      public String notAClient() {
        return probe.check();
      }
    };
  }

  /**
   * Runs {@code onClose} when Streaming closes the program's stdin, which it does when the input
   * ends or the task fails: Streaming gives an InputWriter no close call of its own.
   */
  static void onClientOutputClose(PipeMapRed pipeMapRed, Runnable onClose) throws IOException {
    DataOutputStream original = (DataOutputStream) field(pipeMapRed, "clientOut_");
    OutputStream hooked = new FilterOutputStream(original) {
      private boolean closed;

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
      }

      @Override
      public void close() throws IOException {
        if (!closed) {
          closed = true;
          try {
            onClose.run();
          } finally {
            super.close();
          }
        }
      }
    };
    set(pipeMapRed, "clientOut_", new DataOutputStream(hooked));
  }

  private static Object field(PipeMapRed p, String name) throws IOException {
    try {
      Field f = PipeMapRed.class.getDeclaredField(name);
      f.setAccessible(true);
      return f.get(p);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IOException("this hadoop-streaming has no PipeMapRed." + name + " (ShmStreaming is built for 3.4.x)", e);
    }
  }

  private static void set(PipeMapRed p, String name, Object value) throws IOException {
    try {
      Field f = PipeMapRed.class.getDeclaredField(name);
      f.setAccessible(true);
      f.set(p, value);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IOException("cannot hook PipeMapRed." + name, e);
    }
  }
}
