/* The `grundy` command-line tool: shared helpers and one entry per command. */
#ifndef GRUNDY_CLI_H
#define GRUNDY_CLI_H

#include <stdint.h>

#include "grundy.h"

/* Exit statuses, as DESIGN.md fixes them. */
#define CLI_EXIT_OK 0
#define CLI_EXIT_ERROR 2

/* Prints "grundy: <message>" on standard error and returns CLI_EXIT_ERROR. */
int cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Parses a whole decimal argument into *out; 0 on success, -1 otherwise. */
int cli_parse_u64(const char *s, uint64_t *out);

int cli_nim(int argc, char **argv);
int cli_graph(int argc, char **argv);
int cli_values(int argc, char **argv);
int cli_period(int argc, char **argv);

#endif
