#include "table.h"

#include <string.h>

/* A strong 64-bit finaliser (splitmix64's): every input bit affects every
 * output bit, so the low bits used for the slot index are well mixed. */
static uint64_t mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    x ^= x >> 31;
    return x;
}

uint64_t grundy__hash(const void *key, size_t len)
{
    const unsigned char *p = key;
    uint64_t h = 0x9e3779b97f4a7c15ull ^ len;
    while (len >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = mix64(h ^ w);
        p += 8;
        len -= 8;
    }
    if (len > 0) {
        uint64_t w = 0;
        memcpy(&w, p, len);
        h = mix64(h ^ w ^ 0xff51afd7ed558ccdull);
    }
    return h;
}

void grundy__table_init(grundy__table *t, size_t key_size)
{
    memset(t, 0, sizeof *t);
    t->key_size = key_size;
}

void grundy__table_free(grundy__table *t, const grundy_allocator *a)
{
    grundy__free(a, t->keys);
    grundy__free(a, t->vals);
    t->keys = NULL;
    t->vals = NULL;
    t->cap = t->count = 0;
}

size_t grundy__table_bytes(size_t key_size, size_t cap)
{
    return cap * (key_size + sizeof(uint32_t));
}

static size_t home(const grundy__table *t, const void *key)
{
    return (size_t)grundy__hash(key, t->key_size) & (t->cap - 1);
}

static unsigned char *key_at(const grundy__table *t, size_t i)
{
    return t->keys + i * t->key_size;
}

uint32_t *grundy__table_find(const grundy__table *t, const void *key)
{
    if (t->cap == 0)
        return NULL;
    for (size_t i = home(t, key);; i = (i + 1) & (t->cap - 1)) {
        if (t->vals[i] == GRUNDY__EMPTY)
            return NULL;
        if (memcmp(key_at(t, i), key, t->key_size) == 0)
            return &t->vals[i];
    }
}

/* Places key in the first free slot of its probe sequence (key absent, room known). */
static void place(grundy__table *t, const void *key, uint32_t v)
{
    size_t i = home(t, key);
    while (t->vals[i] != GRUNDY__EMPTY)
        i = (i + 1) & (t->cap - 1);
    memcpy(key_at(t, i), key, t->key_size);
    t->vals[i] = v;
}

static int grow(grundy__table *t, const grundy_allocator *a, size_t limit)
{
    size_t cap = t->cap ? t->cap * 2 : 64;
    if (cap > SIZE_MAX / (t->key_size + sizeof(uint32_t)) || cap < t->cap)
        return GRUNDY_ELIMIT;
    /* Both the old and the new arrays are alive while rehashing. */
    if (limit != 0 && grundy__table_bytes(t->key_size, cap + t->cap) > limit)
        return GRUNDY_ELIMIT;
    grundy__table bigger = *t;
    bigger.cap = cap;
    bigger.keys = grundy__alloc_array(a, cap, t->key_size);
    bigger.vals = grundy__alloc_array(a, cap, sizeof *bigger.vals);
    if (bigger.keys == NULL || bigger.vals == NULL) {
        grundy__free(a, bigger.keys);
        grundy__free(a, bigger.vals);
        return GRUNDY_ENOMEM;
    }
    memset(bigger.vals, 0xff, cap * sizeof *bigger.vals); /* all GRUNDY__EMPTY */
    for (size_t i = 0; i < t->cap; i++) {
        if (t->vals[i] != GRUNDY__EMPTY)
            place(&bigger, key_at(t, i), t->vals[i]);
    }
    grundy__free(a, t->keys);
    grundy__free(a, t->vals);
    *t = bigger;
    return GRUNDY_OK;
}

int grundy__table_insert(grundy__table *t, const grundy_allocator *a, const void *key,
                         uint32_t v, size_t limit)
{
    if ((t->count + 1) * 4 > t->cap * 3) {
        int rc = grow(t, a, limit);
        if (rc != GRUNDY_OK)
            return rc;
    }
    place(t, key, v);
    t->count++;
    return GRUNDY_OK;
}

void grundy__table_remove(grundy__table *t, const void *key)
{
    uint32_t *slot = grundy__table_find(t, key);
    if (slot == NULL)
        return;
    size_t mask = t->cap - 1;
    size_t hole = (size_t)(slot - t->vals);
    /* Shift back every later entry of the run whose home is not between the
     * hole and itself, so that no probe sequence crosses an empty slot. */
    for (size_t j = (hole + 1) & mask; t->vals[j] != GRUNDY__EMPTY; j = (j + 1) & mask) {
        size_t h = home(t, key_at(t, j));
        int stays = hole < j ? (hole < h && h <= j) : (hole < h || h <= j);
        if (stays)
            continue;
        memcpy(key_at(t, hole), key_at(t, j), t->key_size);
        t->vals[hole] = t->vals[j];
        hole = j;
    }
    t->vals[hole] = GRUNDY__EMPTY;
    t->count--;
}
