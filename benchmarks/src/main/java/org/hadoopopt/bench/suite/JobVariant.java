package org.hadoopopt.bench.suite;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.hadoopopt.bench.results.SuiteResults;

/**
 * A job variant: the suite's way of running a task, a decoder (the program's {@code --variant}) plus
 * modifiers that only set keys ({@code +fp}, {@code +fph}, {@code +hash}, {@code +dio}, {@code +jiang}) or run the job on
 * Hadoop with hadoop-patches' classes ({@code +patched}, {@code +pfs}, {@code +pfsh}); written like
 * {@code bdb+fph+dio}.
 */
public final class JobVariant {
  /**
   * The program's {@code --variant} value, and which input copy it reads (selection and aggregation
   * read theirs as {@link org.hadoopopt.bench.pavlo.jobs.MutableVariants.Decoder}).
   */
  public enum Decoder {
    BASELINE(SuiteResults.BASELINE, Input.TEXT), MT("mt", Input.TEXT), BDB("bdb", Input.KVSF),
    MTI("mti", Input.LOADED_TEXT), BDBI("bdbi", Input.LOADED_KVSF),
    BDBTREE("bdbtree", Input.LOADED_BDBTREE),
    SIMPLE_INDEX("simple-index", Input.LOADED_TEXT), PARTITION("partition", Input.LOADED_TEXT),
    /** mt / bdb with the scan's filter pushed into the record reader. */
    MTP("mtp", Input.TEXT), BDBP("bdbp", Input.KVSF),
    /** Pages, not records: the text, or the loaded KVSF copy through its index, a page of column vectors at a time. */
    MTV("mtv", Input.TEXT), BDBIV("bdbiv", Input.LOADED_KVSF),
    /**
     * The join's visits in range through UserVisits' loaded KVSF copy and its visitDate index, each
     * pageRank looked up by key in Rankings loaded sorted and indexed on pageURL ({@link Input#LOADED_KVSF_BY_KEY}).
     */
    LOOKUP("lookup", Input.LOADED_KVSF);

    final String label;
    final Input input;

    Decoder(String label, Input input) {
      this.label = label;
      this.input = input;
    }

    public String label() {
      return label;
    }

    /** The copy the decoder reads of most tables (see {@link #input(String)}). */
    public Input input() {
      return input;
    }

    /** The copy the decoder reads of TABLE: lookup reads Rankings by its key, everything else {@link #input()}. */
    public Input input(String table) {
      return this == LOOKUP && table.equals("rankings") ? Input.LOADED_KVSF_BY_KEY : input;
    }

    /** Whether the decoder hands the job pages of column vectors (and aggregates inside the map). */
    public boolean pages() {
      return this == MTV || this == BDBIV;
    }
  }

  /** The copy of the data a decoder reads. */
  public enum Input {
    TEXT, KVSF, LOADED_TEXT, LOADED_KVSF, LOADED_BDBTREE,
    /** KVSF loaded sorted and indexed on the table's partition column (its key: Rankings' pageURL), small pages, for lookups by key. */
    LOADED_KVSF_BY_KEY;

    /** Whether the loader ({@code load}) makes this copy. */
    public boolean loaded() {
      return this != TEXT && this != KVSF;
    }
  }

  /** Key-only changes, independent of the decoder. */
  public enum Modifier {
    /** The fingerprint collector, prefix mode (byte-identical output). */
    FP("fp"),
    /** The fingerprint collector, hash (djb2) mode with its comparator. */
    FPH("fph"),
    /**
     * The hash-grouping collector (sort-free map-side aggregation through the combiner), with the
     * fingerprint collector as its fallback (in hash mode too when combined with {@code +fph}).
     */
    HASH("hash"),
    /** Direct local block reads (needs the DataNode plugin). */
    DIO("dio"),
    /** Jiang et al.'s tuned settings ({@link JiangTuned}, {@code conf/jiang-tuned-site.xml}). */
    JIANG("jiang"),
    /**
     * hadoop-patches' classes ahead of Hadoop's (the per-record statistics patch; the fingerprint
     * sort patch's key unset): the patch route beside the plugins. See {@link PatchedClasses}.
     */
    PATCHED("patched"),
    /** The fingerprint-sort MapTask patch, prefix mode (implies {@code +patched}). */
    PFS("pfs"),
    /** The fingerprint-sort MapTask patch, hash (djb2) mode with its comparator (implies {@code +patched}). */
    PFSH("pfsh");

    final String label;

    Modifier(String label) {
      this.label = label;
    }
  }

  /**
   * {@code --variants all}, and the variants {@code suite} runs when none are named: every decoder and
   * the combinations of modifiers worth measuring, {@link #QUICK}'s among them (a test checks it).
   */
  public static final List<String> DEFAULTS = Collections.unmodifiableList(Arrays.asList(
      "baseline", "mt", "mtp", "mtv", "bdb", "bdbp", "mti", "bdbi", "bdbiv", "bdbtree", "simple-index", "partition", "fp", "fph",
      "mt+fph", "bdb+fph", "mt+hash", "bdb+hash", "lookup", "dio", "mtp+dio", "mtv+dio", "mt+hash+dio", "bdb+fph+dio",
      "bdbi+fph+dio",
      "patched", "pfs", "pfsh"));

  /**
   * {@code --variants quick}: the baseline and the best combination for each task on each storage,
   * for the default run of {@code bin/hadoopopt bench} (on HDFS with the local job runner). On the
   * text: grep, selection and the join with the filter pushed down (mtp, with direct I/O: mtp+dio),
   * selection and the aggregation a page at a time (mtv, mtv+dio), the aggregation by hash grouping
   * over whole text files with direct I/O (mt+hash+dio). On loaded copies, one load of each table
   * serving every task: selection and the aggregation a page at a time through the index (bdbiv,
   * KVSF), the join's visits through the date index with Rankings looked up by key (lookup).
   */
  public static final List<String> QUICK = Collections.unmodifiableList(Arrays.asList(
      "baseline", "mtp", "mtp+dio", "mtv", "mtv+dio", "mt+hash+dio", "bdbiv", "lookup"));

  private final Decoder decoder;
  private final Set<Modifier> modifiers;

  private JobVariant(Decoder decoder, Set<Modifier> modifiers) {
    this.decoder = decoder;
    this.modifiers = modifiers;
  }

  public static final JobVariant BASELINE = new JobVariant(Decoder.BASELINE, EnumSet.noneOf(Modifier.class));

  /** Parses {@code decoder[+modifier]...}; a bare modifier ({@code fp}) means baseline decoding with it. */
  public static JobVariant parse(String spec) {
    String[] parts = spec.trim().toLowerCase(Locale.ROOT).split("\\+");
    Decoder d = null;
    Set<Modifier> mods = EnumSet.noneOf(Modifier.class);
    for (int i = 0; i < parts.length; i++) {
      Decoder asDecoder = decoder(parts[i]);
      Modifier asModifier = modifier(parts[i]);
      if (i == 0 && asDecoder != null) {
        d = asDecoder;
      } else if (asModifier != null) {
        mods.add(asModifier);
      } else {
        throw new IllegalArgumentException("unknown variant part '" + parts[i] + "' in '" + spec
            + "'; a variant is a decoder (baseline, mt, bdb, mti, bdbi, bdbtree, simple-index, partition, mtp, bdbp, mtv, bdbiv,"
            + " lookup)"
            + " followed by"
            + " +fp, +fph, +hash, +dio, +jiang, +patched, +pfs or +pfsh");
      }
    }
    if (mods.contains(Modifier.FP) && mods.contains(Modifier.FPH)) {
      throw new IllegalArgumentException("variant '" + spec + "': +fp and +fph exclude each other");
    }
    if (mods.contains(Modifier.PFS) || mods.contains(Modifier.PFSH)) {
      // The patch sorts inside MapOutputBuffer: a collector in its place would leave it unused.
      Modifier sort = mods.contains(Modifier.PFS) ? Modifier.PFS : Modifier.PFSH;
      for (Modifier m : EnumSet.of(Modifier.PFSH, Modifier.FP, Modifier.FPH, Modifier.HASH)) {
        if (m != sort && mods.contains(m)) {
          throw new IllegalArgumentException("variant '" + spec + "': +" + sort.label
              + " (the patched MapOutputBuffer) and +" + m.label + " exclude each other");
        }
      }
      mods.remove(Modifier.PATCHED); // implied
    }
    return new JobVariant(d == null ? Decoder.BASELINE : d, mods);
  }

  /** Parses each spec; {@code all} stands for {@link #DEFAULTS}, {@code quick} for {@link #QUICK}. */
  public static List<JobVariant> parseList(List<String> specs) {
    List<String> expanded = new ArrayList<>();
    for (String s : specs) {
      String t = s.trim().toLowerCase(Locale.ROOT);
      expanded.addAll(t.equals("all") ? DEFAULTS : t.equals("quick") ? QUICK : Collections.singletonList(s));
    }
    List<JobVariant> out = new ArrayList<>();
    for (String s : expanded) {
      JobVariant v = parse(s);
      if (!out.contains(v)) {
        out.add(v);
      }
    }
    return out;
  }

  private static Decoder decoder(String s) {
    for (Decoder d : Decoder.values()) {
      if (d.label.equals(s)) {
        return d;
      }
    }
    return null;
  }

  private static Modifier modifier(String s) {
    for (Modifier m : Modifier.values()) {
      if (m.label.equals(s)) {
        return m;
      }
    }
    return null;
  }

  public Decoder decoder() {
    return decoder;
  }

  public boolean has(Modifier m) {
    return modifiers.contains(m);
  }

  /** Whether the job must run on Hadoop with hadoop-patches' classes first ({@code +patched}, {@code +pfs}, {@code +pfsh}). */
  public boolean patched() {
    return has(Modifier.PATCHED) || has(Modifier.PFS) || has(Modifier.PFSH);
  }

  public boolean isBaseline() {
    return decoder == Decoder.BASELINE && modifiers.isEmpty();
  }

  /** The canonical name: {@code decoder+mods} in a fixed order, bare modifiers for baseline decoding. */
  public String name() {
    StringBuilder b = new StringBuilder(decoder == Decoder.BASELINE && !modifiers.isEmpty() ? "" : decoder.label);
    for (Modifier m : Modifier.values()) {
      if (modifiers.contains(m)) {
        b.append(b.length() == 0 ? "" : "+").append(m.label);
      }
    }
    return b.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof JobVariant && ((JobVariant) o).name().equals(name());
  }

  @Override
  public int hashCode() {
    return name().hashCode();
  }

  @Override
  public String toString() {
    return name();
  }
}
