/* SPDX-License-Identifier: MIT */
#include "core/table.h"

#include <string.h>

uint64_t grundy__hash(const void *key, size_t len)
{
    const unsigned char *p = (const unsigned char *)key;
    uint64_t h = 0x9e3779b97f4a7c15ull ^ len;
    while (len >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = grundy__mix64(h ^ w);
        p += 8;
        len -= 8;
    }
    if (len > 0) {
        uint64_t w = 0;
        memcpy(&w, p, len);
        h = grundy__mix64(h ^ w ^ 0xff51afd7ed558ccdull);
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
    return grundy__slot_value(slot_at(t, i), t->key_size);
}

static void put_value(grundy__table *t, size_t i, uint32_t v)
{
    grundy__slot_set_value(slot_at(t, i), t->key_size, v);
}

/* grundy__hash of an eight-byte key, spelled out so that it inlines. */
static inline uint64_t word_hash(uint64_t w)
{
    return grundy__mix64(0x9e3779b97f4a7c15ull ^ 8 ^ w);
}

static inline size_t home(const grundy__table *t, const void *key)
{
    uint64_t h;
    if (t->key_size == 8) {
        uint64_t w;
        memcpy(&w, key, 8);
        h = word_hash(w);
    } else {
        h = grundy__hash(key, t->key_size);
    }
    return (size_t)h & (t->cap - 1);
}

/* 1 if a probe for w stops at this slot (it holds w, or is free), else 0;
 * bitwise, so that the four of a window compile without a branch. */
static inline unsigned stops_at(const unsigned char *slot, uint64_t w)
{
    uint64_t key;
    uint32_t v;
    memcpy(&key, slot, sizeof key);
    memcpy(&v, slot + 8, sizeof v);
    return (unsigned)(v == GRUNDY__EMPTY) | (unsigned)(key == w);
}

/* From slot i on, the slot holding the eight-byte key w, or the free slot
 * that ends its run.  Keys of the uint64_t games compare as one word, with
 * the slot size a constant: the loop their evaluation spends its time in.
 * Four slots are compared at once, without a branch between them, because
 * where a run ends cannot be predicted: a loop that stops at a different
 * slot every time is mispredicted about once per lookup, which costs more
 * than the compares. */
static inline size_t probe_word(const grundy__table *t, uint64_t w, size_t i)
{
    enum { STRIDE = 8 + sizeof(uint32_t), WINDOW = 4 };
    /* The first set bit of a 4-bit mask (4 for none). */
    static const unsigned char first[16] = {4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0};
    const size_t mask = t->cap - 1;
    if (i + WINDOW <= t->cap) {
        const unsigned char *s = t->slots + i * STRIDE;
        unsigned stop = stops_at(s, w) | stops_at(s + STRIDE, w) << 1 |
                        stops_at(s + 2 * STRIDE, w) << 2 | stops_at(s + 3 * STRIDE, w) << 3;
        if (stop != 0)
            return i + first[stop];
        i = (i + WINDOW) & mask;
    }
    for (;; i = (i + 1) & mask) {
        const unsigned char *slot = t->slots + i * STRIDE;
        uint32_t v;
        uint64_t k;
        memcpy(&v, slot + 8, sizeof v);
        memcpy(&k, slot, sizeof k);
        if (v == GRUNDY__EMPTY || k == w)
            return i;
    }
}

/* probe_word for keys of any size. */
static size_t probe_bytes(const grundy__table *t, const void *key, size_t i)
{
    while (value_at(t, i) != GRUNDY__EMPTY && memcmp(slot_at(t, i), key, t->key_size) != 0)
        i = (i + 1) & (t->cap - 1);
    return i;
}

/* The slot holding key, or the free slot where it would go (cap > 0). */
static inline size_t probe_from(const grundy__table *t, const void *key, size_t i)
{
    if (t->key_size == 8) {
        uint64_t w;
        memcpy(&w, key, 8);
        return probe_word(t, w, i);
    }
    return probe_bytes(t, key, i);
}

/* The slot holding key, or SIZE_MAX. */
static size_t lookup(const grundy__table *t, const void *key)
{
    if (t->cap == 0)
        return SIZE_MAX;
    size_t i = probe_from(t, key, home(t, key));
    return value_at(t, i) == GRUNDY__EMPTY ? SIZE_MAX : i;
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

static void copy_key(const grundy__table *t, unsigned char *slot, const void *key)
{
    if (t->key_size == 8)
        memcpy(slot, key, 8);
    else
        memcpy(slot, key, t->key_size);
}

/* Places key in the first free slot of its probe sequence (key absent, room known). */
static void place(grundy__table *t, const void *key, uint32_t v)
{
    size_t i = home(t, key);
    while (value_at(t, i) != GRUNDY__EMPTY)
        i = (i + 1) & (t->cap - 1);
    copy_key(t, slot_at(t, i), key);
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
    /* All ones: every value GRUNDY__EMPTY (UINT32_MAX), and every key byte
     * defined too, since probe_word compares a free slot's key before
     * knowing it is free. */
    memset(bigger.slots, 0xff, cap * t->stride);
    for (size_t i = 0; i < t->cap; i++) {
        if (value_at(t, i) != GRUNDY__EMPTY)
            place(&bigger, slot_at(t, i), value_at(t, i));
    }
    grundy__free(a, t->slots);
    *t = bigger;
    return GRUNDY_OK;
}

/* The first slots, if the table has none yet. */
static int open_slots(grundy__table *t, const grundy_allocator *a, size_t limit)
{
    return t->cap == 0 ? grow(t, a, limit) : GRUNDY_OK;
}

/* Enters key, absent and due at slot *i, with value v; grows first if one
 * more key would pass the load limit, and then finds the key's slot again. */
static int enter_at(grundy__table *t, const grundy_allocator *a, const void *key, size_t *i,
                    uint32_t v, size_t limit)
{
    if ((t->count + 1) * 4 > t->cap * 3) {
        int rc = grow(t, a, limit);
        if (rc != GRUNDY_OK)
            return rc;
        *i = probe_from(t, key, home(t, key));
    }
    copy_key(t, slot_at(t, *i), key);
    put_value(t, *i, v);
    t->count++;
    return GRUNDY_OK;
}

/* Looks key up from slot `from` on and enters it with value v if absent:
 * *i is then its slot, and *found its value before (GRUNDY__EMPTY: entered
 * now, or absent still if entering failed). */
static int find_or_enter(grundy__table *t, const grundy_allocator *a, const void *key,
                         size_t from, uint32_t v, size_t limit, size_t *i, uint32_t *found)
{
    *i = probe_from(t, key, from);
    *found = value_at(t, *i);
    return *found == GRUNDY__EMPTY ? enter_at(t, a, key, i, v, limit) : GRUNDY_OK;
}

int grundy__table_get_or_insert(grundy__table *t, const grundy_allocator *a, const void *key,
                                uint32_t v, size_t limit, uint32_t *found, size_t *slot)
{
    *found = GRUNDY__EMPTY;
    *slot = SIZE_MAX;
    int rc = open_slots(t, a, limit);
    size_t i;
    if (rc == GRUNDY_OK)
        rc = find_or_enter(t, a, key, home(t, key), v, limit, &i, found);
    if (rc == GRUNDY_OK)
        *slot = i;
    return rc;
}

/* Whether slot i (any number) holds key. */
static int holds(const grundy__table *t, size_t i, const void *key)
{
    if (i >= t->cap || value_at(t, i) == GRUNDY__EMPTY)
        return 0;
    const unsigned char *s = slot_at(t, i);
    return t->key_size == 8 ? memcmp(s, key, 8) == 0 : memcmp(s, key, t->key_size) == 0;
}

void grundy__table_set_at(grundy__table *t, const void *key, uint32_t v, size_t slot)
{
    if (holds(t, slot, key))
        put_value(t, slot, v);
    else
        grundy__table_set(t, key, v);
}

enum { AHEAD = 16 }; /* lookups a batch overlaps */

static void prefetch_slot(const grundy__table *t, size_t i)
{
#if defined(__GNUC__)
    __builtin_prefetch(slot_at(t, i) + t->key_size);
#else
    (void)t;
    (void)i;
#endif
}

static void put_record(unsigned char *rec, size_t key_size, uint32_t v, size_t slot)
{
    uint32_t hint = slot < GRUNDY__HINT_NONE ? (uint32_t)slot : GRUNDY__HINT_NONE;
    grundy__slot_set_value(rec, key_size, v);
    memcpy(rec + key_size + sizeof v, &hint, sizeof hint);
}

/* The home slots of AHEAD records are all requested before any is read.
 * The table grows only when a key it lacks needs the room, as one insert
 * at a time would, so a memory cap fails at the same key. */
int grundy__table_claim_all(grundy__table *t, const grundy_allocator *a, unsigned char *recs,
                            size_t n, size_t stride, uint32_t claim, size_t limit,
                            size_t *inserted)
{
    *inserted = 0;
    int rc = n > 0 ? open_slots(t, a, limit) : GRUNDY_OK;
    if (rc != GRUNDY_OK)
        return rc;
    size_t from[AHEAD];
    for (size_t done = 0; done < n; done += AHEAD) {
        unsigned char *batch = recs + done * stride;
        size_t m = n - done < (size_t)AHEAD ? n - done : (size_t)AHEAD;
        const size_t cap = t->cap; /* the table the home slots are of */
        for (size_t k = 0; k < m; k++) {
            from[k] = home(t, batch + k * stride);
            prefetch_slot(t, from[k]);
        }
        for (size_t k = 0; k < m; k++) {
            unsigned char *rec = batch + k * stride;
            if (t->cap != cap)
                from[k] = home(t, rec); /* grown by a key before it */
            size_t i;
            uint32_t v;
            rc = find_or_enter(t, a, rec, from[k], claim, limit, &i, &v);
            if (rc != GRUNDY_OK)
                return rc;
            if (v == GRUNDY__EMPTY) {
                v = claim;
                ++*inserted;
            }
            put_record(rec, t->key_size, v, i);
        }
    }
    return GRUNDY_OK;
}

uint32_t grundy__table_value_at(const grundy__table *t, const void *key, uint32_t hint,
                                size_t *slot)
{
    if (holds(t, hint, key)) {
        *slot = hint;
        return value_at(t, hint);
    }
    *slot = lookup(t, key);
    return *slot == SIZE_MAX ? GRUNDY__EMPTY : value_at(t, *slot);
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
