package org.hadoopopt.inputformats.record;



/**
 * The tables the tests read, given as specs as a job's keys give them: the columns of the rows
 * {@code pavlo-data}'s SampleRows makes (Rankings, UserVisits) and a two-string Grep table.
 */
public final class TestSchemas {
  private TestSchemas() {}

  public static final Schema RANKINGS = Schema.parse("rankings(pageURL:STRING,pageRank:INT,avgDuration:INT)");

  public static final Schema USER_VISITS = Schema.parse("uservisits(sourceIP:STRING,destURL:STRING,visitDate:DATE,"
      + "adRevenue:DECIMAL,userAgent:STRING,countryCode:STRING,languageCode:STRING,searchWord:STRING,duration:INT)");

  public static final Schema GREP = Schema.parse("grep(key:STRING,field:STRING)");

  // Column positions, as the row classes of a job would name them.
  public static final int SOURCE_IP = 0;
  public static final int DEST_URL = 1;
  public static final int VISIT_DATE = 2;
  public static final int AD_REVENUE = 3;
  public static final int SEARCH_WORD = 7;
  public static final int DURATION = 8;
}
