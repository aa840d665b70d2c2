// Identity: every input record to the output (the research's "cat").
#include <cstdio>
#include "SMStream.hh"

int main() {
  try {
    SMStream io;
    std::string_view rec;
    while (io.readLine(rec)) io.write(rec);
    io.close();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "identity: %s\n", e.what());
    return 1;
  }
  return 0;
}
