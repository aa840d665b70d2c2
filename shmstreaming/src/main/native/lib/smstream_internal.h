/* Internal helpers shared by the ring and the channel; not part of the client API. */
#ifndef SMSTREAM_INTERNAL_H
#define SMSTREAM_INTERNAL_H
#include <stdatomic.h>
#include "smstream.h"

void sms_set_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void sms_wake_if_waiting(_Atomic uint32_t *word);
/* smstream_ring_attach, storing consumer_closed (if not 0) before the attached flag. */
int sms_ring_attach(smstream_ring *r, const char *path, uint32_t consumer_closed);
/* Unmaps a segment mapped by attach or create (with its guard pages). */
void sms_unmap_segment(void *base, size_t size);
int sms_ring_write_parts(smstream_ring *r, const void *const *parts, const size_t *lens, int n);
#endif
