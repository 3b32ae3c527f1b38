/* Misère quotients: saving a computation and resuming it. */
#include "quotient/quotient.h"

int grundy_quotient_save(grundy_quotient *q, const char *path)
{
    (void)path;
    return q == NULL ? GRUNDY_EINVAL : GRUNDY_ENOTSUP;
}

int grundy_quotient_resume(grundy_quotient *q, const char *path)
{
    (void)path;
    return q == NULL ? GRUNDY_EINVAL : GRUNDY_ENOTSUP;
}
