package org.hadoopopt.fingerprint.collector;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.io.serializer.SerializationFactory;
import org.apache.hadoop.io.serializer.Serializer;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.MapOutputCollector;
import org.apache.hadoop.mapred.MapOutputFile;
import org.apache.hadoop.mapred.MapTask;
import org.apache.hadoop.mapred.SpillRecord;
import org.apache.hadoop.mapred.Task.CombineOutputCollector;
import org.apache.hadoop.mapred.Task.CombinerRunner;
import org.apache.hadoop.mapred.Task.TaskReporter;
import org.apache.hadoop.mapreduce.CryptoUtils;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.util.IndexedSorter;
import org.apache.hadoop.util.QuickSort;
import org.apache.hadoop.util.ReflectionUtils;
import org.hadoopopt.fingerprint.key.BytesEqualGrouping;
import org.hadoopopt.fingerprint.key.Djb2;
import org.hadoopopt.fingerprint.key.FingerprintHashComparator;
import org.hadoopopt.fingerprint.key.KeyFingerprinter;
import org.hadoopopt.fingerprint.key.PrefixFingerprinters;
import org.hadoopopt.fingerprint.sort.KeyComparison;
import org.hadoopopt.fingerprint.sort.QuickRecordSorter;
import org.hadoopopt.fingerprint.sort.RadixRecordSorter;
import org.hadoopopt.fingerprint.sort.RecordIndex;
import org.hadoopopt.fingerprint.sort.RecordSorter;
import org.hadoopopt.fingerprint.sort.StockOrderSorter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A map-output collector that sorts by a fingerprint of each key kept beside the sort metadata.
 * Enable it with {@code mapreduce.job.map.output.collector.class =
 * org.hadoopopt.fingerprint.collector.FingerprintCollector,org.apache.hadoop.mapred.MapTask$MapOutputBuffer}:
 * for jobs it does not support, {@link #init} throws and Hadoop uses the next collector.
 *
 * <p>It leaves what Hadoop's {@code MapOutputBuffer} leaves (one IFile file with a segment per
 * partition plus its index), honours {@code mapreduce.task.io.sort.mb},
 * {@code mapreduce.map.sort.spill.percent}, the map-output codec, the combiner (on every spill,
 * and on the final merge from {@code mapreduce.map.combine.minspills} spills) and the task
 * counters. Spills are written synchronously by the map thread.
 */
public class FingerprintCollector<K, V> implements MapOutputCollector<K, V> {
  private static final Logger LOG = LoggerFactory.getLogger(FingerprintCollector.class);

  /**
   * Fingerprint mode: {@code prefix} (default; order-preserving, output identical to Hadoop's
   * collector) or {@code hash} (djb2; needs {@link FingerprintHashComparator} as the job's sort
   * comparator, keys grouped but not globally sorted).
   */
  public static final String MODE = "hadoopopt.fingerprint.mode";
  /**
   * In-memory sort: {@code stock} (the default in prefix mode: the job's {@code map.sort.class},
   * Hadoop's QuickSort, run over the fingerprints as Hadoop's collector runs it, so records with
   * equal keys keep stock's order and a spill's bytes are stock's), {@code radix} (the default in
   * hash mode, whose key order is not stock's anyway: LSD radix on the fingerprint, the same key
   * order as {@code stock}, equal keys in arrival order) or {@code quick} (a quicksort of its own,
   * the same key order; kept for the benchmark).
   */
  public static final String SORT = "hadoopopt.fingerprint.sort";

  /** The fingerprint modes of {@link #MODE}. */
  public enum Mode { PREFIX, HASH }

  /** The sorts of {@link #SORT}. */
  public enum Sort { STOCK, RADIX, QUICK }

  private static final FsPermission SHUFFLE_OUTPUT_PERM = new FsPermission((short) 0640);

  private JobConf job;
  private TaskReporter reporter;
  private MapTask mapTask;
  private RawLocalFileSystem rfs;
  private int partitions;
  private Class<K> keyClass;
  private Class<V> valClass;
  private RawComparator<K> comparator;
  private Serializer<K> keySerializer;
  private Serializer<V> valSerializer;
  private KeyFingerprinter fingerprinter;
  private RecordSorter sorter;
  private KeyComparison keyComparison;
  private RecordBuffer buffer;
  private SpillWriter<K, V> spillWriter;
  private CombinerRunner<K, V> combiner;
  private CombineOutputCollector<K, V> combineCollector;
  /** Hadoop's summing combiner run on raw bytes ({@link RawSumCombiner}), or null. */
  private RawSumCombiner rawSum;
  /** Text keys and Long/IntWritable values go into the buffer without their serializers ({@link RawWrites}). */
  private boolean textKeys;
  private boolean rawValues;
  private CompressionCodec codec;
  private int spillFilesLimit;
  private final List<Path> spills = new ArrayList<Path>();
  private final List<SpillRecord> spillIndexes = new ArrayList<SpillRecord>();
  private Counters.Counter outputRecords;
  private Counters.Counter outputBytes;
  private Counters.Counter materializedBytes;
  private Counters.Counter spilledRecords;
  private Counters.Counter spillCounter;
  private Counters.Counter sortedCounter;
  private Counters.Counter sortMillis;
  /** Output records and bytes not yet added to their counters (added at each spill: a counter update per record costs). */
  private long pendingRecords;
  private long pendingBytes;
  /** The name the job's collector list knows this collector by (another collector's, when it is a fallback). */
  String listedAs = FingerprintCollector.class.getName();
  /** A decline is logged by the collector that set this one up as its fallback, not here. */
  boolean reportedByCaller;

  /** Sets {@link #MODE} on a job configuration. */
  public static void setMode(Configuration conf, Mode mode) {
    conf.set(MODE, mode.name().toLowerCase(Locale.ROOT));
  }

  /** Sets {@link #SORT} on a job configuration. */
  public static void setSort(Configuration conf, Sort sort) {
    conf.set(SORT, sort.name().toLowerCase(Locale.ROOT));
  }

  /**
   * Makes the job use this collector with Hadoop's own as the fallback, in the given mode; in
   * hash mode also sets {@link FingerprintHashComparator} as the sort comparator.
   */
  public static void enable(Configuration conf, Mode mode) {
    conf.set(MRJobConfig.MAP_OUTPUT_COLLECTOR_CLASS_ATTR,
        FingerprintCollector.class.getName() + "," + MapTask.MapOutputBuffer.class.getName());
    setMode(conf, mode);
    if (mode == Mode.HASH) {
      conf.setClass(MRJobConfig.KEY_COMPARATOR, FingerprintHashComparator.class, RawComparator.class);
    }
  }

  /**
   * Sets the collector up, or declines: every problem found here (an unsupported setting, a
   * class that cannot be loaded or created, an invalid number) is logged as a warning naming it
   * and thrown, so Hadoop tries the next collector of the list instead of failing the task.
   */
  @Override
  public void init(MapOutputCollector.Context context) throws IOException {
    job = context.getJobConf();
    reporter = context.getReporter();
    try {
      setUp(context);
    } catch (CollectorDecline.Declined e) {
      throw e;
    } catch (Exception | LinkageError e) {
      throw decline("it cannot be set up for this job: " + e, e);
    }
  }

  @SuppressWarnings("unchecked")
  private void setUp(MapOutputCollector.Context context) throws IOException, ClassNotFoundException {
    mapTask = context.getMapTask();
    Mode mode = parse(Mode.class, MODE, Mode.PREFIX);
    Sort sort = parse(Sort.class, SORT, mode == Mode.HASH ? Sort.RADIX : Sort.STOCK);
    if (CryptoUtils.isEncryptedSpillEnabled(job)) {
      throw decline("encrypted intermediate data (" + MRJobConfig.MR_ENCRYPTED_INTERMEDIATE_DATA + "=true)"
          + " is not supported");
    }
    float spillPercent = number(MRJobConfig.MAP_SORT_SPILL_PERCENT, () -> job.getFloat(MRJobConfig.MAP_SORT_SPILL_PERCENT, 0.8f));
    if (!(spillPercent > 0f && spillPercent <= 1f)) {
      throw decline("invalid " + MRJobConfig.MAP_SORT_SPILL_PERCENT + "=" + spillPercent + ", must be in (0, 1]");
    }
    int sortMb = number(MRJobConfig.IO_SORT_MB, () -> job.getInt(MRJobConfig.IO_SORT_MB, MRJobConfig.DEFAULT_IO_SORT_MB));
    if ((sortMb & 0x7FF) != sortMb) {
      throw decline("invalid " + MRJobConfig.IO_SORT_MB + "=" + sortMb + ", must be in [0, 2047]");
    }
    spillFilesLimit = number(MRJobConfig.SPILL_FILES_COUNT_LIMIT, () -> job.getInt(MRJobConfig.SPILL_FILES_COUNT_LIMIT, -1));
    keyClass = (Class<K>) job.getMapOutputKeyClass();
    valClass = (Class<V>) job.getMapOutputValueClass();
    SerializationFactory serializations = new SerializationFactory(job);
    keySerializer = serializations.getSerializer(keyClass);
    valSerializer = serializations.getSerializer(valClass);
    if (keySerializer == null || valSerializer == null) {
      throw decline("no serialization in " + "io.serializations" + " for map output "
          + (keySerializer == null ? "key class " + keyClass.getName() : "value class " + valClass.getName()));
    }
    comparator = job.getOutputKeyComparator(); // mapreduce.job.output.key.comparator.class, as stock
    RawComparator<?> ties;
    if (mode == Mode.HASH) {
      if (!(comparator instanceof FingerprintHashComparator)) {
        throw decline(MODE + "=hash needs " + MRJobConfig.KEY_COMPARATOR + "=" + FingerprintHashComparator.class.getName()
            + " (the job sorts with " + comparator.getClass().getName() + ")");
      }
      fingerprinter = Djb2.INSTANCE;
      ties = ((FingerprintHashComparator) comparator).tieComparator();
    } else {
      fingerprinter = PrefixFingerprinters.forKey(keyClass, comparator);
      ties = comparator;
    }
    partitions = job.getNumReduceTasks();
    rfs = (RawLocalFileSystem) FileSystem.getLocal(job).getRaw();
    codec = job.getCompressMapOutput()
        ? ReflectionUtils.newInstance(job.getMapOutputCompressorClass(DefaultCodec.class), job) : null;
    sorter = sorter(sort);
    keyComparison = new KeyComparison(ties, fingerprinter);

    outputRecords = reporter.getCounter(TaskCounter.MAP_OUTPUT_RECORDS);
    outputBytes = reporter.getCounter(TaskCounter.MAP_OUTPUT_BYTES);
    materializedBytes = reporter.getCounter(TaskCounter.MAP_OUTPUT_MATERIALIZED_BYTES);
    spilledRecords = reporter.getCounter(TaskCounter.SPILLED_RECORDS);
    spillCounter = reporter.getCounter(FingerprintCounter.SPILLS);
    sortedCounter = reporter.getCounter(FingerprintCounter.RECORDS_SORTED);
    sortMillis = reporter.getCounter(FingerprintCounter.SORT_MILLIS);
    combiner = CombinerRunner.create(combinerConf(mode), mapTask.getTaskID(),
        reporter.getCounter(TaskCounter.COMBINE_INPUT_RECORDS), reporter, null);
    combineCollector = combiner == null ? null
        : new CombineOutputCollector<K, V>(reporter.getCounter(TaskCounter.COMBINE_OUTPUT_RECORDS), reporter, job);
    rawSum = combiner == null ? null : RawSumCombiner.detect(combinerConf(mode), keyClass, valClass, reporter);
    spillWriter = new SpillWriter<K, V>(job, rfs, keyClass, valClass, codec, partitions, spilledRecords,
        combiner, combineCollector, rawSum);
    textKeys = keyClass == Text.class;
    rawValues = RawWrites.fixedWidthValue(valClass);

    buffer = new RecordBuffer((long) sortMb << 20, spillPercent, sorter, this::sortAndSpill);
    keySerializer.open(buffer);
    valSerializer.open(buffer);
    LOG.info("FingerprintCollector: mode {}, fingerprint {}, {} sort, {}={}, {}={}, combiner {}", mode,
        fingerprinter.describe(), sort, MRJobConfig.IO_SORT_MB, sortMb, MRJobConfig.MAP_SORT_SPILL_PERCENT, spillPercent,
        combiner == null ? "none" : rawSum != null ? rawSum.describe() : "through Hadoop's runner");
  }

  private RecordSorter sorter(Sort sort) {
    switch (sort) {
      case RADIX:
        return new RadixRecordSorter();
      case QUICK:
        return new QuickRecordSorter();
      default:
        return new StockOrderSorter(ReflectionUtils.newInstance(
            job.getClass(MRJobConfig.MAP_SORT_CLASS, QuickSort.class, IndexedSorter.class), job));
    }
  }

  /**
   * The job configuration the combiner runs with: in hash mode, unless the job chose a combiner
   * grouping comparator, {@link BytesEqualGrouping}, because sorted runs have equal keys adjacent
   * and hash mode requires equal keys to serialize equally; it spares two hashes per record.
   */
  private JobConf combinerConf(Mode mode) {
    if (mode != Mode.HASH || job.get(MRJobConfig.COMBINER_GROUP_COMPARATOR_CLASS) != null) {
      return job;
    }
    JobConf conf = new JobConf(job);
    conf.setClass(MRJobConfig.COMBINER_GROUP_COMPARATOR_CLASS, BytesEqualGrouping.class, RawComparator.class);
    return conf;
  }

  @Override
  public synchronized void collect(K key, V value, int partition) throws IOException, InterruptedException {
    reporter.progress();
    if (key.getClass() != keyClass) {
      throw new IOException("Type mismatch in key from map: expected " + keyClass.getName() + ", received "
          + key.getClass().getName());
    }
    if (value.getClass() != valClass) {
      throw new IOException("Type mismatch in value from map: expected " + valClass.getName() + ", received "
          + value.getClass().getName());
    }
    if (partition < 0 || partition >= partitions) {
      throw new IOException("Illegal partition for " + key + " (" + partition + ")");
    }
    RecordBuffer b = buffer;
    b.startRecord();
    int keyLength;
    int recordLength;
    try {
      if (textKeys) {
        b.writeText((Text) key);
      } else {
        keySerializer.serialize(key);
      }
      // lengths, not offsets: a spill during serialization moves the record to the buffer's front
      keyLength = b.position() - b.recordStart();
      if (rawValues) {
        b.writeFixed(value);
      } else {
        valSerializer.serialize(value);
      }
      recordLength = b.position() - b.recordStart();
    } catch (RecordBuffer.RecordTooLargeException e) {
      b.dropRecord();
      spillSingleRecord(key, value, partition, e);
      return;
    }
    long fp = fingerprinter.fingerprint(b.data(), b.recordStart(), keyLength);
    pendingRecords++;
    pendingBytes += recordLength;
    if (b.commit(partition, keyLength, fp)) {
      b.spill();
    }
  }

  private void sortAndSpill() throws IOException {
    outputRecords.increment(pendingRecords);
    outputBytes.increment(pendingBytes);
    pendingRecords = 0;
    pendingBytes = 0;
    RecordIndex index = buffer.index();
    if (index.size() == 0) {
      return;
    }
    if (spillFilesLimit >= 0 && spills.size() + 1 > spillFilesLimit) {
      throw new IOException("Too many spill files got created, control it with "
          + MRJobConfig.SPILL_FILES_COUNT_LIMIT + ", current value: " + spillFilesLimit
          + ", current spill count: " + (spills.size() + 1));
    }
    long t0 = System.nanoTime();
    keyComparison.reset(buffer.data(), index);
    int[] order = sorter.sort(index, keyComparison, fingerprinter.isExact());
    sortMillis.increment((System.nanoTime() - t0) / 1_000_000L);
    Path file = mapTask.getMapOutputFile().getSpillFileForWrite(spills.size(),
        index.end() + (long) partitions * 150);
    try {
      spillIndexes.add(spillWriter.write(file, buffer.data(), index, order, sorter));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while spilling map output", e);
    } catch (ClassNotFoundException e) {
      throw new IOException("combiner class not found while spilling map output", e);
    }
    keyComparison.reset(null, null); // holds no buffer that the next allocation might want
    spills.add(file);
    spillCounter.increment(1);
    sortedCounter.increment(index.size());
    LOG.info("Finished spill {} ({} records)", spills.size() - 1, index.size());
  }

  /**
   * Writes a record larger than the empty buffer as a spill of its own (the buffered records
   * were spilled before it), not through the buffer, as Hadoop's collector does; no combiner
   * for one record. Map output bytes count what it took in the spill file, as Hadoop counts it.
   */
  private void spillSingleRecord(K key, V value, int partition, IOException why) throws IOException {
    LOG.info("Record too large for the in-memory buffer ({}): written as spill {} on its own", why.getMessage(),
        spills.size());
    pendingRecords++;
    Path file = mapTask.getMapOutputFile().getSpillFileForWrite(spills.size(), (long) partitions * 150);
    spillIndexes.add(spillWriter.writeSingle(file, key, value, partition, outputBytes));
    spills.add(file);
    spillCounter.increment(1);
  }

  @Override
  public synchronized void flush() throws IOException, InterruptedException, ClassNotFoundException {
    if (buffer == null) {
      return;
    }
    buffer.spillLast(); // and releases the sort buffer and the sorter's arrays before the merge
    buffer = null;
    MapOutputFile files = mapTask.getMapOutputFile();
    OutputMerger<K, V> merger = new OutputMerger<K, V>(job, rfs, files, keyClass, valClass, codec, partitions,
        spilledRecords);
    Path out = merger.merge(spills, spillIndexes, comparator, fingerprinter, mapTask.getTaskID().toString(), reporter,
        mapTask.getSortPhase(), combiner, combineCollector);
    materializedBytes.increment(rfs.getFileStatus(out).getLen());
    if (!SHUFFLE_OUTPUT_PERM.equals(SHUFFLE_OUTPUT_PERM.applyUMask(FsPermission.getUMask(job)))) {
      rfs.setPermission(out, SHUFFLE_OUTPUT_PERM);
      rfs.setPermission(files.getOutputIndexFile(), SHUFFLE_OUTPUT_PERM);
    }
  }

  @Override
  public void close() {}

  private <E extends Enum<E>> E parse(Class<E> type, String key, E dflt) throws IOException {
    String v = job.getTrimmed(key);
    if (v == null || v.isEmpty()) {
      return dflt;
    }
    try {
      return Enum.valueOf(type, v.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      StringBuilder allowed = new StringBuilder();
      for (E c : type.getEnumConstants()) {
        allowed.append(allowed.length() == 0 ? "" : ", ").append(c.name().toLowerCase(Locale.ROOT));
      }
      throw decline("invalid " + key + "=" + v + " (allowed: " + allowed + ")");
    }
  }

  /** Logs and returns the exception that makes Hadoop try the next collector of the list. */
  private IOException decline(String reason) {
    return decline(reason, null);
  }

  private IOException decline(String reason, Throwable cause) {
    if (reportedByCaller) {
      return CollectorDecline.counted(reason, cause, reporter, FingerprintCounter.DECLINED);
    }
    return CollectorDecline.decline(LOG, "FingerprintCollector", reason, fallback(), cause, reporter, FingerprintCounter.DECLINED);
  }

  /** Reads a number from the job; an unparsable value is a decline naming the key. */
  private <T> T number(String key, java.util.function.Supplier<T> read) throws IOException {
    return CollectorDecline.number(job, key, read, this::decline);
  }

  /**
   * Takes spills written before this collector received its first record (by the hash-grouping
   * collector, going back to sorting) as its own first spills, merged with the rest at flush.
   */
  void adoptSpills(List<Path> files, List<SpillRecord> indexes) {
    if (!spills.isEmpty()) {
      throw new IllegalStateException("spills adopted after " + spills.size() + " spills of its own");
    }
    spills.addAll(files);
    spillIndexes.addAll(indexes);
  }

  /** The collectors listed after this one in the job's collector list. */
  private String fallback() {
    return collectorsAfter(job, listedAs);
  }

  /** The collectors listed after {@code name} in the job's collector list, for decline messages. */
  static String collectorsAfter(JobConf job, String name) {
    String[] names = job.getTrimmedStrings(MRJobConfig.MAP_OUTPUT_COLLECTOR_CLASS_ATTR);
    StringBuilder rest = new StringBuilder();
    boolean after = false;
    for (String n : names) {
      if (after) {
        rest.append(rest.length() == 0 ? "" : ", ").append(n);
      } else if (n.equals(name)) {
        after = true;
      }
    }
    return rest.length() == 0 ? "no other collector (" + MRJobConfig.MAP_OUTPUT_COLLECTOR_CLASS_ATTR
        + " lists none after this one), so the task fails" : rest.toString();
  }
}
