/* SPDX-License-Identifier: MIT */
/* The one hash table: fixed-size byte-string keys mapped to 32-bit values.
 *
 * Open addressing with linear probing, keys stored inline beside their
 * values (no pointer per entry, no allocation per insert), capacity a power
 * of two kept at most 3/4 full.  A probe sequence touches consecutive memory, which is what makes
 * memo lookups cheap; deletion shifts later entries back so no tombstones
 * are needed.  Two value codes are reserved: GRUNDY__EMPTY marks a free slot
 * and callers may use GRUNDY__BUSY as "being computed". */
#ifndef GRUNDY_TABLE_H
#define GRUNDY_TABLE_H

#include <string.h>

#include "core/alloc.h"

#define GRUNDY__EMPTY UINT32_MAX
#define GRUNDY__BUSY (UINT32_MAX - 1)

/* A slot is the key followed by its value, so a probe touches one place. */
typedef struct grundy__table {
    unsigned char *slots; /* cap slots of key_size + 4 bytes */
    size_t key_size;
    size_t stride;        /* key_size + 4 */
    size_t cap;           /* 0 or a power of two */
    size_t count;
} grundy__table;

/* The value of a slot, or of any record laid out like one (the key's
 * key_size bytes, then the value), and setting it. */
static inline uint32_t grundy__slot_value(const unsigned char *slot, size_t key_size)
{
    uint32_t v;
    memcpy(&v, slot + key_size, sizeof v);
    return v;
}

static inline void grundy__slot_set_value(unsigned char *slot, size_t key_size, uint32_t v)
{
    memcpy(slot + key_size, &v, sizeof v);
}

void grundy__table_init(grundy__table *t, size_t key_size);
void grundy__table_free(grundy__table *t, const grundy_allocator *a);

/* The memory the table would hold at capacity cap. */
size_t grundy__table_bytes(size_t key_size, size_t cap);

/* The value of key, or GRUNDY__EMPTY if absent. */
uint32_t grundy__table_get(const grundy__table *t, const void *key);

/* Sets the value of key, which is present. */
void grundy__table_set(grundy__table *t, const void *key, uint32_t v);

/* One probe for "look it up, and claim it if absent": the value of key, or
 * GRUNDY__EMPTY when key was absent and now maps to v; and the slot key is
 * in (a hint for grundy__table_set_at).  Grows when key needs the room (the
 * table is kept at most 3/4 full), but not past `limit` bytes (0: no
 * limit); on failure (GRUNDY_ELIMIT, GRUNDY_ENOMEM) key stays absent. */
int grundy__table_get_or_insert(grundy__table *t, const grundy_allocator *a, const void *key,
                                uint32_t v, size_t limit, uint32_t *found, size_t *slot);

/* grundy__table_set, told the slot key was in: right unless the table has
 * grown or lost a key since, and then a lookup finds it. */
void grundy__table_set_at(grundy__table *t, const void *key, uint32_t v, size_t slot);

/* The record a batch claim works on: the key's key_size bytes, its 32-bit
 * value (as a slot's), then a 32-bit slot hint. */
#define GRUNDY__HINT_NONE UINT32_MAX

static inline uint32_t grundy__record_hint(const unsigned char *rec, size_t key_size)
{
    uint32_t h;
    memcpy(&h, rec + key_size + sizeof(uint32_t), sizeof h);
    return h;
}

/* Looks up the keys of n records (`stride` bytes apart), inserting each one
 * absent with value `claim`; writes into each record the key's value (claim
 * for those it inserted) and its slot, as a hint for grundy__table_value_at,
 * and counts the keys it inserted in *inserted.  The lookups overlap their
 * cache misses, which one at a time cannot.  Grows as get_or_insert does,
 * when a key needs the room; on failure (GRUNDY_ELIMIT, GRUNDY_ENOMEM) the records
 * before the one that failed keep their claims, the others are untouched. */
int grundy__table_claim_all(grundy__table *t, const grundy_allocator *a, unsigned char *recs,
                            size_t n, size_t stride, uint32_t claim, size_t limit,
                            size_t *inserted);

/* The value of key (GRUNDY__EMPTY if absent) and the slot it is in, looked
 * for first in slot `hint`: right unless the table has grown or lost a key
 * since the hint was given, and then a lookup finds it. */
uint32_t grundy__table_value_at(const grundy__table *t, const void *key, uint32_t hint,
                                size_t *slot);

/* Removes key if present. */
void grundy__table_remove(grundy__table *t, const void *key);

/* A strong 64-bit finaliser (splitmix64's): every input bit affects every
 * output bit, so the low bits used for a slot index are well mixed. */
static inline uint64_t grundy__mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    x ^= x >> 31;
    return x;
}

/* 64-bit hash of a byte string. */
uint64_t grundy__hash(const void *key, size_t len);

#endif
