// Word count: "map" emits word TAB 1 for each space/tab separated word of a line;
// "reduce" sums the counts of consecutive equal keys (Streaming gives them sorted).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include "SMStream.hh"

static int map(SMStream &io) {
  std::string_view line;
  while (io.readLine(line)) {
    size_t i = 0, n = line.size();
    while (i < n) {
      while (i < n && (line[i] == ' ' || line[i] == '\t')) i++;
      size_t start = i;
      while (i < n && line[i] != ' ' && line[i] != '\t') i++;
      if (i > start) io.write(line.substr(start, i - start), "1");
    }
  }
  return 0;
}

static int reduce(SMStream &io) {
  std::string_view rec;
  std::string current;
  long sum = 0;
  bool any = false;
  char num[32];
  while (io.readLine(rec)) {
    size_t tab = rec.find('\t');
    std::string_view key = rec.substr(0, tab);
    long v = tab == std::string_view::npos ? 0 : std::strtol(std::string(rec.substr(tab + 1)).c_str(), nullptr, 10);
    if (any && key != current) {
      io.write(current, std::string_view(num, std::snprintf(num, sizeof num, "%ld", sum)));
      sum = 0;
    }
    if (!any || key != current) current.assign(key.data(), key.size());
    any = true;
    sum += v;
  }
  if (any) io.write(current, std::string_view(num, std::snprintf(num, sizeof num, "%ld", sum)));
  return 0;
}

int main(int argc, char **argv) {
  try {
    SMStream io;
    int rc = argc > 1 && std::strcmp(argv[1], "reduce") == 0 ? reduce(io) : map(io);
    io.close();
    return rc;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "wordcount: %s\n", e.what());
    return 1;
  }
}
