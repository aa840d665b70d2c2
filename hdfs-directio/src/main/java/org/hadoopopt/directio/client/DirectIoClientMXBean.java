package org.hadoopopt.directio.client;

/** The client counters over JMX: {@code Hadoop:service=HadoopOpt,name=DirectIoClient}. */
public interface DirectIoClientMXBean {
  long getDirectBytes();

  long getDirectOpens();

  long getStreamedBlockReads();

  long getFallbacks();

  long getRefusals();

  long getChecksumExceptions();

  long getCorruptionsConfirmed();

  long getUntrustedEndpoints();

  long getForeignHostReplies();
}
