/* Identity through the C API alone (the C++ examples wrap it): every input record to the output.
 * A test program of the C client; usage: identity_c [close-stdin-first|close-stdin-later]
 * (closes fd 0 before or after opening the channel). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "smstream.h"

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  if (strcmp(mode, "close-stdin-first") == 0) close(0);
  smstream *s = smstream_open_env();
  if (s && strcmp(mode, "close-stdin-later") == 0) close(0);
  if (!s) {
    fprintf(stderr, "identity_c: %s\n", smstream_last_error());
    return 2;
  }
  const char *rec;
  size_t len;
  int rc;
  while ((rc = smstream_read(s, &rec, &len)) > 0) {
    if (smstream_write(s, rec, len) != 0) {
      fprintf(stderr, "identity_c: %s\n", smstream_last_error());
      smstream_abort(s);
      return 1;
    }
  }
  if (rc < 0) {
    fprintf(stderr, "identity_c: %s\n", smstream_last_error());
    smstream_abort(s);
    return 1;
  }
  return smstream_close(s) == 0 ? 0 : 1;
}
