package org.hadoopopt.pavlo.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The UserVisits generator: the benchmark's rows are the bytes they were before the generator was
 * shared (digests of two tables recorded from the benchmark's own generator), and every parameter
 * shapes the rows as documented (checked by parsing them with the JDK).
 */
class UserVisitsRowsTest {
  private static String sha256(UserVisitsRows rows, long count) throws Exception {
    MessageDigest md = MessageDigest.getInstance("SHA-256");
    StringBuilder sb = new StringBuilder();
    for (long i = 0; i < count; i++) {
      sb.setLength(0);
      rows.appendRow(i, sb);
      md.update(sb.append('\n').toString().getBytes(StandardCharsets.UTF_8));
    }
    return new BigInteger(1, md.digest()).toString(16);
  }

  @Test
  void theBenchmarksRowsAreUnchanged() throws Exception {
    // seed 42, scale 0.001 (18,000 Rankings rows, the 2,000-address pool), and a small pool over 200 pages
    assertEquals("40e6647ae7919f3333f2eb9d1d89b6b0ae59b1218bb510fb57eee69f7836fabb",
        sha256(UserVisitsRows.pavlo(42, 18_000, 2000), 155_000));
    assertEquals("927c839fc30ab554ad6cf262f3008ad6c1390ae7a7523258ba1426c8e67e7834",
        sha256(UserVisitsRows.pavlo(42, 200, 5000), 3000));
  }

  @Test
  void parametersShapeTheRows() {
    LocalDate first = LocalDate.of(1999, 12, 1);
    UserVisitsRows g = new UserVisitsRows(7, 50, 300, 30, first, 120);
    Set<String> pages = new HashSet<>();
    for (int p = 0; p < 50; p++) {
      pages.add(PageUrls.of(7, p));
    }
    Set<String> ips = new HashSet<>();
    Set<String> prefixes = new HashSet<>();
    String[] rows = g.rows(6000);
    for (int i = 0; i < rows.length; i++) {
      assertEquals(g.row(i), rows[i], "row " + i + " does not depend on how many are made");
      String[] f = rows[i].split("\\|", -1);
      assertEquals(9, f.length, rows[i]);
      ips.add(f[0]);
      prefixes.add(f[0].substring(0, 7));
      assertTrue(f[0].matches("\\d{3}\\.\\d{3}\\.\\d{1,3}\\.\\d{1,3}"), f[0]);
      assertTrue(pages.contains(f[1]), "destURL " + f[1] + " is a pageURL of the first 50 Rankings rows");
      LocalDate d = LocalDate.parse(f[2]);
      assertTrue(!d.isBefore(first) && d.isBefore(first.plusDays(120)), f[2]);
      assertTrue(f[3].matches("\\d{1,3}\\.\\d\\d") && !f[3].equals("0.00"), f[3]);
      assertTrue(Dictionaries.COUNTRY_CODES.contains(f[5]) && Dictionaries.SEARCH_WORDS.contains(f[7]), rows[i]);
      int duration = Integer.parseInt(f[8]);
      assertTrue(duration >= 1 && duration <= 100, f[8]);
    }
    assertEquals(300, ips.size(), "every address of the pool drawn, none else");
    assertEquals(30, prefixes.size(), "first 7 characters");
  }

  @Test
  void badParametersFail() {
    assertThrows(IllegalArgumentException.class, () -> new UserVisitsRows(1, 0, 10, 10, LocalDate.now(), 1));
    assertThrows(IllegalArgumentException.class,
        () -> new UserVisitsRows(1, 10, 10, UserVisitsRows.MAX_IP_PREFIXES + 1, LocalDate.now(), 1));
  }
}
