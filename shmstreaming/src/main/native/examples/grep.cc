// Grep: every input record that contains the pattern (argv[1]).
#include <cstdio>
#include "SMStream.hh"

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: grep PATTERN\n");
    return 2;
  }
  std::string_view pattern(argv[1]);
  try {
    SMStream io;
    std::string_view rec;
    while (io.readLine(rec)) {
      if (rec.find(pattern) != std::string_view::npos) io.write(rec);
    }
    io.close();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "grep: %s\n", e.what());
    return 1;
  }
  return 0;
}
