/* SPDX-License-Identifier: MIT */
/* Fuzz target: grundy_quotient_resume on arbitrary bytes.
 *
 * Input: one control byte (which game: Kayles 0.77, 0.15 or Dawson's
 * Kayles 0.07, and how far the handle was computed before), then the file.
 * Checks:
 * - the status is OK, EPARSE, EINVAL, ELIMIT or ENOMEM, with a message on
 *   failure;
 * - a failure leaves the handle as it was (heaps, order, P, Φ);
 * - a success is a verified quotient: it is the one a fresh computation of
 *   as many heaps gives (the numbering is canonical), so every Φ, product
 *   and P-membership agrees;
 * - saving the loaded state and resuming it again gives it back;
 * - with the counting allocator, nothing leaks. */
#include <unistd.h>

#include "fuzz_common.h"

static const char *const games[3] = {"0.77", "0.15", "0.07"};

static grundy_quotient *quotient(const char *name, uint64_t heaps, grundy_allocator *a)
{
    grundy_heap_game *g = NULL;
    grundy_quotient *q = NULL;
    FUZZ_CHECK(grundy_heap_game_new(&g, NULL) == GRUNDY_OK, "heap game");
    FUZZ_CHECK(grundy_heap_game_parse(g, name, strlen(name)) == GRUNDY_OK, "%s", name);
    FUZZ_CHECK(grundy_quotient_new(&q, g, a) == GRUNDY_OK, "quotient of %s", name);
    grundy_heap_game_free(g);
    if (heaps > 0)
        FUZZ_CHECK(grundy_quotient_compute(q, heaps - 1) == GRUNDY_OK, "%s: %s", name,
                   grundy_quotient_errmsg(q));
    return q;
}

/* Whether x and y are the same quotient, element by element. */
static int same(grundy_quotient *x, grundy_quotient *y)
{
    uint32_t n = grundy_quotient_order(x);
    if (grundy_quotient_heaps(x) != grundy_quotient_heaps(y) || n != grundy_quotient_order(y) ||
        grundy_quotient_p_size(x) != grundy_quotient_p_size(y))
        return 0;
    for (uint64_t h = 0; h < grundy_quotient_heaps(x); h++) {
        uint32_t a = 0, b = 1;
        grundy_quotient_phi(x, h, &a);
        grundy_quotient_phi(y, h, &b);
        if (a != b)
            return 0;
    }
    for (uint32_t e = 0; e < n; e++) {
        if (grundy_quotient_is_p(x, e) != grundy_quotient_is_p(y, e))
            return 0;
        for (uint32_t f = 0; f < n; f++) {
            uint32_t a = 0, b = 1;
            grundy_quotient_multiply(x, e, f, &a);
            grundy_quotient_multiply(y, e, f, &b);
            if (a != b)
                return 0;
        }
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const char *name = games[data[0] % 3];
    uint64_t before = 1 + (uint64_t)(data[0] / 3 % 16);
    char path[64];
    snprintf(path, sizeof path, "/tmp/fuzz_quotient_%ld.txt", (long)getpid());
    FILE *f = fopen(path, "wb");
    FUZZ_CHECK(f != NULL, "cannot write %s", path);
    FUZZ_CHECK(fwrite(data + 1, 1, size - 1, f) == size - 1, "short write");
    fclose(f);

    fuzz_alloc counting;
    memset(&counting, 0, sizeof counting);
    counting.limit = (size_t)1 << 28;
    grundy_allocator a = fuzz_allocator(&counting);
    grundy_quotient *q = quotient(name, before, &a);
    grundy_quotient *was = quotient(name, before, NULL);
    int rc = grundy_quotient_resume(q, path);
    FUZZ_CHECK(rc == GRUNDY_OK || rc == GRUNDY_EPARSE || rc == GRUNDY_EINVAL ||
                   rc == GRUNDY_ELIMIT || rc == GRUNDY_ENOMEM,
               "resume returned %d", rc);
    if (rc != GRUNDY_OK) {
        FUZZ_CHECK(grundy_quotient_errmsg(q)[0] != '\0', "no message for %d", rc);
        FUZZ_CHECK(same(q, was), "a failed resume (%d) changed the quotient", rc);
    } else {
        grundy_quotient *fresh = quotient(name, grundy_quotient_heaps(q), NULL);
        FUZZ_CHECK(same(q, fresh), "the loaded quotient is not the game's (%llu heaps)",
                   (unsigned long long)grundy_quotient_heaps(q));
        FUZZ_CHECK(grundy_quotient_save(q, path) == GRUNDY_OK, "save: %s",
                   grundy_quotient_errmsg(q));
        FUZZ_CHECK(grundy_quotient_resume(was, path) == GRUNDY_OK, "resume of a saved state: %s",
                   grundy_quotient_errmsg(was));
        FUZZ_CHECK(same(was, fresh), "a saved state came back changed");
        grundy_quotient_free(fresh);
    }
    remove(path);
    grundy_quotient_free(q);
    grundy_quotient_free(was);
    fuzz_alloc_check_empty(&counting, "resume");
    return 0;
}
