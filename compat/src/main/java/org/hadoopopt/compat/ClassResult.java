package org.hadoopopt.compat;

import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** One test class's surefire report: counts, and each failed or errored method with its message. */
final class ClassResult {
  int tests;
  int failures;
  int errors;
  int skipped;
  double seconds;
  /** Failed or errored test methods (as surefire names them) and the first line of the message. */
  final Map<String, String> broken = new LinkedHashMap<>();
  /** Collector lines ({@link CollectorLines}) in each test method's captured output, when the report has it. */
  final Map<String, Map<String, Long>> collectorByMethod = new LinkedHashMap<>();

  /** Reads {@code TEST-<class>.xml} in {@code dir}; null if there is none (the class did not run or its JVM died). */
  static ClassResult read(File dir, String className) throws Exception {
    File f = new File(dir, "TEST-" + className + ".xml");
    if (!f.isFile()) {
      return null;
    }
    Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(f);
    ClassResult r = new ClassResult();
    NodeList cases = doc.getElementsByTagName("testcase");
    for (int i = 0; i < cases.getLength(); i++) {
      Element c = (Element) cases.item(i);
      r.tests++;
      String time = c.getAttribute("time");
      if (!time.isEmpty()) {
        r.seconds += Double.parseDouble(time.replace(",", ""));
      }
      String name = c.getAttribute("name");
      Map<String, Long> counts = new java.util.HashMap<>();
      for (String tag : new String[] {"system-out", "system-err"}) {
        NodeList out = c.getElementsByTagName(tag);
        for (int j = 0; j < out.getLength(); j++) {
          for (String line : out.item(j).getTextContent().split("\n")) {
            CollectorLines.count(line, counts);
          }
        }
      }
      if (!counts.isEmpty()) {
        r.collectorByMethod.merge(name, counts, (x, y) -> {
          y.forEach((k, v) -> x.merge(k, v, Long::sum));
          return x;
        });
      }
      if (child(c, "skipped") != null) {
        r.skipped++;
      } else if (child(c, "failure") != null) {
        r.failures++;
        r.broken.put(name, message(child(c, "failure")));
      } else if (child(c, "error") != null) {
        r.errors++;
        r.broken.put(name, message(child(c, "error")));
      }
    }
    return r;
  }

  List<String> brokenMethods() {
    return new ArrayList<>(broken.keySet());
  }

  private static Element child(Element e, String tag) {
    NodeList l = e.getElementsByTagName(tag);
    return l.getLength() == 0 ? null : (Element) l.item(0);
  }

  private static String message(Element e) {
    String m = e.getAttribute("type") + ": " + e.getAttribute("message");
    if (e.getAttribute("message").isEmpty()) {
      String body = e.getTextContent().trim();
      m = body.isEmpty() ? e.getAttribute("type") : body.split("\n", 2)[0];
    }
    m = m.replace('\n', ' ').replace('|', '/');
    return m.length() > 160 ? m.substring(0, 160) + "..." : m;
  }
}
