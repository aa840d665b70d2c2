package org.hadoopopt.shmstreaming.ring;

/** The other side of a ring, asked about when a wait takes long. */
public interface Peer {
  /** Null while the peer can still make progress, else why it cannot (e.g. "exited with code 3"). */
  String whyGone();

  /** A peer that is never considered gone (rings between threads, tests). */
  Peer ALWAYS = () -> null;
}
