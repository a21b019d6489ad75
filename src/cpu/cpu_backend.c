/* cpu_backend.c: (in progress) */
#include "GG_internal.h"
