package org.hadoopopt.directio;

import static org.hadoopopt.directio.DirectIoTesting.BLOCK;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.client.HdfsDataInputStream;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.hadoopopt.directio.client.DirectIoStatistics;
import org.hadoopopt.directio.mapreduce.DirectIoCounter;
import org.hadoopopt.directio.mapreduce.ScanInputFormat;
import org.hadoopopt.testing.MiniDfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * One file whose first blocks are on a DataNode with the plugin ("local") and last blocks on one
 * without it (for the client, as good as remote): the first are read directly, the rest streamed,
 * in one stream, with the right bytes everywhere.
 */
class MixedReplicasTest {
  static final Path SOCKETS = DirectIoTesting.socketDir("mixed");

  @RegisterExtension
  static final MiniDfs DFS = new MiniDfs(1, DirectIoTesting.clusterConf(SOCKETS, true));

  @Test
  void directAndStreamedBlocksInOneFile() throws Exception {
    Configuration plain = new HdfsConfiguration(DFS.cluster().getConfiguration(0));
    plain.unset("dfs.datanode.plugins");
    DFS.cluster().startDataNodes(plain, 1, true, null, null);
    DFS.cluster().waitActive();
    List<DataNode> dns = DFS.cluster().getDataNodes();
    DistributedFileSystem fs0 = DFS.cluster().getFileSystem();

    byte[] local = DirectIoTesting.content(11, 2 * BLOCK);
    byte[] remote = DirectIoTesting.content(12, 2 * BLOCK + 4321);
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/mixed/file");
    org.apache.hadoop.fs.Path tail = new org.apache.hadoop.fs.Path("/mixed/tail");
    DirectIoTesting.writeOn(fs0, file, local, new InetSocketAddress("127.0.0.1", dns.get(0).getXferPort()));
    DirectIoTesting.writeOn(fs0, tail, remote, new InetSocketAddress("127.0.0.1", dns.get(1).getXferPort()));
    fs0.concat(file, new org.apache.hadoop.fs.Path[] {tail});

    byte[] all = new byte[local.length + remote.length];
    System.arraycopy(local, 0, all, 0, local.length);
    System.arraycopy(remote, 0, all, local.length, remote.length);
    List<LocatedBlock> blocks = fs0.getClient().getLocatedBlocks(file.toString(), 0).getLocatedBlocks();
    assertEquals(5, blocks.size());
    assertEquals(dns.get(0).getXferPort(), blocks.get(0).getLocations()[0].getXferPort());
    assertEquals(dns.get(1).getXferPort(), blocks.get(4).getLocations()[0].getXferPort());

    long direct = DirectIoStatistics.directBytes();
    try (FileSystem fs = FileSystem.newInstance(DFS.cluster().getURI(), DirectIoTesting.directClient(DFS.conf(), SOCKETS))) {
      try (FSDataInputStream in = fs.open(file)) {
        byte[] got = new byte[all.length];
        in.readFully(got);
        assertArrayEquals(all, got);
        HdfsDataInputStream h = (HdfsDataInputStream) in;
        assertEquals(local.length, h.getReadStatistics().getTotalShortCircuitBytesRead(), "direct: the local blocks");
        assertEquals(all.length, h.getReadStatistics().getTotalBytesRead());
      }
      assertEquals(local.length, DirectIoStatistics.directBytes() - direct);
      DirectIoTesting.checkRandomAccess(fs, file, all, 99);
      byte[] across = new byte[10_000];
      try (FSDataInputStream in = fs.open(file)) {
        in.readFully(local.length - 5000, across);
      }
      assertArrayEquals(java.util.Arrays.copyOfRange(all, local.length - 5000, local.length + 5000), across,
          "positional read from a direct block into a streamed one");
    }

    // The same file through the no-op scan job (LocalJobRunner): the job's counters split it the same way.
    Configuration jobConf = DirectIoTesting.directClient(DFS.conf(), SOCKETS);
    jobConf.set("mapreduce.framework.name", "local");
    jobConf.setBoolean("fs.hdfs.impl.disable.cache", true); // each task's client gets the builder settings
    Job job = Job.getInstance(jobConf, "scan");
    job.setInputFormatClass(ScanInputFormat.class);
    job.setMapperClass(NoOpMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputFormatClass(NullOutputFormat.class);
    FileInputFormat.addInputPath(job, file);
    assertTrue(job.waitForCompletion(false), "scan job");
    Counters c = job.getCounters();
    assertEquals(local.length, c.findCounter(DirectIoCounter.DIRECT_BYTES).getValue(), "job counter: direct");
    assertEquals(remote.length, c.findCounter(DirectIoCounter.STREAMED_BYTES).getValue(), "job counter: streamed");
    assertEquals(0, c.findCounter(DirectIoCounter.FALLBACKS).getValue());
    long records = 0;
    long covered = 0;
    for (org.apache.hadoop.mapreduce.InputSplit split : new ScanInputFormat().getSplits(job)) {
      long len = split.getLength();
      records += (len + ScanInputFormat.CHUNK_BYTES_DEFAULT - 1) / ScanInputFormat.CHUNK_BYTES_DEFAULT;
      covered += len;
    }
    assertEquals(all.length, covered);
    assertEquals(records, c.findCounter(TaskCounter.MAP_INPUT_RECORDS).getValue(), "one record per 128 KB chunk of each split");
  }

  /** Reads its split and does nothing with it: pure read cost. */
  public static class NoOpMapper extends Mapper<LongWritable, NullWritable, NullWritable, NullWritable> {
    @Override
    protected void map(LongWritable key, NullWritable value, Context context) {
      // nothing: the benchmark measures the reader
    }
  }
}
