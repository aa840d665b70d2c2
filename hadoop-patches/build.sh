#!/usr/bin/env bash
# Applies every hadoop-patches/*.patch to the matching Hadoop -sources jars and compiles the
# patched classes against the stock Hadoop jars of the same release.
#
#   hadoop-patches/build.sh [VERSION]      (default 3.4.2, the release the patches are made against)
#   hadoop-patches/build.sh VERSION NAME.patch...   only the named patches (e.g. to measure one alone),
#       into target/VERSION-NAME[+NAME...]/ instead of target/VERSION/
#
# For each patch: the files it touches name their Hadoop module (hadoop-hdfs-project/hadoop-hdfs/
# src/main/java/... -> artifact hadoop-hdfs; the last directory before src/main/java); that artifact's -sources jar is fetched from Maven
# Central (taken from ~/.m2 when there, else mvn dependency:copy) and those files are unpacked in a
# Hadoop-repository layout; `patch -p1 --dry-run` must pass for every patch before any is applied
# (`git apply --check` / `git apply` where `patch` is not installed). The patched .java files are
# compiled (javac --release 8, like Hadoop 3.4) against stock Hadoop's classpath (bin/hadoop classpath).
# Needs only the JDK, Maven and patch or git.
# Output: hadoop-patches/target/VERSION/hadoop-patched-classes-VERSION.jar, to be placed before the
# stock jars (see hadoop-patches/README.md), and the patched sources under .../tree.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
version=${1:-3.4.2}
[ $# -gt 0 ] && shift
out="$here/target/$version"
shopt -s nullglob
patches=("$here"/*.patch)
if [ $# -gt 0 ]; then
  patches=(); suffix=""
  for n in "$@"; do
    [ -f "$here/$(basename "$n")" ] || { echo "build.sh: no patch $n in $here" >&2; exit 1; }
    patches+=("$here/$(basename "$n")"); suffix="$suffix${suffix:++}$(basename "$n" .patch)"
  done
  out="$here/target/$version-$suffix"
fi
[ ${#patches[@]} -gt 0 ] || { echo "build.sh: no patches in $here" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out/jars" "$out/tree" "$out/classes"

files_of() { sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$1"; }

# 1. sources jars of every module the patches touch
# A module is the path before src/main/java: hadoop-hdfs-project/hadoop-hdfs -> hadoop-hdfs,
# hadoop-mapreduce-project/hadoop-mapreduce-client/hadoop-mapreduce-client-core -> ...-core.
modules=$(for p in "${patches[@]}"; do files_of "$p"; done | sed 's|/src/main/java/.*||' | sort -u)
for m in $modules; do
  artifact=${m##*/}
  coords="org.apache.hadoop:$artifact:$version:jar:sources"
  cached="${HOME}/.m2/repository/org/apache/hadoop/$artifact/$version/$artifact-$version-sources.jar"
  if [ -s "$cached" ]; then
    cp "$cached" "$out/jars/"   # saves a Maven start; mvn below does the same from its cache
  elif ! mvn -B -q -o dependency:copy -Dartifact="$coords" -DoutputDirectory="$out/jars" >"$out/fetch.log" 2>&1; then
    echo "fetching $coords from Maven Central" >&2
    mvn -B -q dependency:copy -Dartifact="$coords" -DoutputDirectory="$out/jars" >"$out/fetch.log" 2>&1 ||
      { tail -n 20 "$out/fetch.log" >&2; echo "build.sh: cannot fetch $coords" >&2; exit 1; }
  fi
  # Only the files the patches touch: the rest of Hadoop's source is neither patched nor compiled.
  entries=$(for p in "${patches[@]}"; do files_of "$p"; done | sed -n "s|^$m/src/main/java/||p" | sort -u)
  mkdir -p "$out/tree/$m/src/main/java"
  # shellcheck disable=SC2086
  (cd "$out/tree/$m/src/main/java" && jar xf "$out/jars/$artifact-$version-sources.jar" $entries)
  for e in $entries; do
    [ -f "$out/tree/$m/src/main/java/$e" ] || { echo "build.sh: $e is not in $coords" >&2; exit 1; }
  done
done

# patch_check PATCH / patch_apply PATCH: patch(1), or git apply on machines without it. The ceiling
# keeps git from treating the tree as part of this checkout's repository.
if command -v patch >/dev/null; then
  patch_check() { patch -p1 --dry-run --batch -d "$out/tree" < "$1" >/dev/null; }
  patch_apply() { patch -p1 --batch --no-backup-if-mismatch -d "$out/tree" < "$1" >&2; }
elif command -v git >/dev/null; then
  patch_check() { (cd "$out/tree" && GIT_CEILING_DIRECTORIES="$out" git apply --check -p1 "$1"); }
  patch_apply() { (cd "$out/tree" && GIT_CEILING_DIRECTORIES="$out" git apply -v -p1 "$1" >&2); }
else
  echo "build.sh: needs patch or git (apt-get install patch)" >&2; exit 1
fi

# 2. dry run of every patch first, then apply
for p in "${patches[@]}"; do
  patch_check "$p" ||
    { echo "build.sh: $(basename "$p") does not apply to Hadoop $version sources" >&2; exit 1; }
done
for p in "${patches[@]}"; do
  echo "applying $(basename "$p")" >&2
  patch_apply "$p"
done

# 3. compile the patched files against stock Hadoop
cp=$(HADOOPOPT_HADOOP_VERSION="$version" "$root/bin/hadoop" classpath)
sources=()
for p in "${patches[@]}"; do
  for f in $(files_of "$p"); do sources+=("$out/tree/$f"); done
done
javac -nowarn -Xlint:-options --release 8 -encoding UTF-8 -cp "$cp" -d "$out/classes" "${sources[@]}" 2>"$out/javac.log" ||
  { cat "$out/javac.log" >&2; echo "build.sh: patched sources do not compile" >&2; exit 1; }
# Written under another name first: a jar that exists is a complete one (the test checks its age).
jar cf "$out/patched.jar.tmp" -C "$out/classes" .
mv "$out/patched.jar.tmp" "$out/hadoop-patched-classes-$version.jar"
echo "$out/hadoop-patched-classes-$version.jar"
