/* SPDX-License-Identifier: MIT */
/* Version and status names: the library's only static data. */
#include "grundy.h"

#define STR2(x) #x
#define STR(x) STR2(x)

const char *grundy_version(void)
{
    return STR(GRUNDY_VERSION_MAJOR) "." STR(GRUNDY_VERSION_MINOR) "." STR(GRUNDY_VERSION_PATCH);
}

uint32_t grundy_version_number(void)
{
    return GRUNDY_VERSION_NUMBER;
}

const char *grundy_strerror(int status)
{
    switch (status) {
    case GRUNDY_OK: return "success";
    case GRUNDY_ENOMEM: return "out of memory";
    case GRUNDY_EINVAL: return "invalid argument";
    case GRUNDY_ECYCLE: return "the game graph has a cycle";
    case GRUNDY_EPARSE: return "parse error";
    case GRUNDY_ERANGE: return "value out of range";
    case GRUNDY_ELIMIT: return "size limit exceeded";
    case GRUNDY_ESTATE: return "operation not valid in the current state";
    case GRUNDY_ECANCELED: return "canceled";
    case GRUNDY_ENOTSUP: return "not supported for this kind of game";
    default: return "unknown status";
    }
}
