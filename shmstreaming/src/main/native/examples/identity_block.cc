// Identity with the block API: whole buffers of input lines to the output as they come.
#include <cstdio>
#include "SMStream.hh"

int main() {
  try {
    SMStream io;
    std::string_view lines;
    while (io.readBlock(lines)) io.writeBlock(lines);
    io.close();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "identity_block: %s\n", e.what());
    return 1;
  }
  return 0;
}
