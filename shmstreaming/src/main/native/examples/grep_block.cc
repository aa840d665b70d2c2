// Grep with the block API: searches a whole buffer of lines at once and writes the matching
// lines (with their newlines) straight from it.
#include <cstdio>
#include <cstring>
#include "SMStream.hh"

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: grep_block PATTERN\n");
    return 2;
  }
  std::string_view pattern(argv[1]);
  try {
    SMStream io;
    std::string_view lines;
    while (io.readBlock(lines)) {
      size_t from = 0;
      while (from < lines.size()) {
        size_t hit = lines.find(pattern, from);
        if (hit == std::string_view::npos) break;
        size_t start = lines.rfind('\n', hit);
        start = start == std::string_view::npos || start < from ? from : start + 1;
        size_t end = lines.find('\n', hit) + 1;  // every line ends in '\n'
        io.writeBlock(lines.substr(start, end - start));
        from = end;
      }
    }
    io.close();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "grep_block: %s\n", e.what());
    return 1;
  }
  return 0;
}
