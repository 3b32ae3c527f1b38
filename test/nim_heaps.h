/* SPDX-License-Identifier: MIT */
/* Nim heaps as graph nodes, the known values several tests start from. */
#ifndef GRUNDY_TEST_NIM_HEAPS_H
#define GRUNDY_TEST_NIM_HEAPS_H

#include "grundy.h"

/* Makes nodes 0 .. heaps-1 of g (already added) Nim heaps: k -> every
 * j < k.  Returns the first failing status, or GRUNDY_OK. */
static inline int add_nim_heaps(grundy_graph *g, uint32_t heaps)
{
    for (uint32_t k = 1; k < heaps; k++)
        for (uint32_t j = 0; j < k; j++) {
            int rc = grundy_graph_add_move(g, k, j);
            if (rc != GRUNDY_OK)
                return rc;
        }
    return GRUNDY_OK;
}

#endif
