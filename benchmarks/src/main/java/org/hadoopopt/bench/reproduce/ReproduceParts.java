package org.hadoopopt.bench.reproduce;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.hadoopopt.bench.micro.MicroPart;

/**
 * The experiments of {@code bin/hadoopopt reproduce}, in run order. Each is a program of its own
 * (run in its own JVM, or with {@code cluster} through {@code bin/hadoop} on the shared HDFS+YARN)
 * that takes {@code --findings FILE} (where it writes its {@link Findings}), {@code --quick} when
 * the run is quick, and its own arguments.
 */
public final class ReproduceParts {
  private ReproduceParts() {}

  /** Every experiment, in the order a run takes them. */
  public static List<MicroPart> all() {
    return Collections.unmodifiableList(Arrays.asList(
        part("energy", "Veiga et al.: energy per job (needs a power meter)", false, EnergyCheck.class, null, null),
        part(LaiShmJobs.PART, "Lai et al.: word count, grep, inverted index over many files, pipes vs shm", false, LaiShmJobs.class, MicroPart::shmSkipReason, LaiShm::shmArgs),
        part(LaiShmTables.PART, "Lai et al.: ring-size and record-size tables, busy-waiting", false, LaiShmTables.class, MicroPart::shmSkipReason, LaiShm::shmArgs)));
  }

  /**
   * An experiment part: {@code extra} adds its own JVM options and arguments (may be null); the
   * {@code --findings} path and {@code --quick} are added here.
   */
  static MicroPart part(String name, String description, boolean cluster, Class<?> main, MicroPart.Check check,
      MicroPart.Command extra) {
    return new MicroPart(name, description, cluster, main, check, (c, jvm, args) -> {
      if (extra != null) {
        extra.fill(c, jvm, args);
      }
      args.add("--findings");
      args.add(c.out("findings/" + name + ".json"));
      if (c.quick) {
        args.add("--quick");
      }
    });
  }
}
