# Shared by bin/hadoop, bin/cluster and bin/hadoopopt: where things are, and the Hadoop classpath.
# Sourced, not run.

HADOOPOPT_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# The Hadoop release to run; the hadoop-3.5 Maven profile's tests set it to 3.5.0.
HADOOPOPT_HADOOP_VERSION=${HADOOPOPT_HADOOP_VERSION:-3.4.2}

# Options every Hadoop JVM of ours gets: Hadoop's own JDK 17 opens (see the design notes).
HADOOPOPT_JAVA_OPENS="-XX:+IgnoreUnrecognizedVMOptions \
--add-opens=java.base/java.io=ALL-UNNAMED --add-opens=java.base/java.lang=ALL-UNNAMED \
--add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.math=ALL-UNNAMED \
--add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.text=ALL-UNNAMED \
--add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED \
--add-opens=java.base/java.util.zip=ALL-UNNAMED --add-opens=java.base/sun.security.util=ALL-UNNAMED \
--add-opens=java.base/sun.security.x509=ALL-UNNAMED"

hadoopopt_die() { echo "$(basename "$0"): $*" >&2; exit 1; }

hadoopopt_java() {
  if [ -n "${JAVA_HOME:-}" ]; then echo "$JAVA_HOME/bin/java"; else command -v java || hadoopopt_die "no java on PATH and JAVA_HOME unset"; fi
}

hadoopopt_java_home() {
  if [ -n "${JAVA_HOME:-}" ]; then echo "$JAVA_HOME"; return; fi
  local j; j=$(readlink -f "$(command -v java)") || hadoopopt_die "no java on PATH"
  dirname "$(dirname "$j")"
}

# Prints the classpath of stock Hadoop (runtime/pom.xml), resolved by Maven once per version and
# cached under build/classpath/; re-resolved only when runtime/pom.xml changes or a jar vanished.
hadoopopt_classpath() {
  local dir="$HADOOPOPT_HOME/build/classpath"
  local file="$dir/hadoop-$HADOOPOPT_HADOOP_VERSION.txt"
  local pom="$HADOOPOPT_HOME/runtime/pom.xml"
  if [ -s "$file" ] && [ "$file" -nt "$pom" ] && [ -f "$(cut -d: -f1 "$file")" ]; then
    cat "$file"; return
  fi
  mkdir -p "$dir"
  local log="$dir/resolve-$HADOOPOPT_HADOOP_VERSION.log"
  local mvnargs=(-B -ntp -f "$pom" dependency:build-classpath -Dhadoop.version="$HADOOPOPT_HADOOP_VERSION"
                 -Dmdep.outputFile="$file.tmp" -Dmdep.includeScope=runtime)
  # Offline first (fast, and works without a network once cached); then let Maven download.
  if ! mvn -o "${mvnargs[@]}" >"$log" 2>&1; then
    echo "Resolving the Hadoop $HADOOPOPT_HADOOP_VERSION classpath with Maven (first use only)..." >&2
    mvn "${mvnargs[@]}" >"$log" 2>&1 || { tail -n 30 "$log" >&2; hadoopopt_die "could not resolve the Hadoop classpath (log: $log)"; }
  fi
  mv "$file.tmp" "$file"
  cat "$file"
}

# The directory with our log4j.properties; placed after HADOOP_CONF_DIR so a user's file wins.
HADOOPOPT_LOG_CONF="$HADOOPOPT_HOME/bin/lib/log4j"
