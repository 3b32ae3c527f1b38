/* SPDX-License-Identifier: MIT */
#include "core/mex.h"

int grundy__mex_init(grundy__mex *m, const grundy_allocator *a, size_t bound)
{
    m->stamp = (uint32_t *)grundy__calloc_array(a, bound, sizeof *m->stamp);
    m->bound = bound;
    m->gen = 0;
    return m->stamp ? GRUNDY_OK : GRUNDY_ENOMEM;
}

void grundy__mex_free(grundy__mex *m, const grundy_allocator *a)
{
    grundy__free(a, m->stamp);
    m->stamp = NULL;
    m->bound = 0;
}
