package org.hadoopopt.inputformats.loader;

import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Partitioner;

/** The partition the mapper computed, stored in the key's first 4 bytes. */
public class LoadPartitioner extends Partitioner<BytesWritable, Text> {
  @Override
  public int getPartition(BytesWritable key, Text value, int numPartitions) {
    byte[] k = key.getBytes();
    return ((k[0] & 0xff) << 24 | (k[1] & 0xff) << 16 | (k[2] & 0xff) << 8 | (k[3] & 0xff)) % numPartitions;
  }
}
