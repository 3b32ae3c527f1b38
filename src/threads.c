/* Threads: POSIX where available, else none. */
#include "threads.h"

#if GRUNDY__THREADS
int grundy__thread_start(grundy__thread *t, void *(*fn)(void *), void *arg)
{
    t->running = pthread_create(&t->id, NULL, fn, arg) == 0;
    return t->running ? 0 : -1;
}

void grundy__thread_join(grundy__thread *t)
{
    if (t->running)
        pthread_join(t->id, NULL);
    t->running = 0;
}

void grundy__thread_yield(void)
{
    sched_yield();
}

double grundy__seconds(void)
{
    /* C11's clock: a jump of the wall clock costs one wrong choice at most. */
    struct timespec t;
    if (timespec_get(&t, TIME_UTC) != TIME_UTC)
        return 0.0;
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

#else
int grundy__thread_start(grundy__thread *t, void *(*fn)(void *), void *arg)
{
    (void)fn;
    (void)arg;
    t->running = 0;
    return -1;
}

void grundy__thread_join(grundy__thread *t)
{
    t->running = 0;
}

void grundy__thread_yield(void)
{
}

double grundy__seconds(void)
{
    return 0.0;
}
#endif
