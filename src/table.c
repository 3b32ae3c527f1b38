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
    const unsigned char *p = (const unsigned char *)key;
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
    t->stride = key_size + sizeof(uint32_t);
}

void grundy__table_free(grundy__table *t, const grundy_allocator *a)
{
    grundy__free(a, t->slots);
    t->slots = NULL;
    t->cap = t->count = 0;
}

size_t grundy__table_bytes(size_t key_size, size_t cap)
{
    return cap * (key_size + sizeof(uint32_t));
}

static unsigned char *slot_at(const grundy__table *t, size_t i)
{
    return t->slots + i * t->stride;
}

static uint32_t value_at(const grundy__table *t, size_t i)
{
    uint32_t v;
    memcpy(&v, slot_at(t, i) + t->key_size, sizeof v);
    return v;
}

static void put_value(grundy__table *t, size_t i, uint32_t v)
{
    memcpy(slot_at(t, i) + t->key_size, &v, sizeof v);
}

static size_t home(const grundy__table *t, const void *key)
{
    return (size_t)grundy__hash(key, t->key_size) & (t->cap - 1);
}

/* Eight-byte keys (the uint64_t games) compare as one word. */
static int same_key(const grundy__table *t, const unsigned char *slot, const void *key)
{
    if (t->key_size == 8) {
        uint64_t a, b;
        memcpy(&a, slot, 8);
        memcpy(&b, key, 8);
        return a == b;
    }
    return memcmp(slot, key, t->key_size) == 0;
}

/* The slot holding key, or SIZE_MAX. */
static size_t lookup(const grundy__table *t, const void *key)
{
    if (t->cap == 0)
        return SIZE_MAX;
    for (size_t i = home(t, key);; i = (i + 1) & (t->cap - 1)) {
        if (value_at(t, i) == GRUNDY__EMPTY)
            return SIZE_MAX;
        if (same_key(t, slot_at(t, i), key))
            return i;
    }
}

uint32_t grundy__table_get(const grundy__table *t, const void *key)
{
    size_t i = lookup(t, key);
    return i == SIZE_MAX ? GRUNDY__EMPTY : value_at(t, i);
}

void grundy__table_set(grundy__table *t, const void *key, uint32_t v)
{
    size_t i = lookup(t, key);
    if (i != SIZE_MAX)
        put_value(t, i, v);
}

/* Places key in the first free slot of its probe sequence (key absent, room known). */
static void place(grundy__table *t, const void *key, uint32_t v)
{
    size_t i = home(t, key);
    while (value_at(t, i) != GRUNDY__EMPTY)
        i = (i + 1) & (t->cap - 1);
    memcpy(slot_at(t, i), key, t->key_size);
    put_value(t, i, v);
}

static int grow(grundy__table *t, const grundy_allocator *a, size_t limit)
{
    size_t cap = t->cap ? t->cap * 2 : 64;
    if (cap > SIZE_MAX / t->stride || cap < t->cap)
        return GRUNDY_ELIMIT;
    /* Both the old and the new arrays are alive while rehashing. */
    if (limit != 0 && grundy__table_bytes(t->key_size, cap + t->cap) > limit)
        return GRUNDY_ELIMIT;
    grundy__table bigger = *t;
    bigger.cap = cap;
    bigger.slots = (unsigned char *)grundy__alloc_array(a, cap, t->stride);
    if (bigger.slots == NULL)
        return GRUNDY_ENOMEM;
    for (size_t i = 0; i < cap; i++)
        put_value(&bigger, i, GRUNDY__EMPTY);
    for (size_t i = 0; i < t->cap; i++) {
        if (value_at(t, i) != GRUNDY__EMPTY)
            place(&bigger, slot_at(t, i), value_at(t, i));
    }
    grundy__free(a, t->slots);
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
    size_t hole = lookup(t, key);
    if (hole == SIZE_MAX)
        return;
    size_t mask = t->cap - 1;
    /* Shift back every later entry of the run whose home is not between the
     * hole and itself, so that no probe sequence crosses an empty slot. */
    for (size_t j = (hole + 1) & mask; value_at(t, j) != GRUNDY__EMPTY; j = (j + 1) & mask) {
        size_t h = home(t, slot_at(t, j));
        int stays = hole < j ? (hole < h && h <= j) : (hole < h || h <= j);
        if (stays)
            continue;
        memcpy(slot_at(t, hole), slot_at(t, j), t->stride);
        hole = j;
    }
    put_value(t, hole, GRUNDY__EMPTY);
    t->count--;
}
