package org.hadoopopt.shmstreaming;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.hadoopopt.shmstreaming.ring.NativeShm;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.Test;

/**
 * The task unlinks an input segment as soon as it sees the program attach (all input may already
 * be in the ring); the client's own unlink right after attaching then finds nothing. That must
 * not fail the program: CI once lost an empty-input Python job to exactly this race.
 */
class ClientAttachRaceTest {

  @Test
  void pythonClientToleratesTheTaskUnlinkingTheSegmentFirst() throws Exception {
    Path dir = Files.createTempDirectory(Paths.get("target"), "attach-race").toAbsolutePath();
    try {
      long pid = ProcessHandle.current().pid(); // the client also looks for its parent's pid
      Path segment = dir.resolve("hadoopopt-shm-attempt_1_0001_m_000000_0-" + pid + ".in");
      ByteBuffer ring = NativeShm.create(segment.toString(), 4096, 16);
      try {
        // The Ring constructor marks the segment attached; the task reacts by unlinking it,
        // which this subclass does at that very moment, before _attach's own unlink.
        String script = String.join("\n",
            "import os, sys",
            "sys.path.insert(0, sys.argv[1])",
            "import hadoopopt_smstream as s",
            "Original = s.Ring",
            "class TaskUnlinksFirst(Original):",
            "    def __init__(self, path, *args):",
            "        Original.__init__(self, path, *args)",
            "        os.unlink(path)",
            "s.Ring = TaskUnlinksFirst",
            "r = s._attach(sys.argv[2], 'attempt_1_0001_m_000000_0', 'in')",
            "print('ATTACHED capacity=%d' % r.capacity)");
        String out = NativeBuild.run(new ProcessBuilder(Programs.PYTHON, "-B", "-c", script,
            NativeBuild.python(), dir.toString()), 60);
        assertTrue(out.contains("ATTACHED capacity=4096") && out.endsWith("exit=0"), out);
        assertFalse(Files.exists(segment), "segment left behind");
      } finally {
        NativeShm.unmap(ring);
      }
    } finally {
      TestFiles.deleteRecursively(dir.toFile());
    }
  }
}
