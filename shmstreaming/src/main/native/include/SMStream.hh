// C++ client of HadoopOpt ShmStreaming: a thin RAII wrapper over smstream.h.
//
//   SMStream io;                      // throws std::runtime_error if the channel cannot open
//   std::string_view line;
//   while (io.readLine(line)) io.write(line);
//   io.close();
//
// or a block of lines at a time: while (io.readBlock(lines)) io.writeBlock(lines);
#ifndef SMSTREAM_HH
#define SMSTREAM_HH

#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>

#include "smstream.h"

class SMStream {
 public:
  SMStream() : s_(smstream_open_env()) {
    if (!s_) throw std::runtime_error(std::string("smstream: ") + smstream_last_error());
  }
  // Left by an exception: the output stream ends as aborted, so the task does not take what was
  // written so far for the whole output.
  ~SMStream() {
    if (!s_) return;
    if (std::uncaught_exceptions() > 0) smstream_abort(s_);
    else smstream_close(s_);
  }
  SMStream(const SMStream &) = delete;
  SMStream &operator=(const SMStream &) = delete;

  // Reads one record (a text line without its newline); false at end of input.
  // The view stays valid until the next read.
  bool readLine(std::string_view &rec) {
    const char *p;
    size_t n;
    int rc = smstream_read(s_, &p, &n);
    if (rc < 0) throw std::runtime_error(std::string("smstream read: ") + smstream_last_error());
    if (rc == 0) return false;
    rec = std::string_view(p, n);
    return true;
  }
  // Low-level read: number of bytes of the record, or -1 at end of input.
  long read(const char *&data) {
    std::string_view v;
    if (!readLine(v)) return -1;
    data = v.data();
    return (long)v.size();
  }
  // Block API: a buffer of one or more whole input lines, each ending in '\n' (valid until the
  // next read); false at end of input.
  bool readBlock(std::string_view &lines) {
    const char *p;
    size_t n;
    int rc = smstream_read_block(s_, &p, &n);
    if (rc < 0) throw std::runtime_error(std::string("smstream read: ") + smstream_last_error());
    if (rc == 0) return false;
    lines = std::string_view(p, n);
    return true;
  }
  // Writes many output records at once: whole lines, each ending in '\n'.
  void writeBlock(std::string_view lines) {
    if (smstream_write_block(s_, lines.data(), lines.size()) != 0) fail("write");
  }
  void write(const void *data, size_t n) {
    if (smstream_write(s_, data, n) != 0) fail("write");
  }
  void write(std::string_view rec) { write(rec.data(), rec.size()); }
  // Writes key TAB value as one record.
  void write(std::string_view key, std::string_view value) {
    if (smstream_write_kv(s_, key.data(), key.size(), value.data(), value.size()) != 0) fail("write");
  }
  void flush() {
    if (smstream_flush(s_) != 0) fail("flush");
  }
  void close() {
    smstream *s = s_;
    s_ = nullptr;
    if (s && smstream_close(s) != 0) throw std::runtime_error(std::string("smstream close: ") + smstream_last_error());
  }
  bool shmInput() const { return smstream_is_shm(s_, 0); }
  bool shmOutput() const { return smstream_is_shm(s_, 1); }

 private:
  [[noreturn]] void fail(const char *what) {
    throw std::runtime_error(std::string("smstream ") + what + ": " + smstream_last_error());
  }
  smstream *s_;
};

#endif
