/* trace.c: the operation trace (GxG_TRACE): one line per event on stderr, so a user can see which
 * backend ran each operation, why, and every host<->device transfer. */
#include "GG_internal.h"

#include <stdarg.h>
#include <stdio.h>

static _Atomic int trace_level;

bool GG_trace_on(void)
{
    return trace_level != 0;
}

void GG_trace_set(int level)
{
    trace_level = level;
}

void GG_trace(const char *fmt, ...)
{
    if (!GG_trace_on()) return;
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    fprintf(stderr, "[GraphBLAS_gpu] %s\n", line);
}
