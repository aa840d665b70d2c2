package org.hadoopopt.testing.keys;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * A module's key file: Hadoop's {@code *-default.xml} form, one {@code <property>} per key with
 * {@code name}, {@code value} (the default; empty when there is none or it depends on other keys)
 * and {@code description}. A property with {@code <tag>hadoop</tag>} is a stock Hadoop key the
 * module's code reads or sets, documented beside the module's own.
 */
public final class KeyFile {
  /** The tag that marks a stock Hadoop key. */
  public static final String HADOOP_TAG = "hadoop";

  /** One documented key. */
  public static final class Entry {
    public final String name;
    public final String value;
    public final String description;
    public final boolean hadoop;

    public Entry(String name, String value, String description, boolean hadoop) {
      this.name = name;
      this.value = value;
      this.description = description;
      this.hadoop = hadoop;
    }
  }

  private KeyFile() {}

  public static List<Entry> read(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return read(in, file.toString());
    }
  }

  public static List<Entry> parse(String xml) throws IOException {
    return read(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), "(text)");
  }

  /** The entries in file order; a property without a name fails naming the source. */
  public static List<Entry> read(InputStream in, String source) throws IOException {
    Document doc;
    try {
      doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);
    } catch (ParserConfigurationException | SAXException e) {
      throw new IOException(source + ": " + e.getMessage(), e);
    }
    List<Entry> entries = new ArrayList<>();
    NodeList props = doc.getElementsByTagName("property");
    for (int i = 0; i < props.getLength(); i++) {
      Element p = (Element) props.item(i);
      String name = text(p, "name");
      if (name == null || name.isEmpty()) {
        throw new IOException(source + ": property " + (i + 1) + " has no name");
      }
      String tag = text(p, "tag");
      entries.add(new Entry(name, orEmpty(text(p, "value")), orEmpty(text(p, "description")),
          tag != null && tag.equals(HADOOP_TAG)));
    }
    return entries;
  }

  private static String orEmpty(String s) {
    return s == null ? "" : s;
  }

  private static String text(Element e, String tag) {
    NodeList n = e.getElementsByTagName(tag);
    return n.getLength() == 0 ? null : n.item(0).getTextContent().trim().replaceAll("\\s+", " ");
  }
}
