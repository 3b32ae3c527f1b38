/* SPDX-License-Identifier: MIT */
/* Threads: POSIX where available, else none. */
#include "core/threads.h"

#if GRUNDY__THREADS
#define WORKER_SPINS (1ul << 23) /* some milliseconds of looking for the next job */

static void *worker_main(void *arg)
{
    grundy__worker *w = (grundy__worker *)arg;
    pthread_mutex_lock(&w->lock);
    w->awake = 1;
    pthread_cond_signal(&w->done);
    for (;;) {
        /* Jobs come in runs: look for the next one for a while before
         * sleeping, as a thread that sleeps may wake on the processor of
         * the thread that wakes it and have to be moved again. */
        pthread_mutex_unlock(&w->lock);
        for (unsigned long i = 0;
             i < w->spins && __atomic_load_n(&w->posted, __ATOMIC_ACQUIRE) == w->finished;
             i++)
            ;
        pthread_mutex_lock(&w->lock);
        while (w->posted == w->finished && !w->quit)
            pthread_cond_wait(&w->wake, &w->lock);
        if (w->posted == w->finished)
            break; /* quit, nothing left to do */
        pthread_mutex_unlock(&w->lock);
        w->fn(w->arg);
        pthread_mutex_lock(&w->lock);
        w->finished++;
        pthread_cond_signal(&w->done);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

/* Everything but the thread: its lock, conditions and counters. */
static int worker_create(grundy__worker *w, unsigned long spins)
{
    w->posted = w->finished = 0;
    w->quit = 0;
    w->running = 0;
    w->awake = 0;
    w->spins = spins;
    if (pthread_mutex_init(&w->lock, NULL) != 0)
        return -1;
    if (pthread_cond_init(&w->wake, NULL) != 0) {
        pthread_mutex_destroy(&w->lock);
        return -1;
    }
    if (pthread_cond_init(&w->done, NULL) != 0) {
        pthread_cond_destroy(&w->wake);
        pthread_mutex_destroy(&w->lock);
        return -1;
    }
    if (pthread_create(&w->id, NULL, worker_main, w) != 0) {
        pthread_cond_destroy(&w->done);
        pthread_cond_destroy(&w->wake);
        pthread_mutex_destroy(&w->lock);
        return -1;
    }
    w->running = 1;
    return 0;
}

int grundy__worker_start(grundy__worker *w)
{
    if (worker_create(w, WORKER_SPINS) != 0)
        return -1;
    /* Sleep (not spin) until the new thread runs: it starts on this
     * processor, and the caller, waking up, is then placed on a free one. */
    pthread_mutex_lock(&w->lock);
    while (!w->awake)
        pthread_cond_wait(&w->done, &w->lock);
    pthread_mutex_unlock(&w->lock);
    return 0;
}

int grundy__worker_launch(grundy__worker *w, unsigned long spins)
{
    return worker_create(w, spins);
}

void grundy__worker_post(grundy__worker *w, void *(*fn)(void *), void *arg)
{
    pthread_mutex_lock(&w->lock);
    w->fn = fn;
    w->arg = arg;
    __atomic_store_n(&w->posted, w->posted + 1, __ATOMIC_RELEASE);
    pthread_cond_signal(&w->wake);
    pthread_mutex_unlock(&w->lock);
}

void grundy__worker_wait(grundy__worker *w)
{
    pthread_mutex_lock(&w->lock);
    while (w->finished != w->posted)
        pthread_cond_wait(&w->done, &w->lock);
    pthread_mutex_unlock(&w->lock);
}

void grundy__worker_stop(grundy__worker *w)
{
    if (!w->running)
        return;
    pthread_mutex_lock(&w->lock);
    w->quit = 1;
    pthread_cond_signal(&w->wake);
    pthread_mutex_unlock(&w->lock);
    pthread_join(w->id, NULL);
    pthread_cond_destroy(&w->done);
    pthread_cond_destroy(&w->wake);
    pthread_mutex_destroy(&w->lock);
    w->running = 0;
}

void grundy__thread_yield(void)
{
    sched_yield();
}

double grundy__seconds(void)
{
    /* C11's clock: a jump of the wall clock costs one wrong choice at most. */
    /* Zeroed first: MemorySanitizer does not know that timespec_get writes it. */
    struct timespec t = {0, 0};
    if (timespec_get(&t, TIME_UTC) != TIME_UTC)
        return 0.0;
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

#else
int grundy__worker_start(grundy__worker *w)
{
    w->running = 0;
    return -1;
}

int grundy__worker_launch(grundy__worker *w, unsigned long spins)
{
    (void)spins;
    return grundy__worker_start(w);
}

void grundy__worker_post(grundy__worker *w, void *(*fn)(void *), void *arg)
{
    (void)w;
    fn(arg); /* never reached: no worker starts without threads */
}

void grundy__worker_wait(grundy__worker *w)
{
    (void)w;
}

void grundy__worker_stop(grundy__worker *w)
{
    w->running = 0;
}

void grundy__thread_yield(void)
{
}

double grundy__seconds(void)
{
    return 0.0;
}
#endif
