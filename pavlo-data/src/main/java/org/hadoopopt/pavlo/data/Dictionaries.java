package org.hadoopopt.pavlo.data;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** The value lists that ship inside the jar (resources next to this class). */
public final class Dictionaries {
  public static final List<String> USER_AGENTS = load("user-agents.txt");
  public static final List<String> COUNTRY_CODES = load("country-codes.txt");
  public static final List<String> LANGUAGE_CODES = load("language-codes.txt");
  public static final List<String> SEARCH_WORDS = load("search-words.txt");

  private Dictionaries() {}

  public static String pick(List<String> dict, SplittableRandom r) {
    return dict.get(r.nextInt(dict.size()));
  }

  private static List<String> load(String name) {
    InputStream in = Dictionaries.class.getResourceAsStream(name);
    if (in == null) {
      throw new IllegalStateException("dictionary " + name + " missing from the jar");
    }
    List<String> values = new ArrayList<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        if (!line.isEmpty() && !line.startsWith("#")) {
          values.add(line);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("reading dictionary " + name, e);
    }
    return values;
  }
}
