package org.hadoopopt.directio.datanode;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Map;

/**
 * The endpoint's open connections, bounded. Those still waiting for their request are kept in
 * accept order (so the oldest deadline is first) and by user. When the table is full, a new caller
 * takes the place of the oldest waiting connection of the user with the most waiting connections:
 * a local user flooding the endpoint with silent connections only ever displaces its own, and an
 * honest caller, whose request follows its connect at once, is served before it could be displaced.
 * Connections handed to a handler count until closed but are never displaced.
 */
final class EndpointConnections {
  private final int max;
  private final LinkedHashSet<EndpointConnection> waiting = new LinkedHashSet<>();
  private final Map<String, ArrayDeque<EndpointConnection>> waitingByUser = new HashMap<>();
  private int open;

  EndpointConnections(int max) {
    this.max = max;
  }

  /**
   * Admits {@code c} as waiting; returns the connection displaced to make room (to be closed by
   * the caller), {@code c} itself if every open connection is with a handler, or null.
   */
  synchronized EndpointConnection admit(EndpointConnection c) {
    EndpointConnection displaced = null;
    if (open >= max) {
      displaced = oldestOfBusiestUser();
      if (displaced == null) {
        return c;
      }
      release(displaced);
    }
    open++;
    waiting.add(c);
    waitingByUser.computeIfAbsent(c.user, u -> new ArrayDeque<>()).addLast(c);
    return displaced;
  }

  private EndpointConnection oldestOfBusiestUser() {
    ArrayDeque<EndpointConnection> busiest = null;
    for (ArrayDeque<EndpointConnection> q : waitingByUser.values()) {
      if (busiest == null || q.size() > busiest.size()) {
        busiest = q;
      }
    }
    return busiest == null ? null : busiest.peekFirst();
  }

  /** {@code c}'s request is complete and goes to a handler: it is no longer displaced or timed out here. */
  synchronized void handedOff(EndpointConnection c) {
    forget(c);
  }

  /** {@code c} is being closed (by whoever closes it); its place is free. Counted once however often called. */
  synchronized void closed(EndpointConnection c) {
    release(c);
  }

  private void release(EndpointConnection c) {
    if (!c.released) {
      c.released = true;
      forget(c);
      open--;
    }
  }

  private boolean forget(EndpointConnection c) {
    if (!waiting.remove(c)) {
      return false;
    }
    ArrayDeque<EndpointConnection> q = waitingByUser.get(c.user);
    q.remove(c);
    if (q.isEmpty()) {
      waitingByUser.remove(c.user);
    }
    return true;
  }

  /** The oldest waiting connection if its deadline has passed at {@code nowNanos}, removed; else null. */
  synchronized EndpointConnection takeExpired(long nowNanos) {
    Iterator<EndpointConnection> it = waiting.iterator();
    if (!it.hasNext()) {
      return null;
    }
    EndpointConnection c = it.next();
    if (c.deadlineNanos - nowNanos > 0) {
      return null;
    }
    release(c);
    return c;
  }

  /** Nanoseconds until the oldest waiting connection's deadline (at least 0), or -1 if none waits. */
  synchronized long nanosToNextDeadline(long nowNanos) {
    Iterator<EndpointConnection> it = waiting.iterator();
    return it.hasNext() ? Math.max(0, it.next().deadlineNanos - nowNanos) : -1;
  }

  /** Connections open now (waiting, draining or with a handler). */
  synchronized int open() {
    return open;
  }
}
