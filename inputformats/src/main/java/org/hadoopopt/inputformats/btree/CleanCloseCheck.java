package org.hadoopopt.inputformats.btree;

import com.sleepycat.je.DbInternal;
import com.sleepycat.je.Environment;
import com.sleepycat.je.dbi.StartupTracker;
import com.sleepycat.je.dbi.StartupTracker.Phase;

/**
 * What JE's recovery did when a tree was opened: how many log entries it read to find the end of
 * the log, how many internal nodes it read, and how many records it had to redo or undo. A tree
 * closed cleanly, with the small tail last ({@link TreeLayout}), reads only the tail: a few dozen
 * entries to find the end of the log, the tail checkpoint's few internal nodes, and redoes only the
 * handful of JE-internal records (utilization summaries) that checkpoint logged; it undoes nothing,
 * and none of this grows with the tree. (The counts come from JE's startup tracker, an internal but
 * public class of the pinned JE 18.3.)
 */
public final class CleanCloseCheck {
  /** More entries than this read or redone mean recovery worked on the tree's data, not just the tail. */
  static final int MAX_TAIL_ENTRIES = 1000;

  final int endOfLogEntries;
  final int insRead;
  final int lnsRedone;
  final int lnsUndone;
  final long rowsCounted;

  CleanCloseCheck(int endOfLogEntries, int insRead, int lnsRedone, int lnsUndone, long rowsCounted) {
    this.endOfLogEntries = endOfLogEntries;
    this.insRead = insRead;
    this.lnsRedone = lnsRedone;
    this.lnsUndone = lnsUndone;
    this.rowsCounted = rowsCounted;
  }

  /** The recovery figures of the just-opened {@code env}. */
  static CleanCloseCheck of(Environment env, long rowsCounted) {
    StartupTracker t = DbInternal.getNonNullEnvImpl(env).getStartupTracker();
    return new CleanCloseCheck(t.getCounter(Phase.FIND_END_OF_LOG).getNumProcessed(),
        t.getCounter(Phase.READ_INS).getNumProcessed() + t.getCounter(Phase.READ_MAP_INS).getNumProcessed(),
        t.getCounter(Phase.REDO_LNS).getNumProcessed() + t.getCounter(Phase.REDO_MAP_LNS).getNumProcessed(),
        t.getCounter(Phase.UNDO_LNS).getNumProcessed() + t.getCounter(Phase.UNDO_MAP_LNS).getNumProcessed(),
        rowsCounted);
  }

  /** Why the tree does not count as cleanly closed with {@code rowsWritten} rows, or null. */
  String problem(long rowsWritten) {
    if (lnsUndone != 0) {
      return "recovery undid records (" + this + ")";
    }
    if (endOfLogEntries > MAX_TAIL_ENTRIES || insRead > MAX_TAIL_ENTRIES || lnsRedone > MAX_TAIL_ENTRIES) {
      return "recovery did more than the tail's checkpoint (" + this + ")";
    }
    if (rowsCounted != rowsWritten) {
      return "a cursor counted " + rowsCounted + " rows, " + rowsWritten + " were written";
    }
    return null;
  }

  public int endOfLogEntries() {
    return endOfLogEntries;
  }

  public int insRead() {
    return insRead;
  }

  public int lnsRedone() {
    return lnsRedone;
  }

  public int lnsUndone() {
    return lnsUndone;
  }

  public long rowsCounted() {
    return rowsCounted;
  }

  @Override
  public String toString() {
    return "end-of-log scan read " + endOfLogEntries + " entries, recovery read " + insRead + " INs, redid " + lnsRedone
        + " and undid " + lnsUndone + " LNs; " + rowsCounted + " rows counted";
  }
}
