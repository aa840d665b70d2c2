package org.hadoopopt.fingerprint.collector;

import java.io.IOException;
import java.util.Collections;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.io.DataOutputBuffer;
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
import org.apache.hadoop.mapred.Task.CombineOutputCollector;
import org.apache.hadoop.mapred.Task.CombinerRunner;
import org.apache.hadoop.mapred.Task.TaskReporter;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.util.ReflectionUtils;
import org.hadoopopt.fingerprint.key.BytesEqualGrouping;
import org.hadoopopt.fingerprint.key.Djb2;
import org.hadoopopt.fingerprint.key.FingerprintHashComparator;
import org.hadoopopt.fingerprint.key.KeyFingerprinter;
import org.hadoopopt.fingerprint.key.PrefixFingerprinters;
import org.hadoopopt.fingerprint.sort.KeyComparison;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A map-output collector that groups by hashing instead of sorting, for jobs with a combiner:
 * each record goes into an open-addressing table keyed by its serialized key (and partition),
 * and the job's combiner folds each key's values inside the table whenever the values fill
 * their share of the memory. When folding no longer frees enough, the table's distinct keys are
 * sorted (the fingerprint collector's radix sort, in the job's key order) and written as a spill
 * in the standard IFile format; spills merge into the one map output file as Hadoop's collector
 * merges them, so the shuffle and the reduce side are unchanged.
 *
 * <p>Enable it with {@code mapreduce.job.map.output.collector.class =
 * org.hadoopopt.fingerprint.collector.HashGroupCollector,org.hadoopopt.fingerprint.collector.FingerprintCollector,org.apache.hadoop.mapred.MapTask$MapOutputBuffer}
 * ({@link #enable}). It declines at {@link #init}, without throwing, for a job without a
 * combiner, with a combiner grouping comparator, with an invalid key of its own, or when the
 * fingerprint collector it falls back to cannot run the job: the next collector of the list takes
 * the task (one INFO line naming the reason and that collector; see {@link NextCollector}). During
 * the task it goes back to sorting, through a {@link FingerprintCollector} taking over the
 * records (and any spills written so far), when the first {@link #CHECK_RECORDS} records do not
 * reduce by {@link #MIN_REDUCTION}, when the combiner changes a key, or when one key or value
 * does not fit the table.
 */
public class HashGroupCollector<K, V> implements MapOutputCollector<K, V> {
  private static final Logger LOG = LoggerFactory.getLogger(HashGroupCollector.class);

  /**
   * Share of {@code mapreduce.task.io.sort.mb} the table takes, in (0, 1]; default {@code 1.0}
   * (the table replaces the sort buffer). Keys, values, the probe slots and the spill sort's
   * scratch arrays are all counted in it.
   */
  public static final String MEMORY_PERCENT = "hadoopopt.fingerprint.hashgroup.memory.percent";
  /**
   * Least reduction, in [0, 1], that hashing must show on the task's first
   * {@link #CHECK_RECORDS} records (1 - keys held or spilled by the table / records: a key
   * spilled twice counts twice, as it costs twice) to go on; below it the task
   * goes back to sorting. Default {@code 0.1} (Hive's {@code hive.map.aggr.hash.min.reduction}
   * is the same test, stated as the ratio 0.9 of entries to rows).
   */
  public static final String MIN_REDUCTION = "hadoopopt.fingerprint.hashgroup.min.reduction";
  /** Records after which the reduction is checked (once a task), at least 1; default {@code 100000}. */
  public static final String CHECK_RECORDS = "hadoopopt.fingerprint.hashgroup.check.records";

  static final float DEFAULT_MEMORY_PERCENT = 1.0f;
  static final float DEFAULT_MIN_REDUCTION = 0.1f;
  static final long DEFAULT_CHECK_RECORDS = 100_000L;
  /** A fold that leaves the values fuller than this spills the table. */
  private static final double SPILL_FILL = 0.5;
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
  private final DataOutputBuffer keyBytes = new DataOutputBuffer();
  private final ForwardingStream valueStream = new ForwardingStream();
  /** Text keys and Long/IntWritable values are written without their serializers ({@link RawWrites}). */
  private boolean textKeys;
  private boolean fixedWidthValues;
  private byte[] textKey = new byte[64];
  private KeyFingerprinter fingerprinter;
  private CompressionCodec codec;
  private long tableBudget;
  private float minReduction;
  private long checkRecords;
  private GroupTable table;
  private TableFold<K, V> fold;
  private TableSpills<K, V> spills;
  private CombinerRunner<K, V> foldCombiner;
  private CombinerRunner<K, V> mergeCombiner;
  private CombineOutputCollector<K, V> mergeCollector;
  private FingerprintCollector<K, V> sortFallback;
  /** The collector that took the task when this one declined at init; every call goes to it. */
  private MapOutputCollector<K, V> delegate;
  /** The fingerprint collector declined this task at init (so the list's next one is not tried again). */
  private boolean fallbackDeclined;
  private boolean sorting;
  private boolean checked;
  private long records;
  private Counters.Counter outputRecords;
  private Counters.Counter outputBytes;
  private Counters.Counter materializedBytes;
  private Counters.Counter spilledRecords;
  private Counters.Counter hashed;
  private Counters.Counter folds;
  private long pendingRecords;
  private long pendingBytes;
  /** Hadoop's summing combiner, applied as each record arrives (the key's one value is its running sum), or null. */
  private RawSumCombiner rawSum;
  private long pendingSums;
  /** Text keys in the raw-sum mode wait here to be probed in batches; null otherwise. */
  private ProbeBatch batch;
  /** Sum of the slots touched ahead of probing (kept so the loads are not dropped). */
  private long touched;

  /**
   * Makes the job use this collector, with the fingerprint collector (prefix mode unless the job
   * chose otherwise) and Hadoop's own as the fallbacks of the list.
   */
  public static void enable(Configuration conf) {
    conf.set(MRJobConfig.MAP_OUTPUT_COLLECTOR_CLASS_ATTR, HashGroupCollector.class.getName() + ","
        + FingerprintCollector.class.getName() + "," + MapTask.MapOutputBuffer.class.getName());
  }

  /** Sets {@link #MEMORY_PERCENT}. */
  public static void setMemoryPercent(Configuration conf, float share) {
    conf.setFloat(MEMORY_PERCENT, share);
  }

  /** Sets {@link #MIN_REDUCTION}. */
  public static void setMinReduction(Configuration conf, float reduction) {
    conf.setFloat(MIN_REDUCTION, reduction);
  }

  /** Sets {@link #CHECK_RECORDS}. */
  public static void setCheckRecords(Configuration conf, long n) {
    conf.setLong(CHECK_RECORDS, n);
  }

  /**
   * Sets the collector up, or declines without throwing: a job it cannot help (no combiner, a
   * combiner grouping comparator, an invalid key of its own, one the fingerprint collector
   * declines) is handed to the next collector of the list that accepts it ({@link NextCollector}:
   * one INFO line naming the reason and that collector, {@link HashGroupCounter#DECLINED}), and
   * every call goes to that collector. A failure while setting up is logged at WARN with its
   * cause and handed on the same way.
   */
  @Override
  public void init(MapOutputCollector.Context context) throws IOException {
    job = context.getJobConf();
    reporter = context.getReporter();
    String reason;
    try {
      setUp(context);
      return;
    } catch (CollectorDecline.Declined e) {
      reason = e.getMessage();
    } catch (Exception | LinkageError e) {
      reason = "it cannot be set up for this job: " + e;
      LOG.warn("HashGroupCollector cannot be set up for this task", e);
    }
    if (reporter != null) {
      reporter.getCounter(HashGroupCounter.DECLINED).increment(1);
    }
    Set<String> skip = fallbackDeclined ? Collections.singleton(FingerprintCollector.class.getName())
        : Collections.<String>emptySet();
    sortFallback = null;
    batch = null;
    delegate = NextCollector.take(context, HashGroupCollector.class.getName(), reason, skip, LOG);
    sorting = true;
  }

  @SuppressWarnings("unchecked")
  private void setUp(MapOutputCollector.Context context) throws IOException, ClassNotFoundException {
    mapTask = context.getMapTask();
    float share = number(MEMORY_PERCENT, () -> job.getFloat(MEMORY_PERCENT, DEFAULT_MEMORY_PERCENT));
    if (!(share > 0f && share <= 1f)) {
      throw decline("invalid " + MEMORY_PERCENT + "=" + job.get(MEMORY_PERCENT) + ", must be in (0, 1]");
    }
    minReduction = number(MIN_REDUCTION, () -> job.getFloat(MIN_REDUCTION, DEFAULT_MIN_REDUCTION));
    if (!(minReduction >= 0f && minReduction <= 1f)) {
      throw decline("invalid " + MIN_REDUCTION + "=" + job.get(MIN_REDUCTION) + ", must be in [0, 1]");
    }
    checkRecords = number(CHECK_RECORDS, () -> job.getLong(CHECK_RECORDS, DEFAULT_CHECK_RECORDS));
    if (checkRecords < 1) {
      throw decline("invalid " + CHECK_RECORDS + "=" + job.get(CHECK_RECORDS) + ", must be at least 1");
    }
    if (job.get(MRJobConfig.COMBINER_GROUP_COMPARATOR_CLASS) != null) {
      throw decline("the job sets a combiner grouping comparator (" + MRJobConfig.COMBINER_GROUP_COMPARATOR_CLASS
          + "), whose groups need sorted input");
    }
    keyClass = (Class<K>) job.getMapOutputKeyClass();
    valClass = (Class<V>) job.getMapOutputValueClass();
    JobConf foldConf = new JobConf(job);
    foldConf.setClass(MRJobConfig.COMBINER_GROUP_COMPARATOR_CLASS, BytesEqualGrouping.class, RawComparator.class);
    foldCombiner = CombinerRunner.create(foldConf, mapTask.getTaskID(),
        reporter.getCounter(TaskCounter.COMBINE_INPUT_RECORDS), reporter, null);
    if (foldCombiner == null) {
      throw decline("the job has no combiner (" + MRJobConfig.COMBINE_CLASS_ATTR + " / mapred.combiner.class),"
          + " so hashing has nothing to fold");
    }
    try {
      rawSum = RawSumCombiner.detect(foldConf, job.getMapOutputKeyClass(), job.getMapOutputValueClass(), reporter);
    } catch (IllegalArgumentException e) {
      throw decline(e.getMessage());
    }
    if (rawSum != null && job.getMapOutputKeyClass() == Text.class) {
      batch = new ProbeBatch(job.getMapOutputValueClass());
    }
    // the fallback is set up now so that a job it cannot run is declined before any record
    sortFallback = new FingerprintCollector<K, V>();
    sortFallback.listedAs = HashGroupCollector.class.getName();
    sortFallback.reportedByCaller = true;
    try {
      sortFallback.init(context);
    } catch (IOException e) {
      fallbackDeclined = e instanceof CollectorDecline.Declined;
      throw decline("so does the fingerprint collector it falls back to (" + e.getMessage() + ")");
    }
    int sortMb = job.getInt(MRJobConfig.IO_SORT_MB, MRJobConfig.DEFAULT_IO_SORT_MB); // validated by the fallback
    tableBudget = (long) (((long) sortMb << 20) * (double) share);
    SerializationFactory serializations = new SerializationFactory(job);
    keySerializer = serializations.getSerializer(keyClass);
    valSerializer = serializations.getSerializer(valClass);
    keySerializer.open(keyBytes);
    textKeys = keyClass == Text.class;
    fixedWidthValues = RawWrites.fixedWidthValue(valClass);
    valSerializer.open(valueStream);
    comparator = job.getOutputKeyComparator();
    RawComparator<?> ties = comparator;
    if (comparator instanceof FingerprintHashComparator) {
      fingerprinter = Djb2.INSTANCE;
      ties = ((FingerprintHashComparator) comparator).tieComparator();
    } else {
      fingerprinter = PrefixFingerprinters.forKey(keyClass, comparator);
    }
    partitions = job.getNumReduceTasks();
    rfs = (RawLocalFileSystem) FileSystem.getLocal(job).getRaw();
    codec = job.getCompressMapOutput()
        ? ReflectionUtils.newInstance(job.getMapOutputCompressorClass(DefaultCodec.class), job) : null;
    outputRecords = reporter.getCounter(TaskCounter.MAP_OUTPUT_RECORDS);
    outputBytes = reporter.getCounter(TaskCounter.MAP_OUTPUT_BYTES);
    materializedBytes = reporter.getCounter(TaskCounter.MAP_OUTPUT_MATERIALIZED_BYTES);
    spilledRecords = reporter.getCounter(TaskCounter.SPILLED_RECORDS);
    hashed = reporter.getCounter(HashGroupCounter.RECORDS_HASHED);
    folds = reporter.getCounter(HashGroupCounter.COMBINER_FOLDS);
    mergeCombiner = CombinerRunner.create(job, mapTask.getTaskID(),
        reporter.getCounter(TaskCounter.COMBINE_INPUT_RECORDS), reporter, null);
    mergeCollector = new CombineOutputCollector<K, V>(reporter.getCounter(TaskCounter.COMBINE_OUTPUT_RECORDS),
        reporter, job);
    spills = new TableSpills<K, V>(mapTask.getMapOutputFile(), fingerprinter, new KeyComparison(ties, fingerprinter),
        new TableSpillWriter<K, V>(job, rfs, keyClass, valClass, codec, partitions, spilledRecords), partitions,
        reporter.getCounter(HashGroupCounter.TABLE_SPILLS));
    LOG.info("HashGroupCollector: table of {} bytes ({}={} of {}={}), {}={}, {}={}, sort fingerprint {}",
        tableBudget, MEMORY_PERCENT, share, MRJobConfig.IO_SORT_MB, sortMb, MIN_REDUCTION, minReduction,
        CHECK_RECORDS, checkRecords, fingerprinter.describe());
  }

  @Override
  public synchronized void collect(K key, V value, int partition) throws IOException, InterruptedException {
    if (sorting) {
      if (delegate != null) {
        delegate.collect(key, value, partition);
      } else {
        sortFallback.collect(key, value, partition);
      }
      return;
    }
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
    if (table == null) {
      table = new GroupTable(new GroupTable.Layout(tableBudget, rawSum != null));
      valueStream.target = table.current.arena;
      fold = new TableFold<K, V>(table, valueStream, valSerializer,
          new SerializationFactory(job).getSerializer(keyClass),
          reporter.getCounter(TaskCounter.COMBINE_OUTPUT_RECORDS), combinerName());
    }
    if (batch != null) {
      if (batch.add((Text) key, rawSum.valueOf(value), partition)) {
        drainBatch();
      }
      return;
    }
    byte[] kb;
    int kl;
    if (textKeys) {
      kb = textKey = RawWrites.writeText((Text) key, textKey);
      kl = RawWrites.textLength((Text) key);
    } else {
      keyBytes.reset();
      keySerializer.serialize(key);
      kb = keyBytes.getData();
      kl = keyBytes.getLength();
    }
    collectBytes(key, value, kb, 0, kl, partition, GroupTable.hash(kb, 0, kl, partition), -1);
  }

  /** Probes the batch's slots first, then adds its records in order ({@link ProbeBatch}). */
  @SuppressWarnings("unchecked")
  private void drainBatch() throws IOException, InterruptedException {
    ProbeBatch b = batch;
    int n = b.size;
    if (table != null && !sorting) {
      touched += b.probe(table, rawSum.width());
    }
    for (int i = 0; i < n; i++) {
      int known = sorting ? -1 : b.entry(i, table);
      if (known >= 0 && table.current.size == table.entries) {
        // the common case, a key the table holds while every entry is its running sum: no key or
        // value object is made for it
        addToSum(known, b.value[i], b.length[i]);
        continue;
      }
      K k = (K) b.key(i);
      V v = (V) b.value(i);
      if (sorting) {
        sortFallback.collect(k, v, b.partition[i]);
      } else {
        collectBytes(k, v, b.bytes, b.offset[i], b.length[i], b.partition[i], b.hash[i], known);
      }
    }
    b.clear();
  }

  /** Adds V to entry E's running sum, as the summing combiner would; the record's key is KL bytes. */
  private void addToSum(int e, long v, int kl) throws IOException, InterruptedException {
    rawSum.addInPlace(table, e, v);
    pendingRecords++;
    pendingBytes += kl + rawSum.width();
    pendingSums++;
    if (++records == checkRecords && !checked) {
      checkReduction();
    }
  }

  /**
   * Adds a record whose key is serialized at {@code kb[ko, ko + kl)}, of probe hash H, whose entry
   * is KNOWN when not negative (found by {@link ProbeBatch#probe}).
   */
  private void collectBytes(K key, V value, byte[] kb, int ko, int kl, int partition, int h, int known)
      throws IOException, InterruptedException {
    if (known < 0 && !table.canEverHold(kl)) {
      fallBack("a key of " + kl + " bytes is larger than the table's key arena (" + table.keys.capacity()
          + " bytes; raise " + MRJobConfig.IO_SORT_MB + " or " + MEMORY_PERCENT + ")");
      sortFallback.collect(key, value, partition);
      return;
    }
    int e = known >= 0 ? known : table.find(kb, ko, kl, partition, h);
    if (e < 0 && !table.hasRoomFor(kl)) {
      spillTable();
      if (sorting) {
        sortFallback.collect(key, value, partition);
        return;
      }
      e = table.find(kb, ko, kl, partition, h);
    }
    // with as many values as entries every entry holds exactly its one value (each is linked once
    // at insert, and sums in place never chain or fold): no read of its count, another cache miss
    if (rawSum != null && e >= 0 && (table.current.size == table.entries || table.current.count[e] == 1)) {
      // the key's one value is its running sum: add this one to it, as the summing combiner would
      addToSum(e, rawSum.valueOf(value), kl);
      return;
    }
    ValueStore store;
    int mark;
    for (int attempt = 0;; attempt++) {
      store = table.current;
      mark = store.mark();
      if (!store.slotsFull()) {
        try {
          if (fixedWidthValues) {
            RawWrites.writeValue(value, store.arena);
          } else {
            valSerializer.serialize(value);
          }
          break;
        } catch (ByteArena.Full full) {
          store.rollback(mark);
        }
      }
      if (attempt == 0) {
        makeRoom();
      } else if (attempt == 1 && table.entries > 0) {
        spillTable();
      } else {
        fallBack("a value larger than the table's value arena (" + table.current.arena.capacity() + " bytes)");
      }
      if (sorting) {
        sortFallback.collect(key, value, partition);
        return;
      }
      e = table.find(kb, ko, kl, partition, h);
    }
    if (e < 0) {
      e = table.insert(e, kb, ko, kl, partition, h, fingerprinter.fingerprint(kb, ko, kl));
    }
    store.link(e, mark);
    pendingRecords++;
    pendingBytes += kl + store.arena.size - mark;
    if (++records == checkRecords && !checked) {
      checkReduction();
    }
  }

  /** Adds the records collected since the last call to the counters (once per spill, not per record). */
  private void countPending() {
    outputRecords.increment(pendingRecords);
    outputBytes.increment(pendingBytes);
    hashed.increment(pendingRecords);
    if (pendingSums > 0) {
      reporter.getCounter(HashGroupCounter.RAW_SUMS).increment(pendingSums);
      reporter.getCounter(TaskCounter.COMBINE_INPUT_RECORDS).increment(pendingSums);
    }
    pendingRecords = 0;
    pendingBytes = 0;
    pendingSums = 0;
  }

  private String combinerName() {
    return job.get(MRJobConfig.COMBINE_CLASS_ATTR, job.get("mapred.combiner.class", "of the job"));
  }

  /** The values are full: fold them, and spill the table when folding does not free enough. */
  private void makeRoom() throws IOException, InterruptedException {
    if (table.hasGroups()) {
      if (!tryFold()) {
        return;
      }
      if (table.current.fill() <= SPILL_FILL) {
        return;
      }
    }
    spillTable();
  }

  /**
   * Runs one fold. @return false when the combiner changed a key: the task has then gone back to
   * sorting (the values as they were before the fold)
   */
  private boolean tryFold() throws IOException, InterruptedException {
    try {
      folds.increment(fold.run(foldCombiner));
      return true;
    } catch (TableFold.KeyChanged e) {
      fallBack(e.getMessage() + "; a combiner must keep its input key");
      return false;
    } catch (TableFold.Overflow e) {
      return true; // left unfolded: the caller spills what it could not fold
    } catch (ClassNotFoundException e) {
      throw new IOException("combiner class not found while folding map output", e);
    }
  }

  /** At the check point: go on hashing only when the records reduce by at least {@link #MIN_REDUCTION}. */
  private void checkReduction() throws IOException, InterruptedException {
    checked = true;
    if (table.hasGroups() && !tryFold()) {
      return;
    }
    long distinct = spills.distinctKeys() + table.entries;
    double reduction = 1.0 - distinct / (double) records;
    if (reduction < minReduction) {
      fallBack(String.format(java.util.Locale.ROOT,
          "the first %d records left %d keys in the table and its spills, a reduction of %.3f, under %s=%s", records, distinct,
          reduction, MIN_REDUCTION, minReduction));
    } else {
      LOG.info("Hash grouping goes on: the first {} records left {} keys in the table and its spills", records, distinct);
    }
  }

  /** Folds (when that reduces) and spills the table; the task may have gone back to sorting after. */
  private void spillTable() throws IOException, InterruptedException {
    if (table.entries == 0) {
      return;
    }
    if (table.hasGroups() && !tryFold()) {
      return;
    }
    writeTableSpill();
  }

  private void writeTableSpill() throws IOException {
    countPending();
    if (table.entries == 0) {
      return;
    }
    spills.write(table);
  }

  /**
   * Goes back to sorting for the rest of the task: before any spill the table's records are
   * handed to the fingerprint collector as records (copied out compactly first and the table
   * dropped, so the two never hold their full memory together); after a spill, the table is
   * spilled as it is and the fingerprint collector merges those spills with its own.
   */
  private void fallBack(String reason) throws IOException, InterruptedException {
    LOG.warn("HashGroupCollector goes back to sorting for this task: {}; FingerprintCollector takes over{}",
        reason, spills.isEmpty() ? " the records hashed so far"  : " with the table's spills");
    reporter.getCounter(HashGroupCounter.FALLBACKS_TO_SORT).increment(1);
    sorting = true;
    if (table == null) {
      return;
    }
    if (!spills.isEmpty()) {
      writeTableSpill();
      sortFallback.adoptSpills(spills.paths(), spills.indexes());
      dropTable();
    } else {
      countPending();
      DataOutputBuffer copied = TableRecords.copyOut(table);
      dropTable(); // the records are out: the fingerprint collector may now take the memory
      long[] replayed = TableRecords.replay(copied, job, keyClass, valClass, sortFallback);
      outputRecords.increment(-replayed[0]); // counted again by the fingerprint collector
      outputBytes.increment(-replayed[1]);
    }
    spills.release();
  }

  private void dropTable() {
    table = null;
    fold = null;
    valueStream.target = null;
  }

  @Override
  public synchronized void flush() throws IOException, InterruptedException, ClassNotFoundException {
    if (batch != null && batch.size > 0) {
      drainBatch();
    }
    if (!sorting && table != null) {
      spillTable();
    }
    if (sorting) {
      if (delegate != null) {
        delegate.flush();
      } else {
        sortFallback.flush();
      }
      return;
    }
    countPending();
    dropTable();
    spills.release();
    MapOutputFile files = mapTask.getMapOutputFile();
    OutputMerger<K, V> merger = new OutputMerger<K, V>(job, rfs, files, keyClass, valClass, codec, partitions,
        spilledRecords);
    Path out = merger.merge(spills.paths(), spills.indexes(), comparator, fingerprinter, mapTask.getTaskID().toString(),
        reporter, mapTask.getSortPhase(), mergeCombiner, mergeCollector);
    materializedBytes.increment(rfs.getFileStatus(out).getLen());
    if (!SHUFFLE_OUTPUT_PERM.equals(SHUFFLE_OUTPUT_PERM.applyUMask(FsPermission.getUMask(job)))) {
      rfs.setPermission(out, SHUFFLE_OUTPUT_PERM);
      rfs.setPermission(files.getOutputIndexFile(), SHUFFLE_OUTPUT_PERM);
    }
  }

  @Override
  public void close() throws IOException, InterruptedException {
    if (delegate != null) {
      delegate.close();
    } else if (sortFallback != null) {
      sortFallback.close();
    }
  }

  /** The exception {@link #init} catches to hand the task on (logged and counted there). */
  private IOException decline(String reason) {
    return new CollectorDecline.Declined(reason, null);
  }

  /** Reads a number from the job; an unparsable value is a decline naming the key. */
  private <T> T number(String key, java.util.function.Supplier<T> read) throws IOException {
    return CollectorDecline.number(job, key, read, this::decline);
  }
}
