/* SPDX-License-Identifier: MIT */
/* The little of threads the library uses: run one function on a second
 * thread and join it, and acquire/release access to counters shared with
 * it.  Where POSIX threads or GNU atomics are missing, before C11 (whose
 * timespec_get times the second thread; C99 has no clock of the wall that
 * is not POSIX's), or with GRUNDY_NO_THREADS defined, GRUNDY__THREADS is 0,
 * grundy__thread_start fails, and callers compute on one thread. */
#ifndef GRUNDY_THREADS_H
#define GRUNDY_THREADS_H

#include <stddef.h>
#include <stdint.h>

#if !defined(GRUNDY_NO_THREADS) && defined(__GNUC__) && \
    (defined(__unix__) || defined(__APPLE__)) && \
    (defined(__cplusplus) || (defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L))
#define GRUNDY__THREADS 1
#include <pthread.h>
#include <sched.h>
#include <time.h>
#else
#define GRUNDY__THREADS 0
#endif

/* A second thread that runs jobs one at a time and sleeps between them.
 * Kept for a whole computation rather than started per job: a new thread
 * begins on its creator's processor, and the system may take milliseconds
 * to move it to a free one; a worker that slept there wakes there. */
typedef struct grundy__worker {
#if GRUNDY__THREADS
    pthread_t id;
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
#endif
    void *(*fn)(void *);
    void *arg;
    uint64_t posted, finished; /* jobs, under lock */
    int quit;
    int running;
    unsigned long spins; /* looks for the next job before sleeping */
    int awake;           /* the thread has run, under lock */
} grundy__worker;

/* Starts the worker.  Returns 0, or -1 if no thread could be started (the
 * caller then does the work itself). */
int grundy__worker_start(grundy__worker *w);

/* Starts the worker without waiting for its thread to run: on a busy
 * machine that may take milliseconds, and jobs posted meanwhile just wait.
 * The worker looks `spins` times for its next job, then sleeps until one
 * is posted.  Returns 0, or -1 if no thread could be started. */
int grundy__worker_launch(grundy__worker *w, unsigned long spins);

/* Runs fn(arg) on the worker; grundy__worker_wait waits for it to end. */
void grundy__worker_post(grundy__worker *w, void *(*fn)(void *), void *arg);
void grundy__worker_wait(grundy__worker *w);

/* Ends the worker's thread (after its job), if it runs. */
void grundy__worker_stop(grundy__worker *w);

/* Gives the processor to another thread (a thread just started may be
 * queued behind the caller on its processor). */
void grundy__thread_yield(void);

/* Seconds on the system clock (0 where there is none), to see whether a
 * second thread pays. */
double grundy__seconds(void);

/* Tells the processor that the caller is spinning on a shared variable
 * (x86's pause), so that a spin costs less power and leaves the core's
 * other hardware thread its share. */
static inline void grundy__cpu_relax(void)
{
#if GRUNDY__THREADS && (defined(__x86_64__) || defined(__i386__))
    __builtin_ia32_pause();
#elif GRUNDY__THREADS && defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* *p += x, returning the old value (acquire and release). */
static inline uint64_t grundy__fetch_add(uint64_t *p, uint64_t x)
{
#if GRUNDY__THREADS
    return __atomic_fetch_add(p, x, __ATOMIC_ACQ_REL);
#else
    uint64_t old = *p;
    *p = old + x;
    return old;
#endif
}

/* If *p is `expected`, makes it `desired` and returns 1; else 0 (acquire
 * and release). */
static inline int grundy__compare_swap(uint64_t *p, uint64_t expected, uint64_t desired)
{
#if GRUNDY__THREADS
    return __atomic_compare_exchange_n(p, &expected, desired, 0, __ATOMIC_ACQ_REL,
                                       __ATOMIC_ACQUIRE);
#else
    if (*p != expected)
        return 0;
    *p = desired;
    return 1;
#endif
}

static inline uint64_t grundy__load_acquire(const uint64_t *p)
{
#if GRUNDY__THREADS
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
#else
    return *p;
#endif
}

static inline void grundy__store_release(uint64_t *p, uint64_t x)
{
#if GRUNDY__THREADS
    __atomic_store_n(p, x, __ATOMIC_RELEASE);
#else
    *p = x;
#endif
}

#endif
