/* Identity through the C API alone (the C++ examples wrap it): every input record to the output.
 * A test program of the C client; usage: identity_c */
#include <stdio.h>
#include "smstream.h"

int main(void) {
  smstream *s = smstream_open_env();
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
