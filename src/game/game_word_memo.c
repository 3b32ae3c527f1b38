/* SPDX-License-Identifier: MIT */
/* The memos of the word engine (game_word.h): a word table or a dense
 * array per play, the side table of large numbers, and their memory. */
#include <string.h>

#include "game/game.h"

grundy__word_memo *grundy__word_memo_of(grundy_game *g, int play)
{
    return &g->words[grundy__game_memo_index(play)];
}

/* The bytes a block replacing one of `held` bytes may take, old and new
 * together, within the game's cap, the game holding `used` bytes in all (0:
 * no cap; 1 when nothing is left). */
static size_t room_within(const grundy_game *g, size_t used, size_t held)
{
    if (g->limit == 0)
        return 0;
    size_t others = used - held;
    return others < g->limit ? g->limit - others : 1;
}

static size_t room_beside(const grundy_game *g, size_t held)
{
    return room_within(g, grundy__game_used_bytes(g), held);
}

static int open_dense(grundy_game *g, grundy__word_memo *m)
{
    size_t room = room_beside(g, 0);
    if (room != 0 && g->bound > room)
        return grundy__game_memo_full(g, GRUNDY_ELIMIT);
    m->dense = (unsigned char *)grundy__alloc_array(&g->alloc, (size_t)g->bound, 1);
    if (m->dense == NULL)
        return GRUNDY_ENOMEM;
    memset(m->dense, GRUNDY__CODE_EMPTY, (size_t)g->bound);
    return GRUNDY_OK;
}

int grundy__word_memo_ready(grundy_game *g, grundy__word_memo *m, size_t need)
{
    if (g->bound != 0)
        return m->dense != NULL ? GRUNDY_OK : open_dense(g, m);
    grundy__wtable *t = &m->table;
    if (t->nb != 0 && need <= grundy__wtable_room(t) - t->used && !t->long_probe)
        return GRUNDY_OK;
    size_t keys = t->used - t->removed, nb = t->nb == 0 ? 16 : t->nb;
    while (nb * GRUNDY__WTABLE_FULL - keys < need && nb <= UINT32_MAX)
        nb += nb / 2;
    int strong = t->strong || t->long_probe;
    size_t room = room_beside(g, grundy__wtable_bytes(t));
    int rc = grundy__wtable_rebuild(t, &g->alloc, nb, strong, room);
    if (rc == GRUNDY_OK)
        g->rebuilds++;
    return grundy__game_memo_full(g, rc);
}

uint32_t grundy__word_memo_number(const grundy__word_memo *m, uint64_t pos, unsigned code)
{
    if (code <= GRUNDY__CODE_MAX)
        return code;
    return grundy__game_number_of(grundy__table_get(&m->big, &pos));
}

int grundy__word_memo_store(grundy_game *g, grundy__word_memo *m, uint64_t pos, size_t ref,
                            uint32_t number, size_t used)
{
    uint32_t found;
    size_t slot;
    size_t held = grundy__table_bytes(8, m->big.cap);
    int rc = grundy__table_get_or_insert(&m->big, &g->alloc, &pos, grundy__game_stored(number),
                                         room_within(g, used, held), &found, &slot);
    if (rc != GRUNDY_OK)
        return rc;
    grundy__word_memo_set(m, ref, GRUNDY__CODE_BIG);
    return GRUNDY_OK;
}

void grundy__word_memo_forget(grundy_game *g, grundy__word_memo *m, size_t ref)
{
    (void)g;
    if (m->dense != NULL) {
        m->dense[ref] = GRUNDY__CODE_EMPTY;
        m->dense_count--;
    } else {
        grundy__wtable_remove(&m->table, ref);
    }
}

size_t grundy__word_memo_count(const grundy_game *g)
{
    size_t n = 0;
    for (int p = 0; p < GRUNDY__GAME_MEMOS; p++) {
        const grundy__word_memo *m = &g->words[p];
        n += m->dense != NULL ? m->dense_count : m->table.used - m->table.removed;
    }
    return n;
}

size_t grundy__word_memo_bytes(const grundy_game *g)
{
    size_t bytes = 0;
    for (int p = 0; p < GRUNDY__GAME_MEMOS; p++) {
        const grundy__word_memo *m = &g->words[p];
        bytes += grundy__wtable_bytes(&m->table) + grundy__table_bytes(8, m->big.cap);
        if (m->dense != NULL)
            bytes += (size_t)g->bound;
    }
    return bytes;
}

void grundy__word_memo_free(grundy_game *g)
{
    for (int p = 0; p < GRUNDY__GAME_MEMOS; p++) {
        grundy__word_memo *m = &g->words[p];
        grundy__wtable_free(&m->table, &g->alloc);
        grundy__table_free(&m->big, &g->alloc);
        grundy__free(&g->alloc, m->dense);
        m->dense = NULL;
        m->dense_count = 0;
    }
}
