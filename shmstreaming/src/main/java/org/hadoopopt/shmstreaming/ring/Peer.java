package org.hadoopopt.shmstreaming.ring;

/** The other side of a ring, asked about when a wait takes long. */
public interface Peer {
  /** Null while the peer can still make progress, else why it cannot (e.g. "exited with code 3"). */
  String whyGone();

  /**
   * Asked only while the peer has not mapped the ring: null, or why it never will (a program that
   * does not use a client library at all), so the task fails at once instead of at the attach timeout.
   */
  default String notAClient() {
    return null;
  }

  /** A peer that is never considered gone (rings between threads, tests). */
  Peer ALWAYS = () -> null;
}
