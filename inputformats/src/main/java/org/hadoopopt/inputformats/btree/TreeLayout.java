package org.hadoopopt.inputformats.btree;

import java.util.Locale;
import org.apache.hadoop.fs.Path;

/**
 * How a loaded B+-tree partition is stored, in one place. The loader's reducer for partition p
 * builds a Berkeley DB JE environment in a local directory and leaves it as two JE log files:
 *
 * <pre>
 * 00000000.jdb  every record and the whole tree (a checkpoint flushed all of it), then nothing else
 * 00000001.jdb  a small tail: the checkpoint written after a forced log-file flip, and the close
 * </pre>
 *
 * The first goes to {@code DIR/part-NNNNN.jdb} byte for byte (so a map task on the same machine can
 * use the file where it is); the tail, with what the loader found when it reopened the closed tree,
 * goes into the sidecar {@code DIR/_part-NNNNN.jdb.meta} ({@link TreeMeta}; the leading '_' hides
 * it from FileInputFormat). Why the split: JE scans the whole <em>last</em> log file on every open
 * to find the end of the log (checking each entry's checksum); with the tree in a file of its own
 * and a tail of a few KB last, that scan, and the recovery after it, cost the same for any tree size.
 */
public final class TreeLayout {
  private TreeLayout() {}

  /** Suffix of a tree's data file. */
  public static final String SUFFIX = ".jdb";
  /** Suffix of a tree's sidecar (prefixed with '_'). */
  public static final String META_SUFFIX = ".jdb.meta";
  /** JE's name of the log file holding the tree. */
  public static final long DATA_FILE_NUMBER = 0;
  /** The name of the single database in each environment. */
  public static final String DATABASE = "rows";

  /** The data file of partition {@code p}: {@code part-00007.jdb}. */
  public static String dataFileName(int p) {
    return String.format(Locale.ROOT, "part-%05d%s", p, SUFFIX);
  }

  /** Where the sidecar of {@code data} lives. */
  public static Path metaPathFor(Path data) {
    String n = data.getName();
    String base = n.endsWith(SUFFIX) ? n.substring(0, n.length() - SUFFIX.length()) : n;
    return new Path(data.getParent(), "_" + base + META_SUFFIX);
  }

  /** JE's file name of log file {@code number}: eight hex digits and ".jdb". */
  public static String jeFileName(long number) {
    return String.format(Locale.ROOT, "%08x.jdb", number);
  }
}
