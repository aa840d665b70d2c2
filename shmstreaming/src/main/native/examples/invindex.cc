// Inverted index: "map" emits word TAB document for each word of a line, the document being
// the input file's name (Streaming's mapreduce_map_input_file); "reduce" emits
// word TAB doc1,doc2,... (distinct, sorted) for each word.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include "SMStream.hh"

static std::string document() {
  const char *f = std::getenv("mapreduce_map_input_file");
  if (!f) f = std::getenv("map_input_file");
  std::string path = f ? f : "unknown";
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

static void map(SMStream &io) {
  std::string doc = document();
  std::string_view line;
  while (io.readLine(line)) {
    size_t i = 0, n = line.size();
    while (i < n) {
      while (i < n && (line[i] == ' ' || line[i] == '\t')) i++;
      size_t start = i;
      while (i < n && line[i] != ' ' && line[i] != '\t') i++;
      if (i > start) io.write(line.substr(start, i - start), doc);
    }
  }
}

static void emit(SMStream &io, const std::string &word, const std::set<std::string> &docs) {
  std::string list;
  for (const std::string &d : docs) {
    if (!list.empty()) list += ',';
    list += d;
  }
  io.write(word, list);
}

static void reduce(SMStream &io) {
  std::string_view rec;
  std::string current;
  std::set<std::string> docs;
  bool any = false;
  while (io.readLine(rec)) {
    size_t tab = rec.find('\t');
    std::string_view key = rec.substr(0, tab);
    std::string_view doc = tab == std::string_view::npos ? std::string_view() : rec.substr(tab + 1);
    if (any && key != current) {
      emit(io, current, docs);
      docs.clear();
    }
    if (!any || key != current) current.assign(key.data(), key.size());
    any = true;
    docs.emplace(doc);
  }
  if (any) emit(io, current, docs);
}

int main(int argc, char **argv) {
  try {
    SMStream io;
    if (argc > 1 && std::strcmp(argv[1], "reduce") == 0) reduce(io); else map(io);
    io.close();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "invindex: %s\n", e.what());
    return 1;
  }
  return 0;
}
