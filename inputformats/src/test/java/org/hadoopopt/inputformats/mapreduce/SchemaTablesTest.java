package org.hadoopopt.inputformats.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.hadoopopt.inputformats.record.FieldType;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A table that is not one of the benchmark's, given as a spec: read from text, converted to
 * KeyValueSequenceFile and read back, on the local runner; each field checked against values
 * computed here from the text with the JDK (LocalDate, BigDecimal).
 */
class SchemaTablesTest {
  private static final String SPEC = "people(name:STRING,age:INT,born:DATE,balance:DECIMAL)";
  private static final String[] ROWS = {
      "ann|31|1993-04-02|12.50", "bob|-7|1970-01-01|0", "cy|0|1969-12-31|-3.05", "dee|2147483647|2000-02-29|999999999999.99",
  };
  private static File work;

  @BeforeAll
  static void data() throws IOException {
    work = new File("target/test-work/schema-tables").getAbsoluteFile();
    TestFiles.deleteRecursively(work);
    File in = new File(work, "text/part-0.txt");
    in.getParentFile().mkdirs();
    Files.write(in.toPath(), (String.join("\n", ROWS) + "\n").getBytes(StandardCharsets.UTF_8));
  }

  /** Each row's fields as the mutable row holds them: strings, ints, epoch days, millionths. */
  public static class Fields extends Mapper<Object, Row, NullWritable, Text> {
    @Override
    protected void map(Object key, Row row, Context context) throws IOException, InterruptedException {
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < row.schema().fieldCount(); i++) {
        sb.append(i > 0 ? "|" : "");
        sb.append(row.schema().type(i) == FieldType.STRING ? row.slice(i).toString() : Long.toString(row.getNumber(i)));
      }
      context.write(NullWritable.get(), new Text(sb.toString()));
    }
  }

  private static List<String> expected() {
    List<String> out = new ArrayList<>();
    for (String r : ROWS) {
      String[] f = r.split("\\|");
      out.add(f[0] + "|" + Integer.parseInt(f[1]) + "|" + LocalDate.parse(f[2]).toEpochDay() + "|"
          + new BigDecimal(f[3]).movePointRight(6).longValueExact());
    }
    Collections.sort(out);
    return out;
  }

  private static Configuration conf() {
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    conf.set("mapreduce.framework.name", "local");
    return conf;
  }

  private static List<String> readFields(Class<? extends FileInputFormat<?, ?>> format, File in, String out) throws Exception {
    Job job = Job.getInstance(conf(), "fields " + out);
    job.getConfiguration().set(SchemaTextInputFormat.SCHEMA, SPEC);
    job.setInputFormatClass(format);
    job.setMapperClass(Fields.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(NullWritable.class);
    job.setOutputValueClass(Text.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    FileInputFormat.addInputPath(job, new Path(in.toURI()));
    File o = new File(work, out);
    FileOutputFormat.setOutputPath(job, new Path(o.toURI()));
    assertTrue(job.waitForCompletion(false), "job " + out + " failed");
    List<String> lines = TestFiles.readPartLines(FileSystem.getLocal(job.getConfiguration()), new Path(o.toURI()));
    Collections.sort(lines);
    return lines;
  }

  @Test
  void aSpecNamesOneTableAndBadSpecsSayWhatIsWrong() {
    Schema s = Schema.parse(SPEC);
    assertSame(s, Schema.forName(" " + SPEC + " "));
    assertSame(s, Schema.forName("people(name:string, age:int, born:date, balance:decimal)"));
    assertEquals(SPEC, s.spec());
    assertEquals(3, s.fieldIndex("balance"));
    assertEquals(FieldType.DATE, s.type(2));
    assertSame(Schema.RANKINGS, Schema.forName(Schema.RANKINGS.spec()));
    assertEquals("table spec 't(a:INT,b:FLOAT)': column 'b' has type 'FLOAT', expected one of [STRING, INT, DATE, DECIMAL]",
        assertThrows(IllegalArgumentException.class, () -> Schema.parse("t(a:INT,b:FLOAT)")).getMessage());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Schema.parse("t(a:INT,a:INT)")).getMessage()
        .contains("names column 'a' twice"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Schema.forName("orders")).getMessage()
        .contains("expected rankings, uservisits or a spec"));
  }

  @Test
  void anyTableIsReadFromTextAndFromKvsfWithTheSameFields() throws Exception {
    List<String> want = expected();
    assertEquals(want, readFields(SchemaTextInputFormat.class, new File(work, "text"), "from-text"));

    Configuration conf = conf();
    conf.setInt(KvsfOutputFormat.PAGE_SIZE, 128); // several pages for four rows
    File kvsf = new File(work, "kvsf");
    Job convert = KvsfConvert.createJob(conf, Schema.parse(SPEC), new Path(new File(work, "text").toURI()), new Path(kvsf.toURI()));
    assertTrue(convert.waitForCompletion(false), "conversion failed");
    assertEquals(want, readFields(SchemaKvsfInputFormat.class, kvsf, "from-kvsf"));
  }

  @Test
  void anUnsetOrBadSchemaKeyFailsNamingIt() throws Exception {
    Job job = Job.getInstance(conf());
    FileInputFormat.addInputPath(job, new Path(new File(work, "text").toURI()));
    IllegalArgumentException unset = assertThrows(IllegalArgumentException.class, () -> new SchemaTextInputFormat().getSplits(job));
    assertTrue(unset.getMessage().startsWith(SchemaTextInputFormat.SCHEMA + " is not set"), unset.getMessage());
    job.getConfiguration().set(SchemaTextInputFormat.SCHEMA, "people(name)");
    IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> new SchemaKvsfInputFormat().getSplits(job));
    assertTrue(bad.getMessage().startsWith(SchemaTextInputFormat.SCHEMA + ": table spec 'people(name)'"), bad.getMessage());
  }
}
