package org.hadoopopt.bench.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The programs' command line: values, flags, positionals, and the usage errors each names. */
class ToolArgsTest {
  private static final List<String> VALUED = ToolArgs.names("variant", "from");
  private static final List<String> FLAGS = ToolArgs.names("stats");

  private static String error(String... args) {
    return assertThrows(ToolArgs.UsageException.class, () -> ToolArgs.parse(args, VALUED, FLAGS, 2)).getMessage();
  }

  @Test
  void valuesFlagsAndPositionalsInAnyOrder() {
    ToolArgs a = ToolArgs.parse(new String[] {"IN", "--variant", "mt", "--stats", "OUT", "--from", "-5"}, VALUED, FLAGS, 2);
    assertEquals("mt", a.get("variant"));
    assertEquals("-5", a.get("from"));
    assertTrue(a.has("stats"));
    assertNull(ToolArgs.parse(new String[] {"IN", "OUT"}, VALUED, FLAGS, 2).get("variant"));
    assertFalse(ToolArgs.parse(new String[] {"IN", "OUT"}, VALUED, FLAGS, 2).has("stats"));
    assertEquals("IN", a.positional(0));
    assertEquals("OUT", a.positional(1));
    assertEquals("bdb", ToolArgs.parse(new String[] {"--variant", "mt", "--variant", "bdb", "I", "O"}, VALUED, FLAGS, 2)
        .get("variant")); // the last one wins
  }

  @Test
  void usageErrorsNameTheOption() {
    assertEquals("unknown option --varient", error("--varient", "mt", "IN", "OUT"));
    assertEquals("unknown option --var", error("--var", "mt", "IN", "OUT")); // no abbreviations
    assertEquals("--variant needs a value", error("IN", "OUT", "--variant"));
    assertEquals("expected 2 paths, got 1: [IN]", error("IN"));
  }
}
